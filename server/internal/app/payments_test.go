package app_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

var discard = slog.New(slog.NewTextHandler(io.Discard, nil))

// unpaidOrder stores a product and an unpaid order of qty of it at price
// (cents), and returns the order's id.
func unpaidOrder(t *testing.T, s *mongodb.Store, price shop.Cents, qty int64) string {
	t.Helper()
	ctx := context.Background()
	pid, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe", Price: price, Description: "Metal lathe.", Available: 5, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	ord, err := s.InsertOrder(ctx, shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: pid, ProductName: "Lathe",
		ProductPrice: price, ProductQuantity: qty, Amount: int64(price) * qty, Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.EnsureSingleGroup(ctx, ord); err != nil { // its purchase, as POST /order stores it
		t.Fatal(err)
	}
	return ord.ID
}

// hookedGroups calls onPaid before each MarkGroupPaid.
type hookedGroups struct {
	shop.GroupStore
	onPaid func()
}

func (h *hookedGroups) MarkGroupPaid(ctx context.Context, id, transactionID string) (shop.UpdateResult, error) {
	h.onPaid()
	return h.GroupStore.MarkGroupPaid(ctx, id, transactionID)
}

// TestWebhook_ConcurrentDeliveriesProcessOnce delivers one event 8 times at
// once: one delivery processes it (marks its purchase paid), the others
// are refused by the claim's unique id. Each delivery that gets past the
// de-duplication waits in MarkGroupPaid until every delivery has either
// got there or returned, so a check-then-insert lets all 8 through, every
// time.
func TestWebhook_ConcurrentDeliveriesProcessOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	orderID := unpaidOrder(t, s, 12500, 2)
	const deliveries = 8
	var entered, returned atomic.Int32
	release := make(chan struct{})
	var once sync.Once
	maybeRelease := func() {
		if entered.Load()+returned.Load() >= deliveries {
			once.Do(func() { close(release) })
		}
	}
	groups := &hookedGroups{GroupStore: s, onPaid: func() {
		entered.Add(1)
		maybeRelease()
		<-release
	}}
	p := newLifecycle(s, lifecycleOpts{groups: groups}).payments
	p.ParseWebhook = func([]byte, string) (shop.WebhookEvent, error) {
		return shop.WebhookEvent{ID: "evt_1", Type: "payment_intent.succeeded", Intent: shop.PaymentIntent{
			ID: "pi_1", Status: shop.IntentSucceeded, Amount: 25000, Currency: shop.Currency, OrderID: orderID}}, nil
	}
	var wg sync.WaitGroup
	for range deliveries {
		wg.Go(func() {
			if err := p.Webhook(ctx, nil, "sig"); err != nil {
				t.Errorf("delivery: %v", err)
			}
			returned.Add(1)
			maybeRelease()
		})
	}
	wg.Wait()
	if n := entered.Load(); n != 1 {
		t.Errorf("%d deliveries processed the event, want 1", n)
	}
	if o, _ := s.FindOrder(ctx, orderID); !o.Paid || o.TransactionID != "pi_1" {
		t.Errorf("order after the event: paid %v, transaction %q", o.Paid, o.TransactionID)
	}
	// A later delivery of the processed event changes nothing.
	entered.Store(0)
	if err := p.Webhook(ctx, nil, "sig"); err != nil || entered.Load() != 0 {
		t.Errorf("a repeat delivery: %v, processed %d times", err, entered.Load())
	}
}

// TestWebhook_AFailedEventIsProcessedOnRetry: processing fails (the store
// does not answer), so the claim is dropped and the provider's retry
// processes the event.
func TestWebhook_AFailedEventIsProcessedOnRetry(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	orderID := unpaidOrder(t, s, 1000, 1)
	failing := true
	groups := &failingGroups{GroupStore: s, fail: &failing}
	p := newLifecycle(s, lifecycleOpts{groups: groups}).payments
	p.ParseWebhook = func([]byte, string) (shop.WebhookEvent, error) {
		return shop.WebhookEvent{ID: "evt_2", Type: "payment_intent.succeeded", Intent: shop.PaymentIntent{
			ID: "pi_2", Status: shop.IntentSucceeded, Amount: 1000, Currency: shop.Currency, OrderID: orderID}}, nil
	}
	if err := p.Webhook(ctx, nil, "sig"); shop.ErrorCode(err) != shop.EUNAVAILABLE {
		t.Fatalf("first delivery: %v, want unavailable", err)
	}
	failing = false
	if err := p.Webhook(ctx, nil, "sig"); err != nil {
		t.Fatal(err)
	}
	if o, _ := s.FindOrder(ctx, orderID); !o.Paid {
		t.Error("the retried event did not mark the order paid")
	}
}

type failingGroups struct {
	shop.GroupStore
	fail *bool
}

func (f *failingGroups) FindGroup(ctx context.Context, id string) (shop.Group, error) {
	if *f.fail {
		return shop.Group{}, shop.Errorf(shop.EUNAVAILABLE, "The database is not answering.")
	}
	return f.GroupStore.FindGroup(ctx, id)
}
