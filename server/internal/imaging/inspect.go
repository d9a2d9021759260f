// Package imaging checks uploaded pictures and draws the demo ones.
package imaging

import (
	"bytes"
	"context"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"

	"golang.org/x/image/webp"

	"storefront/server/internal/shop"
)

// Limits on what a picture may cost to decode, checked from its headers
// before anything is decompressed, so a small file cannot expand into a huge
// bitmap (a decompression bomb). With the decode slots (slots.go) they keep
// any one upload well under the 300 MB memory budget of a request.
const (
	// MaxPixels bounds width×height of a picture and, for an animated GIF,
	// the sum over its frames (a browser decodes every frame).
	MaxPixels = 40_000_000
	// MaxDecodeBytes bounds the memory the decoder needs for a picture: the
	// bitmap at its colour model's depth plus the decoder's own buffers
	// (decodeCost). 40 megapixels of 8-bit RGBA fit; 16-bit ones do not.
	MaxDecodeBytes = 160 << 20
	// MaxGIFFrames bounds the frames of an animated GIF.
	MaxGIFFrames = 300
)

// The client-safe messages of Inspect's refusals.
const (
	msgEmpty        = "The file is empty."
	msgFileTooLarge = "The image is larger than 5 MB."
	msgUnsupported  = "Only JPEG, PNG, WebP and GIF images are accepted."
	msgDamaged      = "The image is damaged or incomplete."
	msgDimensions   = "The image dimensions are not acceptable."
	msgTooManyPx    = "The image is too large to process: at most 40 megapixels."
	msgTooManyBytes = "The image is too large to process: at most 160 MB once decoded (use fewer pixels or 8 bits per channel)."
	msgGIFPixels    = "The animation is too large to process: at most 40 megapixels in all its frames."
	msgGIFFrames    = "The animation has too many frames: at most 300."
	msgBusy         = "The server is busy with other images; try again."
)

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
		// Only the first frame: scanGIF has checked the structure and
		// size of all of them, and decoding the first one checks the
		// picture; gif.DecodeAll would keep every frame in memory.
		func(b []byte) error { _, err := gif.Decode(bytes.NewReader(b)); return err },
	},
	"image/webp": {
		func(b []byte) (image.Config, error) { return webp.DecodeConfig(bytes.NewReader(b)) },
		func(b []byte) error { _, err := webp.Decode(bytes.NewReader(b)); return err },
	},
}

// Inspect is InspectContext for callers without a request to answer (the
// seed tool); it waits for a decode slot for as long as it takes.
func Inspect(data []byte) (string, error) {
	return InspectContext(context.Background(), data)
}

// InspectContext sniffs data and decodes it; it returns the content type of
// a whole JPEG, PNG, GIF or WebP image and refuses anything else
// (EUNSUPPORTED for other kinds of file, ETOOLARGE over 5 MB, EINVALID for
// damaged images and for ones over the limits above). Of a GIF it decodes
// the first frame only, after checking every frame's descriptor. It waits
// for one of the process's decode slots, and gives up with EUNAVAILABLE when
// ctx ends first.
func InspectContext(ctx context.Context, data []byte) (string, error) {
	if len(data) == 0 {
		return "", shop.Errorf(shop.EINVALID, msgEmpty)
	}
	if len(data) > shop.MaxImageBytes {
		return "", shop.Errorf(shop.ETOOLARGE, msgFileTooLarge)
	}
	ct := http.DetectContentType(data)
	d, ok := decoders[ct]
	if !ok {
		return "", shop.Errorf(shop.EUNSUPPORTED, msgUnsupported)
	}
	cfg, err := d.config(data)
	if err != nil {
		return "", shop.Errorf(shop.EINVALID, msgDamaged)
	}
	if cfg.Width < 1 || cfg.Height < 1 {
		return "", shop.Errorf(shop.EINVALID, msgDimensions)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return "", shop.Errorf(shop.EINVALID, msgTooManyPx)
	}
	cost, err := decodeCost(ct, data, cfg)
	if err != nil {
		return "", err
	}
	if cost > MaxDecodeBytes {
		return "", shop.Errorf(shop.EINVALID, msgTooManyBytes)
	}
	release, err := acquireDecodeSlot(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	if err := d.decode(data); err != nil {
		return "", shop.Errorf(shop.EINVALID, msgDamaged)
	}
	return ct, nil
}
