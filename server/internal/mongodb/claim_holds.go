package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// Several claims per order line (review finding 8): each claim takes its
// pieces on the order with one guarded write (HoldClaim) before it is
// stored, under its own id, so that the line's claims never cover more
// than its quantity and a retried write counts nothing twice; a decision
// ends the hold (SettleClaimHold), giving back what it does not keep. A
// crash between the hold and the claim's insert, or between a decision and
// its settling, is settled by Claims.RecoverCounts (StaleClaimHolds).
// mirror.LineClaims describes the order's field.

// NewClaimID is the id of a claim about to be made.
func (s *Store) NewClaimID() string { return newID().Hex() }

func claimHoldIDs(orderID, claimID string) (mirror.ID, mirror.ID, error) {
	oid, err := objectID(orderID)
	if err != nil {
		return oid, oid, err
	}
	cid, err := objectID(claimID)
	return oid, cid, err
}

// claimedWrite is the embedded write of an order's claimed pieces.
func claimedWrite(o mirror.Order) bson.D {
	return bson.D{{Key: "$set", Value: bson.D{{Key: "claimed", Value: o.Claimed}}}}
}

// noClaimHoldOf is the filter "the line has no hold of this claim" (as
// $nor: see noHoldOf).
func noClaimHoldOf(claim mirror.ID) bson.E {
	return bson.E{Key: "$nor", Value: bson.A{bson.D{{Key: "claimed.holds.claim", Value: claim}}}}
}

// HoldClaim takes n of the line's pieces for the claim with one guarded
// write: the pieces claimed stay within the line's quantity, and the claim
// is counted once (its hold already there: nothing to do).
func (s *Store) HoldClaim(ctx context.Context, orderID, claimID string, n int64) error {
	oid, cid, err := claimHoldIDs(orderID, claimID)
	if err != nil {
		return err
	}
	if n < 1 {
		return shop.Errorf(shop.EINVALID, "The quantity must be at least 1.")
	}
	cur, err := s.orders.get(ctx, oid)
	if err != nil {
		return err
	}
	switch err := mirror.CanHoldClaim(cid, n)(cur); {
	case err == mirror.ErrClaimCounted:
		return nil
	case err != nil: // (also n above the line's quantity, which the filter below would pass on a line never claimed)
		return err
	}
	hold := mirror.ClaimHold{Claim: cid, Qty: n, At: s.now()}
	_, err = s.orders.update(ctx, oid, guard[mirror.Order]{
		// (the quantity of a line never changes; "not above" matches a
		// line never claimed, where $lte would not)
		filter: bson.D{{Key: "claimed.pieces", Value: bson.D{{Key: "$not", Value: bson.D{{Key: "$gt", Value: cur.ProductQuantity - n}}}}}, noClaimHoldOf(cid)},
		check:  mirror.CanHoldClaim(cid, n),
		apply: func(o mirror.Order) (bson.D, mirror.Order) {
			next := o.WithClaimHold(hold)
			return claimedWrite(next), next
		},
	}, bson.D{
		{Key: "$inc", Value: bson.D{{Key: "claimed.pieces", Value: n}}},
		{Key: "$push", Value: bson.D{{Key: "claimed.holds", Value: hold}}},
	})
	if err == mirror.ErrClaimCounted {
		return nil // a retry of a write that was stored
	}
	return err
}

// SettleClaimHold ends the claim's hold on its line, keeping keep of its
// pieces claimed, in one write guarded by the hold itself (so at most
// once). No hold (settled already, or a claim from before holds): nothing
// to do.
func (s *Store) SettleClaimHold(ctx context.Context, orderID, claimID string, keep int64) error {
	oid, cid, err := claimHoldIDs(orderID, claimID)
	if err != nil {
		return err
	}
	cur, err := s.orders.get(ctx, oid)
	if err != nil {
		return err
	}
	h, held := mirror.ClaimHoldOf(cur, cid)
	if !held {
		return nil
	}
	update := bson.D{{Key: "$pull", Value: bson.D{{Key: "claimed.holds", Value: h}}}}
	if back := h.Qty - min(max(keep, 0), h.Qty); back > 0 {
		update = append(update, bson.E{Key: "$inc", Value: bson.D{{Key: "claimed.pieces", Value: -back}}})
	}
	_, err = s.orders.update(ctx, oid, guard[mirror.Order]{
		// The claim's hold is still there (one per claim, never changed).
		filter: bson.D{{Key: "claimed.holds.claim", Value: cid}},
		check:  mirror.HasClaimHold(cid),
		apply: func(o mirror.Order) (bson.D, mirror.Order) {
			next := o.WithoutClaimHold(h, keep)
			return claimedWrite(next), next
		},
	}, update)
	if err == mirror.ErrClaimSettled {
		return nil // settled in between, by the decision or by the sweep
	}
	return err
}

// staleClaimHolds finds the lines with a claim's hold written before cutoff.
func staleClaimHolds(cutoff time.Time) bson.D {
	return bson.D{{Key: "claimed.holds.at", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// StaleClaimHolds returns the claims' holds written before cutoff (the
// sparse index claim_holds serves it on MongoDB).
func (s *Store) StaleClaimHolds(ctx context.Context, cutoff time.Time) ([]shop.ClaimHold, error) {
	docs, _, err := s.orders.list(ctx, listQuery[mirror.Order]{index: "createdAt", limit: 1 << 30,
		match:  mirror.ClaimHoldsBefore(cutoff),
		filter: staleClaimHolds(cutoff), sort: bson.D{{Key: "_id", Value: 1}}})
	if err != nil {
		return nil, err
	}
	var out []shop.ClaimHold
	for _, o := range docs {
		for _, h := range o.Claimed.Holds {
			if h.At.Before(cutoff) {
				out = append(out, shop.ClaimHold{OrderID: o.ID.Hex(), ClaimID: h.Claim.Hex(), Qty: h.Qty})
			}
		}
	}
	return out, nil
}

// claimsCountedMarker, in the counters, says that the claims from before
// several claims per line are counted on their lines.
const claimsCountedMarker = "claims-counted"

// countLegacyClaims counts, at start, the claims made before their lines
// counted them (one claim per line then; its unique index is retired): each
// claimed line without a count gets the pieces its claims cover, and a hold
// for each open one, so that their decisions settle as any claim's. A line
// has a count from its first claim on (HoldClaim), so only those lines are
// written, each once: embedded, one pass over the mirrors at every start;
// with MongoDB the write is guarded by the line having no count yet, and
// a marker in the counters skips the scan once done.
func (s *Store) countLegacyClaims(ctx context.Context) error {
	counters := s.db.Collection(CollCounters)
	if s.embedded == nil {
		var m counterDoc
		err := counters.FindOne(ctx, bson.D{{Key: "_id", Value: claimsCountedMarker}}).Decode(&m)
		if err == nil {
			return nil
		}
		if err := translate(err, ""); shop.ErrorCode(err) != shop.ENOTFOUND {
			return err
		}
	}
	byOrder := map[mirror.ID][]mirror.Claim{}
	if s.claims.mem != nil {
		s.claims.mem.Mem.Each(func(c *mirror.Claim) { byOrder[c.OrderID] = append(byOrder[c.OrderID], *c) })
	} else {
		cur, err := s.claims.c.Find(ctx, bson.D{})
		if err != nil {
			return translate(err, "")
		}
		var all []mirror.Claim
		if err := cur.All(ctx, &all); err != nil {
			return translate(err, "")
		}
		for _, c := range all {
			byOrder[c.OrderID] = append(byOrder[c.OrderID], c)
		}
	}
	counted := 0
	for oid, claims := range byOrder {
		o, err := s.orders.get(ctx, oid)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			continue
		}
		if err != nil {
			return err
		}
		if o.Claimed != nil {
			continue
		}
		line := LegacyLineClaims(claims, o.ProductQuantity, s.now())
		g := guard[mirror.Order]{filter: bson.D{{Key: "claimed", Value: bson.D{{Key: "$exists", Value: false}}}},
			check: func(o mirror.Order) error {
				if o.Claimed != nil {
					return mirror.ErrClaimCounted
				}
				return nil
			}}
		_, err = s.orders.update(ctx, oid, g, bson.D{{Key: "$set", Value: bson.D{{Key: "claimed", Value: line}}}})
		switch {
		case err == mirror.ErrClaimCounted: // (counted by another instance)
		case err != nil:
			return err
		default:
			counted++
		}
	}
	if counted > 0 {
		s.log.Info("counted the claims made before several claims per line on their lines", "lines", counted)
	}
	if s.embedded != nil {
		return nil
	}
	_, err := counters.UpdateOne(ctx, bson.D{{Key: "_id", Value: claimsCountedMarker}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "seq", Value: 1}}}}, options.UpdateOne().SetUpsert(true))
	if isDuplicate(err) {
		err = nil
	}
	return translate(err, "")
}

// LegacyLineClaims is what a line's claims cover of its lineQty pieces,
// with a hold for each open one.
func LegacyLineClaims(claims []mirror.Claim, lineQty int64, at time.Time) *mirror.LineClaims {
	line := &mirror.LineClaims{}
	for _, c := range claims {
		sc := c.Shop()
		n := sc.Counted(lineQty)
		line.Pieces += n
		if sc.Status == shop.ClaimRequested {
			line.Holds = append(line.Holds, mirror.ClaimHold{Claim: c.ID, Qty: n, At: at})
		}
	}
	return line
}
