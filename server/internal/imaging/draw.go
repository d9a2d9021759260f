package imaging

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// Shape is a coverage function over the unit square centred on 0: it returns
// how much of the point (x, y), both in [-1, 1], is inside the figure.
type Shape func(x, y float64) bool

// Figures for product pictures.
var Figures = map[string]Shape{
	"gear":    gear,
	"nut":     nut,
	"bearing": bearing,
	"machine": machine,
	"pump":    pump,
	"person":  person,
}

// Picture draws a w×h PNG: a vertical gradient from top to bottom, the
// figure in light colour with a soft shadow, and an optional caption band.
func Picture(w, h int, top, bottom color.RGBA, figure string, caption string) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		c := mix(top, bottom, float64(y)/float64(h-1))
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, c)
		}
	}
	shape := Figures[figure]
	if shape == nil {
		shape = gear
	}
	band := 0
	if caption != "" {
		band = h / 6
	}
	size := math.Min(float64(w), float64(h-band)) * 0.8
	cx, cy := float64(w)/2, float64(h-band)/2
	shadow := color.RGBA{0, 0, 0, 70}
	light := color.RGBA{245, 247, 250, 255}
	paint(img, shape, cx+size*0.03, cy+size*0.04, size, shadow)
	paint(img, shape, cx, cy, size, light)
	if caption != "" {
		drawCaption(img, caption, band)
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	_ = enc.Encode(&buf, img)
	return buf.Bytes()
}

// paint blends c over img wherever shape covers, anti-aliased by 3×3
// supersampling.
func paint(img *image.RGBA, shape Shape, cx, cy, size float64, c color.RGBA) {
	const ss = 3
	b := img.Bounds()
	x0, x1 := int(math.Max(0, cx-size/2-2)), int(math.Min(float64(b.Dx()), cx+size/2+2))
	y0, y1 := int(math.Max(0, cy-size/2-2)), int(math.Min(float64(b.Dy()), cy+size/2+2))
	for py := y0; py < y1; py++ {
		for px := x0; px < x1; px++ {
			n := 0
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss - cx) / (size / 2)
					y := (float64(py) + (float64(sy)+0.5)/ss - cy) / (size / 2)
					if shape(x, y) {
						n++
					}
				}
			}
			if n == 0 {
				continue
			}
			a := float64(n) / (ss * ss) * float64(c.A) / 255
			img.SetRGBA(px, py, mix(img.RGBAAt(px, py), color.RGBA{c.R, c.G, c.B, 255}, a))
		}
	}
}

func drawCaption(img *image.RGBA, text string, band int) {
	b := img.Bounds()
	for y := b.Dy() - band; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			img.SetRGBA(x, y, mix(img.RGBAAt(x, y), color.RGBA{15, 23, 42, 255}, 0.82))
		}
	}
	text = strings.ToUpper(text)
	face := basicfont.Face7x13
	scale := band * 5 / 10 / 13
	if scale < 1 {
		scale = 1
	}
	for scale > 1 && len(text)*7*scale > b.Dx()*9/10 {
		scale--
	}
	if max := b.Dx() * 9 / 10 / (7 * scale); len(text) > max {
		text = text[:max-1] + "."
	}
	small := image.NewAlpha(image.Rect(0, 0, len(text)*7, 13))
	d := font.Drawer{Dst: small, Src: image.Opaque, Face: face, Dot: fixed.P(0, 11)}
	d.DrawString(text)
	tw, th := small.Bounds().Dx()*scale, 13*scale
	mask := image.NewAlpha(image.Rect(0, 0, tw, th))
	xdraw.ApproxBiLinear.Scale(mask, mask.Bounds(), small, small.Bounds(), xdraw.Src, nil)
	x0 := (b.Dx() - tw) / 2
	y0 := b.Dy() - band + (band-th)/2
	xdraw.DrawMask(img, image.Rect(x0, y0, x0+tw, y0+th), image.NewUniform(color.RGBA{250, 204, 21, 255}), image.Point{}, mask, image.Point{}, xdraw.Over)
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

func polar(x, y float64) (r, theta float64) { return math.Hypot(x, y), math.Atan2(y, x) }

func gear(x, y float64) bool {
	r, t := polar(x, y)
	tooth := math.Max(-1, math.Min(1, 2.5*math.Cos(12*t)))*0.5 + 0.5
	outer := 0.72 + 0.16*tooth
	if r > outer || r < 0.2 {
		return false
	}
	// six round windows between hub and rim
	for i := 0; i < 6; i++ {
		a := float64(i) * math.Pi / 3
		if math.Hypot(x-0.46*math.Cos(a), y-0.46*math.Sin(a)) < 0.11 {
			return false
		}
	}
	return true
}

func nut(x, y float64) bool {
	for i := 0; i < 3; i++ {
		a := float64(i)*math.Pi/3 + math.Pi/6
		if math.Abs(x*math.Cos(a)+y*math.Sin(a)) > 0.78 {
			return false
		}
	}
	return math.Hypot(x, y) > 0.38
}

func bearing(x, y float64) bool {
	r, _ := polar(x, y)
	if r > 0.72 && r < 0.9 || r > 0.22 && r < 0.36 {
		return true
	}
	for i := 0; i < 9; i++ {
		a := float64(i) * 2 * math.Pi / 9
		if math.Hypot(x-0.54*math.Cos(a), y-0.54*math.Sin(a)) < 0.15 {
			return true
		}
	}
	return false
}

func inRect(x, y, x0, y0, x1, y1 float64) bool { return x >= x0 && x <= x1 && y >= y0 && y <= y1 }

func nearSegment(x, y, ax, ay, bx, by, w float64) bool {
	dx, dy := bx-ax, by-ay
	t := math.Max(0, math.Min(1, ((x-ax)*dx+(y-ay)*dy)/(dx*dx+dy*dy)))
	return math.Hypot(x-(ax+t*dx), y-(ay+t*dy)) < w
}

// machine is an excavator-like silhouette: tracks, body, cab and a boom.
func machine(x, y float64) bool {
	switch {
	case inRect(x, y, -0.75, 0.42, 0.55, 0.68) && !(math.Hypot(x+0.6, y-0.55) > 0.13 && x < -0.6) && !(math.Hypot(x-0.42, y-0.55) > 0.13 && x > 0.42):
		return true
	case inRect(x, y, -0.55, 0.05, 0.45, 0.4):
		return !inRect(x, y, 0.12, -0.35, 0.38, -0.1)
	case inRect(x, y, 0.05, -0.42, 0.45, 0.06):
		return !inRect(x, y, 0.12, -0.35, 0.38, -0.12)
	case nearSegment(x, y, -0.35, 0.05, -0.72, -0.55, 0.07), nearSegment(x, y, -0.72, -0.55, -0.9, -0.05, 0.06):
		return true
	}
	return math.Hypot(x+0.9, y-0.02) < 0.12 && y > -0.02
}

// pump is a motor on a base with an outlet.
func pump(x, y float64) bool {
	switch {
	case inRect(x, y, -0.85, 0.5, 0.85, 0.65):
		return true
	case inRect(x, y, -0.7, -0.25, 0.1, 0.5):
		// cooling fins as slots
		return !(x > -0.6 && x < 0 && math.Mod(y+1, 0.15) < 0.05)
	case math.Hypot(x-0.42, y-0.12) < 0.36:
		return math.Hypot(x-0.42, y-0.12) > 0.1
	case inRect(x, y, 0.32, -0.6, 0.52, -0.2), inRect(x, y, 0.24, -0.7, 0.6, -0.58):
		return true
	}
	return false
}

// person is a head-and-shoulders avatar.
func person(x, y float64) bool {
	if math.Hypot(x, y+0.28) < 0.32 {
		return true
	}
	dx, dy := x/0.72, (y-0.78)/0.5
	return dx*dx+dy*dy < 1
}
