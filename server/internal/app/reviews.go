package app

import (
	"context"

	"storefront/server/internal/shop"
)

// Reviews is customers' reviews.
type Reviews struct {
	Reviews     shop.ReviewStore
	ImagePrefix string // PUBLIC_URL + "/images/"
}

// AddReview stores a review under the signed-in account's name and email.
func (r *Reviews) AddReview(ctx context.Context, caller shop.Caller, d shop.ReviewDraft) (string, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return "", err
	}
	if err := d.Validate(r.ImagePrefix); err != nil {
		return "", err
	}
	return r.Reviews.InsertReview(ctx, shop.Review{Name: caller.Name, Email: caller.Email, Review: d.Review, Img: d.Img, Rating: *d.Rating})
}

// List returns the newest reviews first, as the home page shows them.
func (r *Reviews) List(ctx context.Context, limit int) ([]shop.Review, error) {
	return r.Reviews.ListReviews(ctx, limit)
}

// Version grows with every write to the reviews: an answer read from them
// is fresh while it is unchanged.
func (r *Reviews) Version() uint64 { return r.Reviews.DataVersion(shop.ReviewData) }
