package mongodb

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// TestShipLegacyGroups: a purchase stored before its own shipped flag is
// shipped at start when every order of it has shipped, with the latest
// shipment's carrier and tracking; one with an order still to ship stays
// as it is.
func TestShipLegacyGroups(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var at atomic.Int64 // the store's clock: each shipment a minute after the last
	at.Store(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC).UnixMilli())
	s, err := Open(ctx, Config{DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Clock: func() time.Time { return time.UnixMilli(at.Load()) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close(context.Background()) })
	order := func(n int) shop.Order {
		t.Helper()
		o, err := s.InsertOrder(ctx, shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: newID().Hex(), ProductName: "Lathe",
			ProductPrice: 1000, ProductQuantity: 1, Amount: 1000, Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	a, b, c := order(1), order(2), order(3)
	if _, err := s.ShipOrderTracked(ctx, a.ID, shop.Tracking{Carrier: "DHL", TrackingNumber: "A1"}); err != nil {
		t.Fatal(err)
	}
	at.Add(time.Minute.Milliseconds())
	if _, err := s.ShipOrderTracked(ctx, b.ID, shop.Tracking{Carrier: "UPS", TrackingNumber: "B2"}); err != nil {
		t.Fatal(err)
	}
	ids := func(os ...shop.Order) []mirror.ID {
		var out []mirror.ID
		for _, o := range os {
			oid, _ := objectID(o.ID)
			out = append(out, oid)
		}
		return out
	}
	done, open := mirror.Group{ID: newID(), Number: 5001, Email: "ann@shop.test", OrderIDs: ids(a, b), CreatedAt: time.Now().UTC()},
		mirror.Group{ID: newID(), Number: 5002, Email: "ann@shop.test", OrderIDs: ids(a, c), CreatedAt: time.Now().UTC()}
	for _, g := range []mirror.Group{done, open} {
		if err := s.groups.insert(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	n, err := s.shipLegacyGroups(ctx)
	if err != nil || n != 1 {
		t.Fatalf("shipped %d legacy groups, %v; want 1", n, err)
	}
	got, _ := s.groups.get(ctx, done.ID)
	shippedB, _ := s.orders.get(ctx, ids(b)[0])
	if !got.Shipped || got.ShippedAt == nil || !got.ShippedAt.Equal(*shippedB.ShippedAt) || got.Carrier != "UPS" || got.TrackingNumber != "B2" {
		t.Fatalf("the group of two shipped orders: %+v", got)
	}
	if got, _ := s.groups.get(ctx, open.ID); got.Shipped || got.ShippedAt != nil {
		t.Fatalf("the group with an order to ship: %+v", got)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
