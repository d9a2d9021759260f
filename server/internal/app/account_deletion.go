package app

import (
	"context"
	"fmt"
	"time"

	"storefront/server/internal/shop"
)

// Deleting an account (DELETE /account). No transactions span collections,
// so the first step marks the account being deleted and ends its sessions
// in one write (the marker), and the last deletes it; every step between is
// one conditional write per document that may be done again, so a deletion
// a crash interrupted is finished at the next start (FinishDeletions).
//
// What goes: the account, its sessions, its profile, its unpaid orders
// (cancelled through the orders' own path, so their stock returns) and, if
// the customer asks, its reviews. What stays, without the personal fields:
// paid or shipped orders (the shop's accounts and tax records), quotes and
// claims, and reviews (under "Former customer", without their photo). Its
// pictures that nothing else uses then go with the picture sweep.

// DeleteAccount deletes the caller's account once they confirm it with
// their password or a fresh Google sign-in. The last admin cannot.
func (a *Accounts) DeleteAccount(ctx context.Context, caller shop.Caller, d shop.AccountDeletion) error {
	if err := shop.RequireSignedIn(caller); err != nil {
		return err
	}
	if err := d.Validate(); err != nil {
		return err
	}
	if err := a.confirmDeletion(ctx, caller, d); err != nil {
		return err
	}
	if caller.IsAdmin() {
		if err := a.stepDown(ctx, caller); err != nil {
			return err
		}
	}
	u, err := a.Users.BeginDeletion(ctx, caller.ID, caller.SessionVersion, a.now(), d.DeleteReviews)
	if err != nil {
		if caller.IsAdmin() {
			a.restoreAdmin(ctx, caller)
		}
		return err
	}
	return a.erase(ctx, u)
}

// confirmDeletion checks the password, or that the Google ID token is the
// caller's and from a sign-in of the last FreshSignIn.
func (a *Accounts) confirmDeletion(ctx context.Context, caller shop.Caller, d shop.AccountDeletion) error {
	if d.Password != "" {
		if caller.PasswordHash == "" {
			return shop.Invalid("This account has no password.", map[string]string{"password": "This account signs in with Google: confirm with Google."})
		}
		return a.checkPassword(ctx, caller, d.Password, "password")
	}
	google := func(msg string) error {
		return shop.Invalid("The Google sign-in does not confirm the deletion.", map[string]string{"googleIdToken": msg})
	}
	if !a.GoogleEnabled() {
		return google(shop.MsgGoogleOff)
	}
	id, err := a.Google.Verify(ctx, d.GoogleIDToken)
	switch {
	case err != nil:
		a.Log.InfoContext(ctx, "google confirmation refused", "reason", err.Error())
		return google("Google sign-in could not be verified.")
	case shop.NormalizeEmail(id.Email) != caller.Email:
		return google("Sign in with the Google account of " + caller.Email + ".")
	case id.IssuedAt.IsZero() || a.now().Sub(id.IssuedAt) > shop.FreshSignIn:
		return google("Sign in with Google again to confirm.")
	}
	return nil
}

// stepDown takes the admin role from an admin who deletes their account,
// unless no admin would be left (the store's one conditional write on the
// admins' count decides it): then it refuses. Of two last admins deleting
// at once, one keeps the role.
func (a *Accounts) stepDown(ctx context.Context, caller shop.Caller) error {
	_, err := a.Users.DemoteUser(ctx, caller.Email, shop.RoleChange{By: caller.Email, At: a.now()})
	if shop.IsNoAdminLeft(err) {
		return shop.ErrLastAdmin()
	}
	return err
}

func (a *Accounts) restoreAdmin(ctx context.Context, caller shop.Caller) {
	if _, err := a.Users.PromoteUser(context.WithoutCancel(ctx), caller.Email, shop.RoleChange{By: caller.Email, At: a.now()}); err != nil {
		a.Log.ErrorContext(ctx, "an admin who did not delete their account is left a customer", "email", caller.Email, "error", err)
	}
}

// erase does the deletion's steps for an account marked being deleted.
func (a *Accounts) erase(ctx context.Context, u shop.User) error {
	ctx = context.WithoutCancel(ctx) // the sessions have ended: finish
	if err := a.eraseOrders(ctx, u); err != nil {
		return err
	}
	if _, err := a.Erasure.EraseQuotes(ctx, u.Email); err != nil {
		return err
	}
	if _, err := a.Erasure.EraseClaims(ctx, u.Email); err != nil {
		return err
	}
	if _, err := a.Erasure.EraseCancellations(ctx, u.Email); err != nil {
		return err
	}
	if _, err := a.Erasure.EraseReviews(ctx, u.Email, u.DeleteReviews); err != nil {
		return err
	}
	if _, err := a.Erasure.EraseTestIntents(ctx, u.Email); err != nil {
		return err
	}
	if _, err := a.Erasure.EraseGroups(ctx, u.Email); err != nil {
		return err
	}
	if _, err := a.Erasure.EraseIntentRecords(ctx, u.Email); err != nil {
		return err
	}
	if err := a.Erasure.EraseCart(ctx, u.Email); err != nil {
		return err
	}
	if p, err := a.Profiles.FindProfileByEmail(ctx, u.Email); err == nil {
		if _, err := a.Profiles.DeleteProfile(ctx, p.ID, u.Email); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return err
		}
	} else if shop.ErrorCode(err) != shop.ENOTFOUND {
		return err
	}
	if err := a.Users.FinishDeletion(ctx, u.ID); err != nil {
		return err
	}
	a.Mail.Send(ctx, shop.Letter{Kind: shop.LetterAccountDeleted, To: u.Email, Account: &u})
	a.Log.InfoContext(ctx, "an account was deleted at its owner's request", "id", u.ID)
	return nil
}

// eraseOrders cancels the account's unpaid purchases (the one cancel,
// which settles a payment in progress and returns the stock) and erases
// the personal fields of the orders the shop keeps (paid or shipped).
func (a *Accounts) eraseOrders(ctx context.Context, u shop.User) error {
	for skip := 0; ; {
		page, _, err := a.Purchases.Groups.ListGroups(ctx, shop.PurchaseQuery{Email: u.Email, Status: shop.OrderUnpaid, Limit: 100, Skip: skip})
		if err != nil || len(page) == 0 {
			break
		}
		for _, grp := range page {
			_, err := a.Purchases.cancel(ctx, grp, shop.Cancellation{By: shop.CancelledBySystem})
			switch shop.ErrorCode(err) {
			case "", shop.ENOTFOUND:
				continue
			case shop.ECONFLICT:
				// Kept only if it was paid (or shipped) meanwhile; any other
				// conflict (a payment in progress, a cancel under way) is
				// looked at again when the deletion is finished later.
				cur, ferr := a.Purchases.Groups.FindGroup(ctx, grp.ID)
				if shop.ErrorCode(ferr) == shop.ENOTFOUND {
					continue
				}
				if ferr == nil && (cur.Paid || cur.Shipped) {
					skip++
					continue
				}
				return fmt.Errorf("cancel purchase %s of a deleted account: %w", grp.ID, err)
			default:
				return fmt.Errorf("cancel purchase %s of a deleted account: %w", grp.ID, err)
			}
		}
	}
	for {
		page, _, err := a.Orders.ListOwn(ctx, &u, u.Email, 100, 0)
		if err != nil || len(page) == 0 {
			return err
		}
		for _, o := range page {
			if err := a.Erasure.EraseOrder(ctx, o.ID, u.Email); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
				return fmt.Errorf("erase order %s of a deleted account: %w", o.ID, err)
			}
		}
	}
}

// FinishDeletions finishes the deletions that began before cutoff and did
// not end (a crash): at start, and every minute on a shared MongoDB. It
// returns how many it finished.
func (a *Accounts) FinishDeletions(ctx context.Context, cutoff time.Time) (int, error) {
	users, err := a.Users.UsersBeingDeleted(ctx, cutoff)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, u := range users {
		if err := a.erase(ctx, u); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
