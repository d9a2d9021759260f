package shop

import (
	"context"
	"strings"
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
	Versions
	// ListReviews returns the newest reviews first.
	ListReviews(ctx context.Context, limit int) ([]Review, error)
	CountReviews(ctx context.Context) (int64, error)
	// EnsureReview inserts r unless a review with the same name and text exists.
	EnsureReview(ctx context.Context, r Review) (inserted bool, err error)
	InsertReview(ctx context.Context, r Review) (id string, err error)
}

// Review limits.
const MaxReviewLen = 1000

// ReviewDraft is the input of POST /reviews; name and email come from the
// signed-in account, never from the body.
type ReviewDraft struct {
	Review string `json:"review"`
	Img    string `json:"img"`
	Rating *int   `json:"rating"`
	// The original client sends these; the account decides them.
	Name  string `json:"name"`
	Email string `json:"email"`
}

// Validate checks the review. imagePrefix is where this store's images
// live: a review's photo must be one uploaded here.
func (d *ReviewDraft) Validate(imagePrefix string) error {
	d.Review = strings.TrimSpace(d.Review)
	d.Img = strings.TrimSpace(d.Img)
	f := map[string]string{}
	checkText(f, "review", d.Review, MaxReviewLen, "Review is Required", atMost(MaxReviewLen))
	switch {
	case d.Img == "":
		f["img"] = "Image is Required"
	case !strings.HasPrefix(d.Img, imagePrefix) || CheckID(strings.TrimPrefix(d.Img, imagePrefix)) != nil:
		f["img"] = "must be an image uploaded to this store"
	}
	if d.Rating == nil {
		five := 5
		d.Rating = &five
	} else if *d.Rating < 1 || *d.Rating > 5 {
		f["rating"] = "must be between 1 and 5"
	}
	return Invalid("The review is not valid.", f)
}
