package app

import (
	"context"
	"fmt"
	"io"
	"slices"

	"storefront/server/internal/shop"
)

// Issue 48: a product's documents, and its spare parts and accessories.

// knownLinks refuses parts and accessories that name the product itself
// or a product that does not exist (400 naming the field); those the
// product lists already pass, so a part deleted since does not block an
// edit of something else.
func (c *Catalogue) knownLinks(ctx context.Context, d shop.ProductDraft, cur shop.Product) error {
	had := func(id string) bool { return slices.Contains(cur.Parts, id) || slices.Contains(cur.Accessories, id) }
	exists := func(id string) (bool, error) {
		_, err := c.Products.FindProduct(ctx, id)
		switch shop.ErrorCode(err) {
		case "":
			return true, nil
		case shop.ENOTFOUND:
			return false, nil
		}
		return false, err
	}
	f, err := d.LinkProblems(cur.ID, had, exists)
	if err != nil {
		return err
	}
	return shop.Invalid("The product is not valid.", f)
}

// Fits returns a page of the spare parts and then the accessories the
// product lists (GET /service?fits=), each once, those that still exist,
// and how many there are.
func (c *Catalogue) Fits(ctx context.Context, id string, skip, limit int) ([]shop.Product, int64, error) {
	if err := shop.CheckID(id); err != nil {
		return nil, 0, err
	}
	p, err := c.Products.FindProduct(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	ids := append(slices.Clone(p.Parts), p.Accessories...)
	list := make([]shop.Product, 0, len(ids))
	seen := map[string]bool{}
	for _, pid := range ids {
		if seen[pid] {
			continue
		}
		seen[pid] = true
		part, err := c.Products.FindProduct(ctx, pid)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, 0, err
		}
		list = append(list, part)
	}
	total := int64(len(list))
	return list[min(skip, len(list)):min(skip+limit, len(list))], total, nil
}

// PartOf returns a page of the products that list id among their parts or
// accessories (GET /service?partOf=: the machines a part fits), in
// catalogue order.
func (c *Catalogue) PartOf(ctx context.Context, id string, skip, limit int) ([]shop.Product, int64, error) {
	if err := shop.CheckID(id); err != nil {
		return nil, 0, err
	}
	return c.Parts.FittedWith(ctx, id, skip, limit)
}

// AddDocument attaches a PDF to a product (admins). The bytes are checked
// to be a PDF; the name and the declared type do not count.
func (c *Catalogue) AddDocument(ctx context.Context, caller shop.Caller, productID string, in shop.DocumentInput, data []byte) (shop.Document, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.Document{}, err
	}
	if err := shop.CheckID(productID); err != nil {
		return shop.Document{}, err
	}
	in, err := shop.CheckDocument(in, data)
	if err != nil {
		return shop.Document{}, err
	}
	return c.Documents.PutDocument(ctx, productID, in, data)
}

// DeleteDocument removes one of a product's documents (admins).
func (c *Catalogue) DeleteDocument(ctx context.Context, caller shop.Caller, productID, docID string) error {
	if err := shop.RequireAdmin(caller); err != nil {
		return err
	}
	if err := shop.CheckID(productID); err != nil {
		return err
	}
	if err := shop.CheckID(docID); err != nil {
		return err
	}
	return c.Documents.DeleteDocument(ctx, productID, docID)
}

// OpenDocument returns a document and its bytes, for anyone: documents are
// public, like the products' pictures.
func (c *Catalogue) OpenDocument(ctx context.Context, id string) (shop.StoredDocument, []byte, error) {
	if err := shop.CheckID(id); err != nil {
		return shop.StoredDocument{}, nil, err
	}
	d, rc, err := c.Documents.OpenDocument(ctx, id)
	if err != nil {
		return d, nil, err
	}
	defer rc.Close()
	data, err := readAtMost(rc, shop.MaxDocumentBytes)
	return d, data, err
}

// readAtMost reads r whole, refusing more than n bytes.
func readAtMost(r io.Reader, n int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, n+1))
	if err == nil && int64(len(data)) > n {
		return nil, fmt.Errorf("more than %d bytes stored", n)
	}
	return data, err
}
