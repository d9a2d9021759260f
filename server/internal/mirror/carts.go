package mirror

import (
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Cart is a customer's cart under the account's e-mail (issue 34).
type Cart struct {
	Email     string     `bson:"_id"`
	Items     []CartItem `bson:"items"`
	UpdatedAt time.Time  `bson:"updatedAt"`
}

// CartItem is one line of a cart.
type CartItem struct {
	ProductID string `bson:"productId"`
	Quantity  int64  `bson:"quantity"`
}

// Shop is the document as the domain has it.
func (d Cart) Shop() shop.Cart {
	at := d.UpdatedAt.UTC()
	c := shop.Cart{Items: make([]shop.CheckoutItem, len(d.Items)), UpdatedAt: &at}
	for i, it := range d.Items {
		c.Items[i] = shop.CheckoutItem{ProductID: it.ProductID, Quantity: it.Quantity}
	}
	return c
}

// Carts keeps the carts by e-mail.
func Carts(name string) *Mirror[string, Cart] {
	return &Mirror[string, Cart]{Name: name, IDOf: func(d *Cart) string { return d.Email }, CmpID: strings.Compare}
}

// CartAt is a cart change's precondition: the cart is still the one
// written at (its updatedAt, to the millisecond as stored).
func CartAt(at time.Time) func(Cart) error {
	return func(d Cart) error {
		if !d.UpdatedAt.UTC().Truncate(time.Millisecond).Equal(at) {
			return shop.Errorf(shop.ECONFLICT, "The cart changed meanwhile.")
		}
		return nil
	}
}
