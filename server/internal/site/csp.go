package site

import (
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// The Content-Security-Policy of every answer of the client server (issue
// 44). The token sits in localStorage (the spec's choice), so one injected
// script would be a week's session: scripts run only from the site itself,
// Stripe's and Google's sign-in script origins, and the build's own inline
// loaders by their SHA-256 (never 'unsafe-inline'); the client and MUI
// inject styles, so style-src keeps 'unsafe-inline'. Pictures and calls go
// to the site, the API (PUBLIC_URL, another origin) and Stripe; frames only
// to Stripe and Google's sign-in; no plugins, no <base>, never framed.

// Stripe.js and Google Identity Services, as their documentation lists them.
const (
	stripeScripts  = "https://js.stripe.com"
	stripeFrames   = "https://js.stripe.com https://hooks.stripe.com"
	stripeConnect  = "https://api.stripe.com"
	stripeImages   = "https://*.stripe.com"
	googleScript   = "https://accounts.google.com/gsi/client"
	googleStyle    = "https://accounts.google.com/gsi/style"
	googleFrames   = "https://accounts.google.com"
	googleConnect  = "https://accounts.google.com/gsi/"
	inlineScriptRe = `(?is)<script\b([^>]*)>(.*?)</script>`
)

var (
	inlineScript = regexp.MustCompile(inlineScriptRe)
	scriptType   = regexp.MustCompile(`type\s*=\s*["']?([^"'\s>]+)`)
)

// executable reports whether a script element with these attributes runs
// (JSON data and JSON-LD never do, so the policy does not concern them).
func executable(attrs string) bool {
	a := strings.ToLower(attrs)
	if strings.Contains(a, " src=") {
		return false
	}
	m := scriptType.FindStringSubmatch(a)
	return m == nil || m[1] == "module" || m[1] == "text/javascript" || m[1] == "application/javascript"
}

// inlineScriptHashes are the CSP sources ('sha256-…') of every inline
// script that runs in these pages.
func inlineScriptHashes(pages ...string) []string {
	var out []string
	for _, p := range pages {
		for _, m := range inlineScript.FindAllStringSubmatch(p, -1) {
			if !executable(m[1]) {
				continue
			}
			sum := sha256.Sum256([]byte(m[2]))
			h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
			if !slices.Contains(out, h) {
				out = append(out, h)
			}
		}
	}
	slices.Sort(out)
	return out
}

// contentSecurityPolicy is the policy for pages whose inline scripts have
// these hashes, calling the API at publicURL.
func contentSecurityPolicy(hashes []string, publicURL string) string {
	api := ""
	if u, err := url.Parse(publicURL); err == nil && u.Scheme != "" && u.Host != "" {
		api = " " + u.Scheme + "://" + u.Host
	}
	script := "'self' " + strings.Join(append(slices.Clone(hashes), stripeScripts, googleScript), " ")
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + script,
		"style-src 'self' 'unsafe-inline' " + googleStyle,
		"img-src 'self' data: blob:" + api + " " + stripeImages,
		"font-src 'self' data:",
		"connect-src 'self'" + api + " " + stripeConnect + " " + googleConnect,
		"frame-src " + stripeFrames + " " + googleFrames,
		"worker-src 'self' blob:",
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}
