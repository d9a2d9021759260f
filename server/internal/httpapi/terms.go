package httpapi

import (
	"encoding/csv"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Payment on account (issue 45): a company's statement, the admins' aging
// report and their recording of bank payments.

// companyStatement answers GET /companies/{id}/statement (its company
// admins, admins).
func (s *Server) companyStatement(c *gin.Context) {
	st, err := s.terms.Statement(c.Request.Context(), caller(c), c.Param("id"))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, st, err)
}

// recordAccountPayment answers POST /companies/{id}/payments (admins) with
// the payment recorded: 201.
func (s *Server) recordAccountPayment(c *gin.Context) {
	if d, ok := bind[shop.AccountPaymentDraft](s, c); ok {
		p, err := s.terms.RecordPayment(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusCreated, p, err)
	}
}

// agingReport answers GET /admin/aging: each company's balance on account,
// aged.
func (s *Server) agingReport(c *gin.Context) {
	rows, err := s.terms.Aging(c.Request.Context(), caller(c))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, rows, err)
}

// agingCSVColumns head GET /admin/aging.csv, in dollars.
var agingCSVColumns = []string{"company", "companyId", "termsDays", "creditLimit", "outstanding", "current", "d1_30", "d31_60", "d61_90", "d90plus"}

// exportAging answers GET /admin/aging.csv: the aging report as CSV.
func (s *Server) exportAging(c *gin.Context) {
	rows, err := s.terms.Aging(c.Request.Context(), caller(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	h := c.Writer.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="aging.csv"`)
	h.Set("Cache-Control", "no-store")
	c.Status(http.StatusOK)
	w := csv.NewWriter(c.Writer)
	_ = w.Write(agingCSVColumns)
	for _, r := range rows {
		a := r.Aging
		_ = w.Write([]string{cell(r.Name), r.Company, strconv.Itoa(r.TermsDays), r.CreditLimit.Dollars(), r.Outstanding.Dollars(),
			a.Current.Dollars(), a.D1_30.Dollars(), a.D31_60.Dollars(), a.D61_90.Dollars(), a.D90Plus.Dollars()})
	}
	w.Flush()
}
