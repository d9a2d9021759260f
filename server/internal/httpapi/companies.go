package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Companies (issue 45): applications, decisions, members and invitations.

// applyForCompany answers POST /companies with {acknowledged, insertedId}.
func (s *Server) applyForCompany(c *gin.Context) {
	if a, ok := bind[shop.CompanyApplication](s, c); ok {
		co, err := s.companies.Apply(c.Request.Context(), caller(c), a)
		s.reply(c, http.StatusCreated, gin.H{"acknowledged": true, "insertedId": co.ID}, err)
	}
}

// listCompanies answers GET /companies (?status= for admins).
func (s *Server) listCompanies(c *gin.Context) {
	q := shop.CompanyQuery{Status: shop.CompanyStatus(c.Query("status"))}
	listPage(s, c, 50, 100, func(ctx context.Context, who shop.Caller, limit, skip int) ([]shop.Company, int64, error) {
		return s.companies.List(ctx, who, q, limit, skip)
	})
}

// getCompany answers GET /companies/{id}.
func (s *Server) getCompany(c *gin.Context) {
	co, err := s.companies.Get(c.Request.Context(), caller(c), c.Param("id"))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, co, err)
}

// updateCompany answers PATCH /companies/{id} with the company (admins):
// a decision, the price list, the PO rule.
func (s *Server) updateCompany(c *gin.Context) {
	if d, ok := bind[shop.CompanyChange](s, c); ok {
		co, err := s.companies.Update(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusOK, co, err)
	}
}

// inviteMember answers POST /companies/{id}/invitations with the offered
// membership (the company's admins).
func (s *Server) inviteMember(c *gin.Context) {
	if d, ok := bind[shop.MemberDraft](s, c); ok {
		m, err := s.companies.Invite(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusCreated, m, err)
	}
}

// acceptInvitation answers POST /invitations/accept with the company joined.
func (s *Server) acceptInvitation(c *gin.Context) {
	if a, ok := bind[shop.InvitationAccept](s, c); ok {
		co, err := s.companies.Accept(c.Request.Context(), caller(c), a)
		s.reply(c, http.StatusOK, co, err)
	}
}

// memberChange is PATCH /companies/{id}/members/{email}'s body.
type memberChange struct {
	Role  shop.CompanyRole `json:"role"`
	Limit *shop.Cents      `json:"limit"`
}

// updateMember answers PATCH /companies/{id}/members/{email} with the member.
func (s *Server) updateMember(c *gin.Context) {
	if d, ok := bind[memberChange](s, c); ok {
		m, err := s.companies.UpdateMember(c.Request.Context(), caller(c), c.Param("id"), c.Param("email"), shop.MemberDraft{Role: d.Role, Limit: d.Limit})
		s.reply(c, http.StatusOK, m, err)
	}
}

// removeMember answers DELETE /companies/{id}/members/{email} with
// {acknowledged, deletedCount}.
func (s *Server) removeMember(c *gin.Context) {
	_, err := s.companies.RemoveMember(c.Request.Context(), caller(c), c.Param("id"), c.Param("email"))
	s.reply(c, http.StatusOK, gin.H{"acknowledged": true, "deletedCount": 1}, err)
}

// listPrices answers GET /prices?ids=: the caller's unit prices (their
// company's when they are a member; anyone else's list prices). Never
// cached: the answer depends on who asks and on the company's list.
func (s *Server) listPrices(c *gin.Context) {
	prices, err := s.purchases.Prices(c.Request.Context(), caller(c), c.Query("ids"))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, prices, err)
}
