package mongodb

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// TestPaidSales_TalliesAsWalked: the embedded store's figures, read from
// the orders' mirror's tallies, are those of the walk over every paid order
// that MongoDB's branch makes (run here over the mirror), for every period,
// while orders are written at random: months, purchases, the top products
// with ties in revenue and units (decided by name) and names from orders
// created at the same moment (decided by _id), and the unpaid sum.
func TestPaidSales_TalliesAsWalked(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, err := Open(ctx, Config{DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SampleEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	r := rand.New(rand.NewPCG(46, 2))
	base := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	id := func(kind byte, n int) mirror.ID {
		var id mirror.ID
		id[0], id[11] = kind, byte(n)
		return id
	}
	order := func(n int) mirror.Order {
		o := mirror.Order{ID: id(2, n), ProductID: id(1, r.IntN(9)), ProductName: fmt.Sprintf("Pump %c", 'A'+r.IntN(3)),
			ProductQuantity: int64(1 + r.IntN(2)), Amount: int64(r.IntN(3)) * 500, Email: "a@shop.test",
			CreatedAt: base.Add(time.Duration(r.IntN(8)) * 20 * 24 * time.Hour)} // few moments: ties
		if r.IntN(2) == 0 {
			o.Group = id(3, r.IntN(6))
		}
		if r.IntN(3) > 0 {
			at := o.CreatedAt.Add(time.Duration(r.IntN(40)) * 24 * time.Hour)
			o.Paid, o.PaidAt = true, &at
		}
		return o
	}
	var docs []mirror.Order
	for n := range 120 {
		docs = append(docs, order(n))
	}
	s.orders.mem.Mem.Load(docs)
	compared := 0
	for step := range 60 {
		for range 3 {
			if n := r.IntN(130); n < 125 {
				s.orders.mem.Mem.Put(order(n))
			} else {
				s.orders.mem.Mem.Remove(id(2, r.IntN(130)))
			}
		}
		for _, first := range []time.Time{base, base.AddDate(0, 1, 0), base.AddDate(0, 3, 0), base.AddDate(-1, 0, 0)} {
			for _, months := range []int{1, 2, 5, 24} {
				got, err := s.paidSalesTallied(ctx, first, months)
				if err != nil {
					t.Fatal(err)
				}
				want, err := s.paidSalesWalked(ctx, first, months)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d, %d months from %s:\ntallied %+v\nwalked  %+v", step, months, first.Format("2006-01"), got, want)
				}
				if len(got.TopProducts) == shop.TopProductsShown {
					compared++
				}
			}
		}
		got, err := s.UnpaidTotal(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var want shop.UnpaidSum
		s.orders.mem.Each(mirror.NotPaid, func(d *mirror.Order) { want.Count++; want.Amount += shop.Dollars(d.Amount) })
		if got != want || want.Count == 0 {
			t.Fatalf("step %d: unpaid %+v, want %+v", step, got, want)
		}
	}
	if compared == 0 {
		t.Fatal("no period had a full list of top products")
	}
}
