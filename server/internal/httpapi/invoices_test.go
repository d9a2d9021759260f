package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ledongthuc/pdf"

	"storefront/server/internal/app"
	"storefront/server/internal/invoice"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// Invoices (issue 34): one per paid order or group, numbered from 1 with
// no gaps, a PDF that reads back, served to the buyer and admins only,
// attached to the paid e-mail by reference, never changed.

// pdfText extracts a PDF's text as a reader does (the fonts' ToUnicode maps).
func pdfText(tb testing.TB, data []byte) string {
	tb.Helper()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		tb.Fatalf("read the PDF: %v", err)
	}
	var b strings.Builder
	for i := 1; i <= r.NumPage(); i++ {
		rows, err := r.Page(i).GetTextByRow()
		if err != nil {
			tb.Fatalf("page %d: %v", i, err)
		}
		for _, row := range rows {
			for _, w := range row.Content {
				b.WriteString(w.S)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func (ts *testServer) invoicePDF(tb testing.TB, token string, file string) (*http.Response, []byte) {
	tb.Helper()
	return ts.send(tb, "GET", "/invoices/"+file, token, nil)
}

// payGroupByWebhook pays a group as Stripe's event does.
func (ts *testServer) payGroupByWebhook(tb testing.TB, g checkedOut, intent string) {
	tb.Helper()
	payload, sig := signedEvent(tb, "evt_"+intent, shop.GroupIntentPrefix+g.GroupID, intent, int64(g.Total*100+0.5), time.Now(), webhookSecret)
	if status, body := ts.postWebhook(tb, payload, sig); status != 200 {
		tb.Fatalf("webhook: %d %s", status, body)
	}
}

func TestInvoices_GroupPDFAndRoles(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 825})
	admin := ts.mustRegister(t, "Boss", adminEmail)
	dmitry := ts.quickAccount(t, "Дмитрий Иванов", "dmitry@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	press := ts.mustProduct(t, "Hydraulic press Ω-200", 12_500_00, 10, 1)
	bolt := ts.mustProduct(t, "Anchor bolt", 2_50, 1000, 10)
	g := ts.mustCheckout(t, dmitry.Token, press.ID, 2, bolt.ID, 40)
	ts.payGroupByWebhook(t, g, "pi_invoice_group")

	res, body := ts.send(t, "GET", "/groups/"+g.GroupID, dmitry.Token, nil)
	grp := decode[shop.Group](t, body)
	if res.StatusCode != 200 || grp.InvoiceNumber < 1 || len(grp.Orders) != 2 || grp.Orders[0].ID != g.OrderIDs[0] {
		t.Fatalf("GET /groups/{id}: %d %s", res.StatusCode, body)
	}
	n := grp.InvoiceNumber
	for _, o := range grp.Orders {
		if o.InvoiceNumber != n || !o.Paid {
			t.Fatalf("a group's order lacks its group's invoice number %d: %+v", n, o)
		}
	}
	res, body = ts.send(t, "GET", "/order?email="+dmitry.Email, dmitry.Token, nil)
	if res.StatusCode != 200 || strings.Count(string(body), `"invoiceNumber":`+strconv.FormatInt(n, 10)) != 2 {
		t.Fatalf("GET /order rows lack the invoice number: %s", body)
	}
	res, body = ts.send(t, "GET", "/orders", admin.Token, nil)
	if res.StatusCode != 200 || strings.Count(string(body), `"invoiceNumber":`+strconv.FormatInt(n, 10)) != 2 {
		t.Fatalf("GET /orders rows lack the invoice number: %s", body)
	}

	file := strconv.FormatInt(n, 10) + ".pdf"
	t.Run("OK_OwnerGetsTheInvoice", func(t *testing.T) {
		res, data := ts.invoicePDF(t, dmitry.Token, file)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" || res.Header.Get("Cache-Control") != "no-store" ||
			!strings.Contains(res.Header.Get("Content-Disposition"), fmt.Sprintf(`filename="invoice-%d.pdf"`, n)) {
			t.Fatalf("GET /invoices/%s: %d %v", file, res.StatusCode, res.Header)
		}
		text := pdfText(t, data)
		// 2 x 12,500 + 40 x 2.50 = 25,100; tax 8.25%: 2,062.50 + 8.25 = 2,070.75
		for _, want := range []string{"Дмитрий Иванов", "Quarry Works Ltd", "PO-7731", "Hydraulic press Ω-200", "Anchor bolt", "$12,500.00", "$25,000.00",
			"$100.00", "Sales tax (8.25%)", "$2,070.75", "$27,170.75", "pi_invoice_group", "Invoice no." + strconv.FormatInt(n, 10)} {
			if !strings.Contains(text, want) {
				t.Errorf("the invoice lacks %q:\n%s", want, text)
			}
		}
	})
	t.Run("OK_Admin", func(t *testing.T) {
		if res, data := ts.invoicePDF(t, admin.Token, file); res.StatusCode != 200 || !bytes.HasPrefix(data, []byte("%PDF")) {
			t.Fatalf("admin: %d", res.StatusCode)
		}
	})
	t.Run("ErrAnotherCustomer404", func(t *testing.T) {
		res, body := ts.invoicePDF(t, bob.Token, file)
		mustProblem(t, res, body, 404)
	})
	t.Run("ErrVisitor401", func(t *testing.T) {
		res, body := ts.invoicePDF(t, "", file)
		mustProblem(t, res, body, 401)
	})
	t.Run("ErrUnknown404", func(t *testing.T) {
		res, body := ts.invoicePDF(t, admin.Token, "999999.pdf")
		mustProblem(t, res, body, 404)
		res, body = ts.invoicePDF(t, admin.Token, strconv.FormatInt(n, 10)+".txt")
		mustProblem(t, res, body, 404)
	})
	t.Run("ErrMalformed400", func(t *testing.T) {
		for _, f := range []string{"abc.pdf", "0.pdf", "-1.pdf", "01.pdf", ".pdf", "99999999999999999999.pdf"} {
			res, body := ts.invoicePDF(t, admin.Token, f)
			mustProblem(t, res, body, 400)
		}
	})
	t.Run("OK_OnePaidEmailForTheGroupWithTheInvoice", func(t *testing.T) {
		letters := ts.mailbox.to(dmitry.Email, shop.LetterOrderPaid)
		if len(letters) != 1 || !slices.Equal(letters[0].Attachments, []shop.MailAttachment{{Invoice: n, Filename: fmt.Sprintf("invoice-%d.pdf", n)}}) ||
			!strings.Contains(letters[0].Text, fmt.Sprintf("invoice #%d is attached", n)) || !strings.Contains(letters[0].Text, "Anchor bolt") {
			t.Fatalf("the group's paid e-mails: %+v", letters)
		}
	})
	t.Run("OK_PaidAgainNoSecondInvoice", func(t *testing.T) {
		ts.payGroupByWebhook(t, g, "pi_invoice_group") // the same payment's event again (another event id)
		if _, err := ts.store.FindInvoice(context.Background(), n+1); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("a second invoice: %v", err)
		}
		if len(ts.mailbox.to(dmitry.Email, shop.LetterOrderPaid)) != 1 {
			t.Fatal("a second paid e-mail")
		}
	})
}

func TestInvoices_OrderPaidByPATCHAndWebhookAtOnce(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Compressor", 6450_00, 20, 1)
	const n = 6
	var wg sync.WaitGroup
	ids := make([]string, n)
	for i := range n {
		ids[i] = ts.mustOrder(t, alice.Token, p.ID, 1)
		status, intent, _ := ts.payWithCard(t, ts.clientSecret(t, alice.Token, ids[i]), "4242424242424242")
		if status != 200 {
			t.Fatalf("pay: %d", status)
		}
		wg.Add(2)
		go func() {
			defer wg.Done()
			ts.send(t, "PATCH", "/pay/"+ids[i], alice.Token, map[string]any{"transactionId": intent})
		}()
		go func() {
			defer wg.Done()
			payload, sig := signedEvent(t, "evt_"+intent, ids[i], intent, 6450_00, time.Now(), webhookSecret)
			ts.postWebhook(t, payload, sig)
		}()
	}
	wg.Wait()
	numbers := ts.invoiceNumbers(t, ids)
	if len(ts.mailbox.to(alice.Email, shop.LetterOrderPaid)) != n {
		t.Fatalf("%d paid e-mails for %d orders", len(ts.mailbox.to(alice.Email, shop.LetterOrderPaid)), n)
	}
	res, body := ts.send(t, "GET", "/pay/"+ids[0], alice.Token, nil)
	if o := decode[shop.Order](t, body); res.StatusCode != 200 || o.InvoiceNumber != numbers[0] {
		t.Fatalf("GET /pay/{id}: %s", body)
	}
}

// invoiceNumbers are the orders' invoice numbers, which must be 1 to
// len(ids) in some order, each once.
func (ts *testServer) invoiceNumbers(tb testing.TB, ids []string) []int64 {
	tb.Helper()
	got, err := ts.store.InvoiceNumbers(context.Background(), ids)
	if err != nil {
		tb.Fatal(err)
	}
	numbers := make([]int64, len(ids))
	for i, id := range ids {
		numbers[i] = got[id]
	}
	sorted := slices.Sorted(slices.Values(numbers))
	for i, v := range sorted {
		if v != int64(i+1) {
			tb.Fatalf("invoice numbers are not 1..%d each once: %v", len(ids), sorted)
		}
	}
	if _, err := ts.store.FindInvoice(context.Background(), int64(len(ids)+1)); shop.ErrorCode(err) != shop.ENOTFOUND {
		tb.Fatalf("an invoice beyond %d: %v", len(ids), err)
	}
	return numbers
}

func TestInvoices_ConcurrentPaymentsNumberedWithoutGaps(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	mongotest.RequireMongoDB(t, ts.store)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Bolt", 1_00, 1000, 1)
	const n = 100
	ids := make([]string, n)
	for i := range n {
		ids[i] = ts.mustOrder(t, alice.Token, p.ID, 1)
	}
	// Each order paid twice at once (two deliveries of its payment, as
	// PATCH /pay and the webhook race): 200 confirmations.
	var wg sync.WaitGroup
	for i, id := range ids {
		for k := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				payload, sig := signedEvent(t, fmt.Sprintf("evt_%d_%d", i, k), id, fmt.Sprintf("pi_bulk_%d", i), 1_00, time.Now(), webhookSecret)
				if status, body := ts.postWebhook(t, payload, sig); status != 200 {
					t.Errorf("webhook: %d %s", status, body)
				}
			}()
		}
	}
	wg.Wait()
	ts.invoiceNumbers(t, ids)
	if got := len(ts.mailbox.to(alice.Email, shop.LetterOrderPaid)); got != n {
		t.Fatalf("%d paid e-mails for %d orders", got, n)
	}
	// Never reused: the next payment takes the next number.
	next := ts.mustOrder(t, alice.Token, p.ID, 1)
	payload, sig := signedEvent(t, "evt_next", next, "pi_next", 1_00, time.Now(), webhookSecret)
	ts.postWebhook(t, payload, sig)
	if got := ts.invoiceNumbers(t, append(ids, next)); got[n] != n+1 {
		t.Fatalf("the next invoice is %d, want %d", got[n], n+1)
	}
}

func TestInvoices_NoneForAReplacement(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ctx := context.Background()
	for _, g := range []shop.Group{
		{ID: "0123456789abcdef01234567", OrderIDs: []string{"0123456789abcdef01234567"}, Paid: true, Total: 0, TransactionID: shop.ReplacementTransaction(1001)},
		{ID: "0123456789abcdef01234568", OrderIDs: []string{"0123456789abcdef01234568"}, Paid: true, Total: 0, TransactionID: shop.ReplacementTransaction(1002)},
		{ID: "0123456789abcdef01234569", OrderIDs: []string{"0123456789abcdef01234569"}, Paid: false, Total: 100},
	} {
		if inv, issued, err := ts.deps.Invoices.ForGroup(ctx, g); err != nil || issued || inv.Number != 0 {
			t.Fatalf("%+v got an invoice: %+v %v %v", g, inv, issued, err)
		}
	}
	if got, _ := ts.store.InvoiceNumbers(ctx, []string{"0123456789abcdef01234567", "0123456789abcdef01234568"}); len(got) != 0 {
		t.Fatalf("invoices stored: %v", got)
	}
}

func TestInvoices_NeverChangeAfterTheAccountIsDeleted(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.mustRegister(t, "Ann Ångström", "ann@shop.test")
	p := ts.mustProduct(t, "Lathe", 2500_00, 10, 1)
	ts.paidOrder(t, ann, p.ID)
	before, err := ts.store.FindInvoice(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	_, pdfBefore := ts.invoicePDF(t, admin.Token, "1.pdf")
	if res, body := ts.invoicePDF(t, ann.Token, "1.pdf"); res.StatusCode != 200 || !bytes.Equal(body, pdfBefore) {
		t.Fatalf("the owner: %d", res.StatusCode)
	}
	if status, out := ts.deleteMe(t, ann.Token, map[string]any{"password": "secret123"}); status != 200 {
		t.Fatalf("DELETE /account: %d %s", status, out)
	}
	after, err := ts.store.FindInvoice(context.Background(), 1)
	if err != nil || !slices.Equal(after.Lines, before.Lines) || after.BuyerName != "Ann Ångström" || after.BuyerEmail != before.BuyerEmail || after.IssuedAt != before.IssuedAt {
		t.Fatalf("the invoice changed: %+v -> %+v (%v)", before, after, err)
	}
	res, pdfAfter := ts.invoicePDF(t, admin.Token, "1.pdf")
	if res.StatusCode != 200 || !bytes.Equal(pdfBefore, pdfAfter) || !strings.Contains(pdfText(t, pdfAfter), "Ann Ångström") {
		t.Fatalf("the PDF changed after the account was deleted: %d", res.StatusCode)
	}
	// a new account with the same address is not its owner
	again := ts.quickAccount(t, "Ann", "ann@shop.test")
	res, body := ts.invoicePDF(t, again.Token, "1.pdf")
	mustProblem(t, res, body, 404)
}

func TestInvoices_PDFMissingAfterACrashIsDrawnAgain(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Drill", 99_99, 10, 1)
	id := ts.mustOrder(t, alice.Token, p.ID, 3)
	ctx := context.Background()
	// A crash after the payment's write, before its orders follow and its
	// invoice is issued: the sweep brings the orders along, then issues the
	// invoice (and its e-mail), once.
	if _, err := ts.store.MarkGroupPaid(ctx, id, "pi_crash"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ts.deps.Purchases.Recover(ctx, time.Now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	var told []int64
	tell := func(inv shop.Invoice, o *shop.Order, g *shop.Group) {
		told = append(told, inv.Number)
		ts.deps.Payments.TellInvoiced(ctx, inv, o, g)
	}
	if n, err := ts.deps.Invoices.Recover(ctx, time.Now().Add(time.Second), tell); err != nil || n != 1 || len(told) != 1 {
		t.Fatalf("recover: %d %v %v", n, told, err)
	}
	if n, err := ts.deps.Invoices.Recover(ctx, time.Now().Add(time.Second), tell); err != nil || n != 0 {
		t.Fatalf("recover again: %d %v", n, err)
	}
	if got := ts.mailbox.to(alice.Email, shop.LetterOrderPaid); len(got) != 1 || len(got[0].Attachments) != 1 {
		t.Fatalf("the recovered invoice's e-mail: %+v", got)
	}
	// A crash after the invoice's insert, before its PDF: drawn again
	// from the snapshot when asked for.
	other := ts.mustOrder(t, alice.Token, p.ID, 1)
	o := ts.order(t, other)
	o.Paid, o.TransactionID = true, "pi_crash_2"
	inv, issued, err := ts.store.IssueInvoice(ctx, shop.Invoice{SubjectID: other, Subject: shop.InvoiceOfOrder, SubjectNumber: o.Number, IssuedAt: time.Now(),
		BuyerName: "Alice", BuyerEmail: alice.Email, Lines: []shop.InvoiceLine{{Description: "Drill", Quantity: 1, UnitPrice: 99_99, Total: 99_99}},
		Subtotal: 99_99, Total: 99_99, TaxLabel: "Sales tax", Currency: "usd", TransactionID: "pi_crash_2"})
	if err != nil || !issued || inv.Number != 2 {
		t.Fatalf("issue: %+v %v %v", inv, issued, err)
	}
	if _, err := ts.store.InvoicePDF(ctx, inv); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("a PDF before it was drawn: %v", err)
	}
	res, data := ts.invoicePDF(t, admin.Token, "2.pdf")
	want, _ := invoice.Drawer{}.Draw(inv)
	if res.StatusCode != 200 || !bytes.Equal(data, want) || !strings.Contains(pdfText(t, data), "$99.99") {
		t.Fatalf("the PDF drawn again: %d", res.StatusCode)
	}
	if stored, err := ts.store.InvoicePDF(ctx, inv); err != nil || !bytes.Equal(stored, want) {
		t.Fatalf("the PDF drawn again is not stored: %v", err)
	}
}

// recordingTransport keeps what the sender delivered.
type recordingTransport struct {
	mu   sync.Mutex
	sent []shop.Mail
}

func (r *recordingTransport) Deliver(_ context.Context, m shop.Mail) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, m)
	return nil
}

func TestInvoices_TheSenderAttachesTheStoredPDF(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{sendMail: true})
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Grinder", 310_00, 10, 1)
	ts.paidOrder(t, alice, p.ID)
	ctx := context.Background()
	list, _, err := ts.store.ListMail(ctx, 50, 0)
	if err != nil {
		t.Fatal(err)
	}
	var paid shop.Mail
	for _, m := range list {
		if m.Kind == shop.LetterOrderPaid {
			paid = m
		}
	}
	if len(paid.Attachments) != 1 || paid.Attachments[0].Invoice != 1 || paid.Files != nil {
		t.Fatalf("the outbox's paid e-mail: %+v", paid)
	}
	// the PDF is some 20 KB (more as base64): no outbox document is that big
	for _, line := range strings.Split(ts.dump(t), "\n") {
		if strings.HasPrefix(line, "outbox ") && len(line) > 12<<10 {
			t.Fatalf("an outbox document of %d bytes: does it hold the PDF?", len(line))
		}
	}
	rec := &recordingTransport{}
	courier := &app.Courier{Store: ts.store, Transport: rec, Log: ts.deps.Log, Attachments: ts.deps.Invoices}
	if _, err := courier.Pass(ctx); err != nil {
		t.Fatal(err)
	}
	stored, err := ts.store.InvoicePDF(ctx, shop.Invoice{SubjectID: ts.invoiceSubject(t, 1), Number: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rec.sent {
		if m.Kind != shop.LetterOrderPaid {
			continue
		}
		if len(m.Files) != 1 || m.Files[0].Filename != "invoice-1.pdf" || m.Files[0].ContentType != "application/pdf" || !bytes.Equal(m.Files[0].Data, stored) {
			t.Fatalf("the sent paid e-mail's attachment: %+v", m.Files)
		}
		return
	}
	t.Fatal("the paid e-mail was not sent")
}

func (ts *testServer) invoiceSubject(tb testing.TB, number int64) string {
	tb.Helper()
	inv, err := ts.store.FindInvoice(context.Background(), number)
	if err != nil {
		tb.Fatal(err)
	}
	return inv.SubjectID
}

func TestInvoices_FromAQuote(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	lathe := ds.mustProduct(t, "Invoice lathe", 500_00, 10, 1)
	id := ds.mustQuote(t, ds.alice.Token, lathe.ID, 2)
	ds.mustPrice(t, id, "2026-03-31", map[string]float64{lathe.ID: 450})
	res, body := ds.send(t, "POST", "/quotes/"+id+"/accept", ds.alice.Token, delivery)
	if res.StatusCode != 200 {
		t.Fatalf("accept: %d %s", res.StatusCode, body)
	}
	groupID := decode[struct {
		GroupID string `json:"groupId"`
	}](t, body).GroupID
	res, body = ds.send(t, "POST", "/create-payment-intent", ds.alice.Token, map[string]string{"groupId": groupID})
	if res.StatusCode != 200 {
		t.Fatalf("intent: %d %s", res.StatusCode, body)
	}
	_, piID, _ := ds.payWithCard(t, decode[struct{ ClientSecret string }](t, body).ClientSecret, "4242424242424242")
	if res, body := ds.send(t, "PATCH", "/groups/"+groupID+"/pay", ds.alice.Token, map[string]string{"transactionId": piID}); res.StatusCode != 200 {
		t.Fatalf("pay: %d %s", res.StatusCode, body)
	}
	quote := ds.quote(t, id)
	res, body = ds.send(t, "GET", "/groups/"+groupID, ds.alice.Token, nil)
	g := decode[shop.Group](t, body)
	if res.StatusCode != 200 || g.QuoteNumber != quote.Number || g.InvoiceNumber < 1 || len(g.Orders) != 1 {
		t.Fatalf("GET /groups/{id} of a quote's group: %s", body)
	}
	res, data := ds.invoicePDF(t, ds.alice.Token, strconv.FormatInt(g.InvoiceNumber, 10)+".pdf")
	text := pdfText(t, data)
	if res.StatusCode != 200 || !strings.Contains(text, "From quote#"+strconv.FormatInt(quote.Number, 10)) || !strings.Contains(text, "$900.00") {
		t.Fatalf("the quote's invoice: %d\n%s", res.StatusCode, text)
	}
}
