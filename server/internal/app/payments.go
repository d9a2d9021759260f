package app

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Payments charges purchases through the provider and records a payment
// only after checking it with the provider. One path for every purchase
// (issue 43): an intent for its stored total, a confirmation, the webhook,
// the settling before a cancel, and the refund of a payment whose purchase
// is gone. The spec's single-order calls are adapters (orders.go).
type Payments struct {
	Orders   shop.OrderStore
	Groups   shop.GroupStore
	Intents  shop.IntentRecordStore
	Provider shop.PaymentProvider
	Events   shop.EventStore
	// Purchases brings a paid purchase's orders along; set by the wiring.
	Purchases *Purchases
	// ParseWebhook verifies a webhook's signature and decodes it; nil when
	// webhooks are not configured.
	ParseWebhook func(payload []byte, signature string) (shop.WebhookEvent, error)
	// TestCards confirms test-mode payments; nil with Stripe.
	TestCards interface {
		Confirm(ctx context.Context, clientSecret string, card shop.TestCard) (shop.PaymentIntent, error)
	}
	Log       *slog.Logger
	Telemetry shop.Telemetry // counts orders paid and payments failed; may be nil
	Mail      *Outbox        // tells the customer the purchase is paid; may be nil
	Notify    *Notifier      // tells the admins; may be nil
	// Invoices issues the invoice of what is paid; may be nil.
	Invoices *Invoices
}

// ownPurchase is the caller's purchase with this id; another customer's
// answers exactly like a missing one. field names the id in a 400.
func (p *Payments) ownPurchase(ctx context.Context, caller shop.Caller, id, field string) (shop.Group, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Group{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Group{}, shop.Invalid("The payment is not valid.", map[string]string{field: "must be an order group id"})
	}
	grp, err := p.Purchases.find(ctx, id)
	if err != nil {
		return shop.Group{}, err
	}
	return grp, shop.RequireOwnerOrHide(caller, grp.Email, shop.MsgGroupNoun)
}

// CreateIntent answers POST /create-payment-intent {groupId}: one intent
// for the purchase's stored total, however often it is called. Its record
// is stored before its client secret is handed out.
func (p *Payments) CreateIntent(ctx context.Context, caller shop.Caller, purchaseID string) (string, error) {
	grp, err := p.ownPurchase(ctx, caller, purchaseID, "groupId")
	if err != nil {
		return "", err
	}
	return p.createIntent(ctx, grp)
}

func (p *Payments) createIntent(ctx context.Context, grp shop.Group) (string, error) {
	noun := "order group"
	if grp.SingleOrder() {
		noun = "order"
	}
	switch {
	case grp.Paid:
		return "", shop.Errorf(shop.ECONFLICT, "The %s is already paid.", noun)
	case grp.Placing:
		return "", shop.Errorf(shop.ECONFLICT, shop.MsgGroupPlacing)
	case grp.Cancelling != "":
		return "", shop.Errorf(shop.ECONFLICT, shop.MsgGroupCanceling)
	case grp.AwaitingFreight: // issue 48: payable once an admin prices it
		return "", shop.Errorf(shop.ECONFLICT, shop.MsgAwaitingFreight)
	case grp.AwaitingApproval: // issue 45: payable once its company approves it
		return "", shop.Errorf(shop.ECONFLICT, shop.MsgAwaitingApproval)
	case grp.Payment == shop.PayOnAccount: // issue 45: paid against its invoice
		return "", shop.Errorf(shop.ECONFLICT, shop.MsgOnAccountNoCard)
	}
	amount := int64(grp.Total)
	if grp.PaymentIntentID != "" {
		pi, err := p.Provider.GetIntent(ctx, grp.PaymentIntentID)
		if err == nil && pi.Status != shop.IntentCanceled && pi.Status != shop.IntentRefunded && pi.Amount == amount {
			return pi.ClientSecret, p.recordIntent(ctx, grp, pi)
		}
	}
	pi, err := p.Provider.CreateIntent(ctx, grp.IntentRef(), amount, grp.Email)
	if err != nil {
		return "", err
	}
	if err := p.recordIntent(ctx, grp, pi); err != nil {
		return "", err
	}
	if err := p.Groups.SetGroupPaymentIntent(ctx, grp.ID, pi.ID); err != nil {
		// Cancelled, paid or being cancelled meanwhile: the intent is not
		// handed out, and it goes at the provider.
		if isRefusal(err) {
			if _, cerr := p.Provider.CancelIntent(context.WithoutCancel(ctx), pi.ID); cerr == nil {
				p.settleRecord(ctx, pi.ID, shop.IntentCanceled, "")
			}
		}
		return "", err
	}
	return pi.ClientSecret, nil
}

// recordIntent stores the record of an intent this store made.
func (p *Payments) recordIntent(ctx context.Context, grp shop.Group, pi shop.PaymentIntent) error {
	if p.Intents == nil {
		return nil
	}
	return p.Intents.RecordIntent(ctx, shop.IntentRecord{ID: pi.ID, Purchase: grp.ID, Number: grp.Number, Amount: pi.Amount, Email: grp.Email})
}

// settleRecord closes an intent's record (one closed already is left).
func (p *Payments) settleRecord(ctx context.Context, intentID, outcome, refund string) {
	if p.Intents == nil {
		return
	}
	if err := p.Intents.SettleIntentRecord(context.WithoutCancel(ctx), intentID, outcome, refund); err != nil && !isRefusal(err) {
		p.Log.ErrorContext(ctx, "a payment's record could not be closed; the sweep closes it", "intent", intentID, "outcome", outcome, "error", err)
	}
}

// Confirm answers PATCH /groups/{id}/pay: the purchase becomes paid only
// if the provider says the intent succeeded, for its total and currency.
func (p *Payments) Confirm(ctx context.Context, caller shop.Caller, purchaseID, transactionID string) (shop.UpdateResult, error) {
	grp, err := p.ownPurchase(ctx, caller, purchaseID, "groupId")
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return p.confirm(ctx, grp, transactionID)
}

func (p *Payments) confirm(ctx context.Context, grp shop.Group, transactionID string) (shop.UpdateResult, error) {
	noun := "order group"
	if grp.SingleOrder() {
		noun = "order"
	}
	transactionID = strings.TrimSpace(transactionID)
	if transactionID == "" || len(transactionID) > 255 {
		return shop.UpdateResult{}, shop.Invalid("The payment is not valid.", map[string]string{"transactionId": "is required"})
	}
	if grp.Paid {
		if grp.TransactionID == transactionID {
			return shop.UpdateResult{Acknowledged: true, MatchedCount: int64(len(grp.OrderIDs))}, nil
		}
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, "The %s is already paid by another transaction.", noun)
	}
	pi, err := p.Provider.GetIntent(ctx, transactionID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return shop.UpdateResult{}, shop.Errorf(shop.EINVALID, "No such payment: the %s stays unpaid.", noun)
	}
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return p.record(ctx, grp, pi)
}

// record checks the intent against the purchase, marks the purchase paid
// (one guarded write), then its orders; a payment that does not pay its
// purchase counts as failed. Only the write that marked it paid tells
// (telemetry, the admins); the buyer's e-mail goes with the invoice's
// issue, once.
func (p *Payments) record(ctx context.Context, grp shop.Group, pi shop.PaymentIntent) (shop.UpdateResult, error) {
	noun := "order group"
	if grp.SingleOrder() {
		noun = "order"
	}
	var err error
	switch {
	case shop.PurchaseIDOfRef(pi.OrderID) != grp.ID:
		err = shop.Errorf(shop.EINVALID, "This payment is for another %s: the %s stays unpaid.", noun, noun)
	case pi.Status != shop.IntentSucceeded:
		err = shop.Errorf(shop.EPAYMENT, "The payment has not succeeded (status %s): the %s stays unpaid.", pi.Status, noun)
	case pi.Amount != int64(grp.Total) || !strings.EqualFold(pi.Currency, shop.Currency):
		p.Log.WarnContext(ctx, "payment amount does not match its purchase", "group", grp.ID, "intent", pi.ID, "paid", pi.Amount, "due", int64(grp.Total), "currency", pi.Currency)
		err = shop.Errorf(shop.EINVALID, "The payment's amount does not match the %s: it stays unpaid.", noun)
	}
	if err != nil {
		shop.Tell(p.Telemetry, shop.EventPaymentFailed)
		return shop.UpdateResult{}, err
	}
	res, err := p.Groups.MarkGroupPaid(ctx, grp.ID, pi.ID)
	if shop.ErrorCode(err) == shop.ECONFLICT {
		var done bool
		var out shop.UpdateResult
		if out, done, err = p.afterCancelMark(ctx, grp, pi, noun, err); done {
			return out, err
		}
		res, err = p.Groups.MarkGroupPaid(ctx, grp.ID, pi.ID)
	}
	if err != nil {
		return shop.UpdateResult{}, err
	}
	decided := res.ModifiedCount > 0
	p.settleRecord(ctx, pi.ID, shop.IntentPaid, "")
	paid, err := p.Purchases.FindAndSync(ctx, grp.ID)
	if err != nil {
		// The payment stands; the recovery sweep brings its orders along.
		p.Log.ErrorContext(ctx, "a paid purchase's orders are left for the recovery sweep", "group", grp.ID, "error", err)
		paid = grp
		paid.Paid, paid.TransactionID = true, pi.ID
	}
	n := int64(len(grp.OrderIDs))
	out := shop.UpdateResult{Acknowledged: true, MatchedCount: n}
	if decided {
		out.ModifiedCount = n
		shop.Tell(p.Telemetry, shop.EventOrderPaid)
	}
	described, derr := p.Purchases.describe(ctx, paid)
	if derr != nil {
		p.Log.ErrorContext(ctx, "a paid purchase could not be read for its e-mails", "group", grp.ID, "error", derr)
		return out, nil
	}
	// One invoice for the purchase, and one paid e-mail with it: written
	// by the call whose issue decided it (a repeat after a crash too).
	inv, issued, ierr := p.Invoices.ForGroup(ctx, described)
	if ierr != nil {
		p.Log.ErrorContext(ctx, "a paid purchase's invoice could not be issued; the recovery sweep issues it", "group", grp.ID, "error", ierr)
	}
	var letters []shop.Letter
	if issued || (decided && (p.Invoices == nil || described.Total <= 0)) {
		described.InvoiceNumber = inv.Number
		letters = append(letters, shop.Letter{Kind: shop.LetterOrderPaid, To: described.Email, Group: &described, Invoice: invoiceRef(inv)})
	}
	if decided {
		letters = append(letters, p.Notify.Letters(ctx, shop.NotifyPayment, shop.Letter{Group: &described})...)
	}
	p.Mail.Send(ctx, letters...)
	return out, nil
}

// cancelWait bounds how long a payment waits for a cancel that marked its
// purchase to decide (a cancel decides in milliseconds; one whose step
// failed is left to the recovery sweep).
var cancelWait = 3 * time.Second

// afterCancelMark answers a succeeded payment whose guarded write was
// refused (refused is that refusal) when the refusal may be a cancel's or
// an expiry's mark: that cancel asks the provider before it deletes
// anything, so it records this payment or gives way, and the buyer is
// answered with what it decided, never with "being cancelled" for a
// payment that then stands. done false: the mark went without a decision
// about this payment (the cancel gave way); the caller writes again.
func (p *Payments) afterCancelMark(ctx context.Context, grp shop.Group, pi shop.PaymentIntent, noun string, refused error) (shop.UpdateResult, bool, error) {
	deadline := time.Now().Add(cancelWait)
	for {
		cur, err := p.Groups.FindGroup(ctx, grp.ID)
		switch {
		case shop.ErrorCode(err) == shop.ENOTFOUND:
			// Cancelled: this store's payment for it goes back.
			if rerr := p.refundOrphan(context.WithoutCancel(ctx), pi, "its purchase was cancelled while it was paid"); rerr != nil {
				p.Log.ErrorContext(ctx, "a payment for a purchase cancelled meanwhile is left for the sweep to refund", "intent", pi.ID, "error", rerr)
			}
			return shop.UpdateResult{}, true, shop.Errorf(shop.ECONFLICT, shop.MsgPaidAfterCancel, noun)
		case err != nil:
			return shop.UpdateResult{}, true, err
		case cur.Paid && cur.TransactionID == pi.ID:
			// The cancel found this payment and recorded it (its request
			// sent the e-mails and the invoice).
			p.settleRecord(ctx, pi.ID, shop.IntentPaid, "")
			return shop.UpdateResult{Acknowledged: true, MatchedCount: int64(len(cur.OrderIDs))}, true, nil
		case cur.Paid || cur.Cancelling == "" && !cur.Placing:
			if cur.Paid {
				return shop.UpdateResult{}, true, refused
			}
			return shop.UpdateResult{}, false, nil
		}
		if !time.Now().Before(deadline) {
			if cur.Cancelling != "" {
				return shop.UpdateResult{}, true, shop.Errorf(shop.EUNAVAILABLE, shop.MsgPaidWhileCancelling, noun, noun)
			}
			return shop.UpdateResult{}, true, refused
		}
		select {
		case <-ctx.Done():
			return shop.UpdateResult{}, true, refused
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TellInvoiced writes the paid e-mail of an invoice the recovery sweep
// issued (the payment's own request stopped before it could).
func (p *Payments) TellInvoiced(ctx context.Context, inv shop.Invoice, ord *shop.Order, grp *shop.Group) {
	var g shop.Group
	switch {
	case grp != nil:
		g = *grp
	case ord != nil:
		found, err := p.Purchases.find(ctx, shop.PurchaseOf(*ord))
		if err != nil {
			return
		}
		g = found
	default:
		return
	}
	described, err := p.Purchases.describe(ctx, g)
	if err != nil || len(described.Orders) == 0 {
		return
	}
	described.InvoiceNumber = inv.Number
	p.Mail.Send(ctx, shop.Letter{Kind: shop.LetterOrderPaid, To: described.Email, Group: &described, Invoice: invoiceRef(inv)})
}

// WebhooksEnabled reports whether this store takes the provider's events
// (a webhook signing secret); without, the route is absent.
func (p *Payments) WebhooksEnabled() bool { return p != nil && p.ParseWebhook != nil }

// Webhook verifies a provider event and processes it once:
// payment_intent.succeeded marks its purchase paid through the same checks
// as PATCH /pay.
func (p *Payments) Webhook(ctx context.Context, payload []byte, signature string) error {
	if !p.WebhooksEnabled() {
		return shop.Errorf(shop.ENOTFOUND, shop.MsgWebhooksOff)
	}
	ev, err := p.ParseWebhook(payload, signature)
	if err != nil {
		p.Log.WarnContext(ctx, "webhook refused", "reason", err.Error())
		return shop.Errorf(shop.EINVALID, "The webhook signature is not valid.")
	}
	claimed, err := p.Events.ClaimEvent(ctx, ev.ID, ev.Type)
	if err != nil || !claimed {
		return err // processed, or being processed by another delivery
	}
	if err := p.processEvent(ctx, ev.ID, ev.Type, ev.Intent); err != nil {
		if ferr := p.Events.ForgetEvent(context.WithoutCancel(ctx), ev.ID); ferr != nil {
			p.Log.ErrorContext(ctx, "a failed webhook event stays claimed; the provider's retry takes it over later", "event", ev.ID, "error", ferr)
		}
		return err // the provider retries
	}
	return p.Events.FinishEvent(context.WithoutCancel(ctx), ev.ID)
}

// processEvent applies a claimed event: payment_intent.succeeded marks its
// purchase paid, or refunds a payment whose purchase is gone. An error
// means "try again later".
func (p *Payments) processEvent(ctx context.Context, eventID, eventType string, pi shop.PaymentIntent) error {
	if eventType == "payment_intent.payment_failed" {
		shop.Tell(p.Telemetry, shop.EventPaymentFailed)
	}
	if eventType != "payment_intent.succeeded" || pi.OrderID == "" {
		return nil
	}
	return p.apply(ctx, pi, "event "+eventID)
}

// apply records a succeeded payment on its purchase; a payment for a
// purchase that is gone (or paid by another payment) is refunded when this
// store made it. An error means "try again later".
func (p *Payments) apply(ctx context.Context, pi shop.PaymentIntent, source string) error {
	id := shop.PurchaseIDOfRef(pi.OrderID)
	grp, err := p.Purchases.find(ctx, id)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND || shop.ErrorCode(err) == shop.EINVALID:
		return p.refundOrphan(ctx, pi, "its purchase no longer exists")
	case err != nil:
		return err
	}
	_, err = p.record(ctx, grp, pi)
	switch {
	case err == nil:
		return nil
	case uncertain(err):
		return err
	case shop.ErrorMessage(err) == shop.MsgGroupPaidOther:
		return p.refundOrphan(ctx, pi, "its purchase was paid by another payment")
	}
	p.Log.WarnContext(ctx, "payment not recorded", "source", source, "group", grp.ID, "intent", pi.ID, "reason", shop.ErrorMessage(err))
	return nil
}

// refundOrphan refunds a succeeded payment this store made whose purchase
// no longer exists (or was paid otherwise), records the refund on the
// intent's record, and tells every admin. An intent this store did not
// make is only logged.
func (p *Payments) refundOrphan(ctx context.Context, pi shop.PaymentIntent, why string) error {
	if p.Intents == nil {
		p.Log.WarnContext(ctx, "payment for an unknown purchase", "intent", pi.ID, "reference", pi.OrderID)
		return nil
	}
	rec, err := p.Intents.FindIntentRecord(ctx, pi.ID)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND:
		p.Log.WarnContext(ctx, "payment for an unknown purchase, not made by this store: left alone", "intent", pi.ID, "reference", pi.OrderID)
		return nil
	case err != nil:
		return err
	case rec.Outcome == shop.IntentRefunded:
		return nil
	}
	refund, err := p.Provider.Refund(ctx, pi.ID)
	if err != nil {
		p.Log.ErrorContext(ctx, "a payment for a purchase that no longer exists could not be refunded; tried again", "intent", pi.ID, "error", err)
		return err
	}
	if err := p.Intents.SettleIntentRecord(context.WithoutCancel(ctx), pi.ID, shop.IntentRefunded, refund); err != nil && !isRefusal(err) {
		return err
	}
	p.Log.WarnContext(ctx, "refunded a payment: "+why, "intent", pi.ID, "refund", refund, "amount", pi.Amount, "number", rec.Number)
	rec.Outcome, rec.Refund = shop.IntentRefunded, refund
	p.Mail.Send(ctx, p.Notify.Letters(ctx, shop.NotifyRefund, shop.Letter{Refund: &rec, Why: why})...)
	return nil
}

// refundIfOrphan refunds at once a succeeded payment this store made for
// the caller's purchase purchaseID, which is gone: a buyer who paid while
// their order was being cancelled need not wait for the webhook or the
// sweep. Anything else (another's payment, a purchase that stands) is
// left alone.
func (p *Payments) refundIfOrphan(ctx context.Context, caller shop.Caller, purchaseID, intentID string) {
	if p.Intents == nil || intentID == "" || len(intentID) > 255 {
		return
	}
	rec, err := p.Intents.FindIntentRecord(ctx, intentID)
	if err != nil || rec.Purchase != purchaseID || shop.NormalizeEmail(rec.Email) != caller.Email {
		return // not this store's intent, or not this buyer's purchase's
	}
	if _, err := p.Groups.FindGroup(ctx, purchaseID); shop.ErrorCode(err) != shop.ENOTFOUND {
		return
	}
	pi, err := p.Provider.GetIntent(ctx, intentID)
	if err != nil || pi.Status != shop.IntentSucceeded {
		return
	}
	if err := p.refundOrphan(ctx, pi, "its purchase no longer exists"); err != nil {
		p.Log.ErrorContext(ctx, "a payment for a purchase that is gone is left for the sweep to refund", "intent", intentID, "error", err)
	}
}

// SettleIntents closes the records of this store's intents made before
// cutoff that are still open: paid ones, those of purchases gone (a
// succeeded one refunded, any other cancelled at the provider), and those
// a newer intent replaced. An intent still in use (its purchase's, unpaid)
// is left; the purchase's cancel or expiry settles it. It is the sweep's
// net under the webhook: without webhooks, or when one is lost, a payment
// for a cancelled purchase is still refunded.
func (p *Payments) SettleIntents(ctx context.Context, cutoff time.Time) (settled int, err error) {
	if p.Intents == nil {
		return 0, nil
	}
	// Every open record is looked at (most are in use, and cost a read of
	// their purchase in memory): a page at a time, the ones kept open
	// skipped over. One closed meanwhile may shift a page; the next sweep
	// sees what this one missed.
	for skip := 0; ; {
		open, err := p.Intents.OpenIntentRecords(ctx, cutoff, expireBatch, skip)
		if err != nil {
			return settled, err
		}
		n, err := p.settleOpen(ctx, open)
		settled += n
		if err != nil || len(open) < expireBatch {
			return settled, err
		}
		skip += len(open) - n
	}
}

// settleOpen settles a page of open intent records; it returns how many
// it closed.
func (p *Payments) settleOpen(ctx context.Context, open []shop.IntentRecord) (settled int, err error) {
	for _, rec := range open {
		grp, err := p.Groups.FindGroup(ctx, rec.Purchase)
		gone := shop.ErrorCode(err) == shop.ENOTFOUND
		if err != nil && !gone {
			return settled, err
		}
		switch {
		case !gone && grp.Paid && grp.TransactionID == rec.ID:
			p.settleRecord(ctx, rec.ID, shop.IntentPaid, "")
			settled++
			continue
		case !gone && !grp.Paid && grp.PaymentIntentID == rec.ID:
			continue // in use
		}
		pi, err := p.Provider.GetIntent(ctx, rec.ID)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			p.settleRecord(ctx, rec.ID, shop.IntentCanceled, "")
			settled++
			continue
		}
		if err != nil {
			return settled, err
		}
		switch pi.Status {
		case shop.IntentSucceeded:
			if !gone && !grp.Paid {
				if _, err := p.record(ctx, grp, pi); err == nil {
					settled++
					continue
				}
			}
			if err := p.refundOrphan(ctx, pi, "its purchase was cancelled, or paid by another payment"); err != nil {
				return settled, err
			}
		case shop.IntentCanceled, shop.IntentRefunded:
			p.settleRecord(ctx, rec.ID, shop.IntentCanceled, "")
		case shop.IntentProcessing:
			continue // decided at the provider soon
		default:
			if _, err := p.Provider.CancelIntent(ctx, rec.ID); err != nil {
				continue // looked at again next time
			}
			p.settleRecord(ctx, rec.ID, shop.IntentCanceled, "")
		}
		settled++
	}
	return settled, nil
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

// settleBeforeCancel is called before a purchase with a payment intent is
// cancelled: a succeeded payment is recorded (and the cancel refused), a
// payment in progress refuses it, any other intent is cancelled so that it
// can no longer be paid. onSucceeded, when set, runs before a succeeded
// payment is recorded (a cancel that has marked the purchase drops its
// mark there).
func (p *Payments) settleBeforeCancel(ctx context.Context, grp shop.Group, onSucceeded func()) error {
	if p == nil || grp.PaymentIntentID == "" {
		return nil
	}
	pi, err := p.Provider.GetIntent(ctx, grp.PaymentIntentID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	msgPaid, msgBusy := shop.MsgGroupPaid, "A payment for this order group is in progress; try again shortly."
	if grp.SingleOrder() {
		msgPaid, msgBusy = "The order has been paid and cannot be deleted.", "A payment for this order is in progress; try again shortly."
	}
	switch pi.Status {
	case shop.IntentSucceeded:
		if onSucceeded != nil {
			onSucceeded()
		}
		if cur, err := p.Groups.FindGroup(ctx, grp.ID); err == nil {
			grp = cur
		}
		if _, err := p.record(ctx, grp, pi); err != nil {
			return err
		}
		return shop.Errorf(shop.ECONFLICT, "%s", msgPaid)
	case shop.IntentCanceled, shop.IntentRefunded:
		p.settleRecord(ctx, pi.ID, shop.IntentCanceled, "")
		return nil
	}
	if _, err := p.Provider.CancelIntent(ctx, pi.ID); err != nil {
		return shop.Errorf(shop.ECONFLICT, "%s", msgBusy)
	}
	p.settleRecord(ctx, pi.ID, shop.IntentCanceled, "")
	return nil
}

// PostponesExpiry reports whether a purchase's payment is under way at the
// provider (processing, or waiting for its customer), which postpones its
// expiry.
func (p *Payments) postponesExpiry(ctx context.Context, grp shop.Group) bool {
	if p == nil || grp.PaymentIntentID == "" {
		return false
	}
	pi, err := p.Provider.GetIntent(ctx, grp.PaymentIntentID)
	if err != nil {
		return true // not known now: looked at again next time
	}
	return pi.Status == shop.IntentProcessing || pi.Status == shop.IntentRequiresAction
}
