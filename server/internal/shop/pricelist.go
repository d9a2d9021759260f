package shop

import (
	"fmt"
	"strings"
)

// PriceList is a company's own prices (issue 45): a percentage off
// everything, a percentage off per category, and fixed prices per product.
//
// The rule (Product.UnitPriceFor), in this order:
//  1. The company's percentage for the product is its category's entry when
//     the list has one (it replaces the company-wide percentage for that
//     category; the two are not added), else the company-wide one.
//  2. The list-price way: the list price less the volume tier and that
//     percentage, multiplied (10 % and 10 %: 0.9 × 0.9).
//  3. A fixed price replaces the list price before tiers: the fixed price
//     less the volume tier (the company's percentage is not taken off a
//     price fixed for the company).
//  4. The unit price is the lower of 2 and 3: a fixed price wins where it is
//     lower, and never makes a line dearer than the list-price way.
//
// Each figure is rounded half up to the cent once, at the end of its way.
type PriceList struct {
	PercentOff Percent         `json:"percentOff"`
	Categories []CategoryPrice `json:"categories"`
	Products   []FixedPrice    `json:"products"`
}

// CategoryPrice is a percentage off every product of one category.
type CategoryPrice struct {
	Category   string  `json:"category"`
	PercentOff Percent `json:"percentOff"`
}

// FixedPrice is a company's price of one product, in dollars.
type FixedPrice struct {
	ProductID string `json:"productId"`
	Price     Cents  `json:"price"`
}

// Limits of a price list.
const (
	MaxPriceListCategories = 100
	MaxPriceListProducts   = 1000
)

// Normal is the list with its names trimmed and its ids lower-cased.
func (l PriceList) Normal() PriceList {
	cats := make([]CategoryPrice, len(l.Categories))
	for i, c := range l.Categories {
		cats[i] = CategoryPrice{Category: strings.TrimSpace(c.Category), PercentOff: c.PercentOff}
	}
	prods := make([]FixedPrice, len(l.Products))
	for i, p := range l.Products {
		prods[i] = FixedPrice{ProductID: strings.ToLower(strings.TrimSpace(p.ProductID)), Price: p.Price}
	}
	l.Categories, l.Products = cats, prods
	return l
}

// Problems are the list's errors by field ("priceList.percentOff",
// "priceList.categories[1].category", ...): percentages from 0 to below
// 100, each category and product once, prices above 0 and at most
// MaxPrice. (Whether each product exists is the service's to check.)
func (l PriceList) Problems() map[string]string {
	f := map[string]string{}
	pct := func(field string, p Percent) {
		if p < 0 || p >= HundredPercent {
			f[field] = "must be at least 0 and less than 100"
		}
	}
	pct("priceList.percentOff", l.PercentOff)
	if len(l.Categories) > MaxPriceListCategories {
		f["priceList.categories"] = fmt.Sprintf("must be at most %d", MaxPriceListCategories)
	}
	seen := map[string]bool{}
	for i, c := range l.Categories {
		n := fmt.Sprintf("priceList.categories[%d]", i)
		key := strings.ToLower(c.Category)
		switch {
		case c.Category == "":
			f[n+".category"] = FieldRequired
		case len([]rune(c.Category)) > MaxCategoryLen:
			f[n+".category"] = atMost(MaxCategoryLen)
		case seen[key]:
			f[n+".category"] = "is listed twice"
		}
		seen[key] = true
		pct(n+".percentOff", c.PercentOff)
		if c.PercentOff == 0 {
			f[n+".percentOff"] = "must be greater than 0"
		}
	}
	if len(l.Products) > MaxPriceListProducts {
		f["priceList.products"] = fmt.Sprintf("must be at most %d", MaxPriceListProducts)
	}
	ids := map[string]bool{}
	for i, p := range l.Products {
		n := fmt.Sprintf("priceList.products[%d]", i)
		switch {
		case CheckID(p.ProductID) != nil:
			f[n+".productId"] = "is not a product id"
		case ids[p.ProductID]:
			f[n+".productId"] = "is listed twice"
		}
		ids[p.ProductID] = true
		if p.Price <= 0 || p.Price > MaxPrice {
			f[n+".price"] = "must be greater than 0 and at most " + MaxPrice.Dollars()
		}
	}
	return f
}

// Empty reports whether the list takes nothing off anything.
func (l *PriceList) Empty() bool {
	return l == nil || l.PercentOff == 0 && len(l.Categories) == 0 && len(l.Products) == 0
}

// percentFor is the company's percentage off a product of this category.
func (l *PriceList) percentFor(category string) Percent {
	if l == nil {
		return 0
	}
	if c := strings.TrimSpace(category); c != "" {
		for _, x := range l.Categories {
			if strings.EqualFold(x.Category, c) {
				return x.PercentOff
			}
		}
	}
	return l.PercentOff
}

// fixedFor is the company's fixed price of the product, if any.
func (l *PriceList) fixedFor(productID string) (Cents, bool) {
	if l == nil {
		return 0, false
	}
	id := strings.ToLower(productID)
	for _, x := range l.Products {
		if x.ProductID == id {
			return x.Price, true
		}
	}
	return 0, false
}

// UnitPriceFor is what one piece of the product costs in a line of qty
// pieces for a buyer with this price list (nil: none), by PriceList's
// rule. The one pricing function: placing an order, a checkout and
// GET /prices all take it (UnitPrice is it without a list).
func (p Product) UnitPriceFor(qty int64, l *PriceList) Cents {
	tier := TierFor(p.Tiers, qty).PercentOff
	unit := Discounted(p.Price, tier, l.percentFor(p.Category))
	if fixed, ok := l.fixedFor(p.ID); ok {
		unit = min(unit, Discounted(fixed, tier))
	}
	return unit
}

// PricedTier is a volume break with the caller's unit price from it on.
type PricedTier struct {
	Min        int64   `json:"min"`
	PercentOff Percent `json:"percentOff"`
	UnitPrice  Cents   `json:"unitPrice"`
}

// ProductPrice is one entry of GET /prices: the caller's unit price of a
// product (for one piece, before volume breaks) and of each break.
type ProductPrice struct {
	ProductID string       `json:"productId"`
	UnitPrice Cents        `json:"unitPrice"`
	Tiers     []PricedTier `json:"tiers"`
}

// PriceOf is the product's ProductPrice for a buyer with this list.
func (p Product) PriceOf(l *PriceList) ProductPrice {
	out := ProductPrice{ProductID: p.ID, UnitPrice: p.UnitPriceFor(1, l), Tiers: make([]PricedTier, len(p.Tiers))}
	for i, t := range p.Tiers {
		out.Tiers[i] = PricedTier{Min: t.Min, PercentOff: t.PercentOff, UnitPrice: p.UnitPriceFor(t.Min, l)}
	}
	return out
}

// MaxPriceIDs bounds GET /prices' ids.
const MaxPriceIDs = 100

// ParsePriceIDs reads GET /prices' ids (comma-separated, each a product
// id, at most MaxPriceIDs, repeats dropped), or says why they are not valid.
func ParsePriceIDs(raw string) ([]string, error) {
	var ids []string
	seen := map[string]bool{}
	for _, s := range strings.Split(raw, ",") {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "" {
			continue
		}
		if CheckID(s) != nil {
			return nil, Invalid("The query is not valid.", map[string]string{"ids": fmt.Sprintf("%q is not a product id", truncate(s, 40))})
		}
		if !seen[s] {
			seen[s] = true
			ids = append(ids, s)
		}
	}
	switch {
	case len(ids) == 0:
		return nil, Invalid("The query is not valid.", map[string]string{"ids": "is required: product ids separated by commas"})
	case len(ids) > MaxPriceIDs:
		return nil, Invalid("The query is not valid.", map[string]string{"ids": fmt.Sprintf("must be at most %d", MaxPriceIDs)})
	}
	return ids, nil
}
