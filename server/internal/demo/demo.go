package demo

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"storefront/server/internal/imaging"
	"storefront/server/internal/shop"
)

// Store is what seeding needs of the store.
type Store interface {
	shop.ProductStore
	shop.ReviewStore
	shop.ImageStore
	shop.CategoryStore
}

// Result counts what Seed added.
type Result struct{ Products, Reviews int }

// Seed fills an empty catalogue with the demo products and an empty review
// list with the demo reviews; a store that has either keeps it untouched.
// Pictures are stored like uploads and addressed through publicURL.
func Seed(ctx context.Context, s Store, publicURL, ownerEmail string) (Result, error) {
	var res Result
	n, err := s.CountProducts(ctx)
	if err != nil {
		return res, err
	}
	if n == 0 {
		for _, c := range categories {
			if _, err := s.InsertCategory(ctx, c); err != nil && shop.ErrorCode(err) != shop.ECONFLICT {
				return res, fmt.Errorf("demo category %q: %w", c, err)
			}
		}
		pictures := productPictures()
		drafts := make([]shop.ProductDraft, len(products))
		for i, p := range products {
			price, err := shop.ParsePrice(p.Price)
			if err != nil {
				return res, fmt.Errorf("demo product %q: %w", p.Name, err)
			}
			url, err := storePicture(ctx, s, publicURL, pictures[i], slug(p.Name))
			if err != nil {
				return res, err
			}
			f := catalogueFields[p.Name]
			drafts[i] = shop.ProductDraft{Name: p.Name, Price: price, Image: url, Description: p.Description,
				Available: p.Available, Minimum: p.Minimum, Email: ownerEmail, SKU: f.sku, Category: f.category, Specs: f.specs}
		}
		counts, err := s.ImportProducts(ctx, drafts, shop.ImportOptions{})
		if shop.ErrorCode(err) == shop.ECONFLICT {
			// Another instance on the same MongoDB is adding them right now
			// (the unique name refused ours): the import by name completes
			// whatever it has not added yet.
			counts, err = s.ImportProducts(ctx, drafts, shop.ImportOptions{})
		}
		if err != nil {
			return res, fmt.Errorf("demo products: %w", err)
		}
		res.Products = counts.Inserted
	}
	n, err = s.CountReviews(ctx)
	if err != nil || n > 0 {
		return res, err
	}
	now := time.Now().UTC()
	avatars := avatarPictures()
	for i, r := range reviews {
		url, err := storePicture(ctx, s, publicURL, avatars[i], slug(r.Name))
		if err != nil {
			return res, err
		}
		inserted, err := s.EnsureReview(ctx, shop.Review{
			Name: r.Name, Email: slug(r.Name) + "@customers.example", Review: r.Review, Img: url, Rating: r.Rating,
			CreatedAt: now.Add(-time.Duration(r.DaysAgo) * 24 * time.Hour),
		})
		if err != nil {
			return res, fmt.Errorf("demo review by %s: %w", r.Name, err)
		}
		if inserted {
			res.Reviews++
		}
	}
	return res, nil
}

// The demo pictures are drawn once per process: they depend on nothing but
// the tables above.
var (
	productPictures = sync.OnceValue(func() [][]byte {
		return drawAll(len(products), func(i int) []byte {
			p := products[i]
			pal := palettes[p.Palette%len(palettes)]
			return imaging.Picture(640, 480, pal[0], pal[1], p.Figure, p.Name)
		})
	})
	avatarPictures = sync.OnceValue(func() [][]byte {
		return drawAll(len(reviews), func(i int) []byte {
			pal := palettes[reviews[i].Palette%len(palettes)]
			return imaging.Picture(320, 320, pal[0], pal[1], "person", "")
		})
	})
)

// drawAll draws n pictures on every core.
func drawAll(n int, draw func(i int) []byte) [][]byte {
	out := make([][]byte, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i := range out {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i] = draw(i)
		}()
	}
	wg.Wait()
	return out
}

func storePicture(ctx context.Context, s shop.ImageStore, publicURL string, png []byte, name string) (string, error) {
	img, err := s.PutImage(ctx, png, "image/png", name+".png")
	if err != nil {
		return "", fmt.Errorf("store demo picture %s: %w", name, err)
	}
	return shop.ImageURL(publicURL, img.ID), nil
}

func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// Placeholder is the picture of products imported without one: a neutral
// machine, drawn once and stored once, shared by all of them.
var Placeholder = sync.OnceValue(func() []byte {
	grey := palettes[3] // slate
	return imaging.Picture(640, 480, grey[0], grey[1], "machine", "")
})
