package httpapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// createPaymentIntent answers POST /create-payment-intent with {clientSecret}.
func (s *Server) createPaymentIntent(c *gin.Context) {
	var body struct {
		OrderID string `json:"orderId"`
		// issue 34: or an order group's, for its stored total
		GroupID string `json:"groupId"`
		// The original client sent a price; the stored order decides it.
		Price any `json:"price"`
	}
	if err := decodeJSON(c, &body); err != nil {
		s.fail(c, err)
		return
	}
	var secret string
	var err error
	switch {
	case body.GroupID != "" && body.OrderID != "":
		err = shop.Invalid("The payment is not valid.", map[string]string{"groupId": "pay an order or an order group, not both"})
	case body.GroupID != "":
		secret, err = s.payments.CreateIntent(c.Request.Context(), caller(c), body.GroupID)
	default:
		secret, err = s.orders.CreateIntent(c.Request.Context(), caller(c), body.OrderID)
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"clientSecret": secret})
}

// confirmPaid answers PATCH /pay/{id} with {transactionId}. The spec's
// client also sends the order's id as `order`: accepted when it is the id in
// the path, refused otherwise (the path decides which order is paid).
func (s *Server) confirmPaid(c *gin.Context) {
	var body struct {
		Order         *string `json:"order"`
		TransactionID string  `json:"transactionId"`
	}
	if err := decodeJSON(c, &body); err != nil {
		s.fail(c, err)
		return
	}
	if body.Order != nil && *body.Order != c.Param("id") {
		s.fail(c, shop.Invalid("The payment is not valid.", map[string]string{"order": "must be the id of the order in the path"}))
		return
	}
	res, err := s.orders.ConfirmPaid(c.Request.Context(), caller(c), c.Param("id"), body.TransactionID)
	s.reply(c, http.StatusOK, res, err)
}

// stripeWebhook answers POST /stripe/webhook; the body is read raw because
// the signature covers its exact bytes.
func (s *Server) stripeWebhook(c *gin.Context) {
	payload, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, 256<<10))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			s.fail(c, shop.Errorf(shop.ETOOLARGE, "The event is too large."))
			return
		}
		s.fail(c, shop.Errorf(shop.EINVALID, "The event could not be read."))
		return
	}
	if err := s.payments.Webhook(c.Request.Context(), payload, c.GetHeader("Stripe-Signature")); err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"received": true})
}

// confirmTestCard answers POST /payments/test/confirm with {id, status}, or
// a 402 problem carrying the decline message.
func (s *Server) confirmTestCard(c *gin.Context) {
	if s.limited(c, s.cardPerClient, limitCard, c.ClientIP()) {
		return
	}
	var body struct {
		ClientSecret string `json:"clientSecret"`
		shop.TestCard
	}
	if err := decodeJSON(c, &body); err != nil {
		s.fail(c, err)
		return
	}
	pi, err := s.payments.ConfirmTestCard(c.Request.Context(), body.ClientSecret, body.TestCard)
	s.reply(c, http.StatusOK, gin.H{"id": pi.ID, "status": pi.Status}, err)
}
