package mongodb_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

func draft(name string, available int64) shop.ProductDraft {
	return shop.ProductDraft{Name: name, Price: 125000, Description: "A sturdy machine for the workshop.", Available: available, Minimum: 1, Email: "ops@example.com"}
}

func mustInsert(tb testing.TB, s *mongodb.Store, d shop.ProductDraft) shop.Product {
	tb.Helper()
	ctx := context.Background()
	id, err := s.InsertProduct(ctx, d)
	if err != nil {
		tb.Fatalf("insert %q: %v", d.Name, err)
	}
	p, err := s.FindProduct(ctx, id)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func TestReserveStock(t *testing.T) {
	t.Parallel()
	t.Run("ConcurrentDecrementsNeverOversell", func(t *testing.T) {
		s := mongotest.MustOpen(t)
		mongotest.RequireMongoDB(t, s)
		p := mustInsert(t, s, draft("Bench Grinder", 100))
		var ok, conflict atomic.Int64
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := 0; i < 200; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				err := s.ReserveStock(context.Background(), p.ID, s.NewOrderID(), 1)
				switch shop.ErrorCode(err) {
				case "":
					ok.Add(1)
				case shop.ECONFLICT:
					conflict.Add(1)
				default:
					t.Errorf("reserve: %v", err)
				}
			}()
		}
		close(start)
		wg.Wait()
		got, err := s.FindProduct(context.Background(), p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if ok.Load() != 100 || conflict.Load() != 100 || got.Available != 0 {
			t.Fatalf("successes=%d conflicts=%d stock=%d; want 100, 100, 0", ok.Load(), conflict.Load(), got.Available)
		}
	})
	t.Run("ErrConflictWhenShortLeavesStock", func(t *testing.T) {
		s := mongotest.MustOpen(t)
		p := mustInsert(t, s, draft("Pallet Jack", 3))
		if err := s.ReserveStock(context.Background(), p.ID, s.NewOrderID(), 4); shop.ErrorCode(err) != shop.ECONFLICT {
			t.Fatalf("err = %v, want conflict", err)
		}
		if got, _ := s.FindProduct(context.Background(), p.ID); got.Available != 3 {
			t.Fatalf("stock = %d, want 3", got.Available)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		s := mongotest.MustOpen(t)
		if err := s.ReserveStock(context.Background(), "5f1d7f1a2b3c4d5e6f708192", s.NewOrderID(), 1); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("err = %v, want not found", err)
		}
	})
	t.Run("ReleaseGivesBack", func(t *testing.T) {
		s := mongotest.MustOpen(t)
		p := mustInsert(t, s, draft("Chain Hoist", 5))
		order := s.NewOrderID()
		if err := s.ReserveStock(context.Background(), p.ID, s.NewOrderID(), 3); err != nil {
			t.Fatal(err)
		}
		if err := s.ReserveStock(context.Background(), p.ID, order, 2); err != nil {
			t.Fatal(err)
		}
		for range 2 { // at most once
			if err := s.ReleaseStock(context.Background(), p.ID, order); err != nil {
				t.Fatal(err)
			}
		}
		if got, _ := s.FindProduct(context.Background(), p.ID); got.Available != 2 {
			t.Fatalf("stock = %d, want 2", got.Available)
		}
	})
}

func TestStore_SurvivesRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := mongotest.MustOpenAt(t, dir)
	p := mustInsert(t, s, draft("Diesel Generator", 7))
	if err := s.ReserveStock(context.Background(), p.ID, s.NewOrderID(), 2); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	s2 := mongotest.MustOpenAt(t, dir)
	got, err := s2.FindProduct(context.Background(), p.ID)
	if err != nil {
		t.Fatalf("after restart: %v", err)
	}
	if got.Name != "Diesel Generator" || got.Available != 5 || got.Price != 125000 {
		t.Fatalf("after restart: %+v", got)
	}
}

// The DATA_DIR lock is the embedded store's, so this opens it whatever
// MONGODB_URI says.
func TestOpen_ErrStoreInUse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	mongotest.MustOpenEmbeddedAt(t, dir)
	_, err := mongodb.Open(context.Background(), mongotest.EmbeddedConfig(dir))
	if err == nil || !errorsIs(err, mongodb.ErrStoreInUse) {
		t.Fatalf("second open: %v, want ErrStoreInUse", err)
	}
}

func TestImportProducts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	placeholder := "http://shop.test/images/0123456789abcdef01234567"
	compressor, press := draft("Air Compressor", 10), draft("Hydraulic Press", 2)
	compressor.Image = "http://shop.test/images/aaaaaaaaaaaaaaaaaaaaaaaa"
	opt := shop.ImportOptions{DefaultImage: placeholder}
	run := func(want shop.ImportCounts, drafts ...shop.ProductDraft) {
		t.Helper()
		if got, err := s.ImportProducts(ctx, drafts, opt); err != nil || got != want {
			t.Fatalf("import: %+v, %v; want %+v", got, err, want)
		}
		if err := s.Check(ctx); err != nil {
			t.Fatalf("mirror after import: %v", err)
		}
	}
	run(shop.ImportCounts{Inserted: 2}, compressor, press)
	run(shop.ImportCounts{Unchanged: 2}, compressor, press)
	if p, _ := s.FindProductByName(ctx, press.Name); p.Image != placeholder {
		t.Fatalf("a new product without a picture got %q, want the placeholder", p.Image)
	}
	compressor.Price = 99999
	compressor.Image = "" // a row without a picture keeps the product's own
	run(shop.ImportCounts{Updated: 1, Unchanged: 1}, compressor, press)
	p, _ := s.FindProductByName(ctx, compressor.Name)
	if p.Price != 99999 || p.Image != "http://shop.test/images/aaaaaaaaaaaaaaaaaaaaaaaa" {
		t.Fatalf("after the update: price %d, image %q", p.Price, p.Image)
	}
	opt.DryRun = true
	compressor.Price = 1
	run(shop.ImportCounts{Inserted: 1, Updated: 1, Unchanged: 1}, compressor, press, draft("Forklift", 1))
	if n, _ := s.CountProducts(ctx); n != 2 {
		t.Fatalf("count = %d after a dry run, want 2", n)
	}
	if _, err := s.ImportProducts(ctx, []shop.ProductDraft{press, press}, shop.ImportOptions{}); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("repeated names: %v, want invalid", err)
	}
}

func TestListProducts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	for i, name := range []string{"Lathe", "Band Saw", "Drill Press", "Saw Blade"} {
		d := draft(name, 1)
		d.Price = shop.Cents(1000 * (4 - i))
		mustInsert(t, s, d)
	}
	names := func(ps []shop.Product) (out []string) {
		for _, p := range ps {
			out = append(out, p.Name)
		}
		return out
	}
	list, total, err := s.ListProducts(ctx, shop.ProductQuery{Limit: 2, Sort: "createdAt"})
	if err != nil || total != 4 || len(list) != 2 || list[0].Name != "Lathe" {
		t.Fatalf("first page: %v total=%d err=%v", names(list), total, err)
	}
	list, total, _ = s.ListProducts(ctx, shop.ProductQuery{Limit: 10, Q: "saw", Sort: "price"})
	if total != 2 || len(list) != 2 || list[0].Name != "Saw Blade" || list[1].Name != "Band Saw" {
		t.Fatalf("search saw by price: %v total=%d", names(list), total)
	}
	list, _, _ = s.ListProducts(ctx, shop.ProductQuery{Limit: 10, Q: "(.*", Sort: "name"})
	if len(list) != 0 {
		t.Fatalf("regex characters are matched literally: %v", names(list))
	}
	list, _, _ = s.ListProducts(ctx, shop.ProductQuery{Limit: 10, Skip: 3, Sort: "-name"})
	if len(list) != 1 || list[0].Name != "Band Saw" {
		t.Fatalf("skip 3 by -name: %v", names(list))
	}
}

// TestRecoverStock leaves each step of placing and cancelling an order
// unfinished, as a crash would, restarts the store and settles the holds:
// the stock always equals the initial stock less the stored orders.
func TestRecoverStock(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	s := mongotest.MustOpenAt(t, dir)
	p := mustInsert(t, s, draft("Band Saw", 100))
	order := func(id string, qty int64) {
		t.Helper()
		if _, err := s.InsertOrder(ctx, shop.Order{ID: id, Name: "Ann", Email: "ann@shop.test", ProductID: p.ID, ProductName: p.Name,
			ProductPrice: p.Price, ProductQuantity: qty, Amount: int64(p.Price) * qty, Address: "1 Mill Road", Mobile: "+44 113 496 0000"}); err != nil {
			t.Fatal(err)
		}
	}
	// Placing, stopped after taking the stock: no order was stored.
	lost := s.NewOrderID()
	if err := s.ReserveStock(ctx, p.ID, lost, 7); err != nil {
		t.Fatal(err)
	}
	// Placing, stopped after storing the order.
	placed := s.NewOrderID()
	if err := s.ReserveStock(ctx, p.ID, placed, 5); err != nil {
		t.Fatal(err)
	}
	order(placed, 5)
	// Cancelling, stopped after the hold: the order is still there.
	kept := s.NewOrderID()
	if err := s.ReserveStock(ctx, p.ID, kept, 3); err != nil {
		t.Fatal(err)
	}
	order(kept, 3)
	if err := s.KeepStock(ctx, p.ID, kept); err != nil {
		t.Fatal(err)
	}
	if err := s.HoldStock(ctx, p.ID, kept, 3); err != nil {
		t.Fatal(err)
	}
	if err := s.HoldStock(ctx, p.ID, kept, 3); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("a second hold for one order: %v, want a conflict", err)
	}
	// Cancelling, stopped after deleting the order.
	cancelled := s.NewOrderID()
	if err := s.ReserveStock(ctx, p.ID, cancelled, 2); err != nil {
		t.Fatal(err)
	}
	order(cancelled, 2)
	if err := s.KeepStock(ctx, p.ID, cancelled); err != nil {
		t.Fatal(err)
	}
	marker := s.NewOrderID()
	if _, err := s.BeginCancel(ctx, cancelled, marker); err != nil {
		t.Fatal(err)
	}
	if err := s.HoldStock(ctx, p.ID, cancelled, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteUnpaidOrder(ctx, cancelled, marker); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.FindProduct(ctx, p.ID); got.Available != 100-7-5-3-2 {
		t.Fatalf("stock %d before the crash, want %d", got.Available, 100-7-5-3-2)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}

	s = mongotest.MustOpenAt(t, dir)
	// A cutoff before the holds settles nothing.
	if released, kept, err := s.RecoverStock(ctx, time.Now().Add(-time.Hour)); err != nil || released+kept != 0 {
		t.Fatalf("recover with an early cutoff: %d given back, %d kept, %v", released, kept, err)
	}
	// Dropped: the cancelling hold of the order still there and, on
	// MongoDB, the placing hold of the order stored (embedded, the product's
	// next stock write drops that one).
	wantDropped := 2
	if s.Embedded() {
		wantDropped = 1
	}
	released, dropped, err := s.RecoverStock(ctx, time.Now().Add(time.Second))
	if err != nil || released != 2 || dropped != wantDropped {
		t.Fatalf("recover: %d given back, %d dropped, %v; want 2 and %d", released, dropped, err, wantDropped)
	}
	want := int64(100 - 5 - 3) // the stored orders
	if got, _ := s.FindProduct(ctx, p.ID); got.Available != want {
		t.Fatalf("stock %d after recovery, want %d", got.Available, want)
	}
	if released, dropped, err := s.RecoverStock(ctx, time.Now().Add(time.Second)); err != nil || released+dropped != 0 {
		t.Fatalf("a second recovery: %d given back, %d dropped, %v", released, dropped, err)
	}
	if got, _ := s.FindProduct(ctx, p.ID); got.Available != want {
		t.Fatalf("stock %d after a second recovery, want %d", got.Available, want)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// The holds of placed orders do not pile up on a product: after many
// orders (and a cancel), at most the last order's hold is left.
func TestStockHolds_DoNotPileUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	p := mustInsert(t, s, draft("Pipe Bender", 1000))
	var ids []string
	for range 30 {
		id := s.NewOrderID()
		if err := s.ReserveStock(ctx, p.ID, id, 2); err != nil {
			t.Fatal(err)
		}
		if _, err := s.InsertOrder(ctx, shop.Order{ID: id, Name: "Ann", Email: "ann@shop.test", ProductID: p.ID, ProductName: p.Name,
			ProductPrice: p.Price, ProductQuantity: 2, Amount: int64(p.Price) * 2, Address: "1 Mill Road", Mobile: "+44 113 496 0000"}); err != nil {
			t.Fatal(err)
		}
		if err := s.KeepStock(ctx, p.ID, id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	marker := s.NewOrderID()
	if _, err := s.BeginCancel(ctx, ids[3], marker); err != nil {
		t.Fatal(err)
	}
	if err := s.HoldStock(ctx, p.ID, ids[3], 2); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteUnpaidOrder(ctx, ids[3], marker); err != nil {
		t.Fatal(err)
	}
	if err := s.ReleaseStock(ctx, p.ID, ids[3]); err != nil {
		t.Fatal(err)
	}
	if n := mongodb.HoldCount(t, s, p.ID); n > 1 {
		t.Errorf("%d holds on the product after 30 orders", n)
	}
	if got, _ := s.FindProduct(ctx, p.ID); got.Available != 1000-29*2 {
		t.Errorf("stock %d, want %d", got.Available, 1000-29*2)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
