package httpapi_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// BenchmarkScaleCatalogue is bench:scale's GET /service rows in process, to
// profile (-cpuprofile, -benchmem): 10,000 products with 30 specifications
// each, every request a search not asked before (the answer cache misses).
func BenchmarkScaleCatalogue(b *testing.B) {
	ts := mustServe(b)
	if _, err := ts.store.ImportProducts(context.Background(), scaleDrafts(10_000), shop.ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	kinds := []string{"Lathes", "Pumps", "Presses", "Drills", "Band Saws", "Compressors", "Grinders", "Welders", "Hoists", "Mixers"}
	names := []string{"lathe", "pump", "press", "drill", "saw", "compressor", "grinder", "welder", "hoist", "mixer", "heavy", "compact", "pro", "xl", "mk"}
	words := scaleDescWords
	finishes := []string{"powd", "galv", "stai", "anod", "enam", "zinc"}
	r := rand.New(rand.NewPCG(1, 2))
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	for _, c := range []struct {
		name string
		path func(i int) string
	}{
		{"distinct", func(i int) string {
			return fmt.Sprintf("/service?q=%s&limit=20&skip=%d", url.QueryEscape(fmt.Sprintf("%s %d", names[i%len(names)], r.IntN(10))), i/len(names)%200)
		}},
		{"description", func(i int) string {
			return fmt.Sprintf("/service?q=%s&limit=20&skip=%d", words[i%len(words)], r.IntN(200))
		}},
		{"spec-or-sku", func(i int) string {
			if i%2 == 0 {
				return fmt.Sprintf("/service?q=%s&limit=20&skip=%d", finishes[i%len(finishes)], r.IntN(100))
			}
			return fmt.Sprintf("/service?q=sc-%04d&limit=20", r.IntN(1000))
		}},
		{"filters", func(i int) string {
			lo := r.IntN(15000)
			return fmt.Sprintf("/service?category=%s&minPrice=%d&maxPrice=%d&inStock=true&limit=20&sort=price&skip=%d", url.QueryEscape(kinds[i%len(kinds)]), lo, lo+5000, r.IntN(3))
		}},
		{"search-and-filters", func(i int) string {
			return fmt.Sprintf("/service?q=%s&category=%s&maxPrice=%d&limit=20", words[i%len(words)], url.QueryEscape(kinds[i%len(kinds)]), 2000+r.IntN(18000))
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := range b.N {
				req, _ := http.NewRequest("GET", ts.URL+c.path(i)+"&n="+fmt.Sprint(i), nil) // n: never a cached answer
				if !fetchOK(b, client, req) {
					return
				}
			}
		})
	}
}

// BenchmarkScaleOrders is bench:scale's orders row in process: POST /order
// from 8 clients on 10,000 products with 30 specifications each.
func BenchmarkScaleOrders(b *testing.B) {
	ts := mustServe(b)
	ctx := context.Background()
	if _, err := ts.store.ImportProducts(ctx, scaleDrafts(10_000), shop.ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	var ids []string
	for skip := 0; skip < 10_100; skip += 1000 {
		page, _, err := ts.store.ListProducts(ctx, shop.ProductQuery{Limit: 1000, Skip: skip, Sort: "createdAt"})
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range page {
			if strings.HasPrefix(p.SKU, "SC-") && p.Minimum <= 1 {
				ids = append(ids, p.ID)
			}
		}
	}
	var customers []account
	for i := range 8 {
		customers = append(customers, ts.quickAccount(b, fmt.Sprintf("Buyer %d", i), fmt.Sprintf("buyer%d@scale.test", i)))
	}
	// the order phase's CPU (the process's: the handlers and the embedded
	// store), per order, and its profile when BENCH_ORDERS_CPUPROFILE names
	// a file (the setup's import left out)
	if path := os.Getenv("BENCH_ORDERS_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			b.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	cpuBefore := processCPU()
	defer func() { b.ReportMetric(float64((processCPU()-cpuBefore).Microseconds())/float64(b.N), "cpu-µs/op") }()
	b.ResetTimer()
	var wg sync.WaitGroup
	var next sync.Mutex
	n := 0
	for w := range 8 {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 7))
			for {
				next.Lock()
				n++
				done := n > b.N
				next.Unlock()
				if done {
					return
				}
				res, body := ts.send(b, "POST", "/order", customers[w].Token, orderBody(ids[r.IntN(len(ids))], 1))
				if res.StatusCode != 201 {
					b.Errorf("order: %d %s", res.StatusCode, body)
					return
				}
			}
		})
	}
	wg.Wait()
}

// processCPU is the CPU time this process has used (user and system).
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
