package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// deskServer is a test server on a settable clock with a customer (Alice,
// who owns what the tests make), another customer (Bob) and an admin.
type deskServer struct {
	*testServer
	clock             *testclock.Clock
	admin, alice, bob account
}

func mustServeDesk(t *testing.T) *deskServer {
	t.Helper()
	clock := testclock.At("2026-03-10T09:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now})
	return &deskServer{testServer: ts, clock: clock, admin: ts.mustRegister(t, "Boss", adminEmail),
		alice: ts.quickAccount(t, "Alice", "alice@shop.test"), bob: ts.quickAccount(t, "Bob", "bob@shop.test")}
}

type inserted struct {
	InsertedID string `json:"insertedId"`
	Number     int64  `json:"number"`
}

// delivery is where a test's accepted quote ships, accepting the quote's
// first prices (revision 1).
var delivery = map[string]any{"address": "1 Mill Road, Leeds", "mobile": "+44 113 496 0000", "revision": 1}

// acceptAt is delivery, accepting the quote's revision rev.
func acceptAt(rev int64) map[string]any {
	return map[string]any{"address": "1 Mill Road, Leeds", "mobile": "+44 113 496 0000", "revision": rev}
}

func quoteBody(message string, items ...any) map[string]any {
	list := []map[string]any{}
	for i := 0; i < len(items); i += 2 {
		list = append(list, map[string]any{"productId": items[i], "quantity": items[i+1]})
	}
	return map[string]any{"items": list, "message": message}
}

// mustQuote asks for a quote as token and returns its id.
func (ds *deskServer) mustQuote(t *testing.T, token string, items ...any) string {
	t.Helper()
	res, body := ds.send(t, "POST", "/quotes", token, quoteBody("Volume pricing, please.", items...))
	if res.StatusCode != 201 {
		t.Fatalf("quote: %d %s", res.StatusCode, body)
	}
	return decode[inserted](t, body).InsertedID
}

// mustPrice prices every item of the quote (admin), valid until the day.
func (ds *deskServer) mustPrice(t *testing.T, id string, validUntil string, prices map[string]float64) shop.Quote {
	t.Helper()
	items := []map[string]any{}
	for pid, price := range prices {
		items = append(items, map[string]any{"productId": pid, "unitPrice": price})
	}
	res, body := ds.send(t, "PATCH", "/quotes/"+id, ds.admin.Token, map[string]any{"items": items, "validUntil": validUntil, "note": "Delivery in 2 weeks."})
	if res.StatusCode != 200 {
		t.Fatalf("price: %d %s", res.StatusCode, body)
	}
	return decode[shop.Quote](t, body)
}

func (ds *deskServer) quote(t *testing.T, id string) shop.Quote {
	t.Helper()
	q, err := ds.store.FindQuote(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func (ds *deskServer) claim(t *testing.T, id string) shop.Claim {
	t.Helper()
	c, err := ds.store.FindClaim(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// mustShippedOrder places an order as token and ships it (at the clock's time).
func (ds *deskServer) mustShippedOrder(t *testing.T, token, productID string, qty int) string {
	t.Helper()
	id := ds.mustOrder(t, token, productID, qty)
	if res, body := ds.send(t, "PUT", "/order/update/"+id, ds.admin.Token, nil); res.StatusCode != 200 {
		t.Fatalf("ship: %d %s", res.StatusCode, body)
	}
	return id
}

func (ds *deskServer) mustClaim(t *testing.T, token, orderID string) string {
	t.Helper()
	res, body := ds.send(t, "POST", "/claims", token, map[string]any{"orderId": orderID, "reason": "The motor hums and does not turn.", "images": []string{}})
	if res.StatusCode != 201 {
		t.Fatalf("claim: %d %s", res.StatusCode, body)
	}
	return decode[inserted](t, body).InsertedID
}

// mail is the outbox, newest first.
func (ds *deskServer) mail(t *testing.T) []shop.Mail {
	t.Helper()
	list, _, err := ds.store.ListMail(context.Background(), 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func hasMail(list []shop.Mail, kind shop.LetterKind, to, subjectPart string) bool {
	for _, m := range list {
		if m.Kind == kind && m.To == to && strings.Contains(m.Subject, subjectPart) {
			return true
		}
	}
	return false
}

// snapshot is what a refused request must leave as it was.
func (ds *deskServer) snapshot(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	quotes, _, err := ds.store.ListQuotes(ctx, "", 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	claims, _, err := ds.store.ListClaims(ctx, "", 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	orders, _, err := ds.store.ListOrders(ctx, "", 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	products, _, err := ds.store.ListProducts(ctx, shop.ProductQuery{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal([]any{quotes, claims, orders, products, len(ds.mail(t))})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDesk_Authorisation: every call of the service desk, for each role.
// Each state-changing call gets a fresh quote, order or claim of Alice's.
func TestDesk_Authorisation(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	p := ds.mustProduct(t, "Drill Press", 120000, 1000, 5)
	roles := []struct {
		name  string
		token string
	}{{"anonymous", ""}, {"customer", ds.alice.Token}, {"another customer", ds.bob.Token}, {"admin", ds.admin.Token}}
	quoted := func(t *testing.T) string {
		id := ds.mustQuote(t, ds.alice.Token, p.ID, 2)
		ds.mustPrice(t, id, "2026-03-31", map[string]float64{p.ID: 999.5})
		return id
	}
	cases := []struct {
		name   string
		method string
		path   func(t *testing.T) string
		body   func(t *testing.T) any
		want   [4]int
	}{
		{"ask for a quote", "POST", func(*testing.T) string { return "/quotes" },
			func(*testing.T) any { return quoteBody("Ten of them?", p.ID, 10) }, [4]int{401, 201, 201, 201}},
		{"list quotes", "GET", func(*testing.T) string { return "/quotes" }, nil, [4]int{401, 200, 200, 200}},
		{"price a quote", "PATCH", func(t *testing.T) string { return "/quotes/" + ds.mustQuote(t, ds.alice.Token, p.ID, 3) },
			func(*testing.T) any {
				return map[string]any{"items": []map[string]any{{"productId": p.ID, "unitPrice": 1100}}, "validUntil": "2026-04-30"}
			}, [4]int{401, 403, 403, 200}},
		{"accept a quote", "POST", func(t *testing.T) string { return "/quotes/" + quoted(t) + "/accept" }, func(*testing.T) any { return delivery }, [4]int{401, 200, 404, 403}},
		{"decline a quote", "POST", func(t *testing.T) string { return "/quotes/" + quoted(t) + "/decline" }, nil, [4]int{401, 200, 404, 200}},
		{"claim a replacement", "POST", func(*testing.T) string { return "/claims" },
			func(t *testing.T) any {
				return map[string]any{"orderId": ds.mustShippedOrder(t, ds.alice.Token, p.ID, 5), "reason": "Cracked table.", "images": []string{}}
			}, [4]int{401, 201, 404, 404}},
		{"list claims", "GET", func(*testing.T) string { return "/claims" }, nil, [4]int{401, 200, 200, 200}},
		{"decide a claim", "PATCH", func(t *testing.T) string {
			return "/claims/" + ds.mustClaim(t, ds.alice.Token, ds.mustShippedOrder(t, ds.alice.Token, p.ID, 5))
		}, func(*testing.T) any { return map[string]any{"status": "rejected", "note": "Wear and tear."} }, [4]int{401, 403, 403, 200}},
		{"read the outbox", "GET", func(*testing.T) string { return "/admin/outbox" }, nil, [4]int{401, 403, 403, 200}},
	}
	for _, c := range cases {
		for i, role := range roles {
			t.Run(fmt.Sprintf("%s as %s", c.name, role.name), func(t *testing.T) {
				path := c.path(t)
				var body any
				if c.body != nil {
					body = c.body(t)
				}
				before := ds.snapshot(t)
				res, out := ds.send(t, c.method, path, role.token, body)
				if res.StatusCode != c.want[i] {
					t.Fatalf("status %d, want %d: %s", res.StatusCode, c.want[i], out)
				}
				if res.StatusCode >= 400 {
					mustProblem(t, res, out, c.want[i])
					if after := ds.snapshot(t); after != before {
						t.Fatalf("a refused request changed the store:\nbefore %s\nafter  %s", before, after)
					}
				}
			})
		}
	}
	t.Run("ListsShowOwnOrAll", func(t *testing.T) {
		for _, path := range []string{"/quotes", "/claims"} {
			_, body := ds.send(t, "GET", path, ds.alice.Token, nil)
			mine := decode[[]map[string]any](t, body)
			_, body = ds.send(t, "GET", path, ds.bob.Token, nil)
			bobs := decode[[]map[string]any](t, body)
			res, body := ds.send(t, "GET", path, ds.admin.Token, nil)
			all := decode[[]map[string]any](t, body)
			admins := 0
			for _, x := range all {
				if x["email"] == adminEmail {
					admins++
				}
			}
			if len(mine) == 0 || len(all) != len(mine)+len(bobs)+admins || res.Header.Get("X-Total-Count") != fmt.Sprint(len(all)) {
				t.Fatalf("%s: alice %d, bob %d, admin %d (total %s)", path, len(mine), len(bobs), len(all), res.Header.Get("X-Total-Count"))
			}
			for _, q := range mine {
				if q["email"] != ds.alice.Email {
					t.Fatalf("%s: alice sees %v", path, q["email"])
				}
			}
			for i := 1; i < len(all); i++ {
				if all[i-1]["createdAt"].(string) < all[i]["createdAt"].(string) {
					t.Fatalf("%s: not newest first", path)
				}
			}
		}
	})
}

func TestQuotes_Journey(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	lathe := ds.mustProduct(t, "Lathe", 250000, 10, 5)
	press := ds.mustProduct(t, "Press", 80000, 100, 20)

	// Below the lathe's minimum and above the press's stock are both fine.
	res, body := ds.send(t, "POST", "/quotes", ds.alice.Token, map[string]any{"items": []map[string]any{
		{"productId": lathe.ID, "quantity": 2}, {"productId": press.ID, "quantity": 150}}, "message": "For a new workshop.", "company": "Acme Ltd"})
	if res.StatusCode != 201 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	first := decode[inserted](t, body)
	if first.Number != 1001 {
		t.Fatalf("the first quote's number is %d, want 1001 (its own counter)", first.Number)
	}
	id := first.InsertedID
	q := ds.quote(t, id)
	if q.Status != shop.QuoteRequested || q.Company != "Acme Ltd" || q.Name != "Alice" || len(q.Items) != 2 || q.Items[1].ProductName != "Press" || q.Items[1].UnitPrice != nil {
		t.Fatalf("requested quote: %+v", q)
	}
	res, body = ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, delivery)
	if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgQuoteNotQuoted {
		t.Fatalf("accept before pricing: %q", p.Detail)
	}

	priced := ds.mustPrice(t, id, "2026-03-20", map[string]float64{lathe.ID: 2300.5, press.ID: 700})
	if priced.Status != shop.QuoteQuoted || priced.ValidUntil != "2026-03-20" || priced.Note != "Delivery in 2 weeks." || *priced.Items[0].UnitPrice != 230050 {
		t.Fatalf("priced: %+v", priced)
	}
	if !hasMail(ds.mail(t), shop.LetterQuoteAnswered, ds.alice.Email, "Your quote #1001 is ready") {
		t.Fatalf("no quote mail: %+v", ds.mail(t))
	}

	// The press is short: 150 wanted, 100 in stock. Nothing is reserved.
	res, body = ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, delivery)
	if p := mustProblem(t, res, body, 409); !strings.Contains(p.Detail, "Press") {
		t.Fatalf("short accept: %q", p.Detail)
	}
	if ds.stock(t, lathe.ID) != 10 || ds.stock(t, press.ID) != 100 || ds.orderCount(t, ds.alice.Email) != 0 {
		t.Fatalf("a refused accept left stock %d/%d and %d orders", ds.stock(t, lathe.ID), ds.stock(t, press.ID), ds.orderCount(t, ds.alice.Email))
	}
	if q := ds.quote(t, id); q.Status != shop.QuoteQuoted || len(q.Accepting) != 0 {
		t.Fatalf("after a refused accept: %+v", q)
	}
	if err := ds.store.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, pid := range []string{lathe.ID, press.ID} {
		// (MongoDB's $pull leaves an empty list where the embedded store
		// drops the field: a hold is an element of it.)
		if dump, _ := ds.store.Dump(context.Background()); strings.Contains(dump, `"stockHolds": [{`) {
			t.Fatalf("a hold is left on %s: %s", pid, dump)
		}
	}

	// Restocked, the same quote goes through: one order per item at the quoted price.
	if err := ds.store.ReleaseStock(context.Background(), press.ID, ds.store.NewOrderID()); err != nil {
		t.Fatal(err)
	}
	ds.restock(t, press, 200)
	res, body = ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, delivery)
	if res.StatusCode != 200 {
		t.Fatalf("accept: %d %s", res.StatusCode, body)
	}
	ids := decode[struct {
		OrderIDs []string `json:"orderIds"`
	}](t, body).OrderIDs
	if len(ids) != 2 {
		t.Fatalf("order ids: %s", body)
	}
	lo, po := ds.order(t, ids[0]), ds.order(t, ids[1])
	if lo.ProductID != lathe.ID || lo.ProductQuantity != 2 || lo.ProductPrice != 230050 || lo.Amount != 460100 || lo.Paid || lo.Address != "1 Mill Road, Leeds" ||
		po.ProductID != press.ID || po.ProductQuantity != 150 || po.Amount != 150*70000 || po.Email != ds.alice.Email {
		t.Fatalf("orders: %+v %+v", lo, po)
	}
	if ds.stock(t, lathe.ID) != 8 || ds.stock(t, press.ID) != 50 {
		t.Fatalf("stock after accept: %d %d", ds.stock(t, lathe.ID), ds.stock(t, press.ID))
	}
	if q := ds.quote(t, id); q.Status != shop.QuoteAccepted || !reflect.DeepEqual(q.OrderIDs, ids) || q.DecidedAt == nil {
		t.Fatalf("accepted quote: %+v", q)
	}
	// One e-mail for the purchase, under its number, listing both lines.
	purchase, err := ds.store.FindGroup(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if !hasMail(ds.mail(t), shop.LetterOrderPlaced, ds.alice.Email, fmt.Sprintf("Order #%d received: 2 products", purchase.Number)) {
		t.Fatal("no order mail for the quote's purchase")
	}
	for _, call := range []string{"/accept", "/decline"} {
		var send any
		if call == "/accept" {
			send = delivery
		}
		res, body = ds.send(t, "POST", "/quotes/"+id+call, ds.alice.Token, send)
		if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgQuoteAccepted {
			t.Fatalf("%s after accept: %q", call, p.Detail)
		}
	}
	res, body = ds.send(t, "PATCH", "/quotes/"+id, ds.admin.Token, map[string]any{"items": []map[string]any{{"productId": lathe.ID, "unitPrice": 1}, {"productId": press.ID, "unitPrice": 1}}, "validUntil": "2026-03-30"})
	mustProblem(t, res, body, 409)
	if err := ds.store.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func (ds *deskServer) restock(t *testing.T, p shop.Product, available int64) {
	t.Helper()
	cur, err := ds.store.FindProduct(context.Background(), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ds.store.ReplaceProduct(context.Background(), cur, shop.ProductDraft{Name: cur.Name, Price: cur.Price, Image: cur.Image,
		Description: cur.Description, Available: available, Minimum: cur.Minimum, Email: cur.Email}); err != nil {
		t.Fatal(err)
	}
}

func TestQuotes_Expired(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	p := ds.mustProduct(t, "Lathe", 250000, 10, 1)
	id := ds.mustQuote(t, ds.alice.Token, p.ID, 1)
	ds.mustPrice(t, id, "2026-03-12", map[string]float64{p.ID: 2000})
	ds.clock.Set("2026-03-12T23:59:00Z") // the last day holds, to its end
	ok := ds.mustQuote(t, ds.alice.Token, p.ID, 1)
	ds.mustPrice(t, ok, "2026-03-12", map[string]float64{p.ID: 2000})
	if res, body := ds.send(t, "POST", "/quotes/"+ok+"/accept", ds.alice.Token, delivery); res.StatusCode != 200 {
		t.Fatalf("accept on the last day: %d %s", res.StatusCode, body)
	}
	ds.clock.Set("2026-03-13T00:00:01Z")
	res, body := ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, delivery)
	if p := mustProblem(t, res, body, 409); p.Detail != "The quote expired on 2026-03-12. Please ask for a new one." {
		t.Fatalf("expired: %q", p.Detail)
	}
	// Priced again with a later day, it can be accepted: at the new prices.
	ds.mustPrice(t, id, "2026-03-20", map[string]float64{p.ID: 1900})
	if res, body := ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, acceptAt(2)); res.StatusCode != 200 {
		t.Fatalf("accept after re-pricing: %d %s", res.StatusCode, body)
	}
}

func TestQuotes_ErrInvalid(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	p := ds.mustProduct(t, "Lathe", 250000, 10, 1)
	q := ds.mustProduct(t, "Press", 80000, 10, 1)
	for name, c := range map[string]struct {
		body  any
		field string
	}{
		"no items":          {map[string]any{"items": []any{}, "message": "x"}, "items"},
		"repeated product":  {quoteBody("x", p.ID, 1, p.ID, 2), "items"},
		"zero quantity":     {quoteBody("x", p.ID, 0), "items"},
		"no message":        {quoteBody(" ", p.ID, 1), "message"},
		"malformed product": {quoteBody("x", "nope", 1), "items"},
	} {
		t.Run(name, func(t *testing.T) {
			res, body := ds.send(t, "POST", "/quotes", ds.alice.Token, c.body)
			if p := mustProblem(t, res, body, 400); p.Errors[c.field] == "" {
				t.Fatalf("errors %v lack %s", p.Errors, c.field)
			}
		})
	}
	res, body := ds.send(t, "POST", "/quotes", ds.alice.Token, quoteBody("x", "0123456789abcdef01234567", 1))
	mustProblem(t, res, body, 404)

	id := ds.mustQuote(t, ds.alice.Token, p.ID, 1, q.ID, 2)
	for name, c := range map[string]struct {
		body  map[string]any
		field string
	}{
		"an item unpriced": {map[string]any{"items": []map[string]any{{"productId": p.ID, "unitPrice": 10}}, "validUntil": "2026-03-30"}, "items"},
		"a foreign item": {map[string]any{"items": []map[string]any{{"productId": p.ID, "unitPrice": 10}, {"productId": "0123456789abcdef01234567", "unitPrice": 10}},
			"validUntil": "2026-03-30"}, "items"},
		"a zero price": {map[string]any{"items": []map[string]any{{"productId": p.ID, "unitPrice": 0}, {"productId": q.ID, "unitPrice": 10}}, "validUntil": "2026-03-30"}, "items"},
		"a day gone":   {map[string]any{"items": []map[string]any{{"productId": p.ID, "unitPrice": 1}, {"productId": q.ID, "unitPrice": 10}}, "validUntil": "2026-03-09"}, "validUntil"},
		"not a day":    {map[string]any{"items": []map[string]any{{"productId": p.ID, "unitPrice": 1}, {"productId": q.ID, "unitPrice": 10}}, "validUntil": "next week"}, "validUntil"},
	} {
		t.Run(name, func(t *testing.T) {
			res, body := ds.send(t, "PATCH", "/quotes/"+id, ds.admin.Token, c.body)
			if p := mustProblem(t, res, body, 400); p.Errors[c.field] == "" {
				t.Fatalf("errors %v lack %s", p.Errors, c.field)
			}
		})
	}
	if got := ds.quote(t, id); got.Status != shop.QuoteRequested {
		t.Fatalf("refused pricing changed the quote: %+v", got)
	}
	res, body = ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, map[string]any{"address": "1 Mill Road"})
	if p := mustProblem(t, res, body, 400); p.Errors["mobile"] == "" {
		t.Fatalf("an address without a mobile: %v", p.Errors)
	}
	// The delivery details are required: the orders must be shippable.
	for name, send := range map[string]any{"no body": nil, "an empty body": map[string]any{}, "blank details": map[string]any{"address": " ", "mobile": " "}} {
		res, body = ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, send)
		if p := mustProblem(t, res, body, 400); p.Detail != shop.MsgAcceptInvalid || p.Errors["address"] != shop.FieldRequired || p.Errors["mobile"] != shop.FieldRequired {
			t.Fatalf("%s: %q %v", name, p.Detail, p.Errors)
		}
	}
}

func TestClaims_Window(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	p := ds.mustProduct(t, "Compressor", 90000, 100, 1)
	ds.clock.Set("2025-12-31T15:00:00Z")
	early := ds.mustShippedOrder(t, ds.alice.Token, p.ID, 1)
	late := ds.mustShippedOrder(t, ds.alice.Token, p.ID, 1)
	unshipped := ds.mustOrder(t, ds.alice.Token, p.ID, 1)

	// Shipped on 31 December: the window ends on the last day of February.
	ds.clock.Set("2026-02-28T14:59:59Z")
	res, body := ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": early, "reason": "Leaks oil.", "images": []string{}})
	if res.StatusCode != 201 {
		t.Fatalf("claim within the window: %d %s", res.StatusCode, body)
	}
	first := decode[inserted](t, body)
	c := ds.claim(t, first.InsertedID)
	if first.Number != 1001 || c.Status != shop.ClaimRequested || c.OrderID != early || c.OrderNumber != ds.order(t, early).Number || c.ProductName != "Compressor" {
		t.Fatalf("claim: %+v", c)
	}
	if !hasMail(ds.mail(t), shop.LetterClaimReceived, ds.alice.Email, "Claim #1001 received") {
		t.Fatal("no claim mail")
	}
	res, body = ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": early, "reason": "Again.", "images": []string{}})
	if p := mustProblem(t, res, body, 409); p.Detail != "This line's one piece has been claimed already: none is left to claim." {
		t.Fatalf("second claim: %q", p.Detail)
	}

	ds.clock.Set("2026-02-28T15:00:01Z")
	res, body = ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": late, "reason": "Leaks oil.", "images": []string{}})
	if p := mustProblem(t, res, body, 409); p.Detail != "The 2-month replacement window of this order closed on 2026-02-28." {
		t.Fatalf("late claim: %q", p.Detail)
	}
	res, body = ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": unshipped, "reason": "Leaks oil.", "images": []string{}})
	if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgClaimNotShipped {
		t.Fatalf("unshipped claim: %q", p.Detail)
	}
}

func TestClaims_ErrImagesNotOurs(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	p := ds.mustProduct(t, "Compressor", 90000, 100, 1)
	order := ds.mustShippedOrder(t, ds.alice.Token, p.ID, 1)
	for _, img := range []string{"https://evil.test/images/0123456789abcdef01234567", "http://shop.test/images/nope", "javascript:alert(1)"} {
		res, body := ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": order, "reason": "Broken.", "images": []string{img}})
		if p := mustProblem(t, res, body, 400); p.Errors["images"] != shop.FieldImageNotOurs {
			t.Fatalf("%s: %v", img, p.Errors)
		}
	}
	url := ds.mustUpload(t, ds.alice.Token, testPNG(t, 20, 20))
	res, body := ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": order, "reason": "Broken.", "images": []string{url}})
	if res.StatusCode != 201 {
		t.Fatalf("an uploaded picture: %d %s", res.StatusCode, body)
	}
	if c := ds.claim(t, decode[inserted](t, body).InsertedID); !reflect.DeepEqual(c.Images, []string{url}) {
		t.Fatalf("images: %v", c.Images)
	}
}

func TestClaims_Approve(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	p := ds.mustProduct(t, "Compressor", 90000, 10, 2)
	order := ds.mustShippedOrder(t, ds.alice.Token, p.ID, 3)
	id := ds.mustClaim(t, ds.alice.Token, order)
	number := ds.claim(t, id).Number

	t.Run("ErrShortOfStockChangesNothing", func(t *testing.T) {
		ds.restock(t, p, 2)
		before := ds.snapshot(t)
		res, body := ds.send(t, "PATCH", "/claims/"+id, ds.admin.Token, map[string]any{"status": "approved"})
		if p := mustProblem(t, res, body, 409); p.Detail != "Only 2 of Compressor left in stock: the replacement cannot be sent yet." {
			t.Fatalf("short: %q", p.Detail)
		}
		if after := ds.snapshot(t); after != before {
			t.Fatalf("a refused approval changed the store:\nbefore %s\nafter  %s", before, after)
		}
		if err := ds.store.Check(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("OK", func(t *testing.T) {
		ds.restock(t, p, 7)
		res, body := ds.send(t, "PATCH", "/claims/"+id, ds.admin.Token, map[string]any{"status": "approved", "note": "Sorry about that."})
		if res.StatusCode != 200 {
			t.Fatalf("approve: %d %s", res.StatusCode, body)
		}
		c := decode[shop.Claim](t, body)
		if c.Status != shop.ClaimApproved || c.Note != "Sorry about that." || c.DecidedAt == nil || c.ReplacementOrderID == "" {
			t.Fatalf("approved: %+v", c)
		}
		r := ds.order(t, c.ReplacementOrderID)
		if r.Amount != 0 || !r.Paid || r.TransactionID != fmt.Sprintf("replacement:%d", number) || r.ProductID != p.ID || r.ProductQuantity != 3 ||
			r.Email != ds.alice.Email || r.PaidAt == nil || r.Shipped {
			t.Fatalf("replacement order: %+v", r)
		}
		if ds.stock(t, p.ID) != 4 {
			t.Fatalf("stock %d after the replacement of 3 of 7", ds.stock(t, p.ID))
		}
		// The replacement names its claim (replacementFor), to its owner and
		// admins; another customer and a visitor do not see the list.
		want := shop.ClaimRef{ClaimID: id, Number: number}
		for _, who := range []struct {
			name, token string
			status      int
		}{{"owner", ds.alice.Token, 200}, {"admin", ds.admin.Token, 200}, {"another customer", ds.bob.Token, 403}, {"visitor", "", 401}} {
			res, body := ds.send(t, "GET", "/order?email="+ds.alice.Email, who.token, nil)
			if res.StatusCode != who.status {
				t.Fatalf("%s: My Order %d %s", who.name, res.StatusCode, body)
			}
			if who.status != 200 {
				continue
			}
			var found *shop.ClaimRef
			for _, o := range decode[[]shop.Order](t, body) {
				if o.ID == r.ID {
					found = o.ReplacementFor
				} else if o.ReplacementFor != nil {
					t.Fatalf("%s: order %s is no replacement but says %+v", who.name, o.ID, o.ReplacementFor)
				}
			}
			if found == nil || *found != want {
				t.Fatalf("%s: replacementFor %+v, want %+v", who.name, found, want)
			}
		}
		if !hasMail(ds.mail(t), shop.LetterClaimDecided, ds.alice.Email, "approved") {
			t.Fatal("no decision mail")
		}
		// A replacement cannot be cancelled (it is paid) nor claimed again.
		res, body = ds.send(t, "DELETE", "/delete/"+r.ID, ds.alice.Token, nil)
		mustProblem(t, res, body, 409)
		if res, body := ds.send(t, "PUT", "/order/update/"+r.ID, ds.admin.Token, nil); res.StatusCode != 200 {
			t.Fatalf("ship the replacement: %d %s", res.StatusCode, body)
		}
		res, body = ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": r.ID, "reason": "Also broken.", "images": []string{}})
		if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgClaimReplacement {
			t.Fatalf("claim on a replacement: %q", p.Detail)
		}
		// Out of the revenue, in the export.
		_, body = ds.send(t, "GET", "/admin/sales?months=1", ds.admin.Token, nil)
		if !strings.Contains(string(body), `"months":[{"month":"2026-03","revenue":0.00,"orders":0,"purchases":0,"units":0}]`) {
			t.Fatalf("a replacement counts in the sales: %s", body)
		}
		res, csv := ds.send(t, "GET", "/admin/orders.csv", ds.admin.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(csv), fmt.Sprintf("replacement:%d", number)) {
			t.Fatalf("the export lacks the replacement: %s", csv)
		}
	})
	t.Run("ErrDecidedOnce", func(t *testing.T) {
		for _, status := range []string{"approved", "rejected"} {
			res, body := ds.send(t, "PATCH", "/claims/"+id, ds.admin.Token, map[string]any{"status": status})
			if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgClaimDecided {
				t.Fatalf("%s again: %q", status, p.Detail)
			}
		}
		res, body := ds.send(t, "PATCH", "/claims/"+id, ds.admin.Token, map[string]any{"status": "maybe"})
		mustProblem(t, res, body, 400)
	})
	if err := ds.store.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestOutbox_MailForEveryEvent(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	second := ds.mustRegister(t, "Deputy", "deputy@shop.test")
	ds.mustVerify(t, second.Email)
	if res, body := ds.send(t, "PUT", "/user/admin/"+second.Email, ds.admin.Token, nil); res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	p := ds.mustProduct(t, "Compressor", 90000, 10, 1)
	order := ds.mustOrder(t, ds.alice.Token, p.ID, 1)
	secret := ds.clientSecret(t, ds.alice.Token, order)
	status, intent, _ := ds.payWithCard(t, secret, "4242424242424242")
	if status != 200 {
		t.Fatalf("pay: %d", status)
	}
	if res, body := ds.send(t, "PATCH", "/pay/"+order, ds.alice.Token, map[string]any{"transactionId": intent}); res.StatusCode != 200 {
		t.Fatalf("record the payment: %d %s", res.StatusCode, body)
	}
	if res, body := ds.send(t, "PUT", "/order/update/"+order, ds.admin.Token, nil); res.StatusCode != 200 {
		t.Fatalf("ship: %d %s", res.StatusCode, body)
	}
	res, body := ds.send(t, "POST", "/contact", "", map[string]string{"email": "visitor@shop.test", "subject": "Opening hours", "message": "When are you open?"})
	if res.StatusCode != 201 {
		t.Fatalf("contact: %d %s", res.StatusCode, body)
	}
	number := ds.order(t, order).Number
	list := ds.mail(t)
	for _, want := range []struct {
		kind     shop.LetterKind
		to, part string
	}{
		{shop.LetterOrderPlaced, ds.alice.Email, fmt.Sprintf("Order #%d received", number)},
		{shop.LetterOrderPaid, ds.alice.Email, fmt.Sprintf("Order #%d is paid", number)},
		{shop.LetterOrderShipped, ds.alice.Email, fmt.Sprintf("Order #%d has shipped", number)},
		{shop.LetterContact, adminEmail, "Contact message: Opening hours"},
		{shop.LetterContact, second.Email, "Contact message: Opening hours"},
	} {
		if !hasMail(list, want.kind, want.to, want.part) {
			t.Errorf("no %s mail to %s (%q) in %+v", want.kind, want.to, want.part, list)
		}
	}
	res, body = ds.send(t, "GET", "/admin/outbox", ds.admin.Token, nil)
	out := decode[[]map[string]any](t, body)
	if res.StatusCode != 200 || len(out) != len(list) || out[0]["status"] != "disabled" || out[0]["attempts"] != 0.0 {
		t.Fatalf("outbox: %s", body)
	}
	for _, m := range out {
		if _, leaked := m["html"]; leaked {
			t.Fatal("the outbox list carries the HTML")
		}
	}
}

// TestQuotes_ConcurrentAcceptsPlaceOnce: eight accepts of one quote at once
// place its orders once.
func TestQuotes_ConcurrentAcceptsPlaceOnce(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	mongotest.RequireMongoDB(t, ds.store)
	p := ds.mustProduct(t, "Lathe", 250000, 100, 1)
	q := ds.mustProduct(t, "Press", 80000, 100, 1)
	id := ds.mustQuote(t, ds.alice.Token, p.ID, 10, q.ID, 5)
	ds.mustPrice(t, id, "2026-03-31", map[string]float64{p.ID: 2000, q.ID: 700})
	statuses := make([]int, 8)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range statuses {
		wg.Go(func() {
			<-start
			res, _ := ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, delivery)
			statuses[i] = res.StatusCode
		})
	}
	close(start)
	wg.Wait()
	ok := 0
	for _, s := range statuses {
		switch s {
		case 200:
			ok++
		case 409:
		default:
			t.Fatalf("statuses %v", statuses)
		}
	}
	if ok != 1 || ds.orderCount(t, ds.alice.Email) != 2 || ds.stock(t, p.ID) != 90 || ds.stock(t, q.ID) != 95 {
		t.Fatalf("statuses %v: %d orders, stock %d and %d", statuses, ds.orderCount(t, ds.alice.Email), ds.stock(t, p.ID), ds.stock(t, q.ID))
	}
	if err := ds.store.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
}
