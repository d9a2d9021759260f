package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.QuoteStore = (*Store)(nil)

func objectIDs(ids []string) ([]mirror.ID, error) {
	out := make([]mirror.ID, len(ids))
	for i, id := range ids {
		oid, err := objectID(id)
		if err != nil {
			return nil, err
		}
		out[i] = oid
	}
	return out, nil
}

// InsertQuote stores a new quote, status requested, with the next quote number.
func (s *Store) InsertQuote(ctx context.Context, q shop.Quote) (shop.Quote, error) {
	doc := mirror.Quote{ID: newID(), Email: shop.NormalizeEmail(q.Email), Name: q.Name, Company: q.Company,
		Items: make([]mirror.QuoteItem, len(q.Items)), Message: q.Message, Status: string(shop.QuoteRequested), CreatedAt: s.now()}
	for i, it := range q.Items {
		pid, err := objectID(it.ProductID)
		if err != nil {
			return shop.Quote{}, err
		}
		doc.Items[i] = mirror.QuoteItem{ProductID: pid, ProductName: it.ProductName, Quantity: it.Quantity}
	}
	n, err := s.takeNumbers(ctx, quoteCounterID, orderNumberBase, 1)
	if err != nil {
		return shop.Quote{}, err
	}
	doc.Number = n
	if err := s.quotes.insert(ctx, doc); err != nil {
		return shop.Quote{}, translate(err, "")
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}

// FindQuote returns the quote with this id.
func (s *Store) FindQuote(ctx context.Context, id string) (shop.Quote, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Quote{}, err
	}
	d, err := s.quotes.get(ctx, oid)
	return d.Shop(), err
}

// ListQuotes returns quotes newest first: one customer's, or all when email is "".
func (s *Store) ListQuotes(ctx context.Context, email string, limit, skip int) ([]shop.Quote, int64, error) {
	q := listQuery[mirror.Quote]{index: "createdAt", desc: true, sort: newestFirst, skip: skip, limit: limit}
	if email != "" {
		email = shop.NormalizeEmail(email)
		q.index, q.group, q.filter = "email,createdAt", &email, bson.D{{Key: "email", Value: email}}
	}
	docs, total, err := s.quotes.list(ctx, q)
	return mirror.ShopAll[shop.Quote](docs), total, err
}

// openQuote is the precondition of pricing and declining (mirror.OpenQuote):
// requested or quoted, and not being accepted.
var openQuote = guard[mirror.Quote]{
	filter: bson.D{
		{Key: "status", Value: bson.D{{Key: "$in", Value: bson.A{string(shop.QuoteRequested), string(shop.QuoteQuoted)}}}},
		{Key: "accepting", Value: bson.D{{Key: "$exists", Value: false}}},
	},
	check: mirror.OpenQuote,
}

// PriceQuote prices every item of an open quote (at revision, when not nil);
// status becomes quoted.
func (s *Store) PriceQuote(ctx context.Context, id string, items []shop.QuoteItem, freight *shop.Cents, validUntil, note string, revision *int64) (shop.Quote, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Quote{}, err
	}
	docs := make(bson.A, len(items))
	for i, it := range items {
		pid, err := objectID(it.ProductID)
		if err != nil {
			return shop.Quote{}, err
		}
		price := it.UnitPrice.Float()
		docs[i] = mirror.QuoteItem{ProductID: pid, ProductName: it.ProductName, Quantity: it.Quantity, UnitPrice: &price}
	}
	set := bson.D{{Key: "items", Value: docs}, {Key: "validUntil", Value: validUntil}, {Key: "status", Value: string(shop.QuoteQuoted)},
		{Key: "quotedAt", Value: s.now()}}
	var unset bson.D
	if note != "" {
		set = append(set, bson.E{Key: "note", Value: note})
	} else {
		unset = append(unset, bson.E{Key: "note", Value: ""})
	}
	if freight != nil { // issue 48: the freight line, in dollars as the items' prices
		set = append(set, bson.E{Key: "freight", Value: freight.Float()})
	} else {
		unset = append(unset, bson.E{Key: "freight", Value: ""})
	}
	// Each pricing is a new revision, which an acceptance must name.
	update := bson.D{{Key: "$set", Value: set}, {Key: "$inc", Value: bson.D{{Key: "revision", Value: int64(1)}}}}
	if len(unset) > 0 {
		update = append(update, bson.E{Key: "$unset", Value: unset})
	}
	g := openQuote
	if revision != nil {
		rev := bson.E{Key: "revision", Value: *revision}
		if *revision == 0 { // never priced: no revision field
			rev.Value = bson.D{{Key: "$exists", Value: false}}
		}
		g = guard[mirror.Quote]{filter: append(append(bson.D{}, openQuote.filter...), rev), check: mirror.OpenAtRevision(*revision)}
	}
	if _, err := s.quotes.update(ctx, oid, g, update); err != nil {
		return shop.Quote{}, err
	}
	d, err := s.quotes.get(ctx, oid)
	return d.Shop(), err
}

// DeclineQuote declines an open quote.
func (s *Store) DeclineQuote(ctx context.Context, id string) (shop.Quote, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Quote{}, err
	}
	if _, err := s.quotes.update(ctx, oid, openQuote, bson.D{{Key: "$set", Value: bson.D{
		{Key: "status", Value: string(shop.QuoteDeclined)}, {Key: "decidedAt", Value: s.now()}}}}); err != nil {
		return shop.Quote{}, err
	}
	d, err := s.quotes.get(ctx, oid)
	return d.Shop(), err
}

// StartAccepting marks a quoted quote, priced as read (quotedAt, revision),
// as being accepted by the orders orderIDs, in one conditional write.
func (s *Store) StartAccepting(ctx context.Context, id string, quotedAt time.Time, revision int64, orderIDs []string) error {
	oid, ids, err := acceptanceIDs(id, orderIDs)
	if err != nil {
		return err
	}
	quotedAt = quotedAt.UTC().Truncate(time.Millisecond)
	rev := bson.E{Key: "revision", Value: revision}
	if revision == 0 { // priced before revisions were counted
		rev.Value = bson.D{{Key: "$exists", Value: false}}
	}
	_, err = s.quotes.update(ctx, oid, guard[mirror.Quote]{
		filter: bson.D{{Key: "status", Value: string(shop.QuoteQuoted)}, {Key: "quotedAt", Value: quotedAt}, rev,
			{Key: "accepting", Value: bson.D{{Key: "$exists", Value: false}}}},
		check: mirror.CanAccept(quotedAt, revision),
	}, bson.D{{Key: "$set", Value: bson.D{{Key: "accepting", Value: ids}, {Key: "acceptingAt", Value: s.now()}}}})
	return err
}

// acceptanceIDs reads the ids of a quote and of the orders accepting it.
func acceptanceIDs(id string, orderIDs []string) (mirror.ID, []mirror.ID, error) {
	oid, err := objectID(id)
	if err != nil {
		return oid, nil, err
	}
	ids, err := objectIDs(orderIDs)
	return oid, ids, err
}

// markedBy is the precondition of ending an acceptance: the quote carries
// exactly this marker (mirror.AcceptingWith).
func markedBy(ids []mirror.ID) guard[mirror.Quote] {
	return guard[mirror.Quote]{filter: bson.D{{Key: "accepting", Value: ids}}, check: mirror.AcceptingWith(ids)}
}

// FinishAccepting makes the quote accepted with the orders it marked.
func (s *Store) FinishAccepting(ctx context.Context, id string, orderIDs []string) (shop.Quote, error) {
	oid, ids, err := acceptanceIDs(id, orderIDs)
	if err != nil {
		return shop.Quote{}, err
	}
	if _, err := s.quotes.update(ctx, oid, markedBy(ids), bson.D{
		{Key: "$set", Value: bson.D{{Key: "status", Value: string(shop.QuoteAccepted)}, {Key: "orderIds", Value: ids}, {Key: "decidedAt", Value: s.now()}}},
		{Key: "$unset", Value: bson.D{{Key: "accepting", Value: ""}, {Key: "acceptingAt", Value: ""}}},
	}); err != nil {
		return shop.Quote{}, err
	}
	d, err := s.quotes.get(ctx, oid)
	return d.Shop(), err
}

// AbandonAccepting drops the marker: the quote is quoted, as before.
func (s *Store) AbandonAccepting(ctx context.Context, id string, orderIDs []string) error {
	oid, ids, err := acceptanceIDs(id, orderIDs)
	if err != nil {
		return err
	}
	_, err = s.quotes.update(ctx, oid, markedBy(ids), bson.D{{Key: "$unset", Value: bson.D{{Key: "accepting", Value: ""}, {Key: "acceptingAt", Value: ""}}}})
	return err
}

// staleAcceptances finds the quotes marked as being accepted before cutoff
// (MongoDB; the sparse index accepting serves it).
func staleAcceptances(cutoff time.Time) bson.D {
	return bson.D{{Key: "acceptingAt", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// StaleAcceptances returns the quotes whose acceptance began before cutoff
// and has not ended: a crash between its steps (RecoverQuotes settles them).
func (s *Store) StaleAcceptances(ctx context.Context, cutoff time.Time) ([]shop.Quote, error) {
	docs, _, err := s.quotes.list(ctx, listQuery[mirror.Quote]{index: "createdAt", limit: 1 << 30,
		match:  mirror.AcceptingBefore(cutoff),
		filter: staleAcceptances(cutoff)})
	return mirror.ShopAll[shop.Quote](docs), err
}
