package mirror

import (
	"cmp"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Product is a product as stored in the `service` collection.
type Product struct {
	ID          ID          `bson:"_id,omitempty"`
	Name        string      `bson:"name"`
	Price       float64     `bson:"price"`
	Image       string      `bson:"image"`
	Description string      `bson:"description"`
	Available   int64       `bson:"avaialbequantit"`
	Minimum     int64       `bson:"minimumquantity"`
	Email       string      `bson:"email"`
	CreatedAt   time.Time   `bson:"createdAt"`
	UpdatedAt   time.Time   `bson:"updatedAt"`
	Holds       []StockHold `bson:"stockHolds,omitempty"` // stock.go

	fold string // the name in lower case, for search in the mirror (NameContains)
}

// Shop is the document as the domain has it.
func (d Product) Shop() shop.Product {
	return shop.Product{
		ID: d.ID.Hex(), Name: d.Name, Price: shop.CentsFromFloat(d.Price), Image: d.Image,
		Description: d.Description, Available: d.Available, Minimum: d.Minimum, Email: d.Email,
		CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC(),
	}
}

// Products is the in-memory catalogue: by id, by name, and in each
// order the list can be sorted by.
func Products(name string) *Mirror[ID, Product] {
	return &Mirror[ID, Product]{
		Name: name, IDOf: func(d *Product) ID { return d.ID }, CmpID: CompareIDs,
		Prepare: func(d *Product) { d.fold = strings.ToLower(d.Name) },
		Keys: []*KeyIndex[ID, Product]{
			{Name: "name", Key: func(d *Product) (string, bool) { return d.Name, true }},
		},
		Orders: []*OrderIndex[ID, Product]{
			{Name: "createdAt", Cmp: func(a, b *Product) int { return a.CreatedAt.Compare(b.CreatedAt) }},
			{Name: "name", Cmp: func(a, b *Product) int { return strings.Compare(a.Name, b.Name) }},
			{Name: "price", Cmp: func(a, b *Product) int { return cmp.Compare(a.Price, b.Price) }},
		},
	}
}

// NameContains is the catalogue search: the products whose name contains
// q, in any case (MongoDB's filter: a case-insensitive $regex of q quoted).
func NameContains(q string) func(*Product) bool {
	fold := strings.ToLower(q)
	return func(d *Product) bool { return strings.Contains(d.fold, fold) }
}

// Unchanged is ReplaceProduct's precondition: the product is still as it
// was read, its updatedAt and its stock (MongoDB: the same two fields in the
// filter).
func Unchanged(read shop.Product) func(Product) error {
	return func(p Product) error {
		if !p.UpdatedAt.Equal(read.UpdatedAt) || p.Available != read.Available {
			return shop.Errorf(shop.ECONFLICT, "The product changed while you were editing it. Reload it and save again.")
		}
		return nil
	}
}

// LowStock matches the products whose stock is below their minimum order.
func LowStock(d *Product) bool { return d.Available < d.Minimum }

// ImportChange is one existing product an import changes: every field of
// the draft but the stock, which moves by the draft's stock less the stock
// the import read (a guarded difference, never an overwrite: what orders
// took or gave back since the read stands, and the product's stock holds
// stay).
type ImportChange struct {
	ID    ID
	Name  string // as read: a product renamed since is left alone
	Draft shop.ProductDraft
	Read  int64 // the stock the import read
}

// Delta is how much the stock moves.
func (c ImportChange) Delta() int64 { return c.Draft.Available - c.Read }

// Refusal is the change's precondition, written once for both stores: why
// the stock of an existing product could not move as its row asks, or nil.
// The stock would go below zero, orders having taken more since the import
// read it (MongoDB's filter: {avaialbequantit: {$gte: -delta}}).
func (c ImportChange) Refusal(cur Product) error {
	if cur.Available+c.Delta() < 0 {
		return shop.Errorf(shop.ECONFLICT, "Its stock is %d now: orders took %d since the import read %d, and the file's %d would leave less than none. The row was not imported; run the import again.",
			cur.Available, c.Read-cur.Available, c.Read, c.Draft.Available)
	}
	return nil
}

// Apply is the product as the change leaves it (the mirror's copy).
func (c ImportChange) Apply(cur Product, at time.Time) Product {
	next := cur
	next.Name, next.Price, next.Image, next.Description = c.Draft.Name, c.Draft.Price.Float(), c.Draft.Image, c.Draft.Description
	next.Minimum, next.Email, next.UpdatedAt = c.Draft.Minimum, c.Draft.Email, at
	next.Available += c.Delta()
	return next
}

// NextUpdate is the updatedAt of a product's next write at time at: at, or a
// millisecond after the last one when the clock has not moved past it, so
// that on the embedded store (whose single writer computes it) updatedAt
// names one version of the product, and an edit read at one version is
// never saved over another. (MongoDB's writes set the time as it is: two
// writes to one product within a millisecond share it.)
func NextUpdate(at, last time.Time) time.Time {
	if at.After(last) {
		return at
	}
	return last.Add(time.Millisecond)
}

// WithDraft is the product with the draft's values, written at at
// (ReplaceProduct's copy in the mirror).
func (p Product) WithDraft(d shop.ProductDraft, at time.Time) Product {
	p.Name, p.Price, p.Image, p.Description = d.Name, d.Price.Float(), d.Image, d.Description
	p.Available, p.Minimum, p.Email, p.UpdatedAt = d.Available, d.Minimum, d.Email, NextUpdate(at, p.UpdatedAt)
	return p
}

// WithStock is the product with a new stock and holds, written at at (the
// zero time: updatedAt stays).
func (p Product) WithStock(available int64, holds []StockHold, at time.Time) Product {
	p.Available, p.Holds = available, holds
	if !at.IsZero() {
		p.UpdatedAt = NextUpdate(at, p.UpdatedAt)
	}
	return p
}
