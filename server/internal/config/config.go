// Package config reads the environment variables of DESIGN.md.
package config

import (
	"cmp"
	"errors"
	"fmt"
	"net/mail"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Config is the whole configuration of the server and the import script.
type Config struct {
	Port           int
	DataDir        string
	MongoURI       string
	MongoDB        string
	JWTSecret      string
	AdminEmails    []string
	CORSOrigins    []string
	PublicURL      string
	SiteURL        string // the client's public origin: canonical URLs, the sitemap
	StripeSecret   string
	StripePubKey   string
	StripeWebhook  string
	StripeAPIBase  string // Stripe's API address; tests point it at stripe-mock
	GoogleClientID string
	GoogleJWKSURL  string   // Google's key set; tests point it at a local one
	GoogleIssuers  []string // accepted issuers; default Google's
	SeedDemo       bool
	// ReviewsNeedApproval (REVIEWS_NEED_APPROVAL, default false) holds new
	// reviews until an admin shows them.
	ReviewsNeedApproval bool
	// Tax (issue 34): TaxRate (TAX_RATE, a percent with at most two
	// decimals, default 0) in hundredths of a percent, and TaxLabel
	// (TAX_LABEL, default "Sales tax"). Seller details print on invoices.
	TaxRate  int64
	TaxLabel string
	// Issue 48: TaxShipping (TAX_SHIPPING, default true): whether tax
	// applies to shipping; DefaultShippingMethod (DEFAULT_SHIPPING_METHOD,
	// a shipping method's id; unset: free delivery), what a purchase that
	// names no method is charged.
	TaxShipping           bool
	DefaultShippingMethod string
	SellerName            string
	SellerAddress         string
	SellerTaxID           string

	// Sign-up and sign-in limits, and password hashing; zero fields mean the
	// server's defaults (docs/operations.md, "Settings").
	SignUpLimit         Rate // SIGNUP_BURST, SIGNUP_INTERVAL: per client address
	LoginLimit          Rate // LOGIN_BURST, LOGIN_INTERVAL: per client address
	LoginGuessLimit     Rate // LOGIN_GUESS_BURST, LOGIN_GUESS_INTERVAL: wrong passwords per account and address
	LoginAccountLimit   Rate // LOGIN_ACCOUNT_BURST, LOGIN_ACCOUNT_INTERVAL: wrong passwords per account
	LoginAccountMaxWait time.Duration
	HashConcurrency     int           // HASH_CONCURRENCY: password hashes running at once
	HashWait            time.Duration // HASH_WAIT: how long a request waits for a hash slot

	// The upload quota per account, a day: UPLOAD_QUOTA_REQUESTS requests
	// (default 50) and UPLOAD_QUOTA_MB megabytes (default 100); 0: default.
	UploadQuotaRequests int
	UploadQuotaMB       int

	// Serving the built client from the same process (go tool task run).
	ClientDist string
	ClientPort int

	// MetricsPort serves Prometheus metrics on a listener of its own
	// (METRICS_PORT); 0, the default, serves none.
	MetricsPort int

	// E-mail: SMTPURL (SMTP_URL) is the server the outbox delivers to;
	// unset, messages are kept and not sent. MailFrom (MAIL_FROM) is the
	// sender's address.
	SMTPURL  string
	MailFrom string

	// AllowNonAtomic (STORE_ALLOW_NON_ATOMIC, tests only) lets the server
	// start on a wire server whose conditional updates are not atomic.
	AllowNonAtomic bool
	// GoMemLimit is GOMEMLIMIT, Go's own soft memory limit (the runtime
	// reads it): when given, the embedded store sets none of its own
	// (mongodb.Config.FollowLiveHeap).
	GoMemLimit string
	// TrustedProxies (TRUSTED_PROXIES) are the networks whose
	// X-Forwarded-For the server believes: a load balancer in front of
	// several instances. Default none: the client is the connection's peer.
	TrustedProxies []string
	// RecoveryAfter (RECOVERY_AFTER, default 10m) is how old an order's,
	// cancel's, acceptance's or approval's unfinished step must be before
	// the recovery sweep settles it (an instance may still be between its
	// steps before then); RecoveryEvery (RECOVERY_EVERY, default 1m) is how
	// often the sweep runs.
	RecoveryAfter, RecoveryEvery time.Duration

	// Issue 43, the purchases' reservations. ReservationTTL
	// (RESERVATION_TTL, default 72h, from 1s to 30 days): a placed, unpaid,
	// unshipped purchase older than it is cancelled, its buyer reminded at
	// half of it. UnpaidLimit (UNPAID_LIMIT, default 10; 0 turns it off):
	// the most such purchases an account may hold, and at most
	// UnpaidLimitUnverified (3) until its address is verified. OrderLimit
	// (ORDER_BURST, ORDER_INTERVAL): purchases placed per account (a
	// client address four times as many); zero fields: the server's
	// defaults (60 at once, then one a second).
	ReservationTTL                     time.Duration
	UnpaidLimit, UnpaidLimitUnverified int
	OrderLimit                         Rate
	// Issue 44. AdminMFA (ADMIN_MFA): "required" (the default: every
	// admin-only call answers 403 mfa_required until that admin has a
	// second factor) or "optional" (development). SessionIdle and
	// SessionMax (SESSION_IDLE, default 7 days; SESSION_MAX, default 30
	// days): a session ends after that long unused, or that long after it
	// began. AuditRetention (AUDIT_RETENTION_DAYS, default 400 days).
	// MailConsole (MAIL_CONSOLE): the log shows mailed links even when
	// SITE_URL is not a loopback address.
	AdminMFA                string
	SessionIdle, SessionMax time.Duration
	AuditRetention          time.Duration
	MailConsole             bool
}

// The defaults of RESERVATION_TTL and UNPAID_LIMIT (issue 43).
const (
	DefaultReservationTTL        = 72 * time.Hour
	DefaultUnpaidLimit           = 10
	DefaultUnpaidLimitUnverified = 3
	maxReservationTTL            = 30 * 24 * time.Hour
)

// maxSiteURLLen keeps every sitemap URL (SITE_URL/product/{id}) far below
// the protocol's 2,048 characters, and a sitemap of 50,000 of them below its
// 50 MB.
const maxSiteURLLen = 256

// Rate is a token bucket: Burst at once, then one per Interval.
type Rate struct {
	Burst    int
	Interval time.Duration
}

// Load reads the configuration through getenv (os.Getenv in production).
func Load(getenv func(string) string) (Config, error) {
	c := Config{
		DataDir:        or(getenv("DATA_DIR"), "./data"),
		MongoURI:       strings.TrimSpace(getenv("MONGODB_URI")),
		MongoDB:        or(getenv("MONGODB_DB"), "storefront"),
		JWTSecret:      getenv("JWT_SECRET"),
		StripeSecret:   getenv("STRIPE_SECRET_KEY"),
		StripePubKey:   getenv("STRIPE_PUBLISHABLE_KEY"),
		StripeWebhook:  getenv("STRIPE_WEBHOOK_SECRET"),
		StripeAPIBase:  getenv("STRIPE_API_BASE"),
		GoogleClientID: getenv("GOOGLE_CLIENT_ID"),
		GoogleJWKSURL:  getenv("GOOGLE_JWKS_URL"),
		GoogleIssuers:  list(getenv("GOOGLE_ISSUER")),
		ClientDist:     getenv("CLIENT_DIST"),
		SMTPURL:        strings.TrimSpace(getenv("SMTP_URL")),
		MailFrom:       strings.TrimSpace(getenv("MAIL_FROM")),
		TaxLabel:       or(strings.TrimSpace(getenv("TAX_LABEL")), "Sales tax"),
		SellerName:     strings.TrimSpace(getenv("SELLER_NAME")),
		SellerAddress:  strings.TrimSpace(getenv("SELLER_ADDRESS")),
		SellerTaxID:    strings.TrimSpace(getenv("SELLER_TAX_ID")),
	}
	var errs []string
	var err error
	if c.Port, err = port(getenv("PORT"), 5000); err != nil {
		errs = append(errs, "PORT "+err.Error())
	}
	if c.ClientPort, err = port(getenv("CLIENT_PORT"), 5173); err != nil {
		errs = append(errs, "CLIENT_PORT "+err.Error())
	}
	if c.MetricsPort, err = port(getenv("METRICS_PORT"), 0); err != nil {
		errs = append(errs, "METRICS_PORT "+err.Error())
	} else if c.MetricsPort != 0 && (c.MetricsPort == c.Port || c.MetricsPort == c.ClientPort) {
		errs = append(errs, fmt.Sprintf("METRICS_PORT must differ from PORT and CLIENT_PORT: metrics are never served on the API's port (%d)", c.MetricsPort))
	}
	if c.SeedDemo, err = boolean(getenv("SEED_DEMO"), true); err != nil {
		errs = append(errs, "SEED_DEMO "+err.Error())
	}
	if c.ReviewsNeedApproval, err = boolean(getenv("REVIEWS_NEED_APPROVAL"), false); err != nil {
		errs = append(errs, "REVIEWS_NEED_APPROVAL "+err.Error())
	}
	if c.TaxRate, err = percent(getenv("TAX_RATE")); err != nil {
		errs = append(errs, "TAX_RATE "+err.Error())
	}
	if c.TaxShipping, err = boolean(getenv("TAX_SHIPPING"), true); err != nil {
		errs = append(errs, "TAX_SHIPPING "+err.Error())
	}
	if c.DefaultShippingMethod = strings.TrimSpace(getenv("DEFAULT_SHIPPING_METHOD")); c.DefaultShippingMethod != "" && !objectIDPattern.MatchString(c.DefaultShippingMethod) {
		errs = append(errs, "DEFAULT_SHIPPING_METHOD must be a shipping method's id (24 hexadecimal digits, as GET /shipping/methods lists it)")
	}
	if len(c.TaxLabel) > 40 {
		errs = append(errs, "TAX_LABEL must be at most 40 characters")
	}
	c.GoMemLimit = strings.TrimSpace(getenv("GOMEMLIMIT"))
	if c.AllowNonAtomic, err = boolean(getenv("STORE_ALLOW_NON_ATOMIC"), false); err != nil {
		errs = append(errs, "STORE_ALLOW_NON_ATOMIC "+err.Error())
	}
	for _, p := range list(getenv("TRUSTED_PROXIES")) {
		if _, err := netip.ParsePrefix(p); err != nil {
			if _, err := netip.ParseAddr(p); err != nil {
				errs = append(errs, fmt.Sprintf("TRUSTED_PROXIES entry %q must be a network like 10.0.0.0/8 or an address", p))
				continue
			}
		}
		c.TrustedProxies = append(c.TrustedProxies, p)
	}
	if c.RecoveryAfter, err = duration(getenv("RECOVERY_AFTER")); err != nil {
		errs = append(errs, "RECOVERY_AFTER "+err.Error())
	}
	if c.RecoveryEvery, err = duration(getenv("RECOVERY_EVERY")); err != nil {
		errs = append(errs, "RECOVERY_EVERY "+err.Error())
	}
	c.ReservationTTL, c.UnpaidLimit = DefaultReservationTTL, DefaultUnpaidLimit
	if v := strings.TrimSpace(getenv("RESERVATION_TTL")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > maxReservationTTL {
			errs = append(errs, fmt.Sprintf("RESERVATION_TTL must be a duration from 1s to 720h (30 days), like 72h, not %q", v))
		} else {
			c.ReservationTTL = d
		}
	}
	if v := strings.TrimSpace(getenv("UNPAID_LIMIT")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1_000_000 {
			errs = append(errs, fmt.Sprintf("UNPAID_LIMIT must be a whole number from 0 (no limit) to 1000000, not %q", v))
		} else {
			c.UnpaidLimit = n
		}
	}
	c.UnpaidLimitUnverified = min(DefaultUnpaidLimitUnverified, c.UnpaidLimit)
	for _, r := range []struct {
		dst    *Rate
		prefix string
	}{{&c.SignUpLimit, "SIGNUP"}, {&c.LoginLimit, "LOGIN"}, {&c.LoginGuessLimit, "LOGIN_GUESS"}, {&c.LoginAccountLimit, "LOGIN_ACCOUNT"}, {&c.OrderLimit, "ORDER"}} {
		if r.dst.Burst, err = count(getenv(r.prefix+"_BURST"), 1_000_000); err != nil {
			errs = append(errs, r.prefix+"_BURST "+err.Error())
		}
		if r.dst.Interval, err = duration(getenv(r.prefix + "_INTERVAL")); err != nil {
			errs = append(errs, r.prefix+"_INTERVAL "+err.Error())
		}
	}
	if c.LoginAccountMaxWait, err = duration(getenv("LOGIN_ACCOUNT_MAX_WAIT")); err != nil {
		errs = append(errs, "LOGIN_ACCOUNT_MAX_WAIT "+err.Error())
	}
	if c.HashConcurrency, err = count(getenv("HASH_CONCURRENCY"), 1024); err != nil {
		errs = append(errs, "HASH_CONCURRENCY "+err.Error())
	}
	if c.HashWait, err = duration(getenv("HASH_WAIT")); err != nil {
		errs = append(errs, "HASH_WAIT "+err.Error())
	}
	if c.UploadQuotaRequests, err = count(getenv("UPLOAD_QUOTA_REQUESTS"), 1_000_000); err != nil {
		errs = append(errs, "UPLOAD_QUOTA_REQUESTS "+err.Error())
	}
	// at least one whole picture (5 MB) a day
	if c.UploadQuotaMB, err = count(getenv("UPLOAD_QUOTA_MB"), 1_000_000); err != nil || (c.UploadQuotaMB != 0 && c.UploadQuotaMB < 5) {
		errs = append(errs, fmt.Sprintf("UPLOAD_QUOTA_MB must be a whole number of megabytes from 5 (one picture) to 1000000, not %q", getenv("UPLOAD_QUOTA_MB")))
	}
	switch c.AdminMFA = strings.ToLower(or(getenv("ADMIN_MFA"), "required")); c.AdminMFA {
	case "required", "optional":
	default:
		errs = append(errs, fmt.Sprintf("ADMIN_MFA must be required or optional, not %q", getenv("ADMIN_MFA")))
	}
	if c.SessionIdle, err = days(getenv("SESSION_IDLE"), 7*24*time.Hour); err != nil {
		errs = append(errs, "SESSION_IDLE "+err.Error())
	}
	if c.SessionMax, err = days(getenv("SESSION_MAX"), 30*24*time.Hour); err != nil {
		errs = append(errs, "SESSION_MAX "+err.Error())
	}
	if c.SessionIdle > c.SessionMax {
		errs = append(errs, "SESSION_IDLE must not be longer than SESSION_MAX")
	}
	if n, err := count(getenv("AUDIT_RETENTION_DAYS"), 36_500); err != nil {
		errs = append(errs, "AUDIT_RETENTION_DAYS "+err.Error())
	} else {
		c.AuditRetention = time.Duration(cmp.Or(n, 400)) * 24 * time.Hour
	}
	if c.MailConsole, err = boolean(getenv("MAIL_CONSOLE"), false); err != nil {
		errs = append(errs, "MAIL_CONSOLE "+err.Error())
	}
	for _, e := range list(getenv("ADMIN_EMAILS")) {
		c.AdminEmails = append(c.AdminEmails, strings.ToLower(e))
	}
	c.PublicURL = strings.TrimSuffix(or(getenv("PUBLIC_URL"), fmt.Sprintf("http://localhost:%d", c.Port)), "/")
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, "PUBLIC_URL must be an absolute http(s) URL")
	}
	c.SiteURL = strings.TrimSuffix(or(getenv("SITE_URL"), fmt.Sprintf("http://localhost:%d", c.ClientPort)), "/")
	if u, err := url.Parse(c.SiteURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || len(c.SiteURL) > maxSiteURLLen {
		errs = append(errs, fmt.Sprintf("SITE_URL must be an absolute http(s) URL without query or fragment, at most %d characters", maxSiteURLLen))
	}
	c.CORSOrigins = list(getenv("CORS_ORIGINS"))
	if len(c.CORSOrigins) == 0 {
		// The client's local origins: Vite's dev server and preview, and the
		// built client served by this process.
		for _, p := range []int{5173, 4173, c.ClientPort} {
			c.CORSOrigins = append(c.CORSOrigins, fmt.Sprintf("http://localhost:%d", p), fmt.Sprintf("http://127.0.0.1:%d", p))
		}
	}
	for i, o := range c.CORSOrigins {
		c.CORSOrigins[i] = strings.TrimSuffix(o, "/")
		if u, err := url.Parse(c.CORSOrigins[i]); err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" {
			errs = append(errs, fmt.Sprintf("CORS_ORIGINS entry %q must be an origin like https://shop.example.com", o))
		}
	}
	if c.SMTPURL != "" {
		if u, err := url.Parse(c.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
			errs = append(errs, "SMTP_URL must look like smtps://user:password@host:465, smtp://user:password@host:587 or smtp://host:25")
		}
		if _, err := mail.ParseAddress(c.MailFrom); err != nil {
			errs = append(errs, "MAIL_FROM must be an e-mail address (the sender) when SMTP_URL is set")
		}
	}
	if c.ClientDist != "" {
		if c.ClientDist, err = filepath.Abs(c.ClientDist); err != nil {
			errs = append(errs, "CLIENT_DIST "+err.Error())
		}
	}
	if len(errs) > 0 {
		return c, fmt.Errorf("configuration: %s", strings.Join(errs, "; "))
	}
	return c, nil
}

// CheckServer is what the storefront server needs beyond what Load checks
// (the ops commands share Load but sign no sessions): with MONGODB_URI,
// several instances may share the database, so they must share JWT_SECRET.
func (c Config) CheckServer() error {
	if c.MongoURI != "" && strings.TrimSpace(c.JWTSecret) == "" {
		return errors.New("configuration: JWT_SECRET is required with MONGODB_URI: every instance must sign and check sessions with the same secret (at least 32 random characters)")
	}
	return nil
}

// Environ is Load over the process environment.
func Environ() (Config, error) { return Load(os.Getenv) }

// PaymentMode is "stripe" when a Stripe secret key is configured, else the
// offline test mode.
func (c Config) PaymentMode() string {
	if c.StripeSecret != "" {
		return "stripe"
	}
	return "test"
}

// OwnerEmail is the email recorded on catalogue items that ops or the demo
// add: the first admin, or a placeholder address.
func (c Config) OwnerEmail() string {
	if len(c.AdminEmails) > 0 {
		return c.AdminEmails[0]
	}
	return "sales@storefront.example"
}

func or(v, def string) string {
	if v = strings.TrimSpace(v); v == "" {
		return def
	}
	return v
}

func list(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func port(v string, def int) (int, error) {
	if strings.TrimSpace(v) == "" {
		return def, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 || n > 65535 {
		return 0, fmt.Errorf("must be a port number, not %q", v)
	}
	return n, nil
}

// count is a whole number from 1 to max; unset is 0 (the default).
func count(v string, max int) (int, error) {
	if strings.TrimSpace(v) == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 || n > max {
		return 0, fmt.Errorf("must be a whole number from 1 to %d, not %q", max, v)
	}
	return n, nil
}

// duration is a positive Go duration ("15s", "5m"); unset is 0 (the default).
func duration(v string) (time.Duration, error) {
	if strings.TrimSpace(v) == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(strings.TrimSpace(v))
	if err != nil || d <= 0 || d > 24*time.Hour {
		return 0, fmt.Errorf("must be a duration like 15s or 5m (at most 24h), not %q", v)
	}
	return d, nil
}

// days is a lifetime: a whole number of days ("7d") or a Go duration
// ("36h"), from one minute to a year; unset is def.
func days(v string, def time.Duration) (time.Duration, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return def, nil
	}
	bad := fmt.Errorf("must be a number of days like 7d, or a duration like 36h, from 1m to 366d, not %q", v)
	var d time.Duration
	if n, ok := strings.CutSuffix(v, "d"); ok {
		k, err := strconv.Atoi(n)
		if err != nil {
			return 0, bad
		}
		d = time.Duration(k) * 24 * time.Hour
	} else {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			return 0, bad
		}
	}
	if d < time.Minute || d > 366*24*time.Hour {
		return 0, bad
	}
	return d, nil
}

// MailLinksLogged reports whether the log may show a mailed message's
// links: on a developer's machine (SITE_URL on loopback) or when asked
// (MAIL_CONSOLE=true); elsewhere a live reset link in a log is a takeover.
func (c Config) MailLinksLogged() bool {
	if c.MailConsole {
		return true
	}
	u, err := url.Parse(c.SiteURL)
	if err != nil {
		return false
	}
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(h)
	return err == nil && ip.IsLoopback()
}

func boolean(v string, def bool) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "":
		return def, nil
	case "1", "true", "yes", "on":
		return true, nil
	case "0", "false", "no", "off":
		return false, nil
	}
	return false, fmt.Errorf("must be true or false, not %q", v)
}

// percent parses a percentage from 0 to 100 with at most two decimals
// ("8.25") into hundredths of a percent (825); "" is 0.
func percent(v string) (int64, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, nil
	}
	bad := fmt.Errorf("must be a percentage from 0 to 100 with at most two decimals, like 8.25, not %q", v)
	whole, frac, _ := strings.Cut(v, ".")
	if whole == "" || len(frac) > 2 || strings.Trim(whole+frac, "0123456789") != "" {
		return 0, bad
	}
	frac += strings.Repeat("0", 2-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil || n > 100_00 {
		return 0, bad
	}
	return n, nil
}

// objectIDPattern is a document id as the API writes it (24 hex digits).
var objectIDPattern = regexp.MustCompile(`^[0-9a-fA-F]{24}$`)
