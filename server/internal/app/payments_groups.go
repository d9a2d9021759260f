package app

import (
	"context"
	"strings"

	"storefront/server/internal/shop"
)

// One payment for an order group (issue 34): the intent is for the
// group's stored total, its provider reference is shop.GroupIntentPrefix
// and the group's id, and paying marks the group paid (one guarded write)
// and then every order of it with the same transaction id (each guarded,
// a repeat completing what a crash left undone).

// ownGroup is the caller's group with this id; another customer's answers
// exactly like a missing one.
func (p *Payments) ownGroup(ctx context.Context, caller shop.Caller, id string) (shop.Group, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Group{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Group{}, shop.Invalid("The payment is not valid.", map[string]string{"groupId": "must be an order group id"})
	}
	grp, err := p.Groups.FindGroup(ctx, id)
	if err != nil {
		return shop.Group{}, err
	}
	return grp, shop.RequireOwnerOrHide(caller, grp.Email, shop.MsgGroupNoun)
}

// CreateGroupIntent answers POST /create-payment-intent {groupId}: one
// intent for the group's stored total, however often it is called.
func (p *Payments) CreateGroupIntent(ctx context.Context, caller shop.Caller, groupID string) (string, error) {
	grp, err := p.ownGroup(ctx, caller, groupID)
	if err != nil {
		return "", err
	}
	switch {
	case grp.Paid:
		return "", shop.Errorf(shop.ECONFLICT, "The order group is already paid.")
	case grp.Placing:
		return "", shop.Errorf(shop.ECONFLICT, shop.MsgGroupPlacing)
	}
	amount := int64(grp.Total)
	if grp.PaymentIntentID != "" {
		pi, err := p.Provider.GetIntent(ctx, grp.PaymentIntentID)
		if err == nil && pi.Status != shop.IntentCanceled && pi.Amount == amount {
			return pi.ClientSecret, nil
		}
	}
	pi, err := p.Provider.CreateIntent(ctx, shop.GroupIntentPrefix+grp.ID, amount, grp.Email)
	if err != nil {
		return "", err
	}
	if err := p.Groups.SetGroupPaymentIntent(ctx, grp.ID, pi.ID); err != nil {
		return "", err
	}
	return pi.ClientSecret, nil
}

// ConfirmGroupPaid answers PATCH /groups/{id}/pay: verified with the
// provider as PATCH /pay/{id} is, then every order of the group is paid.
func (p *Payments) ConfirmGroupPaid(ctx context.Context, caller shop.Caller, id, transactionID string) (shop.UpdateResult, error) {
	grp, err := p.ownGroup(ctx, caller, id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	transactionID = strings.TrimSpace(transactionID)
	if transactionID == "" || len(transactionID) > 255 {
		return shop.UpdateResult{}, shop.Invalid("The payment is not valid.", map[string]string{"transactionId": "is required"})
	}
	if grp.Paid && grp.TransactionID != transactionID {
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupPaidOther)
	}
	pi, err := p.Provider.GetIntent(ctx, transactionID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return shop.UpdateResult{}, shop.Errorf(shop.EINVALID, "No such payment: the order group stays unpaid.")
	}
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return p.recordGroup(ctx, grp, pi)
}

// recordGroup checks the intent against the group, marks the group paid,
// then each of its orders. Only the writes that marked something paid
// tell (telemetry, e-mail), so once per order.
func (p *Payments) recordGroup(ctx context.Context, grp shop.Group, pi shop.PaymentIntent) (shop.UpdateResult, error) {
	var err error
	switch {
	case pi.OrderID != shop.GroupIntentPrefix+grp.ID:
		err = shop.Errorf(shop.EINVALID, "This payment is for something else: the order group stays unpaid.")
	case pi.Status != shop.IntentSucceeded:
		err = shop.Errorf(shop.EPAYMENT, "The payment has not succeeded (status %s): the order group stays unpaid.", pi.Status)
	case pi.Amount != int64(grp.Total) || !strings.EqualFold(pi.Currency, shop.Currency):
		p.Log.WarnContext(ctx, "payment amount does not match its order group", "group", grp.ID, "intent", pi.ID, "paid", pi.Amount, "due", int64(grp.Total))
		err = shop.Errorf(shop.EINVALID, "The payment's amount does not match the order group: it stays unpaid.")
	}
	if err != nil {
		shop.Tell(p.Telemetry, shop.EventPaymentFailed)
		return shop.UpdateResult{}, err
	}
	if _, err := p.Groups.MarkGroupPaid(ctx, grp.ID, pi.ID); err != nil {
		return shop.UpdateResult{}, err
	}
	res := shop.UpdateResult{Acknowledged: true}
	var letters []shop.Letter
	for _, oid := range grp.OrderIDs {
		r, err := p.Orders.MarkOrderPaid(ctx, oid, pi.ID)
		if err != nil {
			return shop.UpdateResult{}, err // a repeat (PATCH again, the webhook) completes it
		}
		res.MatchedCount++
		if r.ModifiedCount == 0 {
			continue
		}
		res.ModifiedCount++
		shop.Tell(p.Telemetry, shop.EventOrderPaid)
		if ord, err := p.Orders.FindOrder(ctx, oid); err == nil {
			letters = append(letters, p.Notify.Letters(ctx, shop.NotifyPayment, shop.Letter{Order: &ord})...)
		}
	}
	// One invoice for the group, and one paid e-mail with it: written by
	// the call whose issue decided it (a repeat after a crash too).
	paid := grp
	paid.Paid, paid.TransactionID = true, pi.ID
	inv, issued, err := p.Invoices.ForGroup(ctx, paid)
	if err != nil {
		p.Log.ErrorContext(ctx, "a paid order group's invoice could not be issued; the recovery sweep issues it", "group", grp.ID, "error", err)
	}
	if issued || (p.Invoices == nil && res.ModifiedCount > 0) {
		if l, ok := p.groupLetter(ctx, paid, inv); ok {
			letters = append([]shop.Letter{l}, letters...)
		}
	}
	p.Mail.Send(ctx, letters...)
	return res, nil
}

// groupLetter is a paid group's e-mail to its buyer, with its orders and
// (by reference) its invoice.
func (p *Payments) groupLetter(ctx context.Context, grp shop.Group, inv shop.Invoice) (shop.Letter, bool) {
	grp.Orders = make([]shop.Order, 0, len(grp.OrderIDs))
	for _, oid := range grp.OrderIDs {
		if ord, err := p.Orders.FindOrder(ctx, oid); err == nil {
			grp.Orders = append(grp.Orders, ord)
		}
	}
	if len(grp.Orders) == 0 {
		return shop.Letter{}, false
	}
	grp.InvoiceNumber = inv.Number
	return shop.Letter{Kind: shop.LetterGroupPaid, To: grp.Email, Group: &grp, Invoice: invoiceRef(inv)}, true
}

// groupEvent applies a succeeded payment of a group from the webhook.
func (p *Payments) groupEvent(ctx context.Context, eventID, groupID string, pi shop.PaymentIntent) error {
	grp, err := p.Groups.FindGroup(ctx, groupID)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND || shop.ErrorCode(err) == shop.EINVALID:
		p.Log.WarnContext(ctx, "payment for an unknown order group", "event", eventID, "group", groupID, "intent", pi.ID)
		return nil
	case err != nil:
		return err
	}
	if _, err := p.recordGroup(ctx, grp, pi); err != nil {
		if uncertain(err) {
			return err // the provider retries
		}
		p.Log.WarnContext(ctx, "group payment event not recorded", "event", eventID, "group", groupID, "reason", shop.ErrorMessage(err))
	}
	return nil
}

// settleGroupBeforeCancel is SettleBeforeCancel for a group: a succeeded
// payment is recorded (and the cancel refused), any other intent cancelled.
func (p *Payments) settleGroupBeforeCancel(ctx context.Context, grp shop.Group) error {
	if grp.PaymentIntentID == "" {
		return nil
	}
	pi, err := p.Provider.GetIntent(ctx, grp.PaymentIntentID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	switch pi.Status {
	case shop.IntentSucceeded:
		if _, err := p.recordGroup(ctx, grp, pi); err != nil {
			return err
		}
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupPaid)
	case shop.IntentCanceled:
		return nil
	}
	if _, err := p.Provider.CancelIntent(ctx, pi.ID); err != nil {
		return shop.Errorf(shop.ECONFLICT, "A payment for this order group is in progress; try again shortly.")
	}
	return nil
}
