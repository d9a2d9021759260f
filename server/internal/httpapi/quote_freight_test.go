package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

// Issue 48: a quote's freight line. The admin prices the freight with the
// items (PATCH /quotes/{id} freight); the quote's figures carry it, taxed
// as checkout taxes delivery (TAX_SHIPPING); accepting the quote charges
// it as the purchase's delivery line, on the group, its total and its
// e-mail. A re-price without it drops it; a negative freight is refused
// and changes nothing.
func TestQuotes_Freight(t *testing.T) {
	t.Parallel()
	for _, taxShipping := range []bool{true, false} {
		ts := mustServeWith(t, serveOptions{taxRate: 1000}) // 10%
		ts.deps.Purchases.TaxShipping = taxShipping
		admin := ts.mustAdmin(t, "Ada", "ada@shop.test")
		alice := ts.quickAccount(t, "Alice", "alice@shop.test")
		press := ts.mustWeighed(t, admin.Token, "Press", 9000_00, "14000", 20)
		res, body := ts.send(t, "POST", "/quotes", alice.Token, quoteBody("Delivered to Leeds, please.", press.ID, 1))
		if res.StatusCode != 201 {
			t.Fatalf("quote: %d %s", res.StatusCode, body)
		}
		id := decode[inserted](t, body).InsertedID
		price := func(freight any) (*http.Response, []byte) {
			t.Helper()
			p := map[string]any{"items": []map[string]any{{"productId": press.ID, "unitPrice": 8000}}, "validUntil": "2099-01-01"}
			if freight != "absent" {
				p["freight"] = freight
			}
			return ts.send(t, "PATCH", "/quotes/"+id, admin.Token, p)
		}

		// A negative freight: 400 naming the field, the quote not priced.
		res, body = price(-5)
		if p := mustProblem(t, res, body, 400); p.Errors["freight"] != shop.FieldFreightPrice {
			t.Fatalf("negative freight: %+v", p)
		}
		if q, _ := ts.store.FindQuote(t.Context(), id); q.Status != shop.QuoteRequested || q.Freight != nil {
			t.Fatalf("a refused pricing changed the quote: %+v", q)
		}

		// Priced with a freight line: 8,000 + 1,200.50, tax 10% of the lines (and of the freight when taxed).
		res, body = price(1200.5)
		q := decode[shop.Quote](t, body)
		wantTax, wantFreightTax := shop.Cents(800_00), shop.Cents(0)
		if taxShipping {
			wantFreightTax = 120_05
		}
		wantTax += wantFreightTax
		want := shop.QuoteFigures{Subtotal: 8000_00, Shipping: 1200_50, Tax: wantTax, Total: 9200_50 + wantTax, Amount: int64(9200_50 + wantTax)}
		if res.StatusCode != 200 || q.Freight == nil || *q.Freight != 1200_50 || q.Figures == nil || *q.Figures != want {
			t.Fatalf("priced with freight (tax on shipping %v): %d %s", taxShipping, res.StatusCode, body)
		}
		if !strings.Contains(string(body), `"freight":1200.5`) || !strings.Contains(string(body), `"shipping":1200.5`) {
			t.Fatalf("the answer's freight and figures in dollars: %s", body)
		}
		// The buyer's e-mail lists it, in the total before tax (8,000 + 1,200.50).
		if !mailed(t, ts, shop.LetterQuoteAnswered, alice.Email, "\n  Freight: $1,200.50 USD\n", "Total: $9,200.50 USD") {
			t.Fatalf("the quote's e-mail does not show the freight")
		}
		// Re-priced without it: no freight line; then with it again.
		if res, body = price("absent"); res.StatusCode != 200 || strings.Contains(string(body), `"freight"`) || !strings.Contains(string(body), `"shipping":0`) {
			t.Fatalf("re-priced without freight: %d %s", res.StatusCode, body)
		}
		if res, body = price(1200.5); res.StatusCode != 200 {
			t.Fatalf("re-priced with freight: %d %s", res.StatusCode, body)
		}
		// Its buyer sees the same figures.
		res, body = ts.send(t, "GET", "/quotes", alice.Token, nil)
		if mine := decode[[]shop.Quote](t, body); res.StatusCode != 200 || len(mine) != 1 || mine[0].Figures == nil || *mine[0].Figures != want {
			t.Fatalf("the buyer's quote: %d %s", res.StatusCode, body)
		}

		// Accepted: the purchase carries the freight as its delivery line, in its total.
		res, body = ts.send(t, "POST", "/quotes/"+id+"/accept", alice.Token, acceptAt(3))
		if res.StatusCode != 200 {
			t.Fatalf("accept: %d %s", res.StatusCode, body)
		}
		g, err := ts.store.FindGroup(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		line := shop.Shipping{Name: shop.QuoteFreightName, Kind: shop.ShippingFreight, Price: 1200_50, Tax: wantFreightTax, Days: 20}
		if g.Shipping == nil || *g.Shipping != line || g.Total != want.Total || g.Tax != want.Tax {
			t.Fatalf("the purchase (tax on shipping %v): shipping %+v total %d tax %d, want %+v %d %d", taxShipping, g.Shipping, g.Total, g.Tax, line, want.Total, want.Tax)
		}
		res, body = ts.send(t, "GET", "/groups/"+id, alice.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"amount":`+itoa64(want.Amount)) || !strings.Contains(string(body), `"name":"Freight"`) {
			t.Fatalf("GET /groups/%s: %d %s", id, res.StatusCode, body)
		}
		if !mailed(t, ts, shop.LetterOrderPlaced, alice.Email, "Freight") {
			t.Fatalf("the order placed e-mail does not show the freight line")
		}
	}
}

// mailed: a message of kind to the address whose text holds every part.
func mailed(t *testing.T, ts *testServer, kind shop.LetterKind, to string, parts ...string) bool {
	t.Helper()
	mails, _, err := ts.store.ListMail(t.Context(), 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mails {
		if m.Kind != kind || m.To != to {
			continue
		}
		all := true
		for _, p := range parts {
			all = all && strings.Contains(m.Text, p)
		}
		if all {
			return true
		}
	}
	return false
}
