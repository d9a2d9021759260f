package app

import (
	"context"

	"storefront/server/internal/shop"
)

// Owners decides whether a write made for an account may stand: an account
// whose deletion has begun owns nothing new. A request authenticated before
// the deletion began may still be on its way to the store when the erasure
// lists what the account has; what it writes after that listing would
// survive the erasure with the person's name and address. No transaction
// spans the account and the document written, so each such write is
// checked after it is made (the account read again, by _id) and undone when
// the deletion has begun: the erasure's first write (the marker) comes
// before its listing, so a write the listing missed is one whose check
// sees the marker, or no account at all once the deletion has finished.
//
// The purchase paths (orders, checkout, quote acceptances) call Erasing
// after their insert and withdraw what they placed when it answers true.
type Owners struct {
	Users   shop.UserStore
	Erasure shop.ErasureStore
}

// erasing reads the account of who again: the account as it is now (nil
// when it is gone) and whether a write made for who must be undone.
func (o *Owners) erasing(ctx context.Context, who shop.Caller) (*shop.User, bool, error) {
	if o == nil || who == nil {
		return nil, false, nil
	}
	u, err := o.Users.FindUserByID(context.WithoutCancel(ctx), who.ID)
	switch shop.ErrorCode(err) {
	case "":
		return &u, u.DeletingAt != nil || u.Email != who.Email, nil
	case shop.ENOTFOUND:
		return nil, true, nil
	}
	return nil, false, err
}

// Erasing reports whether the account of who can no longer own what a write
// makes for it: its deletion has begun, or it is gone. Called after the
// write (never only before): true means the write must be undone.
func (o *Owners) Erasing(ctx context.Context, who shop.Caller) (bool, error) {
	_, erasing, err := o.erasing(ctx, who)
	return erasing, err
}

// Keep is the check after a write made for who: when who's deletion has
// begun, undo removes (or erases) what the write made, and the write is
// refused as the ended session it came from (401). undo receives the account
// as it is now (nil once its deletion has finished).
func (o *Owners) Keep(ctx context.Context, who shop.Caller, undo func(ctx context.Context, now *shop.User) error) error {
	u, erasing, err := o.erasing(ctx, who)
	if err != nil || !erasing {
		return err
	}
	if err := undo(context.WithoutCancel(ctx), u); err != nil {
		return err
	}
	return shop.ErrSessionEnded()
}

// Erasing is Owners.Erasing, for the paths that hold the accounts service.
func (a *Accounts) Erasing(ctx context.Context, who shop.Caller) (bool, error) {
	return a.Owners.Erasing(ctx, who)
}
