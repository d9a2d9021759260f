package httpapi_test

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// mailbox is the outbox's console in the API tests: every message as it
// was written, links and all, which the stored outbox never keeps. hold,
// when set, keeps each delivery waiting until it is closed.
type mailbox struct {
	mu    sync.Mutex
	mails []shop.Mail
	hold  chan struct{}
}

func (b *mailbox) Deliver(_ context.Context, m shop.Mail) error {
	b.mu.Lock()
	hold := b.hold
	b.mu.Unlock()
	if hold != nil {
		<-hold
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.mails = append(b.mails, m)
	return nil
}

// holdDeliveries keeps deliveries waiting until the returned func is called.
func (b *mailbox) holdDeliveries() (release func()) {
	ch := make(chan struct{})
	b.mu.Lock()
	b.hold = ch
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		b.hold = nil
		b.mu.Unlock()
		close(ch)
	}
}

// to returns the messages of kind to the address, oldest first.
func (b *mailbox) to(email string, kind shop.LetterKind) []shop.Mail {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []shop.Mail
	for _, m := range b.mails {
		if m.To == email && m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

// pageLink is a link of a mailed message to a page of the site (siteURL).
var pageLink = regexp.MustCompile(regexp.QuoteMeta(siteURL) + `/([a-z-]+)\?token=([A-Za-z0-9_-]+)`)

// mustToken waits for the latest message of kind to the address and returns
// the token of its link to page (verify-email, reset-password).
func (b *mailbox) mustToken(tb testing.TB, email string, kind shop.LetterKind, page string) string {
	tb.Helper()
	var token string
	found := testwait.Until(10*time.Second, func() bool {
		list := b.to(email, kind)
		if len(list) == 0 {
			return false
		}
		m := list[len(list)-1]
		for _, match := range pageLink.FindAllStringSubmatch(m.Text, -1) {
			if match[1] == page {
				token = match[2]
			}
		}
		return token != ""
	})
	if !found {
		tb.Fatalf("no %s e-mail to %s with a link to /%s", kind, email, page)
	}
	if _, err := url.QueryUnescape(token); err != nil || strings.Contains(token, shop.RedactedToken) {
		tb.Fatalf("a link without a live token: %q", token)
	}
	return token
}

// mustVerify opens the latest verification link mailed to the address.
func (ts *testServer) mustVerify(tb testing.TB, email string) {
	tb.Helper()
	token := ts.mailbox.mustToken(tb, email, shop.LetterVerifyEmail, "verify-email")
	if res, body := ts.send(tb, "POST", "/auth/verify-email", "", map[string]string{"token": token}); res.StatusCode != 200 {
		tb.Fatalf("verify %s: %d %s", email, res.StatusCode, body)
	}
}
