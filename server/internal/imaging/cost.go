package imaging

import (
	"encoding/binary"
	"image"
	"image/color"
)

// fixedCost is what a decoder allocates whatever the picture (Huffman
// tables, the zlib window, read buffers): measured under 100 KB.
const fixedCost = 256 << 10

// decodeCost is an upper bound, from the headers only, of the bytes the
// decoder of ct allocates for data whose image.Config is cfg: the bitmap at
// its colour model's depth (modelBytes) plus what the decoder keeps besides
// it, which for some inputs is several times the bitmap:
//
//   - PNG: an interlaced image is decoded pass by pass into images of its
//     own and then copied into the whole one (twice the bitmap), and a grey
//     image with a transparent colour becomes NRGBA, not Gray as its Config
//     says; plus its rows of raw bytes, two a pass.
//
//   - JPEG: the planes of its components at their sampling factors (padded
//     to whole MCUs); a progressive image also keeps every DCT coefficient
//     (4 bytes a sample); RGB and CMYK ones are converted into a further
//     4-byte-a-pixel image.
//
//   - WebP: lossy is YCbCr 4:2:0 padded to 16×16 macroblocks, plus the alpha
//     plane, itself decoded as a lossless image when compressed; lossless is
//     4 bytes a pixel plus as much again for the colour-indexing transform.
//
//   - GIF: the first frame only (the one gif.Decode keeps), twice if it is
//     interlaced; scanGIF checks all the frames first, and its refusals are
//     decodeCost's errors.
//
// A header it cannot read gets the worst case of its format.
func decodeCost(ct string, data []byte, cfg image.Config) (int64, error) {
	w, h := int64(cfg.Width), int64(cfg.Height)
	px := w * h
	// Buffers that follow the input (WebP partitions, for one) are at most
	// its size; tables, windows and read buffers are a fixed amount.
	in := int64(len(data)) + fixedCost
	switch ct {
	case "image/png":
		return pngCost(data, cfg, px) + 6*(8*w+1) + in, nil // 5.5 rows in all when interlaced
	case "image/jpeg":
		return jpegCost(data, cfg) + in, nil
	case "image/webp":
		return webpCost(data, w, h) + in, nil
	case "image/gif":
		g, err := scanGIF(data)
		return g.firstCost + in, err
	}
	return 8*px + in, nil
}

// modelBytes is the bytes a pixel of a bitmap in colour model m takes; an
// unknown model counts as the deepest one.
func modelBytes(m color.Model) int64 {
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3 // 4:4:4 at most
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel, color.NYCbCrAModel:
		return 4
	}
	return 8 // RGBA64, NRGBA64 and anything else
}

func pngCost(data []byte, cfg image.Config, px int64) int64 {
	bpp := modelBytes(cfg.ColorModel)
	// image/png decodes grey with a tRNS chunk as NRGBA (NRGBA64 at 16 bits).
	switch cfg.ColorModel {
	case color.GrayModel:
		if pngHasChunk(data, "tRNS") {
			bpp = 4
		}
	case color.Gray16Model:
		if pngHasChunk(data, "tRNS") {
			bpp = 8
		}
	}
	cost := bpp * px
	// IHDR's interlace method is byte 28 of the file (DecodeConfig has
	// checked that IHDR comes first).
	if len(data) <= 28 || data[28] != 0 {
		cost *= 2
	}
	return cost
}

// pngHasChunk reports whether a chunk of type typ comes before the image
// data; a chunk list it cannot follow counts as having it.
func pngHasChunk(data []byte, typ string) bool {
	for p := 8; p+8 <= len(data); {
		n := int64(binary.BigEndian.Uint32(data[p:]))
		switch string(data[p+4 : p+8]) {
		case typ:
			return true
		case "IDAT":
			return false
		}
		if n > int64(len(data)) {
			break
		}
		p += 12 + int(n)
	}
	return true
}

func jpegCost(data []byte, cfg image.Config) int64 {
	w, h := int64(cfg.Width), int64(cfg.Height)
	convert := int64(0)
	if cfg.ColorModel == color.RGBAModel || cfg.ColorModel == color.CMYKModel {
		convert = 4 * w * h
	}
	progressive, hv, ok := jpegFrame(data)
	if !ok || len(hv) == 0 {
		// 4:4:4, progressive, with 4 components: the worst case.
		return (4+4*4)*w*h + convert
	}
	if len(hv) == 1 {
		hv[0] = [2]int64{1, 1} // image/jpeg ignores a lone component's sampling
	}
	var hmax, vmax, units int64
	for _, c := range hv {
		hmax, vmax = max(hmax, c[0]), max(vmax, c[1])
		units += c[0] * c[1]
	}
	if hmax < 1 || vmax < 1 {
		return (4+4*4)*w*h + convert
	}
	mcus := ((w + 8*hmax - 1) / (8 * hmax)) * ((h + 8*vmax - 1) / (8 * vmax))
	planes := 64 * mcus * units // one byte a sample
	if progressive {
		planes *= 1 + 4 // and an int32 coefficient a sample
	}
	return planes + convert
}

// jpegFrame finds the frame header (SOF0, SOF1 or SOF2, the ones image/jpeg
// decodes) the way image/jpeg does, and returns whether it is progressive
// and the sampling factors of its components.
func jpegFrame(data []byte) (progressive bool, hv [][2]int64, ok bool) {
	if len(data) < 2 || data[0] != 0xff || data[1] != 0xd8 {
		return false, nil, false
	}
	for p := 2; p+1 < len(data); {
		if data[p] != 0xff {
			p++ // extraneous data, which image/jpeg ignores too
			continue
		}
		m := data[p+1]
		switch {
		case m == 0xff: // fill byte
			p++
			continue
		case m == 0x00 || (m >= 0xd0 && m <= 0xd7) || m == 0xd8 || m == 0x01:
			p += 2 // no segment
			continue
		case m == 0xd9 || m == 0xda: // EOI or SOS before any frame header
			return false, nil, false
		}
		if p+4 > len(data) {
			return false, nil, false
		}
		n := int(binary.BigEndian.Uint16(data[p+2:]))
		seg := data[p+4 : min(len(data), p+2+max(n, 2))]
		if m == 0xc0 || m == 0xc1 || m == 0xc2 {
			if len(seg) < 6 {
				return false, nil, false
			}
			nc := int(seg[5])
			if len(seg) < 6+3*nc {
				return false, nil, false
			}
			for i := range nc {
				f := seg[6+3*i+1]
				hv = append(hv, [2]int64{int64(f >> 4), int64(f & 0x0f)})
			}
			return m == 0xc2, hv, true
		}
		p += 2 + n
	}
	return false, nil, false
}

func webpCost(data []byte, w, h int64) int64 {
	px := w * h
	worst := 2*px + px + 8*px // lossy, alpha plane, alpha decoded as lossless
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return worst
	}
	alpha := int64(0)
	for p := 12; p+8 <= len(data); {
		n := int64(binary.LittleEndian.Uint32(data[p+4:]))
		switch string(data[p : p+4]) {
		case "VP8L":
			return 8 * px
		case "VP8 ":
			return ((w+15)/16*16)*((h+15)/16*16)*3/2 + alpha
		case "ALPH":
			alpha = px
			if p+8 < len(data) && data[p+8]&3 == 1 { // lossless compressed
				alpha += 8 * px
			}
		}
		if n > int64(len(data)) {
			break
		}
		p += 8 + int(n+n&1)
	}
	return worst
}
