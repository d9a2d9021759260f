package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.MessageStore = (*Store)(nil)

type messageDoc struct {
	ID        mirror.ID `bson:"_id"`
	Email     string    `bson:"email"`
	Subject   string    `bson:"subject"`
	Message   string    `bson:"message"`
	Handled   bool      `bson:"handled"`
	CreatedAt time.Time `bson:"createdAt"`
}

// messageMirror keeps the contact messages by id and by date.
func messageMirror() *mirror.Mirror[mirror.ID, messageDoc] {
	return &mirror.Mirror[mirror.ID, messageDoc]{
		Name: CollContacts, IDOf: func(d *messageDoc) mirror.ID { return d.ID }, CmpID: mirror.CompareIDs,
		Orders: []*mirror.OrderIndex[mirror.ID, messageDoc]{
			{Name: "createdAt", Cmp: func(a, b *messageDoc) int { return a.CreatedAt.Compare(b.CreatedAt) }},
		},
	}
}

// InsertMessage stores a contact message.
func (s *Store) InsertMessage(ctx context.Context, m shop.Message) (string, error) {
	doc := messageDoc{ID: newID(), Email: m.Email, Subject: m.Subject, Message: m.Message, CreatedAt: s.now()}
	return doc.ID.Hex(), translate(s.contacts.insert(ctx, doc), "")
}

// ListMessages returns messages newest first.
func (s *Store) ListMessages(ctx context.Context, limit, skip int) ([]shop.Message, int64, error) {
	docs, total, err := s.contacts.list(ctx, listQuery[messageDoc]{index: "createdAt", desc: true, sort: newestFirst, skip: skip, limit: limit})
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
	return s.contacts.update(ctx, oid, guard[messageDoc]{}, bson.D{{Key: "$set", Value: bson.D{{Key: "handled", Value: handled}}}})
}

// DeleteMessage removes a message.
func (s *Store) DeleteMessage(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if _, err := s.contacts.remove(ctx, oid, guard[messageDoc]{}); err != nil {
		return shop.DeleteResult{}, err
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}
