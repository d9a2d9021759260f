package mongodb_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

func TestInsertOrder_Numbers(t *testing.T) {
	t.Parallel()
	t.Run("OK_ConcurrentOrdersGetDistinctNumbersFrom1001", func(t *testing.T) {
		s := mongotest.MustOpen(t)
		mongotest.RequireMongoDB(t, s)
		p := mustInsert(t, s, draft("Numbered Lathe", 1000))
		const n = 200
		numbers := make([]int64, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				o, err := s.InsertOrder(context.Background(), shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: p.ID, ProductName: p.Name,
					ProductPrice: p.Price, ProductQuantity: 1, Amount: int64(p.Price), Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
				if err != nil {
					t.Errorf("insert: %v", err)
					return
				}
				numbers[i] = o.Number
			}()
		}
		close(start)
		wg.Wait()
		slices.Sort(numbers)
		for i, got := range numbers {
			if want := int64(1001 + i); got != want {
				t.Fatalf("numbers sorted: %v...; want 1001 to %d, each once", numbers[:min(len(numbers), 10)], 1000+n)
			}
		}
		// Stored, and read back with the order.
		list, _, err := s.ListOrders(context.Background(), "", n, 0)
		if err != nil || len(list) != n {
			t.Fatalf("list: %d %v", len(list), err)
		}
		seen := map[int64]bool{}
		for _, o := range list {
			if o.Number < 1001 || seen[o.Number] {
				t.Fatalf("stored number %d (seen before: %v)", o.Number, seen[o.Number])
			}
			seen[o.Number] = true
			if got, _ := s.FindOrder(context.Background(), o.ID); got.Number != o.Number {
				t.Fatalf("FindOrder: number %d, listed %d", got.Number, o.Number)
			}
		}
		if err := s.Check(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("OK_IncreasingAndKeptAcrossRestart", func(t *testing.T) {
		dir := t.TempDir()
		s := mongotest.MustOpenAt(t, dir)
		p := mustInsert(t, s, draft("Numbered Press", 10))
		place := func(s interface {
			InsertOrder(context.Context, shop.Order) (shop.Order, error)
		}) int64 {
			t.Helper()
			o, err := s.InsertOrder(context.Background(), shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: p.ID, ProductName: p.Name,
				ProductPrice: p.Price, ProductQuantity: 1, Amount: int64(p.Price), Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
			if err != nil {
				t.Fatal(err)
			}
			return o.Number
		}
		if a, b := place(s), place(s); a != 1001 || b != 1002 {
			t.Fatalf("numbers %d, %d; want 1001, 1002", a, b)
		}
		if err := s.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		s2 := mongotest.MustOpenAt(t, dir)
		if c := place(s2); c != 1003 {
			t.Fatalf("after restart: %d, want 1003", c)
		}
	})
}

func TestListOrdersByStatus(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	p := mustInsert(t, s, draft("Status Drill", 100))
	ids := map[string]string{}
	for _, name := range []string{"unpaid", "paid", "shipped", "shippedUnpaid"} {
		o, err := s.InsertOrder(ctx, shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: p.ID, ProductName: p.Name,
			ProductPrice: p.Price, ProductQuantity: 1, Amount: int64(p.Price), Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = o.ID
	}
	for _, name := range []string{"paid", "shipped"} {
		if _, err := s.MarkOrderPaid(ctx, ids[name], "pi_"+name); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"shipped", "shippedUnpaid"} {
		if _, err := s.ShipOrder(ctx, ids[name]); err != nil {
			t.Fatal(err)
		}
	}
	for status, want := range map[shop.OrderStatus][]string{
		shop.OrderUnpaid:  {ids["unpaid"]},
		shop.OrderPaid:    {ids["paid"]},
		shop.OrderShipped: {ids["shippedUnpaid"], ids["shipped"]}, // newest first
	} {
		list, total, err := s.ListOrdersByStatus(ctx, status, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range list {
			got = append(got, o.ID)
		}
		if total != int64(len(want)) || !slices.Equal(got, want) {
			t.Errorf("%s: %v (total %d), want %v", status, got, total, want)
		}
	}
	if _, _, err := s.ListOrdersByStatus(ctx, "lost", 10, 0); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("unknown status: %v", err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
