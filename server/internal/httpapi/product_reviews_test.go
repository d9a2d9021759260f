package httpapi_test

import (
	"testing"

	"storefront/server/internal/shop"
)

// Issue 48: a product's reviews where the product is (GET
// /reviews?productId=): visible ones only, newest first, with their average
// and number; anyone may read them.
func TestProductReviews(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.quickAccount(t, "Alice", "alice@shop.test")
	bob := ts.quickAccount(t, "Bob", "bob@shop.test")
	carol := ts.quickAccount(t, "Carol", "carol@shop.test")
	img := ts.mustUpload(t, alice.Token, testPNG(t, 30, 30))
	lathe := ts.mustProduct(t, "Product Reviews Lathe", 120000, 50, 1)
	other := ts.mustProduct(t, "Product Reviews Press", 90000, 50, 1)
	for _, who := range []account{alice, bob, carol} {
		ts.paidOrder(t, who, lathe.ID)
	}
	ts.paidOrder(t, alice, other.ID)
	ts.mustReview(t, alice, map[string]any{"review": "Cuts true.", "img": img, "rating": 5, "productId": lathe.ID})
	ts.mustReview(t, bob, map[string]any{"review": "Heavy but good.", "img": img, "rating": 4, "productId": lathe.ID})
	hidden := ts.mustReview(t, carol, map[string]any{"review": "Spam spam.", "img": img, "rating": 1, "productId": lathe.ID})
	ts.mustReview(t, alice, map[string]any{"review": "Presses well.", "img": img, "rating": 2, "productId": other.ID})
	ts.mustReview(t, bob, map[string]any{"review": "Nice shop.", "img": img, "rating": 3})
	if res, body := ts.send(t, "PATCH", "/reviews/"+hidden.InsertedID, admin.Token, map[string]any{"hidden": true, "reason": "spam"}); res.StatusCode != 200 {
		t.Fatalf("hide: %d %s", res.StatusCode, body)
	}

	t.Run("OK_AnyoneReadsTheProductsVisibleReviews", func(t *testing.T) {
		for _, token := range []string{"", carol.Token, admin.Token} {
			res, body := ts.send(t, "GET", "/reviews?productId="+lathe.ID, token, nil)
			if res.StatusCode != 200 {
				t.Fatalf("%d %s", res.StatusCode, body)
			}
			got := decode[shop.ProductReviews](t, body)
			if got.Count != 2 || got.Average != 4.5 || len(got.Reviews) != 2 || got.Reviews[0].Review != "Heavy but good." || got.Reviews[1].Review != "Cuts true." ||
				!got.Reviews[0].Verified || got.Reviews[0].ProductID != lathe.ID {
				t.Fatalf("the lathe's reviews: %s", body)
			}
		}
	})
	t.Run("OK_LimitPagesTheListNotTheAverage", func(t *testing.T) {
		_, body := ts.get(t, "/reviews?limit=1&productId="+lathe.ID)
		if got := decode[shop.ProductReviews](t, body); got.Count != 2 || got.Average != 4.5 || len(got.Reviews) != 1 || got.Reviews[0].Review != "Heavy but good." {
			t.Fatalf("limit 1: %s", body)
		}
	})
	t.Run("OK_HiddenAndShownAgainFollow", func(t *testing.T) {
		ts.send(t, "PATCH", "/reviews/"+hidden.InsertedID, admin.Token, map[string]any{"hidden": false})
		_, body := ts.get(t, "/reviews?productId="+lathe.ID)
		if got := decode[shop.ProductReviews](t, body); got.Count != 3 || got.Average != 3.3 || got.Reviews[0].Review != "Spam spam." {
			t.Fatalf("shown again: %s", body)
		}
		ts.send(t, "PATCH", "/reviews/"+hidden.InsertedID, admin.Token, map[string]any{"hidden": true, "reason": "spam"})
		_, body = ts.get(t, "/reviews?productId="+lathe.ID)
		if got := decode[shop.ProductReviews](t, body); got.Count != 2 {
			t.Fatalf("hidden again: %s", body)
		}
	})
	t.Run("OK_NoReviewsNoAverage", func(t *testing.T) {
		_, body := ts.get(t, "/reviews?productId=0123456789abcdef01234567")
		if string(body) != `{"reviews":[],"average":0,"count":0}` {
			t.Fatalf("none: %s", body)
		}
	})
	t.Run("OK_WithoutProductIdStillTheList", func(t *testing.T) {
		_, body := ts.get(t, "/reviews?limit=100")
		if list := decode[[]shop.Review](t, body); len(list) < 4 || list[0].Review != "Nice shop." || list[1].Review != "Presses well." {
			t.Fatalf("every visible review: %s", body)
		}
	})
	t.Run("ErrProductIdNotAnId400", func(t *testing.T) {
		for _, q := range []string{"productId=nope", "productId=", "productId=" + lathe.ID + "&limit=0"} {
			res, body := ts.get(t, "/reviews?"+q)
			p := mustProblem(t, res, body, 400)
			if len(p.Errors) != 1 {
				t.Fatalf("%s: %v", q, p.Errors)
			}
		}
	})
}

func TestAverageRating(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want float64
	}{{nil, 0}, {[]int{5}, 5}, {[]int{5, 4}, 4.5}, {[]int{5, 4, 1}, 3.3}, {[]int{5, 5, 4}, 4.7}, {[]int{1, 2}, 1.5}, {[]int{4, 4, 5, 5, 5, 5}, 4.7}} {
		if got := shop.AverageRating(c.in); got != c.want {
			t.Errorf("AverageRating(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
