package httpapi_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// Issue 49: claims per line and quantity, the address book, quick order by
// SKU.

func (ts *testServer) mustSKUProduct(tb testing.TB, name, sku string, price shop.Cents, available, minimum int64) shop.Product {
	tb.Helper()
	id, err := ts.store.InsertProduct(context.Background(), shop.ProductDraft{Name: name, SKU: sku, Price: price,
		Image: "http://shop.test/images/0123456789abcdef01234567", Description: "For quick orders.", Available: available, Minimum: minimum, Email: adminEmail})
	if err != nil {
		tb.Fatal(err)
	}
	p, _ := ts.store.FindProduct(context.Background(), id)
	return p
}

func TestClaims_PerLineAndQuantity(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	welder := ds.mustProduct(t, "MIG welder", 1200_00, 30, 1)

	t.Run("OneOfThreeApprovedForOne", func(t *testing.T) {
		order := ds.mustShippedOrder(t, ds.alice.Token, welder.ID, 3)
		res, body := ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": order, "quantity": 1, "reason": "One arrived with a cracked torch.", "images": []string{}})
		if res.StatusCode != 201 {
			t.Fatalf("claim: %d %s", res.StatusCode, body)
		}
		id := decode[inserted](t, body).InsertedID
		if c := ds.claim(t, id); c.Quantity != 1 || c.ProductName != "MIG welder" || c.PurchaseNumber == 0 {
			t.Fatalf("claim: %+v", c)
		}
		stock := ds.stock(t, welder.ID)
		res, body = ds.send(t, "PATCH", "/claims/"+id, ds.admin.Token, map[string]any{"status": "approved", "quantity": 2})
		if p := mustProblem(t, res, body, 400); p.Errors["quantity"] != "must be from 1 to 1, the pieces claimed" {
			t.Fatalf("more than claimed: %+v", p)
		}
		res, body = ds.send(t, "PATCH", "/claims/"+id, ds.admin.Token, map[string]any{"status": "approved", "quantity": 1})
		if res.StatusCode != 200 {
			t.Fatalf("approve: %d %s", res.StatusCode, body)
		}
		c := decode[shop.Claim](t, body)
		if r := ds.order(t, c.ReplacementOrderID); r.ProductQuantity != 1 || r.Amount != 0 || c.ApprovedQuantity != 1 {
			t.Fatalf("replacement of 1: %+v, claim %+v", r, c)
		}
		if got := ds.stock(t, welder.ID); got != stock-1 {
			t.Fatalf("stock %d, want %d (one replaced)", got, stock-1)
		}
	})
	t.Run("PartialApproval", func(t *testing.T) {
		order := ds.mustShippedOrder(t, ds.alice.Token, welder.ID, 3)
		res, body := ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": order, "quantity": 3, "reason": "All three overheat.", "images": []string{}})
		if res.StatusCode != 201 {
			t.Fatalf("claim: %d %s", res.StatusCode, body)
		}
		id := decode[inserted](t, body).InsertedID
		res, body = ds.send(t, "PATCH", "/claims/"+id, ds.admin.Token, map[string]any{"status": "approved", "quantity": 2, "note": "Two were faulty."})
		c := decode[shop.Claim](t, body)
		if res.StatusCode != 200 || c.Quantity != 3 || c.ApprovedQuantity != 2 || ds.order(t, c.ReplacementOrderID).ProductQuantity != 2 {
			t.Fatalf("partial: %d %s", res.StatusCode, body)
		}
	})
	t.Run("ErrMoreThanTheLine", func(t *testing.T) {
		order := ds.mustShippedOrder(t, ds.alice.Token, welder.ID, 3)
		before := ds.snapshot(t)
		for q, want := range map[any]string{4: "must be from 1 to 3, the pieces of this line", 0: "must be at least 1", "two": ""} {
			res, body := ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": order, "quantity": q, "reason": "Broken.", "images": []string{}})
			p := mustProblem(t, res, body, 400)
			if want != "" && p.Errors["quantity"] != want {
				t.Fatalf("quantity %v: %+v", q, p)
			}
		}
		if ds.snapshot(t) != before {
			t.Fatal("a refused claim changed the store")
		}
		res, body := ds.send(t, "PATCH", "/claims/"+ds.mustClaim(t, ds.alice.Token, order), ds.admin.Token, map[string]any{"status": "rejected", "quantity": 1})
		if p := mustProblem(t, res, body, 400); p.Errors["quantity"] != "is only for an approval" {
			t.Fatalf("rejection with a quantity: %+v", p)
		}
	})
	t.Run("TheLineOfAGroup", func(t *testing.T) {
		press := ds.mustProduct(t, "Press", 500_00, 10, 1)
		drill := ds.mustProduct(t, "Drill", 90_00, 10, 1)
		g := ds.mustCheckout(t, ds.alice.Token, press.ID, 2, drill.ID, 4)
		ds.payGroupByWebhook(t, g, "pi_claim_group")
		if res, body := ds.send(t, "PUT", "/groups/"+g.GroupID+"/ship", ds.admin.Token, nil); res.StatusCode != 200 {
			t.Fatalf("ship: %d %s", res.StatusCode, body)
		}
		res, body := ds.send(t, "POST", "/claims", ds.alice.Token, map[string]any{"orderId": g.OrderIDs[0], "quantity": 1, "reason": "Bent ram.", "images": []string{}})
		if res.StatusCode != 201 {
			t.Fatalf("claim: %d %s", res.StatusCode, body)
		}
		c := ds.claim(t, decode[inserted](t, body).InsertedID)
		if c.ProductName != "Press" || c.Quantity != 1 || c.PurchaseID != g.GroupID || c.PurchaseNumber != g.Number {
			t.Fatalf("the group's first line: %+v (group %+v)", c, g)
		}
		// Bob cannot claim Alice's line.
		res, body = ds.send(t, "POST", "/claims", ds.bob.Token, map[string]any{"orderId": g.OrderIDs[1], "quantity": 1, "reason": "Mine?", "images": []string{}})
		if res.StatusCode != 404 && res.StatusCode != 403 {
			t.Fatalf("another's line: %d %s", res.StatusCode, body)
		}
	})
}

type addressOut = shop.Address

func addressBody(label, line1 string) map[string]any {
	return map[string]any{"label": label, "name": "Ann Smith", "company": "Quarry Works Ltd", "line1": line1, "city": "Leeds",
		"postcode": "LS1 4AP", "country": "gb", "phone": "+44 113 496 0000"}
}

func (ts *testServer) mustAddress(t *testing.T, token string, body map[string]any) addressOut {
	t.Helper()
	res, b := ts.send(t, "POST", "/addresses", token, body)
	if res.StatusCode != 201 {
		t.Fatalf("address: %d %s", res.StatusCode, b)
	}
	return decode[addressOut](t, b)
}

func (ts *testServer) addresses(t *testing.T, token string) []addressOut {
	t.Helper()
	res, b := ts.send(t, "GET", "/addresses", token, nil)
	if res.StatusCode != 200 {
		t.Fatalf("addresses: %d %s", res.StatusCode, b)
	}
	return decode[[]addressOut](t, b)
}

func TestAddresses_Book(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	admin := ts.mustRegister(t, "Boss", adminEmail)

	t.Run("Roles", func(t *testing.T) {
		for _, c := range []struct{ method, path string }{{"GET", "/addresses"}, {"POST", "/addresses"},
			{"PATCH", "/addresses/0123456789abcdef01234567"}, {"DELETE", "/addresses/0123456789abcdef01234567"}} {
			res, body := ts.send(t, c.method, c.path, "", addressBody("Works", "1 Mill Road"))
			mustProblem(t, res, body, 401)
		}
		a := ts.mustAddress(t, admin.Token, addressBody("Office", "3 Admin Row")) // an admin is signed in too
		if list := ts.addresses(t, admin.Token); len(list) != 1 || list[0].ID != a.ID {
			t.Fatalf("admin's book: %+v", list)
		}
	})
	var works, yard addressOut
	t.Run("AddDefaultEditDelete", func(t *testing.T) {
		works = ts.mustAddress(t, alice.Token, addressBody("Works", "1 Mill Road"))
		if !works.IsDefault || works.Country != "GB" || works.Label != "Works" {
			t.Fatalf("first address: %+v", works)
		}
		body := addressBody("Yard", "7 Canal Street")
		body["isDefault"] = true
		yard = ts.mustAddress(t, alice.Token, body)
		list := ts.addresses(t, alice.Token)
		if len(list) != 2 || list[0].ID != yard.ID || !list[0].IsDefault || list[1].IsDefault {
			t.Fatalf("the default first: %+v", list)
		}
		res, b := ts.send(t, "PATCH", "/addresses/"+works.ID, alice.Token, map[string]any{"line2": "Unit 4", "isDefault": true})
		if res.StatusCode != 200 || decode[addressOut](t, b).Line2 != "Unit 4" {
			t.Fatalf("patch: %d %s", res.StatusCode, b)
		}
		if list := ts.addresses(t, alice.Token); list[0].ID != works.ID || list[1].IsDefault {
			t.Fatalf("default moved: %+v", list)
		}
		// Bob sees none of them and cannot touch them.
		if list := ts.addresses(t, bob.Token); len(list) != 0 {
			t.Fatalf("bob's book: %+v", list)
		}
		res, b = ts.send(t, "PATCH", "/addresses/"+works.ID, bob.Token, map[string]any{"line1": "Stolen"})
		mustProblem(t, res, b, 404)
		res, b = ts.send(t, "DELETE", "/addresses/"+works.ID, bob.Token, nil)
		mustProblem(t, res, b, 404)
		tmp := ts.mustAddress(t, alice.Token, addressBody("Old", "9 Gone Lane"))
		if res, b := ts.send(t, "DELETE", "/addresses/"+tmp.ID, alice.Token, nil); res.StatusCode != 200 {
			t.Fatalf("delete: %d %s", res.StatusCode, b)
		}
		if list := ts.addresses(t, alice.Token); len(list) != 2 {
			t.Fatalf("after delete: %+v", list)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		before := ts.addresses(t, alice.Token)
		body := addressBody("", "")
		body["country"], body["phone"] = "Britain", "call me"
		res, b := ts.send(t, "POST", "/addresses", alice.Token, body)
		p := mustProblem(t, res, b, 400)
		if p.Detail != "The address is not valid." || p.Errors["line1"] != "is required" || p.Errors["country"] != "must be a two-letter country code, such as US or GB" ||
			p.Errors["phone"] != "must be a phone number" {
			t.Fatalf("invalid: %+v", p)
		}
		if after := ts.addresses(t, alice.Token); len(after) != len(before) {
			t.Fatal("a refused address was saved")
		}
	})
	t.Run("CheckoutAndOrderWithAddressID", func(t *testing.T) {
		p := ts.mustProduct(t, "Lathe", 100_00, 20, 1)
		body := map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 1}}, "addressId": yard.ID}
		res, b := ts.send(t, "POST", "/checkout", alice.Token, body)
		if res.StatusCode != 201 {
			t.Fatalf("checkout: %d %s", res.StatusCode, b)
		}
		o := ts.order(t, decode[checkedOut](t, b).OrderIDs[0])
		if o.Address != "Ann Smith, Quarry Works Ltd, 7 Canal Street, Leeds LS1 4AP, GB" || o.Mobile != "+44 113 496 0000" || o.Country != "GB" {
			t.Fatalf("the saved address: %+v", o)
		}
		res, b = ts.send(t, "POST", "/order", alice.Token, map[string]any{"productId": p.ID, "productQuantity": 1, "addressId": works.ID})
		if res.StatusCode != 201 {
			t.Fatalf("order: %d %s", res.StatusCode, b)
		}
		count := ts.orderCount(t, alice.Email)
		for name, c := range map[string]struct {
			body  map[string]any
			field string
			want  string
		}{
			"address too": {map[string]any{"addressId": yard.ID, "address": "1 Other St"}, "address", "must not be sent with addressId: the saved address is used"},
			"mobile too":  {map[string]any{"addressId": yard.ID, "mobile": "+44 113 496 0001"}, "mobile", "must not be sent with addressId: the saved address is used"},
			"country":     {map[string]any{"addressId": yard.ID, "country": "FR"}, "country", "must be the saved address's country (GB) or left out"},
			"bob's":       {map[string]any{"addressId": "0123456789abcdef01234567"}, "addressId", "is not one of your saved addresses"},
		} {
			for path, body := range map[string]map[string]any{"/checkout": {"items": []map[string]any{{"productId": p.ID, "quantity": 1}}},
				"/order": {"productId": p.ID, "productQuantity": 1}} {
				for k, v := range c.body {
					body[k] = v
				}
				res, b := ts.send(t, "POST", path, alice.Token, body)
				if pr := mustProblem(t, res, b, 400); pr.Errors[c.field] != c.want {
					t.Fatalf("%s on %s: %+v", name, path, pr)
				}
			}
		}
		// Bob cannot ship to Alice's address.
		res, b = ts.send(t, "POST", "/order", bob.Token, map[string]any{"productId": p.ID, "productQuantity": 1, "addressId": yard.ID})
		if pr := mustProblem(t, res, b, 400); pr.Errors["addressId"] != "is not one of your saved addresses" {
			t.Fatalf("bob: %+v", pr)
		}
		if got := ts.orderCount(t, alice.Email); got != count {
			t.Fatalf("refused purchases placed orders: %d, want %d", got, count)
		}
	})
}

func TestCartBulk_Outcomes(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	ts.mustSKUProduct(t, "Pump", "PMP-1", 50_00, 10, 1)
	ts.mustSKUProduct(t, "Valve", "VLV-2", 5_00, 100, 10)
	ts.mustSKUProduct(t, "Motor", "MTR-3", 900_00, 2, 1)
	send := func(token string, lines ...any) (int, []byte) {
		list := []map[string]any{}
		for i := 0; i < len(lines); i += 2 {
			list = append(list, map[string]any{"sku": lines[i], "quantity": lines[i+1]})
		}
		res, b := ts.send(t, "POST", "/cart/bulk", token, map[string]any{"lines": list})
		return res.StatusCode, b
	}
	type answer struct {
		Lines []struct {
			SKU      string `json:"sku"`
			Quantity int64  `json:"quantity"`
			Outcome  string `json:"outcome"`
		} `json:"lines"`
		Cart shop.Cart `json:"cart"`
	}
	t.Run("Roles", func(t *testing.T) {
		res, b := ts.send(t, "POST", "/cart/bulk", "", map[string]any{"lines": []map[string]any{{"sku": "PMP-1", "quantity": 1}}})
		mustProblem(t, res, b, 401)
	})
	t.Run("EachOutcome", func(t *testing.T) {
		status, b := send(alice.Token, "PMP-1", 2, "NOPE-9", 1, "VLV-2", 3, "MTR-3", 5, "pmp-1", 1, "vlv-2", 20)
		if status != 200 {
			t.Fatalf("bulk: %d %s", status, b)
		}
		a := decode[answer](t, b)
		got := ""
		for _, l := range a.Lines {
			got += fmt.Sprintf("%s %d %s; ", l.SKU, l.Quantity, l.Outcome)
		}
		want := "PMP-1 2 added; NOPE-9 1 unknown_sku; VLV-2 3 below_minimum; MTR-3 5 above_stock; pmp-1 1 duplicate; vlv-2 20 duplicate; "
		if got != want {
			t.Fatalf("outcomes:\n got %s\nwant %s", got, want)
		}
		if len(a.Cart.Items) != 1 || a.Cart.Items[0].Quantity != 2 {
			t.Fatalf("cart: %+v", a.Cart)
		}
		// Sent again, the quantities go on top of the cart's.
		_, b = send(alice.Token, "PMP-1", 3)
		if a := decode[answer](t, b); a.Lines[0].Outcome != "added" || a.Cart.Items[0].Quantity != 5 {
			t.Fatalf("on top: %s", b)
		}
		_, b = send(alice.Token, "PMP-1", 6)
		if a := decode[answer](t, b); a.Lines[0].Outcome != "above_stock" || a.Cart.Items[0].Quantity != 5 {
			t.Fatalf("above stock on top: %s", b)
		}
	})
	t.Run("CartFull", func(t *testing.T) {
		bob := ts.quickAccount(t, "Bob", "bob@shop.test")
		items := []map[string]any{}
		for i := range shop.MaxCartLines {
			p := ts.mustProduct(t, fmt.Sprintf("Part %d", i), 1_00, 5, 1)
			items = append(items, map[string]any{"productId": p.ID, "quantity": 1})
		}
		if res, b := ts.send(t, "PUT", "/cart", bob.Token, map[string]any{"items": items}); res.StatusCode != 200 {
			t.Fatalf("fill the cart: %d %s", res.StatusCode, b)
		}
		_, b := send(bob.Token, "PMP-1", 1)
		if a := decode[answer](t, b); a.Lines[0].Outcome != "cart_full" || len(a.Cart.Items) != shop.MaxCartLines {
			t.Fatalf("cart full: %s", b)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		status, b := send(alice.Token, "", 1, "PMP-1", 0)
		if status != 400 {
			t.Fatalf("invalid: %d %s", status, b)
		}
		res, b2 := ts.send(t, "POST", "/cart/bulk", alice.Token, map[string]any{"lines": []any{}})
		if p := mustProblem(t, res, b2, 400); p.Errors["lines"] != "must have at least one line" {
			t.Fatalf("no lines: %+v", p)
		}
	})
}

func TestExport_PurchaseColumns(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	lathe := ts.mustProduct(t, "Lathe", 100_00, 10, 1)
	press := ts.mustProduct(t, "Press", 50_00, 10, 1)
	g := ts.mustCheckout(t, alice.Token, lathe.ID, 1, press.ID, 2)
	ts.payGroupByWebhook(t, g, "pi_export_group")
	day := time.Now().UTC().Format(time.DateOnly)
	res, body := ts.send(t, "GET", "/admin/orders.csv?from="+day+"&to="+day, admin.Token, nil)
	if res.StatusCode != 200 {
		t.Fatalf("export: %d %s", res.StatusCode, body)
	}
	rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("rows: %v %v", rows, err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	invoice := rows[1][col["invoiceNumber"]]
	for _, row := range rows[1:] {
		if row[col["purchaseNumber"]] != fmt.Sprint(g.Number) || row[col["poNumber"]] != "PO-7731" || row[col["company"]] != "Quarry Works Ltd" ||
			invoice == "" || row[col["invoiceNumber"]] != invoice {
			t.Fatalf("a line of group #%d: %q", g.Number, row)
		}
	}
}

// withoutLinks is a letter's text without its links (issue 49: every
// letter links to its page, and an id may hold any digits).
func withoutLinks(text string) string { return linkPattern.ReplaceAllString(text, "") }

var linkPattern = regexp.MustCompile(`https?://\S+`)

// An account's deletion erases its address book.
func TestAddresses_ErasedWithTheAccount(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ann := ts.mustRegister(t, "Ann", "ann@shop.test")
	ts.mustAddress(t, ann.Token, addressBody("Works", "1 Mill Road"))
	if status, out := ts.deleteMe(t, ann.Token, map[string]any{"password": "secret123"}); status != 200 {
		t.Fatalf("delete: %d %s", status, out)
	}
	if book, err := ts.store.FindAddressBook(context.Background(), ann.Email); err != nil || len(book.Addresses) != 0 || book.Revision != 0 {
		t.Fatalf("the address book after the deletion: %+v %v", book, err)
	}
}
