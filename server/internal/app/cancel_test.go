package app_test

import (
	"context"
	"sync"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/payment"
	"storefront/server/internal/shop"
)

// heldProvider is the test-mode provider whose first GetIntent waits until
// release is closed: the window a slow Stripe answer opens in a cancel.
type heldProvider struct {
	shop.PaymentProvider
	once    sync.Once
	waiting chan struct{} // closed when the first GetIntent is waiting
	release chan struct{}
}

func (h *heldProvider) GetIntent(ctx context.Context, id string) (shop.PaymentIntent, error) {
	first := false
	h.once.Do(func() { first = true })
	if first {
		close(h.waiting)
		<-h.release
	}
	return h.PaymentProvider.GetIntent(ctx, id)
}

// TestCancel_TwiceGivesTheStockBackOnce: two cancels of one order, the
// second waiting on the payment provider while the first does all its
// steps. Only one of them cancels; the stock comes back once (5, not 7).
func TestCancel_TwiceGivesTheStockBackOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	pid, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe", Price: 10000, Description: "Metal lathe.", Available: 5, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	provider := &heldProvider{PaymentProvider: &payment.TestMode{Intents: s}, waiting: make(chan struct{}), release: make(chan struct{})}
	lc := newLifecycle(s, lifecycleOpts{provider: provider})
	orders, payments := lc.orders, lc.payments
	ann := &shop.User{Email: "ann@shop.test", Name: "Ann"}
	ord, err := orders.Place(ctx, ann, shop.OrderDraft{ProductID: pid, ProductQuantity: "2", Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := payments.CreateIntent(ctx, ann, ord.ID); err != nil {
		t.Fatal(err)
	}

	var second error
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, second = orders.Cancel(ctx, ann, ord.ID)
	}()
	<-provider.waiting // the second cancel is asking the provider
	if _, err := orders.Cancel(ctx, ann, ord.ID); err != nil {
		t.Fatalf("the first cancel: %v", err)
	}
	close(provider.release)
	<-done
	if code := shop.ErrorCode(second); code != shop.ENOTFOUND && code != shop.ECONFLICT {
		t.Errorf("the second cancel of one order answered %v, want not found or conflict", second)
	}
	p, err := s.FindProduct(ctx, pid)
	if err != nil {
		t.Fatal(err)
	}
	if p.Available != 5 {
		t.Fatalf("stock %d after cancelling one order of 2 twice, want 5: the stock came back more than once", p.Available)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
