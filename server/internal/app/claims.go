package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"storefront/server/internal/shop"
)

// Claims is the replacement promise: a customer claims a shipped order
// within 2 calendar months; an admin approves (a replacement order is made,
// paid, at no charge) or rejects, once.
type Claims struct {
	Claims      shop.ClaimStore
	Orders      *Orders
	Mail        *Outbox // may be nil
	ImagePrefix string  // PUBLIC_URL + "/images/": this store's uploads
	Now         func() time.Time
	Log         *slog.Logger
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
	claim, err := c.Claims.InsertClaim(ctx, shop.Claim{OrderID: ord.ID, OrderNumber: ord.Number, ProductName: ord.ProductName,
		Email: caller.Email, Name: caller.Name, Reason: d.Reason, Images: d.Images})
	if err != nil {
		return shop.Claim{}, err
	}
	c.Mail.Send(ctx, shop.Letter{Kind: shop.LetterClaimReceived, To: claim.Email, Claim: &claim})
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
// reserves the stock of a replacement order (same product and quantity,
// amount 0, paid with transactionId "replacement:<claim number>"); short of
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
		decided, err = c.Claims.DecideClaim(ctx, id, shop.ClaimRejected, d.Note, "")
	} else {
		decided, err = c.approve(ctx, cur, d.Note)
	}
	if err != nil {
		return shop.Claim{}, err
	}
	c.Mail.Send(ctx, shop.Letter{Kind: shop.LetterClaimDecided, To: decided.Email, Claim: &decided})
	return decided, nil
}

func (c *Claims) approve(ctx context.Context, cur shop.Claim, note string) (shop.Claim, error) {
	o := c.Orders
	ord, err := o.Orders.FindOrder(ctx, cur.OrderID)
	if err != nil {
		return shop.Claim{}, err
	}
	newID := o.Orders.NewOrderID()
	switch err := o.Products.ReserveStock(ctx, ord.ProductID, newID, ord.ProductQuantity); shop.ErrorCode(err) {
	case "":
	case shop.ENOTFOUND:
		return shop.Claim{}, shop.Errorf(shop.ECONFLICT, shop.MsgClaimProductGone, ord.ProductName)
	case shop.ECONFLICT:
		if p, perr := o.Products.FindProduct(ctx, ord.ProductID); perr == nil && p.Available < ord.ProductQuantity {
			return shop.Claim{}, &shop.Error{Code: shop.ECONFLICT, Message: replacementShort(p.Available, p.Name), Cause: err}
		}
		return shop.Claim{}, err
	default:
		return shop.Claim{}, err
	}
	decided, err := c.Claims.DecideClaim(ctx, cur.ID, shop.ClaimApproved, note, newID)
	if err != nil {
		o.finish(ctx, ord.ProductID, newID, o.Products.ReleaseStock) // decided by someone else meanwhile
		return shop.Claim{}, err
	}
	replacement := shop.Order{ID: newID, Name: ord.Name, Email: ord.Email, Image: ord.Image, ProductID: ord.ProductID,
		ProductName: ord.ProductName, ProductPrice: ord.ProductPrice, ProductQuantity: ord.ProductQuantity, Amount: 0,
		Address: ord.Address, Mobile: ord.Mobile, Paid: true, TransactionID: shop.ReplacementTransaction(cur.Number)}
	if _, err := o.Orders.InsertOrder(ctx, replacement); err != nil {
		o.settle(ctx, ord.ProductID, newID)
		if _, ferr := o.Orders.FindOrder(context.WithoutCancel(ctx), newID); shop.ErrorCode(ferr) == shop.ENOTFOUND {
			if uerr := c.Claims.UndoApproval(context.WithoutCancel(ctx), cur.ID, newID); uerr != nil {
				c.Log.ErrorContext(ctx, "a claim is approved but its replacement order was not stored", "claim", cur.ID, "error", uerr)
			}
		}
		return shop.Claim{}, err
	}
	o.finish(ctx, ord.ProductID, newID, o.Products.KeepStock)
	shop.Tell(o.Telemetry, shop.EventOrderCreated)
	return decided, nil
}

func replacementShort(available int64, name string) string {
	return fmt.Sprintf(shop.MsgReplacementShort, available, name)
}
