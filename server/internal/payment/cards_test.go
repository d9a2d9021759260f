package payment

import (
	"testing"
	"time"

	"storefront/server/internal/shop"
)

func TestCheckCard(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	card := func(number string) shop.TestCard {
		return shop.TestCard{Number: number, ExpMonth: 12, ExpYear: 2030, CVC: "123"}
	}
	for number, want := range map[string]string{
		"4242 4242 4242 4242": "",
		"5555555555554444":    "",
		"4000000000000002":    "Your card was declined.",
		"4000000000009995":    "Your card has insufficient funds.",
		"4000000000000069":    "Your card has expired.",
		"4000000000000127":    "Your card's security code is incorrect.",
		"4242424242424241":    "Your card number is invalid.",
		"4242":                "Your card number is incomplete.",
		"":                    "Your card number is incomplete.",
		"4111111111111111":    "This is not a test card. In TEST MODE only Stripe's test cards work, such as 4242 4242 4242 4242.",
		"abcd":                "Your card number is invalid.",
	} {
		out, msg := checkCard(card(number), now)
		if msg == "" && out.decline != "" {
			msg = out.message
		}
		if msg != want {
			t.Errorf("%q: %q, want %q", number, msg, want)
		}
	}
	for name, c := range map[string]struct {
		card shop.TestCard
		want string
	}{
		"ExpiredDate": {shop.TestCard{Number: "4242424242424242", ExpMonth: 10, ExpYear: 2026, CVC: "123"}, "Your card's expiration date is in the past."},
		"ThisMonthOK": {shop.TestCard{Number: "4242424242424242", ExpMonth: 11, ExpYear: 26, CVC: "123"}, ""},
		"BadMonth":    {shop.TestCard{Number: "4242424242424242", ExpMonth: 13, ExpYear: 2030, CVC: "123"}, "Your card's expiration month is invalid."},
		"ShortCVC":    {shop.TestCard{Number: "4242424242424242", ExpMonth: 1, ExpYear: 2030, CVC: "12"}, "Your card's security code is incomplete."},
		"AmexCVC4":    {shop.TestCard{Number: "378282246310005", ExpMonth: 1, ExpYear: 2030, CVC: "1234"}, ""},
	} {
		if _, msg := checkCard(c.card, now); msg != c.want {
			t.Errorf("%s: %q, want %q", name, msg, c.want)
		}
	}
	for number := range testCards {
		if !luhn(number) {
			t.Errorf("test card %s fails the Luhn check", number)
		}
	}
}
