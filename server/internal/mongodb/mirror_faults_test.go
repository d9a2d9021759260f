package mongodb_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// faults injects one fault at a time into a store (Config.Faults): the
// next write to a collection answers an error after committing, or panics;
// read-backs can be made to fail until told otherwise.
type faults struct {
	mu        sync.Mutex
	next      map[string]string // collection -> "error" or "panic", once
	readsFail bool
}

var errInjected = errors.New("injected: the store did not answer in time")

func (f *faults) hook(collection, step string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch step {
	case mongodb.FaultReadBack:
		if f.readsFail {
			return errInjected
		}
	case mongodb.FaultAfterWrite:
		kind := f.next[collection]
		delete(f.next, collection)
		switch kind {
		case "error":
			return errInjected
		case "panic":
			panic("injected: a panic in the middle of a write")
		}
	}
	return nil
}

func (f *faults) arm(collection, kind string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.next == nil {
		f.next = map[string]string{}
	}
	f.next[collection] = kind
}

func (f *faults) failReads(fail bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.readsFail = fail
}

func mustPanic(tb testing.TB, what string, f func()) {
	tb.Helper()
	defer func() {
		if recover() == nil {
			tb.Fatalf("%s did not panic", what)
		}
	}()
	f()
}

// TestMirror_FailedWritesLeaveItExact: writes that reach the store and then
// fail (an error after the commit, a panic before the mirror follows) leave
// the mirror equal to the store, so the next guard checks the truth: a paid
// order that the failed write's caller never heard of cannot be deleted.
func TestMirror_FailedWritesLeaveItExact(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &faults{}
	s := mongotest.MustOpenWith(t, func(c *mongodb.Config) { c.Faults = f.hook })
	if !s.Embedded() {
		t.Skip("the mirror is the embedded store's")
	}
	p := mustInsert(t, s, draft("Drill Press", 10))
	order := shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: p.ID, ProductName: p.Name, ProductPrice: p.Price,
		ProductQuantity: 1, Amount: int64(p.Price), Address: "1 Mill Road", Mobile: "+44 113 496 0000"}
	check := func(step string) {
		t.Helper()
		if err := s.Check(ctx); err != nil {
			t.Fatalf("after %s the mirror differs from the store: %v", step, err)
		}
	}

	// An insert committed, then an error: the order is in the mirror too.
	order.ID = s.NewOrderID()
	f.arm(mongodb.CollOrders, "error")
	if _, err := s.InsertOrder(ctx, order); err == nil {
		t.Fatal("the injected error was not reported")
	}
	check("an insert that failed after committing")
	if _, err := s.FindOrder(ctx, order.ID); err != nil {
		t.Fatalf("the committed order is not found: %v", err)
	}

	// Paid in the store, then an error: the mirror knows it is paid, and
	// the order cannot be deleted.
	f.arm(mongodb.CollOrders, "error")
	if _, err := s.MarkOrderPaid(ctx, order.ID, "pi_1"); err == nil {
		t.Fatal("the injected error was not reported")
	}
	check("a payment that failed after committing")
	if _, err := s.BeginCancel(ctx, order.ID, s.NewOrderID()); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("cancelling the order paid in the store: %v, want a conflict", err)
	}

	// A panic between the store write and the mirror.
	f.arm(mongodb.CollOrders, "panic")
	mustPanic(t, "ShipOrder", func() { _, _ = s.ShipOrder(ctx, order.ID) })
	check("a panic in the middle of a write")
	if o, _ := s.FindOrder(ctx, order.ID); !o.Shipped {
		t.Fatal("the mirror missed the shipping the store has")
	}
	// The products' mirror, the stock and its holds, likewise.
	f.arm(mongodb.CollProducts, "panic")
	mustPanic(t, "ReserveStock", func() { _ = s.ReserveStock(ctx, p.ID, s.NewOrderID(), 2) })
	check("a panic in a stock write")
	if got, _ := s.FindProduct(ctx, p.ID); got.Available != 8 {
		t.Fatalf("stock %d in memory, want the store's 8", got.Available)
	}
}

// TestMirror_UnreadableAfterAFailedWrite: when the documents of a failed
// write cannot be read back either, they are not served (reads answer
// "unavailable", never a copy the store may not have, nor "not found"),
// writes to the collection answer 503, and all of it recovers once the
// store answers again, without a write.
func TestMirror_UnreadableAfterAFailedWrite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &faults{}
	s := mongotest.MustOpenWith(t, func(c *mongodb.Config) { c.Faults = f.hook })
	if !s.Embedded() {
		t.Skip("the mirror is the embedded store's")
	}
	p := mustInsert(t, s, draft("Drill Press", 10))
	order := shop.Order{ID: s.NewOrderID(), Name: "Ann", Email: "ann@shop.test", ProductID: p.ID, ProductName: p.Name,
		ProductPrice: p.Price, ProductQuantity: 1, Amount: int64(p.Price), Address: "1 Mill Road", Mobile: "+44 113 496 0000"}

	f.failReads(true)
	f.arm(mongodb.CollOrders, "error")
	if _, err := s.InsertOrder(ctx, order); err == nil {
		t.Fatal("the injected error was not reported")
	}
	if n := s.StaleDocuments()[mongodb.CollOrders]; n != 1 {
		t.Fatalf("stale documents %v, want 1 order", s.StaleDocuments())
	}
	if _, err := s.FindOrder(ctx, order.ID); shop.ErrorCode(err) != shop.EUNAVAILABLE {
		t.Fatalf("reading the order that may or may not be stored: %v, want unavailable (not found would let stock be given back)", err)
	}
	if _, _, err := s.ListOrders(ctx, "", 10, 0); shop.ErrorCode(err) != shop.EUNAVAILABLE {
		t.Fatalf("listing orders: %v, want unavailable", err)
	}
	other := order
	other.ID = s.NewOrderID()
	if _, err := s.InsertOrder(ctx, other); shop.ErrorCode(err) != shop.EUNAVAILABLE {
		t.Fatalf("a write to the stale collection: %v, want unavailable", err)
	}
	// Other collections go on.
	if err := s.ReserveStock(ctx, p.ID, s.NewOrderID(), 1); err != nil {
		t.Fatal(err)
	}

	f.failReads(false)
	if !testwait.Until(30*time.Second, func() bool { return len(s.StaleDocuments()) == 0 }) {
		t.Fatalf("still stale after the store answers again: %v", s.StaleDocuments())
	}
	if _, err := s.FindOrder(ctx, order.ID); err != nil {
		t.Fatalf("the committed order after recovery: %v", err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestMirror_TheSampleFindsAndRepairsDifferences: documents changed or
// added behind the mirror's back (nothing in this process does that; the
// check is the safety net) are found by the sample and repaired.
func TestMirror_TheSampleFindsAndRepairsDifferences(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpenWith(t, func(c *mongodb.Config) { c.SampleEvery = -1 }) // this test runs the sample
	if !s.Embedded() {
		t.Skip("the mirror is the embedded store's")
	}
	p := mustInsert(t, s, draft("Drill Press", 10))
	if n, err := s.CheckSample(ctx, 1000); err != nil || n != 0 {
		t.Fatalf("a sample of an exact mirror: %d differences, %v", n, err)
	}
	mongodb.ChangeBehindTheMirror(t, s, p.ID, bson.D{{Key: "avaialbequantit", Value: int64(3)}})
	mongodb.InsertBehindTheMirror(t, s, "Band Saw")
	if err := s.Check(ctx); err == nil {
		t.Fatal("the full check did not see the changes made behind the mirror")
	}
	if n, err := s.CheckSample(ctx, 1000); err != nil || n != 2 {
		t.Fatalf("the sample found %d differences (%v), want the changed product and the count", n, err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatalf("after the sample's repair: %v", err)
	}
	if got, _ := s.FindProduct(ctx, p.ID); got.Available != 3 {
		t.Fatalf("stock %d after the repair, want the store's 3", got.Available)
	}
	if _, err := s.FindProductByName(ctx, "Band Saw"); err != nil {
		t.Fatalf("the product added behind the mirror: %v", err)
	}
}

// TestMirror_ReadsDuringARepairAreNeverNotFound: while the documents of a
// failed write are read back, a reader (readers take no lock) gets
// "unavailable", never "not found" for an order that exists, which a
// cancel's settle would take as "give the stock back". (The randomized
// histories found this window.)
func TestMirror_ReadsDuringARepairAreNeverNotFound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var s *mongodb.Store
	var orderID string
	var during error
	var failing atomic.Bool
	s = mongotest.MustOpenWith(t, func(c *mongodb.Config) {
		c.Faults = func(collection, step string) error {
			if !failing.Load() {
				return nil
			}
			switch step {
			case mongodb.FaultAfterWrite:
				if collection == mongodb.CollOrders {
					return errInjected
				}
			case mongodb.FaultReadBack:
				failing.Store(false)
				_, during = s.FindOrder(ctx, orderID) // a reader, while the order is being read back
			}
			return nil
		}
	})
	if !s.Embedded() {
		t.Skip("the mirror is the embedded store's")
	}
	p := mustInsert(t, s, draft("Drill Press", 10))
	order, err := s.InsertOrder(ctx, shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: p.ID, ProductName: p.Name,
		ProductPrice: p.Price, ProductQuantity: 1, Amount: int64(p.Price), Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
	if err != nil {
		t.Fatal(err)
	}
	orderID = order.ID
	failing.Store(true)
	if _, err := s.ShipOrder(ctx, order.ID); err == nil {
		t.Fatal("the injected error was not reported")
	}
	if shop.ErrorCode(during) != shop.EUNAVAILABLE {
		t.Fatalf("a read while the order was read back answered %v, want unavailable", during)
	}
	if o, err := s.FindOrder(ctx, order.ID); err != nil || !o.Shipped {
		t.Fatalf("after the repair: %+v %v", o, err)
	}
}
