package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

// The account's cart (issue 34): GET /cart, PUT /cart.
func TestCart(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	p := ts.mustProduct(t, "Cart pump", 80_00, 100, 1)
	q := ts.mustProduct(t, "Cart hose", 4_00, 100, 5)
	items := map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 2}, {"productId": q.ID, "quantity": 5}}}

	t.Run("Roles", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/cart", "", nil)
		mustProblem(t, res, body, 401)
		res, body = ts.send(t, "PUT", "/cart", "", items)
		mustProblem(t, res, body, 401)
		res, body = ts.send(t, "PUT", "/cart", alice.Token, items)
		if res.StatusCode != 200 || !strings.Contains(string(body), p.ID) {
			t.Fatalf("put: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "GET", "/cart", alice.Token, nil)
		if res.StatusCode != 200 || strings.Count(string(body), `"productId"`) != 2 || !strings.Contains(string(body), `"quantity":5`) {
			t.Fatalf("get own: %d %s", res.StatusCode, body)
		}
		// another customer and an admin see their own cart, not alice's
		for _, tok := range []string{bob.Token, admin.Token} {
			res, body = ts.send(t, "GET", "/cart", tok, nil)
			if res.StatusCode != 200 || string(body) != `{"items":[]}` {
				t.Fatalf("another's cart: %d %s", res.StatusCode, body)
			}
		}
		// replaced, then emptied
		res, body = ts.send(t, "PUT", "/cart", alice.Token, map[string]any{"items": []map[string]any{{"productId": q.ID, "quantity": 7}}})
		if res.StatusCode != 200 || strings.Count(string(body), `"productId"`) != 1 {
			t.Fatalf("replace: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "PUT", "/cart", alice.Token, map[string]any{"items": []any{}})
		if res.StatusCode != 200 || !strings.Contains(string(body), `"items":[]`) {
			t.Fatalf("empty: %d %s", res.StatusCode, body)
		}
	})
	// A checkout takes what it bought out of the saved cart: a line bought
	// whole goes, a line bought in part keeps the rest, other lines stay.
	t.Run("CheckoutTakesWhatWasBought", func(t *testing.T) {
		carol := ts.quickAccount(t, "Carol", "carol@shop.test")
		r := ts.mustProduct(t, "Cart valve", 12_00, 100, 1)
		cart := map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 3}, {"productId": q.ID, "quantity": 5}, {"productId": r.ID, "quantity": 1}}}
		if res, body := ts.send(t, "PUT", "/cart", carol.Token, cart); res.StatusCode != 200 {
			t.Fatalf("put: %d %s", res.StatusCode, body)
		}
		if res, body := ts.send(t, "POST", "/checkout", carol.Token, checkoutBody(p.ID, 2, q.ID, 5)); res.StatusCode != 201 {
			t.Fatalf("checkout: %d %s", res.StatusCode, body)
		}
		res, body := ts.send(t, "GET", "/cart", carol.Token, nil)
		got := decode[shop.Cart](t, body)
		want := []shop.CheckoutItem{{ProductID: p.ID, Quantity: 1}, {ProductID: r.ID, Quantity: 1}}
		if res.StatusCode != 200 || len(got.Items) != 2 || got.Items[0] != want[0] || got.Items[1] != want[1] {
			t.Fatalf("cart after checkout: %d %s, want %v", res.StatusCode, body, want)
		}
		// a refused checkout (no such product) leaves the cart as it was
		if res, body := ts.send(t, "POST", "/checkout", carol.Token, checkoutBody(p.ID, 1, "0123456789abcdef01234567", 1)); res.StatusCode < 400 {
			t.Fatalf("bad checkout: %d %s", res.StatusCode, body)
		}
		_, body = ts.send(t, "GET", "/cart", carol.Token, nil)
		if !strings.Contains(string(body), `"quantity":1`) || strings.Count(string(body), `"productId"`) != 2 {
			t.Fatalf("cart after a refused checkout: %s", body)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		many := []map[string]any{}
		for range 51 {
			many = append(many, map[string]any{"productId": p.ID, "quantity": 1})
		}
		for name, body := range map[string]any{
			"TooMany":   map[string]any{"items": many},
			"Unknown":   map[string]any{"items": []map[string]any{{"productId": "0123456789abcdef01234567", "quantity": 1}}},
			"ZeroQty":   map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 0}}},
			"Duplicate": map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 1}, {"productId": p.ID, "quantity": 2}}},
		} {
			res, b := ts.send(t, "PUT", "/cart", bob.Token, body)
			if res.StatusCode != 400 {
				t.Fatalf("%s: %d %s", name, res.StatusCode, b)
			}
		}
	})
}

// A deleted account's unpaid group is cancelled whole (stock back), its
// cart deleted (issue 34).
func TestCart_AccountDeleted(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	cara := ts.mustRegister(t, "Cara", "cara@shop.test")
	p := ts.mustProduct(t, "Erased pump", 80_00, 10, 1)
	g := ts.mustCheckout(t, cara.Token, p.ID, 3)
	if res, body := ts.send(t, "PUT", "/cart", cara.Token, map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 1}}}); res.StatusCode != 200 {
		t.Fatalf("put: %d %s", res.StatusCode, body)
	}
	if status, out := ts.deleteMe(t, cara.Token, map[string]any{"password": "secret123"}); status != 200 {
		t.Fatalf("delete account: %d %s", status, out)
	}
	if ts.stock(t, p.ID) != 10 {
		t.Fatalf("the unpaid group's stock stays reserved: %d", ts.stock(t, p.ID))
	}
	if _, err := ts.store.FindGroup(context.Background(), g.GroupID); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("the unpaid group stays: %v", err)
	}
	if _, err := ts.store.FindCart(context.Background(), "cara@shop.test"); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("the cart stays: %v", err)
	}
}
