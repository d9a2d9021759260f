package httpapi

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// sendMessage answers POST /contact (anyone, rate-limited per client).
func (s *Server) sendMessage(c *gin.Context) {
	if s.limited(c, s.contactPerClient, limitContact, c.ClientIP()) {
		return
	}
	var d shop.MessageDraft
	if err := decodeJSON(c, &d); err != nil {
		s.fail(c, err)
		return
	}
	id, err := s.inbox.Send(c.Request.Context(), d)
	s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": id}, err)
}

// listMessages answers GET /contact (admins).
func (s *Server) listMessages(c *gin.Context) {
	limit, skip, err := page(c, 50, 100)
	if err != nil {
		s.fail(c, err)
		return
	}
	list, total, err := s.inbox.List(c.Request.Context(), caller(c), limit, skip)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("X-Total-Count", strconv.FormatInt(total, 10))
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, list)
}

// markMessage answers PATCH /contact/{id} with {handled}.
func (s *Server) markMessage(c *gin.Context) {
	var body struct {
		Handled *bool `json:"handled"`
	}
	if err := decodeJSON(c, &body); err != nil {
		s.fail(c, err)
		return
	}
	if body.Handled == nil {
		s.fail(c, shop.Invalid("The change is not valid.", map[string]string{"handled": "is required"}))
		return
	}
	res, err := s.inbox.MarkHandled(c.Request.Context(), caller(c), c.Param("id"), *body.Handled)
	s.reply(c, http.StatusOK, res, err)
}

// deleteMessage answers DELETE /contact/{id}.
func (s *Server) deleteMessage(c *gin.Context) {
	res, err := s.inbox.Delete(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
}
