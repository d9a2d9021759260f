package shop_test

import (
	"errors"
	"maps"
	"testing"

	"storefront/server/internal/shop"
)

// A cart and a checkout check their lines alike: the field named, the id
// trimmed, one line per product, quantities from 1.
func TestItems_CartAndCheckoutCheckLinesAlike(t *testing.T) {
	const id = "64b7f0c2a1b2c3d4e5f60718"
	lines := func() []shop.CheckoutItem {
		return []shop.CheckoutItem{
			{ProductID: " " + id + " ", Quantity: 2},
			{ProductID: id, Quantity: 1},
			{ProductID: "not-an-id", Quantity: 1},
			{ProductID: "64b7f0c2a1b2c3d4e5f60719", Quantity: 0},
		}
	}
	want := map[string]string{
		"items[1].productId": "is on another line already",
		"items[2].productId": "must be a product id",
		"items[3].quantity":  "must be at least 1",
	}
	fields := func(err error) map[string]string {
		var e *shop.Error
		if !errors.As(err, &e) || e.Code != shop.EINVALID {
			t.Fatalf("not an invalid-input error: %v", err)
		}
		return e.Fields
	}
	cart := shop.CartDraft{Items: lines()}
	if got := fields(cart.Validate()); !maps.Equal(got, want) {
		t.Errorf("cart: %v", got)
	}
	if cart.Items[0].ProductID != id {
		t.Errorf("cart: the id is not trimmed: %q", cart.Items[0].ProductID)
	}
	checkout := shop.CheckoutDraft{Items: lines(), Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}}
	if got := fields(checkout.Validate()); !maps.Equal(got, want) {
		t.Errorf("checkout: %v", got)
	}
	ok := shop.CartDraft{Items: []shop.CheckoutItem{{ProductID: id, Quantity: 3}}}
	if err := ok.Validate(); err != nil {
		t.Errorf("a good cart: %v", err)
	}
}
