package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

func TestReviewsAndProfiles(t *testing.T) {
	t.Parallel()
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
