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
	err := a.deleteAccount(ctx, *caller, caller.SessionVersion, d.DeleteReviews, caller.Email)
	if shop.IsNoAdminLeft(err) {
		return shop.ErrLastAdmin()
	}
	return err
}

// deleteAccount is the one deletion of an account, its owner's (at the
// session version of their request) or an admin's (shop.AnySession, by
// the admin's e-mail): an admin's role goes first (refused with
// ErrNoAdminLeft for the last admin), then the marker, then the erasure.
func (a *Accounts) deleteAccount(ctx context.Context, u shop.User, version int64, deleteReviews bool, by string) error {
	if u.IsAdmin() {
		if err := a.stepDown(ctx, u, by); err != nil {
			return err
		}
	}
	marked, err := a.Users.BeginDeletion(ctx, u.ID, version, a.now(), deleteReviews)
	if err != nil {
		if u.IsAdmin() {
			a.restoreAdmin(ctx, u, by)
		}
		return err
	}
	return a.erase(ctx, marked)
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
func (a *Accounts) stepDown(ctx context.Context, u shop.User, by string) error {
	_, err := a.Users.DemoteUser(ctx, u.Email, shop.RoleChange{By: by, At: a.now()})
	return err
}

func (a *Accounts) restoreAdmin(ctx context.Context, u shop.User, by string) {
	if _, err := a.Users.PromoteUser(context.WithoutCancel(ctx), u.Email, shop.RoleChange{By: by, At: a.now()}); err != nil {
		a.Log.ErrorContext(ctx, "an admin whose account was not deleted is left a customer", "email", u.Email, "error", err)
	}
}

// erase does the deletion's steps for an account marked being deleted.
// An unpaid order that could not be cancelled yet (another cancel of it
// under way) keeps the account marked: every other step is done, and the
// recovery sweep (FinishDeletions) cancels it and finishes the deletion.
func (a *Accounts) erase(ctx context.Context, u shop.User) error {
	ctx = context.WithoutCancel(ctx) // the sessions have ended: finish
	a.dropSessions(ctx, u.ID, "")
	waiting, err := a.cancelUnpaid(ctx, u)
	if err != nil {
		return err
	}
	if waiting > 0 {
		// Everything is left as it is (the account marked, its sessions
		// ended): the recovery sweep (FinishDeletions) erases it whole once
		// those purchases can be cancelled.
		a.Log.WarnContext(ctx, "an account deletion waits for the recovery sweep: unpaid purchases are being cancelled or paid by another request",
			"id", u.ID, "purchases", waiting)
		return nil
	}
	if err := a.eraseKeptOrders(ctx, u); err != nil {
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
	if err := a.Erasure.EraseMembership(ctx, u.Email); err != nil {
		return err
	}
	if _, err := a.Erasure.EraseInvitations(ctx, u.Email); err != nil {
		return err
	}
	// Issue 49: the address book, and the tax exemption with its
	// certificate (the purchases keep the number they were placed under).
	if a.Addresses != nil {
		if err := a.Addresses.EraseAddresses(ctx, u.Email); err != nil {
			return err
		}
	}
	if a.TaxExemptions != nil {
		if err := a.TaxExemptions.EraseTaxExemption(ctx, u.Email); err != nil {
			return err
		}
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
	a.Log.InfoContext(ctx, "an account was deleted", "id", u.ID)
	return nil
}

// cancelUnpaid cancels the account's unpaid purchases, each whole through
// the one cancel (which settles a payment in progress and gives the stock
// back). One that cannot be cancelled now (a cancel or a payment of it
// under way) is waited for: how many wait is returned.
func (a *Accounts) cancelUnpaid(ctx context.Context, u shop.User) (waiting int, err error) {
	if err := a.groupLoneOrders(ctx, u); err != nil {
		return 0, err
	}
	wait := map[string]bool{}
	for {
		page, _, err := a.Purchases.Groups.ListGroups(ctx, shop.PurchaseQuery{Email: u.Email, Status: shop.OrderUnpaid, Limit: 100, Skip: len(wait)})
		if err != nil {
			return 0, err
		}
		progress := false
		for _, grp := range page {
			if wait[grp.ID] {
				continue
			}
			progress = true
			done, err := a.cancelErased(ctx, grp)
			if err != nil {
				return 0, err
			}
			if !done {
				wait[grp.ID] = true
			}
		}
		if !progress {
			return len(wait), nil
		}
	}
}

// groupLoneOrders gives each unpaid order of the account that has no
// purchase yet (its group's insert lost, or still on its way) its group of
// one, so that the purchases' cancel finds it.
func (a *Accounts) groupLoneOrders(ctx context.Context, u shop.User) error {
	for skip := 0; ; skip += 100 {
		page, _, err := a.Orders.ListOwn(ctx, &u, u.Email, 100, skip)
		if err != nil || len(page) == 0 {
			return err
		}
		for _, o := range page {
			if o.Group != "" || o.Paid || o.Shipped {
				continue
			}
			if _, err := a.Purchases.Groups.FindGroup(ctx, o.ID); shop.ErrorCode(err) == shop.ENOTFOUND {
				err = a.Purchases.Groups.EnsureSingleGroup(ctx, o)
			}
			if err != nil {
				return err
			}
		}
	}
}

// cancelErased cancels an unpaid purchase of an account being deleted. A
// 409 is told apart by reading the purchase again: gone (another cancel
// took it) or paid or shipped meanwhile (the shop keeps it), it is done;
// still unpaid, another's cancel or a payment is under way: it is tried
// again a few times, then left (done false) for the sweep.
func (a *Accounts) cancelErased(ctx context.Context, grp shop.Group) (done bool, err error) {
	for attempt := 0; ; attempt++ {
		_, err := a.Purchases.cancel(ctx, grp, &shop.Cancellation{By: shop.CancelledBySystem})
		switch shop.ErrorCode(err) {
		case "", shop.ENOTFOUND:
			return true, nil
		case shop.ECONFLICT:
		default:
			return false, fmt.Errorf("cancel purchase %s of a deleted account: %w", grp.ID, err)
		}
		cur, ferr := a.Purchases.Groups.FindGroup(ctx, grp.ID)
		switch {
		case shop.ErrorCode(ferr) == shop.ENOTFOUND:
			return true, nil // cancelled by the other
		case ferr != nil:
			return false, ferr
		case cur.Paid || cur.Shipped:
			return true, nil // the shop keeps it (erased with the rest)
		case attempt >= 2:
			return false, nil
		}
		grp = cur
		time.Sleep(time.Duration(attempt+1) * 50 * time.Millisecond)
	}
}

// eraseKeptOrders replaces the personal fields of the orders the shop
// keeps (paid or shipped). Each leaves the customer's list, so the first
// page is read until it is empty.
func (a *Accounts) eraseKeptOrders(ctx context.Context, u shop.User) error {
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
