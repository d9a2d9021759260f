package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.ClaimStore = (*Store)(nil)

// InsertClaim stores a new claim, status requested, with the next claim
// number, under c.ID when set (its pieces are held on the line under that
// id first: HoldClaim); a claim stored under it already is answered as it is.
func (s *Store) InsertClaim(ctx context.Context, c shop.Claim) (shop.Claim, error) {
	orderID, err := objectID(c.OrderID)
	if err != nil {
		return shop.Claim{}, err
	}
	id := newID()
	if c.ID != "" {
		if id, err = objectID(c.ID); err != nil {
			return shop.Claim{}, err
		}
		if d, err := s.claims.get(ctx, id); err == nil {
			return d.Shop(), nil
		}
	}
	images := c.Images
	if images == nil {
		images = []string{}
	}
	n, err := s.takeNumbers(ctx, claimCounterID, orderNumberBase, 1)
	if err != nil {
		return shop.Claim{}, err
	}
	doc := mirror.Claim{ID: id, Number: n, OrderID: orderID, OrderNumber: c.OrderNumber, ProductName: c.ProductName,
		Email: shop.NormalizeEmail(c.Email), Name: c.Name, Reason: c.Reason, Images: images, Status: string(shop.ClaimRequested), CreatedAt: s.now(),
		PurchaseNumber: c.PurchaseNumber, Quantity: c.Quantity}
	if c.PurchaseID != "" {
		if doc.PurchaseID, err = objectID(c.PurchaseID); err != nil {
			return shop.Claim{}, err
		}
	}
	if err := s.claims.insert(ctx, doc); err != nil {
		if d, gerr := s.claims.get(ctx, id); isDuplicate(err) && gerr == nil {
			return d.Shop(), nil // (a retried insert that was stored)
		}
		return shop.Claim{}, translate(err, "")
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}

// FindClaim returns the claim with this id.
func (s *Store) FindClaim(ctx context.Context, id string) (shop.Claim, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Claim{}, err
	}
	d, err := s.claims.get(ctx, oid)
	return d.Shop(), err
}

// ListClaims returns claims newest first: one customer's, or all when email is "".
func (s *Store) ListClaims(ctx context.Context, email string, limit, skip int) ([]shop.Claim, int64, error) {
	q := listQuery[mirror.Claim]{index: "createdAt", desc: true, sort: newestFirst, skip: skip, limit: limit}
	if email != "" {
		email = shop.NormalizeEmail(email)
		q.index, q.group, q.filter = "email,createdAt", &email, bson.D{{Key: "email", Value: email}}
	}
	docs, total, err := s.claims.list(ctx, q)
	return mirror.ShopAll[shop.Claim](docs), total, err
}

// requested is the guard of a decision: the claim is requested and no
// approval of it is under way.
var requested = guard[mirror.Claim]{
	filter: bson.D{{Key: "status", Value: string(shop.ClaimRequested)}, {Key: "approving", Value: bson.D{{Key: "$exists", Value: false}}}},
	check:  mirror.Requested,
}

// RejectClaim rejects a requested claim, once.
func (s *Store) RejectClaim(ctx context.Context, id, note string) (shop.Claim, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Claim{}, err
	}
	set := bson.D{{Key: "status", Value: string(shop.ClaimRejected)}, {Key: "decidedAt", Value: s.now()}}
	if note != "" {
		set = append(set, bson.E{Key: "note", Value: note})
	}
	if _, err := s.claims.update(ctx, oid, requested, bson.D{{Key: "$set", Value: set}}); err != nil {
		return shop.Claim{}, err
	}
	d, err := s.claims.get(ctx, oid)
	return d.Shop(), err
}

// StartApproval decides an approval with one guarded write: the requested
// claim is marked as being approved with the replacement order orderID
// and the admin's note. Only the caller it answers places the replacement
// (and so moves stock); it then ends the approval with FinishApproval, or
// AbandonApproval when the replacement cannot be placed.
func (s *Store) StartApproval(ctx context.Context, id, orderID, note string, quantity int64) error {
	oid, rid, err := approvalIDs(id, orderID)
	if err != nil {
		return err
	}
	_, err = s.claims.update(ctx, oid, requested, bson.D{{Key: "$set", Value: bson.D{
		{Key: "approving", Value: mirror.Approval{Order: rid, Note: note, At: s.now(), Quantity: quantity}}}}})
	return err
}

func approvalIDs(id, orderID string) (mirror.ID, mirror.ID, error) {
	oid, err := objectID(id)
	if err != nil {
		return oid, oid, err
	}
	rid, err := objectID(orderID)
	return oid, rid, err
}

// approvingWith is the guard of an approval's end: the claim is being
// approved with this replacement order (mirror.ApprovingWith).
func approvingWith(rid mirror.ID) guard[mirror.Claim] {
	return guard[mirror.Claim]{filter: bson.D{{Key: "approving.order", Value: rid}}, check: mirror.ApprovingWith(rid)}
}

// FinishApproval makes the claim approved with its replacement order.
func (s *Store) FinishApproval(ctx context.Context, id, orderID string) (shop.Claim, error) {
	oid, rid, err := approvalIDs(id, orderID)
	if err != nil {
		return shop.Claim{}, err
	}
	cur, err := s.claims.get(ctx, oid)
	if err != nil {
		return shop.Claim{}, err
	}
	set := bson.D{{Key: "status", Value: string(shop.ClaimApproved)}, {Key: "decidedAt", Value: s.now()}, {Key: "replacementOrderId", Value: rid}}
	if cur.Approving != nil && cur.Approving.Order == rid && cur.Approving.Note != "" {
		set = append(set, bson.E{Key: "note", Value: cur.Approving.Note})
	}
	if cur.Approving != nil && cur.Approving.Order == rid && cur.Approving.Quantity > 0 {
		set = append(set, bson.E{Key: "approvedQuantity", Value: cur.Approving.Quantity})
	}
	if _, err := s.claims.update(ctx, oid, approvingWith(rid), bson.D{
		{Key: "$set", Value: set}, {Key: "$unset", Value: bson.D{{Key: "approving", Value: ""}}}}); err != nil {
		return shop.Claim{}, err
	}
	d, err := s.claims.get(ctx, oid)
	return d.Shop(), err
}

// AbandonApproval drops an approval whose replacement order was not
// placed: the claim is requested again.
func (s *Store) AbandonApproval(ctx context.Context, id, orderID string) error {
	oid, rid, err := approvalIDs(id, orderID)
	if err != nil {
		return err
	}
	_, err = s.claims.update(ctx, oid, approvingWith(rid), bson.D{{Key: "$unset", Value: bson.D{{Key: "approving", Value: ""}}}})
	return err
}

// staleApprovals finds the claims marked as being approved before cutoff
// (MongoDB; the sparse index approving serves it).
func staleApprovals(cutoff time.Time) bson.D {
	return bson.D{{Key: "approving.at", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// StaleApprovals returns the claims whose approval began before cutoff and
// has not ended: a crash between its steps (Claims.Recover settles them).
// Each carries the replacement order's id in ReplacementOrderID.
func (s *Store) StaleApprovals(ctx context.Context, cutoff time.Time) ([]shop.Claim, error) {
	docs, _, err := s.claims.list(ctx, listQuery[mirror.Claim]{index: "createdAt", limit: 1 << 30,
		match:  mirror.ApprovingBefore(cutoff),
		filter: staleApprovals(cutoff), sort: bson.D{{Key: "_id", Value: 1}}})
	out := make([]shop.Claim, len(docs))
	for i, d := range docs {
		out[i] = d.Shop()
		out[i].ReplacementOrderID = d.Approving.Order.Hex()
	}
	return out, err
}
