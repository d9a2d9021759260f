package mongodb_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"syscall"
	"testing"
	"time"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// The store's share of bench:scale's slow rows, each alone, so that they
// can be profiled (-cpuprofile, -benchmem): bench:scale's catalogue
// (10,000 products with 30 specifications, through ImportProducts) and
// 20,000 orders, on the embedded store. Building the data takes a while:
// SCALE_BENCH_DIR keeps it between runs (built there when empty).
//
//	go test -run '^$' -bench '^BenchmarkScaleStore' -benchtime 10x ./internal/mongodb/
const (
	scaleProducts = 10_000
	scaleOrders   = 20_000
)

func scaleDir(b *testing.B) string {
	dir := os.Getenv("SCALE_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	if _, err := os.Stat(dir + "/.built"); err == nil {
		return dir
	}
	ctx := context.Background()
	s := scaleOpen(b, dir)
	if _, err := s.ImportProducts(ctx, scaleDrafts(scaleProducts), shop.ImportOptions{}); err != nil {
		b.Fatal(err)
	}
	ids := scaleIDs(b, s)
	for i := range scaleOrders {
		if _, err := s.InsertOrder(ctx, shop.Order{Name: "Buyer", Email: fmt.Sprintf("buyer%02d@shop.test", i%50), ProductID: ids[i%len(ids)],
			ProductName: "Heavy Lathe", ProductPrice: 10050, ProductQuantity: 2, Amount: 20100, Address: "1 Mill Road", Mobile: "+44 113 496 0000"}); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Close(ctx); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(dir+"/.built", nil, 0o600); err != nil {
		b.Fatal(err)
	}
	return dir
}

func scaleOpen(b *testing.B, dir string) *mongodb.Store {
	cfg := mongotest.EmbeddedConfig(dir)
	cfg.NoSync = false // measured as the binaries run
	s, err := mongodb.Open(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func scaleIDs(b *testing.B, s *mongodb.Store) []string {
	var ids []string
	for skip := 0; ; skip += 1000 {
		page, _, err := s.ListProducts(context.Background(), shop.ProductQuery{Limit: 1000, Skip: skip, Sort: "createdAt"})
		if err != nil {
			b.Fatal(err)
		}
		if len(page) == 0 {
			return ids
		}
		for _, p := range page {
			ids = append(ids, p.ID)
		}
	}
}

// BenchmarkScaleStoreOpen is start-up on that data.
func BenchmarkScaleStoreOpen(b *testing.B) {
	dir := scaleDir(b)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		s := scaleOpen(b, dir)
		b.StopTimer()
		if err := s.Close(ctx); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}

// BenchmarkScaleStoreLoadProducts is the products' share of start-up:
// reading the collection and building its mirror.
func BenchmarkScaleStoreLoadProducts(b *testing.B) {
	s := scaleOpen(b, scaleDir(b))
	defer s.Close(context.Background())
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		mongodb.LoadProductsMirror(b, s)
	}
	// the process's CPU time: steadier than the wall's on a shared machine
	b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// cpuTime is the CPU time the process has used (user and system).
func cpuTime() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkScaleStoreOrder is an order's store writes: the stock taken
// with its hold, the order stored, the hold kept.
func BenchmarkScaleStoreOrder(b *testing.B) {
	s := scaleOpen(b, scaleDir(b))
	ctx := context.Background()
	defer s.Close(ctx)
	ids := scaleIDs(b, s)
	r := rand.New(rand.NewPCG(1, 2))
	b.ResetTimer()
	for range b.N {
		pid := ids[r.IntN(len(ids))]
		oid := s.NewOrderID()
		if err := s.ReserveStock(ctx, pid, oid, 1); err != nil {
			b.Fatal(err)
		}
		if _, err := s.InsertOrder(ctx, shop.Order{ID: oid, Name: "Buyer", Email: "buyer00@shop.test", ProductID: pid, ProductName: "Heavy Lathe",
			ProductPrice: 10050, ProductQuantity: 1, Amount: 10050, Address: "1 Mill Road", Mobile: "+44 113 496 0000"}); err != nil {
			b.Fatal(err)
		}
		if err := s.KeepStock(ctx, pid, oid); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScaleStoreReimport is the import of the same rows again:
// nothing to write.
func BenchmarkScaleStoreReimport(b *testing.B) {
	s := scaleOpen(b, scaleDir(b))
	ctx := context.Background()
	defer s.Close(ctx)
	drafts := scaleDrafts(scaleProducts)
	b.ResetTimer()
	for range b.N {
		counts, err := s.ImportProducts(ctx, drafts, shop.ImportOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if counts.Unchanged != len(drafts) {
			b.Fatalf("%+v", counts)
		}
	}
}
