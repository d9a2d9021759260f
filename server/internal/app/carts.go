package app

import (
	"context"
	"fmt"

	"storefront/server/internal/shop"
)

// Carts is the signed-in customer's cart (issue 34): GET /cart, PUT /cart.
type Carts struct {
	Carts    shop.CartStore
	Products shop.ProductStore
	Owners   *Owners // a cart saved for an account being deleted is deleted again
}

// Get returns the caller's cart (empty when none is stored).
func (c *Carts) Get(ctx context.Context, caller shop.Caller) (shop.Cart, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Cart{}, err
	}
	cart, err := c.Carts.FindCart(ctx, caller.Email)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return shop.Cart{Items: []shop.CheckoutItem{}}, nil
	}
	return cart, err
}

// Put replaces the caller's cart: at most 50 lines of known products,
// quantities from 1.
func (c *Carts) Put(ctx context.Context, caller shop.Caller, d shop.CartDraft) (shop.Cart, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Cart{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.Cart{}, err
	}
	f := map[string]string{}
	for i, it := range d.Items {
		_, err := c.Products.FindProduct(ctx, it.ProductID)
		switch shop.ErrorCode(err) {
		case "":
		case shop.ENOTFOUND:
			f[fmt.Sprintf("items[%d].productId", i)] = "is not a product of this store"
		default:
			return shop.Cart{}, err
		}
	}
	if err := shop.Invalid("The cart is not valid.", f); err != nil {
		return shop.Cart{}, err
	}
	cart, err := c.Carts.SaveCart(ctx, caller.Email, d.Items)
	if err != nil {
		return shop.Cart{}, err
	}
	if err := c.Owners.Keep(ctx, caller, func(ctx context.Context, _ *shop.User) error { return c.Owners.Erasure.EraseCart(ctx, caller.Email) }); err != nil {
		return shop.Cart{}, err
	}
	return cart, nil
}
