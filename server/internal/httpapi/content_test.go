package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

func testPNG(tb testing.TB, w, h int) []byte {
	tb.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{uint8(x), 80, 160, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// uploadFile posts a multipart body with data in field.
func (ts *testServer) uploadFile(tb testing.TB, token, field, filename string, data []byte) (*http.Response, []byte) {
	tb.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if field != "" {
		fw, _ := mw.CreateFormFile(field, filename)
		_, _ = fw.Write(data)
	} else {
		_ = mw.WriteField("note", "no image here")
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", ts.URL+"/upload", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return exchange(tb, req)
}

func (ts *testServer) mustUpload(tb testing.TB, token string, data []byte) string {
	tb.Helper()
	res, body := ts.uploadFile(tb, token, "image", "photo.png", data)
	var out struct {
		Success bool
		Data    struct{ URL string }
	}
	_ = json.Unmarshal(body, &out)
	if res.StatusCode != 201 || !out.Success || out.Data.URL == "" {
		tb.Fatalf("upload: %d %s", res.StatusCode, body)
	}
	return out.Data.URL
}

func (ts *testServer) imageCount(tb testing.TB) int64 {
	tb.Helper()
	n, err := ts.store.CountImages(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

func TestUpload(t *testing.T) {
	ts := mustServe(t)
	user := ts.mustRegister(t, "Uma", "uma@shop.test")
	good := testPNG(t, 120, 80)
	t.Run("OK_RoundTripsByteForByte", func(t *testing.T) {
		url := ts.mustUpload(t, user.Token, good)
		if !strings.HasPrefix(url, "http://shop.test/images/") {
			t.Fatalf("url %q", url)
		}
		res, data := ts.get(t, strings.TrimPrefix(url, "http://shop.test"))
		if res.StatusCode != 200 || !bytes.Equal(data, good) || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("ETag") == "" {
			t.Fatalf("served %d bytes (%d uploaded), %v", len(data), len(good), res.Header)
		}
	})
	big := append(append([]byte{}, good...), make([]byte, 6<<20)...)
	for name, c := range map[string]struct {
		field, filename string
		data            []byte
		status          int
	}{
		"ErrTextNamedPNG": {"image", "photo.png", []byte("this is plain text, not a picture at all"), 415},
		"ErrSVG":          {"image", "logo.svg", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`), 415},
		"ErrHTML":         {"image", "page.png", []byte("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"), 415},
		"ErrSixMB":        {"image", "huge.png", big, 413},
		"ErrTruncatedPNG": {"image", "cut.png", good[:len(good)*2/3], 400},
		"ErrZeroBytes":    {"image", "empty.png", nil, 400},
		"ErrMissingField": {"", "", nil, 400},
	} {
		t.Run(name, func(t *testing.T) {
			before := ts.imageCount(t)
			res, body := ts.uploadFile(t, user.Token, c.field, c.filename, c.data)
			mustProblem(t, res, body, c.status)
			if after := ts.imageCount(t); after != before {
				t.Fatalf("a refused upload stored an image: %d -> %d", before, after)
			}
		})
	}
	t.Run("ErrNotMultipart", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/upload", user.Token, map[string]string{"image": "x"})
		mustProblem(t, res, body, 415)
	})
	t.Run("ErrAnonymous", func(t *testing.T) {
		before := ts.imageCount(t)
		res, body := ts.uploadFile(t, "", "image", "p.png", testPNG(t, 10, 10))
		mustProblem(t, res, body, 401)
		if ts.imageCount(t) != before {
			t.Fatal("an anonymous upload was stored")
		}
	})
}

func validProduct(image string) map[string]any {
	return map[string]any{"name": "Test Lathe", "price": "1999.99", "avaialbequantit": "7", "minimumquantity": 1,
		"description": "A lathe for testing.", "image": image, "email": "spoof@evil.test"}
}

func TestProducts(t *testing.T) {
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	t.Run("OK_AddEditDelete", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/added", admin.Token, validProduct(img))
		var added struct {
			Acknowledged bool
			InsertedID   string `json:"insertedId"`
		}
		_ = json.Unmarshal(body, &added)
		if res.StatusCode != 201 || added.InsertedID == "" {
			t.Fatalf("add: %d %s", res.StatusCode, body)
		}
		p, _ := ts.store.FindProduct(context.Background(), added.InsertedID)
		if p.Price != 199999 || p.Available != 7 || p.Email != adminEmail {
			t.Fatalf("stored %+v: price, quantity or owner wrong", p)
		}
		_, body = ts.get(t, "/service?q=test+lathe")
		if list := decode[[]shop.Product](t, body); len(list) != 1 {
			t.Fatalf("the new product is not listed: %s", body)
		}
		res, body = ts.send(t, "PUT", "/service/"+added.InsertedID, admin.Token, map[string]any{"price": 1500})
		if res.StatusCode != 200 || !strings.Contains(string(body), `"modifiedCount":1`) {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
		_, body = ts.get(t, "/service/"+added.InsertedID)
		if got := decode[shop.Product](t, body); got.Price != 150000 || got.Description != "A lathe for testing." {
			t.Fatalf("after edit: %+v", got)
		}
		res, body = ts.send(t, "DELETE", "/deleteproduct/"+added.InsertedID, admin.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"deletedCount":1`) {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		res, body = ts.get(t, "/service/"+added.InsertedID)
		mustProblem(t, res, body, 404)
	})
	t.Run("ErrInvalid_NothingStored", func(t *testing.T) {
		for name, c := range map[string]struct {
			change func(map[string]any)
			field  string
		}{
			"NegativePrice":   {func(p map[string]any) { p["price"] = -5 }, "price"},
			"ThreeDecimals":   {func(p map[string]any) { p["price"] = 10.555 }, "price"},
			"FractionalQty":   {func(p map[string]any) { p["avaialbequantit"] = 2.5 }, "avaialbequantit"},
			"NegativeQty":     {func(p map[string]any) { p["avaialbequantit"] = -1 }, "avaialbequantit"},
			"MinimumZero":     {func(p map[string]any) { p["minimumquantity"] = "0" }, "minimumquantity"},
			"MissingName":     {func(p map[string]any) { delete(p, "name") }, "name"},
			"MissingImage":    {func(p map[string]any) { delete(p, "image") }, "image"},
			"MissingDesc":     {func(p map[string]any) { p["description"] = " " }, "description"},
			"Operator":        {func(p map[string]any) { p["price"] = map[string]any{"$gt": 0} }, "$gt"},
			"OperatorKey":     {func(p map[string]any) { p["$set"] = map[string]any{"price": 1} }, "$set"},
			"UnknownField":    {func(p map[string]any) { p["discount"] = 50 }, "discount"},
			"PriceNotANumber": {func(p map[string]any) { p["price"] = "cheap" }, "price"},
			"QuantityIsABool": {func(p map[string]any) { p["avaialbequantit"] = true }, "avaialbequantit"},
		} {
			t.Run(name, func(t *testing.T) {
				p := validProduct(img)
				p["name"] = "Invalid " + name
				c.change(p)
				before, _ := ts.store.CountProducts(context.Background())
				res, body := ts.send(t, "POST", "/added", admin.Token, p)
				prob := mustProblem(t, res, body, 400)
				if _, ok := prob.Errors[c.field]; !ok {
					t.Errorf("errors %v do not name %q", prob.Errors, c.field)
				}
				if after, _ := ts.store.CountProducts(context.Background()); after != before {
					t.Fatal("an invalid product was stored")
				}
			})
		}
	})
	t.Run("ErrDuplicateName", func(t *testing.T) {
		p := validProduct(img)
		p["name"] = "Hydraulic Excavator 20T"
		res, body := ts.send(t, "POST", "/added", admin.Token, p)
		mustProblem(t, res, body, 409)
	})
	t.Run("ErrRenameToATakenName", func(t *testing.T) {
		_, body := ts.get(t, "/service?limit=2&sort=name")
		list := decode[[]shop.Product](t, body)
		first, taken := list[0], list[1].Name
		res, body := ts.send(t, "PUT", "/service/"+first.ID, admin.Token, map[string]any{"name": taken, "updatedAt": first.UpdatedAt})
		if p := mustProblem(t, res, body, 409); p.Detail != "A product with this name already exists." {
			t.Fatalf("detail %q", p.Detail)
		}
		if got, _ := ts.store.FindProduct(context.Background(), first.ID); !reflect.DeepEqual(got, first) {
			t.Fatalf("changed: %+v", got)
		}
	})
	t.Run("ErrEditOfStaleCopy", func(t *testing.T) {
		_, body := ts.get(t, "/service?limit=1")
		first := decode[[]shop.Product](t, body)[0]
		stale := first.UpdatedAt.Add(-time.Second)
		res, body := ts.send(t, "PUT", "/service/"+first.ID, admin.Token, map[string]any{"price": 1, "updatedAt": stale})
		mustProblem(t, res, body, 409)
		res, body = ts.send(t, "PUT", "/service/"+first.ID, admin.Token, map[string]any{"description": first.Description + " Updated.", "updatedAt": first.UpdatedAt})
		if res.StatusCode != 200 {
			t.Fatalf("edit of the current copy: %d %s", res.StatusCode, body)
		}
	})
	t.Run("ErrEditInvalidChangesNothing", func(t *testing.T) {
		_, body := ts.get(t, "/service?limit=1")
		first := decode[[]shop.Product](t, body)[0]
		res, body := ts.send(t, "PUT", "/service/"+first.ID, admin.Token, map[string]any{"price": "1.999"})
		mustProblem(t, res, body, 400)
		if got, _ := ts.store.FindProduct(context.Background(), first.ID); !reflect.DeepEqual(got, first) {
			t.Fatalf("changed: %+v", got)
		}
	})
}

func TestReviewsAndProfiles(t *testing.T) {
	ts := mustServe(t)
	alice := ts.mustRegister(t, "Alice", "alice@shop.test")
	bob := ts.mustRegister(t, "Bob", "bob@shop.test")
	img := ts.mustUpload(t, alice.Token, testPNG(t, 30, 30))
	t.Run("OK_ReviewTakesNameFromAccount", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/reviews", alice.Token, map[string]any{"name": "Mallory", "email": "m@evil.test", "review": "Great lathe.", "img": img, "rating": 4})
		if res.StatusCode != 201 {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		_, body = ts.get(t, "/reviews?limit=1")
		got := decode[[]shop.Review](t, body)[0]
		if got.Name != "Alice" || got.Review != "Great lathe." || got.Rating != 4 {
			t.Fatalf("newest review: %+v", got)
		}
	})
	t.Run("ErrReviewInvalid", func(t *testing.T) {
		for _, c := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"review": "", "img": img}, "review"},
			{map[string]any{"review": strings.Repeat("x", 1001), "img": img}, "review"},
			{map[string]any{"review": "ok"}, "img"},
			{map[string]any{"review": "ok", "img": "https://tracker.example/pixel.gif"}, "img"},
			{map[string]any{"review": "ok", "img": img, "rating": 6}, "rating"},
		} {
			res, body := ts.send(t, "POST", "/reviews", alice.Token, c.body)
			if p := mustProblem(t, res, body, 400); p.Errors[c.field] == "" {
				t.Errorf("%v: errors %v", c.body, p.Errors)
			}
		}
	})
	profile := map[string]any{"image": img, "address": "1 Main St", "education": "BSc Engineering", "linkdin": "https://www.linkedin.com/in/alice"}
	var profileID string
	t.Run("OK_ProfileAddViewReplace", func(t *testing.T) {
		_, body := ts.send(t, "GET", "/profile?email="+alice.Email, alice.Token, nil)
		if string(body) != "[]" {
			t.Fatalf("no profile yet: %s", body)
		}
		res, body := ts.send(t, "POST", "/profile", alice.Token, profile)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"insertedId"`) {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		_, body = ts.send(t, "GET", "/profile?email="+alice.Email, alice.Token, nil)
		list := decode[[]shop.Profile](t, body)
		if len(list) != 1 || list[0].Name != "Alice" || list[0].Education != "BSc Engineering" {
			t.Fatalf("profile: %s", body)
		}
		profileID = list[0].ID
		changed := map[string]any{"image": img, "address": "2 Side St", "education": "MSc", "linkdin": ""}
		ts.send(t, "POST", "/profile", alice.Token, changed)
		_, body = ts.send(t, "GET", "/profile?email="+alice.Email, alice.Token, nil)
		list = decode[[]shop.Profile](t, body)
		if len(list) != 1 || list[0].ID != profileID || list[0].Address != "2 Side St" {
			t.Fatalf("replaced profile: %s", body)
		}
	})
	t.Run("ErrProfileInvalid", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/profile", alice.Token, map[string]any{"image": img, "address": "", "education": "", "linkdin": "not a url"})
		p := mustProblem(t, res, body, 400)
		if p.Errors["education"] != "Education is Required" || p.Errors["address"] != "address is Required" || p.Errors["linkdin"] == "" {
			t.Fatalf("errors %v", p.Errors)
		}
	})
	t.Run("ErrOtherCustomer", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/profile?email="+alice.Email, bob.Token, nil)
		mustProblem(t, res, body, 403)
		// addressed by id: another's profile answers exactly like a missing one
		_, missing := ts.send(t, "DELETE", "/deleteprofile/0123456789abcdef01234567", bob.Token, nil)
		res, body = ts.send(t, "DELETE", "/deleteprofile/"+profileID, bob.Token, nil)
		mustProblem(t, res, body, 404)
		if string(body) != string(missing) {
			t.Fatalf("another's profile: %s\nbut a missing one answers %s", body, missing)
		}
		if _, err := ts.store.FindProfile(context.Background(), profileID); err != nil {
			t.Fatal("another customer deleted the profile")
		}
		res, _ = ts.send(t, "DELETE", "/deleteprofile/"+profileID, alice.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("owner delete: %d", res.StatusCode)
		}
	})
}

func TestContentAuthorisation(t *testing.T) {
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
