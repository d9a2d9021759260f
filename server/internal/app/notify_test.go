package app_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/shop"
)

// countingStore counts the outbox's inserts.
type countingStore struct {
	*mongodb.Store
	inserts atomic.Int32
}

func (c *countingStore) InsertMails(ctx context.Context, m []shop.Mail) error {
	c.inserts.Add(1)
	return c.Store.InsertMails(ctx, m)
}

// failingDrop fails the first drop of held notifications, as a crash
// between a digest's insert and its clean-up would leave them.
type failingDrop struct {
	*mongodb.Store
	failed atomic.Bool
}

func (f *failingDrop) DropHeldMail(ctx context.Context, now time.Time, ids []string) error {
	if f.failed.CompareAndSwap(false, true) {
		return errors.New("connection lost")
	}
	return f.Store.DropHeldMail(ctx, now, ids)
}

func mustAdminUser(t *testing.T, s *mongodb.Store, email string) shop.User {
	t.Helper()
	u, err := s.CreateUser(context.Background(), shop.User{Email: email, Name: "Admin " + email, Role: shop.RoleAdmin, Provider: shop.ProviderPassword})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// An order's customer's e-mail and its admins' notifications are one
// insert (bench:scale's 300 orders/s).
func TestNotify_OrderIsOneInsert(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	ctx := context.Background()
	mustAdminUser(t, s, "a1@shop.test")
	a2 := mustAdminUser(t, s, "a2@shop.test")
	off := mustAdminUser(t, s, "off@shop.test")
	if _, err := s.SetNotifications(ctx, off.ID, shop.NotificationSettings{Payment: true}); err != nil {
		t.Fatal(err)
	}
	counting := &countingStore{Store: s}
	out := newOutbox(s, false)
	out.Store = counting
	n := &app.Notifier{Store: s, Held: s, Mail: out, SiteURL: "https://shop.test", Now: clock.Now, Log: discard}
	orders := newLifecycle(s, lifecycleOpts{mail: out, notify: n}).orders
	pid, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe", Price: 10000, Description: "Metal lathe.", Available: 50, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	buyer := &shop.User{ID: "0123456789abcdef01234567", Email: "buyer@shop.test", Name: "Buyer"}
	if _, err := orders.Place(ctx, buyer, shop.OrderDraft{ProductID: pid, ProductQuantity: "3", Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}}); err != nil {
		t.Fatal(err)
	}
	if got := counting.inserts.Load(); got != 1 {
		t.Fatalf("%d inserts for one order, want 1", got)
	}
	to := map[string]shop.LetterKind{}
	for _, m := range outbox(t, s) {
		to[m.To] = m.Kind
	}
	want := map[string]shop.LetterKind{"buyer@shop.test": shop.LetterOrderPlaced, "a1@shop.test": shop.LetterAdminNewOrder, a2.Email: shop.LetterAdminNewOrder}
	if len(to) != len(want) {
		t.Fatalf("outbox %v, want %v", to, want)
	}
	for k, v := range want {
		if to[k] != v {
			t.Fatalf("outbox %v, want %v", to, want)
		}
	}
}

// Of several instances' digest passes at once one writes each digest; a
// pass that stops between the digest and its clean-up leaves the next pass
// to clean up without a second digest.
func TestNotify_DigestOnce(t *testing.T) {
	t.Parallel()
	clock := newClock() // 2026-05-04T08:00Z: the next digest is 2026-05-05T07:00Z
	s := openStore(t, t.TempDir(), clock)
	ctx := context.Background()
	daily := mustAdminUser(t, s, "daily@shop.test")
	other := mustAdminUser(t, s, "other@shop.test")
	for _, u := range []shop.User{daily, other} {
		if _, err := s.SetNotifications(ctx, u.ID, shop.NotificationSettings{NewOrder: true, Claim: true, Digest: true}); err != nil {
			t.Fatal(err)
		}
	}
	out := newOutbox(s, false)
	instance := func(held app.HeldMailStore) *app.Notifier {
		return &app.Notifier{Store: s, Held: held, Mail: out, SiteURL: "https://shop.test", Now: clock.Now, Log: discard}
	}
	n := instance(s)
	for i := range 3 {
		ord := shop.Order{Number: int64(1001 + i), Name: "Ann", Email: "ann@shop.test", ProductName: "Lathe", ProductQuantity: 1, Amount: 10000}
		g := shop.GroupOfOne(ord)
		n.Notify(ctx, shop.NotifyNewOrder, shop.Letter{Group: &g})
		n.Notify(ctx, shop.NotifyPayment, shop.Letter{Group: &g}) // off for both
	}
	held := 0
	for _, m := range outbox(t, s) {
		if m.Status != shop.MailHeld || m.Kind != shop.LetterAdminNewOrder {
			t.Fatalf("a digest admin was sent %s %q", m.Status, m.Subject)
		}
		held++
	}
	if held != 6 {
		t.Fatalf("%d held notifications, want 6", held)
	}

	clock.Set("2026-05-05T06:59:00Z")
	if k, err := n.SendDigests(ctx); err != nil || k != 0 {
		t.Fatalf("before 07:00: %d %v", k, err)
	}
	clock.Set("2026-05-05T07:10:00Z")
	crashing := instance(&failingDrop{Store: s})
	if _, err := crashing.SendDigests(ctx); err == nil {
		t.Fatal("the failed clean-up was not reported")
	}
	var wg sync.WaitGroup
	var written atomic.Int32
	for range 3 {
		wg.Go(func() {
			k, err := instance(s).SendDigests(ctx)
			if err != nil {
				t.Error(err)
			}
			written.Add(int32(k))
		})
	}
	wg.Wait()
	digests := map[string]int{}
	for _, m := range outbox(t, s) {
		switch {
		case m.Status == shop.MailHeld:
			t.Fatalf("a held notification stayed: %q to %s", m.Subject, m.To)
		case m.Kind == shop.LetterAdminDigest:
			digests[m.To]++
			if m.Subject != "Your daily digest for 2026-05-05: 3 new events" {
				t.Fatalf("digest subject %q", m.Subject)
			}
		}
	}
	if len(digests) != 2 || digests[daily.Email] != 1 || digests[other.Email] != 1 {
		t.Fatalf("digests %v, want one each (the passes wrote %d after the crash)", digests, written.Load())
	}
}
