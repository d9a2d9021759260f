package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSpecContract_TwentyTwoCalls is the spec's 22 calls as the seed's
// client sends them (issue 43): each path with the spec's body fields and
// what DESIGN.md adds (a bearer token of the right role; productId on POST
// /order; {orderId} on POST /create-payment-intent, with the spec's price
// accepted and ignored; the spec's extra order fields accepted and
// ignored), each answering the spec's shape; and each call that needs a
// signed-in caller answering 401 without a token. It runs on both stores
// (go tool task test:wire runs it on the MongoDB branch). On the main
// before issue 43, PUT /order/update/{id} with the spec's {shipped: true,
// pending: false} answered 400.
func TestSpecContract_TwentyTwoCalls(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.mustRegister(t, "Alice", "alice@contract.test")
	ts.mustVerify(t, "alice@contract.test")
	carol := ts.mustRegister(t, "Carol", "carol@contract.test")
	ts.mustVerify(t, "carol@contract.test")
	gone := ts.mustRegister(t, "Gone", "gone@contract.test")
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	p := ts.mustProduct(t, "Contract Lathe", 1250_00, 50, 1)

	// the keys each answer shape must carry (the OpenAPI document checks
	// the rest of every answer, in ts.send)
	keys := func(t *testing.T, body []byte, want ...string) {
		t.Helper()
		var m map[string]json.RawMessage
		if strings.HasPrefix(strings.TrimSpace(string(body)), "[") {
			var list []map[string]json.RawMessage
			if err := json.Unmarshal(body, &list); err != nil || len(list) == 0 {
				t.Fatalf("want a non-empty list: %s", body)
			}
			m = list[0]
		} else if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("not an object: %s", body)
		}
		for _, k := range want {
			if _, ok := m[k]; !ok {
				t.Fatalf("the answer lacks %q: %s", k, body)
			}
		}
	}
	call := func(t *testing.T, method, path, token string, body any, status int, want ...string) []byte {
		t.Helper()
		res, out := ts.send(t, method, path, token, body)
		if res.StatusCode != status {
			t.Fatalf("%s %s: %d, want %d: %s", method, path, res.StatusCode, status, out)
		}
		keys(t, out, want...)
		return out
	}
	productKeys := []string{"_id", "name", "price", "image", "description", "avaialbequantit", "minimumquantity", "email"}
	orderKeys := []string{"_id", "name", "image", "email", "productName", "productPrice", "productQuantity", "address", "mobile", "pending", "shipped", "paid", "transactionId"}
	// The seed client's order: every spec field, the price a lie.
	specOrder := map[string]any{"productId": p.ID, "name": "Someone Else", "email": "else@evil.test", "image": "http://evil.test/x.png",
		"productName": "Free lathe", "productPrice": "0.01", "productQuantity": "2", "address": "1 Mill Road, Leeds", "mobile": "+44 113 496 0000"}
	var orderID, paidID string
	var added string

	steps := []struct {
		name  string
		noTok int // the status without a token (0: the call is public)
		run   func(t *testing.T)
	}{
		{"GET /service", 0, func(t *testing.T) { call(t, "GET", "/service", "", nil, 200, productKeys...) }},
		{"GET /service/{id}", 0, func(t *testing.T) { call(t, "GET", "/service/"+p.ID, "", nil, 200, productKeys...) }},
		{"POST /added", 401, func(t *testing.T) {
			out := call(t, "POST", "/added", admin.Token, map[string]any{"name": "Spec Press", "price": "999.5", "image": img, "description": "A press.",
				"avaialbequantit": "4", "minimumquantity": "1", "email": admin.Email}, 201, "acknowledged", "insertedId")
			added = decode[struct {
				InsertedID string `json:"insertedId"`
			}](t, out).InsertedID
		}},
		{"DELETE /deleteproduct/{id}", 401, func(t *testing.T) {
			call(t, "DELETE", "/deleteproduct/"+added, admin.Token, nil, 200, "acknowledged", "deletedCount")
		}},
		{"POST /reviews", 401, func(t *testing.T) {
			call(t, "POST", "/reviews", alice.Token, map[string]any{"name": "Mallory", "email": "else@evil.test", "review": "Solid machines.", "img": img}, 201,
				"acknowledged", "insertedId")
		}},
		{"GET /reviews", 0, func(t *testing.T) { call(t, "GET", "/reviews", "", nil, 200, "_id", "name", "review", "img") }},
		{"PUT /user/{email}", 401, func(t *testing.T) {
			call(t, "PUT", "/user/"+alice.Email, alice.Token, map[string]any{"email": alice.Email, "name": "Alice"}, 200, "token")
		}},
		{"GET /admin/{email}", 401, func(t *testing.T) {
			if out := call(t, "GET", "/admin/"+admin.Email, admin.Token, nil, 200, "admin"); !strings.Contains(string(out), `"admin":true`) {
				t.Fatalf("%s", out)
			}
		}},
		{"GET /user", 401, func(t *testing.T) { call(t, "GET", "/user", admin.Token, nil, 200, "_id", "email", "role") }},
		{"PUT /user/admin/{email}", 401, func(t *testing.T) {
			call(t, "PUT", "/user/admin/"+carol.Email, admin.Token, nil, 200, "acknowledged", "matchedCount", "modifiedCount")
		}},
		{"DELETE /user/{id}", 401, func(t *testing.T) {
			call(t, "DELETE", "/user/"+gone.ID, admin.Token, nil, 200, "acknowledged", "deletedCount")
		}},
		{"POST /order", 401, func(t *testing.T) {
			out := call(t, "POST", "/order", alice.Token, specOrder, 201, "acknowledged", "insertedId")
			orderID = decode[struct {
				InsertedID string `json:"insertedId"`
			}](t, out).InsertedID
			o := ts.order(t, orderID)
			if o.Name != "Alice" || o.Email != alice.Email || o.ProductName != p.Name || o.ProductPrice != p.Price || o.ProductQuantity != 2 {
				t.Fatalf("the spec's extra fields were not ignored: %+v", o)
			}
			out = call(t, "POST", "/order", alice.Token, specOrder, 201, "acknowledged", "insertedId")
			paidID = decode[struct {
				InsertedID string `json:"insertedId"`
			}](t, out).InsertedID
		}},
		{"GET /orders", 401, func(t *testing.T) { call(t, "GET", "/orders", admin.Token, nil, 200, orderKeys...) }},
		{"GET /order?email=", 401, func(t *testing.T) { call(t, "GET", "/order?email="+alice.Email, alice.Token, nil, 200, orderKeys...) }},
		{"GET /pay/{id}", 401, func(t *testing.T) { call(t, "GET", "/pay/"+paidID, alice.Token, nil, 200, orderKeys...) }},
		{"POST /create-payment-intent", 401, func(t *testing.T) {
			out := call(t, "POST", "/create-payment-intent", alice.Token, map[string]any{"orderId": paidID, "price": 0.01}, 200, "clientSecret")
			secret := decode[struct {
				ClientSecret string `json:"clientSecret"`
			}](t, out).ClientSecret
			if status, pi, _ := ts.payWithCard(t, secret, "4242424242424242"); status != 200 {
				t.Fatalf("card: %d", status)
			} else {
				// PATCH /pay/{id} as the seed sends it: the transaction and the order's id.
				call(t, "PATCH", "/pay/"+paidID, alice.Token, map[string]any{"transactionId": pi, "order": paidID}, 200, "acknowledged", "matchedCount", "modifiedCount")
			}
			if o := ts.order(t, paidID); !o.Paid || o.Amount != 2*1250_00 {
				t.Fatalf("paid order: %+v", o)
			}
		}},
		{"PATCH /pay/{id}", 401, func(t *testing.T) {}}, // (with the intent above: its 401 below)
		{"PUT /order/update/{id}", 401, func(t *testing.T) {
			call(t, "PUT", "/order/update/"+paidID, admin.Token, map[string]any{"shipped": true, "pending": false}, 200, "acknowledged", "matchedCount", "modifiedCount")
			if o := ts.order(t, paidID); !o.Shipped || o.Pending {
				t.Fatalf("shipped order: %+v", o)
			}
		}},
		{"DELETE /delete/{id}", 401, func(t *testing.T) {
			call(t, "DELETE", "/delete/"+orderID, alice.Token, nil, 200, "acknowledged", "deletedCount")
		}},
		{"POST /profile", 401, func(t *testing.T) {
			call(t, "POST", "/profile", alice.Token, map[string]any{"name": "Alice", "email": alice.Email, "image": img, "address": "1 Mill Road",
				"education": "BSc", "linkdin": "https://www.linkedin.com/in/alice"}, 200)
		}},
		{"GET /profile?email=", 401, func(t *testing.T) {
			call(t, "GET", "/profile?email="+alice.Email, alice.Token, nil, 200, "_id", "name", "email", "image", "address", "education", "linkdin")
		}},
		{"DELETE /deleteprofile/{id}", 401, func(t *testing.T) {
			out := call(t, "GET", "/profile?email="+alice.Email, alice.Token, nil, 200, "_id")
			id := decode[[]struct {
				ID string `json:"_id"`
			}](t, out)[0].ID // (the spec's answer is a list)
			call(t, "DELETE", "/deleteprofile/"+id, alice.Token, nil, 200, "acknowledged", "deletedCount")
		}},
	}
	if len(steps) != 22 {
		t.Fatalf("%d calls, want the spec's 22", len(steps))
	}
	for _, s := range steps {
		t.Run(s.name, s.run)
	}
	// Without a token, every call that needs one answers 401 and does nothing.
	for _, s := range steps {
		if s.noTok == 0 {
			continue
		}
		t.Run(s.name+" without a token", func(t *testing.T) {
			method, path, _ := strings.Cut(s.name, " ")
			path = strings.NewReplacer("{id}", p.ID, "{email}", alice.Email, "=", "="+alice.Email).Replace(path)
			if method == "PATCH" || method == "PUT" || method == "DELETE" {
				path = strings.NewReplacer("/order/update/"+p.ID, "/order/update/"+paidID, "/pay/"+p.ID, "/pay/"+paidID).Replace(path)
			}
			res, body := ts.send(t, method, path, "", map[string]any{})
			mustProblem(t, res, body, s.noTok)
		})
	}
	if o := ts.order(t, paidID); !o.Shipped || !o.Paid || ts.stock(t, p.ID) != 48 {
		t.Fatalf("after the refused calls: %+v, stock %d", o, ts.stock(t, p.ID))
	}
}
