package mirror

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// ListProducts answers exactly what a walk of the whole catalogue answers
// (the reference below: every product filtered, then sorted, then the
// page; with words, Mirror.SearchTypos with the filters as its match), on
// random catalogues changed by random writes, for random queries: every
// order, skip and limit, inStock, price bounds (some crossed), categories
// (some unknown, some products without one) and words.
func TestListProducts_AsTheWalkOfEveryProduct(t *testing.T) {
	t.Parallel()
	sorts := []ProductSort{{"createdAt", false}, {"createdAt", true}, {"name", false}, {"name", true}, {"price", false}, {"price", true}}
	categories := []string{"", "Pumps", "Lathes", "Drills"}
	vocabulary := []string{"pump", "pumps", "bearing", "bearings", "gearbox", "hydraulic", "compact", "heavy", "spindle", "spindel"}
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 7))
		base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		product := func(i int) Product {
			words := make([]string, 1+r.IntN(3))
			for k := range words {
				words[k] = vocabulary[r.IntN(len(vocabulary))]
			}
			return Product{ID: testID(3, i), Name: fmt.Sprintf("%s %04d", strings.Join(words[:1], " "), i),
				Description: strings.Join(words, " "), Price: float64(1+r.IntN(40)) * 12.5, // ties
				Available: int64(r.IntN(6)), Minimum: int64(1 + r.IntN(3)), Category: categories[r.IntN(len(categories))],
				CreatedAt: base.Add(time.Duration(r.IntN(1000)) * time.Second), SKU: fmt.Sprintf("SK-%04d", i)}
		}
		n := 1 + r.IntN(300)
		docs := make([]Product, n)
		for i := range docs {
			docs[i] = product(i)
		}
		m := Products("service").Init()
		m.Load(docs)
		// writes after the load: stock, price, category changed, some
		// removed, some added
		for range r.IntN(60) {
			i := r.IntN(n + 20)
			switch r.IntN(4) {
			case 0:
				m.Remove(testID(3, i))
			case 1:
				if d, ok := m.Get(testID(3, i)); ok {
					d.Available = int64(r.IntN(6))
					m.Put(d)
				}
			default:
				m.Put(product(i))
			}
		}
		var all []Product
		m.Each(func(d *Product) { all = append(all, *d) })
		for k := range 200 {
			q := shop.ProductQuery{Limit: 1 + r.IntN(30), Skip: r.IntN(len(all) + 5), InStock: r.IntN(2) == 0}
			if r.IntN(3) == 0 {
				q.Skip = r.IntN(5)
			}
			if r.IntN(2) == 0 {
				q.Category = append(categories, "Unknown")[r.IntN(len(categories)+1)]
			}
			if r.IntN(2) == 0 {
				c := shop.Cents(r.IntN(50000))
				q.MinPrice = &c
			}
			if r.IntN(2) == 0 {
				c := shop.Cents(r.IntN(50000))
				q.MaxPrice = &c
			}
			s := sorts[r.IntN(len(sorts))]
			if r.IntN(3) == 0 {
				for range 1 + r.IntN(2) {
					w := vocabulary[r.IntN(len(vocabulary))]
					q.Words = append(q.Words, w[:min(len(w), 3+r.IntN(6))])
				}
				q.Typos = r.IntN(3) == 0
				if r.IntN(2) == 0 {
					q.Sort = s.Index // else ranked
				} else {
					s = ProductSort{"createdAt", false}
				}
			}
			got, gotTotal := ListProducts(m, q, s)
			want, wantTotal := referenceList(m, all, q, s)
			if gotTotal != wantTotal || !slices.Equal(productIDs(got), productIDs(want)) {
				t.Fatalf("seed %d query %d %+v %+v (min %v max %v): %d %v, want %d %v", seed, k, q, s, q.MinPrice, q.MaxPrice,
					gotTotal, productIDs(got), wantTotal, productIDs(want))
			}
		}
	}
}

func productIDs(docs []Product) []string {
	out := make([]string, len(docs))
	for i, d := range docs {
		out[i] = d.ID.Hex()
	}
	return out
}

// referenceList is the catalogue's page for q the straightforward way.
func referenceList(m *Mirror[ID, Product], all []Product, q shop.ProductQuery, s ProductSort) ([]Product, int64) {
	admits := func(d *Product) bool {
		price := shop.CentsFromFloat(d.Price)
		return (q.Category == "" || d.Category == q.Category) &&
			(q.MinPrice == nil || price >= *q.MinPrice) && (q.MaxPrice == nil || price <= *q.MaxPrice) &&
			(!q.InStock || d.Available >= d.Minimum)
	}
	if len(q.Words) > 0 {
		return m.SearchTypos(s.Index, s.Desc, q.Words, q.Typos, admits, q.Ranked(), q.Skip, q.Limit)
	}
	var hits []Product
	for _, d := range all {
		if admits(&d) {
			hits = append(hits, d)
		}
	}
	slices.SortFunc(hits, func(a, b Product) int {
		var c int
		switch s.Index {
		case "name":
			c = strings.Compare(a.Name, b.Name)
		case "price":
			c = cmp.Compare(a.Price, b.Price)
		default:
			c = a.CreatedAt.Compare(b.CreatedAt)
		}
		c = cmp.Or(c, CompareIDs(a.ID, b.ID))
		if s.Desc {
			return -c
		}
		return c
	})
	page := hits[min(q.Skip, len(hits)):min(q.Skip+q.Limit, len(hits))]
	return append([]Product{}, page...), int64(len(hits))
}
