package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.MessageStore = (*Store)(nil)

// InsertMessage stores a contact message.
func (s *Store) InsertMessage(ctx context.Context, m shop.Message) (string, error) {
	doc := mirror.Message{ID: newID(), Email: m.Email, Subject: m.Subject, Message: m.Message, CreatedAt: s.now()}
	return doc.ID.Hex(), translate(s.contacts.insert(ctx, doc), "")
}

// ListMessages returns messages newest first.
func (s *Store) ListMessages(ctx context.Context, limit, skip int) ([]shop.Message, int64, error) {
	docs, total, err := s.contacts.list(ctx, listQuery[mirror.Message]{index: "createdAt", desc: true, sort: newestFirst, skip: skip, limit: limit})
	return mirror.ShopAll[shop.Message](docs), total, err
}

// SetMessageHandled marks a message handled or not.
func (s *Store) SetMessageHandled(ctx context.Context, id string, handled bool) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return s.contacts.update(ctx, oid, guard[mirror.Message]{}, bson.D{{Key: "$set", Value: bson.D{{Key: "handled", Value: handled}}}})
}

// DeleteMessage removes a message.
func (s *Store) DeleteMessage(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if _, err := s.contacts.remove(ctx, oid, guard[mirror.Message]{}); err != nil {
		return shop.DeleteResult{}, err
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}
