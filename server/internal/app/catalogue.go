package app

import (
	"context"
	"time"

	"storefront/server/internal/shop"
)

// Catalogue is the admins' product management.
type Catalogue struct {
	Products shop.ProductStore
}

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
