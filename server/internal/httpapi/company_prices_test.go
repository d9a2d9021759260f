package httpapi_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// mustTieredProduct stores a product of a category with volume tiers.
func (ts *testServer) mustTieredProduct(t *testing.T, name, category string, price shop.Cents, tiers []shop.Tier) shop.Product {
	t.Helper()
	id, err := ts.store.InsertProduct(context.Background(), shop.ProductDraft{Name: name, Price: price, Image: "http://shop.test/images/0123456789abcdef01234567",
		Description: "For price tests.", Available: 500, Minimum: 1, Email: adminEmail, Category: category, Tiers: tiers})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ts.store.FindProduct(context.Background(), id)
	return p
}

// mustMemberCheckout is mustCheckout for a member of a company: without
// the free-text company (theirs is their company's name) and with a PO number.
func (ts *testServer) mustMemberCheckout(tb testing.TB, token string, items ...any) checkedOut {
	tb.Helper()
	b := checkoutBody(items...)
	delete(b, "company")
	res, body := ts.send(tb, "POST", "/checkout", token, b)
	if res.StatusCode != 201 {
		tb.Fatalf("checkout: %d %s", res.StatusCode, body)
	}
	return decode[checkedOut](tb, body)
}

// Company price lists (issue 45): an admin sets them on PATCH
// /companies/{id} (validated, audited), GET /prices answers each caller
// their own prices, and POST /order and POST /checkout charge exactly
// those (the one pricing function), taxed on the discounted line.
func TestCompanies_PriceLists(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 825})
	boss := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.quickAccount(t, "Ann", "ann@quarry.test")       // the company's admin
	bob := ts.quickAccount(t, "Bob", "bob@quarry.test")       // its buyer
	carl := ts.quickAccount(t, "Carl", "carl@elsewhere.test") // a customer of no company
	dora := ts.quickAccount(t, "Dora", "dora@other.test")     // another company's admin
	id := ts.mustCompany(t, ann, boss, "Quarry Works Ltd")
	other := ts.mustCompany(t, dora, boss, "Other Plant plc")
	ts.mustJoin(t, ann, id, bob, "buyer", nil)
	tiers := []shop.Tier{{Min: 10, PercentOff: 500}, {Min: 50, PercentOff: 1000}}
	gauge := ts.mustTieredProduct(t, "Price Gauge", "Gauges", 15_50, tiers)
	pump := ts.mustTieredProduct(t, "Price Pump", "Pumps", 100_00, nil)
	valve := ts.mustTieredProduct(t, "Price Valve", "Valves", 40_00, tiers)
	list := map[string]any{"percentOff": 10, "categories": []map[string]any{{"category": "pumps", "percentOff": "20"}},
		"products": []map[string]any{{"productId": valve.ID, "price": 30}}}

	t.Run("Set_AdminsOnly_Validated_Audited", func(t *testing.T) {
		for _, who := range []struct {
			name, token string
			status      int
		}{{"anonymous", "", 401}, {"customer", carl.Token, 403}, {"company admin", ann.Token, 403}, {"buyer", bob.Token, 403}, {"other company", dora.Token, 403}} {
			res, body := ts.send(t, "PATCH", "/companies/"+id, who.token, map[string]any{"priceList": list})
			if mustProblem(t, res, body, who.status); res.StatusCode != who.status {
				t.Fatalf("%s: %d", who.name, res.StatusCode)
			}
		}
		for _, bad := range []map[string]any{
			{},
			{"priceList": map[string]any{"percentOff": 100}},
			{"priceList": map[string]any{"categories": []map[string]any{{"category": "Pumps", "percentOff": 5}, {"category": "PUMPS", "percentOff": 6}}}},
			{"priceList": map[string]any{"products": []map[string]any{{"productId": "000000000000000000000001", "price": 5}}}},
			{"priceList": map[string]any{"products": []map[string]any{{"productId": valve.ID, "price": 0}}}},
			{"priceList": map[string]any{"percentOff": 5, "currency": "EUR"}},
			{"poRequired": "yes"},
		} {
			res, body := ts.send(t, "PATCH", "/companies/"+id, boss.Token, bad)
			mustProblem(t, res, body, 400)
		}
		res, body := ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"priceList": map[string]any{"products": []map[string]any{{"productId": "000000000000000000000001", "price": 5}}}})
		if mustProblem(t, res, body, 400); !strings.Contains(string(body), `"priceList.products[0].productId":"is not a product of this store"`) {
			t.Fatalf("an unknown product: %s", body)
		}
		if _, body := ts.send(t, "GET", "/companies/"+id, boss.Token, nil); strings.Contains(string(body), `"priceList"`) {
			t.Fatalf("a refused change changed the company: %s", body)
		}
		res, body = ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"priceList": list})
		if res.StatusCode != 200 || !strings.Contains(string(body), `"priceList":{"percentOff":10,"categories":[{"category":"pumps","percentOff":20}],"products":[{"productId":"`+valve.ID+`","price":30}]}`) {
			t.Fatalf("set: %d %s", res.StatusCode, body)
		}
		// the company's admin sees it; the status is not touched
		if _, body := ts.send(t, "GET", "/companies/"+id, ann.Token, nil); !strings.Contains(string(body), `"percentOff":10`) || !strings.Contains(string(body), `"status":"approved"`) {
			t.Fatalf("the company admin's view: %s", body)
		}
		found := false
		_ = ts.store.EachAudit(context.Background(), func(e shop.AuditEntry) bool {
			if e.Action == "company.update" && e.Status == 200 && e.TargetID == id {
				for _, ch := range e.Changes {
					found = found || ch.Field == "priceList"
				}
			}
			return true
		})
		if !found {
			t.Fatal("no audit entry of the price list's change")
		}
	})

	type price struct {
		ProductID string  `json:"productId"`
		UnitPrice float64 `json:"unitPrice"`
		Tiers     []struct {
			Min       int64   `json:"min"`
			UnitPrice float64 `json:"unitPrice"`
		} `json:"tiers"`
	}
	ids := gauge.ID + "," + pump.ID + "," + valve.ID + ",000000000000000000000001"
	t.Run("Prices_EachCallerTheirOwn", func(t *testing.T) {
		want := map[string]string{ // gauge, pump, valve: one piece, then each break
			"list":    "15.5[14.73 13.95] 100[] 40[38 36]",
			"company": "13.95[13.25 12.56] 80[] 30[28.5 27]", // valve: fixed 30 less the tier; gauge: 10 % × tier
		}
		for _, who := range []struct {
			name, token, want string
		}{{"anonymous", "", "list"}, {"customer", carl.Token, "list"}, {"buyer", bob.Token, "company"}, {"company admin", ann.Token, "company"},
			{"admin", boss.Token, "list"}, {"other company", dora.Token, "list"}} {
			res, body := ts.send(t, "GET", "/prices?ids="+ids, who.token, nil)
			if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-store" {
				t.Fatalf("%s: %d %s", who.name, res.StatusCode, body)
			}
			var got []string
			for _, p := range decode[[]price](t, body) {
				s := strconv.FormatFloat(p.UnitPrice, 'f', -1, 64) + "["
				for i, tr := range p.Tiers {
					if i > 0 {
						s += " "
					}
					s += strconv.FormatFloat(tr.UnitPrice, 'f', -1, 64)
				}
				got = append(got, s+"]")
			}
			if strings.Join(got, " ") != want[who.want] {
				t.Errorf("%s: %s, want %s (%s)", who.name, strings.Join(got, " "), want[who.want], body)
			}
		}
		for _, bad := range []string{"", "?ids=", "?ids=abc", "?ids=" + gauge.ID + ",zz"} {
			res, body := ts.send(t, "GET", "/prices"+bad, "", nil)
			mustProblem(t, res, body, 400)
		}
		res, body := ts.send(t, "GET", "/prices?ids="+gauge.ID, "not-a-token", nil)
		mustProblem(t, res, body, 401)
	})
	t.Run("Charged_OrderAndCheckout", func(t *testing.T) {
		// 50 gauges: 1550 × 0.9 × 0.9 = 1255.5 -> 1256 a piece, 62800 the line, tax 5181
		o := ts.order(t, ts.mustOrder(t, bob.Token, gauge.ID, 50))
		if o.ProductPrice != 12_56 || o.Tax != 51_81 || o.Amount != 628_00+51_81 {
			t.Fatalf("the buyer's order: price %d tax %d amount %d", o.ProductPrice, o.Tax, o.Amount)
		}
		// a pump at 20 % (its category's, not the company's 10 %) and 10 valves at 30 × 0.95
		g := ts.mustMemberCheckout(t, bob.Token, pump.ID, 1, valve.ID, 10)
		if p, v := ts.order(t, g.OrderIDs[0]), ts.order(t, g.OrderIDs[1]); p.ProductPrice != 80_00 || v.ProductPrice != 28_50 {
			t.Fatalf("the buyer's checkout: %d and %d", p.ProductPrice, v.ProductPrice)
		}
		// 80.00 (tax 6.60) + 285.00 (tax 23.51)
		if g.Total != 395.11 || g.Tax != 30.11 {
			t.Fatalf("checkout total %v tax %v, want 395.11 and 30.11", g.Total, g.Tax)
		}
		// a customer of no company and another company's member pay list prices
		if o := ts.order(t, ts.mustOrder(t, carl.Token, gauge.ID, 50)); o.ProductPrice != 13_95 {
			t.Fatalf("a customer's order: %d", o.ProductPrice)
		}
		if o := ts.order(t, ts.mustOrder(t, dora.Token, valve.ID, 1)); o.ProductPrice != 40_00 {
			t.Fatalf("another company's order: %d", o.ProductPrice)
		}
	})
	t.Run("Replaced_AndEmptied", func(t *testing.T) {
		res, body := ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"priceList": map[string]any{}})
		if res.StatusCode != 200 {
			t.Fatalf("empty the list: %d %s", res.StatusCode, body)
		}
		if o := ts.order(t, ts.mustOrder(t, bob.Token, pump.ID, 1)); o.ProductPrice != 100_00 {
			t.Fatalf("after the list is emptied: %d", o.ProductPrice)
		}
		res, body = ts.send(t, "PATCH", "/companies/"+other, boss.Token, map[string]any{"priceList": map[string]any{"percentOff": 50}})
		if res.StatusCode != 200 {
			t.Fatalf("the other company's list: %d %s", res.StatusCode, body)
		}
		if o := ts.order(t, ts.mustOrder(t, bob.Token, pump.ID, 1)); o.ProductPrice != 100_00 {
			t.Fatalf("another company's list applied: %d", o.ProductPrice)
		}
	})
}

// Required PO numbers (issue 45): a member's purchase records the
// company's name (a free-text company is refused), and when the company
// requires a PO number a purchase without one is refused (400) with
// nothing reserved, on POST /checkout, POST /order (which has none) and a
// quote's acceptance; a customer's purchase is as before.
func TestCompanies_PONumbers(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	boss := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.quickAccount(t, "Ann", "ann@quarry.test")
	bob := ts.quickAccount(t, "Bob", "bob@quarry.test")
	carl := ts.quickAccount(t, "Carl", "carl@elsewhere.test")
	id := ts.mustCompany(t, ann, boss, "Quarry Works Ltd")
	ts.mustJoin(t, ann, id, bob, "buyer", nil)
	drill := ts.mustProduct(t, "PO Drill", 200_00, 10, 1)

	res, body := ts.send(t, "POST", "/checkout", bob.Token, checkoutBody(drill.ID, 1))
	if p := mustProblem(t, res, body, 400); p.Errors["company"] != "is set by your membership: this purchase is for Quarry Works Ltd; leave the company out" {
		t.Fatalf("a member's free-text company: %s", body)
	}
	g := ts.mustMemberCheckout(t, bob.Token, drill.ID, 1)
	if grp := ts.group(t, g.GroupID); grp.Company != "Quarry Works Ltd" || grp.PONumber != "PO-7731" {
		t.Fatalf("the member's purchase: company %q PO %q", grp.Company, grp.PONumber)
	}
	if res, body := ts.send(t, "PATCH", "/companies/"+id, ann.Token, map[string]any{"poRequired": true}); res.StatusCode != 403 {
		t.Fatalf("the company's admin set the PO rule: %d %s", res.StatusCode, body)
	}
	if res, body := ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"poRequired": true}); res.StatusCode != 200 || !strings.Contains(string(body), `"poRequired":true`) {
		t.Fatalf("require PO numbers: %d %s", res.StatusCode, body)
	}
	noPO := checkoutBody(drill.ID, 1)
	delete(noPO, "company")
	delete(noPO, "poNumber")
	res, body = ts.send(t, "POST", "/checkout", bob.Token, noPO)
	if p := mustProblem(t, res, body, 400); p.Errors["poNumber"] != "is required: Quarry Works Ltd asks for a purchase order number on every purchase" {
		t.Fatalf("a checkout without a PO number: %s", body)
	}
	res, body = ts.send(t, "POST", "/order", bob.Token, orderBody(drill.ID, 1))
	if p := mustProblem(t, res, body, 400); p.Errors["poNumber"] != fmt.Sprintf(shop.MsgPORequiredSingle, "Quarry Works Ltd") {
		t.Fatalf("POST /order of a member who needs a PO number: %s", body)
	}
	if s := ts.stock(t, drill.ID); s != 9 {
		t.Fatalf("stock %d after the refusals, want 9", s)
	}
	ts.mustMemberCheckout(t, bob.Token, drill.ID, 1) // with PO-7731
	ts.mustOrder(t, carl.Token, drill.ID, 1)         // a customer: no rule
	ts.mustCheckout(t, carl.Token, drill.ID, 1)      // a customer's free-text company stands

	// a quote's acceptance: the PO number comes with it
	res, body = ts.send(t, "POST", "/quotes", bob.Token, quoteBody("A price for two, please.", drill.ID, 2))
	if res.StatusCode != 201 {
		t.Fatalf("quote: %d %s", res.StatusCode, body)
	}
	q := decode[inserted](t, body).InsertedID
	res, body = ts.send(t, "PATCH", "/quotes/"+q, boss.Token, map[string]any{"items": []map[string]any{{"productId": drill.ID, "unitPrice": 150}},
		"validUntil": time.Now().UTC().AddDate(0, 0, 7).Format(time.DateOnly)})
	if res.StatusCode != 200 {
		t.Fatalf("price the quote: %d %s", res.StatusCode, body)
	}
	res, body = ts.send(t, "POST", "/quotes/"+q+"/accept", bob.Token, acceptAt(1))
	if p := mustProblem(t, res, body, 400); p.Errors["poNumber"] == "" {
		t.Fatalf("an acceptance without a PO number: %s", body)
	}
	accept := acceptAt(1)
	accept["poNumber"] = "PO-9001"
	if res, body := ts.send(t, "POST", "/quotes/"+q+"/accept", bob.Token, accept); res.StatusCode != 200 {
		t.Fatalf("accept with a PO number: %d %s", res.StatusCode, body)
	}
	if grp := ts.group(t, q); grp.Company != "Quarry Works Ltd" || grp.PONumber != "PO-9001" {
		t.Fatalf("the accepted quote's purchase: company %q PO %q", grp.Company, grp.PONumber)
	}
	// the buyer's e-mail of the purchase names the PO number
	found := false
	for _, m := range ts.mailbox.to(bob.Email, shop.LetterOrderPlaced) {
		found = found || strings.Contains(m.Text, "Your PO number: PO-9001")
	}
	if !found {
		t.Fatal("the buyer's e-mail of the purchase does not name its PO number")
	}
}
