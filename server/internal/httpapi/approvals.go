package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Approvals (issue 45): a purchase above its buyer's limit waits for an
// approver of their company, who approves or declines it; a company's
// purchases for its admins (and those awaiting approval for its approvers).

// approveGroup answers POST /groups/{id}/approve with the purchase.
func (s *Server) approveGroup(c *gin.Context) {
	g, err := s.purchases.Approve(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, g, err)
}

// declineGroup answers POST /groups/{id}/decline {reason} with
// {acknowledged, deletedCount}: the purchase cancelled.
func (s *Server) declineGroup(c *gin.Context) {
	if d, ok := bind[shop.ApprovalDecline](s, c); ok {
		res, err := s.purchases.Decline(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusOK, res, err)
	}
}

// companyPurchases answers GET /companies/{id}/purchases?awaitingApproval=:
// a page of the company's purchases, newest first, X-Total-Count their number.
func (s *Server) companyPurchases(c *gin.Context) {
	var awaiting bool
	switch v := c.Query("awaitingApproval"); v {
	case "", "false":
	case "true":
		awaiting = true
	default:
		s.fail(c, shop.Invalid("The query is not valid.", map[string]string{"awaitingApproval": `must be "true" or "false"`}))
		return
	}
	c.Header("Cache-Control", "no-store")
	listPage(s, c, 20, 100, func(ctx context.Context, who shop.Caller, limit, skip int) ([]shop.Group, int64, error) {
		return s.purchases.CompanyPurchases(ctx, who, c.Param("id"), awaiting, limit, skip)
	})
}
