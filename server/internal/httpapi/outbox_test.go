package httpapi_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/mail"
	"storefront/server/internal/mail/mailtest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// The outbox opened (GET /admin/outbox/{id}) and a failed e-mail sent
// again (POST /admin/outbox/{id}/retry): issue 36.

// openedMail is the answer of GET /admin/outbox/{id}.
type openedMail struct {
	ID            string           `json:"_id"`
	Kind          string           `json:"kind"`
	From          string           `json:"from"`
	To            string           `json:"to"`
	Subject       string           `json:"subject"`
	MessageID     string           `json:"messageId"`
	Text          string           `json:"text"`
	HTML          string           `json:"html"`
	Status        string           `json:"status"`
	Attempts      int              `json:"attempts"`
	LastError     string           `json:"lastError"`
	Errors        []shop.MailError `json:"errors"`
	NextAttemptAt *time.Time       `json:"nextAttemptAt"`
	RetriedBy     string           `json:"retriedBy"`
	SentAt        *time.Time       `json:"sentAt"`
}

// flaky is an SMTP transport that refuses every message while down.
type flaky struct {
	down atomic.Bool
	next shop.MailTransport
}

func (f *flaky) Deliver(ctx context.Context, m shop.Mail) error {
	if f.down.Load() {
		return errors.New("451 4.3.0 mail server temporarily unavailable")
	}
	return f.next.Deliver(ctx, m)
}

// mailTo is the newest stored e-mail of kind to the address.
func mailTo(t *testing.T, ts *testServer, kind shop.LetterKind, to string) shop.Mail {
	t.Helper()
	list, _, err := ts.store.ListMail(context.Background(), 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list {
		if m.Kind == kind && m.To == to {
			return m
		}
	}
	t.Fatalf("no %s e-mail to %s in %+v", kind, to, list)
	return shop.Mail{}
}

// TestOutboxOpen_Authorisation: both calls for each role; an unknown id is
// 404 to an admin; a refusal changes nothing.
func TestOutboxOpen_Authorisation(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	if res, body := ds.send(t, "POST", "/contact", "", map[string]string{"email": "visitor@shop.test", "subject": "Opening hours", "message": "When are you open?"}); res.StatusCode != 201 {
		t.Fatalf("contact: %d %s", res.StatusCode, body)
	}
	m := mailTo(t, ds.testServer, shop.LetterContact, adminEmail)
	unknown := "0123456789abcdef01234567"
	roles := []struct{ name, token string }{{"anonymous", ""}, {"customer", ds.alice.Token}, {"another customer", ds.bob.Token}, {"admin", ds.admin.Token}}
	cases := []struct {
		method, path string
		want         [4]int
	}{
		{"GET", "/admin/outbox/" + m.ID, [4]int{401, 403, 403, 200}},
		{"GET", "/admin/outbox/" + unknown, [4]int{401, 403, 403, 404}},
		// kept, not sent (no SMTP_URL): nothing to send again
		{"POST", "/admin/outbox/" + m.ID + "/retry", [4]int{401, 403, 403, 409}},
		{"POST", "/admin/outbox/" + unknown + "/retry", [4]int{401, 403, 403, 404}},
	}
	for _, c := range cases {
		for i, role := range roles {
			t.Run(fmt.Sprintf("%s %s as %s", c.method, c.path, role.name), func(t *testing.T) {
				before := ds.snapshot(t)
				stored := mailTo(t, ds.testServer, shop.LetterContact, adminEmail)
				res, body := ds.send(t, c.method, c.path, role.token, nil)
				if res.StatusCode != c.want[i] {
					t.Fatalf("status %d, want %d: %s", res.StatusCode, c.want[i], body)
				}
				if res.StatusCode >= 400 {
					mustProblem(t, res, body, c.want[i])
					if after := ds.snapshot(t); after != before {
						t.Fatalf("a refused request changed the store")
					}
					if again := mailTo(t, ds.testServer, shop.LetterContact, adminEmail); again.Status != stored.Status || again.Attempts != stored.Attempts {
						t.Fatalf("a refused request changed the e-mail: %+v", again)
					}
					return
				}
				got := decode[openedMail](t, body)
				if got.ID != m.ID || got.To != adminEmail || got.Subject != m.Subject || got.Status != "disabled" ||
					!strings.Contains(got.Text, "When are you open?") || !strings.Contains(got.HTML, "When are you open?") ||
					got.MessageID != m.MessageID || !strings.HasSuffix(got.MessageID, "@shop.test>") {
					t.Fatalf("opened: %+v", got)
				}
				if res.Header.Get("Cache-Control") != "no-store" {
					t.Fatal("an opened e-mail may be cached")
				}
			})
		}
	}
	t.Run("OffSaysSo", func(t *testing.T) {
		res, body := ds.send(t, "POST", "/admin/outbox/"+m.ID+"/retry", ds.admin.Token, nil)
		if p := mustProblem(t, res, body, 409); !strings.Contains(p.Detail, "SMTP_URL") {
			t.Fatalf("the refusal does not say why: %s", body)
		}
	})
}

// TestOutboxOpen_RedactedAsStored: a verification e-mail opened shows its
// link without the token in both parts, waiting or sent, while the
// message delivered carries the live one.
func TestOutboxOpen_RedactedAsStored(t *testing.T) {
	t.Parallel()
	// disabled: stored redacted, the mailbox has the live link
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	ts.mustRegister(t, "Ann", "ann@shop.test")
	token := ts.mailbox.mustToken(t, "ann@shop.test", shop.LetterVerifyEmail, "verify-email")
	m := mailTo(t, ts, shop.LetterVerifyEmail, "ann@shop.test")
	res, body := ts.send(t, "GET", "/admin/outbox/"+m.ID, admin.Token, nil)
	got := decode[openedMail](t, body)
	if res.StatusCode != 200 || strings.Contains(string(body), token) ||
		!strings.Contains(got.Text, "token="+shop.RedactedToken) || !strings.Contains(got.HTML, "token="+shop.RedactedToken) {
		t.Fatalf("opened verification e-mail: %d %s", res.StatusCode, body)
	}
	if got.Text != m.Text || got.HTML != m.HTML {
		t.Fatal("the opened e-mail is not the stored one")
	}
}

// TestOutboxRetry_FailedIsSentAgain: a message the SMTP server refused for
// 24 hours is failed; an admin's retry queues it once (a second retry and
// a retry of a sent one are 409), and the next pass delivers it.
func TestOutboxRetry_FailedIsSentAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := testclock.At("2026-03-10T09:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now, sendMail: true})
	u, err := ts.store.CreateUser(ctx, shop.User{Email: adminEmail, Name: "Boss", Provider: shop.ProviderPassword, Role: shop.RoleAdmin, EmailVerified: true})
	if err != nil {
		t.Fatal(err)
	}
	admin := account{ID: u.ID, Email: u.Email, Token: ts.session(t, u)}
	ts.mustEnrol(t, admin)
	customer := ts.quickAccount(t, "Bob", "bob@shop.test")

	srv := mailtest.Start(t, mailtest.Options{})
	smtp, err := mail.NewSMTP("smtp://"+srv.Addr(), "orders@shop.test", srv.ClientTLS())
	if err != nil {
		t.Fatal(err)
	}
	transport := &flaky{next: smtp}
	transport.down.Store(true)
	courier := &app.Courier{Store: ts.store, Transport: transport, Log: discardLog, Now: clock.Now}
	pass := func() {
		t.Helper()
		if _, err := courier.Pass(ctx); err != nil {
			t.Fatal(err)
		}
	}
	open := func() openedMail {
		t.Helper()
		m := mailTo(t, ts, shop.LetterContact, adminEmail)
		res, body := ts.send(t, "GET", "/admin/outbox/"+m.ID, admin.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("open: %d %s", res.StatusCode, body)
		}
		return decode[openedMail](t, body)
	}
	retry := func(token string) (int, string) {
		t.Helper()
		m := mailTo(t, ts, shop.LetterContact, adminEmail)
		res, body := ts.send(t, "POST", "/admin/outbox/"+m.ID+"/retry", token, nil)
		if res.StatusCode >= 400 {
			return res.StatusCode, mustProblem(t, res, body, res.StatusCode).Detail
		}
		return res.StatusCode, string(body)
	}

	if res, body := ts.send(t, "POST", "/contact", "", map[string]string{"email": "visitor@shop.test", "subject": "Bulk order", "message": "Can you ship 40 lathes?"}); res.StatusCode != 201 {
		t.Fatalf("contact: %d %s", res.StatusCode, body)
	}
	if got := open(); got.Status != "pending" || got.Attempts != 0 || got.From != "orders@shop.test" || got.NextAttemptAt == nil {
		t.Fatalf("stored: %+v", got)
	}
	// queued: a retry is refused, saying so
	if status, detail := retry(admin.Token); status != 409 || !strings.Contains(detail, "queued") {
		t.Fatalf("retry of a queued e-mail: %d %s", status, detail)
	}
	pass()
	got := open()
	if got.Status != "pending" || got.Attempts != 1 || !strings.Contains(got.LastError, "temporarily unavailable") ||
		len(got.Errors) != 1 || got.Errors[0].Attempt != 1 || got.NextAttemptAt == nil {
		t.Fatalf("after a refusal: %+v", got)
	}
	// refused for 24 hours: given up
	for i := 0; i < 1000 && open().Status == "pending"; i++ {
		clock.Add(shop.MailMaxBackoff)
		pass()
	}
	got = open()
	if got.Status != "failed" || len(got.Errors) != shop.MailErrorsKept || got.Errors[len(got.Errors)-1].Attempt != got.Attempts {
		t.Fatalf("given up: status %s, %d attempts, %d errors", got.Status, got.Attempts, len(got.Errors))
	}
	attempts := got.Attempts
	if status, _ := retry(customer.Token); status != 403 {
		t.Fatalf("a customer's retry: %d", status)
	}
	// the server is back; the admin sends it again
	transport.down.Store(false)
	if status, body := retry(admin.Token); status != 200 || !strings.Contains(body, `"status":"pending"`) || !strings.Contains(body, `"retriedBy":"`+adminEmail+`"`) {
		t.Fatalf("retry: %d %s", status, body)
	}
	if status, detail := retry(admin.Token); status != 409 || !strings.Contains(detail, "queued") {
		t.Fatalf("a second retry: %d %s", status, detail)
	}
	pass()
	got = open()
	if got.Status != "sent" || got.Attempts != attempts+1 || got.SentAt == nil || got.LastError != "" {
		t.Fatalf("after the retry: %+v", got)
	}
	received := srv.Messages()
	if len(received) != 1 || !strings.Contains(string(received[0].Data), "Message-ID: "+got.MessageID) {
		t.Fatalf("received %d messages", len(received))
	}
	if status, detail := retry(admin.Token); status != 409 || !strings.Contains(detail, "was sent") {
		t.Fatalf("retry of a sent e-mail: %d %s", status, detail)
	}
	clock.Add(time.Hour)
	pass()
	if len(srv.Messages()) != 1 {
		t.Fatal("sent twice")
	}
}

// TestOutboxRetry_TokensStayRedacted: a verification e-mail waiting with
// its live link opens redacted; once given up, the stored parts (and so
// what an admin reads) hold no token, and it is not sent again with a
// dead link: the retry is refused, saying why, and it stays failed.
func TestOutboxRetry_TokensStayRedacted(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := testclock.At("2026-03-10T09:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now, sendMail: true})
	u, err := ts.store.CreateUser(ctx, shop.User{Email: adminEmail, Name: "Boss", Provider: shop.ProviderPassword, Role: shop.RoleAdmin, EmailVerified: true})
	if err != nil {
		t.Fatal(err)
	}
	tok := ts.session(t, u)
	ts.mustEnrol(t, account{ID: u.ID, Email: u.Email, Token: tok})
	if res, body := ts.send(t, "POST", "/auth/register", "", map[string]string{"name": "Ann", "email": "ann@shop.test", "password": "secret123"}); res.StatusCode != 201 {
		t.Fatalf("register: %d %s", res.StatusCode, body)
	}
	stored := mailTo(t, ts, shop.LetterVerifyEmail, "ann@shop.test")
	if !strings.Contains(stored.Text, "token=") || strings.Contains(stored.Text, "token="+shop.RedactedToken) {
		t.Fatalf("a waiting message keeps its live link for the sender: %s", stored.Text)
	}
	live := stored.Text[strings.Index(stored.Text, "token=")+len("token="):]
	live = strings.Fields(live)[0]
	check := func(when string) {
		t.Helper()
		res, body := ts.send(t, "GET", "/admin/outbox/"+stored.ID, tok, nil)
		got := decode[openedMail](t, body)
		if res.StatusCode != 200 || strings.Contains(string(body), live) ||
			!strings.Contains(got.Text, "token="+shop.RedactedToken) || !strings.Contains(got.HTML, "token="+shop.RedactedToken) {
			t.Fatalf("%s: %d %s", when, res.StatusCode, body)
		}
	}
	check("waiting")
	transport := &flaky{}
	transport.down.Store(true)
	courier := &app.Courier{Store: ts.store, Transport: transport, Log: discardLog, Now: clock.Now}
	for i := 0; i < 1000 && mailTo(t, ts, shop.LetterVerifyEmail, "ann@shop.test").Status != shop.MailFailed; i++ {
		if _, err := courier.Pass(ctx); err != nil {
			t.Fatal(err)
		}
		clock.Add(shop.MailMaxBackoff)
	}
	failed := mailTo(t, ts, shop.LetterVerifyEmail, "ann@shop.test")
	if failed.Status != shop.MailFailed || strings.Contains(failed.Text+failed.HTML, live) {
		t.Fatalf("given up: %s, keeps the token: %v", failed.Status, strings.Contains(failed.Text+failed.HTML, live))
	}
	check("given up")
	if res, body := ts.send(t, "POST", "/admin/outbox/"+stored.ID+"/retry", tok, nil); res.StatusCode != 409 || !strings.Contains(string(body), "which is not kept once a message fails") {
		t.Fatalf("retry: %d %s", res.StatusCode, body)
	}
	if m := mailTo(t, ts, shop.LetterVerifyEmail, "ann@shop.test"); m.Status != shop.MailFailed {
		t.Fatalf("after a refused retry: %s", m.Status)
	}
	check("after the refused retry")
}

var discardLog = slog.New(slog.NewTextHandler(io.Discard, nil))
