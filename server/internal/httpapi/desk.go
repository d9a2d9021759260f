package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// The service desk: quotes, replacement claims and the e-mail outbox.

// requestQuote answers POST /quotes with {acknowledged, insertedId, number}.
func (s *Server) requestQuote(c *gin.Context) {
	if d, ok := bind[shop.QuoteDraft](s, c); ok {
		q, err := s.quotes.Request(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": q.ID, "number": q.Number}, err)
	}
}

// listQuotes answers GET /quotes: the caller's, or all to an admin.
func (s *Server) listQuotes(c *gin.Context) {
	listPage(s, c, 50, 100, s.quotes.List)
}

// priceQuote answers PATCH /quotes/{id} with the quote (admins).
func (s *Server) priceQuote(c *gin.Context) {
	if p, ok := bind[shop.QuotePricing](s, c); ok {
		q, err := s.quotes.Price(c.Request.Context(), caller(c), c.Param("id"), p)
		s.reply(c, http.StatusOK, q, err)
	}
}

// acceptQuote answers POST /quotes/{id}/accept with {orderIds}.
func (s *Server) acceptQuote(c *gin.Context) {
	if d, ok := bind[shop.AcceptDraft](s, c); ok {
		g, err := s.quotes.AcceptPurchase(c.Request.Context(), caller(c), c.Param("id"), d)
		// the orders are one purchase, under the quote's id
		s.reply(c, http.StatusOK, gin.H{"orderIds": g.OrderIDs, "groupId": c.Param("id"), "awaitingApproval": g.AwaitingApproval}, err)
	}
}

// declineQuote answers POST /quotes/{id}/decline with the quote.
func (s *Server) declineQuote(c *gin.Context) {
	q, err := s.quotes.Decline(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, q, err)
}

// makeClaim answers POST /claims with {acknowledged, insertedId, number}.
func (s *Server) makeClaim(c *gin.Context) {
	if d, ok := bind[shop.ClaimDraft](s, c); ok {
		cl, err := s.claims.Make(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": cl.ID, "number": cl.Number}, err)
	}
}

// listClaims answers GET /claims: the caller's, or all to an admin.
func (s *Server) listClaims(c *gin.Context) {
	listPage(s, c, 50, 100, s.claims.List)
}

// decideClaim answers PATCH /claims/{id} with the claim (admins).
func (s *Server) decideClaim(c *gin.Context) {
	if d, ok := bind[shop.ClaimDecision](s, c); ok {
		cl, err := s.claims.Decide(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusOK, cl, err)
	}
}

// listOutbox answers GET /admin/outbox (admins).
func (s *Server) listOutbox(c *gin.Context) {
	listPage(s, c, 50, 100, s.outbox.List)
}

// getMail answers GET /admin/outbox/{id}: one e-mail, opened (admins).
func (s *Server) getMail(c *gin.Context) {
	m, err := s.outbox.Find(c.Request.Context(), caller(c), c.Param("id"))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, m, err)
}

// retryMail answers POST /admin/outbox/{id}/retry: a failed e-mail is
// queued again (admins); 409 when it is not failed.
func (s *Server) retryMail(c *gin.Context) {
	m, err := s.outbox.Retry(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, m, err)
}
