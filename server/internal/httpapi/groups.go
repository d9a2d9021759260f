package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Purchases (issue 43): a checkout, the lists by purchase, one payment,
// one shipment, a cancel whole. A single order's purchase has the order's
// id, so every call here takes it too.

// ordersLimited refuses a purchase over ORDER_BURST / ORDER_INTERVAL, per
// account and per client address, with 429.
func (s *Server) ordersLimited(c *gin.Context) {
	who := caller(c)
	if who == nil {
		return // (the authenticated group has refused it already)
	}
	if s.limited(c, s.ordersPerAccount, limitOrders, who.Email) || s.limited(c, s.ordersPerClient, limitOrdersClient, c.ClientIP()) {
		c.Abort()
	}
}

// checkout answers POST /checkout with 201 {groupId, number, orderIds, total, tax, amount}.
func (s *Server) checkout(c *gin.Context) {
	if d, ok := bind[shop.CheckoutDraft](s, c); ok {
		g, err := s.purchases.Checkout(c.Request.Context(), caller(c), d)
		if err == nil {
			s.forgetBought(c, d.Items)
		}
		s.reply(c, http.StatusCreated, gin.H{"groupId": g.ID, "number": g.Number, "orderIds": g.OrderIDs, "total": g.Total, "tax": g.Tax,
			"amount": g.Amount, "awaitingApproval": g.AwaitingApproval}, err)
	}
}

// listGroups answers GET /groups?email=&status=: a page of purchases with
// their orders, newest first (the caller's; any to an admin), X-Total-Count
// the number of purchases.
func (s *Server) listGroups(c *gin.Context) {
	status, err := orderStatus(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	email := c.Query("email")
	listPage(s, c, 20, 100, func(ctx context.Context, who shop.Caller, limit, skip int) ([]shop.Group, int64, error) {
		return s.purchases.List(ctx, who, shop.PurchaseQuery{Email: email, Status: status, Limit: limit, Skip: skip})
	})
}

// getGroup answers GET /groups/{id} with the purchase (owner, admin).
func (s *Server) getGroup(c *gin.Context) {
	g, err := s.purchases.Show(c.Request.Context(), caller(c), c.Param("id"))
	if err == nil {
		c.Header("Cache-Control", "no-store")
	}
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
	res, err := s.payments.Confirm(c.Request.Context(), caller(c), c.Param("id"), body.TransactionID)
	s.reply(c, http.StatusOK, res, err)
}

// shipGroup answers PUT /groups/{id}/ship {carrier?, trackingNumber?} (admins).
func (s *Server) shipGroup(c *gin.Context) {
	if t, ok := bind[shop.Tracking](s, c); ok {
		res, err := s.purchases.Ship(c.Request.Context(), caller(c), c.Param("id"), t)
		s.reply(c, http.StatusOK, res, err)
	}
}

// cancelGroup answers DELETE /groups/{id} (owner, admin).
func (s *Server) cancelGroup(c *gin.Context) {
	res, err := s.purchases.Cancel(c.Request.Context(), caller(c), c.Param("id"))
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

// forgetBought takes a checkout's lines out of the buyer's saved cart. The
// purchase is placed whatever happens here: a failure is logged, and the
// browser's push of its emptied cart still follows.
func (s *Server) forgetBought(c *gin.Context, items []shop.CheckoutItem) {
	who := caller(c)
	if err := s.carts.Bought(c.Request.Context(), who.Email, items); err != nil {
		s.log.Warn("checkout: the saved cart keeps the bought lines", "user", who.ID, "err", err)
	}
}
