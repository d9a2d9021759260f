package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// Re-pricing a sent quote (issue 36): an admin may price a quote again
// until it is accepted or declined; each pricing is a new revision, the
// customer's e-mail says the prices were revised, and an acceptance must
// name the revision it was shown.

// revisedMail is the newest e-mail of the quote's revision, opened.
func (ds *deskServer) revisedMail(t *testing.T, number int64) shop.Mail {
	t.Helper()
	for _, m := range ds.mail(t) {
		if m.Kind == shop.LetterQuoteRevised && strings.Contains(m.Subject, fmt.Sprintf("#%d", number)) {
			full, err := ds.store.FindMail(context.Background(), m.ID)
			if err != nil {
				t.Fatal(err)
			}
			return full
		}
	}
	t.Fatalf("no revised-prices e-mail for quote #%d in %+v", number, ds.mail(t))
	return shop.Mail{}
}

func TestQuotes_Reprice(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	lathe := ds.mustProduct(t, "Lathe", 250000, 100, 1)
	press := ds.mustProduct(t, "Press", 80000, 100, 1)
	sent := func(t *testing.T) shop.Quote {
		id := ds.mustQuote(t, ds.alice.Token, lathe.ID, 2, press.ID, 3)
		return ds.mustPrice(t, id, "2026-03-31", map[string]float64{lathe.ID: 2000, press.ID: 700})
	}
	reprice := map[string]any{"items": []map[string]any{{"productId": lathe.ID, "unitPrice": 1850.25}, {"productId": press.ID, "unitPrice": 650}},
		"validUntil": "2026-04-15", "note": "Revised after your call."}

	t.Run("Roles", func(t *testing.T) {
		q := sent(t)
		for _, role := range []struct {
			name, token string
			want        int
		}{{"visitor", "", 401}, {"owner", ds.alice.Token, 403}, {"another customer", ds.bob.Token, 403}, {"admin", ds.admin.Token, 200}} {
			before := ds.snapshot(t)
			res, body := ds.send(t, "PATCH", "/quotes/"+q.ID, role.token, reprice)
			if res.StatusCode != role.want {
				t.Fatalf("%s: %d %s", role.name, res.StatusCode, body)
			}
			if role.want != 200 {
				mustProblem(t, res, body, role.want)
				if after := ds.snapshot(t); after != before {
					t.Fatalf("%s: a refused re-price changed the store", role.name)
				}
			}
		}
	})

	t.Run("OK", func(t *testing.T) {
		q := sent(t)
		if q.Revision != 1 {
			t.Fatalf("first pricing: revision %d", q.Revision)
		}
		if !hasMail(ds.mail(t), shop.LetterQuoteAnswered, ds.alice.Email, fmt.Sprintf("Your quote #%d is ready", q.Number)) {
			t.Fatal("no first-prices e-mail")
		}
		res, body := ds.send(t, "PATCH", "/quotes/"+q.ID, ds.admin.Token, reprice)
		if res.StatusCode != 200 {
			t.Fatalf("re-price: %d %s", res.StatusCode, body)
		}
		r := decode[shop.Quote](t, body)
		if r.Status != shop.QuoteQuoted || r.Revision != 2 || *r.Items[0].UnitPrice != 185025 || *r.Items[1].UnitPrice != 65000 ||
			r.ValidUntil != "2026-04-15" || r.Note != "Revised after your call." {
			t.Fatalf("re-priced: %+v", r)
		}
		// The e-mail says the prices were revised, with the new prices and
		// the new total (2 x 1850.25 + 3 x 650 = 5650.50), in both parts.
		m := ds.revisedMail(t, q.Number)
		if m.To != ds.alice.Email || m.Subject != fmt.Sprintf("Revised prices for quote #%d", q.Number) {
			t.Fatalf("revised mail: %q to %s", m.Subject, m.To)
		}
		for part, text := range map[string]string{"text": m.Text, "html": m.HTML} {
			for _, want := range []string{"revised", "$1,850.25 USD", "$650.00 USD", "$5,650.50 USD", "15 April 2026"} {
				if !strings.Contains(text, want) {
					t.Errorf("the %s part lacks %q:\n%s", part, want, text)
				}
			}
		}
		// An acceptance of the prices shown before is refused, and changes nothing.
		before := ds.snapshot(t)
		res, body = ds.send(t, "POST", "/quotes/"+q.ID+"/accept", ds.alice.Token, acceptAt(1))
		if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgQuoteRevised {
			t.Fatalf("stale accept: %q", p.Detail)
		}
		if after := ds.snapshot(t); after != before {
			t.Fatal("a stale acceptance changed the store")
		}
		// One without the revision is not valid.
		res, body = ds.send(t, "POST", "/quotes/"+q.ID+"/accept", ds.alice.Token, map[string]any{"address": "1 Mill Road", "mobile": "+44 113 496 0000"})
		if p := mustProblem(t, res, body, 400); p.Errors["revision"] != shop.FieldRequired {
			t.Fatalf("accept without a revision: %v", p.Errors)
		}
		// The revision shown is accepted, at its prices.
		res, body = ds.send(t, "POST", "/quotes/"+q.ID+"/accept", ds.alice.Token, acceptAt(2))
		if res.StatusCode != 200 {
			t.Fatalf("accept: %d %s", res.StatusCode, body)
		}
		ids := decode[struct {
			OrderIDs []string `json:"orderIds"`
		}](t, body).OrderIDs
		if o := ds.order(t, ids[0]); o.ProductPrice != 185025 || o.Amount != 370050 {
			t.Fatalf("the order is not at the revised price: %+v", o)
		}
		// Accepted: no more re-pricing.
		res, body = ds.send(t, "PATCH", "/quotes/"+q.ID, ds.admin.Token, reprice)
		if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgQuoteAccepted {
			t.Fatalf("re-price after accept: %q", p.Detail)
		}
	})

	// Two admins price the same quote from the same revision: the second, whose form names the revision it
	// started from, is refused and changes nothing (issue 47: an edit never overwrites newer data).
	t.Run("ErrPricedMeanwhile", func(t *testing.T) {
		id := ds.mustQuote(t, ds.alice.Token, lathe.ID, 2, press.ID, 3)
		first := map[string]any{"items": []map[string]any{{"productId": lathe.ID, "unitPrice": 2000}, {"productId": press.ID, "unitPrice": 700}},
			"validUntil": "2026-03-31", "revision": 0}
		res, body := ds.send(t, "PATCH", "/quotes/"+id, ds.admin.Token, first)
		if res.StatusCode != 200 || decode[shop.Quote](t, body).Revision != 1 {
			t.Fatalf("first pricing from revision 0: %d %s", res.StatusCode, body)
		}
		before := ds.snapshot(t)
		second := map[string]any{"items": first["items"], "validUntil": "2026-04-30", "revision": 0}
		res, body = ds.send(t, "PATCH", "/quotes/"+id, ds.admin.Token, second)
		if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgQuotePricedMeanwhile {
			t.Fatalf("a pricing from revision 0 of a quote at 1: %q", p.Detail)
		}
		if after := ds.snapshot(t); after != before {
			t.Fatal("a refused pricing changed the store")
		}
		withRevision := map[string]any{}
		for k, v := range reprice {
			withRevision[k] = v
		}
		withRevision["revision"] = 1
		res, body = ds.send(t, "PATCH", "/quotes/"+id, ds.admin.Token, withRevision)
		if res.StatusCode != 200 || decode[shop.Quote](t, body).Revision != 2 {
			t.Fatalf("a re-price from the revision it read: %d %s", res.StatusCode, body)
		}
	})

	t.Run("ErrDeclined", func(t *testing.T) {
		q := sent(t)
		if res, body := ds.send(t, "POST", "/quotes/"+q.ID+"/decline", ds.alice.Token, nil); res.StatusCode != 200 {
			t.Fatalf("decline: %d %s", res.StatusCode, body)
		}
		before := ds.snapshot(t)
		res, body := ds.send(t, "PATCH", "/quotes/"+q.ID, ds.admin.Token, reprice)
		if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgQuoteDeclined {
			t.Fatalf("re-price after decline: %q", p.Detail)
		}
		if after := ds.snapshot(t); after != before {
			t.Fatal("a refused re-price changed the store")
		}
	})

	// A re-price racing the customer's acceptance (of the first prices):
	// either the acceptance wins, at the prices shown, and the re-price is
	// refused; or the re-price wins and the acceptance is refused.
	t.Run("RaceWithAccept", func(t *testing.T) {
		mongotest.RequireMongoDB(t, ds.store)
		for range 6 {
			q := sent(t)
			var wg sync.WaitGroup
			var accept, price int
			var acceptBody []byte
			start := make(chan struct{})
			wg.Go(func() {
				<-start
				res, body := ds.send(t, "POST", "/quotes/"+q.ID+"/accept", ds.alice.Token, acceptAt(1))
				accept, acceptBody = res.StatusCode, body
			})
			wg.Go(func() {
				<-start
				res, _ := ds.send(t, "PATCH", "/quotes/"+q.ID, ds.admin.Token, reprice)
				price = res.StatusCode
			})
			close(start)
			wg.Wait()
			got := ds.quote(t, q.ID)
			switch {
			case accept == 200 && price == 409:
				ids := decode[struct {
					OrderIDs []string `json:"orderIds"`
				}](t, acceptBody).OrderIDs
				if o := ds.order(t, ids[0]); o.ProductPrice != 200000 || got.Status != shop.QuoteAccepted || got.Revision != 1 {
					t.Fatalf("accepted first: order %+v, quote %+v", o, got)
				}
			case accept == 409 && price == 200:
				if got.Status != shop.QuoteQuoted || got.Revision != 2 || len(got.OrderIDs) != 0 {
					t.Fatalf("re-priced first: quote %+v", got)
				}
			default:
				t.Fatalf("accept %d, re-price %d", accept, price)
			}
		}
		if err := ds.store.Check(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}
