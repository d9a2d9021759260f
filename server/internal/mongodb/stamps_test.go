package mongodb_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// TestProductStamps_FollowEveryWrite: after an import (a batch), single
// inserts, an order's stock, an edit that moves a product to another
// category, a category renamed and a product deleted, the stamps are the
// products' in catalogue order, each with its category and updatedAt as
// the store reads them (embedded: the mirror's stamp index; with
// MONGODB_URI: the query).
func TestProductStamps_FollowEveryWrite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	pumps, err := s.InsertCategory(ctx, "Pumps")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.InsertCategory(ctx, "Lathes"); err != nil {
		t.Fatal(err)
	}
	var drafts []shop.ProductDraft
	for i := range 40 {
		d := draft(fmt.Sprintf("Stamped Machine %02d", i), 50)
		d.Category = []string{"Pumps", "Lathes", ""}[i%3]
		drafts = append(drafts, d)
	}
	if _, err := s.ImportProducts(ctx, drafts, shop.ImportOptions{DefaultImage: "http://shop.test/images/0123456789abcdef01234567"}); err != nil {
		t.Fatal(err)
	}
	mustInsert(t, s, draft("Stamped Press", 5))
	last := mustInsert(t, s, draft("Stamped Drill", 5))
	check := func(what string) {
		t.Helper()
		list, _, err := s.ListProducts(ctx, shop.ProductQuery{Limit: 1000, Sort: "createdAt"})
		if err != nil {
			t.Fatal(err)
		}
		stamps, err := s.ProductStamps(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(stamps) != len(list) {
			t.Fatalf("%s: %d stamps for %d products", what, len(stamps), len(list))
		}
		for i, p := range list {
			if st := stamps[i]; st.ID != p.ID || st.Category != p.Category || !st.CreatedAt.Equal(p.CreatedAt) || !st.UpdatedAt.Equal(p.UpdatedAt) ||
				st.UpdatedAt.Location() != time.UTC {
				t.Fatalf("%s: stamp %d is %+v, the product %s %q %v %v", what, i, st, p.ID, p.Category, p.CreatedAt, p.UpdatedAt)
			}
		}
	}
	check("imported")
	list, _, _ := s.ListProducts(ctx, shop.ProductQuery{Limit: 1000, Sort: "createdAt"})
	if err := s.ReserveStock(ctx, list[7].ID, s.NewOrderID(), 2); err != nil {
		t.Fatal(err)
	}
	check("an order")
	moved := list[3]
	change := drafts[3]
	change.Category = "Lathes"
	if moved.Category == "Lathes" {
		change.Category = "Pumps"
	}
	if _, err := s.ReplaceProduct(ctx, moved, change); err != nil {
		t.Fatal(err)
	}
	check("moved to another category")
	if _, err := s.RenameCategory(ctx, pumps.ID, "Water Pumps", "Pumps"); err != nil {
		t.Fatal(err)
	}
	check("a category renamed")
	if res, err := s.DeleteProduct(ctx, list[20].ID); err != nil || res.DeletedCount != 1 {
		t.Fatalf("delete: %+v %v", res, err)
	}
	if res, err := s.DeleteProduct(ctx, last.ID); err != nil || res.DeletedCount != 1 {
		t.Fatalf("delete: %+v %v", res, err)
	}
	check("two deleted")
}
