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
	// Verified buyer: the product of a paid order by the reviewer's email.
	ProductID   ID     `bson:"productId,omitempty"`
	ProductName string `bson:"productName,omitempty"`
	Verified    bool   `bson:"verified,omitempty"`
	// Status is absent on visible reviews (and every review from before
	// moderation): "hidden", "awaiting" or "deleted" otherwise.
	Status     string       `bson:"status,omitempty"`
	Moderation []Moderation `bson:"moderation,omitempty"`
}

// Moderation is one admin action on a review.
type Moderation struct {
	Action string    `bson:"action"`
	By     string    `bson:"by"`
	At     time.Time `bson:"at"`
	Reason string    `bson:"reason,omitempty"`
}

// ReviewStatus is the review's status, "visible" when it has none.
func ReviewStatus(d *Review) string {
	if d.Status == "" {
		return string(shop.ReviewVisible)
	}
	return d.Status
}

// ReviewProductGroup is the review's group in the index of the products'
// reviews: its product's id and its status ("" without a product).
func ReviewProductGroup(d *Review) string {
	if d.ProductID.IsZero() {
		return ""
	}
	return ProductReviewsGroup(d.ProductID.Hex(), ReviewStatus(d))
}

// ProductReviewsGroup is the group of a product's reviews in status.
func ProductReviewsGroup(productID, status string) string { return productID + "|" + status }

// NotDeletedReview is the precondition of a moderation ({status: {$ne:
// "deleted"}}): a deleted review is not found.
func NotDeletedReview(d Review) error {
	if d.Status == string(shop.ReviewDeleted) {
		return shop.NotFound(shop.MsgReviewNoun)
	}
	return nil
}

// ListedReview matches the reviews the admins' "all" lists: not deleted.
func ListedReview(d *Review) bool { return d.Status != string(shop.ReviewDeleted) }

// PaidOrderOf matches the paid orders of a product (MongoDB: {productId,
// paid: true}, within a customer's orders).
func PaidOrderOf(product ID) func(*Order) bool {
	return func(d *Order) bool { return d.Paid && d.ProductID == product }
}

// Shop is the document as the domain has it.
func (d Review) Shop() shop.Review {
	rating := d.Rating
	if rating < 1 || rating > 5 {
		rating = 5 // reviews from before ratings existed
	}
	r := shop.Review{ID: d.ID.Hex(), Name: d.Name, Email: d.Email, Review: d.Review, Img: d.Img, Rating: rating, CreatedAt: d.CreatedAt.UTC(),
		ProductName: d.ProductName, Verified: d.Verified, Status: shop.ReviewStatus(ReviewStatus(&d))}
	if !d.ProductID.IsZero() {
		r.ProductID = d.ProductID.Hex()
	}
	for _, m := range d.Moderation {
		r.Moderation = append(r.Moderation, shop.ModerationEntry{Action: m.Action, By: m.By, At: m.At.UTC(), Reason: m.Reason})
	}
	return r
}

// Reviews keeps the reviews by id, by date, and each status's by date (the
// home page's visible ones; the admins' lists).
func Reviews(name string) *Mirror[ID, Review] {
	return &Mirror[ID, Review]{
		Name: name, IDOf: func(d *Review) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, Review]{
			{Name: "createdAt", Cmp: func(a, b *Review) int { return a.CreatedAt.Compare(b.CreatedAt) }},
			{Name: "status,createdAt", Group: ReviewStatus, Cmp: func(a, b *Review) int { return a.CreatedAt.Compare(b.CreatedAt) }},
			// a product's visible reviews (issue 48: GET /reviews?productId=)
			{Name: "productId,status,createdAt", Group: ReviewProductGroup, Cmp: func(a, b *Review) int { return a.CreatedAt.Compare(b.CreatedAt) }},
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
