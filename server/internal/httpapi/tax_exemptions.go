package httpapi

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// Issue 49: buying tax-exempt.

// maxCertificateBody bounds POST /account/tax-exemption's body: the
// certificate and the form's fields.
const maxCertificateBody = shop.MaxCertificateBytes + 64<<10

// myTaxExemption answers GET /account/tax-exemption: {exempt, exemption}.
func (s *Server) myTaxExemption(c *gin.Context) {
	st, err := s.exemptions.Mine(c.Request.Context(), caller(c))
	c.Header("Cache-Control", "no-store")
	s.reply(c, http.StatusOK, st, err)
}

// applyTaxExemption answers POST /account/tax-exemption (multipart: the
// file `certificate`, the fields `number` and `country`) with 201 and the
// pending application. A body declared larger than the limit is refused
// before any of it is read; one that turns out larger stops being read
// at the limit.
func (s *Server) applyTaxExemption(c *gin.Context) {
	if mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err != nil || mt != "multipart/form-data" {
		s.fail(c, shop.Errorf(shop.EUNSUPPORTED, shop.MsgCertificateRequired))
		return
	}
	if c.Request.ContentLength > maxCertificateBody {
		c.Header("Connection", "close") // (the rest of the body is not read)
		s.fail(c, shop.Errorf(shop.ETOOLARGE, shop.MsgCertificateTooLarge))
		return
	}
	who := caller(c)
	if s.overQuota(c, s.uploadsPerUser, limitUpload, who.ID, 1) {
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxCertificateBody)
	file, header, err := c.Request.FormFile("certificate")
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			s.fail(c, shop.Errorf(shop.ETOOLARGE, shop.MsgCertificateTooLarge))
			return
		}
		s.fail(c, shop.Invalid(shop.MsgExemptionInvalid, map[string]string{"certificate": shop.MsgCertificateRequired}))
		return
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, shop.MaxCertificateBytes+1))
	if err != nil {
		s.fail(c, shop.Errorf(shop.EINVALID, "The upload could not be read."))
		return
	}
	if s.overQuota(c, s.uploadKiBPerUser, limitUploadBytes, who.ID, (len(data)+1023)>>10) {
		return
	}
	d := shop.TaxExemptionDraft{Number: c.Request.FormValue("number"), Country: c.Request.FormValue("country"), Filename: header.Filename}
	t, err := s.exemptions.Apply(c.Request.Context(), who, d, data)
	s.reply(c, http.StatusCreated, t, err)
}

// listTaxExemptions answers GET /tax-exemptions?status= (admins), newest
// first, paged as the other admin lists.
func (s *Server) listTaxExemptions(c *gin.Context) {
	status := shop.TaxExemptionStatus(c.Query("status"))
	switch status {
	case "", shop.ExemptionPending, shop.ExemptionApproved, shop.ExemptionDeclined:
	default:
		s.fail(c, shop.Invalid("The list parameters are not valid.", map[string]string{"status": "must be pending, approved or declined"}))
		return
	}
	listPage(s, c, 20, 100, func(ctx context.Context, who shop.Caller, limit, skip int) ([]shop.TaxExemption, int64, error) {
		return s.exemptions.List(ctx, who, status, limit, skip)
	})
}

// decideTaxExemption answers PATCH /tax-exemptions/{id} {status, reason}
// with the exemption as decided.
func (s *Server) decideTaxExemption(c *gin.Context) {
	if d, ok := bind[shop.TaxExemptionDecision](s, c); ok {
		t, err := s.exemptions.Decide(c.Request.Context(), caller(c), c.Param("id"), d)
		s.reply(c, http.StatusOK, t, err)
	}
}

// taxCertificate answers GET /tax-exemptions/{id}/certificate (its buyer
// or an admin): the file as sent, typed by its bytes, as an attachment
// that is never run in the page (nosniff, a sandbox).
func (s *Server) taxCertificate(c *gin.Context) {
	t, data, err := s.exemptions.Certificate(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	h := c.Writer.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": t.Certificate.Filename}))
	h.Set("Content-Length", strconv.Itoa(len(data)))
	c.Data(http.StatusOK, t.Certificate.ContentType, data)
}
