package shop

import (
	"encoding/json"
	"os"
	"testing"
)

// TestTierCases: testdata/tax_cases.json's tierLines, computed by hand and
// read by the client's money.test.ts too: the unit price is the list price
// less the highest break the quantity reaches, rounded half up to the cent,
// and the tax is on the discounted line.
func TestTierCases(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/tax_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		TierLines []struct {
			About     string `json:"about"`
			Price     Cents  `json:"price"`
			Tiers     []Tier `json:"tiers"`
			Quantity  int64  `json:"quantity"`
			TaxRate   Cents  `json:"taxRate"`
			UnitCents int64  `json:"unitCents"`
			LineCents int64  `json:"lineCents"`
			TaxCents  int64  `json:"taxCents"`
		} `json:"tierLines"`
	}
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.TierLines) < 5 {
		t.Fatalf("testdata/tax_cases.json has %d tier cases", len(c.TierLines))
	}
	for _, tc := range c.TierLines {
		p := Product{Price: tc.Price, Tiers: tc.Tiers}
		unit := p.UnitPrice(tc.Quantity)
		line := int64(unit) * tc.Quantity
		if int64(unit) != tc.UnitCents || line != tc.LineCents {
			t.Errorf("%s: unit %d, line %d cents; the cases say %d, %d", tc.About, unit, line, tc.UnitCents, tc.LineCents)
		}
		if tax := TaxOf(line, int64(tc.TaxRate)); tax != tc.TaxCents {
			t.Errorf("%s: tax %d cents, the cases say %d", tc.About, tax, tc.TaxCents)
		}
	}
}

// TestDiscountedMultiplies: two percentages multiply (10 % and 10 % is
// 81 % of the price) and the result is rounded once.
func TestDiscountedMultiplies(t *testing.T) {
	t.Parallel()
	cases := []struct {
		price Cents
		off   []Percent
		want  Cents
	}{
		{10000, []Percent{1000, 1000}, 8100},
		{1550, []Percent{500, 1000}, 1325},     // 1550 × .95 × .9 = 1325.25
		{999, []Percent{3333, 1250}, 583},      // 999 × .6667 × .875 = 582.77...
		{MaxPrice, []Percent{9999, 9999}, 100}, // 1e10 × .0001 × .0001 = 100, no overflow
		{1473, nil, 1473},                      // none
		{1473, []Percent{0}, 1473},             // a zero percentage
	}
	for _, c := range cases {
		if got := Discounted(c.price, c.off...); got != c.want {
			t.Errorf("Discounted(%d, %v) = %d, want %d", c.price, c.off, got, c.want)
		}
	}
}

// TestTiersRefused: tiers that do not ascend, or start below 2, or take
// 100 % or nothing off, are refused naming the tier.
func TestTiersRefused(t *testing.T) {
	t.Parallel()
	base := func(tiers ...RawTier) RawProduct {
		return RawProduct{Name: "Pump", Price: "10", Description: "A pump", Available: "5", Minimum: "1", Email: "a@b.co", Image: "https://x.test/a.png", Tiers: &tiers}
	}
	cases := map[string]RawProduct{
		"tier 1: the minimum quantity must be at least 2":                base(RawTier{"1", "5"}),
		"tier 2: the minimum quantity must be above the previous tier's": base(RawTier{"10", "5"}, RawTier{"10", "6"}),
		"tier 2: the percentage off must be above the previous tier's":   base(RawTier{"10", "5"}, RawTier{"20", "5"}),
		"tier 1: the percentage off must be less than 100":               base(RawTier{"10", "100"}),
		"tier 1: the percentage off must be greater than 0":              base(RawTier{"10", "0"}),
		"tier 1: the percentage off must have at most 2 decimals":        base(RawTier{"10", "5.125"}),
		"tier 1: the minimum quantity is required":                       base(RawTier{"", "5"}),
	}
	for want, raw := range cases {
		_, err := raw.Parse(true)
		if got := ErrorFields(err)["tiers"]; got != want {
			t.Errorf("tiers: %q, want %q", got, want)
		}
	}
	d, err := base(RawTier{"10", "5"}, RawTier{"50", "7.5"}).Parse(true)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Tiers) != 2 || d.Tiers[1] != (Tier{Min: 50, PercentOff: 750}) {
		t.Fatalf("tiers %+v", d.Tiers)
	}
	if d, _ := base().Parse(true); d.Tiers != nil {
		t.Fatalf("no tiers: %+v, want nil", d.Tiers)
	}
}
