package shop

import "testing"

func TestTaxOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ amount, rate, want int64 }{
		{10000, 825, 825}, // $100 at 8.25%
		{1, 5000, 1},      // half a cent rounds up
		{1, 4999, 0},
		{333, 1000, 33}, // 33.3
		{335, 1000, 34}, // 33.5 rounds up
		{0, 825, 0},
		{1000, 0, 0},
	} {
		if got := TaxOf(c.amount, c.rate); got != c.want {
			t.Errorf("TaxOf(%d, %d) = %d, want %d", c.amount, c.rate, got, c.want)
		}
	}
}
