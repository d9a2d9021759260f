package shop

import (
	"encoding/json"
	"os"
	"testing"
)

// taxCases is testdata/tax_cases.json: money cases the client's one
// cents-and-tax module (client/src/utils/money.ts, money.test.ts) reads too,
// so that what a form shows before it asks rounds as the server charges.
// Prices and rates are read as the API sends them, into Cents: a percent
// with two decimals parses exactly as a price does (8.25 -> 825 hundredths).
type taxCases struct {
	Lines []struct {
		Price     Cents `json:"price"`
		Quantity  int64 `json:"quantity"`
		TaxRate   Cents `json:"taxRate"`
		LineCents int64 `json:"lineCents"`
		TaxCents  int64 `json:"taxCents"`
	} `json:"lines"`
	Purchases []struct {
		About   string `json:"about"`
		TaxRate Cents  `json:"taxRate"`
		Lines   []struct {
			Price    Cents `json:"price"`
			Quantity int64 `json:"quantity"`
		} `json:"lines"`
		SubtotalCents int64           `json:"subtotalCents"`
		TaxCents      int64           `json:"taxCents"`
		Amount        int64           `json:"amount"`
		Tax           json.RawMessage `json:"tax"`
		Total         json.RawMessage `json:"total"`
	} `json:"purchases"`
}

func readTaxCases(t *testing.T) taxCases {
	t.Helper()
	b, err := os.ReadFile("testdata/tax_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var c taxCases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Lines) == 0 || len(c.Purchases) == 0 {
		t.Fatal("testdata/tax_cases.json has no cases")
	}
	return c
}

// TestTaxCasesLines: a line's cents are its price's cents times its
// quantity (as POST /order computes the amount), and its tax is TaxOf.
func TestTaxCasesLines(t *testing.T) {
	t.Parallel()
	for _, c := range readTaxCases(t).Lines {
		line := int64(c.Price) * c.Quantity
		if line != c.LineCents {
			t.Errorf("%s × %d: line %d cents, the cases say %d", c.Price.Dollars(), c.Quantity, line, c.LineCents)
		}
		if tax := TaxOf(line, int64(c.TaxRate)); tax != c.TaxCents {
			t.Errorf("%s × %d at %s%%: tax %d cents, the cases say %d", c.Price.Dollars(), c.Quantity, c.TaxRate.Dollars(), tax, c.TaxCents)
		}
	}
}

// TestTaxCasesPurchases: a purchase's figures as a quote's figures (the
// figures the acceptance charges) compute them, and the dollars the API
// writes for its tax and total.
func TestTaxCasesPurchases(t *testing.T) {
	t.Parallel()
	for _, c := range readTaxCases(t).Purchases {
		q := Quote{}
		for _, l := range c.Lines {
			price := l.Price
			q.Items = append(q.Items, QuoteItem{Quantity: l.Quantity, UnitPrice: &price})
		}
		f := q.WithFigures(int64(c.TaxRate), true).Figures
		if f == nil {
			t.Fatalf("%s: no figures", c.About)
		}
		if int64(f.Subtotal) != c.SubtotalCents || int64(f.Tax) != c.TaxCents || f.Amount != c.Amount {
			t.Errorf("%s: subtotal %d, tax %d, amount %d cents; the cases say %d, %d, %d", c.About, f.Subtotal, f.Tax, f.Amount, c.SubtotalCents, c.TaxCents, c.Amount)
		}
		for name, got := range map[string]Cents{"tax": f.Tax, "total": f.Total} {
			want := map[string]json.RawMessage{"tax": c.Tax, "total": c.Total}[name]
			if b, _ := json.Marshal(got); string(b) != string(want) {
				t.Errorf("%s: %s written as %s, the cases say %s", c.About, name, b, want)
			}
		}
	}
}
