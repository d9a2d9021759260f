package mirror

import (
	"testing"

	"storefront/server/internal/shop"
)

// TestRetryable: only a failed e-mail is sent again; each other state
// says why not.
func TestRetryable(t *testing.T) {
	for _, c := range []struct {
		d    Mail
		want error
	}{
		{Mail{Status: string(shop.MailFailed)}, nil},
		{Mail{Status: string(shop.MailPending)}, shop.ErrMailQueued},
		{Mail{Status: string(shop.MailPending), Claim: "sender"}, shop.ErrMailSending},
		{Mail{Status: string(shop.MailSent)}, shop.ErrMailSent},
		{Mail{Status: string(shop.MailDisabled)}, shop.ErrMailDisabled},
	} {
		if got := Retryable(c.d); got != c.want {
			t.Errorf("%s (claim %q): %v, want %v", c.d.Status, c.d.Claim, got, c.want)
		}
		if c.want != nil && shop.ErrorCode(c.want) != shop.ECONFLICT {
			t.Errorf("%v is not a conflict", c.want)
		}
	}
}
