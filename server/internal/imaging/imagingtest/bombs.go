// Package imagingtest builds decompression bombs for tests: small files that
// decode into huge bitmaps. They are written by hand from their headers and
// an all-zero pixel stream, so building one costs a few megabytes however
// large the picture it claims to be.
package imagingtest

import (
	"bytes"
	"compress/lzw"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"sync"
	"testing"
)

// Frame is one GIF image descriptor: its position and size on the logical
// screen.
type Frame struct{ X, Y, W, H int }

var (
	lzwMu    sync.Mutex
	lzwCache = map[int][]byte{}
)

// zeroLZW returns the GIF LZW stream (minimum code size 2) of n zero pixels.
func zeroLZW(tb testing.TB, n int) []byte {
	lzwMu.Lock()
	defer lzwMu.Unlock()
	if b, ok := lzwCache[n]; ok {
		return b
	}
	var buf bytes.Buffer
	w := lzw.NewWriter(&buf, lzw.LSB, 2)
	zeros := make([]byte, 1<<16)
	for left := n; left > 0; left -= len(zeros) {
		if _, err := w.Write(zeros[:min(left, len(zeros))]); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	lzwCache[n] = buf.Bytes()
	return buf.Bytes()
}

// GIF writes a GIF89a with a logical screen of sw×sh, a two-colour global
// table, a looping animation extension, and frames whose pixels are all 0;
// each frame has a graphic control extension (0.1 s delay).
func GIF(tb testing.TB, sw, sh int, frames ...Frame) []byte {
	tb.Helper()
	var b bytes.Buffer
	b.WriteString("GIF89a")
	_ = binary.Write(&b, binary.LittleEndian, [2]uint16{uint16(sw), uint16(sh)})
	b.Write([]byte{0x80, 0, 0})                           // global table of 2 colours
	b.Write([]byte{0, 0, 0, 0xff, 0xff, 0xff})            // black, white
	b.Write([]byte{0x21, 0xff, 11})                       // application extension
	b.WriteString("NETSCAPE2.0")                          //
	b.Write([]byte{3, 1, 0, 0, 0})                        // loop forever
	b.Write([]byte{0x21, 0xfe, 4, 'b', 'o', 'm', 'b', 0}) // comment
	for _, f := range frames {
		b.Write([]byte{0x21, 0xf9, 4, 0, 10, 0, 0, 0}) // graphic control
		b.WriteByte(0x2c)
		_ = binary.Write(&b, binary.LittleEndian, [4]uint16{uint16(f.X), uint16(f.Y), uint16(f.W), uint16(f.H)})
		b.WriteByte(0) // no local table, not interlaced
		b.WriteByte(2) // LZW minimum code size
		data := zeroLZW(tb, f.W*f.H)
		for len(data) > 0 {
			n := min(len(data), 255)
			b.WriteByte(byte(n))
			b.Write(data[:n])
			data = data[n:]
		}
		b.WriteByte(0)
	}
	b.WriteByte(0x3b)
	return b.Bytes()
}

// Frames returns n frames of w×h at the origin.
func Frames(n, w, h int) []Frame {
	fs := make([]Frame, n)
	for i := range fs {
		fs[i] = Frame{0, 0, w, h}
	}
	return fs
}

// GIFBomb is the probe's file: 60 frames of 7000×7000 (2.9 gigapixels in
// all) in about a megabyte.
func GIFBomb(tb testing.TB) []byte {
	return GIF(tb, 7000, 7000, Frames(60, 7000, 7000)...)
}

// PNG writes a w×h PNG of colour type 6 (RGBA) at the given bit depth (8 or
// 16) whose pixels are all 0, Adam7-interlaced if interlaced is set (then
// the stream is simply one zero row per pass row).
func PNG(tb testing.TB, w, h, depth int, interlaced bool) []byte {
	tb.Helper()
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	il := byte(0)
	if interlaced {
		il = 1
	}
	ihdr = append(ihdr, byte(depth), 6, 0, 0, il)
	chunk(&b, "IHDR", ihdr)
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, zlib.BestCompression)
	if err != nil {
		tb.Fatal(err)
	}
	bpp := 4 * depth / 8
	rows := [][2]int{{w, h}} // (width, height) of each pass
	if interlaced {
		rows = nil
		for _, p := range [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}} {
			pw, ph := (w-p[0]+p[2]-1)/p[2], (h-p[1]+p[3]-1)/p[3]
			if pw > 0 && ph > 0 {
				rows = append(rows, [2]int{pw, ph})
			}
		}
	}
	row := make([]byte, 1+w*bpp) // filter byte 0, then zero pixels
	for _, r := range rows {
		for range r[1] {
			if _, err := zw.Write(row[:1+r[0]*bpp]); err != nil {
				tb.Fatal(err)
			}
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	chunk(&b, "IDAT", z.Bytes())
	chunk(&b, "IEND", nil)
	return b.Bytes()
}

func chunk(b *bytes.Buffer, typ string, data []byte) {
	_ = binary.Write(b, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	b.WriteString(typ)
	b.Write(data)
	_ = binary.Write(b, binary.BigEndian, crc.Sum32())
}

// PNGBomb is the probe's file: 7000×7000 16-bit RGBA (392 MB decoded) in
// about 400 KB.
func PNGBomb(tb testing.TB) []byte { return PNG(tb, 7000, 7000, 16, false) }
