package app

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Catalogue is the products: everyone reads them, admins manage them.
type Catalogue struct {
	Products   shop.ProductStore
	Categories shop.CategoryStore
	// Issue 48 (parts.go): documents' bytes, and the parts' reverse
	// look-up.
	Documents shop.DocumentStore
	Parts     shop.PartsStore
	Log       *slog.Logger // may be nil: slog's default
}

func (c *Catalogue) log() *slog.Logger {
	if c.Log == nil {
		return slog.Default()
	}
	return c.Log
}

// List returns a page of products and the number of matches. A search
// that matches nothing tries again with one typo allowed in its words of
// shop.TypoMinLetters letters or more (issue 48).
func (c *Catalogue) List(ctx context.Context, q shop.ProductQuery) ([]shop.Product, int64, error) {
	list, total, err := c.Products.ListProducts(ctx, q)
	if err != nil || total > 0 || q.Typos || !shop.MayTypo(q.Words) {
		return list, total, err
	}
	q.Typos = true
	return c.Products.ListProducts(ctx, q)
}

// Stamps lists every product's stamp in catalogue order (the sitemap).
func (c *Catalogue) Stamps(ctx context.Context) ([]shop.ProductStamp, error) {
	return c.Products.ProductStamps(ctx)
}

// Find returns one product.
func (c *Catalogue) Find(ctx context.Context, id string) (shop.Product, error) {
	return c.Products.FindProduct(ctx, id)
}

// FindMany returns the products of ids that exist, in that order (a cart's
// lines in one request); a product gone is left out.
func (c *Catalogue) FindMany(ctx context.Context, ids []string) ([]shop.Product, error) {
	list := make([]shop.Product, 0, len(ids))
	for _, id := range ids {
		p, err := c.Products.FindProduct(ctx, id)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, err
		}
		list = append(list, p)
	}
	return list, nil
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
	if err := c.knownCategory(ctx, d.Category); err != nil {
		return "", err
	}
	if err := c.knownLinks(ctx, d, shop.Product{}); err != nil {
		return "", err
	}
	id, err := c.Products.InsertProduct(ctx, d)
	if err == nil {
		c.settleCategory(ctx, d.Category)
	}
	return id, err
}

// settleCategory settles a product saved under a category that a rename or
// a delete took between the save's check and its write (logged if it
// cannot: the recovery sweep moves what a rename left behind).
func (c *Catalogue) settleCategory(ctx context.Context, name string) {
	if name == "" || c.Categories == nil {
		return
	}
	if err := c.Categories.SettleCategory(ctx, name); err != nil {
		c.log().ErrorContext(ctx, "a product's category could not be settled", "category", name, "error", err)
	}
}

// knownCategory refuses a category that is not one of the categories (400
// naming the field).
func (c *Catalogue) knownCategory(ctx context.Context, name string) error {
	if name == "" || c.Categories == nil {
		return nil
	}
	_, err := c.Categories.FindCategoryByName(ctx, name)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return shop.Invalid("The product is not valid.", map[string]string{"category": shop.MsgCategoryUnknown})
	}
	return err
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
	// Issue 35: absent or null keeps; "" removes the SKU or the category; a
	// new picture alone makes the pictures [it].
	if raw.SKU == nil {
		raw.SKU = &cur.SKU
	}
	if raw.Category == nil {
		raw.Category = &cur.Category
	}
	if raw.Specs == nil {
		raw.Specs = &cur.Specs
	}
	if raw.Tiers == nil {
		tiers := make([]shop.RawTier, len(cur.Tiers))
		for i, t := range cur.Tiers {
			tiers[i] = shop.RawTier{Min: shop.NumberText(itoa64(t.Min)), PercentOff: shop.NumberText(t.PercentOff.String())}
		}
		raw.Tiers = &tiers
	}
	if raw.Parts == nil {
		raw.Parts = &cur.Parts
	}
	if raw.Accessories == nil {
		raw.Accessories = &cur.Accessories
	}
	if raw.OEMNumbers == nil {
		raw.OEMNumbers = &cur.OEMNumbers
	}
	if raw.WeightKg == nil {
		w := shop.NumberText(cur.WeightKg.Kg())
		raw.WeightKg = &w
	}
	if raw.LeadTimeDays == nil {
		l := shop.NumberText(itoa64(cur.LeadTimeDays))
		raw.LeadTimeDays = &l
	}
	if raw.Images == nil {
		images := cur.Images
		if raw.Image != cur.Image {
			images = []string{raw.Image}
		}
		raw.Images = &images
	}
	d, err := raw.Parse(true)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	if d.Category != cur.Category {
		if err := c.knownCategory(ctx, d.Category); err != nil {
			return shop.UpdateResult{}, err
		}
	}
	if d.Matches(cur) {
		return shop.UpdateResult{Acknowledged: true, MatchedCount: 1}, nil
	}
	if err := c.knownLinks(ctx, d, cur); err != nil {
		return shop.UpdateResult{}, err
	}
	res, err := c.Products.ReplaceProduct(ctx, cur, d)
	if err == nil && d.Category != cur.Category {
		c.settleCategory(ctx, d.Category)
	}
	return res, err
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

// Categories lists the categories by name, each with its count (anyone).
func (c *Catalogue) ListCategories(ctx context.Context) ([]shop.Category, error) {
	return c.Categories.ListCategories(ctx)
}

// AddCategory adds a category (admins; 409 when the name is taken).
func (c *Catalogue) AddCategory(ctx context.Context, caller shop.Caller, name string) (shop.Category, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.Category{}, err
	}
	n, err := shop.CategoryName(name)
	if err != nil {
		return shop.Category{}, err
	}
	return c.Categories.InsertCategory(ctx, n)
}

// RenameCategory renames a category and the products that use it (admins;
// 409 when the name is taken, or when from is given and the category has
// been renamed since).
func (c *Catalogue) RenameCategory(ctx context.Context, caller shop.Caller, id, name, from string) (shop.Category, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.Category{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Category{}, err
	}
	n, err := shop.CategoryName(name)
	if err != nil {
		return shop.Category{}, err
	}
	return c.Categories.RenameCategory(ctx, id, n, strings.TrimSpace(from))
}

// DeleteCategory deletes a category no product uses (admins; 409 saying how
// many products use it otherwise).
func (c *Catalogue) DeleteCategory(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.DeleteResult{}, err
	}
	return c.Categories.DeleteCategory(ctx, id)
}
