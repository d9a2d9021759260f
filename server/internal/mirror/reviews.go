package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

type Review struct {
	ID        ID        `bson:"_id,omitempty"`
	Name      string    `bson:"name"`
	Email     string    `bson:"email"`
	Review    string    `bson:"review"`
	Img       string    `bson:"img"`
	Rating    int       `bson:"rating,omitempty"`
	CreatedAt time.Time `bson:"createdAt"`
}

// Shop is the document as the domain has it.
func (d Review) Shop() shop.Review {
	rating := d.Rating
	if rating < 1 || rating > 5 {
		rating = 5 // reviews from before ratings existed
	}
	return shop.Review{ID: d.ID.Hex(), Name: d.Name, Email: d.Email, Review: d.Review, Img: d.Img, Rating: rating, CreatedAt: d.CreatedAt.UTC()}
}

// Reviews keeps the reviews by id and by date.
func Reviews(name string) *Mirror[ID, Review] {
	return &Mirror[ID, Review]{
		Name: name, IDOf: func(d *Review) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, Review]{
			{Name: "createdAt", Cmp: func(a, b *Review) int { return a.CreatedAt.Compare(b.CreatedAt) }},
		},
	}
}

// OwnedBy is an erasure's precondition: the document still has this email
// (MongoDB: {email: email}).
func OwnedBy[D any](email string, emailOf func(D) string, what string) func(D) error {
	return func(d D) error {
		if emailOf(d) != email {
			return shop.NotFound(what)
		}
		return nil
	}
}

// ReviewsOf matches email's reviews (MongoDB: {email: email}).
func ReviewsOf(email string) func(*Review) bool {
	return func(d *Review) bool { return d.Email == email }
}

// SameReview matches the reviews by name with this text (MongoDB: {name,
// review}).
func SameReview(name, text string) func(*Review) bool {
	return func(d *Review) bool { return d.Name == name && d.Review == text }
}
