package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Issue 48: delivery options, a purchase's figures before checkout, and a
// freight price.

// listShippingMethods answers GET /shipping/methods: every method by name.
func (s *Server) listShippingMethods(c *gin.Context) {
	list, err := s.shipping.List(c.Request.Context())
	s.reply(c, http.StatusOK, list, err)
}

// addShippingMethod answers POST /shipping/methods with 201 and the method.
func (s *Server) addShippingMethod(c *gin.Context) {
	if d, ok := bind[shop.ShippingMethodDraft](s, c); ok {
		m, err := s.shipping.Add(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusCreated, m, err)
	}
}

// updateShippingMethod answers PATCH /shipping/methods/{id} with the method.
func (s *Server) updateShippingMethod(c *gin.Context) {
	if d, ok := bind[shop.ShippingMethodDraft](s, c); ok {
		m, err := s.shipping.Update(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusOK, m, err)
	}
}

// deleteShippingMethod answers DELETE /shipping/methods/{id}.
func (s *Server) deleteShippingMethod(c *gin.Context) {
	res, err := s.shipping.Delete(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
}

// previewCheckout answers POST /checkout/preview (the checkout's body):
// {subtotal, shipping, tax, total, days, deliveryBy, freightOnQuote,
// method}, what checkout charges for it now.
func (s *Server) previewCheckout(c *gin.Context) {
	if d, ok := bind[shop.CheckoutDraft](s, c); ok {
		fig, err := s.purchases.Preview(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusOK, fig, err)
	}
}

// priceFreight answers PUT /groups/{id}/freight {price} with the purchase,
// now payable.
func (s *Server) priceFreight(c *gin.Context) {
	if d, ok := bind[shop.FreightDraft](s, c); ok {
		g, err := s.purchases.PriceFreight(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusOK, g, err)
	}
}
