package mongodb

import (
	"context"
	"slices"
	"testing"
	"time"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// TestEachOrderCreatedBetween_Streams: the order export's walk hands over
// the range's orders oldest first (createdAt, then _id), each once, in
// batches of at most exportBatch, across ties at a batch's edge, and
// orders placed while it walks neither repeat nor shift the others.
func TestEachOrderCreatedBetween_Streams(t *testing.T) {
	t.Parallel()
	s := openAny(t)
	ctx := context.Background()
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	from, to := base.Add(10*time.Second), base.Add(400*time.Second)
	// 3*exportBatch+7 orders, seven to a second (ties everywhere), some
	// before from and some at or after to.
	var docs []mirror.Order
	for i := range 3*exportBatch + 7 {
		docs = append(docs, mirror.Order{ID: newID(), Email: "buyer@shop.test", ProductName: "Bolt",
			CreatedAt: base.Add(time.Duration(i/7) * time.Second)})
	}
	slices.Reverse(docs) // stored in no particular order
	if err := s.orders.insertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	var want []string
	slices.SortFunc(docs, func(a, b mirror.Order) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return mirror.CompareIDs(a.ID, b.ID)
	})
	for _, d := range docs {
		if !d.CreatedAt.Before(from) && d.CreatedAt.Before(to) {
			want = append(want, d.ID.Hex())
		}
	}
	if len(want) <= 2*exportBatch {
		t.Fatalf("the range holds %d orders: not enough batches", len(want))
	}

	var got []string
	seen := map[string]bool{}
	batches := 0
	err := s.EachOrderCreatedBetween(ctx, from, to, func(orders []shop.Order) error {
		batches++
		if len(orders) == 0 || len(orders) > exportBatch {
			t.Fatalf("a batch of %d orders", len(orders))
		}
		for _, o := range orders {
			if seen[o.ID] {
				t.Fatalf("order %s handed over twice", o.ID)
			}
			seen[o.ID] = true
			if o.CreatedAt.Before(from) || !o.CreatedAt.Before(to) {
				t.Fatalf("order %s of %s is outside the range", o.ID, o.CreatedAt)
			}
			got = append(got, o.ID)
		}
		if batches == 1 {
			// Placed while the export walks: one dated among the orders
			// already handed over, one among those still to come.
			early := mirror.Order{ID: newID(), Email: "late@shop.test", CreatedAt: from}
			later := mirror.Order{ID: newID(), Email: "late@shop.test", CreatedAt: to.Add(-time.Second)}
			if err := s.orders.insertMany(ctx, []mirror.Order{early, later}); err != nil {
				t.Fatal(err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Every order of the range once, oldest first; the two placed during
	// the walk may show (the later one does embedded) but never disturb it.
	var originals []string
	for _, id := range got {
		if slices.Contains(want, id) {
			originals = append(originals, id)
		}
	}
	if !slices.Equal(originals, want) {
		t.Fatalf("handed over %d of the range's %d orders, or out of order", len(originals), len(want))
	}
	if extra := len(got) - len(originals); extra > 2 || s.orders.mem != nil && extra != 1 {
		t.Fatalf("%d orders placed during the walk handed over", extra)
	}
	if batches < 3 {
		t.Fatalf("%d batches", batches)
	}

	// An error of fn stops the walk and is answered.
	stop := shop.Errorf(shop.EUNAVAILABLE, "stop")
	calls := 0
	if err := s.EachOrderCreatedBetween(ctx, from, to, func([]shop.Order) error { calls++; return stop }); err != stop || calls != 1 {
		t.Fatalf("fn's error: %v after %d calls", err, calls)
	}
	// An empty range: fn is never called.
	if err := s.EachOrderCreatedBetween(ctx, to.Add(time.Hour), to.Add(2*time.Hour), func([]shop.Order) error {
		t.Fatal("called for an empty range")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
