package httpapi

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// placeOrder answers POST /order with {acknowledged, insertedId, number,
// amount, tax, productPrice, productQuantity}: the figures charged (amount
// in cents with tax; tax and the price in dollars), which the client shows.
func (s *Server) placeOrder(c *gin.Context) {
	if d, ok := bind[shop.OrderDraft](s, c); ok {
		o, err := s.orders.Place(c.Request.Context(), caller(c), d)
		g := shop.GroupOfOne(o) // what its purchase charges: the order and its delivery line (issue 48)
		answer := gin.H{"acknowledged": true, "insertedId": o.ID, "number": o.Number, "amount": g.Amount, "tax": g.Tax,
			"productPrice": o.ProductPrice, "productQuantity": o.ProductQuantity, "awaitingApproval": g.AwaitingApproval}
		if o.Shipping != nil {
			answer["shipping"] = o.Shipping
		}
		s.reply(c, http.StatusCreated, answer, err)
	}
}

// customerOrders answers GET /order?email=.
func (s *Server) customerOrders(c *gin.Context) {
	email := c.Query("email")
	listPage(s, c, 100, 100, func(ctx context.Context, who shop.Caller, limit, skip int) ([]shop.Order, int64, error) {
		return s.orders.ListOwn(ctx, who, email, limit, skip)
	})
}

// allOrders answers GET /orders?status= (admins).
func (s *Server) allOrders(c *gin.Context) {
	status, err := orderStatus(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	listPage(s, c, 50, 100, func(ctx context.Context, who shop.Caller, limit, skip int) ([]shop.Order, int64, error) {
		return s.orders.ListAll(ctx, who, status, limit, skip)
	})
}

// orderStatus reads the status filter of GET /orders: absent for all orders.
func orderStatus(c *gin.Context) (shop.OrderStatus, error) {
	v, ok := c.GetQuery("status")
	if !ok {
		return "", nil
	}
	if status := shop.OrderStatus(v); slices.Contains(shop.OrderStatuses, status) {
		return status, nil
	}
	return "", shop.Invalid("The list parameters are not valid.", map[string]string{"status": "must be one of unpaid, paid, shipped"})
}

// shipBody is PUT /order/update/{id}'s body: the spec's {shipped: true,
// pending: false}, the tracking (issue 34), or both.
type shipBody struct {
	Shipped *bool `json:"shipped"`
	Pending *bool `json:"pending"`
	shop.Tracking
}

// shipOrder answers PUT /order/update/{id}. The call comes with no body,
// with the spec's {shipped: true, pending: false} (the seed's client), or
// with the tracking {carrier, trackingNumber}, which may carry the spec's
// fields too; shipped other than true, or pending other than false, is 400.
func (s *Server) shipOrder(c *gin.Context) {
	var b shipBody
	if !emptyBody(c) {
		var ok bool
		if b, ok = bind[shipBody](s, c); !ok {
			return
		}
	}
	fields := map[string]string{}
	if b.Shipped != nil && !*b.Shipped {
		fields["shipped"] = "must be true: an order is shipped, never unshipped"
	}
	if b.Pending != nil && *b.Pending {
		fields["pending"] = "must be false: a shipped order is no longer pending"
	}
	if err := shop.Invalid("The shipment is not valid.", fields); err != nil {
		s.fail(c, err)
		return
	}
	res, err := s.orders.ShipTracked(c.Request.Context(), caller(c), c.Param("id"), b.Tracking)
	s.reply(c, http.StatusOK, res, err)
}

// emptyBody reports whether the request came without a body: none
// announced, or an unannounced (chunked) one that is empty. A body that
// is there stays readable.
func emptyBody(c *gin.Context) bool {
	r := c.Request
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		return true
	}
	if r.ContentLength > 0 {
		return false
	}
	var first [1]byte
	n, _ := io.ReadFull(r.Body, first[:])
	if n == 0 {
		return true
	}
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(first[:n]), r.Body), r.Body}
	return false
}

// cancelOrder answers DELETE /delete/{id}.
func (s *Server) cancelOrder(c *gin.Context) {
	res, err := s.orders.Cancel(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
}

// orderToPay answers GET /pay/{id} with the owner's order.
func (s *Server) orderToPay(c *gin.Context) {
	o, err := s.orders.Get(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, o)
}

// listCancellations answers GET /cancellations: the caller's cancelled
// orders, or every one to an admin.
func (s *Server) listCancellations(c *gin.Context) {
	listPage(s, c, 50, 100, s.orders.ListCancellations)
}
