package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/shop"
)

var _ shop.MessageStore = (*Store)(nil)

type messageDoc struct {
	ID        bson.ObjectID `bson:"_id"`
	Email     string        `bson:"email"`
	Subject   string        `bson:"subject"`
	Message   string        `bson:"message"`
	Handled   bool          `bson:"handled"`
	CreatedAt time.Time     `bson:"createdAt"`
}

func (s *Store) contacts() *mongo.Collection { return s.db.Collection(CollContacts) }

// InsertMessage stores a contact message.
func (s *Store) InsertMessage(ctx context.Context, m shop.Message) (string, error) {
	doc := messageDoc{ID: bson.NewObjectID(), Email: m.Email, Subject: m.Subject, Message: m.Message, CreatedAt: time.Now().UTC()}
	err := s.write(ctx, CollContacts, func(ctx context.Context) error {
		_, err := s.contacts().InsertOne(ctx, doc)
		return err
	})
	return doc.ID.Hex(), translate(err, "")
}

// ListMessages returns messages newest first.
func (s *Store) ListMessages(ctx context.Context, limit, skip int) ([]shop.Message, int64, error) {
	opts := options.Find().SetSort(bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}).SetLimit(int64(limit)).SetSkip(int64(skip))
	cur, err := s.contacts().Find(ctx, bson.D{}, opts)
	if err != nil {
		return nil, 0, translate(err, "")
	}
	var docs []messageDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, 0, translate(err, "")
	}
	total, err := s.contacts().CountDocuments(ctx, bson.D{})
	if err != nil {
		return nil, 0, translate(err, "")
	}
	out := make([]shop.Message, len(docs))
	for i, d := range docs {
		out[i] = shop.Message{ID: d.ID.Hex(), Email: d.Email, Subject: d.Subject, Message: d.Message, Handled: d.Handled, CreatedAt: d.CreatedAt.UTC()}
	}
	return out, total, nil
}

// SetMessageHandled marks a message handled or not.
func (s *Store) SetMessageHandled(ctx context.Context, id string, handled bool) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	var res *mongo.UpdateResult
	err = s.write(ctx, CollContacts, func(ctx context.Context) error {
		var err error
		res, err = s.contacts().UpdateOne(ctx, bson.D{{Key: "_id", Value: oid}}, bson.D{{Key: "$set", Value: bson.D{{Key: "handled", Value: handled}}}})
		return err
	})
	if err != nil {
		return shop.UpdateResult{}, translate(err, "")
	}
	if res.MatchedCount == 0 {
		return shop.UpdateResult{}, shop.Errorf(shop.ENOTFOUND, "The message was not found.")
	}
	return shop.UpdateResult{Acknowledged: true, MatchedCount: res.MatchedCount, ModifiedCount: res.ModifiedCount}, nil
}

// DeleteMessage removes a message.
func (s *Store) DeleteMessage(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	var res *mongo.DeleteResult
	err = s.write(ctx, CollContacts, func(ctx context.Context) error {
		var err error
		res, err = s.contacts().DeleteOne(ctx, bson.D{{Key: "_id", Value: oid}})
		return err
	})
	if err != nil {
		return shop.DeleteResult{}, translate(err, "")
	}
	if res.DeletedCount == 0 {
		return shop.DeleteResult{}, shop.Errorf(shop.ENOTFOUND, "The message was not found.")
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: res.DeletedCount}, nil
}
