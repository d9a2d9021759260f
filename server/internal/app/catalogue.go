package app

import (
	"context"
	"strconv"
	"time"

	"storefront/server/internal/shop"
)

// Catalogue is the products: everyone reads them, admins manage them.
type Catalogue struct {
	Products shop.ProductStore
}

// List returns a page of products and the number of matches.
func (c *Catalogue) List(ctx context.Context, q shop.ProductQuery) ([]shop.Product, int64, error) {
	return c.Products.ListProducts(ctx, q)
}

// Find returns one product.
func (c *Catalogue) Find(ctx context.Context, id string) (shop.Product, error) {
	return c.Products.FindProduct(ctx, id)
}

// Version grows with every write to the products: an answer read from them
// is fresh while it is unchanged.
func (c *Catalogue) Version() uint64 { return c.Products.DataVersion(shop.ProductData) }

// AddProduct creates a product owned by the admin who adds it.
func (c *Catalogue) AddProduct(ctx context.Context, caller shop.Caller, raw shop.RawProduct) (string, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return "", err
	}
	raw.Email = caller.Email
	d, err := raw.Parse(true)
	if err != nil {
		return "", err
	}
	return c.Products.InsertProduct(ctx, d)
}

// EditProduct changes the fields the admin sends; absent fields keep their
// values. The save is refused (409) if the product changed since the admin
// read it (readAt, their copy's updatedAt, when given) or since it was read
// here, e.g. an order took stock meanwhile.
func (c *Catalogue) EditProduct(ctx context.Context, caller shop.Caller, id string, raw shop.RawProduct, readAt *time.Time) (shop.UpdateResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.UpdateResult{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.UpdateResult{}, err
	}
	cur, err := c.Products.FindProduct(ctx, id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	if readAt != nil && !readAt.Equal(cur.UpdatedAt) {
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, "The product changed while you were editing it. Reload it and save again.")
	}
	keep := func(s *string, v string) {
		if *s == "" {
			*s = v
		}
	}
	keepNum := func(n *shop.NumberText, v string) {
		if *n == "" {
			*n = shop.NumberText(v)
		}
	}
	keep(&raw.Name, cur.Name)
	keep(&raw.Image, cur.Image)
	keep(&raw.Description, cur.Description)
	keepNum(&raw.Price, cur.Price.Dollars())
	keepNum(&raw.Available, itoa64(cur.Available))
	keepNum(&raw.Minimum, itoa64(cur.Minimum))
	raw.Email = cur.Email
	d, err := raw.Parse(true)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	if d.Matches(cur) {
		return shop.UpdateResult{Acknowledged: true, MatchedCount: 1}, nil
	}
	return c.Products.ReplaceProduct(ctx, cur, d)
}

// DeleteProduct removes a product from the catalogue.
func (c *Catalogue) DeleteProduct(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.DeleteResult{}, err
	}
	return c.Products.DeleteProduct(ctx, id)
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
