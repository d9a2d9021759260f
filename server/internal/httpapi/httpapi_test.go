package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/auth"
	"storefront/server/internal/demo"
	"storefront/server/internal/httpapi"
	"storefront/server/internal/mail"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/shop"
	"storefront/server/internal/wiring"
)

const (
	allowedOrigin = "http://localhost:5173"
	webhookSecret = "whsec_test_secret"
	siteURL       = "https://shop.example" // the client's origin, where e-mails link
)

type testServer struct {
	*httptest.Server
	api    *httpapi.Server
	store  *mongodb.Store
	tokens *auth.Tokens
	google *testGoogle
	// mailbox is every e-mail as written, links and all (the outbox keeps
	// them without their tokens).
	mailbox *mailbox
	deps    httpapi.Deps
	now     func() time.Time // the services' clock
	totp    *totpSecrets     // the authenticators of the accounts with a second factor
}

// mustServe starts the API on a random port over a fresh store filled with
// the demo catalogue, in payment test mode.
func mustServe(tb testing.TB) *testServer {
	tb.Helper()
	return mustServeWith(tb, serveOptions{})
}

type serveOptions struct {
	logTo     io.Writer        // the server's log (default: discarded)
	stripeURL string           // use the Stripe provider against this API address
	clock     func() time.Time // the store's and the sales figures' clock (default: the real time)
	limits    httpapi.Limits   // the API's limits (default: the server's)
	// unconfigured leaves Google sign-in and the Stripe webhook off, as a
	// store without GOOGLE_CLIENT_ID and STRIPE_WEBHOOK_SECRET is.
	unconfigured bool
	// sendMail turns the outbox's sending on (as SMTP_URL does): messages
	// are stored pending for a courier the test runs, not in the mailbox.
	sendMail bool
	taxRate  int64 // TAX_RATE in hundredths of a percent
	// Issue 43: UNPAID_LIMIT (and until verified) and RESERVATION_TTL; zero: off.
	unpaidLimit, unpaidLimitUnverified int
	reservationTTL                     time.Duration
	// SESSION_IDLE and SESSION_MAX (issue 44); a test with a clock of its
	// own keeps its sessions for a century unless it sets them.
	sessionIdle, sessionMax time.Duration
	adminMFA                string // ADMIN_MFA ("": required)
}

func mustServeWith(tb testing.TB, opt serveOptions) *testServer {
	tb.Helper()
	store := mongotest.MustOpenWith(tb, func(c *mongodb.Config) { c.Clock = opt.clock })
	if _, err := demo.Seed(context.Background(), store, "http://shop.test", "sales@shop.test"); err != nil {
		tb.Fatal(err)
	}
	if opt.logTo == nil {
		opt.logTo = io.Discard
	}
	log := slog.New(slog.NewTextHandler(opt.logTo, &slog.HandlerOptions{Level: slog.LevelDebug}))
	tokens, err := auth.NewTokens([]byte(testSecret))
	if err != nil {
		tb.Fatal(err)
	}
	google := newTestGoogle(tb)
	box := &mailbox{}
	opts := wiring.Options{
		PublicURL: "http://shop.test", SiteURL: siteURL, Tokens: tokens, Passwords: auth.Argon2{},
		Google:        auth.NewGoogle(googleClientID, google.URL, nil),
		AdminEmails:   []string{adminEmail},
		StripeWebhook: webhookSecret,
		Outbox:        &app.Outbox{Store: store, Composer: siteTemplates(), Domain: "shop.test", Log: log, Console: box},
		Now:           opt.clock,
		Log:           log,
		TaxRate:       opt.taxRate,
		UnpaidLimit:   opt.unpaidLimit, UnpaidLimitUnverified: opt.unpaidLimitUnverified, ReservationTTL: opt.reservationTTL,
	}
	if opt.unconfigured {
		opts.Google, opts.StripeWebhook = nil, ""
	}
	if opt.sendMail {
		opts.Outbox.Enabled, opts.Outbox.From = true, "orders@shop.test"
	}
	if opt.stripeURL != "" {
		opts.StripeSecret, opts.StripeAPIBase = "sk_test_storefront", opt.stripeURL
	}
	if opt.clock != nil { // a test that moves its clock by months keeps its sessions
		opts.SessionIdle, opts.SessionMax = 100*365*24*time.Hour, 100*365*24*time.Hour
	}
	opts.AdminMFA = opt.adminMFA
	if opt.sessionIdle != 0 {
		opts.SessionIdle, opts.SessionMax = opt.sessionIdle, opt.sessionMax
	}
	deps := wiring.Services(store, opts)
	if opt.limits.Orders == (ratelimit.Rate{}) {
		// Tests place many orders from one account and address at once,
		// as the outside checks of stock do (ORDER_BURST, ORDER_INTERVAL
		// set generously); the limit itself is TestOrders_RateLimited's.
		opt.limits.Orders = ratelimit.Rate{Burst: 100_000, Interval: time.Millisecond}
	}
	api := httpapi.New(httpapi.Config{PublicURL: "http://shop.test", CORSOrigins: []string{allowedOrigin}, PaymentMode: "test", Limits: opt.limits,
		TaxRate: opt.taxRate, TaxLabel: "Sales tax"},
		deps)
	srv := httptest.NewServer(api.Handler())
	tb.Cleanup(srv.Close)
	tb.Cleanup(deps.Accounts.Wait) // work after an answer ends before the store closes
	now := opt.clock
	if now == nil {
		now = time.Now
	}
	ts := &testServer{Server: srv, api: api, store: store, tokens: tokens, google: google, mailbox: box, deps: deps, now: now, totp: &totpSecrets{}}
	tb.Cleanup(func() { ts.mustAuditHoldNoSecret(tb) }) // every entry every test writes (issue 44)
	return ts
}

func (ts *testServer) do(tb testing.TB, method, path string, header map[string]string) (*http.Response, []byte) {
	tb.Helper()
	req, err := http.NewRequest(method, ts.URL+path, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return exchange(tb, req)
}

func (ts *testServer) get(tb testing.TB, path string) (*http.Response, []byte) {
	return ts.do(tb, http.MethodGet, path, nil)
}

func mustProblem(tb testing.TB, res *http.Response, body []byte, status int) httpapi.Problem {
	tb.Helper()
	if res.StatusCode != status {
		tb.Fatalf("%s: status %d, want %d: %s", res.Request.URL, res.StatusCode, status, body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/problem+json" {
		tb.Fatalf("content type %q, want application/problem+json", ct)
	}
	var p httpapi.Problem
	if err := json.Unmarshal(body, &p); err != nil || p.Status != status || p.Title == "" || p.Detail == "" {
		tb.Fatalf("not a problem document: %s", body)
	}
	return p
}

func decode[T any](tb testing.TB, body []byte) T {
	tb.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		tb.Fatalf("decode %s: %v", body, err)
	}
	return v
}

func TestListProducts(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	t.Run("OK_FirstFive", func(t *testing.T) {
		res, body := ts.get(t, "/service?limit=5")
		list := decode[[]map[string]any](t, body)
		if res.StatusCode != 200 || len(list) != 5 {
			t.Fatalf("status %d, %d products", res.StatusCode, len(list))
		}
		if res.Header.Get("X-Total-Count") != "14" {
			t.Fatalf("X-Total-Count = %q, want 14", res.Header.Get("X-Total-Count"))
		}
		for _, f := range []string{"_id", "name", "price", "image", "description", "avaialbequantit", "minimumquantity", "email"} {
			if _, ok := list[0][f]; !ok {
				t.Errorf("product lacks %q: %v", f, list[0])
			}
		}
		if list[0]["name"] != "Hydraulic Excavator 20T" || list[0]["price"] != 128500.0 {
			t.Fatalf("first product: %v", list[0])
		}
	})
	t.Run("OK_SearchSortSkip", func(t *testing.T) {
		_, body := ts.get(t, "/service?q=BEARING&sort=-price")
		list := decode[[]shop.Product](t, body)
		if len(list) != 2 || list[0].Name != "Tapered Roller Bearing 32210" || list[1].Price != 420 {
			t.Fatalf("bearings by price desc: %+v", list)
		}
		_, body = ts.get(t, "/service?sort=name&skip=13")
		if list := decode[[]shop.Product](t, body); len(list) != 1 || list[0].Name != "Tapered Roller Bearing 32210" {
			t.Fatalf("last by name: %+v", list)
		}
	})
	// A cart's lines in one request (issue 47: one GET /service/{id} each, up to 50).
	t.Run("OK_ByIDs", func(t *testing.T) {
		_, body := ts.get(t, "/service?limit=3")
		first := decode[[]shop.Product](t, body)
		gone := "0123456789abcdef01234567"
		res, body := ts.get(t, "/service?ids="+first[2].ID+","+gone+","+first[0].ID+","+first[2].ID)
		list := decode[[]shop.Product](t, body)
		if res.StatusCode != 200 || len(list) != 2 || list[0].ID != first[2].ID || list[1].ID != first[0].ID || res.Header.Get("X-Total-Count") != "2" {
			t.Fatalf("by ids: %d %+v (X-Total-Count %q)", res.StatusCode, list, res.Header.Get("X-Total-Count"))
		}
		for _, query := range []string{"ids=", "ids=nope", "ids=,,"} {
			res, body := ts.get(t, "/service?"+query)
			if p := mustProblem(t, res, body, 400); p.Errors["ids"] == "" {
				t.Errorf("%s: errors %v lack ids", query, p.Errors)
			}
		}
		many := make([]string, 51)
		for i := range many {
			many[i] = fmt.Sprintf("%024x", i+1)
		}
		res, body = ts.get(t, "/service?ids="+strings.Join(many, ","))
		if p := mustProblem(t, res, body, 400); p.Errors["ids"] != "must name at most 50 products" {
			t.Fatalf("51 ids: %v", p.Errors)
		}
	})
	t.Run("ErrInvalidParameters", func(t *testing.T) {
		for query, field := range map[string]string{
			"limit=0": "limit", "limit=101": "limit", "limit=abc": "limit", "limit=-1": "limit", "limit=1.5": "limit",
			"skip=-1": "skip", "skip=x": "skip", "skip=1000001": "skip",
			"sort=cost": "sort", "sort=$natural": "sort", "q=" + strings.Repeat("a", 101): "q",
		} {
			res, body := ts.get(t, "/service?"+query)
			p := mustProblem(t, res, body, 400)
			if _, ok := p.Errors[field]; !ok {
				t.Errorf("%s: errors %v lack %q", query, p.Errors, field)
			}
		}
	})
	t.Run("OK_Gzip", func(t *testing.T) {
		res, body := ts.get(t, "/service")
		if !res.Uncompressed || len(decode[[]shop.Product](t, body)) != 14 {
			t.Fatalf("the catalogue was not sent compressed: %v", res.Header)
		}
	})
	t.Run("OK_NotModified", func(t *testing.T) {
		res, _ := ts.get(t, "/service?limit=5")
		etag := res.Header.Get("ETag")
		res, body := ts.do(t, "GET", "/service?limit=5", map[string]string{"If-None-Match": etag})
		if etag == "" || res.StatusCode != 304 || len(body) != 0 {
			t.Fatalf("etag %q: status %d, %d bytes", etag, res.StatusCode, len(body))
		}
	})
	t.Run("OK_OwnWritesShowAtOnce", func(t *testing.T) {
		_, body := ts.get(t, "/service?limit=1")
		first := decode[[]shop.Product](t, body)[0]
		if err := ts.store.ReserveStock(context.Background(), first.ID, ts.store.NewOrderID(), 1); err != nil {
			t.Fatal(err)
		}
		_, body = ts.get(t, "/service?limit=1")
		if got := decode[[]shop.Product](t, body)[0]; got.Available != first.Available-1 {
			t.Fatalf("available %d after reserving 1 of %d: a stale cached answer", got.Available, first.Available)
		}
		_, body = ts.get(t, "/service/"+first.ID)
		if got := decode[shop.Product](t, body); got.Available != first.Available-1 {
			t.Fatalf("product answer is stale: %d", got.Available)
		}
	})
}

func TestGetProduct(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	_, body := ts.get(t, "/service?limit=1")
	first := decode[[]shop.Product](t, body)[0]
	t.Run("OK", func(t *testing.T) {
		res, body := ts.get(t, "/service/"+first.ID)
		if got := decode[shop.Product](t, body); res.StatusCode != 200 || got.ID != first.ID || got.Name != first.Name {
			t.Fatalf("status %d: %s", res.StatusCode, body)
		}
	})
	t.Run("ErrMalformedID", func(t *testing.T) {
		for _, id := range []string{"123", "zzzzzzzzzzzzzzzzzzzzzzzz", first.ID + "0", "%7B%22$gt%22:%22%22%7D"} {
			res, body := ts.get(t, "/service/"+id)
			mustProblem(t, res, body, 400)
		}
	})
	t.Run("ErrUnknownID", func(t *testing.T) {
		res, body := ts.get(t, "/service/0123456789abcdef01234567")
		mustProblem(t, res, body, 404)
	})
}

func TestListReviews(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	res, body := ts.get(t, "/reviews")
	list := decode[[]map[string]any](t, body)
	if res.StatusCode != 200 || len(list) < 6 {
		t.Fatalf("status %d, %d reviews", res.StatusCode, len(list))
	}
	for i := 1; i < len(list); i++ {
		if list[i-1]["createdAt"].(string) < list[i]["createdAt"].(string) {
			t.Fatalf("not newest first at %d: %v then %v", i, list[i-1]["createdAt"], list[i]["createdAt"])
		}
	}
	if _, leaked := list[0]["email"]; leaked {
		t.Fatalf("a reviewer's email is public: %v", list[0])
	}
	for _, f := range []string{"_id", "name", "review", "img", "rating"} {
		if _, ok := list[0][f]; !ok {
			t.Errorf("review lacks %q", f)
		}
	}
	res, body = ts.get(t, "/reviews?limit=0")
	mustProblem(t, res, body, 400)
}

func TestGetImage(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	_, body := ts.get(t, "/service?limit=1")
	img := decode[[]shop.Product](t, body)[0].Image
	if !strings.HasPrefix(img, "http://shop.test/images/") {
		t.Fatalf("image URL %q is not built from PUBLIC_URL", img)
	}
	res, data := ts.get(t, strings.TrimPrefix(img, "http://shop.test"))
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(string(data), "\x89PNG") {
		t.Fatalf("status %d type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(res.Header.Get("Cache-Control"), "max-age=31536000") {
		t.Fatalf("headers: %v", res.Header)
	}
	res, _ = ts.do(t, "GET", strings.TrimPrefix(img, "http://shop.test"), map[string]string{"If-None-Match": res.Header.Get("ETag")})
	if res.StatusCode != 304 {
		t.Fatalf("revalidation: %d", res.StatusCode)
	}
	res, body = ts.get(t, "/images/0123456789abcdef01234567")
	mustProblem(t, res, body, 404)
	res, body = ts.get(t, "/images/nope")
	mustProblem(t, res, body, 400)
}

func TestCORS(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	t.Run("OK_AllowedOrigin", func(t *testing.T) {
		res, _ := ts.do(t, "GET", "/service?limit=1", map[string]string{"Origin": allowedOrigin})
		if res.StatusCode != 200 || res.Header.Get("Access-Control-Allow-Origin") != allowedOrigin {
			t.Fatalf("status %d, ACAO %q", res.StatusCode, res.Header.Get("Access-Control-Allow-Origin"))
		}
		if !strings.Contains(res.Header.Get("Access-Control-Expose-Headers"), "X-Total-Count") {
			t.Fatalf("X-Total-Count is not exposed: %v", res.Header)
		}
	})
	t.Run("OK_Preflight", func(t *testing.T) {
		res, _ := ts.do(t, "OPTIONS", "/service", map[string]string{"Origin": allowedOrigin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"})
		if res.StatusCode != 204 || res.Header.Get("Access-Control-Allow-Origin") != allowedOrigin ||
			!strings.Contains(res.Header.Get("Access-Control-Allow-Headers"), "Authorization") {
			t.Fatalf("preflight: %d %v", res.StatusCode, res.Header)
		}
	})
	t.Run("ErrRefusedOrigin", func(t *testing.T) {
		for _, method := range []string{"GET", "OPTIONS"} {
			res, body := ts.do(t, method, "/service", map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "GET"})
			mustProblem(t, res, body, 403)
			if res.Header.Get("Access-Control-Allow-Origin") != "" {
				t.Fatalf("%s: refused origin got ACAO %q", method, res.Header.Get("Access-Control-Allow-Origin"))
			}
		}
	})
}

func TestMeta(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	res, body := ts.get(t, "/healthz")
	if res.StatusCode != 200 {
		t.Fatalf("healthz: %d %s", res.StatusCode, body)
	}
	res, body = ts.get(t, "/config")
	cfg := decode[map[string]any](t, body)
	if res.StatusCode != 200 || cfg["paymentProvider"] != "test" {
		t.Fatalf("config: %s", body)
	}
	for _, k := range []string{"stripePublishableKey", "googleClientId"} {
		if _, ok := cfg[k]; !ok {
			t.Errorf("config lacks %q", k)
		}
	}
	res, body = ts.get(t, "/no/such/route")
	mustProblem(t, res, body, 404)
	res, body = ts.do(t, "DELETE", "/healthz", nil)
	mustProblem(t, res, body, 405)
	if res.Header.Get("X-Request-ID") == "" {
		t.Fatalf("no request id")
	}
}

func TestHealth_ErrStoreDown(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	if err := ts.store.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	res, body := ts.get(t, "/healthz")
	mustProblem(t, res, body, 503)
}

// siteTemplates are the letters' templates linking to siteURL, as the
// server's are (issue 49).
func siteTemplates() *mail.Templates {
	t := mail.MustTemplates("")
	t.SiteURL = siteURL
	return t
}
