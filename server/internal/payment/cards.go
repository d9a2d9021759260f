package payment

import (
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// outcome is what Stripe does with one of its published test cards.
type outcome struct {
	brand   string
	decline string // "" for success, else Stripe's decline code
	message string
}

// testCards are Stripe's documented test card numbers and their outcomes
// (docs.stripe.com/testing).
var testCards = map[string]outcome{
	"4242424242424242": {brand: "visa"},
	"4000056655665556": {brand: "visa"},
	"5555555555554444": {brand: "mastercard"},
	"2223003122003222": {brand: "mastercard"},
	"5200828282828210": {brand: "mastercard"},
	"5105105105105100": {brand: "mastercard"},
	"378282246310005":  {brand: "amex"},
	"371449635398431":  {brand: "amex"},
	"6011111111111117": {brand: "discover"},
	"6011000990139424": {brand: "discover"},
	"3056930009020004": {brand: "diners"},
	"36227206271667":   {brand: "diners"},
	"3566002020360505": {brand: "jcb"},
	"6200000000000005": {brand: "unionpay"},
	"4000000000000002": {"visa", "generic_decline", "Your card was declined."},
	"4000000000009995": {"visa", "insufficient_funds", "Your card has insufficient funds."},
	"4000000000009987": {"visa", "lost_card", "Your card was declined."},
	"4000000000009979": {"visa", "stolen_card", "Your card was declined."},
	"4000000000000069": {"visa", "expired_card", "Your card has expired."},
	"4000000000000127": {"visa", "incorrect_cvc", "Your card's security code is incorrect."},
	"4000000000000119": {"visa", "processing_error", "An error occurred while processing your card. Try again in a little bit."},
	"4100000000000019": {"visa", "fraudulent", "Your card was declined."},
	"4000000000006975": {"visa", "card_velocity_exceeded", "Your card was declined for making repeated attempts too frequently or exceeding its amount limit."},
}

// checkCard returns the card's outcome, or the message for a card Stripe
// would refuse before trying it (incomplete, invalid, expired, not a test card).
func checkCard(c shop.TestCard, now time.Time) (outcome, string) {
	num := strings.NewReplacer(" ", "", "-", "").Replace(c.Number)
	switch {
	case num == "":
		return outcome{}, "Your card number is incomplete."
	case !digitsOnly(num):
		return outcome{}, "Your card number is invalid."
	case len(num) < 13:
		return outcome{}, "Your card number is incomplete."
	case len(num) > 19 || !luhn(num):
		return outcome{}, "Your card number is invalid."
	}
	out, ok := testCards[num]
	if !ok {
		return outcome{}, "This is not a test card. In TEST MODE only Stripe's test cards work, such as 4242 4242 4242 4242."
	}
	year := c.ExpYear
	if year < 100 {
		year += 2000
	}
	switch {
	case c.ExpMonth < 1 || c.ExpMonth > 12:
		return outcome{}, "Your card's expiration month is invalid."
	case year < now.Year() || year == now.Year() && c.ExpMonth < int(now.Month()):
		return outcome{}, "Your card's expiration date is in the past."
	case year > now.Year()+50:
		return outcome{}, "Your card's expiration year is invalid."
	}
	cvcLen := 3
	if out.brand == "amex" {
		cvcLen = 4
	}
	if len(c.CVC) != cvcLen || !digitsOnly(c.CVC) {
		return outcome{}, "Your card's security code is incomplete."
	}
	return out, ""
}

func digitsOnly(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// luhn is the card number checksum.
func luhn(num string) bool {
	sum := 0
	double := false
	for i := len(num) - 1; i >= 0; i-- {
		d := int(num[i] - '0')
		if double {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}
