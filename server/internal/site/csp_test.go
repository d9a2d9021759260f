package site_test

import (
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"
)

var runnable = regexp.MustCompile(`(?is)<script>(.*?)</script>`)

// Issue 44: every answer of the client server carries the
// Content-Security-Policy: scripts from the site, Stripe and Google's
// sign-in and the build's inline loader by its hash, never
// 'unsafe-inline'; the API (PUBLIC_URL) and Stripe for calls and
// pictures; no plugins, no <base>, never framed.
func TestSite_ContentSecurityPolicy(t *testing.T) {
	t.Parallel()
	s := mustServeHomeSite(t)
	id := s.mustAdd(t, map[string]any{"name": "CSP Press", "price": "10", "avaialbequantit": 3, "minimumquantity": 1,
		"description": "Pressed.", "image": s.mustUpload(t)})
	checked := 0
	for _, path := range []string{"/", "/product/" + id, "/dashboard", "/no/such/page", "/robots.txt", "/sitemap.xml"} {
		res, body := s.fetch(t, path, nil)
		csp := res.Header.Get("Content-Security-Policy")
		directives := map[string]string{}
		for _, d := range strings.Split(csp, ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
			directives[name] = " " + value + " "
		}
		for name, want := range map[string][]string{
			"script-src":      {"'self'", "https://js.stripe.com", "https://accounts.google.com/gsi/client"},
			"style-src":       {"'self'", "'unsafe-inline'"},
			"img-src":         {"'self'", "http://shop.test", "https://*.stripe.com"},
			"connect-src":     {"'self'", "http://shop.test", "https://api.stripe.com"},
			"frame-src":       {"https://js.stripe.com", "https://accounts.google.com"},
			"object-src":      {"'none'"},
			"base-uri":        {"'none'"},
			"frame-ancestors": {"'none'"},
		} {
			for _, w := range want {
				if !strings.Contains(directives[name], " "+w+" ") {
					t.Errorf("%s: %s lacks %s: %q", path, name, w, csp)
				}
			}
		}
		if strings.Contains(directives["script-src"], "unsafe") || strings.Contains(directives["default-src"], "unsafe") {
			t.Errorf("%s: scripts may run inline: %q", path, csp)
		}
		// every inline script the page runs is allowed by its hash
		for _, m := range runnable.FindAllStringSubmatch(body, -1) {
			checked++
			sum := sha256.Sum256([]byte(m[1]))
			if h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(directives["script-src"], " "+h+" ") {
				t.Errorf("%s: the inline script %q is not allowed (%s)", path, m[1], h)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no page had an inline script to check")
	}
}
