package httpapi_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// Order groups (issue 34): checkout all or nothing, one payment, a cancel
// whole, and the spec's single-order calls refused for a group's orders.

type checkedOut struct {
	GroupID  string   `json:"groupId"`
	Number   int64    `json:"number"`
	OrderIDs []string `json:"orderIds"`
	Total    float64  `json:"total"`
	Tax      float64  `json:"tax"`
}

func checkoutBody(items ...any) map[string]any {
	list := []map[string]any{}
	for i := 0; i < len(items); i += 2 {
		list = append(list, map[string]any{"productId": items[i], "quantity": items[i+1]})
	}
	return map[string]any{"items": list, "address": "12 Quarry Road, Leeds", "mobile": "+44 113 496 0000",
		"poNumber": "PO-7731", "company": "Quarry Works Ltd"}
}

func (ts *testServer) mustCheckout(tb testing.TB, token string, items ...any) checkedOut {
	tb.Helper()
	res, body := ts.send(tb, "POST", "/checkout", token, checkoutBody(items...))
	if res.StatusCode != 201 {
		tb.Fatalf("checkout: %d %s", res.StatusCode, body)
	}
	return decode[checkedOut](tb, body)
}

func (ts *testServer) group(tb testing.TB, id string) shop.Group {
	tb.Helper()
	g, err := ts.store.FindGroup(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

func TestCheckout_AllOrNothing(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 1000}) // 10%
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	lathe := ts.mustProduct(t, "Lathe", 100_00, 10, 2)
	press := ts.mustProduct(t, "Press", 33_35, 1, 1)
	drill := ts.mustProduct(t, "Drill", 5_00, 20, 1)

	t.Run("ErrOneLineShort_NothingReserved", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/checkout", alice.Token, checkoutBody(lathe.ID, 2, press.ID, 3, drill.ID, 1))
		p := mustProblem(t, res, body, 409)
		if !strings.Contains(p.Detail, "Press") || strings.Contains(p.Detail, "Lathe") {
			t.Fatalf("the 409 does not name the short line: %q", p.Detail)
		}
		if ts.stock(t, lathe.ID) != 10 || ts.stock(t, press.ID) != 1 || ts.stock(t, drill.ID) != 20 || ts.orderCount(t, alice.Email) != 0 {
			t.Fatal("a refused checkout reserved stock or placed orders")
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		for name, body := range map[string]map[string]any{
			"BelowMinimum": checkoutBody(lathe.ID, 1),
			"NoLines":      checkoutBody(),
			"Duplicate":    checkoutBody(drill.ID, 1, drill.ID, 2),
			"Unknown":      checkoutBody("0123456789abcdef01234567", 1),
		} {
			res, b := ts.send(t, "POST", "/checkout", alice.Token, body)
			mustProblem(t, res, b, 400)
			_ = name
		}
	})
	t.Run("OK_OneOrderPerLineWithTax", func(t *testing.T) {
		out := ts.mustCheckout(t, alice.Token, lathe.ID, 2, press.ID, 1)
		// 200.00 + 20.00 tax; 33.35 + 3.335 -> 3.34 tax
		if len(out.OrderIDs) != 2 || out.Total != 256.69 || out.Tax != 23.34 || out.Number < 1001 {
			t.Fatalf("checkout answer: %+v", out)
		}
		if ts.stock(t, lathe.ID) != 8 || ts.stock(t, press.ID) != 0 {
			t.Fatalf("stock after checkout: %d %d", ts.stock(t, lathe.ID), ts.stock(t, press.ID))
		}
		o := ts.order(t, out.OrderIDs[1])
		if o.Group != out.GroupID || o.Tax != 3_34 || o.Amount != 33_35+3_34 || o.ProductName != "Press" || o.Paid {
			t.Fatalf("order of the group: %+v", o)
		}
		res, body := ts.send(t, "GET", "/groups/"+out.GroupID, alice.Token, nil)
		g := decode[shop.Group](t, body)
		if res.StatusCode != 200 || g.Total != 256_69 || g.PONumber != "PO-7731" || g.Company != "Quarry Works Ltd" || g.Paid || len(g.OrderIDs) != 2 {
			t.Fatalf("GET /groups: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "GET", "/order?email="+alice.Email, alice.Token, nil)
		if res.StatusCode != 200 || strings.Count(string(body), `"group":"`+out.GroupID+`"`) != 2 {
			t.Fatalf("GET /order rows lack the group: %s", body)
		}
	})
}

func TestGroups_Roles(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	p := ts.mustProduct(t, "Hoist", 50_00, 100, 1)
	q := ts.mustProduct(t, "Chain", 2_00, 100, 1)

	// visitor, owner, another customer, admin
	tokens := [4]string{"", alice.Token, bob.Token, admin.Token}
	for _, c := range []struct {
		name, method string
		path         func(g checkedOut) string
		body         func(g checkedOut) any
		want         [4]int
	}{
		{"checkout", "POST", func(checkedOut) string { return "/checkout" }, func(checkedOut) any { return checkoutBody(p.ID, 1) }, [4]int{401, 201, 201, 201}},
		{"get", "GET", func(g checkedOut) string { return "/groups/" + g.GroupID }, nil, [4]int{401, 200, 404, 200}},
		{"intent", "POST", func(checkedOut) string { return "/create-payment-intent" }, func(g checkedOut) any { return map[string]string{"groupId": g.GroupID} }, [4]int{401, 200, 404, 404}},
		{"pay", "PATCH", func(g checkedOut) string { return "/groups/" + g.GroupID + "/pay" }, func(checkedOut) any { return map[string]string{"transactionId": "pi_made_up"} }, [4]int{401, 400, 404, 404}},
		{"cancel", "DELETE", func(g checkedOut) string { return "/groups/" + g.GroupID }, nil, [4]int{401, 200, 404, 200}},
		{"single-order cancel", "DELETE", func(g checkedOut) string { return "/delete/" + g.OrderIDs[0] }, nil, [4]int{401, 409, 404, 409}},
		{"single-order intent", "POST", func(checkedOut) string { return "/create-payment-intent" }, func(g checkedOut) any { return map[string]string{"orderId": g.OrderIDs[0]} }, [4]int{401, 409, 404, 404}},
		{"single-order pay", "PATCH", func(g checkedOut) string { return "/pay/" + g.OrderIDs[0] }, func(checkedOut) any { return map[string]string{"transactionId": "pi_x"} }, [4]int{401, 409, 404, 404}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for i, tok := range tokens {
				g := ts.mustCheckout(t, alice.Token, p.ID, 1, q.ID, 3)
				var body any
				if c.body != nil {
					body = c.body(g)
				}
				res, b := ts.send(t, c.method, c.path(g), tok, body)
				if res.StatusCode != c.want[i] {
					t.Fatalf("%s as caller %d: %d, want %d: %s", c.name, i, res.StatusCode, c.want[i], b)
				}
				if c.want[i] == 409 && !strings.Contains(string(b), "group") {
					t.Fatalf("the 409 does not say why: %s", b)
				}
			}
		})
	}
}

func TestGroups_OnePayment(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 500})
	// The checkout's figures come from GET /config: the rate as a percent, and its label.
	res, body := ts.get(t, "/config")
	if cfg := decode[map[string]any](t, body); res.StatusCode != 200 || cfg["taxRate"] != 5.0 || cfg["taxLabel"] != "Sales tax" {
		t.Fatalf("config: %s", body)
	}
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Crane", 1000_00, 10, 1)
	q := ts.mustProduct(t, "Rope", 3_33, 100, 1)
	g := ts.mustCheckout(t, alice.Token, p.ID, 1, q.ID, 3)
	total := int64(1000_00+50_00) + 9_99 + 50 // 5% of 9.99 is 0.4995 -> 0.50

	res, body = ts.send(t, "POST", "/create-payment-intent", alice.Token, map[string]string{"groupId": g.GroupID})
	if res.StatusCode != 200 {
		t.Fatalf("intent: %d %s", res.StatusCode, body)
	}
	secret := decode[struct{ ClientSecret string }](t, body).ClientSecret
	pi, err := ts.deps.Payments.Provider.GetIntent(context.Background(), strings.SplitN(secret, "_secret_", 2)[0])
	if err != nil || pi.Amount != total || pi.OrderID != shop.GroupIntentPrefix+g.GroupID {
		t.Fatalf("the intent: %+v %v (want %d)", pi, err, total)
	}
	// another order's payment does not pay the group
	other := ts.mustOrder(t, alice.Token, q.ID, 1)
	_, otherPI, _ := ts.payWithCard(t, ts.clientSecret(t, alice.Token, other), "4242424242424242")
	res, body = ts.send(t, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]string{"transactionId": otherPI})
	mustProblem(t, res, body, 400)
	// not paid yet at the provider
	res, body = ts.send(t, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]string{"transactionId": pi.ID})
	mustProblem(t, res, body, 402)

	status, piID, detail := ts.payWithCard(t, secret, "4242 4242 4242 4242")
	if status != 200 || piID != pi.ID {
		t.Fatalf("confirm: %d %s", status, detail)
	}
	res, body = ts.send(t, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]string{"transactionId": piID})
	if res.StatusCode != 200 {
		t.Fatalf("pay: %d %s", res.StatusCode, body)
	}
	for _, oid := range g.OrderIDs {
		if o := ts.order(t, oid); !o.Paid || o.TransactionID != piID || o.PaidAt == nil {
			t.Fatalf("order of the paid group: %+v", o)
		}
	}
	if gr := ts.group(t, g.GroupID); !gr.Paid || gr.TransactionID != piID {
		t.Fatalf("the group: %+v", gr)
	}
	// again: nothing changes; another transaction: 409; cancel: 409
	if res, _ := ts.send(t, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]string{"transactionId": piID}); res.StatusCode != 200 {
		t.Fatalf("the same payment again: %d", res.StatusCode)
	}
	res, body = ts.send(t, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]string{"transactionId": otherPI})
	mustProblem(t, res, body, 409)
	res, body = ts.send(t, "DELETE", "/groups/"+g.GroupID, alice.Token, nil)
	mustProblem(t, res, body, 409)
	res, body = ts.send(t, "POST", "/create-payment-intent", alice.Token, map[string]string{"groupId": g.GroupID})
	mustProblem(t, res, body, 409)
}

func TestGroups_PaidByWebhook(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Winch", 40_00, 10, 1)
	q := ts.mustProduct(t, "Hook", 1_50, 10, 1)
	g := ts.mustCheckout(t, alice.Token, p.ID, 1, q.ID, 2)
	now := time.Now()
	payload, sig := signedEvent(t, "evt_group_under", shop.GroupIntentPrefix+g.GroupID, "pi_group_under", 1_00, now, webhookSecret)
	if status, _ := ts.postWebhook(t, payload, sig); status != 200 || ts.group(t, g.GroupID).Paid {
		t.Fatal("an underpaid group event paid the group")
	}
	payload, sig = signedEvent(t, "evt_group", shop.GroupIntentPrefix+g.GroupID, "pi_group", 43_00, now, webhookSecret)
	if status, body := ts.postWebhook(t, payload, sig); status != 200 {
		t.Fatalf("webhook: %d %s", status, body)
	}
	for _, oid := range g.OrderIDs {
		if o := ts.order(t, oid); !o.Paid || o.TransactionID != "pi_group" {
			t.Fatalf("order after the group's event: %+v", o)
		}
	}
}

func TestGroups_CancelWhole(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Saw", 10_00, 50, 1)
	q := ts.mustProduct(t, "Blade", 1_00, 50, 1)

	t.Run("OK_StockBackAndRecords", func(t *testing.T) {
		g := ts.mustCheckout(t, alice.Token, p.ID, 4, q.ID, 6)
		if ts.stock(t, p.ID) != 46 || ts.stock(t, q.ID) != 44 {
			t.Fatal("checkout did not reserve")
		}
		res, body := ts.send(t, "DELETE", "/groups/"+g.GroupID, admin.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"deletedCount":2`) {
			t.Fatalf("cancel: %d %s", res.StatusCode, body)
		}
		if ts.stock(t, p.ID) != 50 || ts.stock(t, q.ID) != 50 || ts.orderCount(t, alice.Email) != 0 {
			t.Fatal("the cancel did not give the stock back")
		}
		if _, err := ts.store.FindGroup(context.Background(), g.GroupID); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("the group stays: %v", err)
		}
		if recs := ts.cancellationsOf(t, g.OrderIDs[0]); len(recs) != 1 || recs[0].By != shop.CancelledByAdmin {
			t.Fatalf("cancellation records: %+v", recs)
		}
		res, body = ts.send(t, "DELETE", "/groups/"+g.GroupID, alice.Token, nil)
		mustProblem(t, res, body, 404)
	})
	t.Run("OK_ConcurrentCancelsGiveStockBackOnce", func(t *testing.T) {
		mongotest.RequireMongoDB(t, ts.store)
		for range 5 {
			g := ts.mustCheckout(t, alice.Token, p.ID, 3, q.ID, 2)
			var wg sync.WaitGroup
			statuses := make([]int, 4)
			for i := range statuses {
				wg.Add(1)
				go func() {
					defer wg.Done()
					tok := alice.Token
					if i%2 == 1 {
						tok = admin.Token
					}
					res, _ := ts.send(t, "DELETE", "/groups/"+g.GroupID, tok, nil)
					statuses[i] = res.StatusCode
				}()
			}
			wg.Wait()
			ok := 0
			for _, s := range statuses {
				switch s {
				case 200:
					ok++
				case 404, 409:
				default:
					t.Fatalf("statuses %v", statuses)
				}
			}
			if ok != 1 || ts.stock(t, p.ID) != 50 || ts.stock(t, q.ID) != 50 {
				t.Fatalf("statuses %v, stock %d %d (want one 200 and 50 50)", statuses, ts.stock(t, p.ID), ts.stock(t, q.ID))
			}
		}
	})
}

func TestGroups_AcceptedQuoteIsOneGroup(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	lathe := ds.mustProduct(t, "Quote lathe", 500_00, 10, 1)
	press := ds.mustProduct(t, "Quote press", 900_00, 10, 1)
	id := ds.mustQuote(t, ds.alice.Token, lathe.ID, 2, press.ID, 1)
	ds.mustPrice(t, id, "2026-03-31", map[string]float64{lathe.ID: 450, press.ID: 800})
	res, body := ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, delivery)
	if res.StatusCode != 200 {
		t.Fatalf("accept: %d %s", res.StatusCode, body)
	}
	out := decode[struct {
		OrderIDs []string `json:"orderIds"`
		GroupID  string   `json:"groupId"`
	}](t, body)
	g := ds.group(t, out.GroupID)
	if g.QuoteID != id || g.Total != 1700_00 || len(g.OrderIDs) != 2 || g.Placing || g.Company != ds.quote(t, id).Company {
		t.Fatalf("the quote's group: %+v", g)
	}
	for _, oid := range out.OrderIDs {
		if ds.order(t, oid).Group != out.GroupID {
			t.Fatalf("order %s is not in the group", oid)
		}
	}
	// paid once
	res, body = ds.send(t, "POST", "/create-payment-intent", ds.alice.Token, map[string]string{"groupId": g.ID})
	if res.StatusCode != 200 {
		t.Fatalf("intent: %d %s", res.StatusCode, body)
	}
	secret := decode[struct{ ClientSecret string }](t, body).ClientSecret
	_, piID, _ := ds.payWithCard(t, secret, "4242424242424242")
	if res, body := ds.send(t, "PATCH", "/groups/"+g.ID+"/pay", ds.alice.Token, map[string]string{"transactionId": piID}); res.StatusCode != 200 {
		t.Fatalf("pay: %d %s", res.StatusCode, body)
	}
	for _, oid := range out.OrderIDs {
		if !ds.order(t, oid).Paid {
			t.Fatal("an order of the paid quote group is unpaid")
		}
	}
}

// One payment for a group, verified against the provider: Stripe (stripe-mock
// behind the tests' proxy).
func TestGroups_StripePayment(t *testing.T) {
	t.Parallel()
	proxy := newStripeProxy(t)
	ts := mustServeWith(t, serveOptions{stripeURL: proxy.URL, taxRate: 825})
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Stripe welder", 1290_00, 20, 1)
	q := ts.mustProduct(t, "Stripe rods", 12_00, 200, 10)
	g := ts.mustCheckout(t, alice.Token, p.ID, 1, q.ID, 10)
	total := int64(1290_00+106_43) + 120_00 + 9_90 // 8.25%: 106.425 -> 106.43; 9.90

	res, body := ts.send(t, "POST", "/create-payment-intent", alice.Token, map[string]string{"groupId": g.GroupID})
	if res.StatusCode != 200 {
		t.Fatalf("intent: %d %s", res.StatusCode, body)
	}
	secret := decode[struct{ ClientSecret string }](t, body).ClientSecret
	proxy.mu.Lock()
	form := proxy.creates[len(proxy.creates)-1]
	proxy.mu.Unlock()
	if form.Get("amount") != "152633" || form.Get("metadata[orderId]") != shop.GroupIntentPrefix+g.GroupID || total != 1526_33 {
		t.Fatalf("intent created with %v (total %d)", form, total)
	}
	pi, _, _ := strings.Cut(secret, "_secret_")
	// not succeeded at the provider: stays unpaid
	res, body = ts.send(t, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]string{"transactionId": pi})
	mustProblem(t, res, body, 402)
	// underpaid
	proxy.set(pi, fakeIntent{Amount: total - 1, OrderID: shop.GroupIntentPrefix + g.GroupID, Status: "succeeded"})
	res, body = ts.send(t, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]string{"transactionId": pi})
	mustProblem(t, res, body, 400)
	// paid in full
	proxy.set(pi, fakeIntent{Amount: total, OrderID: shop.GroupIntentPrefix + g.GroupID, Status: "succeeded"})
	res, body = ts.send(t, "PATCH", "/groups/"+g.GroupID+"/pay", alice.Token, map[string]string{"transactionId": pi})
	if res.StatusCode != 200 {
		t.Fatalf("pay: %d %s", res.StatusCode, body)
	}
	for _, oid := range g.OrderIDs {
		if o := ts.order(t, oid); !o.Paid || o.TransactionID != pi {
			t.Fatalf("order after the group's payment: %+v", o)
		}
	}
}

// Tracking (issue 34): PUT /order/update/{id} takes an optional carrier and
// tracking number; PUT /groups/{id}/ship ships a group; the shipping e-mail
// and the order's history carry them.
func TestTracking(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Pump", 80_00, 100, 1)
	q := ts.mustProduct(t, "Hose", 4_00, 100, 1)

	t.Run("OK_SpecShipStillWorks", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		if res, body := ts.send(t, "PUT", "/order/update/"+id, admin.Token, nil); res.StatusCode != 200 {
			t.Fatalf("ship: %d %s", res.StatusCode, body)
		}
		if o := ts.order(t, id); !o.Shipped || o.Carrier != "" || o.TrackingNumber != "" {
			t.Fatalf("shipped: %+v", o)
		}
	})
	// As the spec's client sends it: no Content-Type, and a body of
	// unannounced length that is empty (chunked), or announced as 0.
	t.Run("OK_SpecShip_EmptyBodyWithoutContentType", func(t *testing.T) {
		for _, chunked := range []bool{true, false} {
			id := ts.mustOrder(t, alice.Token, p.ID, 1)
			var body io.Reader = strings.NewReader("")
			if chunked {
				body = io.NopCloser(strings.NewReader("")) // not a known length: sent chunked
			}
			req, _ := http.NewRequest("PUT", ts.URL+"/order/update/"+id, body)
			req.Header.Set("Authorization", "Bearer "+admin.Token)
			if res, out := exchange(t, req); res.StatusCode != 200 {
				t.Fatalf("chunked=%v: %d %s", chunked, res.StatusCode, out)
			}
			if o := ts.order(t, id); !o.Shipped {
				t.Fatalf("chunked=%v: not shipped: %+v", chunked, o)
			}
		}
	})
	t.Run("Err_TrackingNotJSON", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		req, _ := http.NewRequest("PUT", ts.URL+"/order/update/"+id, io.NopCloser(strings.NewReader(`carrier=DHL`)))
		req.Header.Set("Authorization", "Bearer "+admin.Token)
		if res, out := exchange(t, req); res.StatusCode != 415 {
			t.Fatalf("a body that is not JSON: %d %s", res.StatusCode, out)
		}
		if o := ts.order(t, id); o.Shipped {
			t.Fatalf("shipped by a refused call: %+v", o)
		}
	})
	t.Run("OK_OrderTracked_InMailAndHistory", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 2)
		res, body := ts.send(t, "PUT", "/order/update/"+id, admin.Token, map[string]string{"carrier": "DHL Freight", "trackingNumber": "JD014600003828"})
		if res.StatusCode != 200 {
			t.Fatalf("ship: %d %s", res.StatusCode, body)
		}
		o := ts.order(t, ts.order(t, id).ID)
		if o.Carrier != "DHL Freight" || o.TrackingNumber != "JD014600003828" {
			t.Fatalf("tracking not stored: %+v", o)
		}
		if len(o.History) != 2 || o.History[0].Event != "placed" || o.History[1].Event != "shipped" || o.History[1].TrackingNumber != "JD014600003828" {
			t.Fatalf("history: %+v", o.History)
		}
		found := testwait.Until(10*time.Second, func() bool {
			for _, m := range ts.mailbox.to(alice.Email, shop.LetterOrderShipped) {
				if strings.Contains(m.Subject, "#"+itoa64(o.Number)) {
					return strings.Contains(m.Text, "Tracking number: JD014600003828") && strings.Contains(m.Text, "Carrier: DHL Freight") &&
						strings.Contains(m.HTML, "JD014600003828")
				}
			}
			return false
		})
		if !found {
			t.Fatalf("the shipping e-mail lacks the tracking: %+v", ts.mailbox.to(alice.Email, shop.LetterOrderShipped))
		}
		res, body = ts.send(t, "GET", "/order?email="+alice.Email, alice.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"trackingNumber":"JD014600003828"`) {
			t.Fatalf("GET /order rows lack the tracking: %s", body)
		}
	})
	t.Run("ErrTooLong", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		res, body := ts.send(t, "PUT", "/order/update/"+id, admin.Token, map[string]string{"trackingNumber": strings.Repeat("9", 101)})
		mustProblem(t, res, body, 400)
		if ts.order(t, id).Shipped {
			t.Fatal("shipped with an invalid tracking number")
		}
	})
	t.Run("Roles_GroupShip", func(t *testing.T) {
		g := ts.mustCheckout(t, alice.Token, p.ID, 1, q.ID, 2)
		body := map[string]string{"carrier": "UPS", "trackingNumber": "1Z999AA10123456784"}
		for i, tok := range []string{"", alice.Token} {
			res, b := ts.send(t, "PUT", "/groups/"+g.GroupID+"/ship", tok, body)
			mustProblem(t, res, b, [2]int{401, 403}[i])
		}
		res, b := ts.send(t, "PUT", "/groups/"+g.GroupID+"/ship", admin.Token, body)
		if res.StatusCode != 200 || !strings.Contains(string(b), `"modifiedCount":2`) {
			t.Fatalf("group ship: %d %s", res.StatusCode, b)
		}
		for _, oid := range g.OrderIDs {
			if o := ts.order(t, oid); !o.Shipped || o.Carrier != "UPS" || o.TrackingNumber != "1Z999AA10123456784" {
				t.Fatalf("order of the shipped group: %+v", o)
			}
		}
		n := 0
		testwait.Until(10*time.Second, func() bool {
			n = 0
			for _, m := range ts.mailbox.to(alice.Email, shop.LetterOrderShipped) {
				if strings.Contains(m.Text, "1Z999AA10123456784") {
					n++
				}
			}
			return n == 1
		})
		if n != 1 {
			t.Fatalf("%d shipping e-mails carry the group's tracking, want 1 (one per purchase)", n)
		}
		res, b = ts.send(t, "PUT", "/groups/0123456789abcdef01234567/ship", admin.Token, body)
		mustProblem(t, res, b, 404)
	})
}
