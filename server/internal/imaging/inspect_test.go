package imaging_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"runtime"
	"sync"
	"testing"

	"storefront/server/internal/imaging"
	"storefront/server/internal/imaging/imagingtest"
	"storefront/server/internal/shop"
)

// The messages of the refusals, as a client reads them.
const (
	msgDamaged      = "The image is damaged or incomplete."
	msgDimensions   = "The image dimensions are not acceptable."
	msgTooManyPx    = "The image is too large to process: at most 40 megapixels."
	msgTooManyBytes = "The image is too large to process: at most 160 MB once decoded (use fewer pixels or 8 bits per channel)."
	msgGIFPixels    = "The animation is too large to process: at most 40 megapixels in all its frames."
	msgGIFFrames    = "The animation has too many frames: at most 300."
)

// budget is the most one request may add to resident memory (DESIGN.md,
// Budgets).
const budget = 300 << 20

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	img.Set(3, 3, color.RGBA{200, 10, 10, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// photo is a w×h picture with some detail in it.
func photo(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	return img
}

func jpegBytes(tb testing.TB, w, h int) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, photo(w, h), &jpeg.Options{Quality: 80}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// jpegHeader is a small JPEG whose frame header claims w×h, made
// progressive (SOF2) if asked: DecodeConfig believes it, decoding would not.
func jpegHeader(tb testing.TB, w, h int, progressive bool) []byte {
	tb.Helper()
	data := jpegBytes(tb, 16, 16)
	i := bytes.Index(data, []byte{0xff, 0xc0})
	if i < 0 {
		tb.Fatal("no SOF0")
	}
	if progressive {
		data[i+1] = 0xc2
	}
	data[i+5], data[i+6], data[i+7], data[i+8] = byte(h>>8), byte(h), byte(w>>8), byte(w)
	return data
}

// animation is a GIF as image/gif writes one: frames with their own
// palettes, delays, disposal and a loop count.
func animation(tb testing.TB, frames int) []byte {
	tb.Helper()
	g := &gif.GIF{LoopCount: 0}
	for i := range frames {
		m := image.NewPaletted(image.Rect(0, 0, 64, 48), palette.Plan9[i*16:i*16+16])
		for x := range 64 {
			m.SetColorIndex(x, (x+i)%48, uint8(x%16))
		}
		g.Image = append(g.Image, m)
		g.Delay = append(g.Delay, 10)
		g.Disposal = append(g.Disposal, gif.DisposalBackground)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, g); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func readFile(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// allocated runs f and returns the bytes it allocated. TotalAlloc only
// grows, by every allocation, so this bounds what f could add to resident
// memory, and it does not depend on timing or on the collector.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
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

// TestInspect_Accepts is every kind of picture Inspect takes, up to the
// limits; each costs no more than decodeCost says and stays in the budget.
func TestInspect_Accepts(t *testing.T) {
	ctx := context.Background()
	for name, c := range map[string]struct {
		data func(testing.TB) []byte
		ct   string
	}{
		"JPEG": {func(tb testing.TB) []byte { return jpegBytes(tb, 1600, 1200) }, "image/jpeg"},
		"PNG": {func(tb testing.TB) []byte {
			return imaging.Picture(1600, 1200, color.RGBA{1, 2, 3, 255}, color.RGBA{200, 5, 6, 255}, "gear", "x")
		}, "image/png"},
		"PNG16Bit":           {func(tb testing.TB) []byte { return imagingtest.PNG(tb, 1600, 1200, 16, false) }, "image/png"},
		"PNGInterlaced":      {func(tb testing.TB) []byte { return imagingtest.PNG(tb, 1600, 1200, 8, true) }, "image/png"},
		"PNG36MegapixelRGBA": {func(tb testing.TB) []byte { return imagingtest.PNG(tb, 6000, 6000, 8, false) }, "image/png"},
		"WebPLossy":          {func(tb testing.TB) []byte { return readFile(tb, "testdata/blue-purple-pink.lossy.webp") }, "image/webp"},
		"WebPLossyWithAlpha": {func(tb testing.TB) []byte { return readFile(tb, "testdata/yellow_rose.lossy-with-alpha.webp") }, "image/webp"},
		"WebPLossless":       {func(tb testing.TB) []byte { return readFile(tb, "testdata/gopher-doc.1bpp.lossless.webp") }, "image/webp"},
		"GIFAnimated":        {func(tb testing.TB) []byte { return animation(tb, 5) }, "image/gif"},
		"GIF300Frames":       {func(tb testing.TB) []byte { return imagingtest.GIF(tb, 10, 10, imagingtest.Frames(300, 10, 10)...) }, "image/gif"},
		"GIF40MegapixelsInAll": {func(tb testing.TB) []byte {
			return imagingtest.GIF(tb, 1000, 1000, imagingtest.Frames(40, 1000, 1000)...)
		}, "image/gif"},
	} {
		t.Run(name, func(t *testing.T) {
			data := c.data(t)
			var ct string
			var err error
			n := allocated(func() { ct, err = imaging.InspectContext(ctx, data) })
			if err != nil || ct != c.ct {
				t.Fatalf("%q %v, want %q", ct, err, c.ct)
			}
			// Decoders have some fixed cost (tables, buffers) besides
			// what grows with the picture.
			if limit := imaging.DecodeCost(t, data) + 1<<20; n > uint64(limit) || n > budget {
				t.Fatalf("allocated %d bytes, estimated at most %d", n, limit)
			}
			t.Logf("%s: allocated %.1f MB (estimate %.1f MB)", name, float64(n)/(1<<20), float64(imaging.DecodeCost(t, data))/(1<<20))
		})
	}
}

// TestInspect_Bombs is decompression bombs, each a file under 5 MB: all are
// refused from their headers, before anything is decompressed.
func TestInspect_Bombs(t *testing.T) {
	ctx := context.Background()
	for name, c := range map[string]struct {
		data func(testing.TB) []byte
		msg  string
	}{
		// The probe's files: 60 frames of 7000×7000, and 7000×7000 RGBA at
		// 16 bits (392 MB).
		"GIF60FramesOf49Megapixels": {imagingtest.GIFBomb, msgTooManyPx},
		"PNG16Bit49Megapixels":      {imagingtest.PNGBomb, msgTooManyPx},
		// Under 40 megapixels, but over 160 MB decoded.
		"PNG16Bit36Megapixels":        {func(tb testing.TB) []byte { return imagingtest.PNG(tb, 6000, 6000, 16, false) }, msgTooManyBytes},
		"PNGInterlaced25Megapixels":   {func(tb testing.TB) []byte { return imagingtest.PNG(tb, 5000, 5000, 8, true) }, msgTooManyBytes},
		"JPEGProgressive25Megapixels": {func(tb testing.TB) []byte { return jpegHeader(tb, 5000, 5000, true) }, msgTooManyBytes},
		// A GIF whose logical screen is within the limit but whose 60
		// frames (2.2 gigapixels) are not.
		"GIF60FramesOf36Megapixels": {func(tb testing.TB) []byte {
			return imagingtest.GIF(tb, 6000, 6000, imagingtest.Frames(60, 6000, 6000)...)
		}, msgGIFPixels},
		"GIF41MegapixelsInAll": {func(tb testing.TB) []byte {
			return imagingtest.GIF(tb, 1000, 1000, imagingtest.Frames(41, 1000, 1000)...)
		}, msgGIFPixels},
		"GIF301Frames": {func(tb testing.TB) []byte {
			return imagingtest.GIF(tb, 10, 10, imagingtest.Frames(301, 10, 10)...)
		}, msgGIFFrames},
		"GIFFrameOutsideScreen": {func(tb testing.TB) []byte {
			return imagingtest.GIF(tb, 100, 100, imagingtest.Frame{X: 90, Y: 90, W: 20, H: 20})
		}, msgDimensions},
		"GIFLaterFrameOutsideScreen": {func(tb testing.TB) []byte {
			return imagingtest.GIF(tb, 100, 100, imagingtest.Frame{W: 100, H: 100}, imagingtest.Frame{W: 101, H: 100})
		}, msgDimensions},
		"GIFHugeFrameOnSmallScreen": {func(tb testing.TB) []byte {
			return imagingtest.GIF(tb, 100, 100, imagingtest.Frame{W: 7000, H: 7000})
		}, msgDimensions},
	} {
		t.Run(name, func(t *testing.T) {
			data := c.data(t)
			if len(data) > shop.MaxImageBytes {
				t.Fatalf("the bomb is %d bytes, over the upload limit", len(data))
			}
			var err error
			n := allocated(func() { _, err = imaging.InspectContext(ctx, data) })
			t.Logf("%d KB file: allocated %.1f MB: %v", len(data)>>10, float64(n)/(1<<20), err)
			if shop.ErrorCode(err) != shop.EINVALID || shop.ErrorMessage(err) != c.msg {
				t.Errorf("got %v, want %s %q", err, shop.EINVALID, c.msg)
			}
			if n > budget {
				t.Errorf("allocated %d MB, over the %d MB budget", n>>20, budget>>20)
			}
			if n > 1<<20 {
				t.Errorf("allocated %d bytes: it was decompressed", n)
			}
		})
	}
}

func TestInspect_ErrDamagedGIF(t *testing.T) {
	good := animation(t, 3)
	whole := imagingtest.GIF(t, 10, 10, imagingtest.Frame{W: 10, H: 10})
	desc := bytes.Index(whole, []byte{0x2c, 0, 0, 0, 0, 10, 0, 10, 0, 0}) // the image descriptor
	badCode := bytes.Clone(whole)
	badCode[desc+10] = 12 // LZW minimum code size
	for name, data := range map[string][]byte{
		"NoTrailer":     good[:len(good)-1],
		"CutInAFrame":   good[:len(good)*2/3],
		"NoFrames":      imagingtest.GIF(t, 10, 10),
		"BadCodeSize":   badCode,
		"UnknownBlock":  append(whole[:len(whole)-1:len(whole)-1], 0x99, 0x3b),
		"NoColourTable": append([]byte("GIF89a\x0a\x00\x0a\x00\x00\x00\x00"), whole[desc:]...),
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := imaging.Inspect(data); shop.ErrorCode(err) != shop.EINVALID || shop.ErrorMessage(err) != msgDamaged {
				t.Fatalf("got %v, want %q", err, msgDamaged)
			}
		})
	}
}

func TestDecodeCost_Progressive(t *testing.T) {
	base, prog := imaging.DecodeCost(t, jpegHeader(t, 1000, 1000, false)), imaging.DecodeCost(t, jpegHeader(t, 1000, 1000, true))
	// 4:2:0: 1.5 bytes a pixel (padded to 16×16), and when progressive an
	// int32 coefficient a sample more.
	if planes := int64(1008 * 1008 * 3 / 2); base < planes || prog-base != 4*planes {
		t.Fatalf("baseline %d, progressive %d", base, prog)
	}
	// The same header, baseline, passes the limits and fails to decode.
	if _, err := imaging.Inspect(jpegHeader(t, 5000, 5000, false)); shop.ErrorMessage(err) != msgDamaged {
		t.Fatalf("got %v, want %q", err, msgDamaged)
	}
}

// TestInspect_DecodeSlots: with every slot taken the next decode waits for
// one (it gets it when a slot frees), and one whose context ends while
// waiting gives up.
func TestInspect_DecodeSlots(t *testing.T) {
	slots := imaging.DecodeSlots()
	if slots < 2 {
		t.Fatalf("%d decode slots", slots)
	}
	waiting, decoding, finish := make(chan struct{}, slots+2), make(chan struct{}, slots+2), make(chan struct{})
	imaging.SetHooks(t,
		func() { waiting <- struct{}{} },
		func() { decoding <- struct{}{}; <-finish })
	data := pngBytes(t)
	inspect := func(ctx context.Context, errs chan<- error) {
		_, err := imaging.InspectContext(ctx, data)
		errs <- err
	}

	held := make(chan error, slots)
	for range slots {
		go inspect(context.Background(), held)
	}
	for range slots {
		<-decoding
	}

	next := make(chan error, 1)
	go inspect(context.Background(), next)
	<-waiting
	select {
	case <-decoding:
		t.Fatal("a decode started with every slot taken")
	default:
	}

	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error, 1)
	go inspect(ctx, gaveUp)
	<-waiting
	cancel()
	if err := <-gaveUp; shop.ErrorCode(err) != shop.EUNAVAILABLE || shop.ErrorMessage(err) == "" {
		t.Fatalf("cancelled wait: %v", err)
	}
	if _, err := imaging.InspectContext(ctx, data); shop.ErrorCode(err) != shop.EUNAVAILABLE {
		t.Fatalf("cancelled context: %v", err)
	}

	close(finish)
	var wg sync.WaitGroup
	for range slots {
		wg.Go(func() {
			if err := <-held; err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if err := <-next; err != nil {
		t.Fatalf("the waiting decode: %v", err)
	}
	if n := len(decoding); n != 1 {
		t.Fatalf("%d more decodes started, want the waiting one", n)
	}
}
