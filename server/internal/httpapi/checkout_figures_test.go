package httpapi_test

import (
	"testing"
)

// The one computation of a purchase's figures (issue 48) with what issues
// 45 and 49 bring to it: a member of a company is previewed and charged
// its company's prices, and a buyer with an approved tax exemption no tax,
// on the lines and on the delivery alike (TAX_SHIPPING on). The preview
// equals the charge for each.
func TestCheckoutFigures_CompanyPricesAndTaxExemption(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 1000}) // 10%
	ts.deps.Purchases.TaxShipping = true
	admin := ts.mustRegister(t, "Boss", adminEmail)
	owner := ts.quickAccount(t, "Olive", "olive@shop.test")
	exempt := ts.quickAccount(t, "Ezra", "ezra@shop.test")
	pump := ts.mustWeighed(t, admin.Token, "Figures pump", 200_00, "10", 2)
	road := ts.mustMethod(t, admin.Token, map[string]any{"name": "Road", "kind": "delivery", "rates": []map[string]any{{"maxKg": 100, "price": 30}}, "days": 3})

	id := ts.mustCompany(t, owner, admin, "Olive Plant Ltd")
	if res, body := ts.send(t, "PATCH", "/companies/"+id, admin.Token, map[string]any{"priceList": map[string]any{"percentOff": 10}}); res.StatusCode != 200 {
		t.Fatalf("price list: %d %s", res.StatusCode, body)
	}
	ex := ts.mustApplyExemption(t, exempt.Token)
	if res, body := ts.decideExemption(t, admin.Token, ex.ID, "approved", ""); res.StatusCode != 200 {
		t.Fatalf("approve the exemption: %d %s", res.StatusCode, body)
	}

	for _, c := range []struct {
		name                           string
		who                            account
		subtotal, shipping, tax, total float64
	}{
		// 2 × $200 at 10 % off = $360; delivery $30; tax 10 % of both
		{"company prices", owner, 360, 30, 36 + 3, 429},
		// list prices, no tax on the lines or the delivery
		{"tax exempt", exempt, 400, 30, 0, 430},
	} {
		body := withDelivery(checkoutBody(pump.ID, 2), road.ID, "")
		delete(body, "company") // (a member's purchase is its company's)
		res, out := ts.send(t, "POST", "/checkout/preview", c.who.Token, body)
		if res.StatusCode != 200 {
			t.Fatalf("%s: preview %d %s", c.name, res.StatusCode, out)
		}
		f := decode[figures](t, out)
		if f.Subtotal != c.subtotal || f.Shipping != c.shipping || f.Tax != c.tax || f.Total != c.total {
			t.Fatalf("%s: previewed %+v", c.name, f)
		}
		res, out = ts.send(t, "POST", "/checkout", c.who.Token, body)
		if res.StatusCode != 201 {
			t.Fatalf("%s: checkout %d %s", c.name, res.StatusCode, out)
		}
		if got := decode[checkedOut](t, out); got.Total != f.Total || got.Tax != f.Tax {
			t.Fatalf("%s: charged %+v, previewed %+v", c.name, got, f)
		}
	}
}
