// Package imaging checks uploaded pictures and draws the demo ones.
package imaging

import (
	"bytes"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"

	"golang.org/x/image/webp"

	"storefront/server/internal/shop"
)

// MaxPixels bounds the decoded size, so a small file cannot expand into a
// huge bitmap (a decompression bomb).
const MaxPixels = 50_000_000

var decoders = map[string]struct {
	config func([]byte) (image.Config, error)
	decode func([]byte) error
}{
	"image/jpeg": {
		func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) error { _, err := jpeg.Decode(bytes.NewReader(b)); return err },
	},
	"image/png": {
		func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) error { _, err := png.Decode(bytes.NewReader(b)); return err },
	},
	"image/gif": {
		func(b []byte) (image.Config, error) { return gif.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) error { _, err := gif.DecodeAll(bytes.NewReader(b)); return err },
	},
	"image/webp": {
		func(b []byte) (image.Config, error) { return webp.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) error { _, err := webp.Decode(bytes.NewReader(b)); return err },
	},
}

// Inspect sniffs data and decodes it completely; it returns the content type
// of a whole JPEG, PNG, GIF or WebP image and refuses anything else
// (EUNSUPPORTED for other kinds of file, EINVALID for damaged images).
func Inspect(data []byte) (string, error) {
	if len(data) == 0 {
		return "", shop.Errorf(shop.EINVALID, "The file is empty.")
	}
	if len(data) > shop.MaxImageBytes {
		return "", shop.Errorf(shop.ETOOLARGE, "The image is larger than 5 MB.")
	}
	ct := http.DetectContentType(data)
	d, ok := decoders[ct]
	if !ok {
		return "", shop.Errorf(shop.EUNSUPPORTED, "Only JPEG, PNG, WebP and GIF images are accepted.")
	}
	cfg, err := d.config(data)
	if err != nil {
		return "", shop.Errorf(shop.EINVALID, "The image is damaged or incomplete.")
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width*cfg.Height > MaxPixels {
		return "", shop.Errorf(shop.EINVALID, "The image dimensions are not acceptable.")
	}
	if err := d.decode(data); err != nil {
		return "", shop.Errorf(shop.EINVALID, "The image is damaged or incomplete.")
	}
	return ct, nil
}
