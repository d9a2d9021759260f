package site_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// BenchmarkSite_ProductPage serves /product/{id} on a catalogue of 10,000
// products (imported through the store), over loopback HTTP: "rendered"
// asks for a different product each time, so that pages are rendered and
// cached as visitors spread over the catalogue (the page cache holds a
// part of it); "cached" asks for one product again and again; "sitemap"
// is /sitemap.xml of the 10,000 products, built once and then served.
func BenchmarkSite_ProductPage(b *testing.B) {
	s := mustServeSite(b)
	drafts := make([]shop.ProductDraft, 10_000)
	for i := range drafts {
		drafts[i] = shop.ProductDraft{Name: fmt.Sprintf("Bench Lathe %05d", i), Price: shop.Cents(100_000 + i), Image: "http://shop.test/images/placeholder",
			Description: strings.Repeat("A lathe for workshops and plants: cast frame, two-year warranty. ", 3), Available: 10, Minimum: 1, Email: "sales@shop.test"}
	}
	if _, err := s.store.ImportProducts(context.Background(), drafts, shop.ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	products, _, err := s.store.ListProducts(context.Background(), shop.ProductQuery{Limit: 20_000})
	if err != nil || len(products) < 10_000 {
		b.Fatalf("%d products: %v", len(products), err)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}}
	get := func(b *testing.B, path string) {
		req, _ := http.NewRequest("GET", s.siteURL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		fetchOK(b, client, req)
	}
	var next atomic.Int64
	for _, c := range []struct {
		name string
		path func() string
	}{
		{"rendered", func() string { return "/product/" + products[int(next.Add(1))%len(products)].ID }},
		{"cached", func() string { return "/product/" + products[0].ID }},
		{"sitemap", func() string { return "/sitemap.xml" }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ResetTimer()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					get(b, c.path())
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
		})
	}
}

// fetchOK sends req and reads the whole answer, reporting to b a failure or
// a status other than 200.
func fetchOK(b *testing.B, client *http.Client, req *http.Request) bool {
	res, err := client.Do(req)
	if err != nil {
		b.Error(err)
		return false
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		b.Errorf("%s: status %d", req.URL.Path, res.StatusCode)
		return false
	}
	return true
}
