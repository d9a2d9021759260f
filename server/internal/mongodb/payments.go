package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"storefront/server/internal/shop"
)

var (
	_ shop.TestIntentStore = (*Store)(nil)
	_ shop.EventStore      = (*Store)(nil)
)

type testIntentDoc struct {
	ID           string    `bson:"_id"`
	ClientSecret string    `bson:"clientSecret"`
	Status       string    `bson:"status"`
	Amount       int64     `bson:"amount"`
	OrderID      string    `bson:"orderId"`
	Email        string    `bson:"email"`
	LastError    string    `bson:"lastError,omitempty"`
	CreatedAt    time.Time `bson:"createdAt"`
	UpdatedAt    time.Time `bson:"updatedAt"`
}

func (d testIntentDoc) intent() shop.TestIntent {
	return shop.TestIntent{ID: d.ID, ClientSecret: d.ClientSecret, Status: d.Status, Amount: d.Amount, OrderID: d.OrderID,
		Email: d.Email, LastError: d.LastError, CreatedAt: d.CreatedAt.UTC()}
}

func (s *Store) testIntents() *mongo.Collection { return s.db.Collection(CollTestIntents) }

// InsertTestIntent stores a test-mode intent; one per order and amount.
func (s *Store) InsertTestIntent(ctx context.Context, ti shop.TestIntent) error {
	now := time.Now().UTC()
	doc := testIntentDoc{ID: ti.ID, ClientSecret: ti.ClientSecret, Status: ti.Status, Amount: ti.Amount, OrderID: ti.OrderID,
		Email: ti.Email, CreatedAt: now, UpdatedAt: now}
	err := s.write(ctx, CollTestIntents, func(ctx context.Context) error {
		_, err := s.testIntents().InsertOne(ctx, doc)
		return err
	})
	return translate(err, "")
}

// FindTestIntent returns the intent with this id.
func (s *Store) FindTestIntent(ctx context.Context, id string) (shop.TestIntent, error) {
	return s.findTestIntent(ctx, bson.D{{Key: "_id", Value: id}})
}

// FindTestIntentByOrder returns the order's intent for this amount.
func (s *Store) FindTestIntentByOrder(ctx context.Context, orderID string, amount int64) (shop.TestIntent, error) {
	return s.findTestIntent(ctx, bson.D{{Key: "orderId", Value: orderID}, {Key: "amount", Value: amount}})
}

func (s *Store) findTestIntent(ctx context.Context, filter bson.D) (shop.TestIntent, error) {
	var d testIntentDoc
	if err := s.testIntents().FindOne(ctx, filter).Decode(&d); err != nil {
		return shop.TestIntent{}, translate(err, "The payment")
	}
	return d.intent(), nil
}

// SetTestIntentStatus moves an intent between statuses with one conditional write.
func (s *Store) SetTestIntentStatus(ctx context.Context, id, from, to, lastError string) (bool, error) {
	var res *mongo.UpdateResult
	err := s.write(ctx, CollTestIntents, func(ctx context.Context) error {
		var err error
		res, err = s.testIntents().UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "status", Value: from}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: to}, {Key: "lastError", Value: lastError}, {Key: "updatedAt", Value: time.Now().UTC()}}}})
		return err
	})
	if err != nil {
		return false, translate(err, "")
	}
	return res.MatchedCount == 1, nil
}

// EventSeen reports whether a webhook event was processed.
func (s *Store) EventSeen(ctx context.Context, id string) (bool, error) {
	n, err := s.db.Collection(CollEvents).CountDocuments(ctx, bson.D{{Key: "_id", Value: id}})
	return n > 0, translate(err, "")
}

// RecordEvent stores a processed event id; the _id makes it unique.
func (s *Store) RecordEvent(ctx context.Context, id, kind string) error {
	err := s.write(ctx, CollEvents, func(ctx context.Context) error {
		_, err := s.db.Collection(CollEvents).InsertOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "type", Value: kind}, {Key: "processedAt", Value: time.Now().UTC()}})
		return err
	})
	if err = translate(err, ""); shop.ErrorCode(err) == shop.ECONFLICT {
		return nil
	}
	return err
}
