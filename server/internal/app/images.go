package app

import (
	"context"
	"io"

	"storefront/server/internal/imaging"
	"storefront/server/internal/shop"
)

// Images is picture uploads.
type Images struct {
	Images    shop.ImageStore
	PublicURL string
}

// Upload checks that data is a whole JPEG, PNG, WebP or GIF image and
// stores it; the answer is its public URL.
func (i *Images) Upload(ctx context.Context, caller shop.Caller, data []byte, filename string) (string, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return "", err
	}
	ct, err := imaging.InspectContext(ctx, data)
	if err != nil {
		return "", err
	}
	img, err := i.Images.PutImage(ctx, data, ct, filename)
	if err != nil {
		return "", err
	}
	return shop.ImageURL(i.PublicURL, img.ID), nil
}

// Open returns a stored image and a reader of its bytes, for anyone: the
// pictures are public.
func (i *Images) Open(ctx context.Context, id string) (shop.Image, io.ReadCloser, error) {
	return i.Images.OpenImage(ctx, id)
}
