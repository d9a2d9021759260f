package shop

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Cents is an amount of money in integer US cents. Prices travel as JSON
// numbers in dollars with at most two decimals; every sum is done in cents so
// that nothing is lost to floating point.
type Cents int64

// MaxPrice bounds a single product price (one hundred million dollars).
const MaxPrice Cents = 100_000_000_00

// Money renders cents as dollars with thousands separated, as the invoices
// and the e-mails print money: $1,234.50.
func Money(c Cents) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	whole := strconv.FormatInt(int64(c)/100, 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("%s$%s.%02d", sign, b.String(), int64(c)%100)
}

// Dollars renders c as a decimal number of dollars without trailing zeros:
// 125000 -> "1250", 1999 -> "19.99", 1950 -> "19.5".
func (c Cents) Dollars() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	whole, frac := int64(c)/100, int64(c)%100
	switch {
	case frac == 0:
		return fmt.Sprintf("%s%d", sign, whole)
	case frac%10 == 0:
		return fmt.Sprintf("%s%d.%d", sign, whole, frac/10)
	default:
		return fmt.Sprintf("%s%d.%02d", sign, whole, frac)
	}
}

// MarshalJSON writes the amount as a JSON number of dollars.
func (c Cents) MarshalJSON() ([]byte, error) { return []byte(c.Dollars()), nil }

// UnmarshalJSON reads a JSON number (or numeric string) of dollars exactly.
func (c *Cents) UnmarshalJSON(b []byte) error {
	var t NumberText
	if err := t.UnmarshalJSON(b); err != nil {
		return err
	}
	v, err := ParsePrice(string(t))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Float returns the amount in dollars as a float64, the stored form of price.
func (c Cents) Float() float64 { return float64(c) / 100 }

// CentsFromFloat converts a stored dollar amount back to cents.
func CentsFromFloat(f float64) Cents {
	if f < 0 {
		return -CentsFromFloat(-f)
	}
	return Cents(int64(f*100 + 0.5))
}

var (
	errNotNumber   = errors.New("must be a number")
	errTooPrecise  = errors.New("must have at most 2 decimals")
	errNotWhole    = errors.New("must be a whole number")
	errOutOfBounds = errors.New("is too large")
)

// ParsePrice parses a decimal dollar amount such as "1250", "19.9" or
// "19.99" exactly (no float rounding). Signs are allowed so that the caller's
// range check can say "must be greater than 0".
func ParsePrice(s string) (Cents, error) {
	s = strings.TrimSpace(s)
	neg := false
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		neg = s[0] == '-'
		s = s[1:]
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if !allDigits(whole) || !allDigits(frac) || whole == "" && frac == "" || hasDot && frac == "" {
		return 0, errNotNumber
	}
	frac = strings.TrimRight(frac, "0")
	if len(frac) > 2 {
		return 0, errTooPrecise
	}
	if len(strings.TrimLeft(whole, "0")) > 12 {
		return 0, errOutOfBounds
	}
	w := int64(0)
	if whole != "" {
		var err error
		if w, err = strconv.ParseInt(whole, 10, 64); err != nil {
			return 0, errNotNumber
		}
	}
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt((frac + "0")[:2], 10, 64)
	}
	c := Cents(w*100 + f)
	if neg {
		c = -c
	}
	return c, nil
}

// ParseQuantity parses a whole number of pieces: "12", "12.0" and "1e2" are
// whole; "1.5" is refused as not whole.
func ParseQuantity(s string) (int64, error) {
	s = strings.TrimSpace(s)
	body := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	whole, frac, hasDot := strings.Cut(body, ".")
	if whole == "" || !allDigits(whole) || !allDigits(frac) || hasDot && frac == "" {
		if strings.ContainsAny(s, "eE") {
			if f, err := strconv.ParseFloat(s, 64); err == nil && f == float64(int64(f)) {
				return int64(f), nil
			}
		}
		return 0, errNotNumber
	}
	if strings.Trim(frac, "0") != "" {
		return 0, errNotWhole
	}
	if len(strings.TrimLeft(whole, "0")) > 12 {
		return 0, errOutOfBounds
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, errNotNumber
	}
	if strings.HasPrefix(s, "-") {
		n = -n
	}
	return n, nil
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// NumberText holds the literal text of a JSON number or of a JSON string, so
// that forms may send "12" as well as 12 and the value is parsed exactly by
// ParsePrice or ParseQuantity. Any other JSON type is refused.
type NumberText string

func (n *NumberText) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*n = NumberText(s)
	case len(b) > 0 && (b[0] == '-' || b[0] >= '0' && b[0] <= '9'):
		*n = NumberText(b)
	case string(b) == "null":
		*n = ""
	default:
		// a type error, so that the decoder names the field at fault
		return &json.UnmarshalTypeError{Value: "non-number", Type: reflect.TypeFor[NumberText]()}
	}
	return nil
}
