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
	// The product the reviewer bought (a paid order of it by their email),
	// when they chose one: then Verified, "Verified buyer" on the page.
	ProductID   string `json:"productId,omitempty"`
	ProductName string `json:"productName,omitempty"`
	Verified    bool   `json:"verified,omitempty"`
	// Moderation: the status (never shown publicly; GET /reviews serves
	// only visible ones) and every hide, show and delete, oldest first.
	Status     ReviewStatus      `json:"-"`
	Moderation []ModerationEntry `json:"-"`
}

// ReviewStatus is a review's place in moderation.
type ReviewStatus string

const (
	ReviewVisible  ReviewStatus = "visible"
	ReviewHidden   ReviewStatus = "hidden"
	ReviewAwaiting ReviewStatus = "awaiting" // held until an admin shows it (REVIEWS_NEED_APPROVAL)
	ReviewDeleted  ReviewStatus = "deleted"  // the record a delete leaves: who, when, why; no text or photo
)

// ModerationEntry is one admin action on a review.
type ModerationEntry struct {
	Action string    `json:"action"` // hide, show, delete
	By     string    `json:"by"`     // the admin's email
	At     time.Time `json:"at"`
	Reason string    `json:"reason,omitempty"`
}

// ModeratedReview is a review as the admins' Reviews screen lists it.
type ModeratedReview struct {
	Review
	Email      string            `json:"email"`
	Status     ReviewStatus      `json:"status"`
	Hidden     bool              `json:"hidden"`
	Moderation []ModerationEntry `json:"moderation"`
}

// Moderated is r with its moderation shown.
func (r Review) Moderated() ModeratedReview {
	m := r.Moderation
	if m == nil {
		m = []ModerationEntry{}
	}
	return ModeratedReview{Review: r, Email: r.Email, Status: r.Status, Hidden: r.Status != ReviewVisible, Moderation: m}
}

// ReviewFilters are the statuses the admins' list takes (GET
// /admin/reviews?status=); "all" is every review not deleted.
var ReviewFilters = []string{"all", string(ReviewVisible), string(ReviewHidden), string(ReviewAwaiting)}

// Moderation's limits and words.
const (
	MaxModerationReason   = 500
	MsgReviewNoun         = "The review"
	MsgModerationInvalid  = "The moderation is not valid."
	MsgReviewNotBought    = "must be a product you have bought and paid for"
	MsgReviewAwaiting     = "Thanks! Your review will appear once an admin approves it."
	FieldReviewStatusList = "must be all, visible, hidden or awaiting"
)

// Moderation is the body of PATCH /reviews/{id} (and the reason of DELETE).
type Moderation struct {
	Hidden *bool  `json:"hidden"`
	Reason string `json:"reason"`
}

// Validate checks the change; the reason is optional, at most 500 characters.
func (m *Moderation) Validate(needHidden bool) error {
	m.Reason = strings.TrimSpace(m.Reason)
	f := map[string]string{}
	if needHidden && m.Hidden == nil {
		f["hidden"] = FieldRequired
	}
	if len([]rune(m.Reason)) > MaxModerationReason {
		f["reason"] = atMost(MaxModerationReason)
	}
	return Invalid(MsgModerationInvalid, f)
}

// Review list parameters.
const (
	DefaultReviewLimit = 20
	MaxReviewLimit     = 100
)

// ReviewStore is the reviews' persistence.
type ReviewStore interface {
	Versions
	// ListReviews returns the newest visible reviews first.
	ListReviews(ctx context.Context, limit int) ([]Review, error)
	// ProductReviews returns the newest limit of a product's visible
	// reviews, with the average rating and the number of all of them.
	ProductReviews(ctx context.Context, productID string, limit int) (ProductReviews, error)
	// ListReviewsByStatus returns one page of the reviews in status
	// ("all": every one not deleted), newest first, and their number.
	ListReviewsByStatus(ctx context.Context, status string, limit, skip int) ([]Review, int64, error)
	CountReviews(ctx context.Context) (int64, error)
	// SetReviewStatus moves a review (not deleted) to status, noting e.
	SetReviewStatus(ctx context.Context, id string, status ReviewStatus, e ModerationEntry) (Review, error)
	// DeleteReview leaves of the review (not deleted) only the record of
	// its deletion (e): its text and photo go.
	DeleteReview(ctx context.Context, id string, e ModerationEntry) (Review, error)
	// PaidProduct is the name of productID when email has a paid order of
	// it; ok false otherwise.
	PaidProduct(ctx context.Context, email, productID string) (name string, ok bool, err error)
	// EnsureReview inserts r unless a review with the same name and text exists.
	EnsureReview(ctx context.Context, r Review) (inserted bool, err error)
	InsertReview(ctx context.Context, r Review) (id string, err error)
}

// Review limits.
const MaxReviewLen = 1000

// ProductReviews is GET /reviews?productId= (issue 48): a product's visible
// reviews, newest first, and the average rating (to a tenth; 0 with none)
// and number of all its visible reviews.
type ProductReviews struct {
	Reviews []Review `json:"reviews"`
	Average float64  `json:"average"`
	Count   int64    `json:"count"`
}

// AverageRating is the mean of ratings to a tenth (0 for none).
func AverageRating(ratings []int) float64 {
	if len(ratings) == 0 {
		return 0
	}
	sum := 0
	for _, r := range ratings {
		sum += r
	}
	// to a tenth, halves up, in integers (no float rounding surprises)
	tenths := (sum*20 + len(ratings)) / (2 * len(ratings))
	return float64(tenths) / 10
}

// ReviewDraft is the input of POST /reviews; name and email come from the
// signed-in account, never from the body.
type ReviewDraft struct {
	Review string `json:"review"`
	Img    string `json:"img"`
	Rating *int   `json:"rating"`
	// ProductID, optional, is a product the reviewer bought (a paid order).
	ProductID string `json:"productId"`
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
	d.ProductID = strings.TrimSpace(d.ProductID)
	if d.ProductID != "" && CheckID(d.ProductID) != nil {
		f["productId"] = "must be a product id"
	}
	if d.Rating == nil {
		five := 5
		d.Rating = &five
	} else if *d.Rating < 1 || *d.Rating > 5 {
		f["rating"] = "must be between 1 and 5"
	}
	return Invalid("The review is not valid.", f)
}
