package httpapi_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/httpapi"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/testclock"
)

// Uploads are limited per account, counting requests (identical bytes too,
// though they are stored once) and their bytes: past either, 429.
func TestUpload_DailyQuota(t *testing.T) {
	t.Parallel()
	t.Run("ErrRequests", func(t *testing.T) {
		ts := mustServeWith(t, serveOptions{limits: httpapi.Limits{UploadRequests: ratelimit.Rate{Burst: 3, Interval: 8 * time.Hour}}})
		ann := ts.mustRegister(t, "Ann", "ann@shop.test")
		bob := ts.mustRegister(t, "Bob", "bob@shop.test")
		png := testPNG(t, 20, 20)
		for i := 0; i < 3; i++ {
			ts.mustUpload(t, ann.Token, png) // the same bytes each time: still requests
		}
		before := ts.imageCount(t)
		res, body := ts.uploadFile(t, ann.Token, "image", "photo.png", testPNG(t, 21, 20))
		p := mustProblem(t, res, body, 429)
		if s := mustRetryAfter(t, res); s < 7*3600 || s > 8*3600 || !strings.Contains(p.Detail, "daily quota") {
			t.Fatalf("Retry-After %d s, %q", s, p.Detail)
		}
		if ts.imageCount(t) != before {
			t.Fatal("a refused upload was stored")
		}
		ts.mustUpload(t, bob.Token, png) // another account's quota
	})
	t.Run("ErrBytes", func(t *testing.T) {
		ts := mustServeWith(t, serveOptions{limits: httpapi.Limits{UploadKiB: ratelimit.Rate{Burst: 30, Interval: time.Hour}}})
		ann := ts.mustRegister(t, "Ann", "ann@shop.test")
		big := noisyPNG(t, 100, 60) // about 23 KiB: noise does not compress
		if len(big) < 16<<10 || len(big) > 29<<10 {
			t.Fatalf("the test picture has %d bytes", len(big))
		}
		ts.mustUpload(t, ann.Token, big)
		res, body := ts.uploadFile(t, ann.Token, "image", "photo.png", big)
		mustProblem(t, res, body, 429)
		mustRetryAfter(t, res)
		ts.mustUpload(t, ann.Token, testPNG(t, 10, 10)) // a small one still fits
	})
}

// A picture that nothing refers to 24 h after its last upload is deleted by
// the sweep; one in use stays, and so does one uploaded again since.
func TestPictureSweep_DeletesOrphans(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-06-01T10:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now})
	ann := ts.mustRegister(t, "Ann", "ann@shop.test")
	used := ts.mustUpload(t, ann.Token, testPNG(t, 30, 20))
	if res, body := ts.send(t, "POST", "/profile", ann.Token, map[string]any{"image": used, "address": "1 Mill Road", "education": "BSc"}); res.StatusCode != 200 {
		t.Fatalf("profile: %d %s", res.StatusCode, body)
	}
	orphan := ts.mustUpload(t, ann.Token, testPNG(t, 31, 20))
	again := testPNG(t, 32, 20)
	later := ts.mustUpload(t, ann.Token, again)
	path := func(url string) string { return strings.TrimPrefix(url, "http://shop.test") }
	if res, _ := ts.get(t, path(orphan)); res.StatusCode != 200 { // now in the API's memory too
		t.Fatalf("orphan: %d", res.StatusCode)
	}
	sweep := func() int {
		t.Helper()
		n, err := ts.deps.Images.SweepOrphans(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := ts.imageCount(t) // with the demo catalogue's pictures, which products use
	clock.Add(23 * time.Hour)
	if n := sweep(); n != 0 {
		t.Fatalf("swept %d pictures within 24 h of their upload", n)
	}
	if got := ts.mustUpload(t, ann.Token, again); got != later { // identical bytes: the same picture, uploaded again
		t.Fatalf("a second upload of the same bytes is %s, not %s", got, later)
	}
	clock.Add(2 * time.Hour)
	if n := sweep(); n != 1 {
		t.Fatalf("swept %d pictures, want the orphan only", n)
	}
	if res, body := ts.get(t, path(orphan)); res.StatusCode != 404 {
		t.Fatalf("the orphan after the sweep: %d %s", res.StatusCode, body)
	}
	for _, url := range []string{used, later} {
		if res, _ := ts.get(t, path(url)); res.StatusCode != 200 {
			t.Fatalf("%s after the sweep: %d", url, res.StatusCode)
		}
	}
	if ts.imageCount(t) != before-1 {
		t.Fatalf("%d pictures, want %d", ts.imageCount(t), before-1)
	}
	clock.Add(24 * time.Hour)
	if n := sweep(); n != 1 {
		t.Fatalf("swept %d, want the picture uploaded again, now idle too", n)
	}
	if res, _ := ts.get(t, path(used)); res.StatusCode != 200 {
		t.Fatal("the profile's picture was swept")
	}
	if err := ts.store.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The profile goes (its account is deleted): its picture is an orphan.
	if res, body := ts.send(t, "DELETE", "/account", ann.Token, map[string]any{"password": "secret123"}); res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	if n := sweep(); n != 1 {
		t.Fatalf("swept %d after the account's deletion, want its picture", n)
	}
	if d := ts.dump(t); strings.Contains(d, strings.TrimPrefix(path(used), "/images/")) {
		t.Fatal("the deleted account's picture is still stored")
	}
}

// noisyPNG is a picture of random pixels, about 4 bytes a pixel.
func noisyPNG(tb testing.TB, w, h int) []byte {
	tb.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(r.Uint32()), uint8(r.Uint32()), uint8(r.Uint32()), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}
