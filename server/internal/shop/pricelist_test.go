package shop

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestCompanyPriceCases: testdata/tax_cases.json's companyLines, computed
// by hand and read by the client's money.test.ts too: a company's price
// list with volume tiers (PriceList's rule), the tax on the discounted
// line, and GET /prices' entry for the product.
func TestCompanyPriceCases(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/tax_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		CompanyLines []struct {
			About     string       `json:"about"`
			ProductID string       `json:"productId"`
			Price     Cents        `json:"price"`
			Category  string       `json:"category"`
			Tiers     []Tier       `json:"tiers"`
			PriceList *PriceList   `json:"priceList"`
			Quantity  int64        `json:"quantity"`
			TaxRate   Cents        `json:"taxRate"`
			UnitCents int64        `json:"unitCents"`
			LineCents int64        `json:"lineCents"`
			TaxCents  int64        `json:"taxCents"`
			Prices    ProductPrice `json:"prices"`
		} `json:"companyLines"`
	}
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.CompanyLines) < 6 {
		t.Fatalf("testdata/tax_cases.json has %d company cases", len(c.CompanyLines))
	}
	for _, tc := range c.CompanyLines {
		if tc.PriceList != nil {
			l := tc.PriceList.Normal()
			if f := l.Problems(); len(f) > 0 {
				t.Fatalf("%s: the case's price list is not valid: %v", tc.About, f)
			}
			tc.PriceList = &l
		}
		p := Product{ID: tc.ProductID, Price: tc.Price, Category: tc.Category, Tiers: tc.Tiers}
		unit := p.UnitPriceFor(tc.Quantity, tc.PriceList)
		line := int64(unit) * tc.Quantity
		if int64(unit) != tc.UnitCents || line != tc.LineCents {
			t.Errorf("%s: unit %d, line %d cents; the cases say %d, %d", tc.About, unit, line, tc.UnitCents, tc.LineCents)
		}
		if tax := TaxOf(line, int64(tc.TaxRate)); tax != tc.TaxCents {
			t.Errorf("%s: tax %d cents, the cases say %d", tc.About, tax, tc.TaxCents)
		}
		tc.Prices.ProductID = tc.ProductID
		if got := p.PriceOf(tc.PriceList); !reflect.DeepEqual(got, tc.Prices) {
			t.Errorf("%s: GET /prices' entry %+v, the cases say %+v", tc.About, got, tc.Prices)
		}
		if tc.PriceList == nil && unit != p.UnitPrice(tc.Quantity) {
			t.Errorf("%s: without a list, UnitPriceFor %d differs from UnitPrice %d", tc.About, unit, p.UnitPrice(tc.Quantity))
		}
	}
}

// TestPriceListProblems: each field at fault is named; nothing else is.
func TestPriceListProblems(t *testing.T) {
	t.Parallel()
	ok := PriceList{PercentOff: 1000, Categories: []CategoryPrice{{Category: "Pumps", PercentOff: 2000}},
		Products: []FixedPrice{{ProductID: "000000000000000000000001", Price: 1200}}}
	if f := ok.Problems(); len(f) != 0 {
		t.Fatalf("a valid list: %v", f)
	}
	bad := PriceList{PercentOff: HundredPercent,
		Categories: []CategoryPrice{{Category: "", PercentOff: 500}, {Category: "Pumps", PercentOff: 0}, {Category: "pumps", PercentOff: 500}},
		Products:   []FixedPrice{{ProductID: "nope", Price: 100}, {ProductID: "000000000000000000000001", Price: 0}, {ProductID: "000000000000000000000001", Price: 100}}}
	want := []string{"priceList.percentOff", "priceList.categories[0].category", "priceList.categories[1].percentOff",
		"priceList.categories[2].category", "priceList.products[0].productId", "priceList.products[1].price", "priceList.products[2].productId"}
	f := bad.Problems()
	for _, k := range want {
		if f[k] == "" {
			t.Errorf("%s is not named: %v", k, f)
		}
	}
	if len(f) != len(want) {
		t.Errorf("named %d fields, want %d: %v", len(f), len(want), f)
	}
}

// TestParsePriceIDs: bounded, each an id, repeats dropped, errors 400.
func TestParsePriceIDs(t *testing.T) {
	t.Parallel()
	a, b := "00000000000000000000000A", "000000000000000000000002"
	ids, err := ParsePriceIDs(a + ", " + b + "," + a)
	if err != nil || !reflect.DeepEqual(ids, []string{strings.ToLower(a), b}) {
		t.Fatalf("ids %v, %v", ids, err)
	}
	many := make([]string, MaxPriceIDs+1)
	for i := range many {
		many[i] = fmt.Sprintf("%024x", i+1)
	}
	for _, raw := range []string{"", " , ", "abc", a + ",zzz", strings.Join(many, ",")} {
		if _, err := ParsePriceIDs(raw); ErrorCode(err) != EINVALID {
			t.Errorf("%.40q: %v, want EINVALID", raw, err)
		}
	}
}
