package httpapi

import (
	"context"
	"net/http"
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
	a, err := s.answers.get(c.Request.Context(), "reviews?"+itoa(limit), s.reviews.Version, func(ctx context.Context) (any, int64, error) {
		list, err := s.reviews.List(ctx, limit)
		return list, -1, err
	})
	s.serve(c, a, err)
}

func itoa(n int) string { return strconv.Itoa(n) }

// addReview answers POST /reviews.
func (s *Server) addReview(c *gin.Context) {
	if d, ok := bind[shop.ReviewDraft](s, c); ok {
		id, err := s.reviews.AddReview(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": id}, err)
	}
}
