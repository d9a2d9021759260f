package mirror

import (
	"cmp"
	"slices"
	"strings"

	"storefront/server/internal/shop"
)

// ProductSort is one of GET /service's orders as the mirror walks it: an
// order index of Products and its direction.
type ProductSort struct {
	Index string // createdAt, name or price
	Desc  bool
}

// categoryIndex is the order index that holds each category's products in
// the named order.
var categoryIndex = map[string]string{"createdAt": "category", "name": "categoryName", "price": "categoryPrice"}

// ListProducts is one page of the catalogue for q (its words already
// folded into q.Words) in the order s, and the number of all matches
// (MongoDB: the store's productFilter with the same sort).
//
// No request walks the catalogue (issues 46 and 48): the category and the
// price bounds are a range of a sorted list (a category's products by
// price, or all by price), found by binary search; the products that
// cannot be bought are their own small list, by category and price, so
// inStock takes out that list's part of the range; the words' matches are
// intersected with the range from the smaller side; and a page is walked
// from the range in the asked order, stopping once full, or the few
// matches are sorted by their keys when the range is in another order.
func ListProducts(m *Mirror[ID, Product], q shop.ProductQuery, s ProductSort) ([]Product, int64) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	c := catalogueQuery{m: m, q: q, s: s}
	c.candidates()
	if len(q.Words) > 0 {
		return c.search()
	}
	return c.page()
}

// catalogueQuery is one ListProducts under the mirror's read lock.
type catalogueQuery struct {
	m *Mirror[ID, Product]
	q shop.ProductQuery
	s ProductSort
	// r is the products in the category and the price bounds, in the order
	// of the index rOrder; out is those of r that cannot be bought when
	// q.InStock (nil: none).
	r      []ID
	rOrder string
	out    map[ID]struct{}
}

func (c *catalogueQuery) priced() bool { return c.q.MinPrice != nil || c.q.MaxPrice != nil }

// priceRange is the part of a list sorted by price (then _id) within the
// query's price bounds.
func (c *catalogueQuery) priceRange(list []ID) []ID {
	price := func(id ID) shop.Cents { return shop.CentsFromFloat(c.m.docs[id].Price) }
	from, to := 0, len(list)
	if c.q.MinPrice != nil {
		from, _ = slices.BinarySearchFunc(list, *c.q.MinPrice, func(id ID, min shop.Cents) int {
			if price(id) >= min {
				return 1
			}
			return -1
		})
	}
	if c.q.MaxPrice != nil {
		to, _ = slices.BinarySearchFunc(list, *c.q.MaxPrice, func(id ID, max shop.Cents) int {
			if price(id) > max {
				return 1
			}
			return -1
		})
	}
	if to < from {
		to = from
	}
	return list[from:to]
}

// candidates sets r, rOrder and out.
func (c *catalogueQuery) candidates() {
	lists := func(index string) map[string][]ID { return c.m.orderIndex(index).lists }
	switch cat := c.q.Category; {
	case cat != "" && c.priced():
		c.r, c.rOrder = c.priceRange(lists("categoryPrice")[cat]), "price"
	case cat != "":
		c.r, c.rOrder = lists(categoryIndex[c.s.Index])[cat], c.s.Index
	case c.priced():
		c.r, c.rOrder = c.priceRange(lists("price")[""]), "price"
	default:
		c.r, c.rOrder = lists(c.s.Index)[""], c.s.Index
	}
	if !c.q.InStock {
		return
	}
	unbuyable := lists("unbuyable")
	var groups [][]ID
	if c.q.Category != "" {
		groups = [][]ID{unbuyable[c.q.Category]}
	} else {
		for _, g := range unbuyable {
			groups = append(groups, g)
		}
	}
	c.out = map[ID]struct{}{}
	for _, g := range groups {
		for _, id := range c.priceRange(g) {
			c.out[id] = struct{}{}
		}
	}
}

// excluded reports whether id is one of r that cannot be bought.
func (c *catalogueQuery) excluded(id ID) bool {
	_, ok := c.out[id]
	return ok
}

// page is a page without words: a walk of r when it is in the asked
// order, else of the category's (or the catalogue's) list in that order
// while r is long, else r's products sorted.
func (c *catalogueQuery) page() ([]Product, int64) {
	total := len(c.r) - len(c.out)
	out := []Product{}
	if c.q.Skip >= total || c.q.Limit <= 0 {
		return out, int64(total)
	}
	if c.rOrder == c.s.Index {
		if len(c.out) == 0 { // straight to the page
			n := min(c.q.Limit, total-c.q.Skip)
			for i := range n {
				out = append(out, c.m.docs[c.r[c.at(len(c.r), c.q.Skip+i)]])
			}
			return out, int64(total)
		}
		return c.walk(c.r, func(id ID) bool { return !c.excluded(id) }), int64(total)
	}
	// r is in price order and the page in another: the category's products
	// or the catalogue's in the page's order, kept when within the bounds
	list := c.m.orderIndex(c.s.Index).lists[""]
	if c.q.Category != "" {
		list = c.m.orderIndex(categoryIndex[c.s.Index]).lists[c.q.Category]
	}
	if len(c.r)*8 < len(list) {
		ids := make([]ID, 0, total)
		for _, id := range c.r {
			if !c.excluded(id) {
				ids = append(ids, id)
			}
		}
		c.sortIDs(ids)
		for _, id := range ids[c.q.Skip:min(len(ids), c.q.Skip+c.q.Limit)] {
			out = append(out, c.m.docs[id])
		}
		return out, int64(total)
	}
	return c.walk(list, func(id ID) bool { return c.inBounds(id) && !c.excluded(id) }), int64(total)
}

// at is the i-th position of a list of n in the asked direction.
func (c *catalogueQuery) at(n, i int) int {
	if c.s.Desc {
		return n - 1 - i
	}
	return i
}

// walk is the page of list's products keep accepts, in the asked
// direction, stopping once the page is full.
func (c *catalogueQuery) walk(list []ID, keep func(ID) bool) []Product {
	out := []Product{}
	n := 0
	for i := range list {
		id := list[c.at(len(list), i)]
		if !keep(id) {
			continue
		}
		if n >= c.q.Skip {
			out = append(out, c.m.docs[id])
			if len(out) == c.q.Limit {
				break
			}
		}
		n++
	}
	return out
}

// inBounds reports whether a product is within the price bounds.
func (c *catalogueQuery) inBounds(id ID) bool {
	price := shop.CentsFromFloat(c.m.docs[id].Price)
	return (c.q.MinPrice == nil || price >= *c.q.MinPrice) && (c.q.MaxPrice == nil || price <= *c.q.MaxPrice)
}

// inR reports whether a product is one of r (the category and the price
// bounds) that can be bought when that is asked.
func (c *catalogueQuery) inR(id ID) bool {
	return (c.q.Category == "" || c.m.docs[id].Category == c.q.Category) && c.inBounds(id) && !c.excluded(id)
}

// sortKey is a product's place in one of the orders.
type sortKey struct {
	id    ID
	name  string
	price float64
	at    int64
}

// sortIDs sorts ids in the asked order, reading each product's key once.
func (c *catalogueQuery) sortIDs(ids []ID) {
	keys := make([]sortKey, len(ids))
	for i, id := range ids {
		k := sortKey{id: id}
		switch c.s.Index {
		case "name":
			k.name = c.m.docs[id].Name
		case "price":
			k.price = c.m.docs[id].Price
		default:
			k.at = c.m.docs[id].CreatedAt.UnixNano()
		}
		keys[i] = k
	}
	slices.SortFunc(keys, func(a, b sortKey) int {
		r := cmp.Or(strings.Compare(a.name, b.name), cmp.Compare(a.price, b.price), cmp.Compare(a.at, b.at), CompareIDs(a.id, b.id))
		if c.s.Desc {
			return -r
		}
		return r
	})
	for i := range keys {
		ids[i] = keys[i].id
	}
}

// search is a page with words: their matches by tier (the word index),
// kept when in r, intersected from the smaller side, then paged by rank
// (or in the asked order) as Mirror.SearchTypos pages them.
func (c *catalogueQuery) search() ([]Product, int64) {
	w := c.m.Words
	ranked := c.q.Ranked()
	sets := w.match(c.q.Words, ranked, c.q.Typos)
	all := sets[wordTiers-1]
	filtered := c.q.Category != "" || c.priced() || c.q.InStock
	if filtered {
		keep := newBitset(len(w.ids))
		if n := all.count(); n <= len(c.r) {
			for s := range all.each() {
				if c.inR(w.ids[s]) {
					keep.set(s)
				}
			}
		} else {
			for _, id := range c.r {
				if s, ok := w.slots[id]; ok && all.has(s) && !c.excluded(id) {
					keep.set(s)
				}
			}
		}
		for t := range sets {
			if sets[t] != nil {
				sets[t].and(keep)
			}
		}
	}
	total := all.count()
	out := []Product{}
	if total == 0 || c.q.Limit <= 0 || c.q.Skip >= total {
		return out, int64(total)
	}
	// the list the page's order walks: the category's when there is one
	list := c.m.orderIndex(c.s.Index).lists[""]
	if c.q.Category != "" {
		list = c.m.orderIndex(categoryIndex[c.s.Index]).lists[c.q.Category]
	}
	// pick appends the members of set from the skip-th on, in the page's
	// order, until the page is full: the few sorted by their keys, the
	// many by a walk of the order that stops once the page is full.
	pick := func(set bitset, skip int) {
		if n := set.count(); n*16 < len(list) {
			ids := make([]ID, 0, n)
			for s := range set.each() {
				ids = append(ids, w.ids[s])
			}
			c.sortIDs(ids)
			for _, id := range ids[min(skip, len(ids)):] {
				out = append(out, c.m.docs[id])
				if len(out) == c.q.Limit {
					return
				}
			}
			return
		}
		n := 0
		for i := range list {
			id := list[c.at(len(list), i)]
			if s, ok := w.slots[id]; !ok || !set.has(s) {
				continue
			}
			if n >= skip {
				out = append(out, c.m.docs[id])
				if len(out) == c.q.Limit {
					return
				}
			}
			n++
		}
	}
	if !ranked {
		pick(all, c.q.Skip)
		return out, int64(total)
	}
	before := 0
	for r := 0; r < wordTiers && len(out) < c.q.Limit; r++ {
		set := sets[r]
		if r > 0 {
			set = slices.Clone(set)
			set.andNot(sets[r-1])
		}
		n := set.count()
		if before+n > c.q.Skip {
			pick(set, max(c.q.Skip-before, 0))
		}
		before += n
	}
	return out, int64(total)
}
