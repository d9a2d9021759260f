package app

import (
	"context"
	"time"

	"storefront/server/internal/shop"
)

// Recover settles the order groups a crash (or a step that failed) left
// between steps before cutoff. Run it after RecoverStock and the quotes'
// Recover (a quote's group is settled with its acceptance).
//   - A checkout still placing never answered its buyer: the orders it
//     placed are withdrawn (their stock given back) and the group deleted,
//     as a checkout that fails halfway is undone. (Completing it instead
//     would leave the buyer, who saw an error and may well check out
//     again, with two groups holding the same stock.)
//   - A quote's group still placing whose orders all stand belongs to an
//     accepted quote: its placing ends. One with orders missing is the
//     quote acceptance's sweep's, and is left to it.
//   - A cancel that a marker decided is finished: the group's orders still
//     standing are withdrawn, recorded as cancelled by the shop, and the
//     group deleted.
func (g *Groups) Recover(ctx context.Context, cutoff time.Time) (finished, undone int, err error) {
	stale, err := g.Groups.StaleGroups(ctx, cutoff)
	if err != nil {
		return 0, 0, err
	}
	for _, grp := range stale {
		var settled bool
		var err error
		switch {
		case grp.Cancelling != "":
			settled, err = g.finishCancel(ctx, grp)
			if settled {
				undone++
			}
		case grp.QuoteID != "":
			settled, err = g.finishQuoteGroup(ctx, grp)
			if settled {
				finished++
			}
		default:
			settled, err = g.undoCheckout(ctx, grp)
			if settled {
				undone++
			}
		}
		switch {
		case err != nil && isRefusal(err):
			// Ended meanwhile (another instance's sweep), or one of its
			// orders is being cancelled on its own: the next sweep looks again.
			g.Orders.Log.WarnContext(ctx, "a stale order group could not be settled", "group", grp.ID, "reason", shop.ErrorMessage(err))
		case err != nil:
			return finished, undone, err
		}
	}
	return finished, undone, nil
}

// undoCheckout withdraws what a checkout left placing placed, newest
// first, and deletes its group.
func (g *Groups) undoCheckout(ctx context.Context, grp shop.Group) (bool, error) {
	if err := g.withdrawAll(ctx, grp, nil); err != nil {
		return false, err
	}
	return true, ignoreGone(g.Groups.DeleteGroup(ctx, grp.ID, ""))
}

// finishQuoteGroup ends the placing of a quote's group whose orders all
// stand; with one missing it does nothing (the quote's sweep settles it).
func (g *Groups) finishQuoteGroup(ctx context.Context, grp shop.Group) (bool, error) {
	for _, id := range grp.OrderIDs {
		if _, err := g.Orders.Orders.FindOrder(ctx, id); err != nil {
			if shop.ErrorCode(err) == shop.ENOTFOUND {
				g.Orders.Log.WarnContext(ctx, "a quote's order group is left placing for the quote's sweep", "group", grp.ID, "order", id)
				return false, nil
			}
			return false, err
		}
	}
	return true, ignoreGone(g.Groups.FinishPlacing(ctx, grp.ID))
}

// finishCancel ends a cancel its marker decided: the orders still standing
// are withdrawn, then the group goes.
func (g *Groups) finishCancel(ctx context.Context, grp shop.Group) (bool, error) {
	if err := g.withdrawAll(ctx, grp, &shop.Cancellation{By: shop.CancelledBySystem}); err != nil {
		return false, err
	}
	return true, ignoreGone(g.Groups.DeleteGroup(ctx, grp.ID, grp.Cancelling))
}

// withdrawAll withdraws the group's orders that stand, newest first.
func (g *Groups) withdrawAll(ctx context.Context, grp shop.Group, rec *shop.Cancellation) error {
	for i := len(grp.OrderIDs) - 1; i >= 0; i-- {
		var r *shop.Cancellation
		if rec != nil {
			c := *rec
			r = &c
		}
		if err := g.Orders.withdraw(ctx, grp.OrderIDs[i], r); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return err
		}
	}
	return nil
}

// ignoreGone is err, except that a group gone already is no error.
func ignoreGone(err error) error {
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}
