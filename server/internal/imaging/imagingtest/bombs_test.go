package imagingtest

import (
	"bytes"
	"compress/zlib"
	"image/png"
	"io"
	"testing"
)

// The hand-written stream inflates to exactly n zeros, whatever n's
// remainder by 258, and a PNG built on it decodes.
func TestZeroZlib_InflatesToZeros(t *testing.T) {
	for _, n := range []int{0, 1, 2, 257, 258, 259, 260, 516, 65521, 65522, 1_000_003} {
		r, err := zlib.NewReader(bytes.NewReader(ZeroZlib(n)))
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		got, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err) // the Adler-32 is checked at the end
		}
		if len(got) != n || bytes.Count(got, []byte{0}) != n {
			t.Fatalf("n=%d: inflated %d bytes, %d of them zero", n, len(got), bytes.Count(got, []byte{0}))
		}
	}
	for _, interlaced := range []bool{false, true} {
		img, err := png.Decode(bytes.NewReader(PNG(t, 37, 23, 16, interlaced)))
		if err != nil || img.Bounds().Dx() != 37 || img.Bounds().Dy() != 23 {
			t.Fatalf("interlaced=%v: %v %v", interlaced, err, img)
		}
	}
	if n := len(PNGBomb(t)); n > 500<<10 {
		t.Fatalf("the PNG bomb is %d KB", n>>10)
	}
}
