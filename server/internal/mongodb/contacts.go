package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

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
	docs, total, err := findPage[messageDoc](ctx, s.contacts(), bson.D{}, newestFirst, limit, skip)
	out := make([]shop.Message, len(docs))
	for i, d := range docs {
		out[i] = shop.Message{ID: d.ID.Hex(), Email: d.Email, Subject: d.Subject, Message: d.Message, Handled: d.Handled, CreatedAt: d.CreatedAt.UTC()}
	}
	return out, total, err
}

// SetMessageHandled marks a message handled or not.
func (s *Store) SetMessageHandled(ctx context.Context, id string, handled bool) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return s.updateOne(ctx, CollContacts, bson.D{{Key: "_id", Value: oid}}, bson.D{{Key: "$set", Value: bson.D{{Key: "handled", Value: handled}}}}, "The message")
}

// DeleteMessage removes a message.
func (s *Store) DeleteMessage(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	return s.deleteOne(ctx, CollContacts, bson.D{{Key: "_id", Value: oid}}, "The message")
}
