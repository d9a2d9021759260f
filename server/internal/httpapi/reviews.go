package httpapi

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strconv"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// listReviews answers GET /reviews?limit, newest first.
func (s *Server) listReviews(c *gin.Context) {
	limit, ok := queryInt(c, "limit", shop.DefaultReviewLimit, 1, shop.MaxReviewLimit)
	if !ok {
		s.fail(c, shop.Invalid("The list parameters are not valid.", map[string]string{"limit": "must be a whole number between 1 and " + itoa(shop.MaxReviewLimit)}))
		return
	}
	if id, ok := c.GetQuery("productId"); ok {
		if shop.CheckID(id) != nil {
			s.fail(c, shop.Invalid("The list parameters are not valid.", map[string]string{"productId": "must be a product's id"}))
			return
		}
		a, err := s.productReviewsAnswer(c.Request.Context(), id, limit)
		s.serve(c, a, err)
		return
	}
	a, err := s.answers.get(c.Request.Context(), "reviews?"+itoa(limit), s.reviews.Version, func(ctx context.Context) (any, int64, error) {
		list, err := s.reviews.List(ctx, limit)
		return list, -1, err
	})
	s.serve(c, a, err)
}

// productReviewsAnswer is GET /reviews?productId=&limit='s cached answer.
func (s *Server) productReviewsAnswer(ctx context.Context, productID string, limit int) (*answer, error) {
	return s.answers.get(ctx, "reviews?productId="+productID+"&limit="+itoa(limit), s.reviews.Version, func(ctx context.Context) (any, int64, error) {
		r, err := s.reviews.ForProduct(ctx, productID, limit)
		return r, -1, err
	})
}

// CachedProductReviews is the product page's reviews (GET
// /reviews?productId=, the default limit): the server-rendered page lists
// what the client then fetches.
func (s *Server) CachedProductReviews(ctx context.Context, productID string) (shop.ProductReviews, Encoded, error) {
	a, err := s.productReviewsAnswer(ctx, productID, shop.DefaultReviewLimit)
	if err != nil {
		return shop.ProductReviews{}, Encoded{}, err
	}
	r, _ := a.value.(shop.ProductReviews)
	return r, a.encoded(), nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// addReview answers POST /reviews.
func (s *Server) addReview(c *gin.Context) {
	if d, ok := bind[shop.ReviewDraft](s, c); ok {
		added, err := s.reviews.AddReview(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": added.ID, "awaitingApproval": added.Awaiting}, err)
	}
}

// Moderation (issue 36): admins list, hide, show and delete reviews.

// moderatedReviews answers GET /admin/reviews?status=all|visible|hidden|awaiting.
func (s *Server) moderatedReviews(c *gin.Context) {
	status := c.DefaultQuery("status", "all")
	if !slices.Contains(shop.ReviewFilters, status) {
		s.fail(c, shop.Invalid("The list parameters are not valid.", map[string]string{"status": shop.FieldReviewStatusList}))
		return
	}
	listPage(s, c, 20, 100, func(ctx context.Context, who shop.Caller, limit, skip int) ([]shop.ModeratedReview, int64, error) {
		return s.reviews.ListModerated(ctx, who, status, limit, skip)
	})
}

// moderateReview answers PATCH /reviews/{id} with {hidden, reason?}.
func (s *Server) moderateReview(c *gin.Context) {
	if m, ok := bind[shop.Moderation](s, c); ok {
		res, err := s.reviews.Moderate(c.Request.Context(), caller(c), c.Param("id"), m)
		s.reply(c, http.StatusOK, res, err)
	}
}

// deleteReview answers DELETE /reviews/{id}, the reason in the body
// ({reason}) or the query (?reason=).
func (s *Server) deleteReview(c *gin.Context) {
	body, ok := bind[struct {
		Reason string `json:"reason"`
	}](s, c)
	if !ok {
		return
	}
	reason := cmp.Or(body.Reason, c.Query("reason"))
	res, err := s.reviews.Delete(c.Request.Context(), caller(c), c.Param("id"), shop.Moderation{Reason: reason})
	s.reply(c, http.StatusOK, res, err)
}
