package mongodb

import (
	"context"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/shop"
)

// TestCountLegacyClaims: the claims made before their lines counted them
// are counted at start, once: an open claim with a hold (its decision then
// settles as any claim's), an approved one by the pieces it replaced, a
// rejected one not at all; run again (a crash before its marker), it
// counts nothing twice.
func TestCountLegacyClaims(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openAny(t)
	pid, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe", Price: 10000, Description: "Turns.", Available: 50, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	line := func() string {
		o, err := s.InsertOrder(ctx, shop.Order{Email: "ann@shop.test", Name: "Ann", ProductID: pid, ProductName: "Lathe", ProductPrice: 10000, ProductQuantity: 3, Amount: 30000})
		if err != nil {
			t.Fatal(err)
		}
		return o.ID
	}
	// Claims as they were stored before: no hold on their lines.
	legacy := func(orderID string, qty int64) shop.Claim {
		c, err := s.InsertClaim(ctx, shop.Claim{OrderID: orderID, ProductName: "Lathe", Quantity: qty, Email: "ann@shop.test", Name: "Ann", Reason: "Broken."})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	whole, approved, rejected := line(), line(), line()
	open := legacy(whole, 0) // before issue 49: the whole line
	a := legacy(approved, 2)
	rid := s.NewOrderID()
	if err := s.StartApproval(ctx, a.ID, rid, "", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.FinishApproval(ctx, a.ID, rid); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RejectClaim(ctx, legacy(rejected, 1).ID, ""); err != nil {
		t.Fatal(err)
	}
	claimed := func(id string) int64 {
		t.Helper()
		o, err := s.FindOrder(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return o.Claimed
	}
	for run := range 2 {
		// (MongoDB: its marker gone, as after a crash before it)
		if _, err := s.db.Collection(CollCounters).DeleteOne(ctx, bson.D{{Key: "_id", Value: claimsCountedMarker}}); err != nil {
			t.Fatal(err)
		}
		if err := s.countLegacyClaims(ctx); err != nil {
			t.Fatal(err)
		}
		if w, a, r := claimed(whole), claimed(approved), claimed(rejected); w != 3 || a != 1 || r != 0 {
			t.Fatalf("run %d: claimed %d, %d, %d; want 3, 1, 0", run, w, a, r)
		}
	}
	if err := s.HoldClaim(ctx, approved, s.NewClaimID(), 3); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("3 more of a line with 1 replaced: %v", err)
	}
	// More than a line never claimed holds is refused on both stores (on
	// MongoDB its filter alone would pass a line with no count).
	if err := s.HoldClaim(ctx, line(), s.NewClaimID(), 4); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("4 of a line of 3: %v", err)
	}
	if err := s.HoldClaim(ctx, rejected, s.NewClaimID(), 3); err != nil {
		t.Fatalf("the whole line whose claim was rejected: %v", err)
	}
	// The open claim's decision settles its hold.
	if err := s.SettleClaimHold(ctx, whole, open.ID, 0); err != nil || claimed(whole) != 0 {
		t.Fatalf("settled the open claim: %v, claimed %d", err, claimed(whole))
	}
	// Started again, even without the marker, nothing is counted again:
	// the lines have their counts.
	if _, err := s.db.Collection(CollCounters).DeleteOne(ctx, bson.D{{Key: "_id", Value: claimsCountedMarker}}); err != nil {
		t.Fatal(err)
	}
	if err := s.countLegacyClaims(ctx); err != nil || claimed(whole) != 0 || claimed(approved) != 1 {
		t.Fatalf("again: %v, claimed %d and %d; want 0 and 1", err, claimed(whole), claimed(approved))
	}
}
