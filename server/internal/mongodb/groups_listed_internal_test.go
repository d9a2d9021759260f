package mongodb

import (
	"context"
	"testing"

	"storefront/server/internal/shop"
)

// TestListGroups_OnlyPlacedPurchases: Manage Orders' lists (all, by status,
// a buyer's) leave out a purchase still being placed, deep pages included,
// and show it once placed; their totals count only what they show (the
// mirror's createdAt and status,createdAt hold only listed purchases).
func TestListGroups_OnlyPlacedPurchases(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openEmbedded(t)
	var placed []string
	for i := range 7 {
		g, err := s.InsertGroup(ctx, shop.Group{ID: s.NewGroupID(), Email: "ann@shop.test", Placing: true, OrderIDs: []string{s.NewOrderID()}})
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			if err := s.FinishPlacing(ctx, g.ID); err != nil {
				t.Fatal(err)
			}
			placed = append(placed, g.ID)
		}
	}
	for _, q := range []shop.PurchaseQuery{{Limit: 50}, {Status: shop.OrderUnpaid, Limit: 50}, {Email: "ann@shop.test", Limit: 50},
		{Email: "ann@shop.test", Status: shop.OrderUnpaid, Limit: 50}} {
		list, total, err := s.ListGroups(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if total != int64(len(placed)) || len(list) != len(placed) {
			t.Fatalf("%+v: %d of %d listed, want the %d placed", q, len(list), total, len(placed))
		}
		for i, g := range list { // newest first
			if want := placed[len(placed)-1-i]; g.ID != want || g.Placing {
				t.Fatalf("%+v: #%d is %s (placing %v), want %s", q, i, g.ID, g.Placing, want)
			}
		}
		q.Skip = 3
		if deep, total, _ := s.ListGroups(ctx, q); total != 4 || len(deep) != 1 || deep[0].ID != placed[0] {
			t.Fatalf("%+v: the page from 3 holds %d of %d", q, len(deep), total)
		}
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
