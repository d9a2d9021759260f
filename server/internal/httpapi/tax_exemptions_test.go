package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// Issue 49: tax exemption: a certificate sent, reviewed by an admin, and
// no tax on the purchases of an approved one.

var certificatePDF = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

// exemptionBody is POST /account/tax-exemption's multipart body.
func exemptionBody(filename, contentType string, data []byte, number, country string) (*bytes.Buffer, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if filename != "" {
		h := make(map[string][]string)
		h["Content-Disposition"] = []string{fmt.Sprintf(`form-data; name="certificate"; filename="%s"`, filename)}
		h["Content-Type"] = []string{contentType}
		fw, _ := mw.CreatePart(h)
		_, _ = fw.Write(data)
	}
	_ = mw.WriteField("number", number)
	_ = mw.WriteField("country", country)
	_ = mw.Close()
	return &body, mw.FormDataContentType()
}

func (ts *testServer) applyExemption(tb testing.TB, token, filename, contentType string, data []byte) (*http.Response, []byte) {
	tb.Helper()
	body, ct := exemptionBody(filename, contentType, data, "RS-4471-88", "us")
	req, _ := http.NewRequest("POST", ts.URL+"/account/tax-exemption", body)
	req.Header.Set("Content-Type", ct)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return exchange(tb, req)
}

func (ts *testServer) mustApplyExemption(tb testing.TB, token string) shop.TaxExemption {
	tb.Helper()
	res, body := ts.applyExemption(tb, token, "resale-certificate.pdf", "application/pdf", certificatePDF)
	if res.StatusCode != 201 {
		tb.Fatalf("apply: %d %s", res.StatusCode, body)
	}
	return decode[shop.TaxExemption](tb, body)
}

func (ts *testServer) decideExemption(tb testing.TB, token, id, status, reason string) (*http.Response, []byte) {
	tb.Helper()
	return ts.send(tb, "PATCH", "/tax-exemptions/"+id, token, map[string]any{"status": status, "reason": reason})
}

func (ts *testServer) myExemption(tb testing.TB, token string) shop.TaxExemptionStanding {
	tb.Helper()
	res, body := ts.send(tb, "GET", "/account/tax-exemption", token, nil)
	if res.StatusCode != 200 {
		tb.Fatalf("GET /account/tax-exemption: %d %s", res.StatusCode, body)
	}
	return decode[shop.TaxExemptionStanding](tb, body)
}

func TestTaxExemption_Roles(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	ex := ts.mustApplyExemption(t, alice.Token)

	t.Run("ErrAnonymous401", func(t *testing.T) {
		if res, body := ts.applyExemption(t, "", "c.pdf", "application/pdf", certificatePDF); res.StatusCode != 401 {
			t.Fatalf("POST anonymous: %d %s", res.StatusCode, body)
		}
		for _, c := range [][2]string{{"GET", "/account/tax-exemption"}, {"GET", "/tax-exemptions"}, {"PATCH", "/tax-exemptions/" + ex.ID},
			{"GET", "/tax-exemptions/" + ex.ID + "/certificate"}} {
			res, body := ts.send(t, c[0], c[1], "", map[string]any{"status": "approved"})
			mustProblem(t, res, body, 401)
		}
	})
	t.Run("ErrCustomer403OnAdminCalls", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/tax-exemptions", bob.Token, nil)
		mustProblem(t, res, body, 403)
		res, body = ts.decideExemption(t, alice.Token, ex.ID, "approved", "")
		mustProblem(t, res, body, 403)
		if got := ts.myExemption(t, alice.Token); got.Exempt || got.Exemption.Status != shop.ExemptionPending {
			t.Fatalf("a refused decision changed the exemption: %+v", got)
		}
	})
	t.Run("ErrAnotherCustomerCannotSeeTheCertificate", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/tax-exemptions/"+ex.ID+"/certificate", bob.Token, nil)
		mustProblem(t, res, body, 404)
		if got := ts.myExemption(t, bob.Token); got.Exempt || got.Exemption != nil {
			t.Fatalf("Bob's own: %+v", got)
		}
	})
	t.Run("OK_OwnerAndAdminGetTheCertificate", func(t *testing.T) {
		for _, token := range []string{alice.Token, admin.Token} {
			res, body := ts.send(t, "GET", "/tax-exemptions/"+ex.ID+"/certificate", token, nil)
			if res.StatusCode != 200 || !bytes.Equal(body, certificatePDF) || res.Header.Get("Content-Type") != "application/pdf" ||
				res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Content-Disposition") != `attachment; filename=resale-certificate.pdf` ||
				!strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") {
				t.Fatalf("certificate: %d %v", res.StatusCode, res.Header)
			}
		}
	})
}

func TestTaxExemption_ApplyAndReview(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")

	first := ts.mustApplyExemption(t, alice.Token)
	if first.Status != shop.ExemptionPending || first.Number != "RS-4471-88" || first.Country != "US" || first.Certificate.ContentType != "application/pdf" ||
		first.Certificate.Size != int64(len(certificatePDF)) || first.Email != alice.Email {
		t.Fatalf("applied: %+v", first)
	}
	res, body := ts.applyExemption(t, alice.Token, "again.pdf", "application/pdf", certificatePDF)
	if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgExemptionPending {
		t.Fatalf("again while pending: %+v", p)
	}
	res, body = ts.send(t, "GET", "/tax-exemptions?status=pending", admin.Token, nil)
	list := decode[[]shop.TaxExemption](t, body)
	if res.StatusCode != 200 || len(list) != 1 || list[0].ID != first.ID || res.Header.Get("X-Total-Count") != "1" {
		t.Fatalf("pending list: %d %s", res.StatusCode, body)
	}
	res, body = ts.send(t, "GET", "/tax-exemptions?status=approved", admin.Token, nil)
	if res.StatusCode != 200 || len(decode[[]shop.TaxExemption](t, body)) != 0 {
		t.Fatalf("approved list: %d %s", res.StatusCode, body)
	}
	res, body = ts.send(t, "GET", "/tax-exemptions?status=lapsed", admin.Token, nil)
	mustProblem(t, res, body, 400)

	// a decline needs a reason
	res, body = ts.decideExemption(t, admin.Token, first.ID, "declined", " ")
	if p := mustProblem(t, res, body, 400); p.Errors["reason"] != shop.FieldExemptionReason {
		t.Fatalf("decline without a reason: %+v", p)
	}
	res, body = ts.decideExemption(t, admin.Token, first.ID, "declined", "The certificate has expired.")
	if d := decode[shop.TaxExemption](t, body); res.StatusCode != 200 || d.Status != shop.ExemptionDeclined || d.Reason != "The certificate has expired." {
		t.Fatalf("decline: %d %s", res.StatusCode, body)
	}
	mustExemptionMail(t, ts, alice.Email, "declined", "The certificate has expired.")
	res, body = ts.decideExemption(t, admin.Token, first.ID, "approved", "")
	mustProblem(t, res, body, 409)

	// after a decline: another application, the old certificate gone
	second := ts.mustApplyExemption(t, alice.Token)
	if second.ID == first.ID || second.Status != shop.ExemptionPending || second.Reason != "" {
		t.Fatalf("applied again: %+v", second)
	}
	res, body = ts.send(t, "GET", "/tax-exemptions/"+first.ID+"/certificate", admin.Token, nil)
	mustProblem(t, res, body, 404)
	if _, err := ts.store.TaxCertificate(context.Background(), first.ID); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("the replaced certificate is kept: %v", err)
	}
	res, body = ts.decideExemption(t, admin.Token, second.ID, "approved", "")
	if res.StatusCode != 200 || !ts.myExemption(t, alice.Token).Exempt {
		t.Fatalf("approve: %d %s", res.StatusCode, body)
	}
	mustExemptionMail(t, ts, alice.Email, "approved", "charged no tax")
	res, body = ts.applyExemption(t, alice.Token, "third.pdf", "application/pdf", certificatePDF)
	if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgExemptionApproved {
		t.Fatalf("again while approved: %+v", p)
	}
	// each decision is in the audit trail
	res, body = ts.send(t, "GET", "/admin/audit?action=tax-exemption.decide", admin.Token, nil)
	entries := decode[[]shop.AuditEntry](t, body)
	decided := 0
	for _, e := range entries {
		if e.Action == "tax-exemption.decide" && e.Outcome == "success" {
			decided++
		}
	}
	if res.StatusCode != 200 || decided != 2 {
		t.Fatalf("audit: %d %s", res.StatusCode, body)
	}
}

// mustExemptionMail waits for the decision's e-mail, which names the
// outcome and links to the buyer's exemption on the site.
func mustExemptionMail(t *testing.T, ts *testServer, to, status, says string) {
	t.Helper()
	var m shop.Mail
	if !testwait.Until(10*time.Second, func() bool {
		for _, got := range ts.mailbox.to(to, shop.LetterTaxExemptionDecided) {
			if strings.Contains(got.Subject, status) {
				m = got
				return true
			}
		}
		return false
	}) {
		t.Fatalf("no %s tax exemption e-mail to %s", status, to)
	}
	link := siteURL + "/dashboard/account#tax-exemption"
	if !strings.Contains(m.Text, says) || !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
		t.Fatalf("the %s e-mail:\n%s\n%s", status, m.Text, m.HTML)
	}
}

func TestTaxExemption_CertificateRefusedByItsBytes(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	nothingStored := func(t *testing.T) {
		t.Helper()
		if got := ts.myExemption(t, alice.Token); got.Exemption != nil {
			t.Fatalf("a refused certificate was stored: %+v", got)
		}
	}
	for name, c := range map[string]struct {
		filename, contentType string
		data                  []byte
	}{
		"ErrTextNamedPDF":  {"certificate.pdf", "application/pdf", []byte("This is my resale certificate, honestly.\n")},
		"ErrHTMLNamedPNG":  {"certificate.png", "image/png", []byte("<!DOCTYPE html><html><script>alert(1)</script></html>")},
		"ErrSVGNamedJPEG":  {"certificate.jpg", "image/jpeg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)},
		"ErrEmptyPDFNamed": {"certificate.pdf", "application/pdf", []byte{}},
	} {
		t.Run(name, func(t *testing.T) {
			res, body := ts.applyExemption(t, alice.Token, c.filename, c.contentType, c.data)
			if p := mustProblem(t, res, body, 415); p.Detail != shop.MsgCertificateType {
				t.Fatalf("%+v", p)
			}
			nothingStored(t)
		})
	}
	t.Run("ErrNoCertificate", func(t *testing.T) {
		res, body := ts.applyExemption(t, alice.Token, "", "", nil)
		mustProblem(t, res, body, 400)
		nothingStored(t)
	})
	t.Run("ErrBadFields", func(t *testing.T) {
		body, ct := exemptionBody("c.pdf", "application/pdf", certificatePDF, "", "USA")
		req, _ := http.NewRequest("POST", ts.URL+"/account/tax-exemption", body)
		req.Header.Set("Content-Type", ct)
		req.Header.Set("Authorization", "Bearer "+alice.Token)
		res, out := exchange(t, req)
		if p := mustProblem(t, res, out, 400); p.Errors["number"] != shop.FieldRequired || p.Errors["country"] != "must be a two-letter country code, such as US or GB" {
			t.Fatalf("%+v", p)
		}
		nothingStored(t)
	})
	t.Run("ErrOver5MB", func(t *testing.T) {
		big := append(append([]byte{}, certificatePDF...), bytes.Repeat([]byte{' '}, shop.MaxCertificateBytes)...)
		res, body := ts.applyExemption(t, alice.Token, "big.pdf", "application/pdf", big)
		if p := mustProblem(t, res, body, 413); p.Detail != shop.MsgCertificateTooLarge {
			t.Fatalf("%+v", p)
		}
		nothingStored(t)
	})
	t.Run("ErrOver5MB_RefusedBeforeReadingItAll", func(t *testing.T) {
		// A 50 MB body: declared, refused before any of it is read; sent
		// without a length, read no further than the limit.
		for _, declared := range []bool{true, false} {
			const boundary = "certificate-boundary"
			head := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"number\"\r\n\r\nRS-1\r\n" +
				"--" + boundary + "\r\nContent-Disposition: form-data; name=\"country\"\r\n\r\nUS\r\n" +
				"--" + boundary + "\r\nContent-Disposition: form-data; name=\"certificate\"; filename=\"big.pdf\"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n"
			tail := "\r\n--" + boundary + "--\r\n"
			ct := "multipart/form-data; boundary=" + boundary
			read := &countingReader{r: io.MultiReader(strings.NewReader(head), io.LimitReader(zeros{}, 50<<20), strings.NewReader(tail))}
			req := httptest.NewRequest("POST", "/account/tax-exemption", read)
			req.Header.Set("Content-Type", ct)
			req.Header.Set("Authorization", "Bearer "+alice.Token)
			req.Header.Set("Origin", allowedOrigin)
			req.ContentLength = -1
			if declared {
				req.ContentLength = int64(len(head)+len(tail)) + 50<<20
			}
			rec := httptest.NewRecorder()
			ts.api.Handler().ServeHTTP(rec, req)
			if rec.Code != 413 || read.n > shop.MaxCertificateBytes+1<<20 || (declared && read.n > 0) {
				t.Fatalf("declared %v: %d after reading %d bytes: %s", declared, rec.Code, read.n, rec.Body)
			}
		}
		nothingStored(t)
	})
	t.Run("OK_PNGAndJPEG", func(t *testing.T) {
		bob := ts.quickAccount(t, "Bob", "bob@shop.test")
		res, body := ts.applyExemption(t, bob.Token, "scan.pdf", "application/pdf", testPNG(t, 8, 8))
		if ex := decode[shop.TaxExemption](t, body); res.StatusCode != 201 || ex.Certificate.ContentType != "image/png" || ex.Certificate.Filename != "scan.png" {
			t.Fatalf("a PNG named .pdf: %d %s", res.StatusCode, body)
		}
	})
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestTaxExemption_ExemptPurchasesChargedNoTax(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 1000}) // 10%
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	lathe := ts.mustProduct(t, "Exempt lathe", 100_00, 50, 1)
	ex := ts.mustApplyExemption(t, alice.Token)

	// pending: taxed as usual
	taxed := ts.order(t, ts.mustOrder(t, alice.Token, lathe.ID, 2))
	if taxed.Tax != 20_00 || taxed.Amount != 220_00 || taxed.TaxExemption != nil {
		t.Fatalf("pending: %+v", taxed)
	}
	if res, body := ts.decideExemption(t, admin.Token, ex.ID, "approved", ""); res.StatusCode != 200 {
		t.Fatalf("approve: %d %s", res.StatusCode, body)
	}
	if ts.order(t, taxed.ID).Tax != 20_00 {
		t.Fatal("an approval changed a purchase placed before it")
	}
	want := shop.TaxExemptRef{Number: "RS-4471-88", Country: "US"}

	t.Run("Order", func(t *testing.T) {
		o := ts.order(t, ts.mustOrder(t, alice.Token, lathe.ID, 2))
		if o.Tax != 0 || o.Amount != 200_00 || o.TaxExemption == nil || *o.TaxExemption != want {
			t.Fatalf("exempt order: %+v", o)
		}
		secret := ts.clientSecret(t, alice.Token, o.ID)
		status, piID, detail := ts.payWithCard(t, secret, "4242 4242 4242 4242")
		if status != 200 {
			t.Fatalf("confirm: %d %s", status, detail)
		}
		if res, body := ts.send(t, "PATCH", "/pay/"+o.ID, alice.Token, map[string]string{"transactionId": piID}); res.StatusCode != 200 {
			t.Fatalf("pay: %d %s", res.StatusCode, body)
		}
		n := ts.order(t, o.ID).InvoiceNumber
		if n == 0 {
			n = ts.invoiceNumbers(t, []string{o.ID})[0]
		}
		res, data := ts.invoicePDF(t, alice.Token, strconv.FormatInt(n, 10)+".pdf")
		text := pdfText(t, data)
		if res.StatusCode != 200 || !strings.Contains(text, "Tax exempt: certificate RS-4471-88 (US)") || !strings.Contains(text, "$200.00") {
			t.Fatalf("the exempt invoice: %d\n%s", res.StatusCode, text)
		}
	})
	t.Run("Checkout", func(t *testing.T) {
		press := ts.mustProduct(t, "Exempt press", 100_00, 50, 1)
		g := ts.mustCheckout(t, alice.Token, lathe.ID, 1, press.ID, 3)
		grp := ts.group(t, g.GroupID)
		if grp.Tax != 0 || grp.Total != 400_00 {
			t.Fatalf("exempt checkout: %+v", grp)
		}
		for _, id := range g.OrderIDs {
			if o := ts.order(t, id); o.Tax != 0 || o.TaxExemption == nil {
				t.Fatalf("an exempt checkout's line: %+v", o)
			}
		}
		ts.payGroupByWebhook(t, g, "pi_exempt_group")
		res, body := ts.send(t, "GET", "/groups/"+g.GroupID, alice.Token, nil)
		n := decode[shop.Group](t, body).InvoiceNumber
		res, data := ts.invoicePDF(t, alice.Token, strconv.FormatInt(n, 10)+".pdf")
		if text := pdfText(t, data); res.StatusCode != 200 || !strings.Contains(text, "Tax exempt: certificate RS-4471-88 (US)") {
			t.Fatalf("the exempt group's invoice: %d\n%s", res.StatusCode, text)
		}
	})
	t.Run("QuoteAccepted", func(t *testing.T) {
		ds := &deskServer{testServer: ts, admin: admin, alice: alice}
		id := ds.mustQuote(t, alice.Token, lathe.ID, 2)
		q := ds.mustPrice(t, id, time.Now().AddDate(0, 0, 10).Format(time.DateOnly), map[string]float64{lathe.ID: 90})
		res, body := ts.send(t, "GET", "/quotes", alice.Token, nil)
		if quotes := decode[[]shop.Quote](t, body); res.StatusCode != 200 || len(quotes) != 1 || quotes[0].Figures == nil || quotes[0].Figures.Tax != 0 {
			t.Fatalf("the exempt buyer's quote figures: %s", body)
		}
		res, body = ts.send(t, "POST", "/quotes/"+id+"/accept", alice.Token, acceptAt(q.Revision))
		if res.StatusCode != 200 {
			t.Fatalf("accept: %d %s", res.StatusCode, body)
		}
		grp := ts.group(t, decode[struct {
			GroupID string `json:"groupId"`
		}](t, body).GroupID)
		if grp.Tax != 0 || grp.Total != 180_00 {
			t.Fatalf("exempt quote: %+v", grp)
		}
	})
	t.Run("AnotherBuyerIsTaxed", func(t *testing.T) {
		bob := ts.quickAccount(t, "Bob", "bob@shop.test")
		g := ts.mustCheckout(t, bob.Token, lathe.ID, 1)
		if grp := ts.group(t, g.GroupID); grp.Tax != 10_00 || grp.Total != 110_00 {
			t.Fatalf("Bob's checkout: %+v", grp)
		}
	})
	t.Run("DeclinedAgain_Taxed", func(t *testing.T) {
		if res, body := ts.decideExemption(t, admin.Token, ex.ID, "declined", "The certificate lapsed."); res.StatusCode != 200 {
			t.Fatalf("decline: %d %s", res.StatusCode, body)
		}
		if o := ts.order(t, ts.mustOrder(t, alice.Token, lathe.ID, 1)); o.Tax != 10_00 || o.TaxExemption != nil {
			t.Fatalf("after the decline: %+v", o)
		}
	})
}

func TestTaxExemption_ErasedWithTheAccount(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.mustRegister(t, "Ann", "ann@shop.test")
	cal := ts.quickAccount(t, "Cal", "cal@shop.test")
	annEx, calEx := ts.mustApplyExemption(t, ann.Token), ts.mustApplyExemption(t, cal.Token)
	if status, out := ts.deleteMe(t, ann.Token, map[string]any{"password": "secret123"}); status != 200 {
		t.Fatalf("delete: %d %s", status, out)
	}
	if res, body := ts.send(t, "DELETE", "/user/"+cal.ID, admin.Token, nil); res.StatusCode != 200 {
		t.Fatalf("admin delete: %d %s", res.StatusCode, body)
	}
	ctx := context.Background()
	for _, ex := range []shop.TaxExemption{annEx, calEx} {
		if !testwait.Until(10*time.Second, func() bool {
			_, err := ts.store.FindTaxExemptionOf(ctx, ex.Email)
			return shop.ErrorCode(err) == shop.ENOTFOUND
		}) {
			t.Fatalf("%s's exemption outlived the account", ex.Email)
		}
		if _, err := ts.store.TaxCertificate(ctx, ex.ID); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("%s's certificate outlived the account: %v", ex.Email, err)
		}
	}
	res, body := ts.send(t, "GET", "/tax-exemptions", admin.Token, nil)
	if res.StatusCode != 200 || len(decode[[]shop.TaxExemption](t, body)) != 0 {
		t.Fatalf("the list after the deletions: %s", body)
	}
}
