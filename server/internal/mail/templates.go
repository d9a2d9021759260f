// Package mail is the storefront's e-mail: the templates every message is
// rendered from (templates/, one place) and the SMTP transport.
package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strings"
	texttemplate "text/template"
	"time"

	"storefront/server/internal/shop"
)

// Each kind has <kind>.txt (a "Subject: " line, a blank line, the plain
// text) and <kind>.html (the HTML body, inside layout.html). HTML is
// escaped by html/template; the subject is folded onto one line.
//
//go:embed templates
var files embed.FS

// kinds are the letters there are templates for.
var kinds = []shop.LetterKind{shop.LetterOrderPlaced, shop.LetterOrderPaid, shop.LetterOrderShipped, shop.LetterPaymentReminder, shop.LetterOrderExpired, shop.LetterFreightPriced,
	shop.LetterQuoteAnswered, shop.LetterQuoteRevised, shop.LetterClaimReceived, shop.LetterClaimDecided, shop.LetterContact,
	shop.LetterVerifyEmail, shop.LetterPasswordReset, shop.LetterPasswordChanged, shop.LetterAccountDeleted, shop.LetterMFAFailures,
	shop.LetterAdminNewOrder, shop.LetterAdminPayment, shop.LetterAdminQuoteRequest, shop.LetterAdminClaim, shop.LetterAdminDigest, shop.LetterAdminRefund,
	shop.LetterCompanyInvitation, shop.LetterTaxExemptionDecided, shop.LetterApprovalRequested, shop.LetterPurchaseApproved, shop.LetterPurchaseDeclined,
	shop.LetterInvoiceDue, shop.LetterInvoiceOverdue}

// DefaultShopName signs the messages when no name is configured.
const DefaultShopName = "Ironclad Machinery"

// Templates renders letters; it implements shop.Composer.
type Templates struct {
	// SiteURL is where the letters' links lead (SITE_URL, no trailing
	// slash; issue 49): the order page, the payment page, the quotes, the
	// claims.
	SiteURL  string
	shopName string
	text     map[shop.LetterKind]*texttemplate.Template
	html     map[shop.LetterKind]*htmltemplate.Template
}

var _ shop.Composer = (*Templates)(nil)

var funcs = map[string]any{
	// mfaFailsMailed is how many wrong second-step codes mfa_failures tells of.
	"mfaFailsMailed": func() int { return shop.MFAFailsMailed },
	// Money reads as on the invoice, with its currency (issue 49):
	// "$121,000.00 USD".
	"money": func(cents int64) string { return amount(shop.Cents(cents)) },
	"cents": amount,
	"price": func(c *shop.Cents) string {
		if c == nil {
			return "-"
		}
		return amount(*c)
	},
	// day is a YYYY-MM-DD day in words: "11 December 2026".
	"day": func(s string) string {
		if d, err := time.Parse(time.DateOnly, s); err == nil {
			return d.Format("2 January 2006")
		}
		return s
	},
	// buyer is the name a purchase's orders carry; summary names what it
	// holds: its product, or how many products.
	"buyer": func(g *shop.Group) string {
		if len(g.Orders) == 0 {
			return "there"
		}
		return g.Orders[0].Name
	},
	"summary": func(g *shop.Group) string {
		if len(g.Orders) == 1 {
			return g.Orders[0].ProductName
		}
		return fmt.Sprintf("%d products", len(g.Orders))
	},
	// lines is summary with the quantity of a single product.
	"lines": func(g *shop.Group) string {
		if len(g.Orders) == 1 {
			return fmt.Sprintf("%s x %d", g.Orders[0].ProductName, g.Orders[0].ProductQuantity)
		}
		return fmt.Sprintf("%d products", len(g.Orders))
	},
	// expected is the day a purchase is expected (issue 48): its
	// reservation's start and its delivery line's days, in words.
	"expected": func(g *shop.Group) string {
		if g.Shipping == nil {
			return "-"
		}
		return g.ReservedSince().AddDate(0, 0, int(g.Shipping.Days)).Format("2 January 2006")
	},
	// net is an order's amount before tax, in cents.
	"net": func(o shop.Order) int64 { return o.Amount - int64(o.Tax) },
	"date": func(t *time.Time) string {
		if t == nil {
			return "-"
		}
		return t.UTC().Format("2 January 2006, 15:04 UTC")
	},
	"quoteTotal": func(q *shop.Quote) int64 {
		var sum int64
		for _, it := range q.Items {
			if it.UnitPrice != nil {
				sum += int64(*it.UnitPrice) * it.Quantity
			}
		}
		if q.Freight != nil { // issue 48: the freight line the admin quoted
			sum += int64(*q.Freight)
		}
		return sum
	},
}

// NewTemplates parses every template; shopName signs the messages.
func NewTemplates(shopName string) (*Templates, error) {
	if shopName == "" {
		shopName = DefaultShopName
	}
	t := &Templates{shopName: shopName, text: map[shop.LetterKind]*texttemplate.Template{}, html: map[shop.LetterKind]*htmltemplate.Template{}}
	for _, k := range kinds {
		src, err := files.ReadFile("templates/" + string(k) + ".txt")
		if err != nil {
			return nil, err
		}
		head, body, _ := strings.Cut(string(src), "\n")
		subject, ok := strings.CutPrefix(head, "Subject: ")
		if !ok {
			return nil, fmt.Errorf("mail template %s.txt does not start with a Subject line", k)
		}
		tt, err := texttemplate.New("text").Funcs(funcs).Option("missingkey=error").Parse(strings.TrimLeft(body, "\n"))
		if err == nil {
			_, err = tt.New("subject").Parse(subject)
		}
		if err != nil {
			return nil, fmt.Errorf("mail template %s: %w", k, err)
		}
		ht, err := htmltemplate.New("layout.html").Funcs(funcs).Option("missingkey=error").ParseFS(files, "templates/layout.html", "templates/"+string(k)+".html")
		if err != nil {
			return nil, fmt.Errorf("mail template %s: %w", k, err)
		}
		t.text[k], t.html[k] = tt, ht
	}
	return t, nil
}

// MustTemplates is NewTemplates for wiring and tests: the templates are
// embedded, so a failure is a defect of the build.
func MustTemplates(shopName string) *Templates {
	t, err := NewTemplates(shopName)
	if err != nil {
		panic(err)
	}
	return t
}

type data struct {
	shop.Letter
	Shop    string
	Subject string
	Site    string
}

// amount is money as the letters print it: thousands separated, with the
// currency.
func amount(c shop.Cents) string { return shop.Money(c) + " " + strings.ToUpper(shop.Currency) }

// The links a buyer's letter gives (issue 49), each to a page of the site.

// OrderURL is the purchase's page (its lines, history and invoice).
func (d data) OrderURL() string {
	if d.Group == nil {
		return ""
	}
	return d.Site + "/dashboard/order/" + url.PathEscape(d.Group.ID)
}

// PayURL is the purchase's payment page.
func (d data) PayURL() string {
	if d.Group == nil {
		return ""
	}
	return d.Site + "/payment/" + url.PathEscape(d.Group.ID)
}

// InvoiceOrderURL is the page of the purchase an invoice invoices (issue
// 45: its invoice's PDF is there).
func (d data) InvoiceOrderURL() string {
	if d.Invoice == nil {
		return ""
	}
	return d.Site + "/dashboard/order/" + url.PathEscape(d.Invoice.SubjectID)
}

// QuotesURL is the buyer's quotes, where a quote is accepted.
func (d data) QuotesURL() string { return d.Site + "/dashboard/myquotes" }

// ClaimURL is the claim in the buyer's claims.
func (d data) ClaimURL() string {
	if d.Claim == nil {
		return d.Site + "/dashboard/myclaims"
	}
	return d.Site + "/dashboard/myclaims#claim-" + url.PathEscape(d.Claim.ID)
}

// TaxExemptionURL is the buyer's tax exemption, on their account page.
func (d data) TaxExemptionURL() string { return d.Site + "/dashboard/account#tax-exemption" }

// TrackingURL is the carrier's tracking page of the shipment, where the
// carrier is one the shop knows (else "").
func (d data) TrackingURL() string {
	if d.Group == nil || d.Group.TrackingNumber == "" {
		return ""
	}
	return TrackingURL(d.Group.Carrier, d.Group.TrackingNumber)
}

// carriers are the tracking pages of the carriers the letters link to.
var carriers = []struct{ name, page string }{
	{"ups", "https://www.ups.com/track?tracknum="},
	{"fedex", "https://www.fedex.com/fedextrack/?trknbr="},
	{"dhl", "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id="},
	{"usps", "https://tools.usps.com/go/TrackConfirmAction?tLabels="},
	{"royal mail", "https://www.royalmail.com/track-your-item#/tracking-results/"},
}

// TrackingURL is a known carrier's tracking page for number, or "".
func TrackingURL(carrier, number string) string {
	c := strings.ToLower(strings.Join(strings.Fields(carrier), " "))
	for _, k := range carriers {
		if c == k.name || strings.HasPrefix(c, k.name+" ") {
			return k.page + url.PathEscape(number)
		}
	}
	return ""
}

// Compose renders the letter's subject, plain text and HTML.
func (t *Templates) Compose(l shop.Letter) (shop.MailContent, error) {
	tt, ok := t.text[l.Kind]
	if !ok {
		return shop.MailContent{}, fmt.Errorf("no mail template %q", l.Kind)
	}
	d := data{Letter: l, Shop: t.shopName, Site: strings.TrimSuffix(t.SiteURL, "/")}
	var subject, text bytes.Buffer
	if err := tt.ExecuteTemplate(&subject, "subject", d); err != nil {
		return shop.MailContent{}, fmt.Errorf("render %s: %w", l.Kind, err)
	}
	if err := tt.ExecuteTemplate(&text, "text", d); err != nil {
		return shop.MailContent{}, fmt.Errorf("render %s: %w", l.Kind, err)
	}
	// A visitor's text may end up in a subject: one line, no header tricks.
	d.Subject = strings.Join(strings.Fields(subject.String()), " ")
	body := text.String()
	var html bytes.Buffer
	if err := t.html[l.Kind].ExecuteTemplate(&html, "layout", d); err != nil {
		return shop.MailContent{}, fmt.Errorf("render %s: %w", l.Kind, err)
	}
	body = strings.TrimRight(body, "\n") + "\n\n-- \n" + t.shopName + "\n"
	return shop.MailContent{Subject: d.Subject, Text: body, HTML: html.String()}, nil
}
