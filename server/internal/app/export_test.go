package app

import (
	"context"
	"slices"
	"time"

	"storefront/server/internal/shop"
)

// ExpireOne is the reservation sweep's step for one purchase (the
// histories expire a purchase they pick, where the sweep would expire the
// oldest ones).
func (p *Purchases) ExpireOne(ctx context.Context, id string) error {
	return p.expireOne(ctx, id, false)
}

// ExpireListed is ExpireOne for a purchase the sweep lists
// (UnpaidGroupsBefore: unpaid, unshipped, not awaiting a freight price or
// an approval, not on account), refused with a conflict otherwise: what
// the sweep would do to it, whenever its reservation ran out (issue 48:
// a purchase awaiting its freight price never expires).
func (p *Purchases) ExpireListed(ctx context.Context, id string) error {
	return p.expireOne(ctx, id, true)
}

func (p *Purchases) expireOne(ctx context.Context, id string, listed bool) error {
	if listed {
		list, err := p.Groups.UnpaidGroupsBefore(ctx, p.now().Add(24*time.Hour), 1<<20)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(list, func(g shop.Group) bool { return g.ID == id }) {
			grp, err := p.find(ctx, id)
			switch {
			case err != nil:
				return err
			// The sweep skips a purchase whose orders are still being placed
			// or whose cancel is under way, as a payment refuses it: it says
			// so (TestHistories found a cancel whose lines were gone and
			// whose group was not, answered as "not one the sweep expires").
			case grp.Placing:
				return shop.Errorf(shop.ECONFLICT, shop.MsgGroupPlacing)
			case grp.Cancelling != "":
				return shop.Errorf(shop.ECONFLICT, shop.MsgGroupCanceling)
			}
			return shop.Errorf(shop.ECONFLICT, "The purchase is not one the reservation sweep expires.")
		}
	}
	grp, err := p.find(ctx, id)
	if err != nil {
		return err
	}
	_, err = p.expire(ctx, grp)
	return err
}

// StartSecondStep is a sign-in's password step passed: the account's
// second step begins (the mfaToken).
func (a *Accounts) StartSecondStep(ctx context.Context, u shop.User) (string, error) {
	c, err := a.startSecondStep(ctx, u)
	if err != nil {
		return "", err
	}
	return c.MFAToken, nil
}
