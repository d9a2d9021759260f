package app

import (
	"context"
	"log/slog"
	"time"

	"storefront/server/internal/shop"
)

// Reviews is customers' reviews and their moderation.
type Reviews struct {
	Reviews     shop.ReviewStore
	ImagePrefix string // PUBLIC_URL + "/images/"
	// NeedApproval (REVIEWS_NEED_APPROVAL) holds new reviews until an admin
	// shows them.
	NeedApproval bool
	Now          func() time.Time // nil: time.Now
	Log          *slog.Logger     // may be nil
	Owners       *Owners          // a review written for an account being deleted is erased as the deletion erases them
}

// AddedReview is what POST /reviews answers.
type AddedReview struct {
	ID string
	// Awaiting: the review is held until an admin approves it.
	Awaiting bool
}

// AddReview stores a review under the signed-in account's name and email.
// With a product, the reviewer must have bought it (a paid order of it by
// their email): the review is then a verified buyer's, linked to it. A
// product they have not bought is refused (400), never stored unverified.
func (r *Reviews) AddReview(ctx context.Context, caller shop.Caller, d shop.ReviewDraft) (AddedReview, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return AddedReview{}, err
	}
	if err := d.Validate(r.ImagePrefix); err != nil {
		return AddedReview{}, err
	}
	rev := shop.Review{Name: caller.Name, Email: caller.Email, Review: d.Review, Img: d.Img, Rating: *d.Rating, Status: shop.ReviewVisible}
	if d.ProductID != "" {
		name, ok, err := r.Reviews.PaidProduct(ctx, caller.Email, d.ProductID)
		if err != nil {
			return AddedReview{}, err
		}
		if !ok {
			return AddedReview{}, shop.Invalid("The review is not valid.", map[string]string{"productId": shop.MsgReviewNotBought})
		}
		rev.ProductID, rev.ProductName, rev.Verified = d.ProductID, name, true
	}
	if r.NeedApproval {
		rev.Status = shop.ReviewAwaiting
	}
	id, err := r.Reviews.InsertReview(ctx, rev)
	if err != nil {
		return AddedReview{}, err
	}
	if err := r.Owners.Keep(ctx, caller, func(ctx context.Context, now *shop.User) error {
		// as the deletion does: removed when asked (or once it has finished), else signed "Former customer"
		_, err := r.Owners.Erasure.EraseReviews(ctx, caller.Email, now == nil || now.DeleteReviews)
		return err
	}); err != nil {
		return AddedReview{}, err
	}
	return AddedReview{ID: id, Awaiting: r.NeedApproval}, nil
}

// List returns the newest visible reviews first, as the home page shows them.
func (r *Reviews) List(ctx context.Context, limit int) ([]shop.Review, error) {
	return r.Reviews.ListReviews(ctx, limit)
}

// ForProduct returns a product's newest visible reviews, with the average
// rating and the number of all of them (issue 48).
func (r *Reviews) ForProduct(ctx context.Context, productID string, limit int) (shop.ProductReviews, error) {
	return r.Reviews.ProductReviews(ctx, productID, limit)
}

// ListModerated returns one page of the reviews in status, for admins.
func (r *Reviews) ListModerated(ctx context.Context, caller shop.Caller, status string, limit, skip int) ([]shop.ModeratedReview, int64, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return nil, 0, err
	}
	list, total, err := r.Reviews.ListReviewsByStatus(ctx, status, limit, skip)
	out := make([]shop.ModeratedReview, len(list))
	for i, rev := range list {
		out[i] = rev.Moderated()
	}
	return out, total, err
}

func (r *Reviews) entry(caller shop.Caller, action, reason string) shop.ModerationEntry {
	now := time.Now
	if r.Now != nil {
		now = r.Now
	}
	return shop.ModerationEntry{Action: action, By: caller.Email, At: now().UTC(), Reason: reason}
}

// Moderate hides or shows a review (showing one awaiting approval approves
// it), for admins; the action is noted on the review.
func (r *Reviews) Moderate(ctx context.Context, caller shop.Caller, id string, m shop.Moderation) (shop.ModeratedReview, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.ModeratedReview{}, err
	}
	if err := m.Validate(true); err != nil {
		return shop.ModeratedReview{}, err
	}
	status, action := shop.ReviewVisible, "show"
	if *m.Hidden {
		status, action = shop.ReviewHidden, "hide"
	}
	rev, err := r.Reviews.SetReviewStatus(ctx, id, status, r.entry(caller, action, m.Reason))
	if err != nil {
		return shop.ModeratedReview{}, err
	}
	r.log(ctx, action, caller, id, m.Reason)
	return rev.Moderated(), nil
}

// Delete deletes a review, for admins: its text and photo go, and the
// record of who deleted it, when and why stays (and is logged).
func (r *Reviews) Delete(ctx context.Context, caller shop.Caller, id string, m shop.Moderation) (shop.DeleteResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	if err := m.Validate(false); err != nil {
		return shop.DeleteResult{}, err
	}
	if _, err := r.Reviews.DeleteReview(ctx, id, r.entry(caller, "delete", m.Reason)); err != nil {
		return shop.DeleteResult{}, err
	}
	r.log(ctx, "delete", caller, id, m.Reason)
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}

func (r *Reviews) log(ctx context.Context, action string, caller shop.Caller, id, reason string) {
	if r.Log != nil {
		r.Log.InfoContext(ctx, "review moderated", "action", action, "review", id, "by", caller.Email, "reason", reason)
	}
}

// Version grows with every write to the reviews: an answer read from them
// is fresh while it is unchanged.
func (r *Reviews) Version() uint64 { return r.Reviews.DataVersion(shop.ReviewData) }
