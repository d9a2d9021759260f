package imaging_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"storefront/server/internal/imaging"
	"storefront/server/internal/shop"
)

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	img.Set(3, 3, color.RGBA{200, 10, 10, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestInspect(t *testing.T) {
	good := pngBytes(t)
	if ct, err := imaging.Inspect(good); err != nil || ct != "image/png" {
		t.Fatalf("PNG: %q %v", ct, err)
	}
	if ct, err := imaging.Inspect(imaging.Picture(64, 48, color.RGBA{1, 2, 3, 255}, color.RGBA{4, 5, 6, 255}, "gear", "x")); err != nil || ct != "image/png" {
		t.Fatalf("drawn picture: %q %v", ct, err)
	}
	for name, c := range map[string]struct {
		data []byte
		code string
	}{
		"ErrEmpty":     {nil, shop.EINVALID},
		"ErrText":      {[]byte("just some text pretending to be a png"), shop.EUNSUPPORTED},
		"ErrSVG":       {[]byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), shop.EUNSUPPORTED},
		"ErrHTML":      {[]byte("<!doctype html><html><body>hi</body></html>"), shop.EUNSUPPORTED},
		"ErrTruncated": {good[:len(good)/2], shop.EINVALID},
		"ErrTooLarge":  {append(append([]byte{}, good...), make([]byte, 6<<20)...), shop.ETOOLARGE},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := imaging.Inspect(c.data); shop.ErrorCode(err) != c.code {
				t.Fatalf("code %q (%v), want %q", shop.ErrorCode(err), err, c.code)
			}
		})
	}
}
