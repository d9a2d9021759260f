package mirror

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// walkStamps is the stamps as a walk of the createdAt order index gives
// them: what ProductStamps read before the stamp index, and what the index
// must always equal.
func walkStamps(m *Mirror[ID, Product]) []shop.ProductStamp {
	out := make([]shop.ProductStamp, 0, m.Len())
	m.Walk("createdAt", func(d *Product) { out = append(out, ProductStamp(d)) })
	return out
}

// TestStampIndex_FollowsEveryWrite: after random writes one at a time and
// in batches (stock and category changes, createdAt moved, ties on
// createdAt that the id breaks, removals, new products in the middle and at
// the end), the stamps are exactly those of a walk of the createdAt index
// and of a mirror loaded afresh.
func TestStampIndex_FollowsEveryWrite(t *testing.T) {
	t.Parallel()
	base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	categories := []string{"", "Pumps", "Lathes"}
	for seed := range uint64(30) {
		r := rand.New(rand.NewPCG(seed, 11))
		product := func(i int) Product {
			at := base.Add(time.Duration(r.IntN(50)) * time.Second) // many ties
			return Product{ID: testID(3, i), Name: fmt.Sprintf("Product %04d", i), Category: categories[r.IntN(len(categories))],
				CreatedAt: at, UpdatedAt: at.Add(time.Duration(r.IntN(1000)) * time.Millisecond)}
		}
		n := r.IntN(200)
		docs := make([]Product, n)
		for i := range docs {
			docs[i] = product(i)
		}
		m := Products("service").Init()
		m.Load(docs)
		for range 40 {
			switch r.IntN(5) {
			case 0:
				m.Remove(testID(3, r.IntN(n+20)))
			case 1: // an order: the stock and updatedAt
				if d, ok := m.Get(testID(3, r.IntN(n+20))); ok {
					d.Available++
					d.UpdatedAt = d.UpdatedAt.Add(time.Millisecond)
					m.Put(d)
				}
			case 2: // a batch, some of it new, large enough to be merged
				batch := make([]Product, 1+r.IntN(80))
				for k := range batch {
					batch[k] = product(r.IntN(n + 40))
				}
				m.PutMany(batch)
			default:
				m.Put(product(r.IntN(n + 20)))
			}
			got, ok := m.CopyStamps()
			if want := walkStamps(m); !ok || len(got) != len(want) {
				t.Fatalf("seed %d: %d stamps, the walk %d", seed, len(got), len(want))
			} else {
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("seed %d: stamp %d is %+v, the walk's %+v", seed, i, got[i], want[i])
					}
				}
			}
		}
		var all []Product
		m.Each(func(d *Product) { all = append(all, *d) })
		fresh := m.Fresh()
		fresh.Load(all)
		if err := m.Diff(fresh); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// BenchmarkProductStamps is the sitemap's read of every stamp at 100,000
// products: "walk" as ProductStamps did it before (each product looked up
// through the createdAt index and copied, its id put in hex), "index" as
// it does now (one copy of the stamp index).
//
//	go test -run '^$' -bench '^BenchmarkProductStamps' -benchmem ./server/internal/mirror/
func BenchmarkProductStamps(b *testing.B) {
	m := benchCatalogue(100_000)
	b.Run("walk", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			_ = walkStamps(m)
		}
	})
	b.Run("index", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			_, _ = m.CopyStamps()
		}
	})
}
