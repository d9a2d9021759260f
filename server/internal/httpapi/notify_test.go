package httpapi_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// The admins' notifications of new work (issue 36): GET and PUT
// /account/notifications for each role, and one e-mail per event to each
// admin who wants its kind, or the daily digest.

type notifySettings struct {
	NewOrder     bool `json:"newOrder"`
	Payment      bool `json:"payment"`
	QuoteRequest bool `json:"quoteRequest"`
	Claim        bool `json:"claim"`
	Digest       bool `json:"digest"`
}

var allOn = notifySettings{NewOrder: true, Payment: true, QuoteRequest: true, Claim: true}

func (ts *testServer) notifications(t *testing.T, token string) notifySettings {
	t.Helper()
	res, body := ts.send(t, "GET", "/account/notifications", token, nil)
	if res.StatusCode != 200 {
		t.Fatalf("GET /account/notifications: %d %s", res.StatusCode, body)
	}
	return decode[notifySettings](t, body)
}

func (ts *testServer) mustSetNotifications(t *testing.T, token string, s notifySettings) {
	t.Helper()
	res, body := ts.send(t, "PUT", "/account/notifications", token, s)
	if res.StatusCode != 200 || decode[notifySettings](t, body) != s {
		t.Fatalf("PUT /account/notifications: %d %s", res.StatusCode, body)
	}
}

// mustAdmin is a new account made admin by the store's first admin.
func (ts *testServer) mustAdmin(t *testing.T, name, email string) account {
	t.Helper()
	a := ts.quickAccount(t, name, email)
	if _, err := ts.store.MarkVerified(context.Background(), a.ID, false); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.store.PromoteUser(context.Background(), email, shop.RoleChange{By: adminEmail}); err != nil {
		t.Fatal(err)
	}
	ts.mustEnrol(t, a)
	return a
}

func TestNotificationSettings_Roles(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	other := ts.mustAdmin(t, "Ops", "ops@shop.test")
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")

	for _, method := range []string{"GET", "PUT"} {
		var body any
		if method == "PUT" {
			body = allOn
		}
		res, b := ts.send(t, method, "/account/notifications", "", body)
		mustProblem(t, res, b, 401)
		res, b = ts.send(t, method, "/account/notifications", alice.Token, body)
		mustProblem(t, res, b, 403)
	}
	// never chosen: every kind, one e-mail each
	if got := ts.notifications(t, admin.Token); got != allOn {
		t.Fatalf("defaults: %+v", got)
	}
	mine := notifySettings{NewOrder: false, Payment: true, QuoteRequest: true, Claim: false, Digest: true}
	ts.mustSetNotifications(t, admin.Token, mine)
	if got := ts.notifications(t, admin.Token); got != mine {
		t.Fatalf("after PUT: %+v", got)
	}
	if got := ts.notifications(t, other.Token); got != allOn {
		t.Fatalf("another admin's settings changed: %+v", got)
	}
	// refused bodies change nothing
	for _, bad := range []string{
		`{"newOrder":true,"payment":true,"quoteRequest":true,"claim":true,"digest":false,"sms":true}`,
		`{"newOrder":"yes","payment":true,"quoteRequest":true,"claim":true,"digest":false}`,
		`{"newOrder":null,"payment":true,"quoteRequest":true,"claim":true,"digest":false}`,
		`{"newOrder":true,"payment":true}`,
		`[true]`,
	} {
		res, b := ts.sendRaw(t, "PUT", "/account/notifications", admin.Token, "application/json", bad)
		mustProblem(t, res, b, 400)
	}
	if got := ts.notifications(t, admin.Token); got != mine {
		t.Fatalf("a refused PUT changed the settings: %+v", got)
	}
	// a customer's refused PUT changes nothing either
	if u := ts.user(t, alice.Email); u.Notifications != nil {
		t.Fatalf("a customer's settings were stored: %+v", u.Notifications)
	}
}

// count is how many e-mails of kind to each address, and of which status.
func countMail(list []shop.Mail, kind shop.LetterKind) map[string]int {
	n := map[string]int{}
	for _, m := range list {
		if m.Kind == kind {
			n[m.To+" "+string(m.Status)]++
		}
	}
	return n
}

func sameCounts(got, want map[string]int) bool {
	if len(got) != len(want) {
		return false
	}
	for k, v := range want {
		if got[k] != v {
			return false
		}
	}
	return true
}

func TestNotifications_Events(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	ops := ds.mustAdmin(t, "Ops", "ops@shop.test")
	quiet := ds.mustAdmin(t, "Quiet", "quiet@shop.test") // orders and claims off
	daily := ds.mustAdmin(t, "Daily", "daily@shop.test") // the digest
	ds.mustSetNotifications(t, quiet.Token, notifySettings{Payment: true, QuoteRequest: true})
	ds.mustSetNotifications(t, daily.Token, notifySettings{NewOrder: true, Payment: true, QuoteRequest: true, Claim: true, Digest: true})
	lathe := ds.mustProduct(t, "Lathe", 250000, 100, 1)

	every := func(status shop.MailStatus, to ...string) map[string]int {
		n := map[string]int{}
		for _, a := range to {
			n[a+" disabled"]++
		}
		n["daily@shop.test "+string(status)]++
		return n
	}

	// a new order: one e-mail to each admin who wants it, with the customer's
	orderID := ds.mustOrder(t, ds.alice.Token, lathe.ID, 2)
	list := ds.mail(t)
	if got, want := countMail(list, shop.LetterAdminNewOrder), every(shop.MailHeld, adminEmail, ops.Email); !sameCounts(got, want) {
		t.Fatalf("new order notifications %v, want %v", got, want)
	}
	if !hasMail(list, shop.LetterOrderPlaced, ds.alice.Email, "received") {
		t.Fatal("the customer's e-mail is missing")
	}
	ord := ds.order(t, orderID)
	m := mailTo(t, ds.testServer, shop.LetterAdminNewOrder, ops.Email)
	if want := "New order #" + itoa64(ord.Number) + ": Lathe x 2"; m.Subject != want {
		t.Fatalf("subject %q, want %q", m.Subject, want)
	}
	if !strings.Contains(m.Text, "Alice <alice@shop.test>") || !strings.Contains(m.Text, "$5,000.00 USD") ||
		!strings.Contains(m.Text, siteURL+"/dashboard/manageorder") {
		t.Fatalf("text:\n%s", m.Text)
	}

	// a payment, confirmed twice (PATCH /pay and the webhook): told once
	status, intent, _ := ds.payWithCard(t, ds.clientSecret(t, ds.alice.Token, orderID), "4242424242424242")
	if status != 200 {
		t.Fatalf("pay: %d", status)
	}
	if res, body := ds.send(t, "PATCH", "/pay/"+orderID, ds.alice.Token, map[string]any{"transactionId": intent}); res.StatusCode != 200 {
		t.Fatalf("PATCH /pay: %d %s", res.StatusCode, body)
	}
	payload, sig := signedEvent(t, "evt_notify", orderID, intent, 5000_00, time.Now(), webhookSecret)
	if status, body := ds.postWebhook(t, payload, sig); status != 200 {
		t.Fatalf("webhook: %d %s", status, body)
	}
	if res, body := ds.send(t, "PATCH", "/pay/"+orderID, ds.alice.Token, map[string]any{"transactionId": intent}); res.StatusCode != 200 {
		t.Fatalf("PATCH /pay again: %d %s", res.StatusCode, body)
	}
	list = ds.mail(t)
	if got, want := countMail(list, shop.LetterAdminPayment), every(shop.MailHeld, adminEmail, ops.Email, quiet.Email); !sameCounts(got, want) {
		t.Fatalf("payment notifications %v, want %v", got, want)
	}
	if got := countMail(list, shop.LetterOrderPaid); got[ds.alice.Email+" disabled"] != 1 {
		t.Fatalf("the customer's paid e-mails: %v", got)
	}

	// a quote request
	quoteID := ds.mustQuote(t, ds.bob.Token, lathe.ID, 40)
	list = ds.mail(t)
	if got, want := countMail(list, shop.LetterAdminQuoteRequest), every(shop.MailHeld, adminEmail, ops.Email, quiet.Email); !sameCounts(got, want) {
		t.Fatalf("quote request notifications %v, want %v", got, want)
	}
	if m := mailTo(t, ds.testServer, shop.LetterAdminQuoteRequest, adminEmail); !strings.HasPrefix(m.Subject, "Quote request #") ||
		!strings.Contains(m.Text, "Lathe x 40") || !strings.Contains(m.Text, siteURL+"/dashboard/quotes") {
		t.Fatalf("quote request e-mail: %q\n%s", m.Subject, m.Text)
	}

	// the quote accepted: its order is a new order as well, told like one
	ds.mustPrice(t, quoteID, "2026-03-31", map[string]float64{lathe.ID: 2400})
	if res, body := ds.send(t, "POST", "/quotes/"+quoteID+"/accept", ds.bob.Token, delivery); res.StatusCode != 200 {
		t.Fatalf("accept: %d %s", res.StatusCode, body)
	}
	list = ds.mail(t)
	twice := map[string]int{}
	for k, n := range every(shop.MailHeld, adminEmail, ops.Email) {
		twice[k] = 2 * n
	}
	if got := countMail(list, shop.LetterAdminNewOrder); !sameCounts(got, twice) {
		t.Fatalf("new order notifications after the acceptance %v, want %v", got, twice)
	}
	if !hasMail(list, shop.LetterAdminNewOrder, ops.Email, ": Lathe x 40") {
		t.Fatal("no new-order notification of the quote's order")
	}

	// a claim
	if res, body := ds.send(t, "PUT", "/order/update/"+orderID, ds.admin.Token, nil); res.StatusCode != 200 {
		t.Fatalf("ship: %d %s", res.StatusCode, body)
	}
	ds.mustClaim(t, ds.alice.Token, orderID)
	list = ds.mail(t)
	if got, want := countMail(list, shop.LetterAdminClaim), every(shop.MailHeld, adminEmail, ops.Email); !sameCounts(got, want) {
		t.Fatalf("claim notifications %v, want %v", got, want)
	}
	if m := mailTo(t, ds.testServer, shop.LetterAdminClaim, ops.Email); !strings.Contains(m.Subject, "for order #"+itoa64(ord.Number)) ||
		!strings.Contains(m.Text, "The motor hums") || !strings.Contains(m.Text, siteURL+"/dashboard/claims") {
		t.Fatalf("claim e-mail: %q\n%s", m.Subject, m.Text)
	}

	// the digest admin got nothing per event; their digest comes once, at 07:00 UTC the next day
	for _, m := range ds.mail(t) {
		if m.To == daily.Email && m.Status != shop.MailHeld {
			t.Fatalf("the digest admin got an e-mail: %s %q", m.Status, m.Subject)
		}
	}
	ctx := context.Background()
	if n, err := ds.deps.Notifications.SendDigests(ctx); err != nil || n != 0 {
		t.Fatalf("a digest before its time: %d %v", n, err)
	}
	ds.clock.Set("2026-03-11T07:05:00Z")
	if n, err := ds.deps.Notifications.SendDigests(ctx); err != nil || n != 1 {
		t.Fatalf("digests: %d %v, want 1", n, err)
	}
	if n, err := ds.deps.Notifications.SendDigests(ctx); err != nil || n != 0 {
		t.Fatalf("a second pass: %d %v, want 0", n, err)
	}
	list = ds.mail(t)
	if got := countMail(list, shop.LetterAdminDigest); !sameCounts(got, map[string]int{daily.Email + " disabled": 1}) {
		t.Fatalf("digests %v", got)
	}
	d := mailTo(t, ds.testServer, shop.LetterAdminDigest, daily.Email)
	if d.Subject != "Your daily digest for 2026-03-11: 5 new events" {
		t.Fatalf("digest subject %q", d.Subject)
	}
	for _, part := range []string{"New order #" + itoa64(ord.Number), "Order #" + itoa64(ord.Number) + " paid", "Quote request #", "Claim #", siteURL + "/dashboard/notifications"} {
		if !strings.Contains(d.Text, part) {
			t.Fatalf("the digest lacks %q:\n%s", part, d.Text)
		}
	}
	for _, m := range list {
		if m.Status == shop.MailHeld {
			t.Fatalf("a held notification stayed after its digest: %q", m.Subject)
		}
	}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
