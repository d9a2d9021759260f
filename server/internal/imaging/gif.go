package imaging

import (
	"encoding/binary"

	"storefront/server/internal/shop"
)

// gifInfo is what scanGIF learns from a GIF's blocks.
type gifInfo struct {
	frames      int
	totalPixels int64 // over all frames
	firstCost   int64 // bytes gif.Decode needs for the first frame
}

// scanGIF walks the block structure of a GIF (header, logical screen
// descriptor, colour tables, extensions, image descriptors, trailer),
// stepping over the data sub-blocks without decompressing them, and checks
// every frame against the limits: at most MaxGIFFrames frames, each inside
// the logical screen, at most MaxPixels in all. It costs no allocation
// whatever the file claims.
func scanGIF(data []byte) (gifInfo, error) {
	var g gifInfo
	damaged := shop.Errorf(shop.EINVALID, msgDamaged)
	if len(data) < 13 || (string(data[:6]) != "GIF87a" && string(data[:6]) != "GIF89a") {
		return g, damaged
	}
	le16 := func(b []byte) int { return int(binary.LittleEndian.Uint16(b)) }
	screenW, screenH := le16(data[6:]), le16(data[8:])
	p := 13
	global := data[10]&0x80 != 0
	if global {
		p += 3 << (data[10]&7 + 1)
	}
	for {
		if p >= len(data) {
			return g, damaged // no trailer
		}
		switch data[p] {
		case 0x21: // extension: introducer, label, sub-blocks
			if p = skipSubBlocks(data, p+2); p < 0 {
				return g, damaged
			}
		case 0x2c: // image descriptor
			if p+10 > len(data) {
				return g, damaged
			}
			x, y, w, h := le16(data[p+1:]), le16(data[p+3:]), le16(data[p+5:]), le16(data[p+7:])
			fields := data[p+9]
			g.frames++
			if g.frames > MaxGIFFrames {
				return g, shop.Errorf(shop.EINVALID, msgGIFFrames)
			}
			if x+w > screenW || y+h > screenH {
				return g, shop.Errorf(shop.EINVALID, msgDimensions)
			}
			px := int64(w) * int64(h)
			if g.totalPixels += px; g.totalPixels > MaxPixels {
				return g, shop.Errorf(shop.EINVALID, msgGIFPixels)
			}
			if g.frames == 1 {
				g.firstCost = px
				if fields&0x40 != 0 { // interlaced: gif.Decode reorders into a copy
					g.firstCost *= 2
				}
			}
			p += 10
			if fields&0x80 != 0 {
				p += 3 << (fields&7 + 1)
			} else if !global {
				return g, damaged // no colour table
			}
			if p >= len(data) || data[p] < 2 || data[p] > 8 { // LZW minimum code size
				return g, damaged
			}
			if p = skipSubBlocks(data, p+1); p < 0 {
				return g, damaged
			}
		case 0x3b: // trailer
			if g.frames == 0 {
				return g, damaged
			}
			return g, nil
		default:
			return g, damaged
		}
	}
}

// skipSubBlocks returns the offset after the data sub-blocks that start at
// p (each a length byte and that many bytes, ended by a zero length), or -1
// if data ends first.
func skipSubBlocks(data []byte, p int) int {
	for p < len(data) {
		n := int(data[p])
		p++
		if n == 0 {
			return p
		}
		p += n
	}
	return -1
}
