package app

import (
	"context"
	"fmt"
	"strings"

	"storefront/server/internal/shop"
)

// Groups is order groups (issue 34): a checkout of several products as
// spec-shaped orders under one group, paid once and cancelled whole.
type Groups struct {
	Groups   shop.GroupStore
	Products shop.ProductStore
	Orders   *Orders   // places and withdraws the group's orders
	Payments *Payments // settles a payment in progress before a cancel
}

// Checkout places one order per line, all or none, under a new group.
func (g *Groups) Checkout(ctx context.Context, caller shop.Caller, d shop.CheckoutDraft) (shop.Group, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Group{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.Group{}, err
	}
	orders := make([]shop.Order, 0, len(d.Items))
	fields := map[string]string{}
	var short []string
	for i, it := range d.Items {
		p, err := g.Products.FindProduct(ctx, it.ProductID)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			fields[fmt.Sprintf("items[%d].productId", i)] = "is not a product of this store"
			continue
		}
		if err != nil {
			return shop.Group{}, err
		}
		if it.Quantity < p.Minimum {
			fields[fmt.Sprintf("items[%d].quantity", i)] = "must be at least the minimum order of " + itoa64(p.Minimum)
			continue
		}
		if p.Available < it.Quantity {
			short = append(short, fmt.Sprintf("%s (%d left)", p.Name, p.Available))
		}
		orders = append(orders, shop.Order{Name: caller.Name, Email: caller.Email, Image: p.Image, ProductID: p.ID, ProductName: p.Name,
			ProductPrice: p.Price, ProductQuantity: it.Quantity, Amount: int64(p.Price) * it.Quantity, Address: d.Address, Mobile: d.Mobile})
	}
	if err := shop.Invalid("The checkout is not valid.", fields); err != nil {
		return shop.Group{}, err
	}
	if len(short) > 0 {
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgShortLines, strings.Join(short, ", "))
	}
	grp := shop.Group{ID: g.Groups.NewGroupID(), Email: caller.Email, PONumber: d.PONumber, Company: d.Company}
	placed, err := g.place(ctx, grp, orders)
	if shop.ErrorCode(err) == shop.ECONFLICT && strings.Contains(shop.ErrorMessage(err), "left in stock") {
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgShortLines, shop.ErrorMessage(err))
	}
	return placed, err
}

// place stores the group (placing), then places its orders one by one;
// when one cannot be placed, those placed are withdrawn (their stock given
// back) and the group deleted. The orders' ids, taxes and the group's
// total are set here, the tax as Orders.place computes it.
func (g *Groups) place(ctx context.Context, grp shop.Group, orders []shop.Order) (shop.Group, error) {
	grp.OrderIDs = make([]string, len(orders))
	var total, tax int64
	for i := range orders {
		if orders[i].ID == "" {
			orders[i].ID = g.Orders.Orders.NewOrderID()
		}
		orders[i].Group = grp.ID
		grp.OrderIDs[i] = orders[i].ID
		t := shop.TaxOf(orders[i].Amount, g.Orders.TaxRate)
		total, tax = total+orders[i].Amount+t, tax+t
	}
	grp.Total, grp.Tax = shop.Cents(total), shop.Cents(tax)
	stored, err := g.Groups.InsertGroup(ctx, grp)
	if err != nil {
		return shop.Group{}, err
	}
	placed := make([]shop.Order, 0, len(orders))
	for _, ord := range orders {
		p, _, err := g.Orders.place(ctx, ord)
		if err != nil {
			g.undo(ctx, stored)
			return shop.Group{}, err
		}
		placed = append(placed, p)
	}
	if err := g.Groups.FinishPlacing(ctx, stored.ID); err != nil {
		return shop.Group{}, err
	}
	stored.Placing = false
	letters := make([]shop.Letter, 0, 2*len(placed))
	for i := range placed {
		letters = append(letters, shop.Letter{Kind: shop.LetterOrderPlaced, To: placed[i].Email, Order: &placed[i]})
		letters = append(letters, g.Orders.Notify.Letters(ctx, shop.NotifyNewOrder, shop.Letter{Order: &placed[i]})...)
	}
	g.Orders.Mail.Send(ctx, letters...)
	return stored, nil
}

// undo withdraws the orders of a group being placed, newest first, and
// deletes it.
func (g *Groups) undo(ctx context.Context, grp shop.Group) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	for i := len(grp.OrderIDs) - 1; i >= 0; i-- {
		if err := g.Orders.withdraw(ctx, grp.OrderIDs[i], nil); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			g.Orders.Log.ErrorContext(ctx, "an undone checkout's order could not be withdrawn", "group", grp.ID, "order", grp.OrderIDs[i], "error", err)
			return // the group stays, placing: it is cancelled with what stands
		}
	}
	if err := g.Groups.DeleteGroup(ctx, grp.ID, ""); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
		g.Orders.Log.ErrorContext(ctx, "an undone checkout's group could not be deleted", "group", grp.ID, "error", err)
	}
}

// Get returns a group to its owner or an admin (to anyone else it does
// not exist).
func (g *Groups) Get(ctx context.Context, caller shop.Caller, id string) (shop.Group, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Group{}, err
	}
	grp, err := g.Groups.FindGroup(ctx, id)
	if err != nil {
		return shop.Group{}, err
	}
	return grp, shop.RequireOwnerOrAdminOrHide(caller, grp.Email, shop.MsgGroupNoun)
}

// Show answers GET /groups/{id}: the group with its orders, its invoice
// number and the number of the quote it came from.
func (g *Groups) Show(ctx context.Context, caller shop.Caller, id string) (shop.Group, error) {
	grp, err := g.Get(ctx, caller, id)
	if err != nil {
		return shop.Group{}, err
	}
	grp.Orders = make([]shop.Order, 0, len(grp.OrderIDs))
	for _, oid := range grp.OrderIDs {
		ord, err := g.Orders.Orders.FindOrder(ctx, oid)
		switch shop.ErrorCode(err) {
		case "":
			grp.Orders = append(grp.Orders, ord)
		case shop.ENOTFOUND: // withdrawn by a cancel under way
		default:
			return shop.Group{}, err
		}
	}
	if err := g.Orders.Invoices.Number(ctx, grp.Orders); err != nil {
		return shop.Group{}, err
	}
	if err := g.Orders.Invoices.NumberGroup(ctx, &grp); err != nil {
		return shop.Group{}, err
	}
	grp.QuoteNumber = g.Orders.Invoices.quoteNumber(ctx, grp.QuoteID)
	return grp, nil
}

// Cancel cancels an unpaid group whole (its owner or an admin): one
// guarded write on the group decides it, and only its winner withdraws the
// orders (each giving its stock back once) and deletes the group.
func (g *Groups) Cancel(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	return g.CancelAs(ctx, caller, id, "")
}

// CancelAs is Cancel, recorded as cancelled by by ("": the buyer, or an
// admin when the caller is one and not the buyer).
func (g *Groups) CancelAs(ctx context.Context, caller shop.Caller, id string, by shop.CancelledBy) (shop.DeleteResult, error) {
	grp, err := g.Get(ctx, caller, id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if grp.Paid {
		return shop.DeleteResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupPaid)
	}
	if g.Payments != nil {
		if err := g.Payments.settleGroupBeforeCancel(ctx, grp); err != nil {
			return shop.DeleteResult{}, err
		}
	}
	marker := newMarker()
	if _, err := g.Groups.BeginCancelGroup(ctx, id, marker); err != nil {
		return shop.DeleteResult{}, err
	}
	if by == "" {
		by = shop.CancelledByBuyer
		if caller.IsAdmin() && caller.Email != shop.NormalizeEmail(grp.Email) {
			by = shop.CancelledByAdmin
		}
	}
	n := int64(0)
	for i := len(grp.OrderIDs) - 1; i >= 0; i-- {
		switch err := g.Orders.withdraw(ctx, grp.OrderIDs[i], &shop.Cancellation{By: by}); shop.ErrorCode(err) {
		case "":
			n++
		case shop.ENOTFOUND:
		default:
			// The group keeps its marker: it is neither payable nor
			// cancellable again until an admin looks (logged).
			g.Orders.Log.ErrorContext(ctx, "a group's cancel stopped at one of its orders", "group", id, "order", grp.OrderIDs[i], "error", err)
			return shop.DeleteResult{}, err
		}
	}
	if err := g.Groups.DeleteGroup(ctx, id, marker); err != nil {
		return shop.DeleteResult{}, err
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: n}, nil
}

// Ship ships every order of the group not shipped yet (admins), with the
// carrier and tracking number; each order's shipping is its own guarded
// write, and its e-mail carries them.
func (g *Groups) Ship(ctx context.Context, caller shop.Caller, id string, t shop.Tracking) (shop.UpdateResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.UpdateResult{}, err
	}
	if err := t.Validate(); err != nil {
		return shop.UpdateResult{}, err
	}
	grp, err := g.Groups.FindGroup(ctx, id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	if grp.Placing {
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupPlacing)
	}
	res := shop.UpdateResult{Acknowledged: true}
	for _, oid := range grp.OrderIDs {
		r, err := g.Orders.ShipTracked(ctx, caller, oid, t)
		switch shop.ErrorCode(err) {
		case "":
			res.MatchedCount++
			res.ModifiedCount += r.ModifiedCount
		case shop.ECONFLICT: // shipped already
			res.MatchedCount++
		case shop.ENOTFOUND: // cancelled meanwhile
		default:
			return res, err
		}
	}
	return res, nil
}

// inGroup refuses a spec single-order call on an order of a group.
func inGroup(ord shop.Order) error {
	if ord.Group == "" {
		return nil
	}
	return shop.Errorf(shop.ECONFLICT, shop.MsgInGroup)
}
