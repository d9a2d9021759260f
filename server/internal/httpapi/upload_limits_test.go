package httpapi_test

import (
	"runtime"
	"testing"

	"storefront/server/internal/imaging/imagingtest"
)

// TestUpload_ErrDecompressionBomb: small files that would decode into
// gigabytes are refused with a 400 problem saying why, store nothing, and
// cost the request far less than its 300 MB memory budget.
func TestUpload_ErrDecompressionBomb(t *testing.T) {
	ts := mustServe(t)
	user := ts.mustRegister(t, "Bo", "bo@shop.test")
	for name, c := range map[string]struct {
		data   func(testing.TB) []byte
		detail string
	}{
		"GIF60FramesOf49Megapixels": {imagingtest.GIFBomb,
			"The image is too large to process: at most 40 megapixels."},
		"GIF60FramesOf36Megapixels": {func(tb testing.TB) []byte {
			return imagingtest.GIF(tb, 6000, 6000, imagingtest.Frames(60, 6000, 6000)...)
		}, "The animation is too large to process: at most 40 megapixels in all its frames."},
		"PNG16Bit49Megapixels": {imagingtest.PNGBomb,
			"The image is too large to process: at most 40 megapixels."},
		"PNG16Bit36Megapixels": {func(tb testing.TB) []byte { return imagingtest.PNG(tb, 6000, 6000, 16, false) },
			"The image is too large to process: at most 160 MB once decoded (use fewer pixels or 8 bits per channel)."},
	} {
		t.Run(name, func(t *testing.T) {
			data := c.data(t)
			before := ts.imageCount(t)
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			res, body := ts.uploadFile(t, user.Token, "image", "bomb.img", data)
			runtime.ReadMemStats(&m1)
			p := mustProblem(t, res, body, 400)
			if p.Detail != c.detail {
				t.Fatalf("detail %q, want %q", p.Detail, c.detail)
			}
			if after := ts.imageCount(t); after != before {
				t.Fatalf("a refused upload stored an image: %d -> %d", before, after)
			}
			// Client and server share this process: the total bounds both.
			if n := m1.TotalAlloc - m0.TotalAlloc; n > 300<<20 {
				t.Fatalf("the request allocated %d MB", n>>20)
			}
			t.Logf("%d KB upload, %d MB allocated in all", len(data)>>10, (m1.TotalAlloc-m0.TotalAlloc)>>20)
		})
	}
	t.Run("OK_AnimatedGIF", func(t *testing.T) {
		ts.mustUpload(t, user.Token, imagingtest.GIF(t, 200, 100, imagingtest.Frames(20, 200, 100)...))
	})
}
