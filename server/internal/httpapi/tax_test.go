package httpapi_test

import (
	"context"
	"testing"

	"storefront/server/internal/shop"
)

// Tax (issue 34): computed per order on the server, rounded half up to the
// cent, stored with the order and charged; orders placed before keep theirs.
func TestTax_StoredAndCharged(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 825}) // 8.25%
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Gauge", 19_99, 10, 1)
	id := ts.mustOrder(t, alice.Token, p.ID, 3) // 59.97 + 4.947525 -> 4.95
	o := ts.order(t, id)
	if o.Tax != 4_95 || o.Amount != 59_97+4_95 {
		t.Fatalf("tax %d amount %d, want 495 and 6492", o.Tax, o.Amount)
	}
	res, body := ts.send(t, "GET", "/order?email="+alice.Email, alice.Token, nil)
	if res.StatusCode != 200 {
		t.Fatalf("GET /order: %d %s", res.StatusCode, body)
	}
	rows := decode[[]map[string]any](t, body)
	if len(rows) != 1 || rows[0]["tax"] != 4.95 || rows[0]["amount"] != float64(6492) {
		t.Fatalf("GET /order rows: %s", body)
	}
	// what is charged is the stored amount, tax included
	secret := ts.clientSecret(t, alice.Token, id)
	status, piID, detail := ts.payWithCard(t, secret, "4242 4242 4242 4242")
	if status != 200 {
		t.Fatalf("confirm: %d %s", status, detail)
	}
	pi, err := ts.deps.Payments.Provider.GetIntent(context.Background(), piID)
	if err != nil || pi.Amount != 6492 {
		t.Fatalf("intent amount %d (%v), want 6492", pi.Amount, err)
	}
	if res, body := ts.send(t, "PATCH", "/pay/"+id, alice.Token, map[string]string{"transactionId": piID}); res.StatusCode != 200 {
		t.Fatalf("pay: %d %s", res.StatusCode, body)
	}
	// an order stored before tax (no tax field) reads as 0
	before, err := ts.store.InsertOrder(context.Background(), shop.Order{Name: "Alice", Email: alice.Email, ProductID: p.ID, ProductName: p.Name,
		ProductPrice: p.Price, ProductQuantity: 1, Amount: 19_99, Address: "1 Road", Mobile: "+44 113 496 0000"})
	if err != nil || before.Tax != 0 || ts.order(t, before.ID).Tax != 0 || ts.order(t, before.ID).Amount != 19_99 {
		t.Fatalf("an order without tax: %+v %v", before, err)
	}
}
