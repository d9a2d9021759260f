// Package imagingtest builds decompression bombs for tests: small files that
// decode into huge bitmaps. They are written by hand from their headers and
// an all-zero pixel stream, so building one costs a few megabytes however
// large the picture it claims to be.
package imagingtest

import (
	"bytes"
	"compress/lzw"
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
	// Every row is its filter byte 0 and zero pixels: the stream is zeros.
	n := 0
	for _, r := range rows {
		n += r[1] * (1 + r[0]*bpp)
	}
	chunk(&b, "IDAT", ZeroZlib(n))
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

// ZeroZlib returns a zlib stream of n zero bytes, written directly rather
// than compressed: one dynamic-Huffman deflate block whose codes are a
// literal 0 (2 bits), end of block (2 bits) and "258 bytes again, one back"
// (1 bit, and a 1-bit distance), so n bytes cost about n/1000 bytes and
// microseconds instead of the seconds a compressor spends reading them.
func ZeroZlib(n int) []byte {
	w := bitWriter{buf: []byte{0x78, 0xda}}
	w.bits(1, 1)  // BFINAL
	w.bits(2, 2)  // BTYPE: dynamic Huffman codes
	w.bits(29, 5) // HLIT: 286 literal/length codes (up to 285, length 258)
	w.bits(0, 5)  // HDIST: 1 distance code (0, distance 1)
	w.bits(14, 4) // HCLEN: 18 code length codes, in the order below
	// The code lengths' own code: 18 (zeros, 11 to 138) in 1 bit, 1 and 2 in 2 bits.
	for _, sym := range []int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1} {
		l := map[int]uint64{18: 1, 2: 2, 1: 2}[sym]
		w.bits(l, 3)
	}
	const cl18, cl1, cl2 = 0b0, 0b10, 0b11 // canonical codes of the code lengths 18, 1 and 2
	w.code(cl2, 2)                         // literal 0: length 2
	w.code(cl18, 1)                        // literals 1..138: none
	w.bits(138-11, 7)                      //
	w.code(cl18, 1)                        // literals 139..255: none
	w.bits(117-11, 7)                      //
	w.code(cl2, 2)                         // 256, end of block: length 2
	w.code(cl18, 1)                        // lengths 257..284: none
	w.bits(28-11, 7)                       //
	w.code(cl1, 2)                         // 285, length 258: length 1
	w.code(cl1, 2)                         // distance 0 (1 back): length 1
	// Canonical codes: 285 is 0; literal 0 is 10; end of block 11; the distance 0.
	left := n
	if left > 0 {
		w.code(0b10, 2)
		left--
	}
	for ; left >= 258; left -= 258 {
		w.bits(0, 2) // 258 bytes, 1 back
	}
	for ; left > 0; left-- {
		w.code(0b10, 2)
	}
	w.code(0b11, 2)
	w.flush()
	// Adler-32 of n zeros: a stays 1, b adds it n times.
	return binary.BigEndian.AppendUint32(w.buf, uint32(n%65521)<<16|1)
}

// bitWriter packs deflate's bits, least significant first.
type bitWriter struct {
	buf []byte
	acc uint64
	n   uint
}

func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	for w.n >= 8 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// code writes a Huffman code, whose bits go most significant first.
func (w *bitWriter) code(c uint64, n uint) {
	var r uint64
	for i := uint(0); i < n; i++ {
		r = r<<1 | (c>>i)&1
	}
	w.bits(r, n)
}

func (w *bitWriter) flush() {
	if w.n > 0 {
		w.buf = append(w.buf, byte(w.acc))
		w.acc, w.n = 0, 0
	}
}
