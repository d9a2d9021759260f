package shop

import (
	"context"
	"time"
)

// Review is a customer's review (collection `reviews`).
type Review struct {
	ID        string    `json:"_id"`
	Name      string    `json:"name"`
	Email     string    `json:"-"` // kept, never shown publicly
	Review    string    `json:"review"`
	Img       string    `json:"img"`
	Rating    int       `json:"rating"`
	CreatedAt time.Time `json:"createdAt"`
}

// Review list parameters.
const (
	DefaultReviewLimit = 20
	MaxReviewLimit     = 100
)

// ReviewStore is the reviews' persistence.
type ReviewStore interface {
	// ListReviews returns the newest reviews first.
	ListReviews(ctx context.Context, limit int) ([]Review, error)
	CountReviews(ctx context.Context) (int64, error)
	// EnsureReview inserts r unless a review with the same name and text exists.
	EnsureReview(ctx context.Context, r Review) (inserted bool, err error)
}
