package mongodb

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// What a deleted account leaves in other collections (shop.ErasureStore):
// its personal fields replaced by shop.ErasedMarker, one conditional write
// per document whose guard is that the document is still the account's.

var _ shop.ErasureStore = (*Store)(nil)

// ownedBy is the guard of an erasure: the document still has this email
// (mirror.OwnedBy).
func ownedBy[D any](email string, emailOf func(D) string, what string) guard[D] {
	return guard[D]{filter: bson.D{{Key: "email", Value: email}}, check: mirror.OwnedBy(email, emailOf, what)}
}

// erasedFields is the $set that replaces a document's personal fields.
func erasedFields(fields ...string) bson.D {
	set := bson.D{}
	for _, f := range fields {
		set = append(set, bson.E{Key: f, Value: shop.ErasedMarker})
	}
	return bson.D{{Key: "$set", Value: set}}
}

// eraseBatch is how many documents an erasure reads at a time.
const eraseBatch = 200

// eraseAll applies erase to every document q finds, a page at a time: each
// erased document leaves the query, so the first page is read again until
// it is empty. A document that cannot be erased stops it.
func eraseAll[K comparable, D any](ctx context.Context, t *collection[K, D], q listQuery[D], erase func(D) error) (int, error) {
	q.limit = eraseBatch
	n := 0
	for {
		docs, _, err := t.list(ctx, q)
		if err != nil || len(docs) == 0 {
			return n, err
		}
		for _, d := range docs {
			if err := erase(d); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
				return n, fmt.Errorf("erase from %s: %w", t.name, err)
			}
			n++
		}
	}
}

// EraseOrder replaces the order's name, e-mail, address and mobile.
func (s *Store) EraseOrder(ctx context.Context, id, email string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	email = shop.NormalizeEmail(email)
	_, err = s.orders.update(ctx, oid, ownedBy(email, func(d mirror.Order) string { return d.Email }, "The order"),
		erasedFields("name", "email", "address", "mobile"))
	return err
}

// EraseQuotes replaces the name, e-mail and company of email's quotes.
func (s *Store) EraseQuotes(ctx context.Context, email string) (int, error) {
	email = shop.NormalizeEmail(email)
	q := listQuery[mirror.Quote]{index: "email,createdAt", group: &email, filter: bson.D{{Key: "email", Value: email}}, sort: newestFirst}
	return eraseAll(ctx, s.quotes, q, func(d mirror.Quote) error {
		_, err := s.quotes.update(ctx, d.ID, ownedBy(email, func(d mirror.Quote) string { return d.Email }, shop.MsgQuoteNoun),
			erasedFields("name", "email", "company"))
		return err
	})
}

// EraseClaims replaces the name and e-mail of email's claims.
func (s *Store) EraseClaims(ctx context.Context, email string) (int, error) {
	email = shop.NormalizeEmail(email)
	q := listQuery[mirror.Claim]{index: "email,createdAt", group: &email, filter: bson.D{{Key: "email", Value: email}}, sort: newestFirst}
	return eraseAll(ctx, s.claims, q, func(d mirror.Claim) error {
		_, err := s.claims.update(ctx, d.ID, ownedBy(email, func(d mirror.Claim) string { return d.Email }, shop.MsgClaimNoun),
			erasedFields("name", "email"))
		return err
	})
}

// EraseReviews signs email's reviews shop.FormerCustomer without their
// photo, or deletes them when remove. Embedded, the reviews have no index
// by email (a deletion is rare): the mirror is walked.
func (s *Store) EraseReviews(ctx context.Context, email string, remove bool) (int, error) {
	email = shop.NormalizeEmail(email)
	q := listQuery[mirror.Review]{index: "createdAt", match: mirror.ReviewsOf(email),
		filter: bson.D{{Key: "email", Value: email}}, sort: bson.D{{Key: "email", Value: 1}}}
	g := ownedBy(email, func(d mirror.Review) string { return d.Email }, "The review")
	return eraseAll(ctx, s.reviews, q, func(d mirror.Review) error {
		if remove {
			_, err := s.reviews.remove(ctx, d.ID, g)
			return err
		}
		_, err := s.reviews.update(ctx, d.ID, g, bson.D{{Key: "$set", Value: bson.D{
			{Key: "name", Value: shop.FormerCustomer}, {Key: "email", Value: shop.ErasedMarker}, {Key: "img", Value: ""}}}})
		return err
	})
}

// EraseTestIntents replaces the e-mail of email's test-mode payments (the
// offline provider's records; Stripe keeps its own). Embedded, a walk of the
// mirror; with MongoDB, served by the index email.
func (s *Store) EraseTestIntents(ctx context.Context, email string) (int, error) {
	email = shop.NormalizeEmail(email)
	docs, err := s.testIntents.find(ctx, "id", mirror.IntentsOf(email), bson.D{{Key: "email", Value: email}}, nil)
	if err != nil {
		return 0, err
	}
	g := ownedBy(email, func(d mirror.TestIntent) string { return d.Email }, "The payment")
	n := 0
	for _, d := range docs {
		if _, err := s.testIntents.update(ctx, d.ID, g, erasedFields("email")); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return n, err
		}
		n++
	}
	return n, nil
}
