package httpapi_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

func TestContentAuthorisation(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.mustRegister(t, "Alice", "alice@shop.test")
	bob := ts.mustRegister(t, "Bob", "bob@shop.test")
	img := ts.mustUpload(t, alice.Token, testPNG(t, 12, 12))
	ts.send(t, "POST", "/profile", alice.Token, map[string]any{"image": img, "address": "a", "education": "b"})
	_, body := ts.send(t, "GET", "/profile?email="+alice.Email, alice.Token, nil)
	profileID := decode[[]shop.Profile](t, body)[0].ID
	_, body = ts.get(t, "/service?limit=1")
	productID := decode[[]shop.Product](t, body)[0].ID

	roles := []struct{ name, token string }{{"anonymous", ""}, {"customer", alice.Token}, {"another customer", bob.Token}, {"admin", admin.Token}}
	newProduct := func(i int) map[string]any {
		p := validProduct(img)
		p["name"] = fmt.Sprintf("Auth Product %d", i)
		return p
	}
	cases := []struct {
		method, path string
		body         func(i int) any
		want         [4]int
	}{
		{"POST", "/added", func(i int) any { return newProduct(i) }, [4]int{401, 403, 403, 201}},
		{"PUT", "/service/" + productID, func(int) any { return map[string]any{"description": "Edited by the table test."} }, [4]int{401, 403, 403, 200}},
		{"POST", "/reviews", func(int) any { return map[string]any{"review": "Fine.", "img": img} }, [4]int{401, 201, 201, 201}},
		{"GET", "/profile?email=" + alice.Email, nil, [4]int{401, 200, 403, 403}},
		{"POST", "/profile", func(int) any { return map[string]any{"image": img, "address": "x", "education": "y"} }, [4]int{401, 200, 200, 200}},
		{"DELETE", "/deleteprofile/" + profileID, nil, [4]int{401, 200, 404, 404}}, // by id: hidden from all but its owner
		{"DELETE", "/deleteproduct/" + productID, nil, [4]int{401, 403, 403, 200}},
	}
	// The customer (the profile's owner) goes last, so that the refusals of
	// the others are checked before the owner's delete succeeds.
	order := []int{0, 2, 3, 1}
	for _, c := range cases {
		for _, i := range order {
			role := roles[i]
			t.Run(fmt.Sprintf("%s %s as %s", c.method, c.path, role.name), func(t *testing.T) {
				var b any
				if c.body != nil {
					b = c.body(i)
				}
				before := snapshot(t, ts)
				res, body := ts.send(t, c.method, c.path, role.token, b)
				if res.StatusCode != c.want[i] {
					t.Fatalf("status %d, want %d: %s", res.StatusCode, c.want[i], body)
				}
				if res.StatusCode >= 400 {
					mustProblem(t, res, body, c.want[i])
					if res.StatusCode == 404 { // hidden: word for word what a missing id gets
						_, missing := ts.send(t, c.method, strings.Replace(c.path, profileID, "0123456789abcdef01234567", 1), role.token, b)
						if string(body) != string(missing) {
							t.Fatalf("%s\nbut a missing id answers %s", body, missing)
						}
					}
					if after := snapshot(t, ts); !reflect.DeepEqual(before, after) {
						t.Fatal("a refused request changed the store")
					}
				}
			})
		}
	}
}

// snapshot is what the content endpoints can change.
func snapshot(tb testing.TB, ts *testServer) any {
	tb.Helper()
	ctx := context.Background()
	products, _, err := ts.store.ListProducts(ctx, shop.ProductQuery{Limit: 100, Sort: "createdAt"})
	if err != nil {
		tb.Fatal(err)
	}
	reviews, _ := ts.store.ListReviews(ctx, 100)
	prof, _ := ts.store.FindProfileByEmail(ctx, "alice@shop.test")
	return []any{products, reviews, prof}
}
