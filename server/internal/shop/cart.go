package shop

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Cart is a signed-in customer's cart (collection `carts`, under the
// account's e-mail; issue 34). The browser keeps a visitor's and merges it
// into this one at sign-in.
type Cart struct {
	Items     []CheckoutItem `json:"items"`
	UpdatedAt *time.Time     `json:"updatedAt,omitempty"`
}

// MaxCartLines bounds a cart.
const MaxCartLines = 50

// CartDraft is the input of PUT /cart.
type CartDraft struct {
	Items []CheckoutItem `json:"items"`
}

// Validate checks the lines' own fields: at most MaxCartLines, product
// ids, one line per product, quantities from 1.
func (d *CartDraft) Validate() error {
	f := map[string]string{}
	if d.Items == nil {
		d.Items = []CheckoutItem{}
	}
	if len(d.Items) > MaxCartLines {
		f["items"] = fmt.Sprintf("must have at most %d lines", MaxCartLines)
	}
	checkItems(f, d.Items)
	return Invalid("The cart is not valid.", f)
}

// checkItems checks the lines of a cart or a checkout (trimming their
// product ids): product ids, one line per product, quantities from 1 to
// MaxOrderQty; each problem under items[i].productId or .quantity.
func checkItems(f map[string]string, items []CheckoutItem) {
	seen := map[string]bool{}
	for i := range items {
		it := &items[i]
		it.ProductID = strings.TrimSpace(it.ProductID)
		key := fmt.Sprintf("items[%d]", i)
		switch {
		case CheckID(it.ProductID) != nil:
			f[key+".productId"] = "must be a product id"
		case seen[it.ProductID]:
			f[key+".productId"] = "is on another line already"
		case it.Quantity < 1:
			f[key+".quantity"] = "must be at least 1"
		case it.Quantity > MaxOrderQty:
			f[key+".quantity"] = "is too large"
		}
		seen[it.ProductID] = true
	}
}

// CartStore keeps the carts.
type CartStore interface {
	// FindCart returns email's cart (ENOTFOUND when it has none).
	FindCart(ctx context.Context, email string) (Cart, error)
	// SaveCart replaces email's cart.
	SaveCart(ctx context.Context, email string, items []CheckoutItem) (Cart, error)
}
