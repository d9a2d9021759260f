package httpapi

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// The service desk: quotes, replacement claims and the e-mail outbox.

// requestQuote answers POST /quotes with {acknowledged, insertedId, number}.
func (s *Server) requestQuote(c *gin.Context) {
	var d shop.QuoteDraft
	if err := decodeJSON(c, &d); err != nil {
		s.fail(c, err)
		return
	}
	q, err := s.quotes.Request(c.Request.Context(), caller(c), d)
	s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": q.ID, "number": q.Number}, err)
}

// listQuotes answers GET /quotes: the caller's, or all to an admin.
func (s *Server) listQuotes(c *gin.Context) {
	limit, skip, err := page(c, 50, 100)
	if err != nil {
		s.fail(c, err)
		return
	}
	list, total, err := s.quotes.List(c.Request.Context(), caller(c), limit, skip)
	writePage(s, c, list, total, err)
}

// priceQuote answers PATCH /quotes/{id} with the quote (admins).
func (s *Server) priceQuote(c *gin.Context) {
	var p shop.QuotePricing
	if err := decodeJSON(c, &p); err != nil {
		s.fail(c, err)
		return
	}
	q, err := s.quotes.Price(c.Request.Context(), caller(c), c.Param("id"), p)
	s.reply(c, http.StatusOK, q, err)
}

// acceptQuote answers POST /quotes/{id}/accept with {orderIds}.
func (s *Server) acceptQuote(c *gin.Context) {
	var d shop.AcceptDraft
	if err := decodeJSON(c, &d); err != nil {
		s.fail(c, err)
		return
	}
	ids, err := s.quotes.Accept(c.Request.Context(), caller(c), c.Param("id"), d)
	s.reply(c, http.StatusOK, gin.H{"orderIds": ids}, err)
}

// declineQuote answers POST /quotes/{id}/decline with the quote.
func (s *Server) declineQuote(c *gin.Context) {
	q, err := s.quotes.Decline(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, q, err)
}

// makeClaim answers POST /claims with {acknowledged, insertedId, number}.
func (s *Server) makeClaim(c *gin.Context) {
	var d shop.ClaimDraft
	if err := decodeJSON(c, &d); err != nil {
		s.fail(c, err)
		return
	}
	cl, err := s.claims.Make(c.Request.Context(), caller(c), d)
	s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": cl.ID, "number": cl.Number}, err)
}

// listClaims answers GET /claims: the caller's, or all to an admin.
func (s *Server) listClaims(c *gin.Context) {
	limit, skip, err := page(c, 50, 100)
	if err != nil {
		s.fail(c, err)
		return
	}
	list, total, err := s.claims.List(c.Request.Context(), caller(c), limit, skip)
	writePage(s, c, list, total, err)
}

// decideClaim answers PATCH /claims/{id} with the claim (admins).
func (s *Server) decideClaim(c *gin.Context) {
	var d shop.ClaimDecision
	if err := decodeJSON(c, &d); err != nil {
		s.fail(c, err)
		return
	}
	cl, err := s.claims.Decide(c.Request.Context(), caller(c), c.Param("id"), d)
	s.reply(c, http.StatusOK, cl, err)
}

// listOutbox answers GET /admin/outbox (admins).
func (s *Server) listOutbox(c *gin.Context) {
	limit, skip, err := page(c, 50, 100)
	if err != nil {
		s.fail(c, err)
		return
	}
	list, total, err := s.outbox.List(c.Request.Context(), caller(c), limit, skip)
	writePage(s, c, list, total, err)
}

// writePage writes one page of a personal list, with its total.
func writePage[T any](s *Server, c *gin.Context, list []T, total int64, err error) {
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("X-Total-Count", strconv.FormatInt(total, 10))
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, list)
}
