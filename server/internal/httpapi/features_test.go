package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

// TestFeatureOff_Absent: a store without GOOGLE_CLIENT_ID or a Stripe
// webhook secret has no such routes: 404 with a problem that says so (a
// 503 would read as an outage to a monitor), whatever the body.
func TestFeatureOff_Absent(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{unconfigured: true})
	for _, c := range []struct{ name, path, body, want string }{
		{"ErrGoogleOff", "/auth/google", `{"credential":"` + ts.google.idToken(t, "grace@shop.test", nil) + `"}`, shop.MsgGoogleOff},
		{"ErrGoogleOff_BadBody", "/auth/google", `{"nonsense": true}`, shop.MsgGoogleOff},
		{"ErrWebhooksOff", "/stripe/webhook", `{"id":"evt_1","type":"payment_intent.succeeded"}`, shop.MsgWebhooksOff},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", ts.URL+c.path, strings.NewReader(c.body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Stripe-Signature", "t=1,v1=00")
			res, body := exchange(t, req)
			p := mustProblem(t, res, body, http.StatusNotFound)
			if p.Detail != c.want || p.Code != shop.ENOTFOUND {
				t.Fatalf("%s: %+v, want %q", c.path, p, c.want)
			}
		})
	}
}

// TestFeatureOn_Present: with them configured, the routes are there (a
// bad credential or signature is refused, not absent).
func TestFeatureOn_Present(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	for path, status := range map[string]int{"/auth/google": http.StatusUnauthorized, "/stripe/webhook": http.StatusBadRequest} {
		req, _ := http.NewRequest("POST", ts.URL+path, strings.NewReader(`{"credential":"not-a-token"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Stripe-Signature", "t=1,v1=00")
		res, body := exchange(t, req)
		mustProblem(t, res, body, status)
	}
}
