package mongodb_test

import (
	"context"
	"testing"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// TestImportProducts_KeepsStockHolds: an order is between its steps (its
// stock taken and held, the order not yet stored) when an import changes
// the product. The import keeps the hold, so the mirror still equals the
// store and, when the order never arrives, the held pieces come back.
func TestImportProducts_KeepsStockHolds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	lathe := draft("Bench Lathe", 10)
	p := mustInsert(t, s, lathe)
	order := s.NewOrderID()
	if err := s.ReserveStock(ctx, p.ID, order, 2); err != nil {
		t.Fatal(err)
	}
	lathe.Price, lathe.Available = 99000, 8 // the file states the stock as it is now
	if got, err := s.ImportProducts(ctx, []shop.ProductDraft{lathe}, shop.ImportOptions{}); err != nil || got.Updated != 1 {
		t.Fatalf("import: %+v %v", got, err)
	}
	if n := mongodb.HoldCount(t, s, p.ID); n != 1 {
		t.Fatalf("%d stock holds on the product after the import, want the order's 1", n)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatalf("the mirror differs from the store after the import: %v", err)
	}
	// The order never arrives: its 2 pieces come back.
	if err := s.ReleaseStock(ctx, p.ID, order); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.FindProduct(ctx, p.ID); got.Available != 10 || got.Price != 99000 {
		t.Fatalf("after the hold is released: stock %d price %d, want 10 and 99000", got.Available, got.Price)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestImportProducts_StockMovesByTheDifference: the file's stock is applied
// as the difference from the stock the import read, so an order placed
// while the import runs keeps its pieces; a decrease that orders have made
// impossible refuses that row (and only that row) with the reason.
func TestImportProducts_StockMovesByTheDifference(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	press, saw := draft("Hydraulic Press", 10), draft("Band Saw", 10)
	p, q := mustInsert(t, s, press), mustInsert(t, s, saw)
	mongodb.AfterImportRead(s, func() {
		// Orders during the import: 3 presses, 8 saws.
		for _, o := range []struct {
			id  string
			qty int64
		}{{p.ID, 3}, {q.ID, 8}} {
			if err := s.ReserveStock(ctx, o.id, s.NewOrderID(), o.qty); err != nil {
				t.Error(err)
			}
		}
	})
	press.Available, saw.Available = 25, 1 // read 10: +15 presses, -9 saws
	saw.Price = 1
	var refused []string
	counts, err := s.ImportProducts(ctx, []shop.ProductDraft{press, saw}, shop.ImportOptions{
		Refused: func(name, reason string) { refused = append(refused, name+": "+reason) }})
	if err != nil || counts != (shop.ImportCounts{Updated: 1, Refused: 1}) {
		t.Fatalf("import: %+v %v", counts, err)
	}
	if got, _ := s.FindProduct(ctx, p.ID); got.Available != 22 {
		t.Fatalf("press stock %d, want 22: 10 read, +15 from the file, -3 ordered during the import", got.Available)
	}
	want := "Band Saw: Its stock is 2 now: orders took 8 since the import read 10, and the file's 1 would leave less than none. The row was not imported; run the import again."
	if len(refused) != 1 || refused[0] != want {
		t.Fatalf("refused %q, want %q", refused, want)
	}
	if got, _ := s.FindProduct(ctx, q.ID); got.Available != 2 || got.Price != q.Price {
		t.Fatalf("the refused row changed the saw: %+v", got)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
