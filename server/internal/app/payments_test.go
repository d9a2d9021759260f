package app_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"

	"storefront/server/internal/app"
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
	id, err := s.InsertOrder(ctx, shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: pid, ProductName: "Lathe",
		ProductPrice: price, ProductQuantity: qty, Amount: int64(price) * qty, Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
	if err != nil {
		t.Fatal(err)
	}
	return id.ID
}

// hookedOrders calls onFind before each FindOrder.
type hookedOrders struct {
	shop.OrderStore
	onFind func()
}

func (h *hookedOrders) FindOrder(ctx context.Context, id string) (shop.Order, error) {
	h.onFind()
	return h.OrderStore.FindOrder(ctx, id)
}

// TestWebhook_ConcurrentDeliveriesProcessOnce delivers one event 8 times at
// once: one delivery processes it (reads its order), the others are
// refused by the claim's unique id. Each delivery that gets past the
// de-duplication waits in FindOrder until every delivery has either got
// there or returned, so a check-then-insert lets all 8 through, every time.
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
	orders := &hookedOrders{OrderStore: s, onFind: func() {
		entered.Add(1)
		maybeRelease()
		<-release
	}}
	p := &app.Payments{Orders: orders, Events: s, Log: discard,
		ParseWebhook: func([]byte, string) (shop.WebhookEvent, error) {
			return shop.WebhookEvent{ID: "evt_1", Type: "payment_intent.succeeded", Intent: shop.PaymentIntent{
				ID: "pi_1", Status: shop.IntentSucceeded, Amount: 25000, Currency: shop.Currency, OrderID: orderID}}, nil
		}}
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
	orders := &failingOrders{OrderStore: s, fail: &failing}
	p := &app.Payments{Orders: orders, Events: s, Log: discard,
		ParseWebhook: func([]byte, string) (shop.WebhookEvent, error) {
			return shop.WebhookEvent{ID: "evt_2", Type: "payment_intent.succeeded", Intent: shop.PaymentIntent{
				ID: "pi_2", Status: shop.IntentSucceeded, Amount: 1000, Currency: shop.Currency, OrderID: orderID}}, nil
		}}
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

type failingOrders struct {
	shop.OrderStore
	fail *bool
}

func (f *failingOrders) FindOrder(ctx context.Context, id string) (shop.Order, error) {
	if *f.fail {
		return shop.Order{}, shop.Errorf(shop.EUNAVAILABLE, "The database is not answering.")
	}
	return f.OrderStore.FindOrder(ctx, id)
}
