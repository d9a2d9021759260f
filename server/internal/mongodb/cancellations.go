package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.CancellationStore = (*Store)(nil)

// RecordCancellation stores the record of a cancelled order under the
// order's id (so there is one per order) and the cancel's marker. A record
// already there is one a cancel left whose order stood after all (being
// dropped right now by it or by the recovery sweep): it takes this cancel's
// fields and marker, so that its drop no longer matches.
func (s *Store) RecordCancellation(ctx context.Context, c shop.Cancellation, marker string) error {
	oid, err := objectID(c.OrderID)
	if err != nil {
		return err
	}
	mid, err := objectID(marker)
	if err != nil {
		return err
	}
	if c.CancelledAt.IsZero() {
		c.CancelledAt = s.now()
	}
	doc := mirror.Cancellation{ID: oid, Number: c.Number, Email: shop.NormalizeEmail(c.Email), ProductName: c.ProductName,
		ProductQuantity: c.ProductQuantity, CancelledAt: c.CancelledAt.UTC().Truncate(time.Millisecond), By: string(c.By), Cancel: mid,
		Reason: string(c.Reason), PurchaseNumber: c.PurchaseNumber}
	if c.Purchase != "" {
		if doc.Purchase, err = objectID(c.Purchase); err != nil {
			return err
		}
	}
	err = translate(s.cancellations.insert(ctx, doc), "")
	if shop.ErrorCode(err) != shop.ECONFLICT {
		return err
	}
	_, err = s.cancellations.update(ctx, oid, guard[mirror.Cancellation]{}, bson.D{{Key: "$set", Value: bson.D{
		{Key: "number", Value: doc.Number}, {Key: "email", Value: doc.Email}, {Key: "productName", Value: doc.ProductName},
		{Key: "productQuantity", Value: doc.ProductQuantity}, {Key: "cancelledAt", Value: doc.CancelledAt}, {Key: "by", Value: doc.By},
		{Key: "reason", Value: doc.Reason}, {Key: "purchase", Value: doc.Purchase}, {Key: "purchaseNumber", Value: doc.PurchaseNumber},
		{Key: "cancel", Value: mid}}}})
	return err
}

// DropCancellation deletes the order's record if this cancel wrote it.
func (s *Store) DropCancellation(ctx context.Context, orderID, marker string) error {
	oid, err := objectID(orderID)
	if err != nil {
		return err
	}
	mid, err := objectID(marker)
	if err != nil {
		return err
	}
	_, err = s.cancellations.remove(ctx, oid, guard[mirror.Cancellation]{filter: bson.D{{Key: "cancel", Value: mid}}, check: mirror.RecordedBy(mid)})
	return err
}

// ListCancellations returns records newest first: one customer's, or all when email is "".
func (s *Store) ListCancellations(ctx context.Context, email string, limit, skip int) ([]shop.Cancellation, int64, error) {
	q := listQuery[mirror.Cancellation]{index: "cancelledAt", desc: true, sort: newestCancelledFirst, skip: skip, limit: limit}
	if email != "" {
		email = shop.NormalizeEmail(email)
		q.index, q.group, q.filter = "email,cancelledAt", &email, bson.D{{Key: "email", Value: email}}
	}
	docs, total, err := s.cancellations.list(ctx, q)
	return mirror.ShopAll[shop.Cancellation](docs), total, err
}

// newestCancelledFirst is the records' sort (indexes customer_cancellations
// and newest_first).
var newestCancelledFirst = bson.D{{Key: "cancelledAt", Value: -1}, {Key: "_id", Value: -1}}

// EraseCancellations replaces the e-mail of email's cancellation records
// (a deleted account's; the shop keeps what was cancelled).
func (s *Store) EraseCancellations(ctx context.Context, email string) (int, error) {
	email = shop.NormalizeEmail(email)
	q := listQuery[mirror.Cancellation]{index: "email,cancelledAt", group: &email, filter: bson.D{{Key: "email", Value: email}}, sort: newestCancelledFirst}
	return eraseAll(ctx, s.cancellations, q, func(d mirror.Cancellation) error {
		_, err := s.cancellations.update(ctx, d.ID, ownedBy(email, func(d mirror.Cancellation) string { return d.Email }, "The cancellation"),
			erasedFields("email"))
		return err
	})
}
