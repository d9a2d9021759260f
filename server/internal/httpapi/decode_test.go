package httpapi_test

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

// sendRaw sends body exactly as written: repeated keys and case variants
// cannot be built from a Go map.
func (ts *testServer) sendRaw(tb testing.TB, method, path, token, contentType, body string) (*http.Response, []byte) {
	tb.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return exchange(tb, req)
}

// mustFieldError expects a 400 problem whose errors say exactly want.
func mustFieldError(tb testing.TB, res *http.Response, body []byte, want map[string]string) {
	tb.Helper()
	p := mustProblem(tb, res, body, 400)
	if p.Detail != "The request body is not valid." || !reflect.DeepEqual(p.Errors, want) {
		tb.Fatalf("problem %q %v, want %v", p.Detail, p.Errors, want)
	}
}

func (ts *testServer) orderCount(tb testing.TB, email string) int64 {
	tb.Helper()
	_, total, err := ts.store.ListOrders(context.Background(), email, 1, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return total
}

// Field names are exact (DESIGN, "The API"): encoding/json matched them
// case-insensitively and let a repeated key win, so that
// {"productQuantity":1,"PRODUCTQUANTITY":5} ordered 5.
func TestDecode_FieldNamesAreExact(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	p := ts.mustProduct(t, "Exact Names Pump", 1250, 20, 1)
	orderJSON := func(quantity string) string {
		return `{"productId":"` + p.ID + `",` + quantity + `,"address":"12 Quarry Road, Leeds","mobile":"+44 113 496 0000"}`
	}
	// nothing is ordered and no stock moves, whatever the refusal
	unchanged := func(t *testing.T) {
		t.Helper()
		if s := ts.stock(t, p.ID); s != 20 {
			t.Fatalf("stock %d, want 20", s)
		}
		if n := ts.orderCount(t, alice.Email); n != 0 {
			t.Fatalf("%d orders stored, want none", n)
		}
	}

	t.Run("ErrCaseVariantKey_NothingOrdered", func(t *testing.T) {
		res, body := ts.sendRaw(t, "POST", "/order", alice.Token, "application/json", orderJSON(`"productQuantity":1,"PRODUCTQUANTITY":5`))
		mustFieldError(t, res, body, map[string]string{"PRODUCTQUANTITY": "is not a known field"})
		unchanged(t)
		// a case variant alone is not the field either
		res, body = ts.sendRaw(t, "POST", "/order", alice.Token, "application/json", orderJSON(`"ProductQuantity":5`))
		mustFieldError(t, res, body, map[string]string{"ProductQuantity": "is not a known field"})
		unchanged(t)
	})
	t.Run("ErrRepeatedKey_NothingOrdered", func(t *testing.T) {
		for _, quantity := range []string{`"productQuantity":1,"productQuantity":5`, `"productQuantity":5,"productQuantity":5`} {
			res, body := ts.sendRaw(t, "POST", "/order", alice.Token, "application/json", orderJSON(quantity))
			mustFieldError(t, res, body, map[string]string{"productQuantity": "is repeated"})
			unchanged(t)
		}
	})
	t.Run("ErrNested", func(t *testing.T) {
		id := ts.mustOrder(t, alice.Token, p.ID, 1)
		// a repeated key inside a nested object, even one the server ignores
		res, body := ts.sendRaw(t, "POST", "/create-payment-intent", alice.Token, "application/json",
			`{"orderId":"`+id+`","price":{"amount":1,"amount":2}}`)
		mustFieldError(t, res, body, map[string]string{"price.amount": "is repeated"})
		if o := ts.order(t, id); o.PaymentIntentID != "" {
			t.Fatalf("a refused request made a payment intent: %+v", o)
		}
		res, body = ts.sendRaw(t, "POST", "/order", alice.Token, "application/json",
			`{"productId":"`+p.ID+`","productQuantity":1,"address":{"line":"a","line":"b"},"mobile":"+44 113 496 0000"}`)
		mustFieldError(t, res, body, map[string]string{"address.line": "is repeated"})
		// fields of an embedded (inlined) type are exact too
		before, _ := ts.store.FindProduct(context.Background(), p.ID)
		res, body = ts.sendRaw(t, "PUT", "/service/"+p.ID, admin.Token, "application/json", `{"DESCRIPTION":"Renamed by a case variant."}`)
		mustFieldError(t, res, body, map[string]string{"DESCRIPTION": "is not a known field"})
		res, body = ts.sendRaw(t, "PUT", "/service/"+p.ID, admin.Token, "application/json", `{"description":"One.","description":"Two."}`)
		mustFieldError(t, res, body, map[string]string{"description": "is repeated"})
		if after, _ := ts.store.FindProduct(context.Background(), p.ID); after.Description != before.Description {
			t.Fatalf("description changed to %q", after.Description)
		}
		if _, body := ts.send(t, "DELETE", "/delete/"+id, alice.Token, nil); ts.stock(t, p.ID) != 20 {
			t.Fatalf("cleanup: %s", body)
		}
	})
	t.Run("ErrOtherBodies", func(t *testing.T) {
		for _, c := range []struct {
			path, token, body string
			want              map[string]string
		}{
			{"/auth/login", "", `{"Email":"alice@shop.test","password":"secret123"}`, map[string]string{"Email": "is not a known field"}},
			{"/auth/login", "", `{"email":"x@shop.test","email":"alice@shop.test","password":"secret123"}`, map[string]string{"email": "is repeated"}},
			{"/auth/register", "", `{"name":"A","email":"a@shop.test","password":"secret123","ROLE":"admin"}`, map[string]string{"ROLE": "is not a known field"}},
			{"/reviews", alice.Token, `{"review":"Good.","Review":"Bad.","img":"x"}`, map[string]string{"Review": "is not a known field"}},
			{"/contact", "", `{"email":"a@shop.test","subject":"Hi","subject":"Hello","message":"Hi."}`, map[string]string{"subject": "is repeated"}},
		} {
			res, body := ts.sendRaw(t, "POST", c.path, c.token, "application/json", c.body)
			mustFieldError(t, res, body, c.want)
		}
		if n := len(ts.users(t)); n != 2 {
			t.Fatalf("%d users: a refused sign-up created an account", n)
		}
	})
	t.Run("ErrUnknownField", func(t *testing.T) {
		res, body := ts.sendRaw(t, "POST", "/order", alice.Token, "application/json", orderJSON(`"productQuantity":1,"quantity":5`))
		mustFieldError(t, res, body, map[string]string{"quantity": "is not a known field"})
		unchanged(t)
	})
	t.Run("ErrWrongType", func(t *testing.T) {
		for quantity, field := range map[string]string{`"productQuantity":true`: "productQuantity", `"productQuantity":{"n":1}`: "productQuantity",
			`"productQuantity":1,"productName":7`: "productName"} {
			res, body := ts.sendRaw(t, "POST", "/order", alice.Token, "application/json", orderJSON(quantity))
			mustFieldError(t, res, body, map[string]string{field: "has the wrong type"})
		}
		unchanged(t)
	})
	t.Run("ErrKeptRules", func(t *testing.T) {
		res, body := ts.sendRaw(t, "POST", "/order", alice.Token, "text/plain", orderJSON(`"productQuantity":1`))
		mustProblem(t, res, body, 415)
		res, body = ts.sendRaw(t, "POST", "/order", alice.Token, "application/json", `{"address":"`+strings.Repeat("a", 1<<20)+`"}`)
		mustProblem(t, res, body, 413)
		res, body = ts.sendRaw(t, "POST", "/order", alice.Token, "application/json", orderJSON(`"productQuantity":{"$gt":0}`))
		mustFieldError(t, res, body, map[string]string{"$gt": "operators are not accepted"})
		for _, bad := range []string{`{"productId":`, `[]`, orderJSON(`"productQuantity":1`) + ` {}`, "{\"address\":\"\xff\"}"} {
			res, body = ts.sendRaw(t, "POST", "/order", alice.Token, "application/json", bad)
			mustProblem(t, res, body, 400)
		}
		// an empty body is {}: the form's own rules answer
		res, body = ts.sendRaw(t, "POST", "/order", alice.Token, "", "")
		if pr := mustProblem(t, res, body, 400); pr.Errors["productId"] == "" {
			t.Fatalf("empty body: %s", body)
		}
		unchanged(t)
	})
	t.Run("OK_ValidBodies", func(t *testing.T) {
		// numbers as strings from forms, as numbers, and null for an optional field
		id := ts.mustOrder(t, alice.Token, p.ID, "2")
		if o := ts.order(t, id); o.ProductQuantity != 2 || ts.stock(t, p.ID) != 18 {
			t.Fatalf("order %+v, stock %d", o, ts.stock(t, p.ID))
		}
		res, body := ts.sendRaw(t, "POST", "/order", alice.Token, "application/json; charset=utf-8", orderJSON(`"productQuantity":3.0,"email":null`))
		if res.StatusCode != 201 || ts.stock(t, p.ID) != 15 {
			t.Fatalf("order: %d %s", res.StatusCode, body)
		}
		before, _ := ts.store.FindProduct(context.Background(), p.ID)
		res, body = ts.sendRaw(t, "PUT", "/service/"+p.ID, admin.Token, "application/json",
			`{"price":"13.5","avaialbequantit":15,"minimumquantity":"1","description":"Edited with numeric strings.","updatedAt":"`+
				before.UpdatedAt.Format("2006-01-02T15:04:05.999999999Z07:00")+`"}`)
		if res.StatusCode != 200 {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
		if after, _ := ts.store.FindProduct(context.Background(), p.ID); after.Price != 1350 || after.Description != "Edited with numeric strings." {
			t.Fatalf("edited product: %+v", after)
		}
		secret := ts.clientSecret(t, alice.Token, id)
		if status, piID, detail := ts.payWithCard(t, secret, "4242 4242 4242 4242"); status != 200 || piID == "" {
			t.Fatalf("card: %d %s", status, detail)
		}
	})
}
