package httpapi_test

import (
	"net/url"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

// Review moderation (issue 36): verified buyers, hide, show, delete with a
// reason, and REVIEWS_NEED_APPROVAL.

// paidOrder places and pays an order of product by who.
func (ts *testServer) paidOrder(t *testing.T, who account, productID string) {
	t.Helper()
	id := ts.mustOrder(t, who.Token, productID, 1)
	status, intent, _ := ts.payWithCard(t, ts.clientSecret(t, who.Token, id), "4242424242424242")
	if status != 200 {
		t.Fatalf("pay: %d", status)
	}
	if res, body := ts.send(t, "PATCH", "/pay/"+id, who.Token, map[string]any{"transactionId": intent}); res.StatusCode != 200 {
		t.Fatalf("record the payment: %d %s", res.StatusCode, body)
	}
}

type addedReview struct {
	InsertedID       string `json:"insertedId"`
	AwaitingApproval bool   `json:"awaitingApproval"`
}

func (ts *testServer) mustReview(t *testing.T, who account, body map[string]any) addedReview {
	t.Helper()
	res, out := ts.send(t, "POST", "/reviews", who.Token, body)
	if res.StatusCode != 201 {
		t.Fatalf("review: %d %s", res.StatusCode, out)
	}
	return decode[addedReview](t, out)
}

// publicReview is the review as GET /reviews serves it; ok false when it is
// not served.
func (ts *testServer) publicReview(t *testing.T, id string) (map[string]any, bool) {
	t.Helper()
	_, body := ts.get(t, "/reviews?limit=100")
	for _, r := range decode[[]map[string]any](t, body) {
		if r["_id"] == id {
			return r, true
		}
	}
	return nil, false
}

func TestReviewModeration(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	img := ts.mustUpload(t, alice.Token, testPNG(t, 30, 30))
	bought := ts.mustProduct(t, "Review Test Lathe", 120000, 50, 1)
	unpaid := ts.mustProduct(t, "Review Test Press", 90000, 50, 1)
	ts.paidOrder(t, alice, bought.ID)
	ts.mustOrder(t, alice.Token, unpaid.ID, 1) // ordered, never paid

	var verified string
	t.Run("OK_VerifiedBuyer", func(t *testing.T) {
		added := ts.mustReview(t, alice, map[string]any{"review": "Cuts true.", "img": img, "rating": 5, "productId": bought.ID})
		if added.AwaitingApproval {
			t.Fatal("held without REVIEWS_NEED_APPROVAL")
		}
		verified = added.InsertedID
		r, ok := ts.publicReview(t, verified)
		if !ok || r["verified"] != true || r["productId"] != bought.ID || r["productName"] != "Review Test Lathe" {
			t.Fatalf("verified review: %v", r)
		}
		for _, f := range []string{"_id", "name", "review", "img"} {
			if _, ok := r[f]; !ok {
				t.Errorf("the spec's field %q is missing: %v", f, r)
			}
		}
		if _, shown := r["email"]; shown {
			t.Fatalf("the reviewer's email is shown: %v", r)
		}
	})
	t.Run("OK_WithoutProductUnverified", func(t *testing.T) {
		added := ts.mustReview(t, bob, map[string]any{"review": "Nice shop.", "img": img})
		r, ok := ts.publicReview(t, added.InsertedID)
		if _, has := r["verified"]; !ok || has || r["productId"] != nil {
			t.Fatalf("a review without a product: %v", r)
		}
	})
	t.Run("ErrProductNotBought", func(t *testing.T) {
		// Not bought at all, ordered but not paid, and another's purchase:
		// 400, nothing stored.
		for _, c := range []struct {
			who     account
			product string
		}{{alice, unpaid.ID}, {bob, bought.ID}, {alice, "0123456789abcdef01234567"}} {
			res, body := ts.send(t, "POST", "/reviews", c.who.Token, map[string]any{"review": "Fake " + c.product, "img": img, "productId": c.product})
			if p := mustProblem(t, res, body, 400); p.Errors["productId"] != shop.MsgReviewNotBought {
				t.Fatalf("%s by %s: %v", c.product, c.who.Email, p.Errors)
			}
		}
		res, body := ts.send(t, "POST", "/reviews", alice.Token, map[string]any{"review": "x", "img": img, "productId": "nope"})
		if p := mustProblem(t, res, body, 400); p.Errors["productId"] == "" {
			t.Fatalf("a bad id: %v", p.Errors)
		}
	})
	t.Run("ErrRoles", func(t *testing.T) {
		calls := []struct {
			method, path string
			body         any
		}{
			{"GET", "/admin/reviews", nil},
			{"PATCH", "/reviews/" + verified, map[string]any{"hidden": true}},
			{"DELETE", "/reviews/" + verified + "?reason=spam", nil},
		}
		for _, c := range calls {
			res, body := ts.send(t, c.method, c.path, "", c.body)
			mustProblem(t, res, body, 401)
			res, body = ts.send(t, c.method, c.path, alice.Token, c.body)
			mustProblem(t, res, body, 403) // even the review's author
			res, body = ts.send(t, c.method, c.path, bob.Token, c.body)
			mustProblem(t, res, body, 403)
		}
		if _, ok := ts.publicReview(t, verified); !ok {
			t.Fatal("a customer's call moved the review")
		}
	})
	t.Run("ErrBadRequests", func(t *testing.T) {
		for _, c := range []struct {
			method, path string
			body         any
			status       int
		}{
			{"PATCH", "/reviews/" + verified, map[string]any{}, 400},
			{"PATCH", "/reviews/" + verified, map[string]any{"hidden": "yes"}, 400},
			{"PATCH", "/reviews/" + verified, map[string]any{"hidden": true, "why": "x"}, 400},
			{"PATCH", "/reviews/" + verified, map[string]any{"hidden": true, "reason": strings.Repeat("x", 501)}, 400},
			{"PATCH", "/reviews/nope", map[string]any{"hidden": true}, 400},
			{"PATCH", "/reviews/0123456789abcdef01234567", map[string]any{"hidden": true}, 404},
			{"DELETE", "/reviews/0123456789abcdef01234567", nil, 404},
			{"GET", "/admin/reviews?status=deleted", nil, 400},
			{"GET", "/admin/reviews?limit=0", nil, 400},
		} {
			res, body := ts.send(t, c.method, c.path, admin.Token, c.body)
			mustProblem(t, res, body, c.status)
		}
	})
	t.Run("OK_HideAndShow", func(t *testing.T) {
		ts.get(t, "/reviews?limit=100") // cached before the hide: the hide must still show at once
		res, body := ts.send(t, "PATCH", "/reviews/"+verified, admin.Token, map[string]any{"hidden": true, "reason": "Names a competitor"})
		got := decode[shop.ModeratedReview](t, body)
		if res.StatusCode != 200 || got.Status != shop.ReviewHidden || !got.Hidden || len(got.Moderation) != 1 {
			t.Fatalf("hide: %d %s", res.StatusCode, body)
		}
		if m := got.Moderation[0]; m.Action != "hide" || m.By != adminEmail || m.Reason != "Names a competitor" || m.At.IsZero() {
			t.Fatalf("moderation entry: %+v", m)
		}
		if _, ok := ts.publicReview(t, verified); ok {
			t.Fatal("a hidden review is served by GET /reviews")
		}
		_, body = ts.send(t, "GET", "/admin/reviews?status=hidden", admin.Token, nil)
		if list := decode[[]shop.ModeratedReview](t, body); len(list) != 1 || list[0].ID != verified || list[0].Email != alice.Email {
			t.Fatalf("hidden list: %s", body)
		}
		res, body = ts.send(t, "PATCH", "/reviews/"+verified, admin.Token, map[string]any{"hidden": false})
		if got := decode[shop.ModeratedReview](t, body); res.StatusCode != 200 || got.Status != shop.ReviewVisible || len(got.Moderation) != 2 || got.Moderation[1].Action != "show" {
			t.Fatalf("show: %d %s", res.StatusCode, body)
		}
		if r, ok := ts.publicReview(t, verified); !ok || r["verified"] != true {
			t.Fatalf("shown again: %v", r)
		}
	})
	t.Run("OK_AdminListPaged", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/admin/reviews?status=all&limit=1", admin.Token, nil)
		list := decode[[]shop.ModeratedReview](t, body)
		if len(list) != 1 || res.Header.Get("X-Total-Count") == "1" || res.Header.Get("X-Total-Count") == "" {
			t.Fatalf("page of 1: %d items, total %q", len(list), res.Header.Get("X-Total-Count"))
		}
		_, all := ts.send(t, "GET", "/admin/reviews?limit=100", admin.Token, nil)
		_, visible := ts.send(t, "GET", "/admin/reviews?status=visible&limit=100", admin.Token, nil)
		if a, v := decode[[]shop.ModeratedReview](t, all), decode[[]shop.ModeratedReview](t, visible); len(a) != len(v) {
			t.Fatalf("nothing hidden now: all %d, visible %d", len(a), len(v))
		}
	})
	t.Run("OK_DeleteWithReason", func(t *testing.T) {
		res, body := ts.send(t, "DELETE", "/reviews/"+verified, admin.Token, map[string]any{"reason": "Posted twice"})
		if res.StatusCode != 200 || !strings.Contains(string(body), `"deletedCount":1`) {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		if _, ok := ts.publicReview(t, verified); ok {
			t.Fatal("a deleted review is served")
		}
		_, body = ts.send(t, "GET", "/admin/reviews?limit=100", admin.Token, nil)
		if strings.Contains(string(body), verified) {
			t.Fatal("a deleted review is listed to admins")
		}
		// The record stays: who wrote it, who deleted it, when and why;
		// not its text.
		if d := ts.dump(t); strings.Contains(d, "Cuts true.") || !strings.Contains(d, "Posted twice") || !strings.Contains(d, `"deleted"`) {
			t.Fatalf("the deletion's record (no text; the reason, the status): %s", d[:min(len(d), 2000)])
		}
		res, body = ts.send(t, "DELETE", "/reviews/"+verified, admin.Token, nil)
		mustProblem(t, res, body, 404) // once
		res, body = ts.send(t, "PATCH", "/reviews/"+verified, admin.Token, map[string]any{"hidden": false})
		mustProblem(t, res, body, 404) // a deleted review cannot be shown again
		// the reason in the query
		other := ts.mustReview(t, bob, map[string]any{"review": "Second.", "img": img})
		res, body = ts.send(t, "DELETE", "/reviews/"+other.InsertedID+"?reason="+url.QueryEscape("Off topic"), admin.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("delete with the reason in the query: %d %s", res.StatusCode, body)
		}
	})
}

func TestReviewsNeedApproval(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ts.deps.Reviews.NeedApproval = true // REVIEWS_NEED_APPROVAL=true, before any request
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	img := ts.mustUpload(t, alice.Token, testPNG(t, 30, 30))
	added := ts.mustReview(t, alice, map[string]any{"review": "Held for approval.", "img": img})
	if !added.AwaitingApproval {
		t.Fatal("the answer does not say the review awaits approval")
	}
	if _, ok := ts.publicReview(t, added.InsertedID); ok {
		t.Fatal("a review awaiting approval is served")
	}
	_, body := ts.send(t, "GET", "/admin/reviews?status=awaiting", admin.Token, nil)
	if list := decode[[]shop.ModeratedReview](t, body); len(list) != 1 || list[0].Status != shop.ReviewAwaiting || !list[0].Hidden {
		t.Fatalf("awaiting: %s", body)
	}
	if res, body := ts.send(t, "PATCH", "/reviews/"+added.InsertedID, admin.Token, map[string]any{"hidden": false, "reason": "Approved"}); res.StatusCode != 200 {
		t.Fatalf("approve: %d %s", res.StatusCode, body)
	}
	if _, ok := ts.publicReview(t, added.InsertedID); !ok {
		t.Fatal("an approved review is not served")
	}
	_, body = ts.send(t, "GET", "/admin/reviews?status=awaiting", admin.Token, nil)
	if string(body) != "[]" {
		t.Fatalf("still awaiting: %s", body)
	}
}
