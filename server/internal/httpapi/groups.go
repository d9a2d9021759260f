package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Order groups (issue 34): a checkout, one payment, a cancel whole.

// checkout answers POST /checkout with 201 {groupId, number, orderIds, total, tax}.
func (s *Server) checkout(c *gin.Context) {
	if d, ok := bind[shop.CheckoutDraft](s, c); ok {
		g, err := s.groups.Checkout(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusCreated, gin.H{"groupId": g.ID, "number": g.Number, "orderIds": g.OrderIDs, "total": g.Total, "tax": g.Tax}, err)
	}
}

// getGroup answers GET /groups/{id} with the group (owner, admin).
func (s *Server) getGroup(c *gin.Context) {
	g, err := s.groups.Show(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, g, err)
}

// payGroup answers PATCH /groups/{id}/pay {transactionId}.
func (s *Server) payGroup(c *gin.Context) {
	var body struct {
		TransactionID string `json:"transactionId"`
	}
	if err := decodeJSON(c, &body); err != nil {
		s.fail(c, err)
		return
	}
	res, err := s.payments.ConfirmGroupPaid(c.Request.Context(), caller(c), c.Param("id"), body.TransactionID)
	s.reply(c, http.StatusOK, res, err)
}

// shipGroup answers PUT /groups/{id}/ship {carrier?, trackingNumber?} (admins).
func (s *Server) shipGroup(c *gin.Context) {
	if t, ok := bind[shop.Tracking](s, c); ok {
		res, err := s.groups.Ship(c.Request.Context(), caller(c), c.Param("id"), t)
		s.reply(c, http.StatusOK, res, err)
	}
}

// cancelGroup answers DELETE /groups/{id} (owner, admin).
func (s *Server) cancelGroup(c *gin.Context) {
	res, err := s.groups.Cancel(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
}

// getCart answers GET /cart with the caller's cart.
func (s *Server) getCart(c *gin.Context) {
	cart, err := s.carts.Get(c.Request.Context(), caller(c))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, cart, err)
}

// putCart answers PUT /cart {items} with the cart as stored.
func (s *Server) putCart(c *gin.Context) {
	if d, ok := bind[shop.CartDraft](s, c); ok {
		cart, err := s.carts.Put(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusOK, cart, err)
	}
}
