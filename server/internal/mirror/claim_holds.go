package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

// LineClaims is what an order line's claims hold of its pieces (review
// finding 8: several claims per line). Pieces is the total claimed by its
// open and approved claims (an approved one counts the pieces it
// replaced, a rejected one none); it never exceeds the line's quantity,
// since each claim takes its pieces with one guarded write on the order
// (mongodb.HoldClaim). Holds names each open claim and its pieces, so
// that a claim is counted once however often its write is retried, and
// gives them back once when it is decided (SettleClaimHold). A hold whose
// claim was never stored (a crash between the two writes) is given back by
// the claims' sweep.
type LineClaims struct {
	Pieces int64       `bson:"pieces"`
	Holds  []ClaimHold `bson:"holds,omitempty"`
}

// ClaimHold is an open claim's pieces on its line.
type ClaimHold struct {
	Claim ID        `bson:"claim"`
	Qty   int64     `bson:"qty"`
	At    time.Time `bson:"at"`
}

// ClaimedPieces is how many of the line's pieces are claimed.
func ClaimedPieces(o Order) int64 {
	if o.Claimed == nil {
		return 0
	}
	return o.Claimed.Pieces
}

// ClaimHoldOf is the claim's hold on the line, if any.
func ClaimHoldOf(o Order, claim ID) (ClaimHold, bool) {
	if o.Claimed != nil {
		for _, h := range o.Claimed.Holds {
			if h.Claim == claim {
				return h, true
			}
		}
	}
	return ClaimHold{}, false
}

// ErrClaimCounted answers a claim's hold written already (a retry).
var ErrClaimCounted = shop.Errorf(shop.ECONFLICT, "The claim is counted already.")

// ErrClaimSettled answers the settling of a hold that is gone already.
var ErrClaimSettled = shop.Errorf(shop.ECONFLICT, "The claim's pieces were settled already.")

// CanHoldClaim is HoldClaim's precondition: the claim is not counted yet,
// and n more pieces stay within the line's quantity (MongoDB:
// {"claimed.pieces": {$not: {$gt: quantity - n}}} and no hold of the claim).
func CanHoldClaim(claim ID, n int64) func(Order) error {
	return func(o Order) error {
		if _, held := ClaimHoldOf(o, claim); held {
			return ErrClaimCounted
		}
		if left := o.ProductQuantity - ClaimedPieces(o); n > left {
			return shop.ClaimLeftError(left, o.ProductQuantity)
		}
		return nil
	}
}

// HasClaimHold is SettleClaimHold's: the claim's hold is on the line.
func HasClaimHold(claim ID) func(Order) error {
	return func(o Order) error {
		if _, held := ClaimHoldOf(o, claim); !held {
			return ErrClaimSettled
		}
		return nil
	}
}

// WithClaimHold is the order with the claim's hold of n pieces added.
func (d Order) WithClaimHold(h ClaimHold) Order {
	c := LineClaims{Pieces: ClaimedPieces(d) + h.Qty}
	if d.Claimed != nil {
		c.Holds = append(c.Holds, d.Claimed.Holds...)
	}
	c.Holds = append(c.Holds, h)
	d.Claimed = &c
	return d
}

// WithoutClaimHold is the order with the claim's hold gone, keeping keep
// of its pieces claimed (those an approval replaced; 0 for a rejection).
func (d Order) WithoutClaimHold(h ClaimHold, keep int64) Order {
	c := LineClaims{Pieces: ClaimedPieces(d) - (h.Qty - min(keep, h.Qty))}
	if d.Claimed != nil {
		for _, o := range d.Claimed.Holds {
			if o.Claim != h.Claim {
				c.Holds = append(c.Holds, o)
			}
		}
	}
	d.Claimed = &c
	return d
}

// ClaimHoldsBefore matches the orders holding a claim's pieces since
// before cutoff (the claims' sweep).
func ClaimHoldsBefore(cutoff time.Time) func(*Order) bool {
	return func(o *Order) bool {
		if o.Claimed == nil {
			return false
		}
		for _, h := range o.Claimed.Holds {
			if h.At.Before(cutoff) {
				return true
			}
		}
		return false
	}
}
