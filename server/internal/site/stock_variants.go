package site

import (
	"errors"
	"strings"

	"storefront/server/internal/shop"
)

// A template's stock variants (the client's prerender, STOCK_MARKERS): what
// a product that can be bought shows (PURCHASE, a link), right before what
// one that cannot shows ("Out of stock", a PURCHASE that is no link).
const (
	inStockOpen     = "<!--ssr-in-stock-->"
	inStockClose    = "<!--/ssr-in-stock-->"
	outOfStockOpen  = "<!--ssr-out-of-stock-->"
	outOfStockClose = "<!--/ssr-out-of-stock-->"
)

// canBuy says whether a buyer can order p's minimum quantity now: the
// client's canBuy, and the JSON-LD's availability.
func canBuy(p shop.Product) bool { return p.Available > 0 && p.Available >= p.Minimum }

// stockVariants cuts text into the page for a product in stock and the page
// for one out of stock: each pair of variants becomes the one kept, its
// markers removed. A text without variants (an older build) is both.
func stockVariants(text string) (inStock, outOfStock string, err error) {
	var in, out strings.Builder
	rest := text
	for {
		before, after, ok := strings.Cut(rest, inStockOpen)
		in.WriteString(before)
		out.WriteString(before)
		if !ok {
			break
		}
		buy, after, ok1 := strings.Cut(after, inStockClose+outOfStockOpen)
		soldOut, after, ok2 := strings.Cut(after, outOfStockClose)
		if !ok1 || !ok2 {
			return "", "", errors.New("a template's stock variants are not " + inStockOpen + "…" + inStockClose + outOfStockOpen + "…" + outOfStockClose)
		}
		in.WriteString(buy)
		out.WriteString(soldOut)
		rest = after
	}
	for _, m := range []string{inStockClose, outOfStockOpen, outOfStockClose} {
		if strings.Contains(in.String(), m) || strings.Contains(out.String(), m) {
			return "", "", errors.New("a template has a stock variant's marker out of place: " + m)
		}
	}
	return in.String(), out.String(), nil
}
