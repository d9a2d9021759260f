package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var (
	_ shop.TestIntentStore = (*Store)(nil)
	_ shop.EventStore      = (*Store)(nil)
)

// InsertTestIntent stores a test-mode intent; one per order and amount.
func (s *Store) InsertTestIntent(ctx context.Context, ti shop.TestIntent) error {
	at := s.now()
	doc := mirror.TestIntent{ID: ti.ID, ClientSecret: ti.ClientSecret, Status: ti.Status, Amount: ti.Amount, OrderID: ti.OrderID,
		Email: ti.Email, CreatedAt: at, UpdatedAt: at}
	return translate(s.testIntents.insert(ctx, doc), "")
}

// FindTestIntent returns the intent with this id.
func (s *Store) FindTestIntent(ctx context.Context, id string) (shop.TestIntent, error) {
	d, err := s.testIntents.get(ctx, id)
	return d.Shop(), err
}

// FindTestIntentByOrder returns the order's intent for this amount.
func (s *Store) FindTestIntentByOrder(ctx context.Context, orderID string, amount int64) (shop.TestIntent, error) {
	d, err := s.testIntents.getBy(ctx, "orderId,amount", mirror.OrderAmountKey(orderID, amount),
		bson.D{{Key: "orderId", Value: orderID}, {Key: "amount", Value: amount}})
	return d.Shop(), err
}

// SetTestIntentStatus moves an intent between statuses with one guarded write.
func (s *Store) SetTestIntentStatus(ctx context.Context, id, from, to, lastError string) (bool, error) {
	_, err := s.testIntents.update(ctx, id, guard[mirror.TestIntent]{
		filter: bson.D{{Key: "status", Value: from}},
		check:  mirror.IntentStatusIs(from),
	}, bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: to}, {Key: "lastError", Value: lastError}, {Key: "updatedAt", Value: s.now()}}}})
	switch {
	case err == mirror.ErrWrongStatus:
		return false, nil
	case shop.ErrorCode(err) == shop.ENOTFOUND:
		return false, nil
	}
	return err == nil, err
}

// eventDoc is a webhook event being processed (ProcessedAt unset) or
// processed. Events recorded before claims have ProcessedAt only.
type eventDoc struct {
	ID          string     `bson:"_id"`
	Type        string     `bson:"type"`
	ClaimedAt   time.Time  `bson:"claimedAt,omitempty"`
	ProcessedAt *time.Time `bson:"processedAt,omitempty"`
}

// staleClaim is how long a claim may stay unfinished before another
// delivery takes it over: its process crashed (processing takes seconds).
const staleClaim = 2 * time.Minute

// ClaimEvent inserts the event; the unique _id refuses a second insert of
// the same event. A claim that is still unfinished after staleClaim is taken
// over with one guarded write on its claim time.
func (s *Store) ClaimEvent(ctx context.Context, id, kind string) (bool, error) {
	at := s.now()
	err := s.events.insert(ctx, eventDoc{ID: id, Type: kind, ClaimedAt: at})
	if err == nil {
		return true, nil
	}
	if !isDuplicate(err) {
		return false, translate(err, "")
	}
	cur, err := s.events.get(ctx, id)
	if err != nil || cur.ProcessedAt != nil || at.Sub(cur.ClaimedAt) < staleClaim {
		return false, ignoreNotFound(err) // processed, or being processed
	}
	_, err = s.events.update(ctx, id, guard[eventDoc]{
		filter: bson.D{{Key: "claimedAt", Value: cur.ClaimedAt}, {Key: "processedAt", Value: bson.D{{Key: "$exists", Value: false}}}},
		check: func(e eventDoc) error {
			if e.ProcessedAt != nil || !e.ClaimedAt.Equal(cur.ClaimedAt) {
				return errClaimed
			}
			return nil
		},
	}, bson.D{{Key: "$set", Value: bson.D{{Key: "claimedAt", Value: at}}}})
	if err == errClaimed || shop.ErrorCode(err) == shop.ENOTFOUND {
		return false, nil
	}
	return err == nil, err
}

var errClaimed = shop.Errorf(shop.ECONFLICT, "The event was claimed by another delivery.")

func ignoreNotFound(err error) error {
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}

// FinishEvent marks the event processed.
func (s *Store) FinishEvent(ctx context.Context, id string) error {
	_, err := s.events.update(ctx, id, guard[eventDoc]{}, bson.D{{Key: "$set", Value: bson.D{{Key: "processedAt", Value: s.now()}}}})
	return err
}

// ForgetEvent removes an unfinished claim.
func (s *Store) ForgetEvent(ctx context.Context, id string) error {
	_, err := s.events.remove(ctx, id, guard[eventDoc]{
		filter: bson.D{{Key: "processedAt", Value: bson.D{{Key: "$exists", Value: false}}}},
		check: func(e eventDoc) error {
			if e.ProcessedAt != nil {
				return errClaimed
			}
			return nil
		},
	})
	if err == errClaimed {
		return nil
	}
	return ignoreNotFound(err)
}
