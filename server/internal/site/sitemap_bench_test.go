package site

import (
	"encoding/binary"
	"fmt"
	"slices"
	"testing"
	"time"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// The sitemap's share of bench:scale:large's "sitemap index and files,
// each read after an order" at 100,000 products, without HTTP or the
// machine's other work:
//
//	go test -run '^$' -bench '^BenchmarkSitemap' -benchmem -cpuprofile /tmp/sitemap.prof ./server/internal/site/
//
// BenchmarkSitemap_AfterAChange: one product's updatedAt moves (an order
// took stock), then the sitemap is built again from the stamps, the
// previous build at hand.
func BenchmarkSitemap_AfterAChange(b *testing.B) {
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	stamps := make([]shop.ProductStamp, 100_000)
	for i := range stamps {
		stamps[i] = shop.ProductStamp{ID: fmt.Sprintf("%024x", i), Category: fmt.Sprintf("Kind %d", i%10),
			CreatedAt: base.Add(time.Duration(i) * time.Second), UpdatedAt: base.Add(time.Duration(i) * time.Second)}
	}
	set := buildSitemaps("https://shop.test", stamps, maxSitemapURLs, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		stamps = slices.Clone(stamps) // as the store gives them: the last build keeps its own
		k := (i * 7919) % len(stamps)
		stamps[k].UpdatedAt = base.Add(time.Duration(200_000+i) * time.Second)
		b.StartTimer()
		set = buildSitemaps("https://shop.test", stamps, maxSitemapURLs, set)
	}
}

// BenchmarkSitemap_OrderThenRead is the whole of it with the products'
// mirror as the embedded store keeps it: an order's write of one product
// (its stock and updatedAt), then the read that follows: every stamp from
// the mirror (ProductStamps) and the build.
func BenchmarkSitemap_OrderThenRead(b *testing.B) {
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	docs := make([]mirror.Product, 100_000)
	for i := range docs {
		var id mirror.ID
		binary.BigEndian.PutUint64(id[4:], uint64(i))
		at := base.Add(time.Duration(i) * time.Second)
		docs[i] = mirror.Product{ID: id, Name: fmt.Sprintf("Product %06d", i), Category: fmt.Sprintf("Kind %d", i%10),
			Available: 1_000_000, Minimum: 1, CreatedAt: at, UpdatedAt: at}
	}
	m := mirror.Products("service").Init()
	m.Load(docs)
	stamps, _ := m.CopyStamps()
	set := buildSitemaps("https://shop.test", stamps, maxSitemapURLs, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		d, _ := m.Get(docs[(i*7919)%len(docs)].ID)
		d.Available--
		d.UpdatedAt = base.Add(time.Duration(200_000+i) * time.Second)
		m.Put(d)
		b.StartTimer()
		stamps, _ := m.CopyStamps()
		set = buildSitemaps("https://shop.test", stamps, maxSitemapURLs, set)
	}
}
