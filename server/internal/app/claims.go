package app

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"time"

	"storefront/server/internal/shop"
)

// Claims is the replacement promise: a customer claims a shipped order
// within 2 calendar months; an admin approves (a replacement order is made,
// paid, at no charge) or rejects, once.
type Claims struct {
	Claims      shop.ClaimStore
	Orders      *Orders
	Mail        *Outbox   // may be nil
	Notify      *Notifier // tells the admins of claims; may be nil
	ImagePrefix string    // PUBLIC_URL + "/images/": this store's uploads
	Now         func() time.Time
	Log         *slog.Logger
	Owners      *Owners // a claim made for an account being deleted is erased as the deletion erases them
}

func (c *Claims) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC()
	}
	return time.Now().UTC()
}

// Make stores the owner's claim on a shipped order within the window.
func (c *Claims) Make(ctx context.Context, caller shop.Caller, d shop.ClaimDraft) (shop.Claim, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Claim{}, err
	}
	if err := d.Validate(c.ImagePrefix); err != nil {
		return shop.Claim{}, err
	}
	ord, err := c.Orders.Orders.FindOrder(ctx, d.OrderID)
	if err != nil {
		return shop.Claim{}, err
	}
	if err := shop.RequireOwnerOrHide(caller, ord.Email, orderNoun); err != nil {
		return shop.Claim{}, err
	}
	if err := shop.CheckClaimable(ord, c.now()); err != nil {
		return shop.Claim{}, err
	}
	// Absent, the quantity is the pieces left to claim (the whole line
	// when it was never claimed).
	qty := ord.ProductQuantity - ord.Claimed
	if d.Quantity != nil {
		if *d.Quantity > ord.ProductQuantity {
			return shop.Claim{}, shop.Invalid(shop.MsgClaimInvalid, map[string]string{"quantity": fmt.Sprintf(shop.FieldClaimQuantity, ord.ProductQuantity)})
		}
		qty = *d.Quantity
	}
	if left := ord.ProductQuantity - ord.Claimed; qty > left || qty < 1 {
		return shop.Claim{}, shop.ClaimLeftError(left, ord.ProductQuantity)
	}
	// The claim names the purchase by the number its buyer knows.
	purchaseID, purchaseNumber := shop.PurchaseOf(ord), ord.Number
	if grp, err := c.Orders.Groups.FindGroup(ctx, purchaseID); err == nil {
		purchaseNumber = grp.Number
	} else if shop.ErrorCode(err) != shop.ENOTFOUND {
		return shop.Claim{}, err
	}
	// One guarded write on the line decides whether qty pieces are left to
	// claim (several claims per line: review finding 8); the claim is then
	// stored under the id its pieces are held by. A crash in between leaves
	// a hold without its claim, which RecoverCounts gives back.
	claimID := c.Claims.NewClaimID()
	if err := c.Claims.HoldClaim(ctx, ord.ID, claimID, qty); err != nil {
		return shop.Claim{}, err
	}
	claim, err := c.Claims.InsertClaim(ctx, shop.Claim{ID: claimID, OrderID: ord.ID, OrderNumber: ord.Number, PurchaseID: purchaseID, PurchaseNumber: purchaseNumber,
		ProductName: ord.ProductName, Quantity: qty, Email: caller.Email, Name: caller.Name, Reason: d.Reason, Images: d.Images})
	if err != nil {
		if !uncertain(err) { // not stored: the pieces come back (uncertain: the sweep decides)
			c.settleCount(context.WithoutCancel(ctx), ord.ID, claimID, 0)
		}
		return shop.Claim{}, err
	}
	if err := c.Owners.Keep(ctx, caller, func(ctx context.Context, _ *shop.User) error {
		_, err := c.Owners.Erasure.EraseClaims(ctx, caller.Email)
		return err
	}); err != nil {
		return shop.Claim{}, err
	}
	c.Mail.Send(ctx, append([]shop.Letter{{Kind: shop.LetterClaimReceived, To: claim.Email, Claim: &claim}},
		c.Notify.Letters(ctx, shop.NotifyClaim, shop.Letter{Claim: &claim})...)...)
	return claim, nil
}

// List returns the caller's claims, or every claim to an admin.
func (c *Claims) List(ctx context.Context, caller shop.Caller, limit, skip int) ([]shop.Claim, int64, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return nil, 0, err
	}
	email := caller.Email
	if caller.IsAdmin() {
		email = ""
	}
	return c.Claims.ListClaims(ctx, email, limit, skip)
}

// Decide approves or rejects a requested claim, once (admins). Approval
// reserves the stock of a replacement order (same product, the quantity
// approved: those claimed or fewer; amount 0, paid with transactionId "replacement:<claim number>"); short of
// stock it is refused and nothing changes. The stock is held under the new
// order's id from the first write, so a crash before the order is stored
// gives it back at the next start.
func (c *Claims) Decide(ctx context.Context, caller shop.Caller, id string, d shop.ClaimDecision) (shop.Claim, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.Claim{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.Claim{}, err
	}
	cur, err := c.Claims.FindClaim(ctx, id)
	if err != nil {
		return shop.Claim{}, err
	}
	if cur.Status != shop.ClaimRequested {
		return shop.Claim{}, shop.Errorf(shop.ECONFLICT, shop.MsgClaimDecided)
	}
	var decided shop.Claim
	if d.Status == shop.ClaimRejected {
		decided, err = c.Claims.RejectClaim(ctx, id, d.Note)
	} else {
		decided, err = c.approve(ctx, cur, d.Note, d.Quantity)
	}
	if err != nil {
		return shop.Claim{}, err
	}
	// The line's count keeps what an approval replaced, no more (all the
	// pieces come back on a rejection).
	c.settleCount(ctx, decided.OrderID, decided.ID, decided.Counted(math.MaxInt64))
	c.Mail.Send(ctx, shop.Letter{Kind: shop.LetterClaimDecided, To: decided.Email, Claim: &decided})
	return decided, nil
}

// approve decides the approval with one guarded write (StartApproval marks
// the claim with the replacement order's id and the quantity), and only
// then places the replacement: the same product, qty pieces, amount 0, paid with
// transactionId "replacement:<claim number>". Short of stock, nothing
// changes and the claim stays requested. A crash between the steps is
// settled by Recover.
func (c *Claims) approve(ctx context.Context, cur shop.Claim, note string, want *int64) (shop.Claim, error) {
	o := c.Orders
	ord, err := o.Orders.FindOrder(ctx, cur.OrderID)
	if err != nil {
		return shop.Claim{}, err
	}
	claimed := cur.Quantity
	if claimed == 0 { // (a claim made before issue 49: the whole line)
		claimed = ord.ProductQuantity
	}
	qty := claimed
	if want != nil {
		if *want > claimed {
			return shop.Claim{}, shop.Invalid(shop.MsgClaimDecisionBad, map[string]string{"quantity": fmt.Sprintf(shop.FieldApproveQuantity, claimed)})
		}
		qty = *want
	}
	newID := o.Orders.NewOrderID()
	defer func() {
		if r := recover(); r != nil { // (from the mark on: a panic in it may follow its write)
			_, _ = c.settleApproval(context.WithoutCancel(ctx), cur.ID, newID, ord.ProductID)
			panic(r)
		}
	}()
	if err := c.Claims.StartApproval(ctx, cur.ID, newID, note, qty); err != nil {
		if uncertain(err) { // the mark may be there all the same: drop it (a no-op when not)
			if aerr := c.Claims.AbandonApproval(context.WithoutCancel(ctx), cur.ID, newID); aerr != nil && !isRefusal(aerr) {
				c.Log.ErrorContext(ctx, "an approval's marker is left for the recovery sweep", "claim", cur.ID, "error", aerr)
			}
		}
		return shop.Claim{}, err
	}
	replacement := shop.Order{ID: newID, Name: ord.Name, Email: ord.Email, Image: ord.Image, ProductID: ord.ProductID,
		ProductName: ord.ProductName, ProductPrice: ord.ProductPrice, ProductQuantity: qty, Amount: 0,
		Address: ord.Address, Mobile: ord.Mobile, Country: ord.Country, Paid: true, TransactionID: shop.ReplacementTransaction(cur.Number),
		ReplacementFor: &shop.ClaimRef{ClaimID: cur.ID, Number: cur.Number}}
	if _, absent, err := o.place(ctx, replacement); err != nil {
		if absent {
			if aerr := c.Claims.AbandonApproval(context.WithoutCancel(ctx), cur.ID, newID); aerr != nil {
				c.Log.ErrorContext(ctx, "a refused approval's marker is left for the recovery sweep", "claim", cur.ID, "error", aerr)
			}
		}
		switch shop.ErrorCode(err) {
		case shop.ENOTFOUND:
			return shop.Claim{}, shop.Errorf(shop.ECONFLICT, shop.MsgClaimProductGone, ord.ProductName)
		case shop.ECONFLICT:
			if p, perr := o.Products.FindProduct(ctx, ord.ProductID); perr == nil && p.Available < qty {
				return shop.Claim{}, &shop.Error{Code: shop.ECONFLICT, Message: replacementShort(p.Available, p.Name), Cause: err}
			}
		}
		return shop.Claim{}, err
	}
	decided, err := c.Claims.FinishApproval(ctx, cur.ID, newID)
	if err != nil {
		// The replacement stands; the recovery sweep marks the claim approved.
		c.Log.ErrorContext(ctx, "a claim's replacement is placed but the claim is not yet marked approved", "claim", cur.ID, "error", err)
		return shop.Claim{}, err
	}
	return decided, nil
}

// settleApproval ends an approval whose steps were interrupted: the
// replacement order exists, the claim is approved; it does not, the
// approval is dropped (and the stock it may hold comes back). It reports
// whether the claim was approved.
func (c *Claims) settleApproval(ctx context.Context, claimID, orderID, productID string) (approved bool, err error) {
	_, exists, known := c.Orders.settle(ctx, productID, orderID)
	switch {
	case !known:
		return false, shop.Errorf(shop.EUNAVAILABLE, "The replacement order of claim %s could not be read.", claimID)
	case exists:
		_, err = c.Claims.FinishApproval(ctx, claimID, orderID)
		return err == nil, err
	}
	return false, c.Claims.AbandonApproval(ctx, claimID, orderID)
}

// Recover settles the approvals begun before cutoff and not ended (a crash
// between their steps): approved when the replacement order exists,
// requested again otherwise. Run it after RecoverStock.
func (c *Claims) Recover(ctx context.Context, cutoff time.Time) (approved, reopened int, err error) {
	stale, err := c.Claims.StaleApprovals(ctx, cutoff)
	if err != nil {
		return 0, 0, err
	}
	for _, cl := range stale {
		ord, err := c.Orders.Orders.FindOrder(ctx, cl.OrderID)
		if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return approved, reopened, err
		}
		ok, err := c.settleApproval(ctx, cl.ID, cl.ReplacementOrderID, ord.ProductID)
		switch {
		case err != nil && shop.ErrorCode(err) != shop.ECONFLICT: // (ECONFLICT: ended meanwhile)
			return approved, reopened, err
		case ok:
			approved++
		case err == nil:
			reopened++
		}
	}
	return approved, reopened, nil
}

// settleCount ends a claim's hold on its line, keeping keep pieces
// claimed; when it fails, the decision stands and RecoverCounts settles
// the hold at the next start.
func (c *Claims) settleCount(ctx context.Context, orderID, claimID string, keep int64) {
	if err := c.Claims.SettleClaimHold(ctx, orderID, claimID, keep); err != nil {
		c.Log.ErrorContext(ctx, "a claim's pieces on its line are left for the recovery sweep", "claim", claimID, "error", err)
	}
}

// RecoverCounts settles the claims' holds on their lines written before
// cutoff: a hold whose claim was never stored (a crash between the two
// writes, or the claim erased since) or was rejected gives its pieces
// back; an approved claim's keeps the pieces replaced (a crash before
// the settling); an open claim's stays. It reports how many holds gave
// all their pieces back, and how many kept an approval's. Run it after
// Recover.
func (c *Claims) RecoverCounts(ctx context.Context, cutoff time.Time) (givenBack, kept int, err error) {
	holds, err := c.Claims.StaleClaimHolds(ctx, cutoff)
	if err != nil {
		return 0, 0, err
	}
	for _, h := range holds {
		keep := int64(0)
		cl, err := c.Claims.FindClaim(ctx, h.ClaimID)
		switch {
		case shop.ErrorCode(err) == shop.ENOTFOUND:
		case err != nil:
			return givenBack, kept, err
		case cl.Status == shop.ClaimRequested:
			continue
		default:
			keep = cl.Counted(h.Qty)
		}
		if err := c.Claims.SettleClaimHold(ctx, h.OrderID, h.ClaimID, keep); err != nil {
			return givenBack, kept, err
		}
		if keep > 0 {
			kept++
		} else {
			givenBack++
		}
	}
	return givenBack, kept, nil
}

func replacementShort(available int64, name string) string {
	return fmt.Sprintf(shop.MsgReplacementShort, available, name)
}
