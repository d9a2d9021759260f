package app

import (
	"context"

	"storefront/server/internal/shop"
)

// A cancelled order's document is deleted (the spec's DELETE /delete/{id});
// a small record keeps its number, product, quantity, time and who
// cancelled it, so that its buyer still sees it in My Order. The cancel
// that won the order's BeginCancel writes it, under its marker, before it
// deletes the order: a crash after the delete cannot lose it, and a cancel
// that is refused, retried or lost writes none (its BeginCancel is
// refused). When the order stands after all (paid meanwhile; a step that
// failed), the record goes again, guarded by the marker, before or with
// the marker itself; a crash in between is settled by the recovery sweep
// (RecoverCancels), which drops both.

// cancelledBy is who cancels ord: the buyer, or an admin.
func cancelledBy(caller shop.Caller, ord shop.Order) shop.CancelledBy {
	if caller.IsAdmin() && caller.Email != shop.NormalizeEmail(ord.Email) {
		return shop.CancelledByAdmin
	}
	return shop.CancelledByBuyer
}

// record writes the cancellation record of ord, decided by the cancel
// with marker. A failure whose outcome is unknown is for the caller to
// drop again (before the marker).
func (o *Orders) record(ctx context.Context, ord shop.Order, marker string, rec shop.Cancellation) error {
	rec.OrderID, rec.Number, rec.Email = ord.ID, ord.Number, ord.Email
	rec.ProductName, rec.ProductQuantity = ord.ProductName, ord.ProductQuantity
	return o.Cancellations.RecordCancellation(ctx, rec, marker)
}

// forgetIfStands drops the record a cancel wrote when the cancel did not
// delete the order (*errp set, or a panic): the order stands.
func (o *Orders) forgetIfStands(ctx context.Context, orderID, marker string, errp *error) {
	r := recover()
	if r == nil && uncertain(*errp) {
		return // the delete may still land: the record stays with the marker, for the sweep
	}
	if *errp != nil || r != nil {
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
		_, err := o.Orders.FindOrder(fctx, orderID)
		cancel()
		if err == nil {
			o.drop(ctx, orderID, marker)
		}
	}
	if r != nil {
		panic(r)
	}
}

// drop deletes the record this cancel wrote, if it is still its own, and
// reports whether it is gone (false: the store failed; it is left, with
// the cancel's marker, for the recovery sweep).
func (o *Orders) drop(ctx context.Context, orderID, marker string) bool {
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	if err := o.Cancellations.DropCancellation(dctx, orderID, marker); err != nil && !isRefusal(err) {
		o.Log.ErrorContext(ctx, "the cancellation record of an order that stands is left for the recovery sweep", "order", orderID, "error", err)
		return false
	}
	return true
}

// ListCancellations returns the caller's cancelled orders, or every one to
// an admin, newest first.
func (o *Orders) ListCancellations(ctx context.Context, caller shop.Caller, limit, skip int) ([]shop.Cancellation, int64, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return nil, 0, err
	}
	email := caller.Email
	if caller.IsAdmin() {
		email = ""
	}
	if o.Cancellations == nil {
		return []shop.Cancellation{}, 0, nil
	}
	return o.Cancellations.ListCancellations(ctx, email, limit, skip)
}
