package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// sendMessage answers POST /contact (anyone, rate-limited per client).
func (s *Server) sendMessage(c *gin.Context) {
	if s.limited(c, s.contactPerClient, limitContact, c.ClientIP()) {
		return
	}
	if d, ok := bind[shop.MessageDraft](s, c); ok {
		id, err := s.inbox.Send(c.Request.Context(), d)
		s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": id}, err)
	}
}

// listMessages answers GET /contact (admins).
func (s *Server) listMessages(c *gin.Context) {
	listPage(s, c, 50, 100, s.inbox.List)
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
