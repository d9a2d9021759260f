package app

import (
	"context"
	"fmt"
	"strings"
	"time"

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

// cartRetries is how often a quick order reads the cart again when another
// write to it came first (each try is one guarded write).
const cartRetries = 8

// Bulk answers POST /cart/bulk: each line's product by its SKU, added to
// the caller's cart when it can be (the quantity on top of a line the cart
// has; at least the minimum order, at most the stock, in all), with each
// line's outcome in the order sent, and the cart as stored after them. One
// guarded write on the cart decides it, read again when another came
// first.
func (c *Carts) Bulk(ctx context.Context, caller shop.Caller, d shop.BulkDraft) (shop.BulkAnswer, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.BulkAnswer{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.BulkAnswer{}, err
	}
	products := make([]*shop.Product, len(d.Lines))
	for i, l := range d.Lines {
		p, err := c.Products.FindProductBySKU(ctx, l.SKU)
		if up := strings.ToUpper(l.SKU); shop.ErrorCode(err) == shop.ENOTFOUND && up != l.SKU {
			p, err = c.Products.FindProductBySKU(ctx, up) // (typed in lower case)
		}
		switch shop.ErrorCode(err) {
		case "":
			products[i] = &p
		case shop.ENOTFOUND:
		default:
			return shop.BulkAnswer{}, err
		}
	}
	for attempt := 0; ; attempt++ {
		cur, err := c.Carts.FindCart(ctx, caller.Email)
		switch shop.ErrorCode(err) {
		case "":
		case shop.ENOTFOUND:
			cur = shop.Cart{Items: []shop.CheckoutItem{}}
		default:
			return shop.BulkAnswer{}, err
		}
		items, results := bulkAdd(cur.Items, d.Lines, products)
		answer := shop.BulkAnswer{Lines: results, Cart: cur}
		if len(items) == len(cur.Items) && !changed(cur.Items, items) {
			if answer.Cart.Items == nil {
				answer.Cart.Items = []shop.CheckoutItem{}
			}
			return answer, nil // nothing added: nothing to write
		}
		var read *time.Time
		if shop.ErrorCode(err) != shop.ENOTFOUND {
			read = cur.UpdatedAt
		}
		stored, err := c.Carts.ChangeCart(ctx, caller.Email, read, items)
		if shop.ErrorCode(err) == shop.ECONFLICT && attempt < cartRetries {
			continue
		}
		if err != nil {
			return shop.BulkAnswer{}, err
		}
		if err := c.Owners.Keep(ctx, caller, func(ctx context.Context, _ *shop.User) error { return c.Owners.Erasure.EraseCart(ctx, caller.Email) }); err != nil {
			return shop.BulkAnswer{}, err
		}
		answer.Cart = stored
		return answer, nil
	}
}

// bulkAdd adds the lines to a copy of items: each line's outcome in order.
func bulkAdd(items []shop.CheckoutItem, lines []shop.BulkLine, products []*shop.Product) ([]shop.CheckoutItem, []shop.BulkResult) {
	out := append([]shop.CheckoutItem(nil), items...)
	results := make([]shop.BulkResult, len(lines))
	seen := map[string]bool{}
	for i, l := range lines {
		r := shop.BulkResult{SKU: l.SKU, Quantity: l.Quantity}
		p := products[i]
		if p != nil {
			avail := p.Available
			r.ProductID, r.Name, r.Minimum, r.Available = p.ID, p.Name, p.Minimum, &avail
		}
		key := "sku:" + strings.ToLower(l.SKU)
		if p != nil {
			key = p.ID // (the same product under a SKU typed otherwise)
		}
		switch {
		case seen[key]:
			r.Outcome = shop.BulkDuplicate
		case p == nil:
			r.Outcome = shop.BulkUnknownSKU
		default:
			at := -1
			for j := range out {
				if out[j].ProductID == p.ID {
					at = j
				}
			}
			total := l.Quantity
			if at >= 0 {
				total += out[at].Quantity
			}
			switch {
			case total < p.Minimum:
				r.Outcome = shop.BulkBelowMinimum
			case total > p.Available:
				r.Outcome = shop.BulkAboveStock
			case at < 0 && len(out) >= shop.MaxCartLines:
				r.Outcome = shop.BulkCartFull
			case at >= 0:
				out[at].Quantity, r.Outcome = total, shop.BulkAdded
			default:
				out, r.Outcome = append(out, shop.CheckoutItem{ProductID: p.ID, Quantity: total}), shop.BulkAdded
			}
		}
		seen[key] = true
		results[i] = r
	}
	return out, results
}

// changed reports whether two carts of the same lines differ in a quantity.
func changed(a, b []shop.CheckoutItem) bool {
	for i := range a {
		if a[i] != b[i] {
			return true
		}
	}
	return false
}

// Bought takes what a checkout bought out of the caller's saved cart (each
// line's quantity less what was bought; a line bought whole goes), so that
// the account's cart does not bring back what was paid for when the
// browser's own push of its emptied cart did not reach the server (a tab
// closed at once). One guarded write, read again when another came first.
func (c *Carts) Bought(ctx context.Context, email string, bought []shop.CheckoutItem) error {
	less := make(map[string]int64, len(bought))
	for _, it := range bought {
		less[it.ProductID] += it.Quantity
	}
	for attempt := 0; ; attempt++ {
		cur, err := c.Carts.FindCart(ctx, email)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			return nil
		}
		if err != nil {
			return err
		}
		left := make([]shop.CheckoutItem, 0, len(cur.Items))
		for _, it := range cur.Items {
			if it.Quantity -= less[it.ProductID]; it.Quantity > 0 {
				left = append(left, it)
			}
		}
		if len(left) == len(cur.Items) && !changed(cur.Items, left) {
			return nil
		}
		_, err = c.Carts.ChangeCart(ctx, email, cur.UpdatedAt, left)
		if shop.ErrorCode(err) == shop.ECONFLICT && attempt < cartRetries {
			continue
		}
		return err
	}
}
