package mirror

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"testing"

	"storefront/server/internal/shop"
)

// The catalogue's queries as bench:scale asks them (GET /service), on the
// mirror alone, at bench:scale's 10,000 products and the large bench's
// 100,000 (issues 46 and 48): ns/op and allocations of ListProducts and
// the page's conversion, so that where the time goes can be measured
// without the HTTP server or the machine's load.
//
//	go test -run '^$' -bench '^BenchmarkListProducts' -benchmem ./server/internal/mirror/
func BenchmarkListProducts(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		m := benchCatalogue(n)
		for _, c := range catalogueBenchQueries(n) {
			b.Run(fmt.Sprintf("%dk/%s", n/1000, c.name), func(b *testing.B) {
				r := rand.New(rand.NewPCG(1, 2))
				b.ReportAllocs()
				for range b.N {
					q, s := c.query(r)
					docs, _ := ListProducts(m, q, s)
					_ = ShopAll[shop.Product](docs)
				}
			})
		}
	}
}

var benchCatalogues sync.Map // size -> *Mirror[ID, Product]

// benchCatalogue is scaleProductDocs' catalogue with every seventh product
// out of stock, loaded into a product mirror (made once per size).
func benchCatalogue(n int) *Mirror[ID, Product] {
	if m, ok := benchCatalogues.Load(n); ok {
		return m.(*Mirror[ID, Product])
	}
	docs := scaleProductDocs(n)
	for i := range docs {
		if i%7 == 3 {
			docs[i].Available = 0
		}
	}
	m := Products("service").Init()
	m.Load(docs)
	benchCatalogues.Store(n, m)
	return m
}

type catalogueBenchQuery struct {
	name  string
	query func(r *rand.Rand) (shop.ProductQuery, ProductSort)
}

// catalogueBenchQueries are bench:scale's rows of GET /service (the
// parameters as its latency loops make them).
func catalogueBenchQueries(n int) []catalogueBenchQuery {
	kinds := []string{"Lathe", "Pump", "Press", "Drill", "Band Saw", "Compressor", "Grinder", "Welder", "Hoist", "Mixer"}
	descWords := []string{"bearings", "gearbox", "hydraulics", "pneumatics", "coolant", "spindle", "chuck", "clutch", "impeller", "inverter"}
	words := []string{"lathe", "pump", "press", "drill", "saw", "compressor", "grinder", "welder", "hoist", "mixer", "heavy", "compact", "pro", "xl", "mk"}
	sorts := []ProductSort{{"price", false}, {"price", true}, {"name", false}, {"name", true}, {"createdAt", true}}
	cents := func(dollars int) *shop.Cents { c := shop.Cents(dollars * 100); return &c }
	i := 0
	next := func() int { i++; return i }
	return []catalogueBenchQuery{
		{"filters", func(r *rand.Rand) (shop.ProductQuery, ProductSort) {
			lo := r.IntN(15000)
			return shop.ProductQuery{Limit: 20, Category: kinds[next()%len(kinds)] + "s", MinPrice: cents(lo), MaxPrice: cents(lo + 5000), InStock: true, Sort: "price"}, ProductSort{"price", false}
		}},
		{"search-and-filters", func(r *rand.Rand) (shop.ProductQuery, ProductSort) {
			k := next()
			return shop.ProductQuery{Limit: 20, Words: shop.QueryWords(descWords[k%len(descWords)]), Category: kinds[k%len(kinds)] + "s", MaxPrice: cents(2000 + r.IntN(18000))}, ProductSort{"createdAt", false}
		}},
		{"deep-sorted-pages", func(r *rand.Rand) (shop.ProductQuery, ProductSort) {
			s := sorts[next()%len(sorts)]
			sort := s.Index
			if s.Desc {
				sort = "-" + sort
			}
			return shop.ProductQuery{Limit: 20, Skip: n/2 + r.IntN(n/2-20), Sort: sort}, s
		}},
		{"search-distinct-terms", func(r *rand.Rand) (shop.ProductQuery, ProductSort) {
			k := next()
			return shop.ProductQuery{Limit: 20, Skip: k / len(words) % 50, Words: shop.QueryWords(words[k%len(words)] + " " + strconv.Itoa(r.IntN(10)))}, ProductSort{"createdAt", false}
		}},
		{"search-by-description-word", func(r *rand.Rand) (shop.ProductQuery, ProductSort) {
			return shop.ProductQuery{Limit: 20, Skip: r.IntN(200), Words: shop.QueryWords(descWords[next()%len(descWords)])}, ProductSort{"createdAt", false}
		}},
		{"category-page", func(r *rand.Rand) (shop.ProductQuery, ProductSort) {
			return shop.ProductQuery{Limit: 20, Skip: r.IntN(200), Category: kinds[next()%len(kinds)] + "s", Sort: "createdAt"}, ProductSort{"createdAt", false}
		}},
	}
}

// BenchmarkPutManyProducts is the import's mirror side: 10,000 products
// put in batches of 1,000 into an empty catalogue, with every order index
// and (without-catalogue-lists) without the three that answer the filters
// (categoryPrice, categoryName, unbuyable).
//
//	go test -run '^$' -bench '^BenchmarkPutManyProducts' -benchmem ./server/internal/mirror/
func BenchmarkPutManyProducts(b *testing.B) {
	docs := scaleProductDocs(10_000)
	for _, without := range []bool{false, true} {
		name := "all-lists"
		if without {
			name = "without-catalogue-lists"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				m := Products("service")
				if without {
					m.Orders = slices.DeleteFunc(m.Orders, func(o *OrderIndex[ID, Product]) bool {
						return o.Name == "categoryPrice" || o.Name == "categoryName" || o.Name == "unbuyable"
					})
				}
				m.Init()
				for i := 0; i < len(docs); i += 1000 {
					m.PutMany(docs[i:min(len(docs), i+1000)])
				}
			}
		})
	}
}

// BenchmarkLoadProducts is the start's mirror side at the large size:
// 100,000 products loaded, with and without the filters' three lists.
func BenchmarkLoadProducts(b *testing.B) {
	docs := scaleProductDocs(100_000)
	for _, without := range []bool{false, true} {
		name := "all-lists"
		if without {
			name = "without-catalogue-lists"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				m := Products("service")
				if without {
					m.Orders = slices.DeleteFunc(m.Orders, func(o *OrderIndex[ID, Product]) bool {
						return o.Name == "categoryPrice" || o.Name == "categoryName" || o.Name == "unbuyable"
					})
				}
				m.Init()
				m.Load(slices.Clone(docs))
			}
		})
	}
}
