package shop

import (
	"context"
	"strings"
	"time"
)

// QuoteStatus is where a quote stands.
type QuoteStatus string

// A quote is requested by a customer, quoted (priced) by an admin, then
// accepted (orders placed) or declined.
const (
	QuoteRequested QuoteStatus = "requested"
	QuoteQuoted    QuoteStatus = "quoted"
	QuoteAccepted  QuoteStatus = "accepted"
	QuoteDeclined  QuoteStatus = "declined"
)

// Quote is a customer's request for a price (collection `quotes`).
type Quote struct {
	ID      string      `json:"_id"`
	Number  int64       `json:"number"`
	Email   string      `json:"email"`
	Name    string      `json:"name"`
	Company string      `json:"company,omitempty"`
	Items   []QuoteItem `json:"items"`
	Message string      `json:"message"`
	Status  QuoteStatus `json:"status"`
	// ValidUntil is the last day (UTC, YYYY-MM-DD) the prices hold.
	ValidUntil string     `json:"validUntil,omitempty"`
	Note       string     `json:"note,omitempty"`
	OrderIDs   []string   `json:"orderIds,omitempty"`
	CreatedAt  time.Time  `json:"createdAt"`
	QuotedAt   *time.Time `json:"quotedAt,omitempty"`
	DecidedAt  *time.Time `json:"decidedAt,omitempty"`
	// Revision counts the pricings: 1 for the first, one more for each
	// re-price. An acceptance names the revision its customer was shown.
	Revision int64 `json:"revision,omitempty"`
	// Freight is the delivery price (before tax) the admin quoted with the
	// items (issue 48); nil: none. Accepting the quote charges it as the
	// purchase's delivery line (Group.Shipping), as checkout charges one.
	Freight *Cents `json:"freight,omitempty"`
	// Accepting is set while the quote's orders are being placed (the
	// marker that lets a crash between the steps be settled); never shown.
	Accepting []string `json:"-"`
	// Figures, once every item is priced: what accepting it charges, as
	// the purchase it becomes computes it (filled in for its readers).
	Figures *QuoteFigures `json:"figures,omitempty"`
}

// QuoteFigures are a priced quote's totals, each line's tax rounded as its
// order's will be: Subtotal, Tax and Total in dollars, Amount (Total) in
// cents, as every purchase answers them.
type QuoteFigures struct {
	Subtotal Cents `json:"subtotal"`
	Shipping Cents `json:"shipping"` // the quoted freight, before tax (0: none)
	Tax      Cents `json:"tax"`
	Total    Cents `json:"total"`
	Amount   int64 `json:"amount"`
}

// WithFigures is q with its figures at rate (hundredths of a percent),
// when every item is priced; its freight is taxed when taxShipping
// (TAX_SHIPPING), as a checkout's delivery line is.
func (q Quote) WithFigures(rate int64, taxShipping bool) Quote {
	var f QuoteFigures
	for _, it := range q.Items {
		if it.UnitPrice == nil {
			return q
		}
		line := int64(*it.UnitPrice) * it.Quantity
		tax := TaxOf(line, rate)
		f.Subtotal += Cents(line)
		f.Tax += Cents(tax)
	}
	if len(q.Items) == 0 {
		return q
	}
	if line := q.FreightLine(0, rate, taxShipping); line != nil {
		f.Shipping, f.Tax = line.Price, f.Tax+line.Tax
	}
	f.Total = f.Subtotal + f.Shipping + f.Tax
	f.Amount = int64(f.Total)
	q.Figures = &f
	return q
}

// QuoteFreightName names a quote's freight on its purchase, invoice and
// e-mails ("Delivery: Freight").
const QuoteFreightName = "Freight"

// FreightLine is the delivery line accepting q charges: its quoted
// freight, taxed at rate when taxShipping, expected after days (the
// items' longest lead time); nil when the quote has no freight.
func (q Quote) FreightLine(days, rate int64, taxShipping bool) *Shipping {
	if q.Freight == nil {
		return nil
	}
	line := &Shipping{Name: QuoteFreightName, Kind: ShippingFreight, Price: *q.Freight, Days: days}
	if taxShipping {
		line.Tax = Cents(TaxOf(int64(*q.Freight), rate))
	}
	return line
}

// Total is the line's price and tax (0 for no line).
func (s *Shipping) Total() Cents {
	if s == nil {
		return 0
	}
	return s.Price + s.Tax
}

// TaxOrZero is the line's tax (0 for no line).
func (s *Shipping) TaxOrZero() Cents {
	if s == nil {
		return 0
	}
	return s.Tax
}

// QuoteItem is one product of a quote; UnitPrice once quoted.
type QuoteItem struct {
	ProductID   string `json:"productId"`
	ProductName string `json:"productName"`
	Quantity    int64  `json:"quantity"`
	UnitPrice   *Cents `json:"unitPrice,omitempty"`
}

// Quote limits.
const (
	MaxQuoteItems      = 20
	MaxQuoteMessageLen = 2000
	MaxCompanyLen      = 150
	MaxNoteLen         = 2000
)

// QuoteDraft is the input of POST /quotes.
type QuoteDraft struct {
	Items []struct {
		ProductID string `json:"productId"`
		Quantity  int64  `json:"quantity"`
	} `json:"items"`
	Message string `json:"message"`
	Company string `json:"company"`
}

// Validate checks the request's own fields. Quantities may be below a
// product's minimum or above its stock: that is what quotes are for.
func (d *QuoteDraft) Validate() error {
	d.Message, d.Company = strings.TrimSpace(d.Message), strings.TrimSpace(d.Company)
	f := map[string]string{}
	seen := map[string]bool{}
	if len(d.Items) == 0 || len(d.Items) > MaxQuoteItems {
		f["items"] = FieldItemsRange
	}
	for i := range d.Items {
		it := &d.Items[i]
		it.ProductID = strings.ToLower(strings.TrimSpace(it.ProductID))
		if CheckID(it.ProductID) != nil {
			f["items"] = "must name products by id"
			continue
		}
		if seen[it.ProductID] {
			f["items"] = FieldItemsRepeated
		}
		seen[it.ProductID] = true
		if it.Quantity < 1 || it.Quantity > MaxQuantity {
			f["items"] = "quantities " + FieldQuantityRange
		}
	}
	checkText(f, "message", d.Message, MaxQuoteMessageLen, FieldRequired, FieldTooLong)
	checkText(f, "company", d.Company, MaxCompanyLen, "", FieldTooLong)
	return Invalid(MsgQuoteInvalid, f)
}

// QuotePricing is the input of PATCH /quotes/{id}.
type QuotePricing struct {
	Items []struct {
		ProductID string `json:"productId"`
		UnitPrice Cents  `json:"unitPrice"`
	} `json:"items"`
	ValidUntil string `json:"validUntil"`
	Note       string `json:"note"`
	// Freight (issue 48), optional: the delivery price before tax, in
	// dollars, that accepting the quote charges with the items; absent or
	// null: none.
	Freight *Cents `json:"freight"`
	// Revision, when given, is the quote's revision the admin's form started
	// from (0 for a request never priced): a quote priced since is not priced
	// over (ECONFLICT, MsgQuotePricedMeanwhile).
	Revision *int64 `json:"revision"`
}

// Validate checks the pricing against the quote: every item priced, once,
// and validUntil a date from today (UTC) on. It returns the priced items.
func (p *QuotePricing) Validate(q Quote, today string) ([]QuoteItem, error) {
	p.ValidUntil, p.Note = strings.TrimSpace(p.ValidUntil), strings.TrimSpace(p.Note)
	f := map[string]string{}
	prices := map[string]Cents{}
	for _, it := range p.Items {
		id := strings.ToLower(strings.TrimSpace(it.ProductID))
		if _, dup := prices[id]; dup {
			f["items"] = FieldItemsMustMatch
		}
		if it.UnitPrice <= 0 || it.UnitPrice > MaxPrice {
			f["items"] = "unit prices " + FieldUnitPrice
		}
		prices[id] = it.UnitPrice
	}
	items := make([]QuoteItem, len(q.Items))
	for i, it := range q.Items {
		price, ok := prices[it.ProductID]
		if !ok {
			f["items"] = FieldItemsMustMatch
			break
		}
		it.UnitPrice = &price
		items[i] = it
	}
	if len(prices) != len(q.Items) {
		f["items"] = FieldItemsMustMatch
	}
	if d, err := time.Parse(time.DateOnly, p.ValidUntil); err != nil || d.Format(time.DateOnly) != p.ValidUntil || p.ValidUntil < today {
		f["validUntil"] = FieldValidUntil
	}
	checkText(f, "note", p.Note, MaxNoteLen, "", FieldTooLong)
	if p.Freight != nil && (*p.Freight < 0 || *p.Freight > MaxPrice) {
		f["freight"] = FieldFreightPrice
	}
	return items, Invalid(MsgQuotePricingInvalid, f)
}

// AcceptDraft is the body of POST /quotes/{id}/accept: where the orders go.
// Both are required, as on POST /order: an order without them cannot ship.
// Revision is the quote's revision the customer was shown (and so the
// prices they accept): required, so that a re-price between showing and
// accepting is refused rather than charged.
type AcceptDraft struct {
	Address  string `json:"address"`
	Mobile   string `json:"mobile"`
	Revision *int64 `json:"revision"`
	// PONumber is the purchase's PO reference (issue 45): optional, but
	// required of a member whose company asks for one.
	PONumber string `json:"poNumber"`
	// Payment: "card" (or absent) or "account" (issue 45), as POST /checkout.
	Payment PaymentMethod `json:"payment"`
}

// Validate checks the delivery details: both are required.
func (d *AcceptDraft) Validate() error {
	d.Address, d.Mobile, d.PONumber = strings.TrimSpace(d.Address), strings.TrimSpace(d.Mobile), strings.TrimSpace(d.PONumber)
	f := map[string]string{}
	checkText(f, "poNumber", d.PONumber, MaxPONumberLen, "", FieldTooLong)
	checkText(f, "address", d.Address, MaxAddressLen, FieldRequired, FieldTooLong)
	switch {
	case d.Mobile == "":
		f["mobile"] = FieldRequired
	case !IsPhone(d.Mobile):
		f["mobile"] = "must be a phone number"
	}
	if d.Revision == nil || *d.Revision < 0 {
		f["revision"] = FieldRequired
	}
	d.Payment.check(f)
	return Invalid(MsgAcceptInvalid, f)
}

// QuoteLister lists one customer's quotes (a company's view reads its
// members' through it: issue 45).
type QuoteLister interface {
	ListQuotes(ctx context.Context, email string, limit, skip int) ([]Quote, int64, error)
}

// QuoteStore keeps quotes. Each change is one conditional write; the store
// explains a refusal with the messages above (ECONFLICT).
type QuoteStore interface {
	// InsertQuote stores a new quote with the next quote number.
	InsertQuote(ctx context.Context, q Quote) (Quote, error)
	FindQuote(ctx context.Context, id string) (Quote, error)
	// ListQuotes returns quotes newest first, of one email or ("") of all.
	ListQuotes(ctx context.Context, email string, limit, skip int) ([]Quote, int64, error)
	// PriceQuote sets the items' prices, the freight (nil: none), validUntil
	// and note of a requested or quoted quote that is not being accepted,
	// and (revision not nil) is still at that revision; status becomes
	// quoted.
	PriceQuote(ctx context.Context, id string, items []QuoteItem, freight *Cents, validUntil, note string, revision *int64) (Quote, error)
	// DeclineQuote declines a requested or quoted quote not being accepted.
	DeclineQuote(ctx context.Context, id string) (Quote, error)
	// StartAccepting marks a quoted quote as being accepted by orderIDs,
	// if it is quoted, priced as read (quotedAt and revision) and not being
	// accepted.
	StartAccepting(ctx context.Context, id string, quotedAt time.Time, revision int64, orderIDs []string) error
	// FinishAccepting makes the quote accepted with the orders it marked.
	FinishAccepting(ctx context.Context, id string, orderIDs []string) (Quote, error)
	// AbandonAccepting drops the marker: the quote is quoted again.
	AbandonAccepting(ctx context.Context, id string, orderIDs []string) error
}

// QuoteRecovery finds acceptances a crash interrupted.
type QuoteRecovery interface {
	StaleAcceptances(ctx context.Context, cutoff time.Time) ([]Quote, error)
}
