package httpapi_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// TestSales places and pays orders across two months (an injected clock
// drives the store's dates and the figures' "now") and checks every figure
// of GET /admin/sales and the CSV of GET /admin/orders.csv.
func TestSales(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-10-15T12:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now})
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	press := ts.mustProduct(t, "Drill Press", 100_00, 50, 1)
	pump := ts.mustProduct(t, "Water Pump", 25_50, 50, 2)
	lathe := ts.mustProduct(t, "Bench Lathe", 900_00, 1, 3) // below its minimum: no one can buy it

	order := func(who account, p shop.Product, qty, address string) string {
		t.Helper()
		res, body := ts.send(t, "POST", "/order", who.Token, map[string]string{"productId": p.ID, "productQuantity": qty,
			"address": address, "mobile": "+44 113 496 0000"})
		var out struct{ InsertedID string }
		if err := json.Unmarshal(body, &out); err != nil || res.StatusCode != 201 {
			t.Fatalf("order: %d %s", res.StatusCode, body)
		}
		return out.InsertedID
	}
	pay := func(who account, id string) {
		t.Helper()
		_, intent, _ := ts.payWithCard(t, ts.clientSecret(t, who.Token, id), "4242424242424242")
		if res, body := ts.send(t, "PATCH", "/pay/"+id, who.Token, map[string]string{"transactionId": intent}); res.StatusCode != 200 {
			t.Fatalf("pay: %d %s", res.StatusCode, body)
		}
	}

	// October: $200 paid (2 units), $51 unpaid, and an order paid only in November.
	pay(alice, order(alice, press, "2", "1 Mill Road, Leeds"))
	order(alice, pump, "2", `12 "Old Mill", Leeds`)
	late := order(alice, press, "3", "=HYPERLINK(\"http://evil.test\")")
	// November: $102 paid (4 units), $300 paid for October's order, $100 unpaid and shipped.
	clock.Set("2026-11-03T09:30:00Z")
	pay(bob, order(bob, pump, "4", "@SUM(A1)"))
	pay(alice, late)
	unpaidShipped := order(bob, press, "1", "-2+3")
	if res, body := ts.send(t, "PUT", "/order/update/"+unpaidShipped, admin.Token, nil); res.StatusCode != 200 {
		t.Fatalf("ship: %d %s", res.StatusCode, body)
	}
	// A replacement (amount 0, paid) is in the export but not in the figures.
	ctx := context.Background()
	repl, err := ts.store.InsertOrder(ctx, shop.Order{Name: "Bob", Email: "bob@shop.test", ProductID: press.ID, ProductName: press.Name,
		ProductPrice: press.Price, ProductQuantity: 1, Amount: 0, Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ts.store.MarkOrderPaid(ctx, repl.ID, "replacement:1"); err != nil {
		t.Fatal(err)
	}
	clock.Set("2026-11-20T08:00:00Z")

	t.Run("OK", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/admin/sales?months=2", admin.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		for _, want := range []string{`{"month":"2026-10","revenue":200.00,"orders":1,"purchases":1,"units":2}`, `{"month":"2026-11","revenue":402.00,"orders":2,"purchases":2,"units":7}`,
			`"unpaid":{"count":2,"amount":151.00}`} {
			if !strings.Contains(string(body), want) {
				t.Errorf("no %s in %s", want, body)
			}
		}
		var got struct {
			Months      []map[string]any
			TopProducts []struct {
				ProductID, Name string
				Units           int64
				Revenue         float64
			}
			LowStock []struct {
				ID        string `json:"_id"`
				Name      string
				Available int64 `json:"avaialbequantit"`
				Minimum   int64 `json:"minimumquantity"`
			}
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Months) != 2 || len(got.TopProducts) != 2 ||
			got.TopProducts[0].ProductID != press.ID || got.TopProducts[0].Name != "Drill Press" || got.TopProducts[0].Units != 5 || got.TopProducts[0].Revenue != 500 ||
			got.TopProducts[1].ProductID != pump.ID || got.TopProducts[1].Units != 4 || got.TopProducts[1].Revenue != 102 {
			t.Errorf("figures: %s", body)
		}
		found := false
		for _, p := range got.LowStock {
			if p.Available >= p.Minimum || p.ID == press.ID || p.ID == pump.ID {
				t.Errorf("%s (%d in stock, minimum %d) is not low on stock", p.Name, p.Available, p.Minimum)
			}
			found = found || p.ID == lathe.ID && p.Name == "Bench Lathe" && p.Available == 1 && p.Minimum == 3
		}
		if !found {
			t.Errorf("the lathe is not in the low-stock list: %s", body)
		}
	})
	t.Run("OK_emptyMonthsIncluded", func(t *testing.T) {
		var got struct{ Months []map[string]any }
		res, body := ts.send(t, "GET", "/admin/sales", admin.Token, nil)
		if err := json.Unmarshal(body, &got); err != nil || res.StatusCode != 200 || len(got.Months) != 6 ||
			got.Months[0]["month"] != "2026-06" || got.Months[0]["revenue"] != 0.0 || got.Months[5]["month"] != "2026-11" {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "GET", "/admin/sales?months=1", admin.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"months":[{"month":"2026-11","revenue":402.00,"orders":2,"purchases":2,"units":7}]`) {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		for _, q := range []string{"0", "25", "six", "-1"} {
			if res, body := ts.send(t, "GET", "/admin/sales?months="+q, admin.Token, nil); res.StatusCode != 400 || !strings.Contains(string(body), "months") {
				t.Errorf("months=%s: %d %s", q, res.StatusCode, body)
			}
		}
	})
	t.Run("ErrForbidden", func(t *testing.T) {
		for _, path := range []string{"/admin/sales", "/admin/orders.csv"} {
			if res, _ := ts.send(t, "GET", path, alice.Token, nil); res.StatusCode != 403 {
				t.Errorf("a customer: GET %s answers %d", path, res.StatusCode)
			}
			if res, _ := ts.send(t, "GET", path, "", nil); res.StatusCode != 401 {
				t.Errorf("signed out: GET %s answers %d", path, res.StatusCode)
			}
		}
	})

	t.Run("CSV", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/admin/orders.csv?from=2026-10-01&to=2026-10-31", admin.Token, nil)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
			res.Header.Get("Content-Disposition") != `attachment; filename="orders-2026-10-01-to-2026-10-31.csv"` {
			t.Fatalf("%d %v %s", res.StatusCode, res.Header, body)
		}
		rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(rows[0], ",") != "number,createdAt,email,name,productName,productQuantity,productPrice,amount,paid,transactionId,shipped,shippedAt,address,mobile,tax,group,carrier,trackingNumber,purchaseNumber,poNumber,company,invoiceNumber" {
			t.Fatalf("header: %v", rows[0])
		}
		if len(rows) != 4 {
			t.Fatalf("October's orders: %d rows\n%s", len(rows)-1, body)
		}
		first := rows[1]
		if first[0] != "1001" || first[1] != "2026-10-15T12:00:00Z" || first[2] != "alice@shop.test" || first[3] != "Alice" || first[4] != "Drill Press" ||
			first[5] != "2" || first[6] != "100.00" || first[7] != "200.00" || first[8] != "true" || !strings.HasPrefix(first[9], "pi_") ||
			first[10] != "false" || first[11] != "" || first[12] != "1 Mill Road, Leeds" || first[13] != "'+44 113 496 0000" ||
			first[14] != "0.00" || first[15] != "" || first[16] != "" || first[17] != "" || len(first) != len(rows[0]) {
			t.Errorf("first row: %q", first)
		}
		// RFC 4180 quoting, and formulas kept as text.
		if !strings.Contains(string(body), `"12 ""Old Mill"", Leeds"`) || rows[2][12] != `12 "Old Mill", Leeds` {
			t.Errorf("quoting: %s", body)
		}
		if rows[3][12] != `'=HYPERLINK("http://evil.test")` || rows[3][8] != "true" {
			t.Errorf("formula: %q", rows[3])
		}

		res, body = ts.send(t, "GET", "/admin/orders.csv?from=2026-11-03&to=2026-11-03", admin.Token, nil)
		rows, _ = csv.NewReader(strings.NewReader(string(body))).ReadAll()
		if res.StatusCode != 200 || len(rows) != 4 || rows[1][12] != "'@SUM(A1)" || rows[2][12] != "'-2+3" || rows[2][10] != "true" || rows[2][11] != "2026-11-03T09:30:00Z" ||
			rows[3][7] != "0.00" || rows[3][9] != "replacement:1" {
			t.Errorf("November 3rd: %d\n%s", res.StatusCode, body)
		}
		// Without dates: from the first order to today.
		res, body = ts.send(t, "GET", "/admin/orders.csv", admin.Token, nil)
		rows, _ = csv.NewReader(strings.NewReader(string(body))).ReadAll()
		if res.StatusCode != 200 || len(rows) != 7 || res.Header.Get("Content-Disposition") != `attachment; filename="orders-start-to-2026-11-20.csv"` {
			t.Errorf("all: %d %v\n%s", res.StatusCode, res.Header, body)
		}
	})
	t.Run("CSV_ErrInvalid", func(t *testing.T) {
		for q, field := range map[string]string{"from=2026-13-01": "from", "to=yesterday": "to", "from=2026-11-02&to=2026-11-01": "to"} {
			res, body := ts.send(t, "GET", "/admin/orders.csv?"+q, admin.Token, nil)
			var p struct{ Errors map[string]string }
			_ = json.Unmarshal(body, &p)
			if res.StatusCode != 400 || p.Errors[field] == "" || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/problem+json") {
				t.Errorf("%s: %d %s", q, res.StatusCode, body)
			}
		}
	})
	// The figures are kept encoded between requests: each order or product
	// written, and each new month, must show in the next answer.
	t.Run("OK_freshAfterWritesAndMonths", func(t *testing.T) {
		figures := func(want string) {
			t.Helper()
			res, body := ts.send(t, "GET", "/admin/sales?months=1", admin.Token, nil)
			if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-store" || !strings.Contains(string(body), want) {
				t.Fatalf("want %s: %d %v\n%s", want, res.StatusCode, res.Header, body)
			}
		}
		figures(`"months":[{"month":"2026-11","revenue":402.00,"orders":2,"purchases":2,"units":7}],`)
		figures(`"unpaid":{"count":2,"amount":151.00}`) // the kept answer
		id := order(alice, pump, "2", "1 Mill Road, Leeds")
		figures(`"unpaid":{"count":3,"amount":202.00}`)
		pay(alice, id)
		figures(`"months":[{"month":"2026-11","revenue":453.00,"orders":3,"purchases":3,"units":9}],`)
		figures(`"unpaid":{"count":2,"amount":151.00}`)
		clock.Set("2026-12-01T00:00:00Z")
		figures(`"months":[{"month":"2026-12","revenue":0.00,"orders":0,"purchases":0,"units":0}],`)
	})
}
