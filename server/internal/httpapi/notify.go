package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// notificationSettings answers GET /account/notifications: which e-mails
// of new work this admin receives, and whether as a daily digest.
func (s *Server) notificationSettings(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	n, err := s.notify.Settings(c.Request.Context(), caller(c))
	s.reply(c, http.StatusOK, n, err)
}

// setNotificationSettings answers PUT /account/notifications with every
// setting: {newOrder, payment, quoteRequest, claim, digest}.
func (s *Server) setNotificationSettings(c *gin.Context) {
	if d, ok := bind[shop.NotificationDraft](s, c); ok {
		n, err := s.notify.SetSettings(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusOK, n, err)
	}
}
