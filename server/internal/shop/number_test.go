package shop

import "testing"

func TestParsePrice(t *testing.T) {
	t.Parallel()
	ok := map[string]Cents{"1250": 125000, "19.9": 1990, "19.99": 1999, "0.01": 1, "19.990": 1999, "-2": -200, " 7 ": 700, ".5": 50}
	for in, want := range ok {
		got, err := ParsePrice(in)
		if err != nil || got != want {
			t.Errorf("ParsePrice(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "abc", "1.234", "1e3", "1.", "$5", "1,000", "-", "9999999999999"} {
		if _, err := ParsePrice(in); err == nil {
			t.Errorf("ParsePrice(%q) accepted", in)
		}
	}
}

func TestParseQuantity(t *testing.T) {
	t.Parallel()
	ok := map[string]int64{"12": 12, "12.0": 12, "-3": -3, "0": 0, "1e2": 100}
	for in, want := range ok {
		got, err := ParseQuantity(in)
		if err != nil || got != want {
			t.Errorf("ParseQuantity(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1.5", "ten", "1.", "0x10", "1e-1"} {
		if _, err := ParseQuantity(in); err == nil {
			t.Errorf("ParseQuantity(%q) accepted", in)
		}
	}
}

func TestCentsDollars(t *testing.T) {
	t.Parallel()
	for c, want := range map[Cents]string{125000: "1250", 1999: "19.99", 1950: "19.5", 5: "0.05", -150: "-1.5"} {
		if got := c.Dollars(); got != want {
			t.Errorf("%d.Dollars() = %q, want %q", c, got, want)
		}
		if back := CentsFromFloat(c.Float()); back != c {
			t.Errorf("CentsFromFloat(%v) = %d, want %d", c.Float(), back, c)
		}
	}
}
