package app

import (
	"context"
	"log/slog"
	"strings"

	"storefront/server/internal/shop"
)

// Payments charges orders through the provider and records a payment only
// after checking it with the provider.
type Payments struct {
	Orders   shop.OrderStore
	Provider shop.PaymentProvider
	Events   shop.EventStore
	// ParseWebhook verifies a webhook's signature and decodes it; nil when
	// webhooks are not configured.
	ParseWebhook func(payload []byte, signature string) (shop.WebhookEvent, error)
	// TestCards confirms test-mode payments; nil with Stripe.
	TestCards interface {
		Confirm(ctx context.Context, clientSecret string, card shop.TestCard) (shop.PaymentIntent, error)
	}
	Log       *slog.Logger
	Telemetry shop.Telemetry // counts orders paid and payments failed; may be nil
	Mail      *Outbox        // tells the customer the order is paid; may be nil
	Notify    *Notifier      // tells the admins; may be nil
	// Groups are the order groups (issue 34), paid with one payment.
	Groups shop.GroupStore
	// Invoices issues the invoice of what is paid (issue 34); may be nil.
	Invoices *Invoices
}

// CreateIntent answers POST /create-payment-intent: the amount is the stored
// order's, and an order has one intent however often this is called.
func (p *Payments) CreateIntent(ctx context.Context, caller shop.Caller, orderID string) (string, error) {
	ord, err := p.ownOrder(ctx, caller, orderID)
	if err != nil {
		return "", err
	}
	if err := inGroup(ord); err != nil {
		return "", err
	}
	if ord.Paid {
		return "", shop.Errorf(shop.ECONFLICT, "The order is already paid.")
	}
	if ord.PaymentIntentID != "" {
		pi, err := p.Provider.GetIntent(ctx, ord.PaymentIntentID)
		if err == nil && pi.Status != shop.IntentCanceled && pi.Amount == ord.Amount {
			return pi.ClientSecret, nil
		}
	}
	pi, err := p.Provider.CreateIntent(ctx, ord.ID, ord.Amount, ord.Email)
	if err != nil {
		return "", err
	}
	if err := p.Orders.SetPaymentIntent(ctx, ord.ID, pi.ID); err != nil {
		return "", err
	}
	return pi.ClientSecret, nil
}

// ConfirmPaid answers PATCH /pay/{id}: the order becomes paid only if the
// provider says the intent succeeded, for this order's amount and currency.
func (p *Payments) ConfirmPaid(ctx context.Context, caller shop.Caller, orderID, transactionID string) (shop.UpdateResult, error) {
	ord, err := p.ownOrder(ctx, caller, orderID)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	if err := inGroup(ord); err != nil {
		return shop.UpdateResult{}, err
	}
	transactionID = strings.TrimSpace(transactionID)
	if transactionID == "" || len(transactionID) > 255 {
		return shop.UpdateResult{}, shop.Invalid("The payment is not valid.", map[string]string{"transactionId": "is required"})
	}
	if ord.Paid {
		if ord.TransactionID == transactionID {
			return shop.UpdateResult{Acknowledged: true, MatchedCount: 1}, nil
		}
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, "The order is already paid by another transaction.")
	}
	pi, err := p.Provider.GetIntent(ctx, transactionID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return shop.UpdateResult{}, shop.Errorf(shop.EINVALID, "No such payment: the order stays unpaid.")
	}
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return p.record(ctx, ord, pi)
}

// record checks the intent against the order and marks the order paid.
// A payment that does not pay its order counts as failed; the write that
// marks an order paid counts it once.
func (p *Payments) record(ctx context.Context, ord shop.Order, pi shop.PaymentIntent) (shop.UpdateResult, error) {
	res, err := p.check(ctx, ord, pi)
	switch {
	case shop.ErrorCode(err) == shop.EINVALID || shop.ErrorCode(err) == shop.EPAYMENT:
		shop.Tell(p.Telemetry, shop.EventPaymentFailed)
	case err == nil:
		paid := ord
		paid.Paid, paid.TransactionID = true, pi.ID
		// The invoice is issued by this write or by a repeat that
		// completes what a crash left; the customer's e-mail goes with the
		// issue that decided it (once), the admins' with the paid write.
		inv, issued, ierr := p.Invoices.ForOrder(ctx, paid)
		if ierr != nil {
			p.Log.ErrorContext(ctx, "a paid order's invoice could not be issued; the recovery sweep issues it", "order", ord.ID, "error", ierr)
		}
		var letters []shop.Letter
		if issued || (res.ModifiedCount > 0 && (p.Invoices == nil || !shop.Invoiced(paid))) {
			paid.InvoiceNumber = inv.Number
			letters = append(letters, shop.Letter{Kind: shop.LetterOrderPaid, To: paid.Email, Order: &paid, Invoice: invoiceRef(inv)})
		}
		if res.ModifiedCount > 0 {
			shop.Tell(p.Telemetry, shop.EventOrderPaid)
			letters = append(letters, p.Notify.Letters(ctx, shop.NotifyPayment, shop.Letter{Order: &paid})...)
		}
		p.Mail.Send(ctx, letters...)
	}
	return res, err
}

// TellInvoiced writes the paid e-mail of an invoice the recovery sweep
// issued (the payment's own request stopped before it could).
func (p *Payments) TellInvoiced(ctx context.Context, inv shop.Invoice, ord *shop.Order, grp *shop.Group) {
	switch {
	case ord != nil:
		o := *ord
		o.InvoiceNumber = inv.Number
		p.Mail.Send(ctx, shop.Letter{Kind: shop.LetterOrderPaid, To: o.Email, Order: &o, Invoice: invoiceRef(inv)})
	case grp != nil:
		if l, ok := p.groupLetter(ctx, *grp, inv); ok {
			p.Mail.Send(ctx, l)
		}
	}
}

func (p *Payments) check(ctx context.Context, ord shop.Order, pi shop.PaymentIntent) (shop.UpdateResult, error) {
	switch {
	case pi.OrderID != ord.ID:
		return shop.UpdateResult{}, shop.Errorf(shop.EINVALID, "This payment is for another order: the order stays unpaid.")
	case pi.Status != shop.IntentSucceeded:
		return shop.UpdateResult{}, shop.Errorf(shop.EPAYMENT, "The payment has not succeeded (status %s): the order stays unpaid.", pi.Status)
	case pi.Amount != ord.Amount || !strings.EqualFold(pi.Currency, shop.Currency):
		p.Log.WarnContext(ctx, "payment amount does not match its order", "order", ord.ID, "intent", pi.ID, "paid", pi.Amount, "due", ord.Amount, "currency", pi.Currency)
		return shop.UpdateResult{}, shop.Errorf(shop.EINVALID, "The payment's amount does not match the order: the order stays unpaid.")
	}
	return p.Orders.MarkOrderPaid(ctx, ord.ID, pi.ID)
}

// WebhooksEnabled reports whether this store takes the provider's events
// (a webhook signing secret); without, the route is absent.
func (p *Payments) WebhooksEnabled() bool { return p != nil && p.ParseWebhook != nil }

// Webhook verifies a provider event and processes it once:
// payment_intent.succeeded marks its order paid through the same checks as
// PATCH /pay.
func (p *Payments) Webhook(ctx context.Context, payload []byte, signature string) error {
	if !p.WebhooksEnabled() {
		return shop.Errorf(shop.ENOTFOUND, shop.MsgWebhooksOff)
	}
	ev, err := p.ParseWebhook(payload, signature)
	if err != nil {
		p.Log.WarnContext(ctx, "webhook refused", "reason", err.Error())
		return shop.Errorf(shop.EINVALID, "The webhook signature is not valid.")
	}
	eventID, eventType, pi := ev.ID, ev.Type, ev.Intent
	claimed, err := p.Events.ClaimEvent(ctx, eventID, eventType)
	if err != nil || !claimed {
		return err // processed, or being processed by another delivery
	}
	if err := p.processEvent(ctx, eventID, eventType, pi); err != nil {
		if ferr := p.Events.ForgetEvent(context.WithoutCancel(ctx), eventID); ferr != nil {
			p.Log.ErrorContext(ctx, "a failed webhook event stays claimed; the provider's retry takes it over later", "event", eventID, "error", ferr)
		}
		return err // the provider retries
	}
	return p.Events.FinishEvent(context.WithoutCancel(ctx), eventID)
}

// processEvent applies a claimed event: payment_intent.succeeded marks its
// order paid. An error means "try again later".
func (p *Payments) processEvent(ctx context.Context, eventID, eventType string, pi shop.PaymentIntent) error {
	if eventType == "payment_intent.payment_failed" {
		shop.Tell(p.Telemetry, shop.EventPaymentFailed)
	}
	if gid, ok := strings.CutPrefix(pi.OrderID, shop.GroupIntentPrefix); ok && eventType == "payment_intent.succeeded" && p.Groups != nil {
		return p.groupEvent(ctx, eventID, gid, pi)
	}
	if eventType == "payment_intent.succeeded" && pi.OrderID != "" {
		ord, err := p.Orders.FindOrder(ctx, pi.OrderID)
		switch {
		case shop.ErrorCode(err) == shop.ENOTFOUND || shop.ErrorCode(err) == shop.EINVALID:
			p.Log.WarnContext(ctx, "payment for an unknown order", "event", eventID, "order", pi.OrderID, "intent", pi.ID)
		case err != nil:
			return err
		default:
			if _, err := p.record(ctx, ord, pi); err != nil {
				if code := shop.ErrorCode(err); code == shop.EINTERNAL || code == shop.EUNAVAILABLE {
					return err // the provider retries
				}
				p.Log.WarnContext(ctx, "payment event not recorded", "event", eventID, "order", ord.ID, "reason", shop.ErrorMessage(err))
			}
		}
	}
	return nil
}

// ConfirmTestCard confirms a test-mode payment with a test card, as
// Stripe.js does with Stripe.
func (p *Payments) ConfirmTestCard(ctx context.Context, clientSecret string, card shop.TestCard) (shop.PaymentIntent, error) {
	if p.TestCards == nil {
		return shop.PaymentIntent{}, shop.Errorf(shop.ENOTFOUND, "This store takes payments with Stripe, not in test mode.")
	}
	pi, err := p.TestCards.Confirm(ctx, clientSecret, card)
	if shop.ErrorCode(err) == shop.EPAYMENT { // declined, as Stripe.js reports a card error
		shop.Tell(p.Telemetry, shop.EventPaymentFailed)
	}
	return pi, err
}

// SettleBeforeCancel is called before an order with a payment intent is
// deleted: a succeeded payment is recorded (and the delete refused), any
// other intent is cancelled so it can no longer be paid.
func (p *Payments) SettleBeforeCancel(ctx context.Context, ord shop.Order) error {
	if ord.PaymentIntentID == "" {
		return nil
	}
	pi, err := p.Provider.GetIntent(ctx, ord.PaymentIntentID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	switch pi.Status {
	case shop.IntentSucceeded:
		if _, err := p.record(ctx, ord, pi); err != nil {
			return err
		}
		return shop.Errorf(shop.ECONFLICT, "The order has been paid and cannot be deleted.")
	case shop.IntentCanceled:
		return nil
	}
	if _, err := p.Provider.CancelIntent(ctx, pi.ID); err != nil {
		return shop.Errorf(shop.ECONFLICT, "A payment for this order is in progress; try again shortly.")
	}
	return nil
}

// ownOrder is the caller's order with this id; another customer's answers
// exactly like a missing one.
func (p *Payments) ownOrder(ctx context.Context, caller shop.Caller, id string) (shop.Order, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Order{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Order{}, shop.Invalid("The order is not valid.", map[string]string{"orderId": "must be an order id"})
	}
	ord, err := p.Orders.FindOrder(ctx, id)
	if err != nil {
		return shop.Order{}, err
	}
	return ord, shop.RequireOwnerOrHide(caller, ord.Email, orderNoun)
}
