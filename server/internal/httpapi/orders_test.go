package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"sync"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// quickAccount creates an account straight in the store (no password
// hashing) and a token for it, for tests that need many customers.
func (ts *testServer) quickAccount(tb testing.TB, name, email string) account {
	tb.Helper()
	u, err := ts.store.CreateUser(context.Background(), shop.User{Email: email, Name: name, Provider: shop.ProviderPassword})
	if err != nil {
		tb.Fatal(err)
	}
	return account{ID: u.ID, Email: u.Email, Token: ts.session(tb, u)}
}

func (ts *testServer) mustProduct(tb testing.TB, name string, price shop.Cents, available, minimum int64) shop.Product {
	tb.Helper()
	id, err := ts.store.InsertProduct(context.Background(), shop.ProductDraft{Name: name, Price: price, Image: "http://shop.test/images/0123456789abcdef01234567",
		Description: "For order tests.", Available: available, Minimum: minimum, Email: adminEmail})
	if err != nil {
		tb.Fatal(err)
	}
	p, _ := ts.store.FindProduct(context.Background(), id)
	return p
}

func (ts *testServer) stock(tb testing.TB, id string) int64 {
	tb.Helper()
	p, err := ts.store.FindProduct(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return p.Available
}

func orderBody(productID string, qty any) map[string]any {
	return map[string]any{"productId": productID, "productQuantity": qty, "address": "12 Quarry Road, Leeds", "mobile": "+44 113 496 0000"}
}

func (ts *testServer) mustOrder(tb testing.TB, token, productID string, qty any) string {
	tb.Helper()
	res, body := ts.send(tb, "POST", "/order", token, orderBody(productID, qty))
	var out struct {
		InsertedID string `json:"insertedId"`
	}
	_ = json.Unmarshal(body, &out)
	if res.StatusCode != 201 || out.InsertedID == "" {
		tb.Fatalf("order: %d %s", res.StatusCode, body)
	}
	return out.InsertedID
}

func TestOrders_ConcurrentNeverOversell(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	mongotest.RequireMongoDB(t, ts.store)
	p := ts.mustProduct(t, "Hot Item", 999, 100, 1)
	customers := make([]account, 200)
	for i := range customers {
		customers[i] = ts.quickAccount(t, fmt.Sprintf("Customer %d", i), fmt.Sprintf("c%d@shop.test", i))
	}
	statuses := make([]int, len(customers))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, c := range customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res, _ := ts.send(t, "POST", "/order", c.Token, orderBody(p.ID, 1))
			statuses[i] = res.StatusCode
		}()
	}
	close(start)
	wg.Wait()
	created, conflicts := 0, 0
	for _, s := range statuses {
		switch s {
		case 201:
			created++
		case 409:
			conflicts++
		default:
			t.Errorf("unexpected status %d", s)
		}
	}
	if created != 100 || conflicts != 100 {
		t.Fatalf("created %d, refused %d; want 100 and 100", created, conflicts)
	}
	if s := ts.stock(t, p.ID); s != 0 {
		t.Fatalf("stock %d, want 0", s)
	}
	orders, total, err := ts.store.ListOrders(context.Background(), "", 1000, 0)
	if err != nil || total != 100 || len(orders) != 100 {
		t.Fatalf("stored orders: %d (total %d) %v", len(orders), total, err)
	}
	for i, c := range customers {
		_, body := ts.send(t, "GET", "/order?email="+c.Email, c.Token, nil)
		list := decode[[]shop.Order](t, body)
		if (statuses[i] == 201) != (len(list) == 1) {
			t.Fatalf("customer %d got %d and has %d orders", i, statuses[i], len(list))
		}
	}
}

func TestOrders(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	p := ts.mustProduct(t, "Bearing Box", 1850, 40, 5)

	t.Run("OK_ServerDecidesNamePriceEmail", func(t *testing.T) {
		body := orderBody(p.ID, "5")
		body["email"], body["name"], body["productPrice"], body["productName"], body["image"] = bob.Email, "Bob", 0.01, "Free", "http://evil.test/x.png"
		res, out := ts.send(t, "POST", "/order", alice.Token, body)
		if res.StatusCode != 201 {
			t.Fatalf("%d %s", res.StatusCode, out)
		}
		var created struct {
			InsertedID string `json:"insertedId"`
		}
		_ = json.Unmarshal(out, &created)
		o, _ := ts.store.FindOrder(context.Background(), created.InsertedID)
		want := shop.Order{Name: "Alice", Email: alice.Email, ProductName: "Bearing Box", ProductPrice: 1850, ProductQuantity: 5, Amount: 9250, Image: p.Image,
			Pending: true, Shipped: false, Paid: false}
		if o.Name != want.Name || o.Email != want.Email || o.ProductName != want.ProductName || o.ProductPrice != want.ProductPrice ||
			o.Amount != want.Amount || o.Image != want.Image || !o.Pending || o.Shipped || o.Paid || o.TransactionID != "" {
			t.Fatalf("stored %+v", o)
		}
		if s := ts.stock(t, p.ID); s != 35 {
			t.Fatalf("stock %d, want 35", s)
		}
	})
	t.Run("ErrBadQuantity_StockUnchanged", func(t *testing.T) {
		for _, c := range []struct {
			qty    any
			status int
		}{{4, 400}, {36, 409}, {5.5, 400}, {-5, 400}, {"five", 400}, {0, 400}, {true, 400}, {nil, 400}} {
			before := ts.stock(t, p.ID)
			res, body := ts.send(t, "POST", "/order", alice.Token, orderBody(p.ID, c.qty))
			mustProblem(t, res, body, c.status)
			if after := ts.stock(t, p.ID); after != before {
				t.Fatalf("qty %v changed stock %d -> %d", c.qty, before, after)
			}
		}
	})
	t.Run("ErrBadFields", func(t *testing.T) {
		for field, body := range map[string]map[string]any{
			"mobile":    func() map[string]any { b := orderBody(p.ID, 5); b["mobile"] = "call me"; return b }(),
			"address":   func() map[string]any { b := orderBody(p.ID, 5); b["address"] = ""; return b }(),
			"productId": orderBody("nope", 5),
		} {
			res, out := ts.send(t, "POST", "/order", alice.Token, body)
			if p := mustProblem(t, res, out, 400); p.Errors[field] == "" {
				t.Errorf("%s: errors %v", field, p.Errors)
			}
		}
		res, out := ts.send(t, "POST", "/order", alice.Token, orderBody("0123456789abcdef01234567", 5))
		mustProblem(t, res, out, 404)
	})
	t.Run("ErrOtherCustomer_NothingChanges", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 5)
		before, _ := ts.store.FindOrder(context.Background(), id)
		stock := ts.stock(t, p.ID)
		// keyed by email and admin-only: 403; addressed by id: hidden like a missing order (404)
		for _, c := range []struct {
			method, path string
			status       int
		}{
			{"GET", "/order?email=" + alice.Email, 403}, {"GET", "/pay/" + id, 404}, {"DELETE", "/delete/" + id, 404}, {"PUT", "/order/update/" + id, 403},
		} {
			res, body := ts.send(t, c.method, c.path, bob.Token, nil)
			mustProblem(t, res, body, c.status)
		}
		after, _ := ts.store.FindOrder(context.Background(), id)
		if !reflect.DeepEqual(before, after) || ts.stock(t, p.ID) != stock {
			t.Fatalf("changed: %+v -> %+v", before, after)
		}
	})
	t.Run("ErrCustomerCannotShip", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 5)
		res, body := ts.send(t, "PUT", "/order/update/"+id, alice.Token, nil)
		mustProblem(t, res, body, 403)
		if o, _ := ts.store.FindOrder(context.Background(), id); o.Shipped {
			t.Fatal("shipped by a customer")
		}
	})
	t.Run("OK_AdminShipsOnce", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 5)
		res, body := ts.send(t, "PUT", "/order/update/"+id, admin.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		o, _ := ts.store.FindOrder(context.Background(), id)
		if !o.Shipped || o.Pending || o.ShippedAt == nil {
			t.Fatalf("after shipping: %+v", o)
		}
		res, body = ts.send(t, "PUT", "/order/update/"+id, admin.Token, nil)
		mustProblem(t, res, body, 409)
		res, body = ts.send(t, "DELETE", "/delete/"+id, alice.Token, nil)
		mustProblem(t, res, body, 409)
	})
	t.Run("OK_DeleteUnpaidRestoresStock", func(t *testing.T) {
		stock := ts.stock(t, p.ID)
		id := ts.mustOrder(t, alice.Token, p.ID, 6)
		if ts.stock(t, p.ID) != stock-6 {
			t.Fatal("stock not reserved")
		}
		res, body := ts.send(t, "DELETE", "/delete/"+id, alice.Token, nil)
		if res.StatusCode != 200 || ts.stock(t, p.ID) != stock {
			t.Fatalf("%d %s; stock %d want %d", res.StatusCode, body, ts.stock(t, p.ID), stock)
		}
		if _, err := ts.store.FindOrder(context.Background(), id); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatal("order still there")
		}
	})
	t.Run("OK_AdminListsNewestFirst", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/orders?limit=2", admin.Token, nil)
		list := decode[[]shop.Order](t, body)
		if res.StatusCode != 200 || len(list) != 2 || list[0].CreatedAt.Before(list[1].CreatedAt) || res.Header.Get("X-Total-Count") == "" {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		for _, token := range []string{alice.Token, ""} {
			res, _ := ts.send(t, "GET", "/orders", token, nil)
			if res.StatusCode != map[bool]int{true: 403, false: 401}[token != ""] {
				t.Fatalf("orders list for non-admin: %d", res.StatusCode)
			}
		}
		res, _ = ts.send(t, "GET", "/order?email="+alice.Email, admin.Token, nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("admin reads a customer's orders: %d", res.StatusCode)
		}
	})
}

// A resource addressed by id answers anyone but its owner (and admins where
// they are allowed) exactly as a missing one does, so that ids cannot be
// probed: same status, same problem document, word for word.
func TestOrders_IDAddressedHiddenFromOthers(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	p := ts.mustProduct(t, "Probe Valve", 4200, 50, 1)
	const missing = "0123456789abcdef01234567"

	type call struct {
		method string
		path   func(id string) string
		body   func(id string) any
	}
	calls := map[string]call{
		"GET /pay/{id}":                {"GET", func(id string) string { return "/pay/" + id }, nil},
		"PATCH /pay/{id}":              {"PATCH", func(id string) string { return "/pay/" + id }, func(string) any { return map[string]string{"transactionId": "pi_test_probe"} }},
		"DELETE /delete/{id}":          {"DELETE", func(id string) string { return "/delete/" + id }, nil},
		"POST /create-payment-intent":  {"POST", func(string) string { return "/create-payment-intent" }, func(id string) any { return map[string]string{"orderId": id} }},
		"PATCH /pay/{id} (spec order)": {"PATCH", func(id string) string { return "/pay/" + id }, func(id string) any { return map[string]string{"order": id, "transactionId": "pi_test_probe"} }},
	}
	send := func(t *testing.T, c call, token, id string) (*http.Response, []byte) {
		var body any
		if c.body != nil {
			body = c.body(id)
		}
		return ts.send(t, c.method, c.path(id), token, body)
	}
	id := ts.mustOrder(t, alice.Token, p.ID, 3)
	before, stock := ts.order(t, id), ts.stock(t, p.ID)
	for name, c := range calls {
		t.Run("ErrHidden "+name, func(t *testing.T) {
			wantRes, want := send(t, c, bob.Token, missing)
			mustProblem(t, wantRes, want, 404)
			tokens := map[string]string{"another customer": bob.Token}
			if c.method != "DELETE" { // only cancelling is open to admins
				tokens["admin"] = admin.Token
			}
			for who, token := range tokens {
				res, body := send(t, c, token, id)
				mustProblem(t, res, body, 404)
				if string(body) != string(want) || res.Header.Get("Content-Type") != wantRes.Header.Get("Content-Type") {
					t.Fatalf("%s: %s\nbut a missing order answers %s", who, body, want)
				}
			}
			if after := ts.order(t, id); !reflect.DeepEqual(before, after) || ts.stock(t, p.ID) != stock {
				t.Fatalf("a hidden order changed: %+v -> %+v", before, after)
			}
		})
	}
	t.Run("OK_Owner", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/pay/"+id, alice.Token, nil)
		if o := decode[shop.Order](t, body); res.StatusCode != 200 || o.ID != id {
			t.Fatalf("GET /pay: %d %s", res.StatusCode, body)
		}
		secret := ts.clientSecret(t, alice.Token, id)
		_, piID, _ := ts.payWithCard(t, secret, "4242424242424242")
		if res, body := ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]string{"transactionId": piID}); res.StatusCode != 200 || !ts.order(t, id).Paid {
			t.Fatalf("PATCH /pay: %d %s", res.StatusCode, body)
		}
		unpaid := ts.mustOrder(t, alice.Token, p.ID, 2)
		if res, body := ts.send(t, "DELETE", "/delete/"+unpaid, alice.Token, nil); res.StatusCode != 200 {
			t.Fatalf("DELETE /delete by the owner: %d %s", res.StatusCode, body)
		}
	})
	t.Run("OK_AdminCancels", func(t *testing.T) {
		unpaid := ts.mustOrder(t, alice.Token, p.ID, 2)
		stock := ts.stock(t, p.ID)
		if res, body := ts.send(t, "DELETE", "/delete/"+unpaid, admin.Token, nil); res.StatusCode != 200 || ts.stock(t, p.ID) != stock+2 {
			t.Fatalf("DELETE /delete by an admin: %d %s", res.StatusCode, body)
		}
	})
}

func TestOrders_Numbers(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Numbered Mill", 1000, 10, 1)
	for want := int64(1001); want <= 1002; want++ {
		res, body := ts.send(t, "POST", "/order", alice.Token, orderBody(p.ID, 1))
		out := decode[map[string]any](t, body)
		if res.StatusCode != 201 || out["acknowledged"] != true || out["insertedId"] == "" || out["number"] != float64(want) {
			t.Fatalf("%d %s; want number %d", res.StatusCode, body, want)
		}
		_, body = ts.send(t, "GET", "/pay/"+out["insertedId"].(string), alice.Token, nil)
		if o := decode[shop.Order](t, body); o.Number != want {
			t.Fatalf("GET /pay: number %d, want %d", o.Number, want)
		}
	}
}

func TestOrders_StatusFilter(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Filter Saw", 1000, 50, 1)
	ctx := context.Background()
	unpaid := ts.mustOrder(t, alice.Token, p.ID, 1)
	paid := ts.mustOrder(t, alice.Token, p.ID, 1)
	shipped := ts.mustOrder(t, alice.Token, p.ID, 1)
	shippedUnpaid := ts.mustOrder(t, alice.Token, p.ID, 1)
	for _, id := range []string{paid, shipped} {
		if _, err := ts.store.MarkOrderPaid(ctx, id, "pi_"+id); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{shipped, shippedUnpaid} {
		if res, body := ts.send(t, "PUT", "/order/update/"+id, admin.Token, nil); res.StatusCode != 200 {
			t.Fatalf("ship: %d %s", res.StatusCode, body)
		}
	}
	for _, c := range []struct {
		query string
		want  []string // newest first
	}{
		{"", []string{shippedUnpaid, shipped, paid, unpaid}},
		{"?status=unpaid", []string{unpaid}},
		{"?status=paid", []string{paid}},
		{"?status=shipped", []string{shippedUnpaid, shipped}},
		{"?status=shipped&limit=1&skip=1", []string{shipped}},
	} {
		t.Run("OK"+c.query, func(t *testing.T) {
			res, body := ts.send(t, "GET", "/orders"+c.query, admin.Token, nil)
			if res.StatusCode != 200 {
				t.Fatalf("%d %s", res.StatusCode, body)
			}
			var got []string
			for _, o := range decode[[]shop.Order](t, body) {
				got = append(got, o.ID)
			}
			total := len(c.want)
			if c.query == "?status=shipped&limit=1&skip=1" {
				total = 2
			}
			if !reflect.DeepEqual(got, c.want) || res.Header.Get("X-Total-Count") != fmt.Sprint(total) {
				t.Fatalf("got %v (X-Total-Count %s), want %v (%d)", got, res.Header.Get("X-Total-Count"), c.want, total)
			}
		})
	}
	for _, q := range []string{"lost", "", "PAID", "paid,shipped", "all"} {
		t.Run("ErrBadStatus_"+q, func(t *testing.T) {
			res, body := ts.send(t, "GET", "/orders?status="+q, admin.Token, nil)
			if p := mustProblem(t, res, body, 400); p.Errors["status"] == "" {
				t.Fatalf("errors %v", p.Errors)
			}
		})
	}
	t.Run("ErrCustomer", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/orders?status=unpaid", alice.Token, nil)
		mustProblem(t, res, body, 403)
	})
}
