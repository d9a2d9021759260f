package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Issue 49: the address book and quick order by SKU.

// listAddresses answers GET /addresses: the caller's, the default first.
func (s *Server) listAddresses(c *gin.Context) {
	list, err := s.addresses.List(c.Request.Context(), caller(c))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, list, err)
}

// addAddress answers POST /addresses with 201 and the address as saved.
func (s *Server) addAddress(c *gin.Context) {
	if d, ok := bind[shop.AddressDraft](s, c); ok {
		a, err := s.addresses.Add(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusCreated, a, err)
	}
}

// updateAddress answers PATCH /addresses/{id} with the address as saved.
func (s *Server) updateAddress(c *gin.Context) {
	if d, ok := bind[shop.AddressDraft](s, c); ok {
		a, err := s.addresses.Update(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusOK, a, err)
	}
}

// deleteAddress answers DELETE /addresses/{id} with {acknowledged, deletedCount}.
func (s *Server) deleteAddress(c *gin.Context) {
	res, err := s.addresses.Delete(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
}

// bulkCart answers POST /cart/bulk {lines: [{sku, quantity}]} with each
// line's outcome, in the order sent, and the cart as stored.
func (s *Server) bulkCart(c *gin.Context) {
	if d, ok := bind[shop.BulkDraft](s, c); ok {
		a, err := s.carts.Bulk(c.Request.Context(), caller(c), d)
		s.reply(c, http.StatusOK, a, err)
	}
}
