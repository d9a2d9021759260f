package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// A company's addresses (issue 45): the address book's calls under
// /companies/{id}, managed by its company admins, read by its members.

// listCompanyAddresses answers GET /companies/{id}/addresses.
func (s *Server) listCompanyAddresses(c *gin.Context) {
	list, err := s.addresses.CompanyList(c.Request.Context(), caller(c), c.Param("id"))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, list, err)
}

// addCompanyAddress answers POST /companies/{id}/addresses with 201 and the address as saved.
func (s *Server) addCompanyAddress(c *gin.Context) {
	if d, ok := bind[shop.AddressDraft](s, c); ok {
		a, err := s.addresses.CompanyAdd(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusCreated, a, err)
	}
}

// updateCompanyAddress answers PATCH /companies/{id}/addresses/{addressId}.
func (s *Server) updateCompanyAddress(c *gin.Context) {
	if d, ok := bind[shop.AddressDraft](s, c); ok {
		a, err := s.addresses.CompanyUpdate(c.Request.Context(), caller(c), c.Param("id"), c.Param("addressId"), d)
		s.reply(c, http.StatusOK, a, err)
	}
}

// deleteCompanyAddress answers DELETE /companies/{id}/addresses/{addressId}.
func (s *Server) deleteCompanyAddress(c *gin.Context) {
	res, err := s.addresses.CompanyDelete(c.Request.Context(), caller(c), c.Param("id"), c.Param("addressId"))
	s.reply(c, http.StatusOK, res, err)
}
