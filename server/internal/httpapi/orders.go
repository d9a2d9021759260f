package httpapi

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// placeOrder answers POST /order with {acknowledged, insertedId, number}.
func (s *Server) placeOrder(c *gin.Context) {
	var d shop.OrderDraft
	if err := decodeJSON(c, &d); err != nil {
		s.fail(c, err)
		return
	}
	o, err := s.orders.Place(c.Request.Context(), caller(c), d)
	s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": o.ID, "number": o.Number}, err)
}

// customerOrders answers GET /order?email=.
func (s *Server) customerOrders(c *gin.Context) {
	limit, skip, err := page(c, 100, 100)
	if err != nil {
		s.fail(c, err)
		return
	}
	list, total, err := s.orders.ListOwn(c.Request.Context(), caller(c), c.Query("email"), limit, skip)
	s.writeOrders(c, list, total, err)
}

// allOrders answers GET /orders?status= (admins).
func (s *Server) allOrders(c *gin.Context) {
	limit, skip, err := page(c, 50, 100)
	if err != nil {
		s.fail(c, err)
		return
	}
	status, err := orderStatus(c)
	if err != nil {
		s.fail(c, err)
		return
	}
	list, total, err := s.orders.ListAll(c.Request.Context(), caller(c), status, limit, skip)
	s.writeOrders(c, list, total, err)
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

func (s *Server) writeOrders(c *gin.Context, list []shop.Order, total int64, err error) {
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("X-Total-Count", strconv.FormatInt(total, 10))
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, list)
}

// shipOrder answers PUT /order/update/{id}.
func (s *Server) shipOrder(c *gin.Context) {
	res, err := s.orders.Ship(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
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
