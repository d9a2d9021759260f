package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Invoices (issue 34).

// getInvoice answers GET /invoices/{number}.pdf with the invoice's PDF
// (the buyer of what it invoices, admins; 404 for anyone else).
func (s *Server) getInvoice(c *gin.Context) {
	file := c.Param("number.pdf")
	digits, ok := strings.CutSuffix(file, ".pdf")
	if !ok {
		s.fail(c, shop.Errorf(shop.ENOTFOUND, "%s was not found.", shop.MsgInvoiceNoun))
		return
	}
	number, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || number < 1 || digits != strconv.FormatInt(number, 10) {
		s.fail(c, shop.Invalid("The invoice number is not valid.", map[string]string{"number": "must be a whole number from 1"}))
		return
	}
	f, err := s.invoices.PDF(c.Request.Context(), caller(c), number)
	if err != nil {
		s.fail(c, err)
		return
	}
	h := c.Writer.Header()
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, f.Filename))
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	c.Data(http.StatusOK, "application/pdf", f.Data)
}
