package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/httpapi"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// Issue 43: one purchase lifecycle. Each test here names the defect of the
// outside walk it reproduces; each failed on the main before it.

// TestLifecycle_MemberAnswersForItsGroup (defect 2): a line of a cart is
// shipped, cancelled, paid only with its purchase; the spec's single-order
// calls on it answer 409 naming the purchase and change nothing, and no
// reachable state leaves the purchase neither payable nor cancellable. On
// the main before, PUT /order/update/{member} answered 200, and the
// group's cancel then stuck it "being cancelled" for good.
func TestLifecycle_MemberAnswersForItsGroup(t *testing.T) {
	t.Parallel()
	ts, admin, alice, lathe, press, g := cartOfTwoLines(t)
	member := g.OrderIDs[0]
	num := ts.order(t, member).Number
	inGroup := fmt.Sprintf(shop.MsgInGroup, num, g.Number)

	for _, c := range []struct {
		method, path, token string
		body                any
	}{
		{"PUT", "/order/update/" + member, admin.Token, map[string]any{"shipped": true, "pending": false}},
		{"PUT", "/order/update/" + member, admin.Token, nil},
		{"DELETE", "/delete/" + member, alice.Token, nil},
		{"POST", "/create-payment-intent", alice.Token, map[string]any{"orderId": member, "price": 200}},
		{"PATCH", "/pay/" + member, alice.Token, map[string]any{"transactionId": "pi_x", "order": member}},
	} {
		res, body := ts.send(t, c.method, c.path, c.token, c.body)
		if p := mustProblem(t, res, body, 409); p.Detail != inGroup {
			t.Fatalf("%s %s: %q, want %q", c.method, c.path, p.Detail, inGroup)
		}
	}
	if o := ts.order(t, member); o.Shipped || o.Paid || ts.stock(t, lathe.ID) != 8 || ts.stock(t, press.ID) != 7 {
		t.Fatalf("a refused single-order call changed something: %+v", o)
	}
	// GET /pay/{member}: the order, its purchase and that it is paid with it.
	res, body := ts.send(t, "GET", "/pay/"+member, alice.Token, nil)
	var got struct {
		ID             string `json:"_id"`
		Group          string `json:"group"`
		PurchaseNumber int64  `json:"purchaseNumber"`
		Payable        *bool  `json:"payable"`
	}
	if err := json.Unmarshal(body, &got); res.StatusCode != 200 || err != nil || got.Group != g.GroupID || got.PurchaseNumber != g.Number ||
		got.Payable == nil || *got.Payable {
		t.Fatalf("GET /pay/{member}: %d %s", res.StatusCode, body)
	}
	// The purchase stays payable and cancellable: shipped whole, then paid.
	if res, body := ts.send(t, "PUT", "/groups/"+g.GroupID+"/ship", admin.Token, map[string]any{"carrier": "UPS"}); res.StatusCode != 200 {
		t.Fatalf("ship the purchase: %d %s", res.StatusCode, body)
	}
	for _, id := range g.OrderIDs {
		if o := ts.order(t, id); !o.Shipped || o.Carrier != "UPS" {
			t.Fatalf("a line of the shipped purchase: %+v", o)
		}
	}
	// Shipped: its cancel is refused before anything changes.
	res, body = ts.send(t, "DELETE", "/groups/"+g.GroupID, alice.Token, nil)
	if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgGroupShipped {
		t.Fatalf("cancel a shipped purchase: %q", p.Detail)
	}
	if grp := ts.group(t, g.GroupID); grp.Cancelling != "" || ts.stock(t, lathe.ID) != 8 || ts.stock(t, press.ID) != 7 {
		t.Fatalf("a refused cancel changed the purchase: %+v", grp)
	}
	// and it can still be paid (an admin may ship unpaid).
	secret := decode[struct {
		ClientSecret string `json:"clientSecret"`
	}](t, must200(t, ts, "POST", "/create-payment-intent", alice.Token, map[string]any{"groupId": g.GroupID})).ClientSecret
	_, pi, _ := ts.payWithCard(t, secret, "4242424242424242")
	must200(t, ts, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]any{"transactionId": pi})
	if grp := ts.group(t, g.GroupID); !grp.Paid || !grp.Shipped {
		t.Fatalf("the purchase: %+v", grp)
	}
	// A claim on a line of it is accepted.
	res, body = ts.send(t, "POST", "/claims", alice.Token, map[string]any{"orderId": member, "reason": "It arrived broken.", "images": []string{}})
	if res.StatusCode != 201 {
		t.Fatalf("claim on a line: %d %s", res.StatusCode, body)
	}
}

// TestLifecycle_ALineOfAPurchaseBeingCancelled: while a purchase's cancel
// is under way (a cancel or an expiry that stopped between its lines, for
// the recovery sweep to finish: some lines may be gone, their stock back),
// the spec's single-order calls on a line say so rather than "cancelled
// only with its group", and change nothing. The soak's randomized histories
// found a line's cancel answering as if its purchase stood, after an
// expiry's fault had given back another line's stock.
func TestLifecycle_ALineOfAPurchaseBeingCancelled(t *testing.T) {
	t.Parallel()
	ts, admin, alice, lathe, press, g := cartOfTwoLines(t)
	member := g.OrderIDs[0]
	if _, err := ts.store.BeginCancelGroup(context.Background(), g.GroupID, "c0ffee00c0ffee00c0ffee00"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		method, path, token string
		body                any
	}{
		{"DELETE", "/delete/" + member, alice.Token, nil},
		{"PUT", "/order/update/" + member, admin.Token, map[string]any{"shipped": true, "pending": false}},
		{"PATCH", "/pay/" + member, alice.Token, map[string]any{"transactionId": "pi_x", "order": member}},
	} {
		res, body := ts.send(t, c.method, c.path, c.token, c.body)
		if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgGroupCanceling {
			t.Fatalf("%s %s: %q, want %q", c.method, c.path, p.Detail, shop.MsgGroupCanceling)
		}
	}
	if o := ts.order(t, member); o.Shipped || o.Paid || ts.stock(t, lathe.ID) != 8 || ts.stock(t, press.ID) != 7 {
		t.Fatalf("a refused single-order call changed something: %+v", o)
	}
	if grp := ts.group(t, g.GroupID); grp.Cancelling != "c0ffee00c0ffee00c0ffee00" {
		t.Fatalf("the purchase's cancel mark: %+v", grp)
	}
}

// cartOfTwoLines is a server, its admin, and Alice's purchase of two lines:
// 2 of the lathe and 3 of the press, 10 of each in stock.
func cartOfTwoLines(t *testing.T) (ts *testServer, admin, alice account, lathe, press shop.Product, g checkedOut) {
	t.Helper()
	ts = mustServe(t)
	admin = ts.mustRegister(t, "Boss", adminEmail)
	alice = ts.quickAccount(t, "Alice", "alice@shop.test")
	lathe = ts.mustProduct(t, "Lathe", 100_00, 10, 1)
	press = ts.mustProduct(t, "Press", 50_00, 10, 1)
	return ts, admin, alice, lathe, press, ts.mustCheckout(t, alice.Token, lathe.ID, 2, press.ID, 3)
}

func must200(tb testing.TB, ts *testServer, method, path, token string, body any) []byte {
	tb.Helper()
	res, out := ts.send(tb, method, path, token, body)
	if res.StatusCode != 200 {
		tb.Fatalf("%s %s: %d %s", method, path, res.StatusCode, out)
	}
	return out
}

// TestLifecycle_TheTotalShownIsTheAmountCharged (defect 3): with TAX_RATE
// set, every path's answer carries what is charged, tax included, before
// any payment: the placed order, GET /pay/{id}, a priced quote, a
// checkout; and the intent is for exactly that. On the main before, POST
// /order answered no amount, and a quote no figures: the client computed
// price x quantity and showed it.
func TestLifecycle_TheTotalShownIsTheAmountCharged(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 825}) // 8.25 %
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Welder", 1290_99, 20, 1)

	// 3 x 1,290.99 = 3,872.97; tax 319.52 (319.520025 rounded half up): 4,192.49
	res, body := ts.send(t, "POST", "/order", alice.Token, map[string]any{"productId": p.ID, "productQuantity": "3", "address": "1 Mill Road",
		"mobile": "+44 113 496 0000", "name": "Mallory", "productPrice": 0.01, "productName": "Free", "email": "x@y.test", "image": "x"})
	placed := decode[struct {
		InsertedID string  `json:"insertedId"`
		Amount     int64   `json:"amount"`
		Tax        float64 `json:"tax"`
	}](t, body)
	if res.StatusCode != 201 || placed.Amount != 419249 || placed.Tax != 319.52 {
		t.Fatalf("POST /order: %d %s, want amount 419249 and tax 319.52", res.StatusCode, body)
	}
	if o := decode[shop.Order](t, must200(t, ts, "GET", "/pay/"+placed.InsertedID, alice.Token, nil)); o.Amount != 419249 || o.Tax != 31952 {
		t.Fatalf("GET /pay: %+v", o)
	}
	secret := decode[struct {
		ClientSecret string `json:"clientSecret"`
	}](t, must200(t, ts, "POST", "/create-payment-intent", alice.Token, map[string]any{"orderId": placed.InsertedID, "price": 1})).ClientSecret
	id, _, _ := strings.Cut(secret, "_secret_")
	if ti, err := ts.store.FindTestIntent(context.Background(), id); err != nil || ti.Amount != 419249 {
		t.Fatalf("the intent: %+v %v, want 419249 cents", ti, err)
	}

	// A checkout: each line's tax rounded as its own order's:
	// 1,290.99 + 106.51 (106.506675) and 3 x 19.99 = 59.97 + 4.95 (4.947525).
	cutter := ts.mustProduct(t, "Cutter", 19_99, 20, 1)
	c := ts.mustCheckout(t, alice.Token, p.ID, 1, cutter.ID, 3)
	if c.Total != 1462.42 || c.Tax != 111.46 {
		t.Fatalf("checkout: %+v", c)
	}

	// A priced quote answers what accepting it charges.
	res, body = ts.send(t, "POST", "/quotes", alice.Token, map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 3}}, "message": "Price?"})
	if res.StatusCode != 201 {
		t.Fatalf("quote: %d %s", res.StatusCode, body)
	}
	qid := decode[struct {
		InsertedID string `json:"insertedId"`
	}](t, body).InsertedID
	priced := decode[shop.Quote](t, must200(t, ts, "PATCH", "/quotes/"+qid, admin.Token, map[string]any{
		"items": []map[string]any{{"productId": p.ID, "unitPrice": 1290.99}}, "validUntil": time.Now().AddDate(0, 0, 10).Format(time.DateOnly)}))
	if f := priced.Figures; f == nil || f.Amount != 419249 || f.Tax != 31952 || f.Subtotal != 387297 {
		t.Fatalf("the priced quote's figures: %+v", priced.Figures)
	}
	var listed []shop.Quote
	_, body = ts.send(t, "GET", "/quotes", alice.Token, nil)
	if err := json.Unmarshal(body, &listed); err != nil || len(listed) != 1 || listed[0].Figures == nil || listed[0].Figures.Amount != 419249 {
		t.Fatalf("GET /quotes: %s", body)
	}
	res, body = ts.send(t, "POST", "/quotes/"+qid+"/accept", alice.Token, map[string]any{"address": "1 Mill Road", "mobile": "+44 113 496 0000", "revision": 1})
	if res.StatusCode != 200 {
		t.Fatalf("accept: %d %s", res.StatusCode, body)
	}
	if g := ts.group(t, qid); g.Amount != 419249 {
		t.Fatalf("the accepted quote's purchase charges %d, its figures said 419249", g.Amount)
	}
}

// TestLifecycle_PaymentForAPurchaseGoneIsRefunded (defect 4): a payment
// that succeeds at the provider for a purchase of this store that no
// longer exists (a cancel that decided before the intent was attached,
// on the main before) is refunded through the provider, recorded, and the
// admins are told; PATCH /pay still answers 404. An intent this store did
// not make is never touched. On the main before nothing refunded it.
func TestLifecycle_PaymentForAPurchaseGoneIsRefunded(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ctx := context.Background()
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Welder", 500_00, 20, 1)
	id := ts.mustOrder(t, alice.Token, p.ID, 1)
	secret := ts.clientSecret(t, alice.Token, id)
	// The lost race: the purchase is withdrawn behind the intent's back
	// (its stock back), then the customer's card is charged.
	g := ts.group(t, id)
	if _, err := ts.store.BeginCancelGroup(ctx, id, "0123456789abcdef01234567"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ts.deps.Purchases.Recover(ctx, time.Now().Add(time.Hour)); err != nil { // finishes the cancel it began
		t.Fatal(err)
	}
	if _, err := ts.store.FindGroup(ctx, g.ID); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("the purchase stands: %v", err)
	}
	status, pi, _ := ts.payWithCard(t, secret, "4242424242424242")
	if status != 200 {
		t.Fatalf("card: %d", status)
	}
	res, body := ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]any{"transactionId": pi})
	mustProblem(t, res, body, 404)
	if ti, err := ts.store.FindTestIntent(ctx, pi); err != nil || ti.Status != shop.IntentRefunded {
		t.Fatalf("the payment for the cancelled order: %+v %v, want refunded", ti, err)
	}
	rec, err := ts.store.FindIntentRecord(ctx, pi)
	if err != nil || rec.Outcome != shop.IntentRefunded || rec.Refund == "" {
		t.Fatalf("the intent's record: %+v %v", rec, err)
	}
	mails := ts.mailbox.to(adminEmail, shop.LetterAdminRefund)
	if len(mails) != 1 || !strings.Contains(mails[0].Subject, "Payment refunded: $500.00 USD for order #"+strconv.FormatInt(g.Number, 10)) {
		t.Fatalf("the admin's refund e-mail: %+v", mails)
	}
	// Again (the webhook, the sweep): refunded once.
	if n, err := ts.deps.Payments.SettleIntents(ctx, time.Now().Add(time.Hour)); err != nil || n != 0 {
		t.Fatalf("the sweep after: %d %v", n, err)
	}
	if len(ts.mailbox.to(adminEmail, shop.LetterAdminRefund)) != 1 {
		t.Fatal("refunded twice")
	}
	_ = admin

	// The sweep, without PATCH or webhook: a second order paid after its
	// purchase went is refunded by the sweep of open intents.
	id2 := ts.mustOrder(t, alice.Token, p.ID, 1)
	secret2 := ts.clientSecret(t, alice.Token, id2)
	if _, err := ts.store.BeginCancelGroup(ctx, id2, "0123456789abcdef01234568"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ts.deps.Purchases.Recover(ctx, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	_, pi2, _ := ts.payWithCard(t, secret2, "4242424242424242")
	if n, err := ts.deps.Payments.SettleIntents(ctx, time.Now().Add(time.Hour)); err != nil || n != 1 {
		t.Fatalf("the sweep: %d %v", n, err)
	}
	if ti, _ := ts.store.FindTestIntent(ctx, pi2); ti.Status != shop.IntentRefunded {
		t.Fatalf("the sweep left the payment: %+v", ti)
	}

	// A payment this store never made (another system on the same
	// account), for an id of nothing here: left alone.
	other := shop.TestIntent{ID: "pi_test_elsewhere", ClientSecret: "pi_test_elsewhere_secret_x", Status: shop.IntentSucceeded, Amount: 100, OrderID: "0123456789abcdef01234569"}
	if err := ts.store.InsertTestIntent(ctx, other); err != nil {
		t.Fatal(err)
	}
	payload, sig := signedEvent(t, "evt_elsewhere", other.OrderID, other.ID, 100, time.Now(), webhookSecret)
	if status, body := ts.postWebhook(t, payload, sig); status != 200 {
		t.Fatalf("webhook: %d %s", status, body)
	}
	if ti, _ := ts.store.FindTestIntent(ctx, other.ID); ti.Status != shop.IntentSucceeded {
		t.Fatalf("another system's payment was touched: %+v", ti)
	}
}

// TestLifecycle_ListsByPurchase (defect 5): My Orders and Manage Orders
// page, filter and count by purchase, so a cart is never split across
// pages. On the main before, they paged by order (no GET /groups).
func TestLifecycle_ListsByPurchase(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	p := ts.mustProduct(t, "Bolt", 1_00, 1000, 1)
	q := ts.mustProduct(t, "Nut", 50, 1000, 1)
	for range 19 {
		ts.mustOrder(t, alice.Token, p.ID, 1)
	}
	r := ts.mustProduct(t, "Washer", 10, 1000, 1)
	cart := ts.mustCheckout(t, alice.Token, p.ID, 2, q.ID, 80, r.ID, 5) // 3 orders: by order, they would straddle page 1's end
	ts.mustOrder(t, alice.Token, q.ID, 3)
	ts.mustOrder(t, bob.Token, q.ID, 4)

	page := func(token, query string) ([]shop.Group, int) {
		res, body := ts.send(t, "GET", "/groups"+query, token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("GET /groups%s: %d %s", query, res.StatusCode, body)
		}
		total, _ := strconv.Atoi(res.Header.Get("X-Total-Count"))
		return decode[[]shop.Group](t, body), total
	}
	first, total := page(alice.Token, "?limit=20")
	second, _ := page(alice.Token, "?limit=20&skip=20")
	if total != 21 || len(first) != 20 || len(second) != 1 {
		t.Fatalf("alice's purchases: total %d, pages %d + %d", total, len(first), len(second))
	}
	var seen int
	for _, g := range append(first, second...) {
		if g.ID == cart.GroupID {
			seen++
			if len(g.Orders) != 3 || g.Number != cart.Number || g.Status != shop.OrderUnpaid || g.Amount != int64(cart.Total*100) {
				t.Fatalf("the cart, listed: %+v", g)
			}
		} else if len(g.Orders) != 1 || g.Orders[0].ID != g.ID {
			t.Fatalf("a single order's purchase: %+v", g)
		}
	}
	if seen != 1 {
		t.Fatalf("the cart is listed %d times", seen)
	}
	// The buyer's own only; another's address is 403; an admin sees all
	// and filters by status.
	res, body := ts.send(t, "GET", "/groups?email="+alice.Email, bob.Token, nil)
	mustProblem(t, res, body, 403)
	if mine, total := page(bob.Token, ""); total != 1 || len(mine) != 1 {
		t.Fatalf("bob's purchases: %d", total)
	}
	if _, total := page(admin.Token, ""); total != 22 {
		t.Fatalf("every purchase: %d", total)
	}
	must200(t, ts, "PUT", "/groups/"+cart.GroupID+"/ship", admin.Token, map[string]any{})
	shipped, total := page(admin.Token, "?status=shipped")
	if total != 1 || shipped[0].ID != cart.GroupID || len(shipped[0].Orders) != 3 {
		t.Fatalf("shipped purchases: %d %+v", total, shipped)
	}
	if _, total := page(admin.Token, "?status=unpaid"); total != 21 {
		t.Fatalf("unpaid purchases: %d", total)
	}
	res, body = ts.send(t, "GET", "/groups?status=lost", admin.Token, nil)
	mustProblem(t, res, body, 400)
}

// TestLifecycle_ReservationsAreBounded (defect 6): one account cannot hold
// the stock for ever: UNPAID_LIMIT placed unpaid purchases (3 until its
// address is verified) then 409 saying what to do, ORDER_BURST then 429,
// and RESERVATION_TTL cancels an unpaid purchase (a reminder at half of
// it, a cancellation e-mail, reason "not paid in time"), while a shipped
// unpaid one is exempt. On the main before, an unverified account held
// any number of unpaid orders, for ever.
func TestLifecycle_ReservationsAreBounded(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-06-01T10:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now, unpaidLimit: 4, unpaidLimitUnverified: 2, reservationTTL: 72 * time.Hour})
	ctx := context.Background()
	admin := ts.mustRegister(t, "Boss", adminEmail)
	mallory := ts.quickAccount(t, "Mallory", "mallory@shop.test")
	p := ts.mustProduct(t, "Generator", 100_00, 100, 1)

	ids := []string{ts.mustOrder(t, mallory.Token, p.ID, 10), ts.mustOrder(t, mallory.Token, p.ID, 10)}
	res, body := ts.send(t, "POST", "/order", mallory.Token, orderBody(p.ID, 10))
	if pr := mustProblem(t, res, body, 409); pr.Detail != fmt.Sprintf(shop.MsgUnpaidLimitUnverified, 2) {
		t.Fatalf("the third unpaid order of an unverified account: %q", pr.Detail)
	}
	res, body = ts.send(t, "POST", "/checkout", mallory.Token, checkoutBody(p.ID, 1))
	mustProblem(t, res, body, 409)
	if ts.stock(t, p.ID) != 80 {
		t.Fatalf("stock %d: a refused order took stock", ts.stock(t, p.ID))
	}
	// Verified, the account may hold 4; a cancel frees a place.
	if _, err := ts.store.MarkVerified(ctx, mallory.ID, false); err != nil {
		t.Fatal(err)
	}
	ids = append(ids, ts.mustOrder(t, mallory.Token, p.ID, 10), ts.mustOrder(t, mallory.Token, p.ID, 10))
	res, body = ts.send(t, "POST", "/order", mallory.Token, orderBody(p.ID, 10))
	if pr := mustProblem(t, res, body, 409); pr.Detail != fmt.Sprintf(shop.MsgUnpaidLimit, 4) {
		t.Fatalf("the fifth: %q", pr.Detail)
	}
	must200(t, ts, "DELETE", "/delete/"+ids[3], mallory.Token, nil)
	ids = append(ids[:3], ts.mustOrder(t, mallory.Token, p.ID, 10))

	// An admin ships one unpaid: it no longer counts, and never expires.
	must200(t, ts, "PUT", "/order/update/"+ids[0], admin.Token, map[string]any{"shipped": true, "pending": false})

	// Half the reservation: one reminder each, once.
	clock.Add(36*time.Hour + time.Minute)
	if r, e, err := ts.deps.Purchases.Expire(ctx); err != nil || r != 3 || e != 0 {
		t.Fatalf("at half time: reminded %d, expired %d, %v", r, e, err)
	}
	if r, _, _ := ts.deps.Purchases.Expire(ctx); r != 0 {
		t.Fatalf("reminded again: %d", r)
	}
	if n := len(ts.mailbox.to(mallory.Email, shop.LetterPaymentReminder)); n != 3 {
		t.Fatalf("%d reminders", n)
	}
	// Past it: cancelled, stock back, recorded "not paid in time", told.
	clock.Add(36 * time.Hour)
	if r, e, err := ts.deps.Purchases.Expire(ctx); err != nil || r != 0 || e != 3 {
		t.Fatalf("past the reservation: reminded %d, expired %d, %v", r, e, err)
	}
	if ts.stock(t, p.ID) != 90 {
		t.Fatalf("stock %d after the expiry, want 90 (the shipped one keeps its 10)", ts.stock(t, p.ID))
	}
	recs := ts.cancellationsOf(t, ids[1])
	if len(recs) != 1 || recs[0].Reason != shop.ReasonNotPaidInTime || recs[0].By != shop.CancelledBySystem {
		t.Fatalf("the record: %+v", recs)
	}
	if n := len(ts.mailbox.to(mallory.Email, shop.LetterOrderExpired)); n != 3 {
		t.Fatalf("%d cancellation e-mails", n)
	}
	if o := ts.order(t, ids[0]); !o.Shipped {
		t.Fatalf("the shipped unpaid order expired: %+v", o)
	}
}

// TestLifecycle_OrdersRateLimited: ORDER_BURST purchases at once per
// account, then 429 with Retry-After; another account is not held back.
func TestLifecycle_OrdersRateLimited(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{limits: httpapi.Limits{Orders: ratelimit.Rate{Burst: 3, Interval: time.Hour}}})
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	p := ts.mustProduct(t, "Bolt", 1_00, 100, 1)
	for range 3 {
		ts.mustOrder(t, alice.Token, p.ID, 1)
	}
	res, body := ts.send(t, "POST", "/checkout", alice.Token, checkoutBody(p.ID, 1))
	mustProblem(t, res, body, http.StatusTooManyRequests)
	if mustRetryAfter(t, res) < 1 {
		t.Fatal("no Retry-After")
	}
	ts.mustOrder(t, bob.Token, p.ID, 1)
}

// TestLifecycle_OneNumberOneMailPerEvent: a cart of three products is one
// purchase: one number (from the orders' counter: it never repeats an
// order's), one "received", one "paid" and one "shipped" e-mail, and the
// sales count one purchase of three orders.
func TestLifecycle_OneNumberOneMailPerEvent(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	gen := ts.mustProduct(t, "Generator", 1000_00, 10, 1)
	bearing := ts.mustProduct(t, "Bearing", 5_00, 500, 10)
	nuts := ts.mustProduct(t, "Nut box", 2_00, 500, 1)
	single := ts.order(t, ts.mustOrder(t, alice.Token, gen.ID, 1))
	g := ts.mustCheckout(t, alice.Token, gen.ID, 2, bearing.ID, 60, nuts.ID, 20)
	numbers := map[int64]bool{single.Number: true}
	if numbers[g.Number] {
		t.Fatalf("the cart's number %d repeats an order's", g.Number)
	}
	for _, id := range g.OrderIDs {
		if n := ts.order(t, id).Number; numbers[n] || n == g.Number {
			t.Fatalf("number %d used twice", n)
		}
	}
	received := ts.mailbox.to(alice.Email, shop.LetterOrderPlaced)
	if len(received) != 2 || !strings.Contains(received[1].Subject, fmt.Sprintf("Order #%d received: 3 products", g.Number)) ||
		!strings.Contains(received[1].Text, "Bearing x 60") || strings.Contains(withoutLinks(received[1].Text), "82") {
		t.Fatalf("received e-mails: %+v", received)
	}
	if n := len(ts.mailbox.to(adminEmail, shop.LetterAdminNewOrder)); n != 2 {
		t.Fatalf("%d admin new-order e-mails for two purchases", n)
	}
	secret := decode[struct {
		ClientSecret string `json:"clientSecret"`
	}](t, must200(t, ts, "POST", "/create-payment-intent", alice.Token, map[string]any{"groupId": g.GroupID})).ClientSecret
	_, pi, _ := ts.payWithCard(t, secret, "4242424242424242")
	must200(t, ts, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]any{"transactionId": pi})
	must200(t, ts, "PUT", "/groups/"+g.GroupID+"/ship", admin.Token, map[string]any{"trackingNumber": "1Z1"})
	if n := len(ts.mailbox.to(alice.Email, shop.LetterOrderPaid)); n != 1 {
		t.Fatalf("%d paid e-mails", n)
	}
	if n := len(ts.mailbox.to(alice.Email, shop.LetterOrderShipped)); n != 1 {
		t.Fatalf("%d shipped e-mails", n)
	}
	_, body := ts.send(t, "GET", "/admin/sales?months=1", admin.Token, nil)
	if !strings.Contains(string(body), `"orders":3,"purchases":1,`) {
		t.Fatalf("sales: %s", body)
	}
}
