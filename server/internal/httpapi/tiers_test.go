package httpapi_test

import (
	"strings"
	"testing"
)

// Volume tiers (issue 45): an admin states them on POST /added and
// PUT /service/{id}, GET /service/{id} carries them, and every order and
// checkout is charged the tier's unit price, taxed on the discounted line.
func TestTiers_SetShownCharged(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{taxRate: 825}) // 8.25 %
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	p := validProduct(img)
	p["name"], p["price"], p["avaialbequantit"] = "Tier Gauge", "15.50", 500
	p["tiers"] = []map[string]any{{"min": "10", "percentOff": "5"}, {"min": 50, "percentOff": 10}}
	id := ts.mustAddProduct(t, admin.Token, p)

	_, body := ts.send(t, "GET", "/service/"+id, "", nil)
	if !strings.Contains(string(body), `"tiers":[{"min":10,"percentOff":5},{"min":50,"percentOff":10}]`) {
		t.Fatalf("GET /service/{id}: %s", body)
	}
	t.Run("Order_TierPriceTaxedOnTheDiscountedLine", func(t *testing.T) {
		// 10 × 15.50 less 5 %: 1472.5 -> 1473 cents a piece, 14730 the line, tax 1215.225 -> 1215
		o := ts.order(t, ts.mustOrder(t, alice.Token, id, 10))
		if o.ProductPrice != 14_73 || o.Tax != 12_15 || o.Amount != 147_30+12_15 {
			t.Fatalf("order: price %d tax %d amount %d", o.ProductPrice, o.Tax, o.Amount)
		}
		// below the first break: the list price
		o = ts.order(t, ts.mustOrder(t, alice.Token, id, 9))
		if o.ProductPrice != 15_50 || o.Amount != 139_50+11_51 {
			t.Fatalf("order below the break: price %d amount %d", o.ProductPrice, o.Amount)
		}
	})
	t.Run("Checkout_EachLineItsTier", func(t *testing.T) {
		plain := ts.mustProduct(t, "Tier Plain", 100_00, 10, 1)
		g := ts.mustCheckout(t, alice.Token, id, 60, plain.ID, 1)
		// 60 × 13.95 = 837.00 (tax 69.05) + 100.00 (tax 8.25)
		if g.Total != 1014.30 || g.Tax != 77.30 {
			t.Fatalf("checkout total %v tax %v, want 1014.30 and 77.30", g.Total, g.Tax)
		}
		if o := ts.order(t, g.OrderIDs[0]); o.ProductPrice != 13_95 || o.Amount != 837_00+69_05 {
			t.Fatalf("the tiered line: %+v", o)
		}
	})
	t.Run("Edit_KeepsReplacesRemoves", func(t *testing.T) {
		res, body := ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"description": "Kept tiers."})
		if res.StatusCode != 200 {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
		if _, body = ts.send(t, "GET", "/service/"+id, "", nil); !strings.Contains(string(body), `"tiers":[{"min":10,"percentOff":5},{"min":50,"percentOff":10}]`) {
			t.Fatalf("an edit without tiers dropped them: %s", body)
		}
		res, body = ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"tiers": []map[string]any{{"min": 5, "percentOff": 7.5}}})
		if res.StatusCode != 200 {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
		if _, body = ts.send(t, "GET", "/service/"+id, "", nil); !strings.Contains(string(body), `"tiers":[{"min":5,"percentOff":7.5}]`) {
			t.Fatalf("replaced tiers: %s", body)
		}
		res, body = ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"tiers": []any{}})
		if res.StatusCode != 200 {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
		if _, body = ts.send(t, "GET", "/service/"+id, "", nil); strings.Contains(string(body), `"tiers"`) {
			t.Fatalf("removed tiers still shown: %s", body)
		}
	})
	t.Run("ErrInvalid_NothingChanges", func(t *testing.T) {
		for _, tiers := range []any{
			[]map[string]any{{"min": 10, "percentOff": 5}, {"min": 8, "percentOff": 9}},
			[]map[string]any{{"min": 10, "percentOff": 100}},
			[]map[string]any{{"min": 10, "percentOff": 5, "price": 3}},
			[]map[string]any{{"min": 10}},
			"10:5",
		} {
			res, body := ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"tiers": tiers})
			mustProblem(t, res, body, 400)
		}
		if _, body := ts.send(t, "GET", "/service/"+id, "", nil); strings.Contains(string(body), `"tiers"`) {
			t.Fatalf("a refused edit changed the tiers: %s", body)
		}
		q := validProduct(img)
		q["name"], q["tiers"] = "Tier Refused", []map[string]any{{"min": 1, "percentOff": 5}}
		res, body := ts.send(t, "POST", "/added", admin.Token, q)
		if pr := mustProblem(t, res, body, 400); !strings.Contains(string(body), "tier 1: the minimum quantity must be at least 2") {
			t.Fatalf("POST /added: %+v %s", pr, body)
		}
	})
	t.Run("ErrNotAdmin", func(t *testing.T) {
		res, body := ts.send(t, "PUT", "/service/"+id, alice.Token, map[string]any{"tiers": []map[string]any{{"min": 2, "percentOff": 50}}})
		mustProblem(t, res, body, 403)
		res, body = ts.send(t, "PUT", "/service/"+id, "", map[string]any{"tiers": []map[string]any{{"min": 2, "percentOff": 50}}})
		mustProblem(t, res, body, 401)
	})
}
