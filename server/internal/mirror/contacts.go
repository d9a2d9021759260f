package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

type Message struct {
	ID        ID        `bson:"_id"`
	Email     string    `bson:"email"`
	Subject   string    `bson:"subject"`
	Message   string    `bson:"message"`
	Handled   bool      `bson:"handled"`
	CreatedAt time.Time `bson:"createdAt"`
}

// Messages keeps the contact messages by id and by date.
func Messages(name string) *Mirror[ID, Message] {
	return &Mirror[ID, Message]{
		Name: name, IDOf: func(d *Message) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, Message]{
			{Name: "createdAt", Cmp: func(a, b *Message) int { return a.CreatedAt.Compare(b.CreatedAt) }},
		},
	}
}

// Shop is the document as the domain has it.
func (d Message) Shop() shop.Message {
	return shop.Message{ID: d.ID.Hex(), Email: d.Email, Subject: d.Subject, Message: d.Message, Handled: d.Handled, CreatedAt: d.CreatedAt.UTC()}
}
