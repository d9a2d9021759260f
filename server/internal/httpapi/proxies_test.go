package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"storefront/server/internal/auth"
	"storefront/server/internal/httpapi"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/wiring"
)

// TestTrustedProxies: behind a load balancer every request comes from its
// address. With TRUSTED_PROXIES naming it, the client is the address it
// puts in X-Forwarded-For, so one visitor's sign-ups do not use up
// everyone's; without it (the default), the header is ignored, so nobody
// can dodge a limit by writing one.
func TestTrustedProxies(t *testing.T) {
	t.Parallel()
	serve := func(trusted []string) http.Handler {
		store := mongotest.MustOpen(t)
		tokens, err := auth.NewTokens([]byte(testSecret))
		if err != nil {
			t.Fatal(err)
		}
		api := httpapi.New(httpapi.Config{PublicURL: "http://shop.test", CORSOrigins: []string{allowedOrigin}, PaymentMode: "test",
			Limits: httpapi.Limits{SignUp: ratelimit.Rate{Burst: 2, Interval: 1 << 40}}, TrustedProxies: trusted},
			wiring.Services(store, wiring.Options{PublicURL: "http://shop.test", Tokens: tokens, Passwords: auth.Argon2{}, Log: slog.New(slog.DiscardHandler)}))
		return api.Handler()
	}
	signUp := func(h http.Handler, peer, forwarded string, i int) int {
		b, _ := json.Marshal(map[string]string{"name": "Visitor", "email": fmt.Sprintf("v%d@shop.test", i), "password": "secret123"})
		req := httptest.NewRequest("POST", "/auth/register", bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = peer + ":4321"
		if forwarded != "" {
			req.Header.Set("X-Forwarded-For", forwarded)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	t.Run("OK_BehindATrustedBalancer", func(t *testing.T) {
		h := serve([]string{"10.1.0.0/16"})
		// Two visitors, two sign-ups each, all through the balancer 10.1.0.5.
		for i, visitor := range []string{"203.0.113.7", "203.0.113.7", "198.51.100.9", "198.51.100.9"} {
			if code := signUp(h, "10.1.0.5", visitor, i); code != 201 {
				t.Fatalf("sign-up %d from %s through the balancer: %d", i+1, visitor, code)
			}
		}
		if code := signUp(h, "10.1.0.5", "203.0.113.7", 9); code != 429 {
			t.Fatalf("a third sign-up of one visitor: %d, want 429", code)
		}
		// A forged header from outside the trusted network counts for its sender.
		if code := signUp(h, "192.0.2.1", "203.0.113.99", 10); code != 201 {
			t.Fatalf("a first sign-up from 192.0.2.1: %d", code)
		}
		if code := signUp(h, "192.0.2.1", "203.0.113.100", 11); code != 201 {
			t.Fatalf("a second sign-up from 192.0.2.1: %d", code)
		}
		if code := signUp(h, "192.0.2.1", "203.0.113.101", 12); code != 429 {
			t.Fatalf("an untrusted sender changing X-Forwarded-For dodged its limit: %d, want 429", code)
		}
	})
	t.Run("OK_NoProxyTrustedByDefault", func(t *testing.T) {
		h := serve(nil)
		for i := range 2 {
			if code := signUp(h, "10.1.0.5", fmt.Sprintf("203.0.113.%d", i), i); code != 201 {
				t.Fatalf("sign-up %d: %d", i+1, code)
			}
		}
		if code := signUp(h, "10.1.0.5", "203.0.113.50", 2); code != 429 {
			t.Fatalf("X-Forwarded-For believed with no trusted proxy: %d, want 429", code)
		}
	})
}
