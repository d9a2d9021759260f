package app_test

import (
	"context"
	"testing"
	"time"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// quarry is an approved company's memberships (issue 45), as the
// purchases read them.
type quarry map[string]shop.Member

const quarryID = "0123456789abcdef01234567"

func (q quarry) FindMember(_ context.Context, email string) (shop.Member, error) {
	if m, ok := q[email]; ok {
		return m, nil
	}
	return shop.Member{}, shop.NotFound("The member")
}

func (q quarry) FindCompany(_ context.Context, id string) (shop.Company, error) {
	return shop.Company{ID: id, Name: "Quarry Works Ltd", Status: shop.CompanyApproved}, nil
}

func (q quarry) ListMembers(_ context.Context, _ string) ([]shop.Member, error) {
	out := make([]shop.Member, 0, len(q))
	for _, m := range q {
		out = append(out, m)
	}
	return out, nil
}

// TestApprovals_NeitherExpiresNorCountsUntilApproved: a purchase awaiting
// approval holds its stock past RESERVATION_TTL and is not counted
// against UNPAID_LIMIT; once approved, its reservation runs from the
// approval (reminded at half, cancelled when it ends, its stock back).
func TestApprovals_NeitherExpiresNorCountsUntilApproved(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := testclock.At("2026-11-27T09:00:00Z")
	s := mongotest.MustOpenWith(t, func(c *mongodb.Config) { c.Clock = clock.Now })
	pid, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe", Price: 20000, Description: "Metal lathe.", Available: 5, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	limit := shop.Cents(10000)
	lc := newLifecycle(s, lifecycleOpts{})
	p := lc.purchases
	p.Members = quarry{
		"bob@quarry.test": {Email: "bob@quarry.test", Company: quarryID, Role: shop.RoleBuyer, Limit: &limit},
		"val@quarry.test": {Email: "val@quarry.test", Company: quarryID, Role: shop.RoleApprover},
	}
	p.Now, p.ReservationTTL, p.UnpaidLimit = clock.Now, 72*time.Hour, 1
	bob := &shop.User{Email: "bob@quarry.test", Name: "Bob", EmailVerified: true}
	val := &shop.User{Email: "val@quarry.test", Name: "Val", EmailVerified: true}
	draft := shop.CheckoutDraft{Items: []shop.CheckoutItem{{ProductID: pid, Quantity: 1}},
		Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}}

	var ids []string
	for range 2 { // UNPAID_LIMIT is 1: neither counts
		grp, err := p.Checkout(ctx, bob, draft)
		if err != nil {
			t.Fatalf("a checkout above the limit: %v", err)
		}
		if !grp.AwaitingApproval || grp.State != shop.PurchaseAwaitingApproval || grp.Payable || grp.CompanyID != quarryID {
			t.Fatalf("placed: %+v, want awaiting approval for the company", grp)
		}
		ids = append(ids, grp.ID)
	}
	if n, err := s.CountUnpaidGroups(ctx, bob.Email); err != nil || n != 0 {
		t.Fatalf("unpaid purchases counted: %d, %v; want 0", n, err)
	}
	clock.Add(100 * time.Hour) // past RESERVATION_TTL
	if reminded, expired, err := p.Expire(ctx); err != nil || reminded+expired != 0 {
		t.Fatalf("the sweep reminded %d and expired %d (%v) of purchases awaiting approval", reminded, expired, err)
	}
	if pr, _ := s.FindProduct(ctx, pid); pr.Available != 3 {
		t.Fatalf("stock %d, want 3 (both held)", pr.Available)
	}

	approved, err := p.Approve(ctx, val, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if approved.State != shop.PurchasePlaced || !approved.Payable || approved.ApprovedAt == nil || !approved.ReservedSince().Equal(clock.Now()) {
		t.Fatalf("approved: %+v, want placed, payable, reserved from now", approved)
	}
	if _, err := p.Approve(ctx, val, ids[0]); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("a second approval: %v, want a conflict", err)
	}
	if n, _ := s.CountUnpaidGroups(ctx, bob.Email); n != 1 {
		t.Fatalf("unpaid purchases counted after the approval: %d, want 1", n)
	}
	clock.Add(40 * time.Hour)
	if reminded, expired, err := p.Expire(ctx); err != nil || reminded != 1 || expired != 0 {
		t.Fatalf("at 40 h after the approval: reminded %d, expired %d (%v); want 1, 0", reminded, expired, err)
	}
	clock.Add(40 * time.Hour)
	if _, expired, err := p.Expire(ctx); err != nil || expired != 1 {
		t.Fatalf("at 80 h after the approval: expired %d (%v); want 1", expired, err)
	}
	if pr, _ := s.FindProduct(ctx, pid); pr.Available != 4 {
		t.Fatalf("stock %d, want 4 (the approved one expired, the other held)", pr.Available)
	}
	if g, err := s.FindGroup(ctx, ids[1]); err != nil || g.State != shop.PurchaseAwaitingApproval {
		t.Fatalf("the other purchase: %+v %v, want still awaiting approval", g, err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
