package httpapi

import (
	"context"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// companyQuotes answers GET /companies/{id}/quotes (issue 45): the quotes
// of the company's members, to its company admins and admins.
func (s *Server) companyQuotes(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	listPage(s, c, 20, 100, func(ctx context.Context, who shop.Caller, limit, skip int) ([]shop.Quote, int64, error) {
		return s.companies.CompanyQuotes(ctx, who, s.quotes.Quotes, c.Param("id"), limit, skip)
	})
}
