package mail_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/mail"
	"storefront/server/internal/mail/mailtest"
	"storefront/server/internal/shop"
)

func testMail() shop.Mail {
	return shop.Mail{ID: "0123456789abcdef01234567", To: "ann@shop.test", Subject: "Order #1001 has shipped",
		Text: "Hello Ann,\nIt shipped.\n", HTML: "<p>Hello Ann,</p><p>It shipped.</p>", MessageID: "<0123456789abcdef01234567@shop.test>"}
}

func mustTransport(t *testing.T, rawURL string, srv *mailtest.Server) *mail.SMTP {
	t.Helper()
	tr, err := mail.NewSMTP(rawURL, "Ironclad <orders@shop.test>", srv.ClientTLS())
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestSMTP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name    string
		opt     mailtest.Options
		url     string // %s: the server's address
		wantTLS bool
	}{
		{"OK_PlainWithoutCredentials", mailtest.Options{Security: mailtest.Plain}, "smtp://%s", false},
		{"OK_StartTLSWhenOffered", mailtest.Options{Security: mailtest.StartTLS}, "smtp://%s", true},
		{"OK_CredentialsOverStartTLS", mailtest.Options{Security: mailtest.StartTLS, User: "shop", Password: "s3cret"}, "smtp://shop:s3cret@%s", true},
		{"OK_ImplicitTLS", mailtest.Options{Security: mailtest.Implicit, User: "shop", Password: "s3cret"}, "smtps://shop:s3cret@%s", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := mailtest.Start(t, c.opt)
			if err := mustTransport(t, fmt.Sprintf(c.url, srv.Addr()), srv).Deliver(ctx, testMail()); err != nil {
				t.Fatal(err)
			}
			got := srv.Messages()
			if len(got) != 1 || got[0].TLS != c.wantTLS || got[0].From != "orders@shop.test" || len(got[0].To) != 1 || got[0].To[0] != "ann@shop.test" {
				t.Fatalf("messages: %+v", got)
			}
			data := string(got[0].Data)
			for _, want := range []string{"Message-ID: <0123456789abcdef01234567@shop.test>", "Subject: Order #1001 has shipped",
				"multipart/alternative", "text/plain", "text/html", "It shipped."} {
				if !strings.Contains(data, want) {
					t.Errorf("the message lacks %q:\n%s", want, data)
				}
			}
		})
	}
	t.Run("ErrCredentialsNeverInPlainText", func(t *testing.T) {
		srv := mailtest.Start(t, mailtest.Options{Security: mailtest.Plain})
		err := mustTransport(t, "smtp://shop:s3cret@"+srv.Addr(), srv).Deliver(ctx, testMail())
		if err == nil || !strings.Contains(err.Error(), "STARTTLS") || len(srv.Messages()) != 0 {
			t.Fatalf("a password over a plain connection: %v, %d messages", err, len(srv.Messages()))
		}
	})
	t.Run("ErrWrongPassword", func(t *testing.T) {
		srv := mailtest.Start(t, mailtest.Options{Security: mailtest.StartTLS, User: "shop", Password: "s3cret"})
		if err := mustTransport(t, "smtp://shop:wrong@"+srv.Addr(), srv).Deliver(ctx, testMail()); err == nil || len(srv.Messages()) != 0 {
			t.Fatalf("wrong password: %v", err)
		}
	})
	t.Run("ErrServerDown", func(t *testing.T) {
		srv := mailtest.Start(t, mailtest.Options{})
		srv.Stop()
		if err := mustTransport(t, "smtp://"+srv.Addr(), srv).Deliver(ctx, testMail()); err == nil {
			t.Fatal("delivered to a stopped server")
		}
	})
}

func TestNewSMTP_ErrBadConfiguration(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]string{
		{"http://mail.test", "a@shop.test"}, {"smtp://", "a@shop.test"}, {"smtp://mail.test:0", "a@shop.test"},
		{"smtp://mail.test:99999", "a@shop.test"}, {"smtp://mail.test", "not an address"}, {"smtp://mail.test/x", "a@shop.test"},
	} {
		if _, err := mail.NewSMTP(c[0], c[1], nil); err == nil {
			t.Errorf("%q, %q: accepted", c[0], c[1])
		}
	}
	tr, err := mail.NewSMTP("smtp://shop:s3cret@mail.test", "a@shop.test", nil)
	if err != nil || tr.Describe() != "smtp://shop@mail.test:587" {
		t.Fatalf("%v %q: the default port with credentials is 587, and the password is never shown", err, tr.Describe())
	}
}

func TestTemplates(t *testing.T) {
	t.Parallel()
	tpl := mail.MustTemplates("")
	shipped := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	price := shop.Cents(125000)
	order := &shop.Order{Number: 1042, Name: "Ann <b>", Email: "ann@shop.test", ProductName: "Lathe & Co", ProductQuantity: 2, Amount: 250000, ShippedAt: &shipped}
	single := shop.GroupOfOne(*order)
	cart := shop.Group{Number: 1050, Email: "ann@shop.test", Total: 270600, Tax: 20600, Orders: []shop.Order{
		{Number: 1051, Name: "Ann", ProductName: "Generator", ProductQuantity: 2, Amount: 216500, Tax: 16500},
		{Number: 1052, Name: "Ann", ProductName: "Bearing", ProductQuantity: 80, Amount: 54100, Tax: 4100}}}
	due := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	refund := &shop.IntentRecord{ID: "pi_1", Number: 1042, Amount: 250000, Refund: "re_1"}
	quote := &shop.Quote{Number: 1001, Name: "Ann", Items: []shop.QuoteItem{{ProductName: "Lathe", Quantity: 3, UnitPrice: &price}}, ValidUntil: "2026-04-01", Note: "<script>x</script>"}
	claim := &shop.Claim{Number: 1003, OrderNumber: 1042, Name: "Ann", ProductName: "Lathe", Reason: "Broken", Status: shop.ClaimApproved}
	msg := &shop.Message{Email: "v@shop.test", Subject: "Hello\r\nBcc: evil@x.test", Message: "<img src=x onerror=alert(1)>"}
	cases := []struct {
		l       shop.Letter
		subject string
		text    string
	}{
		{shop.Letter{Kind: shop.LetterOrderPlaced, Group: &single}, "Order #1042 received: Lathe & Co", "Total: $2,500.00 USD"},
		{shop.Letter{Kind: shop.LetterOrderPlaced, Group: &cart}, "Order #1050 received: 2 products", "  Generator x 2: $2,000.00 USD\n  Bearing x 80: $500.00 USD\n  Tax: $206.00 USD\n  Total: $2,706.00 USD"},
		{shop.Letter{Kind: shop.LetterOrderPaid, Group: &single}, "Order #1042 is paid", "$2,500.00 USD"},
		{shop.Letter{Kind: shop.LetterOrderPaid, Group: &cart}, "Order #1050 is paid", "payment of $2,706.00 USD for order #1050:\n- Generator x 2\n- Bearing x 80"},
		{shop.Letter{Kind: shop.LetterOrderShipped, Group: &single}, "Order #1042 has shipped", "within 2 months"},
		{shop.Letter{Kind: shop.LetterPaymentReminder, Group: &cart, Due: &due}, "Order #1050 is waiting for payment", "until 4 March 2026, 10:00 UTC"},
		{shop.Letter{Kind: shop.LetterOrderExpired, Group: &cart}, "Order #1050 was cancelled: not paid in time", "Nothing was charged."},
		{shop.Letter{Kind: shop.LetterAdminRefund, Refund: refund, Why: "its purchase no longer exists", Link: "https://shop.test/dashboard/manageorder"},
			"Payment refunded: $2,500.00 USD for order #1042", "refunded in full: its purchase no longer exists"},
		{shop.Letter{Kind: shop.LetterQuoteAnswered, Quote: quote}, "Your quote #1001 is ready", "Lathe x 3 at $1,250.00 USD each"},
		{shop.Letter{Kind: shop.LetterClaimReceived, Claim: claim}, "Claim #1003 received for order #1042", "Your reason: Broken"},
		{shop.Letter{Kind: shop.LetterClaimDecided, Claim: claim}, "Claim #1003 approved", "A replacement is on its way"},
		{shop.Letter{Kind: shop.LetterContact, Message: msg}, "Contact message: Hello Bcc: evil@x.test", "<img src=x onerror=alert(1)>"},
		{shop.Letter{Kind: shop.LetterAdminNewOrder, Group: &single, Link: "https://shop.test/dashboard/manageorder"}, "New order #1042: Lathe & Co x 2", "Manage it in the dashboard: https://shop.test/dashboard/manageorder"},
		{shop.Letter{Kind: shop.LetterAdminNewOrder, Group: &cart, Link: "https://shop.test/dashboard/manageorder"}, "New order #1050: 2 products", "  Generator x 2\n  Bearing x 80\n  Total: $2,706.00 USD"},
		{shop.Letter{Kind: shop.LetterAdminPayment, Group: &single, Link: "https://shop.test/dashboard/manageorder"}, "Order #1042 paid: $2,500.00 USD", "ready to ship"},
		{shop.Letter{Kind: shop.LetterAdminQuoteRequest, Quote: quote, Link: "https://shop.test/dashboard/quotes"}, "Quote request #1001 from Ann", "Lathe x 3"},
		{shop.Letter{Kind: shop.LetterAdminClaim, Claim: claim, Link: "https://shop.test/dashboard/claims"}, "Claim #1003 for order #1042: Lathe", "Their reason: Broken"},
		{shop.Letter{Kind: shop.LetterAdminDigest, Link: "https://shop.test/dashboard/notifications", Digest: &shop.Digest{Day: "2026-03-02", At: shipped,
			Entries: []shop.DigestEntry{{Kind: shop.LetterAdminNewOrder, Subject: "New order #1042: <script>x</script>", At: shipped, Link: "https://shop.test/dashboard/manageorder"}}}},
			"Your daily digest for 2026-03-02: 1 new event", "10:00 UTC  New order #1042"},
	}
	for _, c := range cases {
		t.Run(string(c.l.Kind)+" "+c.subject, func(t *testing.T) {
			got, err := tpl.Compose(c.l)
			if err != nil {
				t.Fatal(err)
			}
			if got.Subject != c.subject || !strings.Contains(got.Text, c.text) {
				t.Fatalf("subject %q, text:\n%s", got.Subject, got.Text)
			}
			for _, raw := range []string{"<script>", "<img", "<b>", "Lathe & Co"} {
				if strings.Contains(got.HTML, raw) {
					t.Fatalf("the HTML holds %q unescaped:\n%s", raw, got.HTML)
				}
			}
			if !strings.Contains(got.HTML, "<title>"+strings.ReplaceAll(c.subject, "&", "&amp;")+"</title>") {
				t.Fatalf("HTML title: %s", got.HTML)
			}
		})
	}
	if _, err := tpl.Compose(shop.Letter{Kind: shop.LetterOrderPlaced}); err == nil {
		t.Fatal("an order letter without an order rendered")
	}
}

// Issue 49: every buyer's letter links to the page of the site it is about
// (the order, its payment, the quotes, the claim; a known carrier's
// tracking), in the text and the HTML alike; dates read in words.
func TestTemplates_Links(t *testing.T) {
	t.Parallel()
	tpl := mail.MustTemplates("")
	tpl.SiteURL = "https://shop.test/"
	g := shop.Group{ID: "64b7f0c2a1b2c3d4e5f6a001", Number: 1050, Total: 12100000, Carrier: "UPS", TrackingNumber: "1Z 999",
		Orders: []shop.Order{{Name: "Ann", ProductName: "Excavator", ProductQuantity: 1, Amount: 12100000}}}
	paid := g
	paid.Paid = true
	due := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	price := shop.Cents(12100000)
	quote := &shop.Quote{Number: 1001, Name: "Ann", Items: []shop.QuoteItem{{ProductName: "Excavator", Quantity: 2, UnitPrice: &price}}, ValidUntil: "2026-12-11"}
	claim := &shop.Claim{ID: "64b7f0c2a1b2c3d4e5f6c001", Number: 1003, OrderNumber: 1042, Name: "Ann", ProductName: "Welder", Reason: "Broken",
		Quantity: 3, ApprovedQuantity: 1, Status: shop.ClaimApproved}
	order, pay := "https://shop.test/dashboard/order/64b7f0c2a1b2c3d4e5f6a001", "https://shop.test/payment/64b7f0c2a1b2c3d4e5f6a001"
	claimPage := "https://shop.test/dashboard/myclaims#claim-64b7f0c2a1b2c3d4e5f6c001"
	approved := &shop.TaxExemption{Name: "Ann", Number: "RS-4471-88", Country: "US", Status: shop.ExemptionApproved}
	declined := &shop.TaxExemption{Name: "Ann", Number: "RS-4471-88", Country: "US", Status: shop.ExemptionDeclined, Reason: "Expired."}
	exemptionPage := "https://shop.test/dashboard/account#tax-exemption"
	for _, c := range []struct {
		l     shop.Letter
		links []string
		text  []string
	}{
		{shop.Letter{Kind: shop.LetterOrderPlaced, Group: &g}, []string{pay, order}, []string{"Total: $121,000.00 USD"}},
		{shop.Letter{Kind: shop.LetterOrderPaid, Group: &paid}, []string{order}, nil},
		{shop.Letter{Kind: shop.LetterOrderShipped, Group: &paid}, []string{order, "https://www.ups.com/track?tracknum=1Z%20999"}, nil},
		{shop.Letter{Kind: shop.LetterPaymentReminder, Group: &g, Due: &due}, []string{pay}, nil},
		{shop.Letter{Kind: shop.LetterOrderExpired, Group: &g}, []string{order}, nil},
		{shop.Letter{Kind: shop.LetterQuoteAnswered, Quote: quote}, []string{"https://shop.test/dashboard/myquotes"},
			[]string{"Excavator x 2 at $121,000.00 USD each", "Total: $242,000.00 USD", "until 11 December 2026"}},
		{shop.Letter{Kind: shop.LetterQuoteRevised, Quote: quote}, []string{"https://shop.test/dashboard/myquotes"}, []string{"until 11 December 2026"}},
		{shop.Letter{Kind: shop.LetterClaimReceived, Claim: claim}, []string{claimPage}, []string{"Pieces claimed: 3"}},
		{shop.Letter{Kind: shop.LetterClaimDecided, Claim: claim}, []string{claimPage}, []string{"A replacement of 1 pcs is on its way"}},
		{shop.Letter{Kind: shop.LetterTaxExemptionDecided, Exemption: approved}, []string{exemptionPage}, []string{"RS-4471-88 (US) has been approved", "charged no tax"}},
		{shop.Letter{Kind: shop.LetterTaxExemptionDecided, Exemption: declined}, []string{exemptionPage}, []string{"has been declined", "Reason: Expired."}},
	} {
		got, err := tpl.Compose(c.l)
		if err != nil {
			t.Fatal(err)
		}
		for _, link := range c.links {
			if !strings.Contains(got.Text, link) || !strings.Contains(got.HTML, `href="`+strings.ReplaceAll(link, "&", "&amp;")+`"`) {
				t.Errorf("%s lacks the link %s:\n%s\n%s", c.l.Kind, link, got.Text, got.HTML)
			}
		}
		for _, want := range c.text {
			if !strings.Contains(got.Text, want) {
				t.Errorf("%s lacks %q:\n%s", c.l.Kind, want, got.Text)
			}
		}
		// Every link to the site leads to one of its pages (client/src/config/paths.ts).
		for _, link := range siteLink.FindAllString(got.Text, -1) {
			if !sitePage.MatchString(strings.TrimPrefix(link, "https://shop.test")) {
				t.Errorf("%s links to %s, not a page of the site", c.l.Kind, link)
			}
		}
	}
	if got := mail.TrackingURL("Acme Freight", "X1"); got != "" {
		t.Errorf("an unknown carrier: %q", got)
	}
}

var (
	siteLink = regexp.MustCompile(`https://shop\.test[^\s"<)]*`)
	sitePage = regexp.MustCompile(`^/(dashboard/order/[0-9a-f]{24}|payment/[0-9a-f]{24}|dashboard/myquotes|dashboard/myclaims(#claim-[0-9a-f]{24})?|dashboard/account#tax-exemption)$`)
)
