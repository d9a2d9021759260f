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

// markHookedGroups runs beforeMark before each BeginCancelGroup, and
// onPaid before each MarkGroupPaid.
type markHookedGroups struct {
	shop.GroupStore
	beforeMark func()
	onPaid     func()
}

func (h *markHookedGroups) BeginCancelGroup(ctx context.Context, id, marker string) (shop.Group, error) {
	h.beforeMark()
	return h.GroupStore.BeginCancelGroup(ctx, id, marker)
}

func (h *markHookedGroups) MarkGroupPaid(ctx context.Context, id, transactionID string) (shop.UpdateResult, error) {
	h.onPaid()
	return h.GroupStore.MarkGroupPaid(ctx, id, transactionID)
}

// TestCancel_APaymentThatArrivesMeanwhileIsAnsweredPaid: the buyer starts
// paying (the intent is attached, the card goes through) just before a
// cancel (here an expiry's) marks the order; the cancel then asks the
// provider about that intent while the buyer's PATCH /pay meets its mark.
// The cancel finds the payment and records it, so the buyer is answered
// with that outcome (paid), not with "being cancelled" for an order that
// stands paid: the soak's history of 2026-11-27 found that answer.
func TestCancel_APaymentThatArrivesMeanwhileIsAnsweredPaid(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	pid, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe", Price: 10000, Description: "Metal lathe.", Available: 5, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	testMode := &payment.TestMode{Intents: s}
	provider := &heldProvider{PaymentProvider: testMode, waiting: make(chan struct{}), release: make(chan struct{})}
	groups := &markHookedGroups{GroupStore: s, beforeMark: func() {}, onPaid: func() {}}
	lc := newLifecycle(s, lifecycleOpts{provider: provider, testMode: testMode, groups: groups})
	orders, payments := lc.orders, lc.payments
	ann := &shop.User{Email: "ann@shop.test", Name: "Ann"}
	ord, err := orders.Place(ctx, ann, shop.OrderDraft{ProductID: pid, ProductQuantity: "2", Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}})
	if err != nil {
		t.Fatal(err)
	}
	var pi shop.PaymentIntent
	groups.beforeMark = func() { // the buyer pays between the cancel's first look and its mark
		groups.beforeMark = func() {}
		secret, err := orders.CreateIntent(ctx, ann, ord.ID)
		if err != nil {
			t.Error(err)
			return
		}
		if pi, err = payments.ConfirmTestCard(ctx, secret, shop.TestCard{Number: "4242424242424242", ExpMonth: 12, ExpYear: 2040, CVC: "123"}); err != nil {
			t.Error(err)
		}
	}
	var cancelErr error
	cancelled := make(chan struct{})
	go func() {
		defer close(cancelled)
		cancelErr = lc.purchases.ExpireOne(ctx, ord.ID)
	}()
	<-provider.waiting // marked; the cancel asks the provider about the intent attached meanwhile
	if pi.Status != shop.IntentSucceeded {
		t.Fatalf("the card: %q", pi.Status)
	}
	refused := make(chan struct{})
	var once sync.Once
	groups.onPaid = func() { once.Do(func() { close(refused) }) }
	var res shop.UpdateResult
	paid := make(chan error, 1)
	go func() {
		var err error
		res, err = orders.ConfirmPaid(ctx, ann, ord.ID, pi.ID)
		paid <- err
	}()
	<-refused // the buyer's write is under way (and meets the mark)
	close(provider.release)
	<-cancelled
	if err := <-paid; err != nil {
		t.Fatalf("PATCH /pay while a cancel found the payment: %v, want the order paid", err)
	}
	if res.MatchedCount != 1 {
		t.Errorf("PATCH /pay answered %+v", res)
	}
	if shop.ErrorCode(cancelErr) != shop.ECONFLICT || shop.ErrorMessage(cancelErr) != "The order has been paid and cannot be deleted." {
		t.Errorf("the expiry answered %v, want the order paid", cancelErr)
	}
	o, err := s.FindOrder(ctx, ord.ID)
	if err != nil || !o.Paid || o.TransactionID != pi.ID {
		t.Fatalf("the order after both: paid %v, transaction %q (%v)", o.Paid, o.TransactionID, err)
	}
	if p, _ := s.FindProduct(ctx, pid); p.Available != 3 {
		t.Errorf("stock %d, want 3: the paid order keeps its 2", p.Available)
	}
}

// deleteFailingGroups fails every DeleteGroup: a crash between a cancel's
// withdrawn lines and its group's deletion, which the recovery sweep
// finishes later.
type deleteFailingGroups struct{ shop.GroupStore }

func (deleteFailingGroups) DeleteGroup(context.Context, string, string) error {
	return shop.Errorf(shop.EUNAVAILABLE, "The database is not answering. Please try again shortly.")
}

// TestCancel_AnInterruptedCancelHoldsNothingAgainstTheLimit: a cancel that
// stops after its lines gave their stock back, its group left to the
// recovery sweep, no longer counts against its buyer's UNPAID_LIMIT: at
// her limit of two, the buyer orders again at once. (The histories of
// 2026-11-28: the stock was back, yet a fourth purchase was refused for
// "4 unpaid orders", one of them the cancelled one.)
func TestCancel_AnInterruptedCancelHoldsNothingAgainstTheLimit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	pid, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe", Price: 10000, Description: "Metal lathe.", Available: 4, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	lc := newLifecycle(s, lifecycleOpts{groups: deleteFailingGroups{s}})
	lc.purchases.UnpaidLimit = 2
	ann := &shop.User{Email: "ann@shop.test", Name: "Ann"}
	place := func() (shop.Order, error) {
		return lc.orders.Place(ctx, ann, shop.OrderDraft{ProductID: pid, ProductQuantity: "2",
			Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}})
	}
	first, err := place()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := place(); err != nil {
		t.Fatal(err)
	}
	if _, err := place(); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("a third purchase at the limit of two: %v, want the limit's conflict", err)
	}
	if _, err := lc.orders.Cancel(ctx, ann, first.ID); shop.ErrorCode(err) != shop.EUNAVAILABLE {
		t.Fatalf("the cancel whose group could not be deleted answered %v", err)
	}
	if g, err := s.FindGroup(ctx, first.ID); err != nil || g.Cancelling == "" {
		t.Fatalf("the cancelled purchase's group: %+v, %v; want it still there, marked", g, err)
	}
	if n, err := s.CountUnpaidGroups(ctx, ann.Email); err != nil || n != 1 {
		t.Fatalf("%d unpaid purchases counted (%v), want 1: the one being cancelled no longer counts", n, err)
	}
	if _, err := place(); err != nil {
		t.Fatalf("a purchase after the cancel gave its stock back: %v", err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
