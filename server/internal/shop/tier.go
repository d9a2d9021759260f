package shop

import (
	"fmt"
	"strings"
)

// Tier is a volume break of a product (issue 45): from Min pieces on, a
// purchase line's unit price is PercentOff less than the list price.
type Tier struct {
	Min        int64   `json:"min"`
	PercentOff Percent `json:"percentOff"`
}

// Percent is a percentage with at most two decimals, held exactly in
// hundredths of a percent (7.5 -> 750); JSON writes it as the number of
// percent, as a price is written in dollars.
type Percent int64

// MarshalJSON writes the percentage as a JSON number: 750 -> 7.5.
func (p Percent) MarshalJSON() ([]byte, error) { return Cents(p).MarshalJSON() }

// UnmarshalJSON reads a JSON number (or numeric string) of percent exactly.
func (p *Percent) UnmarshalJSON(b []byte) error {
	var c Cents
	if err := c.UnmarshalJSON(b); err != nil {
		return err
	}
	*p = Percent(c)
	return nil
}

// String is the percentage as written: "7.5".
func (p Percent) String() string { return Cents(p).Dollars() }

// Limits on tiers.
const (
	MaxTiers = 10
	// HundredPercent is 100 % in hundredths of a percent.
	HundredPercent Percent = 100_00
)

// RawTier is a tier as a form or an import states it, the numbers as text.
type RawTier struct {
	Min        NumberText `json:"min"`
	PercentOff NumberText `json:"percentOff"`
}

// parseTiers converts raw tiers, or says why they are not valid.
func parseTiers(raw []RawTier) ([]Tier, string) {
	out := make([]Tier, 0, len(raw))
	for i, r := range raw {
		n := fmt.Sprintf("tier %d", i+1)
		min, err := ParseQuantity(string(r.Min))
		if strings.TrimSpace(string(r.Min)) == "" {
			return nil, n + ": the minimum quantity is required"
		}
		if err != nil {
			return nil, n + ": the minimum quantity " + err.Error()
		}
		if strings.TrimSpace(string(r.PercentOff)) == "" {
			return nil, n + ": the percentage off is required"
		}
		pct, err := ParsePrice(string(r.PercentOff))
		if err != nil {
			return nil, n + ": the percentage off " + err.Error()
		}
		out = append(out, Tier{Min: min, PercentOff: Percent(pct)})
	}
	return out, ""
}

// tiersProblem is why tiers are not valid, or "": each starts at 2 pieces
// or more, above the one before, and takes more off than it, less than
// 100 %.
func tiersProblem(tiers []Tier) string {
	if len(tiers) > MaxTiers {
		return fmt.Sprintf("must be at most %d", MaxTiers)
	}
	for i, t := range tiers {
		n := fmt.Sprintf("tier %d", i+1)
		switch {
		case t.Min < 2:
			return n + ": the minimum quantity must be at least 2"
		case t.Min > MaxQuantity:
			return n + ": the minimum quantity is too large"
		case t.PercentOff <= 0:
			return n + ": the percentage off must be greater than 0"
		case t.PercentOff >= HundredPercent:
			return n + ": the percentage off must be less than 100"
		case i > 0 && t.Min <= tiers[i-1].Min:
			return n + ": the minimum quantity must be above the previous tier's"
		case i > 0 && t.PercentOff <= tiers[i-1].PercentOff:
			return n + ": the percentage off must be above the previous tier's"
		}
	}
	return ""
}

// TierFor is the tier that applies to qty pieces: the last whose Min is
// at most qty (tiers ascend), or the zero Tier when none does.
func TierFor(tiers []Tier, qty int64) Tier {
	var t Tier
	for _, x := range tiers {
		if x.Min <= qty {
			t = x
		}
	}
	return t
}

// Discounted is price less each of the percentages in turn, multiplied
// (10 % and 10 %: 0.9 × 0.9 = 81 % of the price), rounded half up to the
// cent once, at the end. Exact: the product of the factors is kept in
// integers (each factor in hundredths of a percent).
func Discounted(price Cents, off ...Percent) Cents {
	num, den := int64(price), int64(1)
	for _, p := range off {
		if p <= 0 {
			continue
		}
		num *= int64(HundredPercent - p)
		den *= int64(HundredPercent)
		if den > 1e8 { // keep within int64: round the partial result
			num, den = (num+den/2)/den, 1
		}
	}
	return Cents((num + den/2) / den)
}

// UnitPrice is what one piece of the product costs in a line of qty
// pieces: its list price less the volume tier that applies. The one
// pricing function: placing an order, a checkout and the prices the
// product page shows all take it.
func (p Product) UnitPrice(qty int64) Cents {
	return Discounted(p.Price, TierFor(p.Tiers, qty).PercentOff)
}
