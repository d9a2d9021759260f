package mirror

import (
	"slices"
	"time"

	"storefront/server/internal/shop"
)

type QuoteItem struct {
	ProductID   ID       `bson:"productId"`
	ProductName string   `bson:"productName"`
	Quantity    int64    `bson:"quantity"`
	UnitPrice   *float64 `bson:"unitPrice,omitempty"` // dollars, as product prices
}

type Quote struct {
	ID         ID          `bson:"_id"`
	Number     int64       `bson:"number"`
	Email      string      `bson:"email"`
	Name       string      `bson:"name"`
	Company    string      `bson:"company,omitempty"`
	Items      []QuoteItem `bson:"items"`
	Message    string      `bson:"message"`
	Status     string      `bson:"status"`
	ValidUntil string      `bson:"validUntil,omitempty"`
	Note       string      `bson:"note,omitempty"`
	OrderIDs   []ID        `bson:"orderIds,omitempty"`
	CreatedAt  time.Time   `bson:"createdAt"`
	QuotedAt   *time.Time  `bson:"quotedAt,omitempty"`
	DecidedAt  *time.Time  `bson:"decidedAt,omitempty"`
	Revision   int64       `bson:"revision,omitempty"` // pricings: 1, then one more per re-price
	// Freight is the quoted delivery price in dollars (issue 48); nil: none.
	Freight *float64 `bson:"freight,omitempty"`
	// Accepting are the ids of the orders being placed for the quote, and
	// AcceptingAt when that began: the marker a crash leaves (RecoverQuotes).
	Accepting   []ID       `bson:"accepting,omitempty"`
	AcceptingAt *time.Time `bson:"acceptingAt,omitempty"`
}

func hexes(ids []ID) []string {
	if len(ids) == 0 {
		return nil
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.Hex()
	}
	return out
}

// Shop is the document as the domain has it.
func (d Quote) Shop() shop.Quote {
	q := shop.Quote{ID: d.ID.Hex(), Number: d.Number, Email: d.Email, Name: d.Name, Company: d.Company,
		Items: make([]shop.QuoteItem, len(d.Items)), Message: d.Message, Status: shop.QuoteStatus(d.Status),
		ValidUntil: d.ValidUntil, Note: d.Note, OrderIDs: hexes(d.OrderIDs), CreatedAt: d.CreatedAt.UTC(),
		QuotedAt: utcPtr(d.QuotedAt), DecidedAt: utcPtr(d.DecidedAt), Accepting: hexes(d.Accepting), Revision: d.Revision}
	if d.Freight != nil {
		c := shop.CentsFromFloat(*d.Freight)
		q.Freight = &c
	}
	for i, it := range d.Items {
		q.Items[i] = shop.QuoteItem{ProductID: it.ProductID.Hex(), ProductName: it.ProductName, Quantity: it.Quantity}
		if it.UnitPrice != nil {
			c := shop.CentsFromFloat(*it.UnitPrice)
			q.Items[i].UnitPrice = &c
		}
	}
	return q
}

// Quotes keeps the quotes by id, all by date (admins) and each
// customer's by date (My Quotes).
func Quotes(name string) *Mirror[ID, Quote] {
	byDate := func(a, b *Quote) int { return a.CreatedAt.Compare(b.CreatedAt) }
	return &Mirror[ID, Quote]{
		Name: name, IDOf: func(d *Quote) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, Quote]{
			{Name: "createdAt", Cmp: byDate},
			{Name: "email,createdAt", Group: func(d *Quote) string { return d.Email }, Cmp: byDate},
		},
	}
}

// The quotes' preconditions, each checked by both stores (see orders.go).

// QuoteClosed says why a quote is decided, or nil.
func QuoteClosed(q Quote) error {
	switch shop.QuoteStatus(q.Status) {
	case shop.QuoteAccepted:
		return shop.Errorf(shop.ECONFLICT, shop.MsgQuoteAccepted)
	case shop.QuoteDeclined:
		return shop.Errorf(shop.ECONFLICT, shop.MsgQuoteDeclined)
	}
	return nil
}

// OpenQuote is pricing's and declining's: requested or quoted, and not
// being accepted.
func OpenQuote(q Quote) error {
	if err := QuoteClosed(q); err != nil {
		return err
	}
	if len(q.Accepting) > 0 {
		return shop.Errorf(shop.ECONFLICT, shop.MsgQuoteBusy)
	}
	return nil
}

// OpenAtRevision is a pricing's that names the revision it was based on:
// open (OpenQuote), and still at that revision.
func OpenAtRevision(revision int64) func(Quote) error {
	return func(q Quote) error {
		if err := OpenQuote(q); err != nil {
			return err
		}
		if q.Revision != revision {
			return shop.Errorf(shop.ECONFLICT, shop.MsgQuotePricedMeanwhile)
		}
		return nil
	}
}

// CanAccept is StartAccepting's: quoted, priced at quotedAt as revision
// revision, and not being accepted.
func CanAccept(quotedAt time.Time, revision int64) func(Quote) error {
	return func(q Quote) error {
		if err := QuoteClosed(q); err != nil {
			return err
		}
		switch {
		case len(q.Accepting) > 0:
			return shop.Errorf(shop.ECONFLICT, shop.MsgQuoteBusy)
		case shop.QuoteStatus(q.Status) != shop.QuoteQuoted:
			return shop.Errorf(shop.ECONFLICT, shop.MsgQuoteNotQuoted)
		case q.Revision != revision:
			return shop.Errorf(shop.ECONFLICT, shop.MsgQuoteRevised)
		case q.QuotedAt == nil || !q.QuotedAt.Equal(quotedAt):
			return shop.Errorf(shop.ECONFLICT, "%s changed at the same time. Please try again.", shop.MsgQuoteNoun)
		}
		return nil
	}
}

// AcceptingWith is an acceptance's end's: the quote carries exactly this
// marker.
func AcceptingWith(ids []ID) func(Quote) error {
	return func(q Quote) error {
		if !slices.Equal(q.Accepting, ids) {
			return shop.Errorf(shop.ECONFLICT, shop.MsgQuoteBusy)
		}
		return nil
	}
}

// AcceptingBefore matches the quotes marked as being accepted before
// cutoff (staleAcceptances).
func AcceptingBefore(cutoff time.Time) func(*Quote) bool {
	return func(q *Quote) bool { return q.AcceptingAt != nil && q.AcceptingAt.Before(cutoff) }
}
