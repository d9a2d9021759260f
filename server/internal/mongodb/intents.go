package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.IntentRecordStore = (*Store)(nil)

// RecordIntent stores the record of an intent this store made; a record
// stored before (the same intent asked for again) is left as it is.
func (s *Store) RecordIntent(ctx context.Context, r shop.IntentRecord) error {
	pid, err := objectID(r.Purchase)
	if err != nil {
		return err
	}
	doc := mirror.IntentRecord{ID: r.ID, Purchase: pid, Number: r.Number, Amount: r.Amount, Email: shop.NormalizeEmail(r.Email), CreatedAt: s.now()}
	err = s.intents.insert(ctx, doc)
	if err != nil && isDuplicate(err) {
		return nil
	}
	return translate(err, "")
}

// FindIntentRecord returns the record of an intent (ENOTFOUND: not this
// store's).
func (s *Store) FindIntentRecord(ctx context.Context, id string) (shop.IntentRecord, error) {
	d, err := s.intents.get(ctx, id)
	return d.Shop(), err
}

// SettleIntentRecord closes an open record with its outcome.
func (s *Store) SettleIntentRecord(ctx context.Context, id, outcome, refund string) error {
	set := bson.D{{Key: "outcome", Value: outcome}, {Key: "settledAt", Value: s.now()}}
	if refund != "" {
		set = append(set, bson.E{Key: "refund", Value: refund})
	}
	_, err := s.intents.update(ctx, id, guard[mirror.IntentRecord]{filter: bson.D{{Key: "outcome", Value: bson.D{{Key: "$exists", Value: false}}}}, check: mirror.IntentOpen},
		bson.D{{Key: "$set", Value: set}})
	return err
}

// openIntentsBefore is OpenIntentRecords' filter (the index open_intents).
func openIntentsBefore(cutoff time.Time) bson.D {
	return bson.D{{Key: "outcome", Value: bson.D{{Key: "$exists", Value: false}}}, {Key: "createdAt", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// OpenIntentRecords returns up to limit open records made before cutoff,
// oldest first.
func (s *Store) OpenIntentRecords(ctx context.Context, cutoff time.Time, limit, skip int) ([]shop.IntentRecord, error) {
	key := "open"
	docs, _, err := s.intents.list(ctx, listQuery[mirror.IntentRecord]{index: "open,createdAt", group: &key, limit: limit, skip: skip,
		match: mirror.IntentOpenBefore(cutoff), filter: openIntentsBefore(cutoff), sort: bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}})
	return mirror.ShopAll[shop.IntentRecord](docs), err
}

// EraseIntentRecords replaces the e-mail of email's intent records (a
// deleted account's).
func (s *Store) EraseIntentRecords(ctx context.Context, email string) (int, error) {
	email = shop.NormalizeEmail(email)
	docs, err := s.intents.find(ctx, "id", mirror.IntentsOfEmail(email), bson.D{{Key: "email", Value: email}}, nil)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range docs {
		_, err := s.intents.update(ctx, d.ID, ownedBy(email, func(d mirror.IntentRecord) string { return d.Email }, "The payment"), erasedFields("email"))
		if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return n, err
		}
		n++
	}
	return n, nil
}
