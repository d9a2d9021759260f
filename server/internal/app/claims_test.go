package app_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// claimShop is a store with a shipped line of 3 pieces to claim.
type claimShop struct {
	s      *mongodb.Store
	clock  *testclock.Clock
	claims *app.Claims
	buyer  shop.Caller
	admin  shop.Caller
	pid    string
}

func newClaimShop(t *testing.T) claimShop {
	t.Helper()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	pid, err := s.InsertProduct(context.Background(), shop.ProductDraft{Name: "MIG welder", Price: 120000, Description: "Welds.", Available: 50, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	return claimShop{s: s, clock: clock, pid: pid, claims: &app.Claims{Claims: s, Orders: newLifecycle(s, lifecycleOpts{}).orders, Log: discard, Now: clock.Now},
		buyer: &shop.User{ID: "6560f0f0f0f0f0f0f0f0f0f1", Email: "ann@shop.test", Name: "Ann"}, admin: &shop.User{ID: "6560f0f0f0f0f0f0f0f0f0f2", Email: "ops@shop.test", Role: shop.RoleAdmin}}
}

// shippedLine stores a shipped order of qty pieces.
func (c claimShop) shippedLine(t *testing.T, qty int64) string {
	t.Helper()
	ctx := context.Background()
	o, err := c.s.InsertOrder(ctx, shop.Order{Email: "ann@shop.test", Name: "Ann", ProductID: c.pid, ProductName: "MIG welder",
		ProductPrice: 120000, ProductQuantity: qty, Amount: 120000 * qty, Paid: true, TransactionID: "pi_" + time.Now().String()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.s.ShipOrder(ctx, o.ID); err != nil {
		t.Fatal(err)
	}
	return o.ID
}

func (c claimShop) claim(orderID string, qty int64) (shop.Claim, error) {
	d := shop.ClaimDraft{OrderID: orderID, Reason: "It stopped working.", Images: []string{}}
	if qty > 0 {
		d.Quantity = &qty
	}
	return c.claims.Make(context.Background(), c.buyer, d)
}

func (c claimShop) claimed(t *testing.T, orderID string) int64 {
	t.Helper()
	o, err := c.s.FindOrder(context.Background(), orderID)
	if err != nil {
		t.Fatal(err)
	}
	return o.Claimed
}

func wantConflict(t *testing.T, err error, msg string) {
	t.Helper()
	var se *shop.Error
	if !errors.As(err, &se) || se.Code != shop.ECONFLICT || se.Message != msg {
		t.Fatalf("got %v, want 409 %q", err, msg)
	}
}

// TestClaims_SeveralPerLine: a line's claims cover at most its pieces
// (review finding 8): open and approved ones count, a rejection gives its
// pieces back, a partial approval those it did not replace.
func TestClaims_SeveralPerLine(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := newClaimShop(t)

	t.Run("TwoOfOneThenATwoRefused", func(t *testing.T) {
		line := c.shippedLine(t, 3)
		first, err := c.claim(line, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.claim(line, 1); err != nil {
			t.Fatalf("a second piece of the same line: %v", err)
		}
		_, err = c.claim(line, 2)
		wantConflict(t, err, "Only 1 of this line's 3 pieces is left to claim.")
		if got := c.claimed(t, line); got != 2 {
			t.Fatalf("claimed %d, want 2 (the refused claim changed the count)", got)
		}
		if _, total, _ := c.s.ListClaims(ctx, "ann@shop.test", 100, 0); total != 2 {
			t.Fatalf("%d claims stored, want 2", total)
		}
		// The rejection gives its piece back: two are left.
		if _, err := c.claims.Decide(ctx, c.admin, first.ID, shop.ClaimDecision{Status: shop.ClaimRejected, Note: "Misuse."}); err != nil {
			t.Fatal(err)
		}
		if got := c.claimed(t, line); got != 1 {
			t.Fatalf("claimed %d after the rejection, want 1", got)
		}
		last, err := c.claim(line, 0) // no quantity: the pieces left
		if err != nil || last.Quantity != 2 {
			t.Fatalf("the rest: %+v %v", last, err)
		}
		_, err = c.claim(line, 1)
		wantConflict(t, err, "No pieces of this line are left to claim: earlier claims cover all 3.")
		_, err = c.claim(line, 0)
		wantConflict(t, err, "No pieces of this line are left to claim: earlier claims cover all 3.")
	})

	t.Run("PartialApprovalGivesTheRestBack", func(t *testing.T) {
		line := c.shippedLine(t, 3)
		cl, err := c.claim(line, 3)
		if err != nil {
			t.Fatal(err)
		}
		one := int64(1)
		decided, err := c.claims.Decide(ctx, c.admin, cl.ID, shop.ClaimDecision{Status: shop.ClaimApproved, Quantity: &one})
		if err != nil || decided.ApprovedQuantity != 1 {
			t.Fatalf("approve 1 of 3: %+v %v", decided, err)
		}
		if got := c.claimed(t, line); got != 1 {
			t.Fatalf("claimed %d after approving 1, want 1", got)
		}
		// A second piece fails within the window: it can be claimed.
		if _, err := c.claim(line, 2); err != nil {
			t.Fatalf("claim after a partial approval: %v", err)
		}
		_, err = c.claim(line, 1)
		wantConflict(t, err, "No pieces of this line are left to claim: earlier claims cover all 3.")
	})

	t.Run("ConcurrentClaimsOfTheLastPiece", func(t *testing.T) {
		mongotest.RequireMongoDB(t, c.s)
		line := c.shippedLine(t, 3)
		if _, err := c.claim(line, 2); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = c.claim(line, 1)
			}()
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			if err == nil {
				won++
				continue
			}
			wantConflict(t, err, "No pieces of this line are left to claim: earlier claims cover all 3.")
		}
		if won != 1 || c.claimed(t, line) != 3 {
			t.Fatalf("%d claims of the last piece made, claimed %d; want 1 and 3", won, c.claimed(t, line))
		}
	})
}

// TestClaims_RecoverCounts: the sweep settles what a crash left between a
// claim's hold on its line and its insert (the pieces come back), or
// between a decision and its settling; an open claim's hold stays; a
// retried hold counts once.
func TestClaims_RecoverCounts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := newClaimShop(t)
	line := c.shippedLine(t, 4)

	// A hold written twice (a retry) counts once; its claim is never stored.
	lost := c.s.NewClaimID()
	for range 2 {
		if err := c.s.HoldClaim(ctx, line, lost, 2); err != nil {
			t.Fatal(err)
		}
	}
	if got := c.claimed(t, line); got != 2 {
		t.Fatalf("claimed %d after a retried hold, want 2", got)
	}
	// A rejection and an approval of 1 of 1 whose settling a crash lost
	// (the store's own writes, without the count's), and an open claim.
	rejected, err := c.claim(line, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.s.RejectClaim(ctx, rejected.ID, ""); err != nil {
		t.Fatal(err)
	}
	_, err = c.claim(line, 2)
	wantConflict(t, err, "Only 1 of this line's 4 pieces is left to claim.")

	other := c.shippedLine(t, 2)
	approved, err := c.claim(other, 1)
	if err != nil {
		t.Fatal(err)
	}
	rid := c.s.NewOrderID()
	if err := c.s.StartApproval(ctx, approved.ID, rid, "", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := c.s.FinishApproval(ctx, approved.ID, rid); err != nil {
		t.Fatal(err)
	}
	open, err := c.claim(other, 1)
	if err != nil {
		t.Fatal(err)
	}

	c.clock.Add(time.Minute)
	givenBack, kept, err := c.claims.RecoverCounts(ctx, c.clock.Now())
	if err != nil || givenBack != 2 || kept != 1 {
		t.Fatalf("recover: given back %d, kept %d, %v; want 2, 1", givenBack, kept, err)
	}
	if got := c.claimed(t, line); got != 0 {
		t.Fatalf("claimed %d on the first line after the sweep, want 0", got)
	}
	if got := c.claimed(t, other); got != 2 {
		t.Fatalf("claimed %d on the second line after the sweep, want 2 (approved 1, open 1)", got)
	}
	if givenBack, kept, err := c.claims.RecoverCounts(ctx, c.clock.Now()); err != nil || givenBack+kept != 0 {
		t.Fatalf("second sweep: %d, %d, %v; want nothing", givenBack, kept, err)
	}
	// The open claim's hold stayed: its rejection gives its piece back.
	if _, err := c.claims.Decide(ctx, c.admin, open.ID, shop.ClaimDecision{Status: shop.ClaimRejected}); err != nil {
		t.Fatal(err)
	}
	if got := c.claimed(t, other); got != 1 {
		t.Fatalf("claimed %d after rejecting the open claim, want 1", got)
	}
	if _, err := c.claim(line, 4); err != nil {
		t.Fatalf("the whole first line again: %v", err)
	}
}
