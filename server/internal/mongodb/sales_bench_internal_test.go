package mongodb

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// BenchmarkSalesFiguresAfterWrite is GET /admin/sales's first answer after
// a write (issue 46: its answer is cached while no order or product is
// written, so each write costs one computation) at the large bench's size:
// 100,000 products and 200,025 orders, a tenth of them paid over the last
// twelve months, loaded straight into the embedded store's mirrors (the
// figures read nothing else). Each iteration writes one order to the
// mirror, untimed (an unpaid one paid now, then back), then computes the
// figures as the handler does; LowStock is the low-stock list's share.
//
//	go test -run '^$' -bench '^BenchmarkSalesFiguresAfterWrite' -benchtime 200x ./server/internal/mongodb/
func BenchmarkSalesFiguresAfterWrite(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, Config{DataDir: b.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SampleEvery: -1})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close(ctx)
	now := time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
	products, orders := salesBenchDocs(100_000, 20_025, 180_000, now)
	s.products.mem.Mem.Load(products)
	s.orders.mem.Mem.Load(orders)
	unpaid := orders[len(orders)-1000:] // (Load keeps the slice's documents as they were given)
	sales := &app.Sales{Store: s, Now: func() time.Time { return now }}
	admin := &shop.User{Role: shop.RoleAdmin}
	write := func(i int) {
		d := unpaid[i%len(unpaid)]
		if i/len(unpaid)%2 == 0 {
			paid := now.Add(-time.Duration(i) * time.Second)
			d.Paid, d.PaidAt, d.TransactionID = true, &paid, fmt.Sprintf("pi_bench_%d", i)
		}
		s.orders.mem.Mem.Put(d)
	}
	for _, months := range []int{shop.DefaultSalesMonths, shop.MaxSalesMonths} {
		b.Run(fmt.Sprintf("months=%d", months), func(b *testing.B) {
			b.ReportAllocs()
			for i := range b.N {
				b.StopTimer()
				write(i)
				b.StartTimer()
				if _, err := sales.Figures(ctx, admin, months); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("LowStock", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := s.LowStockProducts(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// salesBenchDocs makes n products (every thousandth below its minimum
// order) and paid+unpaid orders of them: the paid ones over the twelve
// months before now, in purchases of up to three lines, one in fifty a
// replacement (amount 0).
func salesBenchDocs(n, paid, unpaid int, now time.Time) ([]mirror.Product, []mirror.Order) {
	r := rand.New(rand.NewPCG(46, 46))
	id := func(kind byte, i int) mirror.ID {
		var id mirror.ID
		id[0], id[8], id[9], id[10], id[11] = kind, byte(i>>24), byte(i>>16), byte(i>>8), byte(i)
		return id
	}
	products := make([]mirror.Product, n)
	for i := range products {
		products[i] = mirror.Product{ID: id(1, i), Name: fmt.Sprintf("Lathe %06d", i), Price: float64(50 + r.IntN(20_000)),
			Available: 100, Minimum: 1, Category: "Lathes", CreatedAt: now.AddDate(-2, 0, 0)}
		if i%1000 == 7 {
			products[i].Available = 0
		}
	}
	orders := make([]mirror.Order, 0, paid+unpaid)
	for i := range paid + unpaid {
		p := &products[r.IntN(n)]
		qty := int64(1 + r.IntN(3))
		o := mirror.Order{ID: id(2, i), ProductID: p.ID, Number: int64(1001 + i), Name: "Buyer", Email: fmt.Sprintf("buyer%03d@shop.test", i%500),
			ProductName: p.Name, ProductPrice: p.Price, ProductQuantity: qty, Amount: int64(p.Price*100) * qty,
			Address: "1 Mill Road", Mobile: "+44 113 496 0000", Pending: true}
		if i < paid {
			o.Group = id(3, i/3)
			at := now.Add(-time.Duration(r.Int64N(int64(365 * 24 * time.Hour))))
			o.CreatedAt, o.PaidAt, o.Paid, o.TransactionID = at.Add(-time.Hour), &at, true, fmt.Sprintf("pi_%d", i)
			if i%50 == 0 {
				o.Amount, o.TransactionID = 0, "replacement:1"
			}
		} else {
			o.CreatedAt = now.Add(-time.Duration(r.Int64N(int64(365 * 24 * time.Hour))))
		}
		orders = append(orders, o)
	}
	return products, orders
}
