package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Orders is the lines of purchases, spec-shaped orders: placing one
// (its stock held and kept, or given back), withdrawing one (its stock
// back, a cancellation record); and the spec's single-order calls, each a
// thin adapter over the purchase lifecycle (purchases.go).
type Orders struct {
	Orders    shop.OrderStore
	Products  shop.ProductStore
	Groups    shop.GroupStore
	Purchases *Purchases // the lifecycle the spec's calls adapt to; set by the wiring
	Payments  *Payments  // the spec's payment calls adapt to it
	Log       *slog.Logger
	Telemetry shop.Telemetry // counts orders placed; may be nil
	Mail      *Outbox        // tells customers of their orders; may be nil
	Notify    *Notifier      // tells the admins of new orders; may be nil
	// Cancellations keeps what stays of a cancelled order; nil: nothing
	// is kept (see cancellations.go).
	Cancellations shop.CancellationStore
	// TaxRate is TAX_RATE in hundredths of a percent: each order placed
	// stores its tax and is charged it.
	TaxRate int64
	// Invoices gives the orders read their invoice numbers (issue 34);
	// may be nil.
	Invoices *Invoices
	// Addresses resolves a saved address (addressId) into a purchase's
	// delivery (issue 49); may be nil.
	Addresses *Addresses

	orderBatch joined[*shop.Order] // joins the inserts of orders placed at once
	groups     joined[shop.Group]  // and of their groups of one
}

// Place answers the spec's POST /order: a purchase of one order. It
// reserves the stock with one conditional write, then stores the order and
// its group of one; if they cannot be stored the stock is given back. Name
// and email come from the account, name, price and image from the product.
// It returns the order as stored, with its number (the purchase's).
func (o *Orders) Place(ctx context.Context, caller shop.Caller, d shop.OrderDraft) (shop.Order, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Order{}, err
	}
	if err := o.Addresses.Deliver(ctx, caller, &d.Delivery); err != nil {
		return shop.Order{}, err
	}
	qty, err := d.Parse()
	if err != nil {
		return shop.Order{}, err
	}
	if d.Payment != shop.PayOnAccount { // (on account: not counted, issue 45)
		if err := o.Purchases.mayPlace(ctx, caller); err != nil {
			return shop.Order{}, err
		}
	}
	p, err := o.Products.FindProduct(ctx, d.ProductID)
	if err != nil {
		return shop.Order{}, err
	}
	if qty < p.Minimum {
		return shop.Order{}, shop.Invalid("The order is not valid.", map[string]string{
			"productQuantity": "must be at least the minimum order of " + itoa64(p.Minimum)})
	}
	taxing, err := o.Purchases.taxing(ctx, caller.Email)
	if err != nil {
		return shop.Order{}, err
	}
	b, err := o.Purchases.buyerOf(ctx, caller)
	if err != nil {
		return shop.Order{}, err
	}
	if co := b.approved(); co != nil && co.PORequired {
		return shop.Order{}, shop.Invalid(shop.MsgPurchaseTermsInvalid, map[string]string{"poNumber": fmt.Sprintf(shop.MsgPORequiredSingle, co.Name)})
	}
	if d.Payment == shop.PayOnAccount { // issue 45: the checkout's one path
		return o.Purchases.orderOnAccount(ctx, caller, d, qty)
	}
	unit := b.unitPrice(p, qty)
	id := o.Orders.NewOrderID()
	ord := shop.Order{
		ID: id, Name: caller.Name, Email: caller.Email, Image: p.Image, ProductID: p.ID, ProductName: p.Name,
		ProductPrice: unit, ProductQuantity: qty, Amount: int64(unit) * qty,
		Address: d.Address, Mobile: d.Mobile, Country: d.Country, TaxExemption: taxing.Exemption,
	}
	// Issue 48: the one computation of a purchase's figures, its delivery
	// line kept on the order for its group of one.
	fig, err := o.Purchases.figures(ctx, []shop.Order{ord}, []shop.Product{p}, d.Delivery, taxing)
	if err != nil {
		return shop.Order{}, err
	}
	if ord.AboveLimit, err = b.aboveLimit(fig.Total); err != nil {
		return shop.Order{}, err
	}
	ord.Shipping, ord.CompanyID = fig.Line, b.companyID()
	placed, _, err := o.place(ctx, ord)
	if err != nil {
		if uncertain(err) { // it may stand all the same: not for an account being deleted
			_ = o.Purchases.keep(ctx, caller, id)
		}
		return shop.Order{}, err
	}
	if err := o.Purchases.keep(ctx, caller, placed.ID); err != nil {
		return shop.Order{}, err
	}
	o.Purchases.tellPlaced(ctx, shop.GroupOfOne(placed))
	return placed, nil
}

// lineTax is the tax of a line about to be placed: TAX_RATE on its amount,
// or none when it is placed under its buyer's tax exemption (issue 49;
// Purchases.taxing decides which).
func (o *Orders) lineTax(ord shop.Order) int64 {
	return shop.Taxing{Rate: o.TaxRate, Exemption: ord.TaxExemption}.Of(ord.Amount)
}

// place reserves ord's stock with one conditional write (the decision:
// only an order whose reservation succeeded moves stock), then stores the
// order under ord.ID; if the order is not stored the stock is given back.
// Placing, accepting a quote and approving a claim all take this path.
//
// A step that fails after reaching the store (a timeout, a panic) may have
// happened all the same, so the order's existence decides, as RecoverStock
// does after a crash: an order that was stored is placed (and returned).
// When place fails, absent says whether the order is known not to exist;
// false means its fate is unknown (the store does not answer) and the hold
// is left for the recovery sweep.
func (o *Orders) place(ctx context.Context, ord shop.Order) (placed shop.Order, absent bool, err error) {
	if tax := o.lineTax(ord); tax > 0 && !ord.Paid { // (a replacement is paid when made, for 0)
		ord.Tax, ord.Amount = shop.Cents(tax), ord.Amount+tax
	}
	defer func() {
		if r := recover(); r != nil {
			o.settle(ctx, ord.ProductID, ord.ID)
			panic(r)
		}
	}()
	// The stock is held under the order's id in the same write that takes
	// it, so that a crash before the order is stored gives it back.
	if err := o.Products.ReserveStock(ctx, ord.ProductID, ord.ID, ord.ProductQuantity); err != nil {
		if !uncertain(err) {
			return shop.Order{}, true, err // refused: nothing was written
		}
		_, exists, known := o.settle(ctx, ord.ProductID, ord.ID)
		return shop.Order{}, known && !exists, err
	}
	// The orders of requests placed at once share one insert.
	placed = ord
	err = o.orderBatch.insert(ctx, []*shop.Order{&placed}, o.Orders.InsertOrders)
	if err != nil {
		// Stored all the same (the error came after the write, or a joined
		// insert failed after it): it is placed.
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
		stored, ferr := o.Orders.FindOrder(fctx, ord.ID)
		cancel()
		switch {
		case ferr == nil:
			placed = stored
		case shop.ErrorCode(ferr) == shop.ENOTFOUND && !uncertain(err):
			// Refused: nothing was written, and nothing will be.
			_, _, known := o.settle(ctx, ord.ProductID, ord.ID)
			return shop.Order{}, known, err
		default:
			// Its fate is unknown: the insert may still land (a write whose
			// request ended). The hold stays for the recovery sweep, which
			// decides by the order's existence once none can.
			if shop.ErrorCode(ferr) != shop.ENOTFOUND {
				o.Log.ErrorContext(ctx, "an order's stock hold is left for the recovery sweep to settle", "product", ord.ProductID, "order", ord.ID, "error", ferr)
			}
			return shop.Order{}, false, err
		}
	}
	if ord.Group == "" {
		// A spec order is a purchase of its own: its group of one, under
		// its id and number, is stored before its stock hold is dropped
		// (on MongoDB a crash in between leaves the hold, and the recovery
		// sweep stores the group; embedded, start-up does).
		if err := o.insertSingleGroup(ctx, placed); err != nil {
			return shop.Order{}, false, err
		}
	}
	o.finish(ctx, ord.ProductID, ord.ID, o.Products.KeepStock)
	shop.Tell(o.Telemetry, shop.EventOrderCreated)
	return placed, false, nil
}

// insertSingleGroup stores the group of one of an order just placed,
// joined with those of other orders placed at once. Refused, the order is
// withdrawn again (its stock back) and the error returned; when its fate
// is unknown, the order stands and the group is made when the purchase is
// next read, or at start.
func (o *Orders) insertSingleGroup(ctx context.Context, placed shop.Order) error {
	err := o.groups.insert(ctx, []shop.Group{shop.GroupOfOne(placed)}, o.Groups.InsertSingleGroups)
	if err == nil {
		return nil
	}
	if uncertain(err) {
		// Stored, or still to be: the order stands, and its group is made
		// when the purchase is next read (or at start) if this one never
		// lands.
		o.Log.WarnContext(ctx, "an order's group of one is left to be made later", "order", placed.ID, "error", err)
		return nil
	}
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	if _, ferr := o.Groups.FindGroup(fctx, placed.ID); ferr == nil {
		return nil // stored by a joined insert before the one that failed
	}
	// Refused (nothing written): the order is withdrawn again.
	o.finish(ctx, placed.ProductID, placed.ID, o.Products.KeepStock) // (the withdraw holds it again)
	if werr := o.withdraw(fctx, placed.ID, nil); werr != nil && shop.ErrorCode(werr) != shop.ENOTFOUND {
		o.Log.ErrorContext(ctx, "an order whose group could not be stored is left to the recovery sweep", "order", placed.ID, "error", werr)
	}
	return err
}

// uncertain reports whether a store call that answered err may still have
// written: a timeout, a lost connection, an unexpected error. A refusal
// (not found, conflict, invalid) wrote nothing.
func uncertain(err error) bool {
	switch shop.ErrorCode(err) {
	case shop.EUNAVAILABLE, shop.EINTERNAL:
		return true
	}
	return false
}

// settle decides an order's stock hold by whether the order exists, as
// RecoverStock does after a crash: it does, the stock stays; it does not,
// the stock comes back. It returns the order when it exists, and known
// false when the store could not say (the hold is then left to the
// recovery sweep).
func (o *Orders) settle(ctx context.Context, productID, orderID string) (ord shop.Order, exists, known bool) {
	step := o.Products.ReleaseStock
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	ord, err := o.Orders.FindOrder(fctx, orderID)
	switch shop.ErrorCode(err) {
	case "":
		step, exists = o.Products.KeepStock, true
	case shop.ENOTFOUND:
	default:
		o.Log.ErrorContext(ctx, "an order's stock hold is left for the recovery sweep to settle", "product", productID, "order", orderID, "error", err)
		return shop.Order{}, false, false
	}
	o.finish(ctx, productID, orderID, step)
	return ord, exists, true
}

// finish runs the last step on an order's stock hold. The request may be
// what failed, so it gets its own context; if the step fails, the hold stays
// and the recovery sweep settles it.
func (o *Orders) finish(ctx context.Context, productID, orderID string, step func(context.Context, string, string) error) {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	if err := step(sctx, productID, orderID); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
		o.Log.ErrorContext(ctx, "an order's stock hold is left for the recovery sweep to settle", "product", productID, "order", orderID, "error", err)
	}
}

// settleTimeout bounds the last step of an order's stock change.
const settleTimeout = 30 * time.Second

// ListOwn lists the orders of email, for that customer or an admin.
func (o *Orders) ListOwn(ctx context.Context, caller shop.Caller, email string, limit, skip int) ([]shop.Order, int64, error) {
	if err := shop.RequireSelfOrAdmin(caller, email); err != nil {
		return nil, 0, err
	}
	return o.numbered(ctx)(o.Orders.ListOrders(ctx, email, limit, skip))
}

// numbered fills in the invoice numbers of a page of orders.
func (o *Orders) numbered(ctx context.Context) func([]shop.Order, int64, error) ([]shop.Order, int64, error) {
	return func(list []shop.Order, total int64, err error) ([]shop.Order, int64, error) {
		if err == nil {
			err = o.Invoices.Number(ctx, list)
		}
		return list, total, err
	}
}

// ListAll lists every order, or ("" for all) those in one status, for admins.
func (o *Orders) ListAll(ctx context.Context, caller shop.Caller, status shop.OrderStatus, limit, skip int) ([]shop.Order, int64, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return nil, 0, err
	}
	if status == "" {
		return o.numbered(ctx)(o.Orders.ListOrders(ctx, "", limit, skip))
	}
	return o.numbered(ctx)(o.Orders.ListOrdersByStatus(ctx, status, limit, skip))
}

// Ship answers the spec's PUT /order/update/{id}: ships the order's
// purchase (admins, once).
func (o *Orders) Ship(ctx context.Context, caller shop.Caller, id string) (shop.UpdateResult, error) {
	return o.ShipTracked(ctx, caller, id, shop.Tracking{})
}

// ShipTracked is Ship with the carrier and tracking number (issue 34),
// which the shipping e-mail carries.
func (o *Orders) ShipTracked(ctx context.Context, caller shop.Caller, id string, t shop.Tracking) (shop.UpdateResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.UpdateResult{}, err
	}
	if err := t.Validate(); err != nil {
		return shop.UpdateResult{}, err
	}
	ord, err := o.Orders.FindOrder(ctx, id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	grp, err := o.purchaseOfLone(ctx, ord)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return o.Purchases.ship(ctx, grp, t)
}

// purchaseOfLone is the purchase of an order the spec's single-order calls
// address: its own (a group of one), or, for a line of a larger purchase,
// ECONFLICT naming that purchase; while that purchase's cancel is under way
// (a cancel or an expiry stopped between its lines, which the recovery
// sweep finishes), ECONFLICT saying so, as a payment of it answers: some of
// its lines may be gone already, their stock back.
func (o *Orders) purchaseOfLone(ctx context.Context, ord shop.Order) (shop.Group, error) {
	grp, err := o.Purchases.find(ctx, shop.PurchaseOf(ord))
	if err != nil {
		return shop.Group{}, err
	}
	if len(grp.OrderIDs) > 1 {
		if grp.Cancelling != "" {
			return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupCanceling)
		}
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgInGroup, ord.Number, grp.Number)
	}
	return grp, nil
}

// orderNoun names an order as the store's not-found error does: an order
// addressed by id that is not the caller's answers exactly like a missing one.
const orderNoun = "The order"

// Get answers GET /pay/{id}: the owner's order, with its purchase (group)
// and whether it can be paid with the spec's calls now (never for a line
// of a larger purchase, which is paid with its purchase). To anyone else
// it does not exist.
func (o *Orders) Get(ctx context.Context, caller shop.Caller, id string) (shop.Order, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Order{}, err
	}
	ord, err := o.Orders.FindOrder(ctx, id)
	if err != nil {
		return shop.Order{}, err
	}
	if err := shop.RequireOwnerOrHide(caller, ord.Email, orderNoun); err != nil {
		return shop.Order{}, err
	}
	one := []shop.Order{ord}
	if err := o.Invoices.Number(ctx, one); err != nil {
		return shop.Order{}, err
	}
	ord = one[0]
	payable := false
	if grp, err := o.Purchases.find(ctx, shop.PurchaseOf(ord)); err == nil {
		ord.Group, ord.PurchaseNumber = grp.ID, grp.Number
		payable = grp.Described().Payable && len(grp.OrderIDs) == 1
	} else if shop.ErrorCode(err) != shop.ECONFLICT {
		return shop.Order{}, err
	}
	ord.Payable = &payable
	return ord, nil
}

// Cancel answers the spec's DELETE /delete/{id}: cancels the order's
// purchase (its owner or an admin; to anyone else it does not exist) and
// gives its stock back.
func (o *Orders) Cancel(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	ord, err := o.Orders.FindOrder(ctx, id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if err := shop.RequireOwnerOrAdminOrHide(caller, ord.Email, orderNoun); err != nil {
		return shop.DeleteResult{}, err
	}
	grp, err := o.purchaseOfLone(ctx, ord)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	return o.Purchases.cancel(ctx, grp, &shop.Cancellation{By: cancelledBy(caller, ord)})
}

// withdraw deletes an unpaid, unshipped order and gives its stock back:
// cancelling, and undoing the orders of a quote acceptance that could not
// all be placed. One guarded write decides it (BeginCancel marks the order
// as being cancelled); a second withdraw of the same order is refused there
// (ENOTFOUND once the first has deleted it, ECONFLICT while it is under
// way) and moves no stock. A cancel (rec not nil: who cancelled) leaves a
// cancellation record; the undoing of a quote's orders does not.
func (o *Orders) withdraw(ctx context.Context, id string, rec *shop.Cancellation) (err error) {
	marker := newMarker()
	// A failure after the mark may have been written (a timeout, a panic)
	// drops it again (a no-op when it is not there); otherwise the order
	// could not be cancelled until the recovery sweep.
	dropMark := func() {
		actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
		defer cancel()
		if aerr := o.Orders.AbandonCancel(actx, id, marker); aerr != nil && !isRefusal(aerr) {
			o.Log.ErrorContext(ctx, "a cancel's marker is left for the recovery sweep to drop", "order", id, "error", aerr)
		}
	}
	ord, err := func() (ord shop.Order, err error) {
		defer func() {
			if r := recover(); r != nil {
				dropMark()
				panic(r)
			}
		}()
		return o.Orders.BeginCancel(ctx, id, marker)
	}()
	if err != nil {
		if uncertain(err) {
			dropMark()
		}
		return err
	}
	// forget drops the record this cancel wrote, before its marker goes
	// when the order stands: while the marker is held nobody else can
	// delete the order, so the record cannot be needed meanwhile. When it
	// cannot be dropped, the marker stays too, for the recovery sweep,
	// which drops both: a record is never left without its marker on an
	// order that stands.
	forget := func() bool { return true }
	if rec != nil && o.Cancellations != nil {
		if err := o.record(ctx, ord, marker, *rec); err != nil {
			if !uncertain(err) || o.drop(ctx, ord.ID, marker) {
				dropMark()
			}
			return err
		}
		forget = func() bool { return o.drop(ctx, ord.ID, marker) }
		defer o.forgetIfStands(ctx, ord.ID, marker, &err)
	}
	return o.cancelDecided(ctx, ord, marker, forget)
}

// newMarker is a new cancel marker: 12 random bytes, as an id's hex.
func newMarker() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// isRefusal reports whether err is a store's definite "no" (not found, a
// guard that does not hold): nothing was written.
func isRefusal(err error) bool {
	switch shop.ErrorCode(err) {
	case shop.ENOTFOUND, shop.ECONFLICT, shop.EINVALID:
		return true
	}
	return false
}

// cancelDecided does the steps of a cancel that BeginCancel decided: hold
// the quantity (so that a crash between the delete and the stock's return
// gives it back at the next start), delete the order, give the stock back.
// When the delete does not happen (paid or shipped meanwhile), or a step's
// outcome is uncertain, the order's existence decides: it stands, its stock
// stays and the marker goes; it is gone, the stock comes back.
func (o *Orders) cancelDecided(ctx context.Context, ord shop.Order, marker string, forget func() bool) (err error) {
	undo := func() (deleted bool) {
		_, exists, known := o.settle(ctx, ord.ProductID, ord.ID)
		if known && exists && forget() {
			actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
			defer cancel()
			if err := o.Orders.AbandonCancel(actx, ord.ID, marker); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
				o.Log.ErrorContext(ctx, "a cancel's marker is left for the recovery sweep to drop", "order", ord.ID, "error", err)
			}
		}
		return known && !exists
	}
	defer func() {
		if r := recover(); r != nil {
			undo()
			panic(r)
		}
	}()
	held := true
	if err := o.Products.HoldStock(ctx, ord.ProductID, ord.ID, ord.ProductQuantity); err != nil {
		if shop.ErrorCode(err) != shop.ENOTFOUND {
			undo()
			return err
		}
		held = false // the product is gone: there is no stock to give back
	}
	if _, err := o.Orders.DeleteUnpaidOrder(ctx, ord.ID, marker); err != nil {
		if uncertain(err) {
			// The delete may have happened, or may still (a write whose
			// request ended lands later): the hold, the marker and the
			// record stay for the recovery sweep, which decides by the
			// order's existence once no write of this request can land.
			o.Log.ErrorContext(ctx, "a cancel's delete is left for the recovery sweep to settle", "order", ord.ID, "error", err)
			return err
		}
		undo() // refused (paid or shipped meanwhile): nothing was deleted
		return err
	}
	if held {
		o.finish(ctx, ord.ProductID, ord.ID, o.Products.ReleaseStock)
	}
	return nil
}

// ownOrder is the caller's order with this id; another customer's answers
// exactly like a missing one.
func (o *Orders) ownOrder(ctx context.Context, caller shop.Caller, id string) (shop.Order, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Order{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Order{}, shop.Invalid("The order is not valid.", map[string]string{"orderId": "must be an order id"})
	}
	ord, err := o.Orders.FindOrder(ctx, id)
	if err != nil {
		return shop.Order{}, err
	}
	return ord, shop.RequireOwnerOrHide(caller, ord.Email, orderNoun)
}

// CreateIntent answers the spec's POST /create-payment-intent {orderId}:
// the intent of the order's purchase, for its stored total.
func (o *Orders) CreateIntent(ctx context.Context, caller shop.Caller, orderID string) (string, error) {
	ord, err := o.ownOrder(ctx, caller, orderID)
	if err != nil {
		return "", err
	}
	grp, err := o.purchaseOfLone(ctx, ord)
	if err != nil {
		return "", err
	}
	return o.Payments.createIntent(ctx, grp)
}

// ConfirmPaid answers the spec's PATCH /pay/{id}: the order's purchase
// becomes paid only if the provider says the intent succeeded, for its
// total and currency. A payment of this store's for an order that is gone
// (cancelled while its buyer paid) is refunded, and the call answers 404.
func (o *Orders) ConfirmPaid(ctx context.Context, caller shop.Caller, orderID, transactionID string) (shop.UpdateResult, error) {
	ord, err := o.ownOrder(ctx, caller, orderID)
	if shop.ErrorCode(err) == shop.ENOTFOUND && caller != nil {
		o.Payments.refundIfOrphan(ctx, caller, orderID, strings.TrimSpace(transactionID))
	}
	if err != nil {
		return shop.UpdateResult{}, err
	}
	grp, err := o.purchaseOfLone(ctx, ord)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return o.Payments.confirm(ctx, grp, transactionID)
}
