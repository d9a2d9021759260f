package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// Issue 48: shipping methods, the checkout's preview equal to its charge,
// and freight priced by an admin before the purchase can be paid.

type figures struct {
	Subtotal       float64 `json:"subtotal"`
	Shipping       float64 `json:"shipping"`
	Tax            float64 `json:"tax"`
	Total          float64 `json:"total"`
	Days           int64   `json:"days"`
	DeliveryBy     string  `json:"deliveryBy"`
	FreightOnQuote bool    `json:"freightOnQuote"`
}

func (ts *testServer) mustMethod(tb testing.TB, token string, body map[string]any) shop.ShippingMethod {
	tb.Helper()
	res, out := ts.send(tb, "POST", "/shipping/methods", token, body)
	if res.StatusCode != 201 {
		tb.Fatalf("POST /shipping/methods: %d %s", res.StatusCode, out)
	}
	return decode[shop.ShippingMethod](tb, out)
}

// mustWeighed is a product with a weight (kg) and a lead time (days), set
// through PUT /service/{id} as an admin does.
func (ts *testServer) mustWeighed(tb testing.TB, admin string, name string, price shop.Cents, kg string, lead int) shop.Product {
	tb.Helper()
	p := ts.mustProduct(tb, name, price, 100, 1)
	res, body := ts.send(tb, "PUT", "/service/"+p.ID, admin, map[string]any{"weightKg": kg, "leadTimeDays": lead})
	if res.StatusCode != 200 {
		tb.Fatalf("PUT /service/%s: %d %s", p.ID, res.StatusCode, body)
	}
	p, _ = ts.store.FindProduct(context.Background(), p.ID)
	return p
}

func withDelivery(body map[string]any, method, country string) map[string]any {
	body["shippingMethodId"] = method
	if country != "" {
		body["country"] = country
	}
	return body
}

func TestShippingMethods_Roles(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustAdmin(t, "Ada", "ada@shop.test")
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	road := ts.mustMethod(t, admin.Token, map[string]any{"name": "Road haulage", "kind": "delivery", "countries": []string{"gb", "IE"},
		"rates": []map[string]any{{"maxKg": 5000, "price": 900}, {"maxKg": "1000", "price": "450"}}, "freeOver": 200000, "days": 5})
	if road.Rates[0].MaxKg != 1_000_000 || road.Rates[1].Price != 900_00 || road.Countries[0] != "GB" || *road.FreeOver != 200000_00 {
		t.Fatalf("stored as %+v", road)
	}
	// anyone lists them
	res, body := ts.send(t, "GET", "/shipping/methods", "", nil)
	if res.StatusCode != 200 || !strings.Contains(string(body), `"maxKg":1000,"price":450`) || !strings.Contains(string(body), `"freeOver":200000`) {
		t.Fatalf("GET /shipping/methods: %d %s", res.StatusCode, body)
	}
	// only admins write; a refusal changes nothing
	for _, who := range []string{"", alice.Token} {
		want := map[string]int{"": 401, alice.Token: 403}[who]
		for _, call := range [][3]string{{"POST", "/shipping/methods", ""}, {"PATCH", "/shipping/methods/" + road.ID, ""}, {"DELETE", "/shipping/methods/" + road.ID, ""}} {
			res, body := ts.send(t, call[0], call[1], who, map[string]any{"name": "Mine"})
			mustProblem(t, res, body, want)
		}
	}
	if m, _ := ts.store.FindShippingMethod(context.Background(), road.ID); m.Name != "Road haulage" {
		t.Fatalf("a refused write changed the method: %+v", m)
	}
	// validated: every field's problem at once, nothing stored
	res, body = ts.send(t, "POST", "/shipping/methods", admin.Token, map[string]any{"name": " ", "kind": "drone", "countries": []string{"GBR"},
		"rates": []map[string]any{{"maxKg": 0, "price": -1}}, "days": 999})
	p := mustProblem(t, res, body, 400)
	for _, f := range []string{"name", "kind", "countries[0]", "rates[0].maxKg", "rates[0].price", "days"} {
		if p.Errors[f] == "" {
			t.Errorf("no problem for %s: %+v", f, p.Errors)
		}
	}
	res, body = ts.send(t, "POST", "/shipping/methods", admin.Token, map[string]any{"name": "Freight", "kind": "freight", "rates": []map[string]any{{"maxKg": 1, "price": 1}}})
	if p := mustProblem(t, res, body, 400); p.Errors["rates"] == "" {
		t.Fatalf("a freight method with rates: %+v", p)
	}
	res, body = ts.send(t, "POST", "/shipping/methods", admin.Token, map[string]any{"name": "X", "kind": "pickup", "$set": 1})
	mustProblem(t, res, body, 400)
	// PATCH changes the fields sent; DELETE removes; audited
	res, body = ts.send(t, "PATCH", "/shipping/methods/"+road.ID, admin.Token, map[string]any{"days": 7, "freeOver": nil})
	if res.StatusCode != 200 || !strings.Contains(string(body), `"days":7`) || !strings.Contains(string(body), `"freeOver":null`) || !strings.Contains(string(body), `"Road haulage"`) {
		t.Fatalf("PATCH: %d %s", res.StatusCode, body)
	}
	res, body = ts.send(t, "PATCH", "/shipping/methods/0123456789abcdef01234567", admin.Token, map[string]any{"days": 7})
	mustProblem(t, res, body, 404)
	if res, body := ts.send(t, "DELETE", "/shipping/methods/"+road.ID, admin.Token, nil); res.StatusCode != 200 || !strings.Contains(string(body), `"deletedCount":1`) {
		t.Fatalf("DELETE: %d %s", res.StatusCode, body)
	}
	res, body = ts.send(t, "DELETE", "/shipping/methods/"+road.ID, admin.Token, nil)
	mustProblem(t, res, body, 404)
	entries, _, err := ts.store.ListAudit(context.Background(), shop.AuditQuery{Action: "shipping."}, 50, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, e := range entries {
		seen[e.Action]++
	}
	if seen["shipping.create"] < 1 || seen["shipping.update"] < 1 || seen["shipping.delete"] < 1 {
		t.Fatalf("audit: %v", seen)
	}
}

// The preview equals the charge: with tax on shipping and without, a
// weight band, free over an order value, a country not served, a pick-up.
func TestCheckoutPreview_EqualsTheCharge(t *testing.T) {
	t.Parallel()
	for _, taxShipping := range []bool{true, false} {
		ts := mustServeWith(t, serveOptions{taxRate: 1000}) // 10%
		ts.deps.Purchases.TaxShipping = taxShipping
		admin := ts.mustAdmin(t, "Ada", "ada@shop.test")
		alice := ts.quickAccount(t, "Alice", "alice@shop.test")
		pump := ts.mustWeighed(t, admin.Token, "Pump", 250_00, "12.5", 3)
		lathe := ts.mustWeighed(t, admin.Token, "Lathe", 4000_00, "800", 10)
		road := ts.mustMethod(t, admin.Token, map[string]any{"name": "Road", "kind": "delivery", "countries": []string{"GB"},
			"rates": []map[string]any{{"maxKg": 50, "price": 25}, {"maxKg": 1000, "price": 180}}, "freeOver": 10000, "days": 4})
		depot := ts.mustMethod(t, admin.Token, map[string]any{"name": "Depot pick-up", "kind": "pickup", "days": 0})
		cases := []struct {
			name                    string
			body                    map[string]any
			subtotal, shipping, tax float64
			days                    int64
			onQuote                 bool
		}{
			{"light band", withDelivery(checkoutBody(pump.ID, 2), road.ID, "gb"), 500, 25, 50 + 2.5, 4 + 3, false},
			{"heavy band", withDelivery(checkoutBody(lathe.ID, 1), road.ID, "GB"), 4000, 180, 400 + 18, 4 + 10, false},
			{"free over", withDelivery(checkoutBody(lathe.ID, 2, pump.ID, 1), road.ID, "GB"), 8250, 0, 825, 14, true},
			{"pick-up", withDelivery(checkoutBody(pump.ID, 1), depot.ID, ""), 250, 0, 25, 3, false},
			{"no method (free, as before)", checkoutBody(pump.ID, 1), 250, 0, 25, 3, false},
		}
		for _, c := range cases {
			if !taxShipping && c.shipping > 0 {
				c.tax -= c.shipping / 10
			}
			// free over: 2 × 800 + 12.5 kg is above the last band, but
			// 8,250 is over 10,000? no: below, so it is freight on quote
			res, body := ts.send(t, "POST", "/checkout/preview", "", c.body)
			if res.StatusCode != 200 {
				t.Fatalf("%s: preview %d %s", c.name, res.StatusCode, body)
			}
			f := decode[figures](t, body)
			if f.Subtotal != c.subtotal || f.Shipping != c.shipping || f.Tax != c.tax || f.Total != c.subtotal+c.shipping+c.tax ||
				f.Days != c.days || f.FreightOnQuote != c.onQuote || f.DeliveryBy == "" {
				t.Fatalf("%s (tax on shipping %v): %+v", c.name, taxShipping, f)
			}
			// signed in: the same figures, and checkout charges them
			res, body = ts.send(t, "POST", "/checkout/preview", alice.Token, c.body)
			if res.StatusCode != 200 || decode[figures](t, body) != f {
				t.Fatalf("%s: signed-in preview %d %s", c.name, res.StatusCode, body)
			}
			res, body = ts.send(t, "POST", "/checkout", alice.Token, c.body)
			if res.StatusCode != 201 {
				t.Fatalf("%s: checkout %d %s", c.name, res.StatusCode, body)
			}
			got := decode[checkedOut](t, body)
			if got.Total != f.Total || got.Tax != f.Tax {
				t.Fatalf("%s: charged %+v, previewed %+v", c.name, got, f)
			}
			g := ts.group(t, got.GroupID)
			if c.body["shippingMethodId"] != nil && (g.Shipping == nil || g.Shipping.Price.Float() != c.shipping) {
				t.Fatalf("%s: the purchase's delivery line %+v", c.name, g.Shipping)
			}
		}
		// free over: 10,000 and up ships free
		res, body := ts.send(t, "POST", "/checkout/preview", "", withDelivery(checkoutBody(pump.ID, 40), road.ID, "GB"))
		if f := decode[figures](t, body); res.StatusCode != 200 || f.Subtotal != 10000 || f.Shipping != 0 || f.FreightOnQuote {
			t.Fatalf("free over: %d %s", res.StatusCode, body)
		}
		// POST /order (the Purchase path) charges the same as its preview
		res, body = ts.send(t, "POST", "/checkout/preview", alice.Token, withDelivery(checkoutBody(pump.ID, 3), road.ID, "GB"))
		pf := decode[figures](t, body)
		res, body = ts.send(t, "POST", "/order", alice.Token, withDelivery(orderBody(pump.ID, 3), road.ID, "GB"))
		if res.StatusCode != 201 {
			t.Fatalf("POST /order: %d %s", res.StatusCode, body)
		}
		placed := decode[struct {
			ID     string `json:"insertedId"`
			Amount int64  `json:"amount"`
		}](t, body)
		if float64(placed.Amount) != pf.Total*100 || ts.group(t, placed.ID).Total.Float() != pf.Total {
			t.Fatalf("POST /order charged %d, previewed %+v", placed.Amount, pf)
		}
		secret := ts.clientSecret(t, alice.Token, placed.ID)
		status, piID, _ := ts.payWithCard(t, secret, "4242 4242 4242 4242")
		pi, err := ts.deps.Payments.Provider.GetIntent(context.Background(), piID)
		if status != 200 || err != nil || float64(pi.Amount) != pf.Total*100 {
			t.Fatalf("the intent charges %d, previewed %v", pi.Amount, pf.Total)
		}
		// a country not served, a country missing, an unknown method: 400, nothing placed
		before := ts.orderCount(t, alice.Email)
		for field, body := range map[string]map[string]any{
			"country":          withDelivery(checkoutBody(pump.ID, 1), road.ID, "FR"),
			"country ":         withDelivery(checkoutBody(pump.ID, 1), road.ID, ""), // (missing)
			"shippingMethodId": withDelivery(checkoutBody(pump.ID, 1), "0123456789abcdef01234567", "GB"),
		} {
			for _, path := range []string{"/checkout/preview", "/checkout"} {
				res, out := ts.send(t, "POST", path, alice.Token, body)
				p := mustProblem(t, res, out, 400)
				if p.Errors[strings.TrimSpace(field)] == "" {
					t.Fatalf("%s %s: %+v", path, field, p)
				}
			}
		}
		res, body = ts.send(t, "POST", "/checkout/preview", "", withDelivery(checkoutBody(pump.ID, 1), road.ID, "FR"))
		if p := mustProblem(t, res, body, 400); p.Errors["country"] != "is not served by Road: choose another delivery option" {
			t.Fatalf("not served: %+v", p)
		}
		if ts.orderCount(t, alice.Email) != before {
			t.Fatal("a refused checkout placed orders")
		}
	}
}

func TestCheckoutPreview_Input(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	p := ts.mustProduct(t, "Gauge", 10_00, 5, 2)
	// the address may still be missing; the items are checked
	res, body := ts.send(t, "POST", "/checkout/preview", "", map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 2}}})
	if f := decode[figures](t, body); res.StatusCode != 200 || f.Total != 20 || f.Shipping != 0 || f.Days != 0 {
		t.Fatalf("preview without an address: %d %s", res.StatusCode, body)
	}
	res, body = ts.send(t, "POST", "/checkout/preview", "", map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 1}}})
	if pr := mustProblem(t, res, body, 400); pr.Errors["items[0].quantity"] == "" {
		t.Fatalf("below the minimum: %+v", pr)
	}
	res, body = ts.send(t, "POST", "/checkout/preview", "", map[string]any{"items": []map[string]any{}})
	mustProblem(t, res, body, 400)
	res, body = ts.send(t, "POST", "/checkout/preview", "not-a-token", map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 2}}})
	mustProblem(t, res, body, 401)
	res, body = ts.send(t, "POST", "/checkout/preview", "", map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 2}}, "addressId": "0123456789abcdef01234567"})
	mustProblem(t, res, body, 401)
}

// A freight purchase waits for its price: it cannot be paid, neither
// expires nor counts against UNPAID_LIMIT; an admin prices it once, its
// buyer is e-mailed once, and then it is paid like any purchase.
func TestFreight_PricedThenPaid(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 1000, unpaidLimit: 1})
	admin := ts.mustAdmin(t, "Ada", "ada@shop.test")
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	press := ts.mustWeighed(t, admin.Token, "Press", 9000_00, "14000", 20)
	freight := ts.mustMethod(t, admin.Token, map[string]any{"name": "Freight on quote", "kind": "freight", "days": 10})
	body := withDelivery(checkoutBody(press.ID, 1), freight.ID, "DE")
	res, out := ts.send(t, "POST", "/checkout/preview", "", body)
	if f := decode[figures](t, out); res.StatusCode != 200 || !f.FreightOnQuote || f.Shipping != 0 || f.Total != 9900 || f.Days != 30 {
		t.Fatalf("preview: %d %s", res.StatusCode, out)
	}
	res, out = ts.send(t, "POST", "/checkout", alice.Token, body)
	if res.StatusCode != 201 {
		t.Fatalf("checkout: %d %s", res.StatusCode, out)
	}
	id := decode[checkedOut](t, out).GroupID
	res, out = ts.send(t, "GET", "/groups/"+id, alice.Token, nil)
	if res.StatusCode != 200 || !strings.Contains(string(out), `"state":"awaiting_freight"`) || !strings.Contains(string(out), `"payable":false`) {
		t.Fatalf("GET /groups/{id}: %s", out)
	}
	// not payable
	res, out = ts.send(t, "POST", "/create-payment-intent", alice.Token, map[string]string{"groupId": id})
	if p := mustProblem(t, res, out, 409); p.Detail != shop.MsgAwaitingFreight {
		t.Fatalf("intent: %+v", p)
	}
	// does not count against UNPAID_LIMIT (1): another purchase is placed
	other := ts.mustOrder(t, alice.Token, press.ID, 1)
	// does not expire
	ts.deps.Purchases.ReservationTTL = 1
	if _, expired, err := ts.deps.Purchases.Expire(context.Background()); err != nil || expired != 1 {
		t.Fatalf("expire: %d %v (the order, not the freight purchase)", expired, err)
	}
	ts.deps.Purchases.ReservationTTL = 0
	_ = other
	if g := ts.group(t, id); !g.AwaitingFreight {
		t.Fatalf("the freight purchase went: %+v", g)
	}
	// only admins price it, validated
	res, out = ts.send(t, "PUT", "/groups/"+id+"/freight", alice.Token, map[string]any{"price": 1})
	mustProblem(t, res, out, 403)
	res, out = ts.send(t, "PUT", "/groups/"+id+"/freight", admin.Token, map[string]any{"price": -5})
	mustProblem(t, res, out, 400)
	res, out = ts.send(t, "PUT", "/groups/"+id+"/freight", admin.Token, map[string]any{})
	mustProblem(t, res, out, 400)
	res, out = ts.send(t, "PUT", "/groups/0123456789abcdef01234567/freight", admin.Token, map[string]any{"price": 1})
	mustProblem(t, res, out, 404)
	res, out = ts.send(t, "PUT", "/groups/"+id+"/freight", admin.Token, map[string]any{"price": "1200.50"})
	if res.StatusCode != 200 || !strings.Contains(string(out), `"state":"placed"`) || !strings.Contains(string(out), `"payable":true`) {
		t.Fatalf("price: %d %s", res.StatusCode, out)
	}
	g := ts.group(t, id)
	if g.Total != 9900_00+1200_50+120_05 || g.Tax != 900_00+120_05 || g.Shipping.Price != 1200_50 || g.PricedAt == nil {
		t.Fatalf("priced: %+v %+v", g, g.Shipping)
	}
	// once: a second price is refused, and the buyer had one e-mail
	res, out = ts.send(t, "PUT", "/groups/"+id+"/freight", admin.Token, map[string]any{"price": 1})
	if p := mustProblem(t, res, out, 409); p.Detail != shop.MsgFreightPriced {
		t.Fatalf("again: %+v", p)
	}
	if !testwait.Until(10*time.Second, func() bool { return len(ts.mailbox.to(alice.Email, shop.LetterFreightPriced)) == 1 }) {
		t.Fatal("no freight e-mail")
	}
	if m := ts.mailbox.to(alice.Email, shop.LetterFreightPriced)[0]; !strings.Contains(m.Text, "Freight on quote: $1,200.50 USD") {
		t.Fatalf("the e-mail: %s", m.Text)
	}
	// a purchase without freight cannot be priced
	res, out = ts.send(t, "PUT", "/groups/"+other+"/freight", admin.Token, map[string]any{"price": 1})
	mustProblem(t, res, out, 404) // (expired above)
	// now payable, for exactly the priced total
	res, out = ts.send(t, "POST", "/create-payment-intent", alice.Token, map[string]string{"groupId": id})
	if res.StatusCode != 200 {
		t.Fatalf("intent: %d %s", res.StatusCode, out)
	}
	status, piID, detail := ts.payWithCard(t, decode[struct{ ClientSecret string }](t, out).ClientSecret, "4242 4242 4242 4242")
	if status != 200 {
		t.Fatalf("pay: %d %s", status, detail)
	}
	if res, out := ts.send(t, "PATCH", "/groups/"+id+"/pay", alice.Token, map[string]string{"transactionId": piID}); res.StatusCode != 200 {
		t.Fatalf("PATCH pay: %d %s", res.StatusCode, out)
	}
	if g := ts.group(t, id); !g.Paid {
		t.Fatalf("not paid: %+v", g)
	}
	// the invoice has the delivery line, and its total is what was charged
	nums, err := ts.store.InvoiceNumbers(context.Background(), []string{id})
	if err != nil || nums[id] == 0 {
		t.Fatalf("invoice numbers: %v %v", nums, err)
	}
	inv, err := ts.store.FindInvoice(context.Background(), nums[id])
	if err != nil {
		t.Fatal(err)
	}
	last := inv.Lines[len(inv.Lines)-1]
	if last.Description != shop.InvoiceShippingLine+"Freight on quote" || last.Total != 1200_50 || inv.Total != g.Total || inv.Tax != g.Tax || inv.Subtotal != 9000_00+1200_50 {
		t.Fatalf("invoice: %+v", inv)
	}
	// cancel works while awaiting a price, and gives the stock back once
	stock := ts.stock(t, press.ID)
	res, out = ts.send(t, "POST", "/checkout", bob.Token, withDelivery(checkoutBody(press.ID, 2), freight.ID, "DE"))
	if res.StatusCode != 201 {
		t.Fatalf("bob's checkout: %d %s", res.StatusCode, out)
	}
	bobs := decode[checkedOut](t, out).GroupID
	if ts.stock(t, press.ID) != stock-2 {
		t.Fatal("the freight purchase holds no stock")
	}
	if res, out := ts.send(t, "DELETE", "/groups/"+bobs, bob.Token, nil); res.StatusCode != 200 {
		t.Fatalf("cancel: %d %s", res.StatusCode, out)
	}
	res, out = ts.send(t, "DELETE", "/groups/"+bobs, bob.Token, nil)
	mustProblem(t, res, out, 404)
	if ts.stock(t, press.ID) != stock {
		t.Fatalf("stock %d after the cancel, want %d", ts.stock(t, press.ID), stock)
	}
}

// A product's weight and lead time: set by POST /added and PUT
// /service/{id}, carried by GET /service/{id}; none is 0.
func TestProducts_WeightAndLeadTime(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustAdmin(t, "Ada", "ada@shop.test")
	res, body := ts.send(t, "POST", "/added", admin.Token, map[string]any{"name": "Crusher", "price": 5000, "image": "http://shop.test/images/0123456789abcdef01234567",
		"description": "Jaw crusher.", "avaialbequantit": 3, "minimumquantity": 1, "weightKg": "2450.5", "leadTimeDays": 14})
	if res.StatusCode != 200 && res.StatusCode != 201 {
		t.Fatalf("POST /added: %d %s", res.StatusCode, body)
	}
	id := decode[struct {
		ID string `json:"insertedId"`
	}](t, body).ID
	res, body = ts.send(t, "GET", "/service/"+id, "", nil)
	if !strings.Contains(string(body), `"weightKg":2450.5,"leadTimeDays":14`) {
		t.Fatalf("GET /service/{id}: %s", body)
	}
	// an edit without them keeps them; "" removes the weight
	ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"name": "Jaw Crusher"})
	_, body = ts.send(t, "GET", "/service/"+id, "", nil)
	if !strings.Contains(string(body), `"weightKg":2450.5,"leadTimeDays":14`) {
		t.Fatalf("kept: %s", body)
	}
	ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"weightKg": ""})
	_, body = ts.send(t, "GET", "/service/"+id, "", nil)
	if !strings.Contains(string(body), `"weightKg":0,"leadTimeDays":14`) {
		t.Fatalf("removed: %s", body)
	}
	res, body = ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"weightKg": "1.2345", "leadTimeDays": 400})
	p := mustProblem(t, res, body, 400)
	if p.Errors["weightKg"] != "must have at most 3 decimals" || p.Errors["leadTimeDays"] == "" {
		t.Fatalf("bad weight: %+v", p)
	}
	// a product without a weight weighs 0 kg
	res, body = ts.send(t, "GET", "/service/"+ts.mustProduct(t, "Plain", 100, 1, 1).ID, "", nil)
	if res.StatusCode != 200 || !strings.Contains(string(body), `"weightKg":0,"leadTimeDays":0`) {
		t.Fatalf("none: %s", body)
	}
}
