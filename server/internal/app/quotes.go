package app

import (
	"context"
	"log/slog"
	"time"

	"storefront/server/internal/shop"
)

// QuoteStore is the quotes' persistence with the look-up recovery needs.
type QuoteStore interface {
	shop.QuoteStore
	shop.QuoteRecovery
}

// Quotes is the quote desk: customers ask, admins price, customers accept
// (one order per item, all or none) or decline.
type Quotes struct {
	Quotes   QuoteStore
	Products shop.ProductStore
	Orders   *Orders   // places and withdraws the orders of an acceptance
	Mail     *Outbox   // may be nil
	Notify   *Notifier // tells the admins of requests; may be nil
	// Groups keeps an acceptance's purchase: its orders' group, under the
	// quote's id, linked to it by quoteId.
	Groups shop.GroupStore
	Now    func() time.Time
	Log    *slog.Logger
	Owners *Owners // a quote requested for an account being deleted is erased as the deletion erases them
}

func (q *Quotes) now() time.Time {
	if q.Now != nil {
		return q.Now().UTC()
	}
	return time.Now().UTC()
}

// Request stores a customer's request for a quote, status requested.
func (q *Quotes) Request(ctx context.Context, caller shop.Caller, d shop.QuoteDraft) (shop.Quote, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Quote{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.Quote{}, err
	}
	quote := shop.Quote{Email: caller.Email, Name: caller.Name, Company: d.Company, Message: d.Message}
	for _, it := range d.Items {
		p, err := q.Products.FindProduct(ctx, it.ProductID)
		if err != nil {
			return shop.Quote{}, err
		}
		quote.Items = append(quote.Items, shop.QuoteItem{ProductID: p.ID, ProductName: p.Name, Quantity: it.Quantity})
	}
	stored, err := q.Quotes.InsertQuote(ctx, quote)
	if err != nil {
		return shop.Quote{}, err
	}
	if err := q.Owners.Keep(ctx, caller, func(ctx context.Context, _ *shop.User) error {
		_, err := q.Owners.Erasure.EraseQuotes(ctx, caller.Email)
		return err
	}); err != nil {
		return shop.Quote{}, err
	}
	q.Notify.Notify(ctx, shop.NotifyQuoteRequest, shop.Letter{Quote: &stored})
	return stored, nil
}

// List returns the caller's quotes, or every quote to an admin.
func (q *Quotes) List(ctx context.Context, caller shop.Caller, limit, skip int) ([]shop.Quote, int64, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return nil, 0, err
	}
	email := caller.Email
	if caller.IsAdmin() {
		email = ""
	}
	list, total, err := q.Quotes.ListQuotes(ctx, email, limit, skip)
	if err != nil {
		return nil, 0, err
	}
	for i := range list {
		if list[i], err = q.withFigures(ctx, list[i]); err != nil {
			return nil, 0, err
		}
	}
	return list, total, nil
}

// withFigures is the quote with its totals, taxed as its acceptance would
// be now (none under its buyer's approved tax exemption, issue 49).
func (q *Quotes) withFigures(ctx context.Context, quote shop.Quote) (shop.Quote, error) {
	t, err := q.Orders.Purchases.taxing(ctx, quote.Email)
	if err != nil {
		return shop.Quote{}, err
	}
	return quote.WithFigures(t.EffectiveRate(), q.Orders.Purchases.TaxShipping), nil
}

// Price answers a quote (admins): every item priced, a validity, a note.
// A quote priced already and not yet accepted or declined may be priced
// again (one guarded write decides it, against an acceptance at the same
// time): it is a new revision, which an acceptance must name, and the
// customer is told the prices were revised.
func (q *Quotes) Price(ctx context.Context, caller shop.Caller, id string, p shop.QuotePricing) (shop.Quote, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.Quote{}, err
	}
	cur, err := q.Quotes.FindQuote(ctx, id)
	if err != nil {
		return shop.Quote{}, err
	}
	items, err := p.Validate(cur, q.now().Format(time.DateOnly))
	if err != nil {
		return shop.Quote{}, err
	}
	priced, err := q.Quotes.PriceQuote(ctx, id, items, p.Freight, p.ValidUntil, p.Note, p.Revision)
	if err != nil {
		return shop.Quote{}, err
	}
	kind := shop.LetterQuoteAnswered
	if priced.Revision > 1 {
		kind = shop.LetterQuoteRevised
	}
	if priced, err = q.withFigures(ctx, priced); err != nil {
		return shop.Quote{}, err
	}
	q.Mail.Send(ctx, shop.Letter{Kind: kind, To: priced.Email, Quote: &priced})
	return priced, nil
}

// Decline declines a quote: its owner or an admin (to anyone else it does
// not exist).
func (q *Quotes) Decline(ctx context.Context, caller shop.Caller, id string) (shop.Quote, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Quote{}, err
	}
	cur, err := q.Quotes.FindQuote(ctx, id)
	if err != nil {
		return shop.Quote{}, err
	}
	if err := shop.RequireOwnerOrAdminOrHide(caller, cur.Email, shop.MsgQuoteNoun); err != nil {
		return shop.Quote{}, err
	}
	return q.Quotes.DeclineQuote(ctx, id)
}

// Accept turns a quoted, unexpired quote into one order per item at the
// quoted unit prices, for its owner. The stock is reserved for every item
// or for none: an item short of stock withdraws the orders placed before
// it. The quote carries the orders' ids while they are placed (one
// conditional write), so a second acceptance is refused and a crash in
// between is settled at the next start (Recover).
func (q *Quotes) Accept(ctx context.Context, caller shop.Caller, id string, d shop.AcceptDraft) ([]string, error) {
	grp, err := q.AcceptPurchase(ctx, caller, id, d)
	if err != nil {
		return nil, err
	}
	return grp.OrderIDs, nil
}

// AcceptPurchase is Accept, answering the purchase placed (whether it
// awaits approval: issue 45).
func (q *Quotes) AcceptPurchase(ctx context.Context, caller shop.Caller, id string, d shop.AcceptDraft) (shop.Group, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Group{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.Group{}, err
	}
	cur, err := q.Quotes.FindQuote(ctx, id)
	if err != nil {
		return shop.Group{}, err
	}
	if caller.Email != shop.NormalizeEmail(cur.Email) {
		if caller.IsAdmin() {
			return shop.Group{}, shop.Errorf(shop.EFORBIDDEN, shop.MsgQuoteOwnerOnly)
		}
		return shop.Group{}, shop.NotFound(shop.MsgQuoteNoun)
	}
	switch {
	case cur.Status == shop.QuoteAccepted:
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgQuoteAccepted)
	case cur.Status == shop.QuoteDeclined:
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgQuoteDeclined)
	case cur.Status != shop.QuoteQuoted || cur.QuotedAt == nil:
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgQuoteNotQuoted)
	case len(cur.Accepting) > 0:
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgQuoteBusy)
	}
	if d.Payment != shop.PayOnAccount { // (on account: not counted, issue 45)
		if err := q.Orders.Purchases.mayPlace(ctx, caller); err != nil {
			return shop.Group{}, err
		}
	}
	amounts := make([]int64, len(cur.Items))
	for i, it := range cur.Items {
		amounts[i] = int64(*it.UnitPrice) * it.Quantity
	}
	taxing, err := q.Orders.Purchases.taxing(ctx, caller.Email)
	if err != nil {
		return shop.Group{}, err
	}
	b, err := q.Orders.Purchases.buyerOf(ctx, caller)
	if err != nil {
		return shop.Group{}, err
	}
	company := cur.Company
	if b.approved() != nil {
		if company, err = b.purchaseTerms(d.PONumber, ""); err != nil {
			return shop.Group{}, err
		}
	}
	freight, err := q.freightLine(ctx, cur, taxing)
	if err != nil {
		return shop.Group{}, err
	}
	total := q.Orders.Purchases.totalWithTax(taxing, amounts...) + freight.Total()
	above, err := b.aboveLimit(total)
	if err != nil {
		return shop.Group{}, err
	}
	account, err := accountCheckout(b, d.Payment, shop.Figures{Total: total}) // (a quote's freight is priced)
	if err != nil {
		return shop.Group{}, err
	}
	switch {
	case *d.Revision != cur.Revision: // re-priced since the customer saw it
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgQuoteRevised)
	case q.now().Format(time.DateOnly) > cur.ValidUntil:
		return shop.Group{}, shop.Errorf(shop.ECONFLICT, shop.MsgQuoteExpired, cur.ValidUntil)
	}
	ids := make([]string, len(cur.Items))
	for i := range ids {
		ids[i] = q.Orders.Orders.NewOrderID()
	}
	cur.Accepting = ids
	defer func() {
		if r := recover(); r != nil { // (from the mark on: a panic in it may follow its write)
			if _, err := q.settleAcceptance(context.WithoutCancel(ctx), cur); err != nil {
				q.Log.ErrorContext(ctx, "an interrupted quote acceptance is left for the recovery sweep", "quote", id, "error", err)
			}
			panic(r)
		}
	}()
	if err := q.Quotes.StartAccepting(ctx, id, *cur.QuotedAt, cur.Revision, ids); err != nil {
		if uncertain(err) { // the mark may be there all the same: drop it (a no-op when not)
			if aerr := q.Quotes.AbandonAccepting(context.WithoutCancel(ctx), id, ids); aerr != nil && !isRefusal(aerr) {
				q.Log.ErrorContext(ctx, "an acceptance's marker is left for the recovery sweep", "quote", id, "error", aerr)
			}
		}
		return shop.Group{}, err
	}
	grp := shop.Group{ID: cur.ID, Email: caller.Email, QuoteID: cur.ID, Company: company, PONumber: d.PONumber, OrderIDs: ids, Placing: true,
		CompanyID: b.companyID(), AwaitingApproval: above, Shipping: freight}
	if account != nil { // on account (terms.go): its credit held as it is placed
		grp.Payment, grp.CompanyID = shop.PayOnAccount, account.ID
	}
	for _, it := range cur.Items {
		amount := int64(*it.UnitPrice) * it.Quantity
		tax := taxing.Of(amount)
		grp.Total, grp.Tax = grp.Total+shop.Cents(amount+tax), grp.Tax+shop.Cents(tax)
	}
	grp.Total, grp.Tax = grp.Total+freight.Total(), grp.Tax+freight.TaxOrZero()
	stored, err := q.Groups.InsertGroup(ctx, grp)
	if err != nil {
		q.giveUp(ctx, cur, err)
		return shop.Group{}, err
	}
	if err := q.Orders.Purchases.holdCredit(ctx, stored); err != nil { // nothing placed yet
		q.giveUp(ctx, cur, err)
		return shop.Group{}, err
	}
	placed := make([]shop.Order, 0, len(cur.Items))
	for i, it := range cur.Items {
		ord, err := q.placeItem(ctx, caller, id, ids[i], it, d, taxing.Exemption)
		if err != nil {
			q.giveUp(ctx, cur, err)
			return shop.Group{}, err
		}
		placed = append(placed, ord)
	}
	if _, err := q.Quotes.FinishAccepting(ctx, id, ids); err != nil {
		// The orders stand; the recovery sweep marks the quote accepted.
		q.Log.ErrorContext(ctx, "a quote's orders are placed but the quote is not yet marked accepted", "quote", id, "error", err)
		return shop.Group{}, err
	}
	q.groupPlaced(ctx, cur.ID)
	if err := q.Orders.Purchases.keep(ctx, caller, cur.ID); err != nil {
		return shop.Group{}, err
	}
	// the buyer's e-mail of the purchase and the admins' new-order notifications: one insert
	stored.Placing, stored.Orders, stored.QuoteNumber = false, placed, cur.Number
	q.Orders.Purchases.tellPlaced(ctx, stored.Described())
	return stored.Described(), nil
}

// freightLine is the delivery line accepting cur charges (issue 48): its
// quoted freight, taxed as checkout taxes a delivery line, expected after
// its items' longest lead time; nil when the admin quoted none.
func (q *Quotes) freightLine(ctx context.Context, cur shop.Quote, taxing shop.Taxing) (*shop.Shipping, error) {
	if cur.Freight == nil {
		return nil, nil
	}
	var lead int64
	for _, it := range cur.Items {
		p, err := q.Products.FindProduct(ctx, it.ProductID)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			continue // (placing its order refuses the acceptance)
		}
		if err != nil {
			return nil, err
		}
		lead = max(lead, p.LeadTimeDays)
	}
	return cur.FreightLine(lead, taxing.EffectiveRate(), q.Orders.Purchases.TaxShipping), nil
}

// placeItem places the order of one quoted item, at its quoted unit price.
func (q *Quotes) placeItem(ctx context.Context, caller shop.Caller, quoteID, orderID string, it shop.QuoteItem, d shop.AcceptDraft, exempt *shop.TaxExemptRef) (shop.Order, error) {
	p, err := q.Products.FindProduct(ctx, it.ProductID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return shop.Order{}, shop.Errorf(shop.ECONFLICT, shop.MsgQuoteProductGone, it.ProductName)
	}
	if err != nil {
		return shop.Order{}, err
	}
	ord, _, err := q.Orders.place(ctx, shop.Order{
		// (the purchase is under the quote's id)
		ID: orderID, Group: quoteID, Name: caller.Name, Email: caller.Email, Image: p.Image, ProductID: p.ID, ProductName: p.Name,
		ProductPrice: *it.UnitPrice, ProductQuantity: it.Quantity, Amount: int64(*it.UnitPrice) * it.Quantity,
		Address: d.Address, Mobile: d.Mobile, TaxExemption: exempt,
	})
	return ord, err
}

// giveUp ends an acceptance a step of which failed: refused (an item
// short of stock, a product gone), its orders are withdrawn now (undo);
// of unknown outcome (a write that may still land), the quote keeps its
// marker and the recovery sweep settles it once no write of this request
// can land, by whether every order exists.
func (q *Quotes) giveUp(ctx context.Context, cur shop.Quote, err error) {
	if uncertain(err) {
		q.Log.ErrorContext(ctx, "an acceptance whose step failed is left for the recovery sweep", "quote", cur.ID, "error", err)
		return
	}
	q.undo(ctx, cur)
}

// undo withdraws the orders of a refused acceptance, newest first (every
// order id it marked: one whose insert failed may be stored all the same),
// and drops the quote's marker. Whatever it cannot undo now, the recovery
// sweep does.
func (q *Quotes) undo(ctx context.Context, cur shop.Quote) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	if _, err := q.abandon(ctx, cur); err != nil {
		q.Log.ErrorContext(ctx, "a refused quote acceptance is left for the recovery sweep", "quote", cur.ID, "error", err)
	}
}

// abandon withdraws every order cur.Accepting names that exists, newest
// first, then drops the marker: the quote is quoted again. It reports how
// many orders it withdrew.
func (q *Quotes) abandon(ctx context.Context, cur shop.Quote) (int, error) {
	n := 0
	for i := len(cur.Accepting) - 1; i >= 0; i-- {
		switch err := q.Orders.withdraw(ctx, cur.Accepting[i], nil); shop.ErrorCode(err) {
		case "":
			n++
		case shop.ENOTFOUND: // never placed, or withdrawn already
		default:
			return n, err
		}
	}
	// the acceptance's group goes with its orders, and its credit (issue 45)
	if grp, err := q.Groups.FindGroup(ctx, cur.ID); err == nil {
		if err := q.Orders.Purchases.releaseCredit(ctx, grp); err != nil {
			return n, err
		}
	} else if !isRefusal(err) {
		return n, err
	}
	if err := q.Groups.DeleteGroup(ctx, cur.ID, ""); err != nil && !isRefusal(err) {
		return n, err
	}
	return n, q.Quotes.AbandonAccepting(ctx, cur.ID, cur.Accepting)
}

// groupPlaced ends the placing of an acceptance's group (a no-op without
// groups, or when it ended already).
func (q *Quotes) groupPlaced(ctx context.Context, id string) {
	if err := q.Groups.FinishPlacing(ctx, id); err != nil && !isRefusal(err) {
		q.Log.ErrorContext(ctx, "an accepted quote's order group is left placing", "quote", id, "error", err)
	}
}

// settleAcceptance ends an acceptance whose steps were interrupted: when
// every order it marked exists the quote is accepted; otherwise those that
// exist are withdrawn and the quote is quoted again. It reports whether the
// quote was accepted.
func (q *Quotes) settleAcceptance(ctx context.Context, cur shop.Quote) (accepted bool, err error) {
	all := true
	for _, oid := range cur.Accepting {
		_, err := q.Orders.Orders.FindOrder(ctx, oid)
		switch shop.ErrorCode(err) {
		case "":
		case shop.ENOTFOUND:
			all = false
		default:
			return false, err
		}
	}
	if all {
		_, err := q.Quotes.FinishAccepting(ctx, cur.ID, cur.Accepting)
		if err == nil {
			q.groupPlaced(ctx, cur.ID)
		}
		return err == nil, err
	}
	_, err = q.abandon(ctx, cur)
	return false, err
}

// Recover settles the acceptances begun before cutoff and not ended (a
// crash between the steps): when every order was placed the quote is
// accepted; otherwise the orders placed are withdrawn and the quote is
// quoted again. Run it after RecoverStock.
func (q *Quotes) Recover(ctx context.Context, cutoff time.Time) (accepted, reopened int, err error) {
	stale, err := q.Quotes.StaleAcceptances(ctx, cutoff)
	if err != nil {
		return 0, 0, err
	}
	for _, cur := range stale {
		ok, err := q.settleAcceptance(ctx, cur)
		switch {
		case err != nil && shop.ErrorCode(err) == shop.ECONFLICT:
			// Ended meanwhile (another instance's sweep), or an order of it
			// was paid: left as it is, and logged.
			q.Log.WarnContext(ctx, "a stale quote acceptance could not be settled", "quote", cur.ID, "reason", shop.ErrorMessage(err))
		case err != nil:
			return accepted, reopened, err
		case ok:
			accepted++
		default:
			reopened++
		}
	}
	return accepted, reopened, nil
}
