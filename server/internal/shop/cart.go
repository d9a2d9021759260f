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
	// ChangeCart replaces email's cart if it is still the one read (read:
	// its UpdatedAt; nil when none was stored): ECONFLICT when another
	// write came first.
	ChangeCart(ctx context.Context, email string, read *time.Time, items []CheckoutItem) (Cart, error)
}

// BulkLine is one line of POST /cart/bulk: a product by its SKU, and how
// many (issue 49: quick order by SKU).
type BulkLine struct {
	SKU      string `json:"sku"`
	Quantity int64  `json:"quantity"`
}

// BulkDraft is the input of POST /cart/bulk.
type BulkDraft struct {
	Lines []BulkLine `json:"lines"`
}

// MaxBulkLines bounds one quick order (a pasted list or a CSV file).
const MaxBulkLines = 200

// Validate trims the SKUs and checks the lines' own fields; each problem
// under lines[i].sku or .quantity (an unknown SKU is an outcome, not an
// error).
func (d *BulkDraft) Validate() error {
	f := map[string]string{}
	switch {
	case len(d.Lines) == 0:
		f["lines"] = "must have at least one line"
	case len(d.Lines) > MaxBulkLines:
		f["lines"] = fmt.Sprintf("must have at most %d lines", MaxBulkLines)
	}
	for i := range d.Lines {
		l := &d.Lines[i]
		l.SKU = strings.TrimSpace(l.SKU)
		key := fmt.Sprintf("lines[%d]", i)
		switch {
		case l.SKU == "":
			f[key+".sku"] = FieldRequired
		case len(l.SKU) > MaxSKULen:
			f[key+".sku"] = FieldTooLong
		case l.Quantity < 1:
			f[key+".quantity"] = "must be at least 1"
		case l.Quantity > MaxOrderQty:
			f[key+".quantity"] = "is too large"
		}
	}
	return Invalid("The quick order is not valid.", f)
}

// BulkOutcome is what became of one line of a quick order.
type BulkOutcome string

// The outcomes, one per line sent, in the order sent. Only "added" adds
// anything; a product already in the cart gets the line's quantity on top,
// and the checks are of the sum.
const (
	BulkAdded        BulkOutcome = "added"
	BulkUnknownSKU   BulkOutcome = "unknown_sku"
	BulkBelowMinimum BulkOutcome = "below_minimum"
	BulkAboveStock   BulkOutcome = "above_stock"
	BulkDuplicate    BulkOutcome = "duplicate" // the SKU was on an earlier line of the request
	BulkCartFull     BulkOutcome = "cart_full" // the cart has MaxCartLines lines
)

// BulkResult is one line's outcome, with the product it names when known
// (the client shows its name and its limits).
type BulkResult struct {
	SKU       string      `json:"sku"`
	Quantity  int64       `json:"quantity"`
	Outcome   BulkOutcome `json:"outcome"`
	ProductID string      `json:"productId,omitempty"`
	Name      string      `json:"name,omitempty"`
	Minimum   int64       `json:"minimum,omitempty"`
	Available *int64      `json:"available,omitempty"`
}

// BulkAnswer is POST /cart/bulk's answer: each line's outcome, and the
// cart as stored after it.
type BulkAnswer struct {
	Lines []BulkResult `json:"lines"`
	Cart  Cart         `json:"cart"`
}
