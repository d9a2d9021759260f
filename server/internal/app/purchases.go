package app

import (
	"context"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Purchases is the one purchase lifecycle (issue 43). A purchase is a
// group (shop.Group) and its lines, spec-shaped orders; every purchase has
// one, whatever made it: the spec's POST /order (a group of one, under its
// order's id and number), a cart's POST /checkout, an accepted quote, an
// approved claim's replacement. Each change is decided by one guarded
// write on the group and the lines follow:
//
//	place   the group (placing) then each line, or a single order's line
//	        then its group of one
//	pay     MarkGroupPaid, then each line (payments.go)
//	ship    ShipGroup, then each line
//	cancel  BeginCancelGroup, then each line withdrawn (its stock back), then
//	        the group deleted
//	expire  a placed purchase unpaid for RESERVATION_TTL: cancel
//
// The spec's single-order calls are thin adapters over it (orders.go): a
// line of a larger purchase answers 409 naming its purchase.
type Purchases struct {
	Groups   shop.GroupStore
	Orders   *Orders
	Products shop.ProductStore
	Payments *Payments // settles a payment before a cancel; may be nil
	// UnpaidLimit is UNPAID_LIMIT: the most placed, unpaid purchases an
	// account may hold (0: no limit); UnpaidLimitUnverified the most until
	// its address is verified.
	UnpaidLimit, UnpaidLimitUnverified int
	// ReservationTTL is RESERVATION_TTL: an unpaid purchase older than it
	// is cancelled (0: never), its buyer reminded at half of it.
	ReservationTTL time.Duration
	// Owners undoes a purchase placed for an account whose deletion has
	// begun (issue 44); nil: none is.
	Owners *Owners
	// Members are the companies' memberships (issue 45): a member's
	// company's prices, and their limit per purchase; nil: none.
	Members interface {
		FindMember(ctx context.Context, email string) (shop.Member, error)
		FindCompany(ctx context.Context, id string) (shop.Company, error)
		ListMembers(ctx context.Context, companyID string) ([]shop.Member, error) // a purchase's approvers (approvals.go)
	}
	// Exemptions are the buyers' tax exemptions (issue 49): a purchase
	// placed while its buyer's is approved is charged no tax; nil: none.
	Exemptions interface {
		ExemptionOf(ctx context.Context, email string) (*shop.TaxExemptRef, error)
	}
	// Issue 48: the shipping methods (nil: none, free delivery), whether
	// tax applies to shipping (TAX_SHIPPING) and the method a purchase
	// that names none is charged (DEFAULT_SHIPPING_METHOD, an id; "":
	// free delivery).
	Shipping    shop.ShippingStore
	TaxShipping bool
	// Credit holds the credit of purchases on account (issue 45, terms.go);
	// nil: none can be.
	Credit                shop.TermsStore
	DefaultShippingMethod string
	Now                   func() time.Time
}

// Link joins the three services of the lifecycle, each of which calls the
// others: the wiring and the tests build them with it.
func Link(o *Orders, p *Purchases, pay *Payments) {
	o.Purchases, o.Payments = p, pay
	p.Orders, p.Payments = o, pay
	pay.Purchases = p
}

func (p *Purchases) now() time.Time {
	if p.Now != nil {
		return p.Now().UTC()
	}
	return time.Now().UTC()
}

// DefaultUnpaidLimit and DefaultUnpaidLimitUnverified are UNPAID_LIMIT's
// defaults; DefaultReservationTTL is RESERVATION_TTL's.
const (
	DefaultUnpaidLimit           = 10
	DefaultUnpaidLimitUnverified = 3
	DefaultReservationTTL        = 72 * time.Hour
)

// keep is the check after a purchase is placed for caller: when the
// account's deletion has begun meanwhile (the erasure may have listed its
// purchases before this one was stored), the purchase is cancelled again
// and the request answered as the ended session it came from (401).
func (p *Purchases) keep(ctx context.Context, caller shop.Caller, id string) error {
	return p.Owners.Keep(ctx, caller, func(ctx context.Context, _ *shop.User) error {
		grp, err := p.Groups.FindGroup(ctx, id)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			// A single order whose group's insert is still on its way: made
			// now (the late insert then finds it there), to be cancelled.
			if ord, oerr := p.Orders.Orders.FindOrder(ctx, id); oerr == nil && ord.Group == "" {
				if err = p.Groups.EnsureSingleGroup(ctx, ord); err == nil {
					grp, err = p.Groups.FindGroup(ctx, id)
				}
			}
		}
		if err == nil {
			_, err = p.cancel(ctx, grp, nil) // (undone: no record of what its buyer never had)
		}
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			return nil
		}
		return err
	})
}

// mayPlace refuses a purchase of a caller who holds too many unpaid ones.
func (p *Purchases) mayPlace(ctx context.Context, caller shop.Caller) error {
	limit, msg := p.UnpaidLimit, shop.MsgUnpaidLimit
	if limit <= 0 {
		return nil
	}
	if !caller.EmailVerified && p.UnpaidLimitUnverified > 0 && p.UnpaidLimitUnverified < limit {
		limit, msg = p.UnpaidLimitUnverified, shop.MsgUnpaidLimitUnverified
	}
	n, err := p.Groups.CountUnpaidGroups(ctx, caller.Email)
	if err != nil {
		return err
	}
	if n >= int64(limit) {
		return shop.Errorf(shop.ECONFLICT, msg, n)
	}
	return nil
}

// taxing is how a purchase placed now for email is taxed: TAX_RATE, or
// nothing under the buyer's approved tax exemption (issue 49). Every way
// of placing a purchase asks it once, and its lines carry the exemption
// (Orders.lineTax).
func (p *Purchases) taxing(ctx context.Context, email string) (shop.Taxing, error) {
	t := shop.Taxing{Rate: p.Orders.TaxRate}
	if p.Exemptions == nil {
		return t, nil
	}
	ex, err := p.Exemptions.ExemptionOf(ctx, email)
	t.Exemption = ex
	return t, err
}

// totalWithTax is what lines of these amounts (cents, before tax) cost
// taxed as t, each line's tax as Orders.place computes it.
func (p *Purchases) totalWithTax(t shop.Taxing, amounts ...int64) shop.Cents {
	var total int64
	for _, a := range amounts {
		total += a + t.Of(a)
	}
	return shop.Cents(total)
}

// Checkout places one order per line, all or none, as one purchase.
func (p *Purchases) Checkout(ctx context.Context, caller shop.Caller, d shop.CheckoutDraft) (shop.Group, error) {
	return p.checkout(ctx, caller, d, "")
}

// checkout is Checkout; id, when given, is the purchase's and its one
// line's (POST /order on account: orderOnAccount).
func (p *Purchases) checkout(ctx context.Context, caller shop.Caller, d shop.CheckoutDraft, id string) (shop.Group, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Group{}, err
	}
	if err := p.Orders.Addresses.Deliver(ctx, caller, &d.Delivery); err != nil {
		return shop.Group{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.Group{}, err
	}
	if d.Payment != shop.PayOnAccount { // (on account: not counted, issue 45)
		if err := p.mayPlace(ctx, caller); err != nil {
			return shop.Group{}, err
		}
	}
	taxing, err := p.taxing(ctx, caller.Email)
	if err != nil {
		return shop.Group{}, err
	}
	b, err := p.buyerOf(ctx, caller)
	if err != nil {
		return shop.Group{}, err
	}
	company, err := b.purchaseTerms(d.PONumber, d.Company)
	if err != nil {
		return shop.Group{}, err
	}
	orders, products, short, err := p.priceLines(ctx, caller, b, taxing, d)
	if err != nil {
		return shop.Group{}, err
	}
	if len(short) > 0 {
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgShortLines, strings.Join(short, ", "))
	}
	fig, err := p.figures(ctx, orders, products, d.Delivery, taxing)
	if err != nil {
		return shop.Group{}, err
	}
	above, err := b.aboveLimit(fig.Total)
	if err != nil {
		return shop.Group{}, err
	}
	account, err := accountCheckout(b, d.Payment, fig)
	if err != nil {
		return shop.Group{}, err
	}
	if id == "" {
		id = p.Groups.NewGroupID()
	} else {
		orders[0].ID = id
	}
	grp := shop.Group{ID: id, Email: caller.Email, PONumber: d.PONumber, Company: company,
		Shipping: fig.Line, AwaitingFreight: fig.FreightOnQuote, CompanyID: b.companyID(), AwaitingApproval: above}
	if account != nil { // on account (terms.go): its credit is held as it is placed, awaiting approval or not
		grp.Payment, grp.CompanyID = shop.PayOnAccount, account.ID
	}
	placed, err := p.placeLines(ctx, grp, orders)
	if shop.ErrorCode(err) == shop.ECONFLICT && strings.Contains(shop.ErrorMessage(err), "left in stock") {
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgShortLines, shop.ErrorMessage(err))
	}
	if err != nil {
		return shop.Group{}, err
	}
	if err := p.keep(ctx, caller, placed.ID); err != nil {
		return shop.Group{}, err
	}
	p.tellPlaced(ctx, placed)
	return placed, nil
}

// placeLines stores a purchase of several lines: the group (placing), then
// its orders one by one; when one cannot be placed, those placed are
// withdrawn (their stock given back) and the group deleted. The orders'
// ids, taxes and the group's total are set here, the tax as Orders.place
// computes it. It returns the group with its orders.
func (p *Purchases) placeLines(ctx context.Context, grp shop.Group, orders []shop.Order) (shop.Group, error) {
	grp.OrderIDs = make([]string, len(orders))
	var total, tax int64
	for i := range orders {
		if orders[i].ID == "" {
			orders[i].ID = p.Orders.Orders.NewOrderID()
		}
		orders[i].Group = grp.ID
		grp.OrderIDs[i] = orders[i].ID
		t := p.Orders.lineTax(orders[i])
		total, tax = total+orders[i].Amount+t, tax+t
	}
	if s := grp.Shipping; s != nil { // issue 48: the delivery line
		total, tax = total+int64(s.Price+s.Tax), tax+int64(s.Tax)
	}
	grp.Total, grp.Tax, grp.Placing = shop.Cents(total), shop.Cents(tax), true
	stored, err := p.Groups.InsertGroup(ctx, grp)
	if err != nil {
		return shop.Group{}, err
	}
	if err := p.holdCredit(ctx, stored); err != nil { // on account (terms.go): nothing placed yet
		p.undo(ctx, stored)
		return shop.Group{}, err
	}
	placed := make([]shop.Order, 0, len(orders))
	for _, ord := range orders {
		o, _, err := p.Orders.place(ctx, ord)
		if err != nil {
			if uncertain(err) {
				// A write that may still land: the group stays placing, and
				// the recovery sweep undoes the checkout once none can.
				p.Orders.Log.ErrorContext(ctx, "a checkout whose line failed is left for the recovery sweep", "group", stored.ID, "error", err)
				return shop.Group{}, err
			}
			p.undo(ctx, stored)
			return shop.Group{}, err
		}
		placed = append(placed, o)
	}
	if err := p.Groups.FinishPlacing(ctx, stored.ID); err != nil {
		return shop.Group{}, err
	}
	stored.Placing = false
	stored.Orders = placed
	return stored.Described(), nil
}

// tellPlaced writes a new purchase's e-mails: one to its buyer, one to
// each admin who wants it, in one insert.
func (p *Purchases) tellPlaced(ctx context.Context, grp shop.Group) {
	o := p.Orders
	o.Mail.Send(ctx, append([]shop.Letter{{Kind: shop.LetterOrderPlaced, To: grp.Email, Group: &grp}},
		o.Notify.Letters(ctx, shop.NotifyNewOrder, shop.Letter{Group: &grp})...)...)
	p.tellApprovers(ctx, grp)
}

// undo withdraws the orders of a group being placed, newest first, and
// deletes it.
func (p *Purchases) undo(ctx context.Context, grp shop.Group) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	if err := p.withdrawAll(ctx, grp, nil); err != nil {
		p.Orders.Log.ErrorContext(ctx, "an undone checkout's order could not be withdrawn", "group", grp.ID, "error", err)
		return // the group stays, placing: the recovery sweep undoes what stands
	}
	if err := p.Groups.DeleteGroup(ctx, grp.ID, ""); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
		p.Orders.Log.ErrorContext(ctx, "an undone checkout's group could not be deleted", "group", grp.ID, "error", err)
	}
}

// find returns the purchase with this id. A single order stored before
// purchases had groups (or whose group a crash left unwritten) gets its
// group of one now, once its placing is long over.
func (p *Purchases) find(ctx context.Context, id string) (shop.Group, error) {
	grp, err := p.Groups.FindGroup(ctx, id)
	if shop.ErrorCode(err) != shop.ENOTFOUND {
		return grp, err
	}
	ord, oerr := p.Orders.Orders.FindOrder(ctx, id)
	if oerr != nil || ord.Group != "" {
		return shop.Group{}, err
	}
	if p.now().Sub(ord.CreatedAt) < settleTimeout {
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupPlacing)
	}
	if err := p.Groups.EnsureSingleGroup(ctx, ord); err != nil {
		return shop.Group{}, err
	}
	return p.Groups.FindGroup(ctx, id)
}

// Get returns a purchase to its buyer or an admin (to anyone else it does
// not exist).
func (p *Purchases) Get(ctx context.Context, caller shop.Caller, id string) (shop.Group, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Group{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Group{}, shop.NotFound(shop.MsgGroupNoun)
	}
	grp, err := p.find(ctx, id)
	if err != nil {
		return shop.Group{}, err
	}
	return grp, shop.RequireOwnerOrAdminOrHide(caller, grp.Email, shop.MsgGroupNoun)
}

// Show answers GET /groups/{id}: the purchase with its orders, its invoice
// number and the number of the quote it came from.
func (p *Purchases) Show(ctx context.Context, caller shop.Caller, id string) (shop.Group, error) {
	grp, err := p.visible(ctx, caller, id) // (its company's admins and approvers too: approvals.go)
	if err != nil {
		return shop.Group{}, err
	}
	return p.describe(ctx, grp)
}

// describe fills in a purchase's orders (those that stand), its invoice
// number and its quote's number.
func (p *Purchases) describe(ctx context.Context, grp shop.Group) (shop.Group, error) {
	lines, err := p.lines(ctx, grp)
	if err != nil {
		return shop.Group{}, err
	}
	grp.Orders = lines
	inv := p.Orders.Invoices
	if err := inv.Number(ctx, grp.Orders); err != nil {
		return shop.Group{}, err
	}
	if err := inv.NumberGroup(ctx, &grp); err != nil {
		return shop.Group{}, err
	}
	grp.QuoteNumber = inv.quoteNumber(ctx, grp.QuoteID)
	return grp.Described(), nil
}

// lines reads the purchase's orders that stand (one withdrawn by a cancel
// under way is left out).
func (p *Purchases) lines(ctx context.Context, grp shop.Group) ([]shop.Order, error) {
	out := make([]shop.Order, 0, len(grp.OrderIDs))
	for _, oid := range grp.OrderIDs {
		ord, err := p.Orders.Orders.FindOrder(ctx, oid)
		switch shop.ErrorCode(err) {
		case "":
			out = append(out, ord)
		case shop.ENOTFOUND:
		default:
			return nil, err
		}
	}
	return out, nil
}

// List answers GET /groups: a page of purchases with their orders, newest
// first: the caller's (email, or their own), or any to an admin.
func (p *Purchases) List(ctx context.Context, caller shop.Caller, q shop.PurchaseQuery) ([]shop.Group, int64, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return nil, 0, err
	}
	if q.Email != "" {
		if err := shop.RequireSelfOrAdmin(caller, q.Email); err != nil {
			return nil, 0, err
		}
	} else if !caller.IsAdmin() {
		q.Email = caller.Email
	}
	page, total, err := p.Groups.ListGroups(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	for i := range page {
		if page[i], err = p.describe(ctx, page[i]); err != nil {
			return nil, 0, err
		}
	}
	return page, total, nil
}

// Cancel cancels an unpaid, unshipped purchase whole (its buyer or an
// admin): a payment in progress is settled first, one guarded write on the
// group decides it, and only its winner withdraws the orders (each giving
// its stock back once) and deletes the group.
func (p *Purchases) Cancel(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	return p.CancelAs(ctx, caller, id, "", "")
}

// CancelAs is Cancel, recorded as cancelled by by ("": the buyer, or an
// admin when the caller is one and not the buyer) for reason.
func (p *Purchases) CancelAs(ctx context.Context, caller shop.Caller, id string, by shop.CancelledBy, reason shop.CancelReason) (shop.DeleteResult, error) {
	grp, err := p.Get(ctx, caller, id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if by == "" {
		by = shop.CancelledByBuyer
		if caller.IsAdmin() && caller.Email != shop.NormalizeEmail(grp.Email) {
			by = shop.CancelledByAdmin
		}
	}
	return p.cancel(ctx, grp, &shop.Cancellation{By: by, Reason: reason})
}

// cancel is the one cancel of a purchase; each order withdrawn leaves a
// cancellation record like rec (nil: none, a purchase undone before its
// buyer had it).
func (p *Purchases) cancel(ctx context.Context, grp shop.Group, rec *shop.Cancellation) (shop.DeleteResult, error) {
	return p.cancelWith(ctx, grp, rec, p.Groups.BeginCancelGroup)
}

// cancelWith is cancel decided by begin: BeginCancelGroup, or (a decline:
// approvals.go) BeginDeclineGroup.
func (p *Purchases) cancelWith(ctx context.Context, grp shop.Group, rec *shop.Cancellation, begin func(ctx context.Context, id, marker string) (shop.Group, error)) (shop.DeleteResult, error) {
	switch {
	case grp.Paid:
		return shop.DeleteResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupPaid)
	case grp.Shipped:
		return shop.DeleteResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupShipped)
	}
	// A line shipped or paid alone (before issue 43 made a purchase ship
	// and pay whole): refused before anything changes.
	lines, err := p.lines(ctx, grp)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	for _, l := range lines {
		switch {
		case l.Shipped:
			return shop.DeleteResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupShipped)
		case l.Paid:
			return shop.DeleteResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupPaid)
		}
	}
	if err := p.Payments.settleBeforeCancel(ctx, grp, nil); err != nil {
		return shop.DeleteResult{}, err
	}
	marker := newMarker()
	marked, err := begin(ctx, grp.ID, marker)
	if err != nil {
		if uncertain(err) {
			p.abandon(ctx, grp.ID, marker)
		}
		return shop.DeleteResult{}, err
	}
	// An intent attached between the settling and the mark is settled now
	// (no other can be attached while the mark holds): one that succeeded
	// drops the mark, so that its payment is recorded.
	if marked.PaymentIntentID != "" && marked.PaymentIntentID != grp.PaymentIntentID {
		dropped := false
		drop := func() { p.abandon(ctx, grp.ID, marker); dropped = true }
		if err := p.Payments.settleBeforeCancel(ctx, marked, drop); err != nil {
			if !dropped {
				p.abandon(ctx, grp.ID, marker)
			}
			return shop.DeleteResult{}, err
		}
	}
	if rec != nil {
		rec.Purchase, rec.PurchaseNumber = grp.ID, grp.Number
	}
	n, err := p.withdrawLines(ctx, marked, rec)
	if err != nil {
		// The group keeps its marker: the recovery sweep finishes the
		// cancel (it is neither payable nor shippable meanwhile).
		p.Orders.Log.ErrorContext(ctx, "a purchase's cancel stopped at one of its orders; the recovery sweep finishes it", "group", grp.ID, "error", err)
		return shop.DeleteResult{}, err
	}
	if err := p.Groups.DeleteGroup(ctx, grp.ID, marker); err != nil {
		return shop.DeleteResult{}, err
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: n}, nil
}

// abandon drops a cancel's marker (a no-op when it is not there).
func (p *Purchases) abandon(ctx context.Context, id, marker string) {
	actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	if err := p.Groups.AbandonCancelGroup(actx, id, marker); err != nil && !isRefusal(err) {
		p.Orders.Log.ErrorContext(ctx, "a purchase cancel's marker is left for the recovery sweep", "group", id, "error", err)
	}
}

// withdrawLines withdraws the purchase's orders that stand, newest first,
// each with its cancellation record (rec nil: none, a checkout undone).
func (p *Purchases) withdrawLines(ctx context.Context, grp shop.Group, rec *shop.Cancellation) (int64, error) {
	n := int64(0)
	for i := len(grp.OrderIDs) - 1; i >= 0; i-- {
		var r *shop.Cancellation
		if rec != nil {
			c := *rec
			r = &c
		}
		switch err := p.Orders.withdraw(ctx, grp.OrderIDs[i], r); shop.ErrorCode(err) {
		case "":
			n++
		case shop.ENOTFOUND:
		default:
			return n, err
		}
	}
	// Its credit on account goes back once its lines are withdrawn, before
	// its group goes (terms.go).
	return n, p.releaseCredit(ctx, grp)
}

// withdrawAll is withdrawLines without the count.
func (p *Purchases) withdrawAll(ctx context.Context, grp shop.Group, rec *shop.Cancellation) error {
	_, err := p.withdrawLines(ctx, grp, rec)
	return err
}

// Ship ships a purchase whole (admins), with the carrier and tracking
// number: one guarded write on the group decides it, then each order
// follows, and its buyer gets one e-mail.
func (p *Purchases) Ship(ctx context.Context, caller shop.Caller, id string, t shop.Tracking) (shop.UpdateResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.UpdateResult{}, err
	}
	if err := t.Validate(); err != nil {
		return shop.UpdateResult{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.UpdateResult{}, shop.NotFound(shop.MsgGroupNoun)
	}
	grp, err := p.find(ctx, id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return p.ship(ctx, grp, t)
}

// ship is the one shipment of a purchase.
func (p *Purchases) ship(ctx context.Context, grp shop.Group, t shop.Tracking) (shop.UpdateResult, error) {
	res, err := p.Groups.ShipGroup(ctx, grp.ID, t)
	if err != nil {
		return res, err
	}
	if _, err := p.FindAndSync(ctx, grp.ID); err != nil {
		// The shipment stands; the recovery sweep brings its orders along, and tells the buyer.
		p.Orders.Log.ErrorContext(ctx, "a shipped purchase's orders are left for the recovery sweep", "group", grp.ID, "error", err)
		return shop.UpdateResult{Acknowledged: true, MatchedCount: 1, ModifiedCount: 1}, nil
	}
	n := int64(len(grp.OrderIDs))
	return shop.UpdateResult{Acknowledged: true, MatchedCount: n, ModifiedCount: n}, nil
}

// tellShipped e-mails the buyer of a shipped purchase whose orders are in
// step with it, once: the shipment's caller and the recovery sweep (after
// a crash or a failed step between the shipment and its orders) both tell
// it, before the syncing ends, and the outbox keeps one.
func (p *Purchases) tellShipped(ctx context.Context, grp shop.Group) {
	if !grp.Shipped {
		return
	}
	described, err := p.describe(ctx, grp)
	if err != nil {
		p.Orders.Log.ErrorContext(ctx, "a shipped purchase's e-mail could not be written", "group", grp.ID, "error", err)
		return
	}
	p.Orders.Mail.SendOnce(ctx, "order_shipped\x00"+grp.ID, shop.Letter{Kind: shop.LetterOrderShipped, To: described.Email, Group: &described})
}

// FindAndSync brings the orders of a purchase in step with it (paid,
// shipped) when a payment or shipment was decided on it, and returns it.
// Whoever brings a shipment's orders along tells its buyer (once: the
// shipment's call, a payment's that came first, or the recovery sweep),
// before the syncing ends, so that a crash between them leaves it to the
// sweep.
func (p *Purchases) FindAndSync(ctx context.Context, id string) (shop.Group, error) {
	grp, err := p.Groups.FindGroup(ctx, id)
	if err != nil || !grp.Syncing {
		return grp, err
	}
	for _, oid := range grp.OrderIDs {
		if grp.Paid {
			if _, err := p.Orders.Orders.MarkOrderPaid(ctx, oid, grp.TransactionID); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
				return grp, err
			}
		}
		if grp.Shipped {
			_, err := p.Orders.Orders.ShipOrderTracked(ctx, oid, shop.Tracking{Carrier: grp.Carrier, TrackingNumber: grp.TrackingNumber})
			if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND && shop.ErrorCode(err) != shop.ECONFLICT {
				return grp, err
			}
		}
	}
	if err := p.settleAccount(ctx, grp); err != nil {
		return grp, err
	}
	p.tellShipped(ctx, grp)
	if err := p.Groups.FinishSyncing(ctx, id, grp.SyncMark); err != nil && !isRefusal(err) {
		return grp, err
	}
	grp.Syncing = false
	return grp, nil
}

// Recover settles the purchases a crash (or a step that failed) left
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
//   - A payment or shipment whose orders lag: they are brought along (and
//     a shipment's buyer told, once).
func (p *Purchases) Recover(ctx context.Context, cutoff time.Time) (finished, undone int, err error) {
	stale, err := p.Groups.StaleGroups(ctx, cutoff)
	if err != nil {
		return 0, 0, err
	}
	for _, grp := range stale {
		var settled bool
		var err error
		switch {
		case grp.Cancelling != "":
			settled, err = p.finishCancel(ctx, grp)
			if settled {
				undone++
			}
		case grp.Placing && grp.QuoteID != "":
			settled, err = p.finishQuoteGroup(ctx, grp)
			if settled {
				finished++
			}
		case grp.Placing:
			settled, err = p.undoCheckout(ctx, grp)
			if settled {
				undone++
			}
		case grp.Syncing:
			_, err = p.FindAndSync(ctx, grp.ID)
			if err == nil {
				finished++
			}
		}
		switch {
		case err != nil && isRefusal(err):
			// Ended meanwhile (another instance's sweep): the next sweep looks again.
			p.Orders.Log.WarnContext(ctx, "a stale purchase could not be settled", "group", grp.ID, "reason", shop.ErrorMessage(err))
		case err != nil:
			return finished, undone, err
		}
	}
	return finished, undone, nil
}

// undoCheckout withdraws what a checkout left placing placed, newest
// first, and deletes its group.
func (p *Purchases) undoCheckout(ctx context.Context, grp shop.Group) (bool, error) {
	if err := p.withdrawAll(ctx, grp, nil); err != nil {
		return false, err
	}
	return true, ignoreGone(p.Groups.DeleteGroup(ctx, grp.ID, ""))
}

// finishQuoteGroup ends the placing of a quote's group whose orders all
// stand; with one missing it does nothing (the quote's sweep settles it).
func (p *Purchases) finishQuoteGroup(ctx context.Context, grp shop.Group) (bool, error) {
	for _, id := range grp.OrderIDs {
		if _, err := p.Orders.Orders.FindOrder(ctx, id); err != nil {
			if shop.ErrorCode(err) == shop.ENOTFOUND {
				p.Orders.Log.WarnContext(ctx, "a quote's order group is left placing for the quote's sweep", "group", grp.ID, "order", id)
				return false, nil
			}
			return false, err
		}
	}
	return true, ignoreGone(p.Groups.FinishPlacing(ctx, grp.ID))
}

// finishCancel ends a cancel its marker decided: the orders still standing
// are withdrawn, then the group goes.
func (p *Purchases) finishCancel(ctx context.Context, grp shop.Group) (bool, error) {
	rec := shop.Cancellation{By: shop.CancelledBySystem, Purchase: grp.ID, PurchaseNumber: grp.Number}
	if _, err := p.withdrawLines(ctx, grp, &rec); err != nil {
		return false, err
	}
	return true, ignoreGone(p.Groups.DeleteGroup(ctx, grp.ID, grp.Cancelling))
}

// ignoreGone is err, except that a group gone already is no error.
func ignoreGone(err error) error {
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}

// expireBatch is how many unpaid purchases one sweep reminds or expires.
const expireBatch = 200

// Expire reminds the buyers of purchases unpaid for half of
// RESERVATION_TTL, and cancels those unpaid for all of it, each through
// the one cancel (a payment that succeeded meanwhile makes it paid; one in
// progress postpones it). Each reminder is decided by one guarded write,
// each expiry by the cancel's, so several instances may sweep at once.
func (p *Purchases) Expire(ctx context.Context) (reminded, expired int, err error) {
	if p.ReservationTTL <= 0 {
		return 0, 0, nil
	}
	now := p.now()
	half, err := p.Groups.UnpaidGroupsBefore(ctx, now.Add(-p.ReservationTTL/2), expireBatch)
	if err != nil {
		return 0, 0, err
	}
	for _, grp := range half {
		// (a purchase whose freight was priced holds its stock from then:
		// issue 48)
		if grp.ReservedSince().After(now.Add(-p.ReservationTTL / 2)) {
			continue
		}
		if grp.ReservedSince().Before(now.Add(-p.ReservationTTL)) {
			switch _, err := p.expire(ctx, grp); {
			case err == nil:
				expired++
			case isRefusal(err):
				// paid, in progress or cancelled meanwhile: looked at again later
			default:
				return reminded, expired, err
			}
			continue
		}
		if grp.RemindedAt != nil {
			continue
		}
		switch err := p.Groups.MarkReminded(ctx, grp.ID); {
		case err == nil:
			reminded++
			if g, err := p.describe(ctx, grp); err == nil {
				due := grp.ReservedSince().Add(p.ReservationTTL)
				p.Orders.Mail.Send(ctx, shop.Letter{Kind: shop.LetterPaymentReminder, To: g.Email, Group: &g, Due: &due})
			}
		case isRefusal(err):
		default:
			return reminded, expired, err
		}
	}
	return reminded, expired, nil
}

// expire cancels a purchase not paid in time, and tells its buyer; a
// payment under way at the provider postpones it.
func (p *Purchases) expire(ctx context.Context, grp shop.Group) (shop.DeleteResult, error) {
	if p.Payments.postponesExpiry(ctx, grp) {
		return shop.DeleteResult{}, shop.Errorf(shop.ECONFLICT, "A payment for this purchase is under way.")
	}
	described, derr := p.describe(ctx, grp)
	res, err := p.cancel(ctx, grp, &shop.Cancellation{By: shop.CancelledBySystem, Reason: shop.ReasonNotPaidInTime})
	if err != nil {
		return res, err
	}
	if derr == nil {
		p.Orders.Mail.Send(ctx, shop.Letter{Kind: shop.LetterOrderExpired, To: described.Email, Group: &described})
	}
	return res, nil
}
