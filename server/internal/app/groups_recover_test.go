package app_test

import (
	"context"
	"testing"
	"time"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/shop"
)

// groupOf stores a group (placing) of one order of 2 for each product, and
// places the first placed of them as a checkout would (stock reserved,
// order stored, hold settled); the rest are never placed: the crash.
func groupOf(t *testing.T, s *mongodb.Store, email, quoteID string, products []shop.Product, placed int) shop.Group {
	t.Helper()
	ctx := context.Background()
	grp := shop.Group{ID: s.NewGroupID(), Email: email, QuoteID: quoteID, Placing: true}
	if quoteID != "" {
		grp.ID = quoteID
	}
	for range products {
		grp.OrderIDs = append(grp.OrderIDs, s.NewOrderID())
	}
	stored, err := s.InsertGroup(ctx, grp)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range products[:placed] {
		id := grp.OrderIDs[i]
		if err := s.ReserveStock(ctx, p.ID, id, 2); err != nil {
			t.Fatal(err)
		}
		if _, err := s.InsertOrder(ctx, shop.Order{ID: id, Group: stored.ID, Email: email, Name: "Ann", ProductID: p.ID, ProductName: p.Name,
			ProductPrice: p.Price, ProductQuantity: 2, Amount: int64(p.Price) * 2, Address: "1 Mill Lane", Mobile: "+44 20 7946 0000"}); err != nil {
			t.Fatal(err)
		}
		if err := s.KeepStock(ctx, p.ID, id); err != nil {
			t.Fatal(err)
		}
	}
	return stored
}

// TestGroupsRecover: what a crash leaves of a checkout or a group's cancel
// is settled by the sweep: a checkout still placing is undone, placed
// lines and all (its buyer never had an answer); a quote's group whose
// orders all stand is placed; a cancel its marker decided is finished,
// each order recorded as cancelled by the shop. Fresh ones are left alone.
func TestGroupsRecover(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	groups := newLifecycle(s, lifecycleOpts{}).purchases

	var products []shop.Product
	for _, name := range []string{"Winch", "Hoist", "Jack"} {
		id, err := s.InsertProduct(ctx, shop.ProductDraft{Name: name, Price: 10000, Description: "For groups.", Available: 10, Minimum: 1, Email: "ops@shop.test"})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := s.FindProduct(ctx, id)
		products = append(products, p)
	}
	half := groupOf(t, s, "ann@shop.test", "", products, 1)  // crashed after its first line
	whole := groupOf(t, s, "bob@shop.test", "", products, 3) // crashed before its placing ended
	quote, _ := pricedQuote(t, s, "Q")
	fromQuote := groupOf(t, s, "ann@shop.test", quote.ID, products[:2], 2)
	cancelled := groupOf(t, s, "cat@shop.test", "", products[:2], 2)
	if err := s.FinishPlacing(ctx, cancelled.ID); err != nil {
		t.Fatal(err)
	}
	marker := s.NewOrderID()
	if _, err := s.BeginCancelGroup(ctx, cancelled.ID, marker); err != nil {
		t.Fatal(err)
	}
	// (the crash comes before the cancel's first order is withdrawn)
	for i, want := range []int64{10 - 2*4, 10 - 2*3, 10 - 2*1} { // the lines placed of each product
		if got, _ := s.FindProduct(ctx, products[i].ID); got.Available != want {
			t.Fatalf("%s: %d available before the sweep, want %d", products[i].Name, got.Available, want)
		}
	}

	// Not yet stale: left alone (another instance may be between its steps).
	if f, u, err := groups.Recover(ctx, clock.Now().Add(-time.Minute)); err != nil || f+u != 0 {
		t.Fatalf("recovered fresh groups: %d %d %v", f, u, err)
	}
	finished, undone, err := groups.Recover(ctx, clock.Now().Add(time.Second))
	if err != nil || finished != 1 || undone != 3 {
		t.Fatalf("recover: finished %d, undone %d, %v", finished, undone, err)
	}

	for _, g := range []shop.Group{half, whole, cancelled} {
		if _, err := s.FindGroup(ctx, g.ID); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("group %s is still there: %v", g.ID, err)
		}
		for _, id := range g.OrderIDs {
			if _, err := s.FindOrder(ctx, id); shop.ErrorCode(err) != shop.ENOTFOUND {
				t.Fatalf("group %s's order %s is still there: %v", g.ID, id, err)
			}
		}
	}
	if g, err := s.FindGroup(ctx, fromQuote.ID); err != nil || g.Placing {
		t.Fatalf("the quote's group: %+v, %v", g, err)
	}
	for _, id := range fromQuote.OrderIDs {
		if _, err := s.FindOrder(ctx, id); err != nil {
			t.Fatalf("the quote's order %s: %v", id, err)
		}
	}
	// Only the quote's orders still hold stock (2 of each of the first two).
	for i, p := range products {
		want := int64(10 - 2)
		if i == 2 {
			want = 10
		}
		if got, _ := s.FindProduct(ctx, p.ID); got.Available != want {
			t.Fatalf("%s: %d available after the sweep, want %d", p.Name, got.Available, want)
		}
	}
	// The finished cancel left its records (by the shop); the undone checkouts none.
	recs, _, err := s.ListCancellations(ctx, "", 50, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d cancellation records, want the cancelled group's 2: %+v", len(recs), recs)
	}
	for _, r := range recs {
		if r.By != shop.CancelledBySystem || shop.NormalizeEmail(r.Email) != "cat@shop.test" {
			t.Fatalf("record %+v", r)
		}
	}
	// A second sweep finds nothing.
	if f, u, err := groups.Recover(ctx, clock.Now().Add(time.Second)); err != nil || f+u != 0 {
		t.Fatalf("a second sweep: %d %d %v", f, u, err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestRecover_AShipmentIsToldOnce: the buyer's "shipped" e-mail is kept
// once whichever finishes the shipment: the admin's call, or the recovery
// sweep after a crash between the shipment's write and its orders (which
// before brought the orders along and told no one).
func TestRecover_AShipmentIsToldOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	lc := newLifecycle(s, lifecycleOpts{mail: newOutbox(s, false)})
	id, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Capstan", Price: 10000, Description: "For shipping.", Available: 10, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := s.FindProduct(ctx, id)
	placed := func(email string) shop.Group {
		g := groupOf(t, s, email, "", []shop.Product{p}, 1)
		if err := s.FinishPlacing(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
		return g
	}
	shippedMails := func(to string) int {
		n := 0
		for _, m := range outbox(t, s) {
			if m.Kind == shop.LetterOrderShipped && m.To == to {
				n++
			}
		}
		return n
	}
	admin := &shop.User{Email: "boss@shop.test", Role: shop.RoleAdmin}

	// The admin's call tells it; a later sweep (nothing stale) does not again.
	called := placed("ann@shop.test")
	if _, err := lc.purchases.Ship(ctx, admin, called.ID, shop.Tracking{}); err != nil {
		t.Fatal(err)
	}
	// A crash right after the shipment's write: the orders lag, no one told.
	crashed := placed("bob@shop.test")
	if _, err := s.ShipGroup(ctx, crashed.ID, shop.Tracking{Carrier: "UPS", TrackingNumber: "1Z999AA10123456784"}); err != nil {
		t.Fatal(err)
	}
	if n := shippedMails("bob@shop.test"); n != 0 {
		t.Fatalf("%d shipped e-mails before the sweep", n)
	}
	clock.Add(time.Hour)
	for range 2 {
		if _, _, err := lc.purchases.Recover(ctx, clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	// A payment that brings a shipment's orders along first (its own sync)
	// tells it, and the shipment's call, finding nothing left to sync, not again.
	paidFirst := placed("cat@shop.test")
	if _, err := s.ShipGroup(ctx, paidFirst.ID, shop.Tracking{}); err != nil {
		t.Fatal(err)
	}
	if _, err := lc.purchases.FindAndSync(ctx, paidFirst.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := lc.purchases.FindAndSync(ctx, paidFirst.ID); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"ann@shop.test", "bob@shop.test", "cat@shop.test"} {
		if n := shippedMails(to); n != 1 {
			t.Fatalf("%s: %d shipped e-mails, want 1", to, n)
		}
	}
	for _, oid := range crashed.OrderIDs {
		if o, err := s.FindOrder(ctx, oid); err != nil || !o.Shipped {
			t.Fatalf("the crashed shipment's order %s: %+v %v", oid, o, err)
		}
	}
	if g, err := s.FindGroup(ctx, crashed.ID); err != nil || g.Syncing {
		t.Fatalf("the crashed shipment still syncing: %+v %v", g, err)
	}
}
