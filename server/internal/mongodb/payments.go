package mongodb

import (
	"context"
	"strconv"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

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

func orderAmountKey(orderID string, amount int64) string {
	return orderID + "/" + strconv.FormatInt(amount, 10)
}

// testIntentMirror keeps the test-mode intents by id and by order and amount.
func testIntentMirror() *mirror[string, testIntentDoc] {
	return &mirror[string, testIntentDoc]{
		name: CollTestIntents, idOf: func(d *testIntentDoc) string { return d.ID }, cmpID: strings.Compare,
		keys: []*keyIndex[string, testIntentDoc]{
			{name: "orderId,amount", key: func(d *testIntentDoc) (string, bool) { return orderAmountKey(d.OrderID, d.Amount), true }},
		},
	}
}

// InsertTestIntent stores a test-mode intent; one per order and amount.
func (s *Store) InsertTestIntent(ctx context.Context, ti shop.TestIntent) error {
	at := now()
	doc := testIntentDoc{ID: ti.ID, ClientSecret: ti.ClientSecret, Status: ti.Status, Amount: ti.Amount, OrderID: ti.OrderID,
		Email: ti.Email, CreatedAt: at, UpdatedAt: at}
	return translate(s.testIntents.insert(ctx, doc), "")
}

// FindTestIntent returns the intent with this id.
func (s *Store) FindTestIntent(ctx context.Context, id string) (shop.TestIntent, error) {
	d, err := s.testIntents.get(ctx, id)
	return d.intent(), err
}

// FindTestIntentByOrder returns the order's intent for this amount.
func (s *Store) FindTestIntentByOrder(ctx context.Context, orderID string, amount int64) (shop.TestIntent, error) {
	d, err := s.testIntents.getBy(ctx, "orderId,amount", orderAmountKey(orderID, amount),
		bson.D{{Key: "orderId", Value: orderID}, {Key: "amount", Value: amount}})
	return d.intent(), err
}

// SetTestIntentStatus moves an intent between statuses with one guarded write.
func (s *Store) SetTestIntentStatus(ctx context.Context, id, from, to, lastError string) (bool, error) {
	_, err := s.testIntents.update(ctx, id, guard[testIntentDoc]{
		filter: bson.D{{Key: "status", Value: from}},
		check: func(d testIntentDoc) error {
			if d.Status != from {
				return errWrongStatus
			}
			return nil
		},
	}, bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: to}, {Key: "lastError", Value: lastError}, {Key: "updatedAt", Value: now()}}}})
	switch {
	case err == errWrongStatus:
		return false, nil
	case shop.ErrorCode(err) == shop.ENOTFOUND:
		return false, nil
	}
	return err == nil, err
}

var errWrongStatus = &shop.Error{Code: shop.ECONFLICT, Message: "The payment is no longer in that state."}

// eventDoc is a processed webhook event.
type eventDoc struct {
	ID          string    `bson:"_id"`
	Type        string    `bson:"type"`
	ProcessedAt time.Time `bson:"processedAt"`
}

// EventSeen reports whether a webhook event was processed.
func (s *Store) EventSeen(ctx context.Context, id string) (bool, error) {
	_, err := s.events.get(ctx, id)
	switch shop.ErrorCode(err) {
	case "":
		return true, nil
	case shop.ENOTFOUND:
		return false, nil
	}
	return false, err
}

// RecordEvent stores a processed event id; the _id makes it unique.
func (s *Store) RecordEvent(ctx context.Context, id, kind string) error {
	err := translate(s.events.insert(ctx, eventDoc{ID: id, Type: kind, ProcessedAt: now()}), "")
	if isDuplicate(err) {
		return nil
	}
	return err
}
