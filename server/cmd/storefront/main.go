// Command storefront runs the API (and, with CLIENT_DIST, the built client)
// on the embedded store or on MONGODB_URI.
package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/app"
	"storefront/server/internal/auth"
	"storefront/server/internal/config"
	"storefront/server/internal/demo"
	"storefront/server/internal/httpapi"
	"storefront/server/internal/metrics"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/opscmd"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/shop"
	"storefront/server/internal/site"
	"storefront/server/internal/wiring"
)

// externalCacheTTL bounds how long an instance may serve a catalogue answer
// that another instance's write has made stale (shared MongoDB only).
const externalCacheTTL = 2 * time.Second

func main() {
	if len(os.Args) > 1 && os.Args[1] == "admin" { // the operator's commands (admin.go)
		opscmd.Main(runAdmin)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: logLevel()}))
	if err := run(log); err != nil {
		log.Error("storefront stopped", "error", err)
		os.Exit(1)
	}
}

func logLevel() slog.Level {
	var l slog.Level
	if err := l.UnmarshalText([]byte(os.Getenv("LOG_LEVEL"))); err != nil {
		return slog.LevelInfo
	}
	return l
}

func run(log *slog.Logger) error {
	cfg, err := config.Environ()
	if err != nil {
		return err
	}
	if err := cfg.CheckServer(); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// Metrics are counted always (it is cheap) and served only on METRICS_PORT.
	meter := metrics.New()
	store, err := mongodb.Open(ctx, mongodb.Config{URI: cfg.MongoURI, DB: cfg.MongoDB, DataDir: cfg.DataDir, Logger: log, Telemetry: meter,
		AllowNonAtomic: cfg.AllowNonAtomic, FollowLiveHeap: cfg.GoMemLimit == ""})
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := store.Close(closeCtx); err != nil {
			log.Error("close store", "error", err)
		} else {
			log.Info("store closed")
		}
	}()

	// What a crash left between the steps of an order's stock change or a
	// cancel is settled before anything else runs.
	if err := recoverStock(ctx, store, log, crashCutoff(store, cfg.RecoveryAfter)); err != nil {
		return err
	}

	if cfg.SeedDemo {
		res, err := demo.Seed(ctx, store, cfg.PublicURL, cfg.OwnerEmail())
		if err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
		if res.Products+res.Reviews > 0 {
			log.Info("demo data added", "products", res.Products, "reviews", res.Reviews)
		}
	}

	secret, err := auth.LoadSecret(cfg.JWTSecret, cfg.DataDir)
	if err != nil {
		return fmt.Errorf("token secret: %w", err)
	}
	tokens, err := auth.NewTokens(secret)
	if err != nil {
		return err
	}
	factors, err := auth.NewFactors(secret, authenticatorIssuer(cfg))
	if err != nil {
		return err
	}
	// Every password hash in this process runs under one limit.
	auth.SetDefaultHashLimit(auth.NewHashLimit(cfg.HashConcurrency, cmp.Or(cfg.HashWait, auth.DefaultHashWait)))
	outbox, courier, err := newOutbox(cfg, store, log, meter)
	if err != nil {
		return err
	}
	stripeSecret := ""
	if cfg.PaymentMode() == "stripe" {
		stripeSecret = cfg.StripeSecret
	}
	deps := wiring.Services(store, wiring.Options{
		PublicURL: cfg.PublicURL, SiteURL: cfg.SiteURL, Tokens: tokens, Factors: factors, Passwords: auth.Argon2{},
		AdminMFA: cfg.AdminMFA, SessionIdle: cfg.SessionIdle, SessionMax: cfg.SessionMax, AuditRetention: cfg.AuditRetention,
		Google:       auth.NewGoogle(cfg.GoogleClientID, cfg.GoogleJWKSURL, cfg.GoogleIssuers),
		AdminEmails:  cfg.AdminEmails,
		StripeSecret: stripeSecret, StripeAPIBase: cfg.StripeAPIBase, StripeWebhook: cfg.StripeWebhook,
		Outbox:    outbox,
		Log:       log,
		Telemetry: meter,
		// issue 36: review moderation
		ReviewsNeedApproval: cfg.ReviewsNeedApproval,
		TaxRate:             cfg.TaxRate,
		// issue 34: invoices
		TaxLabel: cfg.TaxLabel,
		Seller:   invoiceSeller(cfg, log),
		// issue 48: delivery
		NoTaxOnShipping: !cfg.TaxShipping, DefaultShippingMethod: cfg.DefaultShippingMethod,
		// issue 43: reservations
		UnpaidLimit: cfg.UnpaidLimit, UnpaidLimitUnverified: cfg.UnpaidLimitUnverified, ReservationTTL: cfg.ReservationTTL,
	})
	if courier != nil {
		courier.Attachments = deps.Invoices // the paid e-mails' invoices, attached when sent
	}
	deps.Observer = meter
	if err := deps.Accounts.PromoteConfiguredAdmins(ctx); err != nil {
		return fmt.Errorf("ADMIN_EMAILS: %w", err)
	}
	if err := finishDeletions(ctx, deps.Accounts, log, crashCutoff(store, cfg.RecoveryAfter)); err != nil {
		return err
	}

	apiCfg := httpapi.Config{
		PublicURL: cfg.PublicURL, CORSOrigins: cfg.CORSOrigins, PaymentMode: cfg.PaymentMode(), TrustedProxies: cfg.TrustedProxies,
		StripePubKey: cfg.StripePubKey, GoogleClientID: cfg.GoogleClientID, TaxRate: cfg.TaxRate, TaxLabel: cfg.TaxLabel,
		Limits: httpapi.Limits{
			SignUp:              ratelimit.Rate(cfg.SignUpLimit),
			Login:               ratelimit.Rate(cfg.LoginLimit),
			LoginGuesses:        ratelimit.Rate(cfg.LoginGuessLimit),
			LoginAccount:        ratelimit.Rate(cfg.LoginAccountLimit),
			LoginAccountMaxWait: cfg.LoginAccountMaxWait,
			Orders:              ratelimit.Rate(cfg.OrderLimit),
		},
	}
	if n := cfg.UploadQuotaRequests; n > 0 {
		apiCfg.Limits.UploadRequests = httpapi.PerDay(n)
	}
	if mb := cfg.UploadQuotaMB; mb > 0 {
		apiCfg.Limits.UploadKiB = httpapi.PerDay(mb << 10)
	}
	if !store.Embedded() {
		apiCfg.CacheTTL = externalCacheTTL
	}
	if err := recoverDesk(ctx, deps, log, crashCutoff(store, cfg.RecoveryAfter)); err != nil {
		return err
	}
	if err := recoverInvoices(ctx, deps, log, crashCutoff(store, cfg.RecoveryAfter)); err != nil {
		return err
	}
	// Then every minute, what is older than any step takes: a crashed
	// instance on a shared MongoDB may never start again, and a step whose
	// outcome the store could not tell (a timeout) leaves its hold (or an
	// account deletion its mark) to this.
	recoveryAfter, recoveryEvery := cmp.Or(cfg.RecoveryAfter, mongodb.StaleHolds), cmp.Or(cfg.RecoveryEvery, time.Minute)
	go sweep(ctx, log, recoveryEvery, func() error {
		cutoff := time.Now().Add(-recoveryAfter)
		return errors.Join(recoverStock(ctx, store, log, cutoff), recoverDesk(ctx, deps, log, cutoff), finishDeletions(ctx, deps.Accounts, log, cutoff),
			recoverInvoices(ctx, deps, log, cutoff))
	})
	// Issue 43: unpaid purchases reminded and expired (RESERVATION_TTL),
	// and the intents of purchases gone settled (a payment refunded): at
	// least every minute, each step one guarded write, so several
	// instances may sweep at once.
	go sweep(ctx, log, min(recoveryEvery, time.Minute), func() error {
		return errors.Join(expirePurchases(ctx, deps, log), settleIntents(ctx, deps, log, time.Now().Add(-recoveryAfter)), remindInvoices(ctx, deps, log))
	})
	// The admins' daily digests (issue 36): a pass a minute; of several
	// instances one writes each digest.
	go func() {
		t := time.NewTicker(time.Minute)
		defer t.Stop()
		deps.Notifications.RunDigests(ctx, t.C)
	}()
	// Issue 44: the refusals counted in the minute past; expired sessions
	// and audit entries past AUDIT_RETENTION_DAYS, hourly.
	go func() {
		t := time.NewTicker(time.Minute)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				deps.Audit.FlushRefusals(ctx, false)
			}
		}
	}()
	go sweepTrust(ctx, log, deps)
	gin.SetMode(gin.ReleaseMode)
	api := httpapi.New(apiCfg, deps)
	go sweepPictures(ctx, log, deps.Images, store) // after New, which tells it of the picture cache
	servers := []*http.Server{newServer(cfg.Port, api.Handler())}
	var clientSite *site.Site
	if cfg.ClientDist != "" {
		clientSite, err = wiring.Site(cfg.ClientDist, site.Config{SiteURL: cfg.SiteURL, CacheTTL: apiCfg.CacheTTL, PublicURL: cfg.PublicURL}, api, deps)
		if err != nil {
			return err
		}
		servers = append(servers, newServer(cfg.ClientPort, clientSite))
	}
	watchSizes(meter, api, clientSite, store)
	meter.WatchStale(store.StaleDocuments)
	if cfg.MetricsPort != 0 {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", meter.Handler())
		servers = append(servers, newServer(cfg.MetricsPort, mux))
		log.Info("metrics listening", "url", fmt.Sprintf("http://localhost:%d/metrics", cfg.MetricsPort))
	}

	// The sender delivers the outbox until the servers have stopped (the
	// last requests may still write mail), then ends its attempt in hand.
	courierCtx, stopCourier := context.WithCancel(context.WithoutCancel(ctx))
	defer stopCourier()
	courierDone := make(chan struct{})
	if courier != nil {
		go func() {
			defer close(courierDone)
			ticker := time.NewTicker(shop.MailPoll)
			defer ticker.Stop()
			courier.run(courierCtx, ticker.C)
		}()
	} else {
		close(courierDone)
	}

	errc := make(chan error, len(servers))
	for _, srv := range servers {
		ln, err := net.Listen("tcp", srv.Addr)
		if err != nil {
			return fmt.Errorf("listen on %s: %w", srv.Addr, err)
		}
		go func() { errc <- srv.Serve(ln) }()
	}
	log.Info("API listening", "url", fmt.Sprintf("http://localhost:%d", cfg.Port), "store", storeKind(store), "payments", cfg.PaymentMode())
	if cfg.ClientDist != "" {
		fmt.Fprintf(os.Stderr, "\n  Storefront ready: open http://localhost:%d  (API on http://localhost:%d; Ctrl-C stops)\n\n", cfg.ClientPort, cfg.Port)
	}

	select {
	case <-ctx.Done():
		stop() // a second Ctrl-C now ends the process at once
		log.Info("shutting down: finishing in-flight requests (Ctrl-C again to quit now)")
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			log.Error("server failed", "error", err)
		}
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for _, srv := range servers {
		if err := srv.Shutdown(shutdownCtx); err != nil {
			log.Error("shutdown", "addr", srv.Addr, "error", err)
		}
	}
	deps.Accounts.Wait() // reset requests answered, their e-mails not yet stored
	deps.Audit.FlushRefusals(context.Background(), true)
	stopCourier()
	<-courierDone
	return nil
}

// finishDeletions finishes the account deletions a crash interrupted.
func finishDeletions(ctx context.Context, accounts *app.Accounts, log *slog.Logger, cutoff time.Time) error {
	n, err := accounts.FinishDeletions(ctx, cutoff)
	if err != nil {
		return fmt.Errorf("finish the account deletions a crash interrupted: %w", err)
	}
	if n > 0 {
		log.Warn("finished the account deletions a crash interrupted", "accounts", n)
	}
	return nil
}

// invoiceSeller is the shop as its invoices name it: SELLER_NAME,
// SELLER_ADDRESS and SELLER_TAX_ID; without SELLER_NAME, the name and
// address the site itself shows (the built client's configuration, issue
// 49). Start-up warns when the invoices carry no tax id.
func invoiceSeller(cfg config.Config, log *slog.Logger) shop.Seller {
	seller := shop.Seller{Name: cfg.SellerName, Address: cfg.SellerAddress, TaxID: cfg.SellerTaxID}
	if seller.Name == "" && cfg.ClientDist != "" {
		name, address := site.ReadIdentity(cfg.ClientDist)
		seller.Name = name
		if seller.Address == "" {
			seller.Address = address
		}
	}
	if seller.TaxID == "" {
		log.Warn("the invoices carry no tax id: set SELLER_TAX_ID", "seller", seller.Name)
	}
	return seller
}

// authenticatorIssuer names the store in authenticator apps: the seller,
// else the site's host.
func authenticatorIssuer(cfg config.Config) string {
	if cfg.SellerName != "" {
		return cfg.SellerName
	}
	if u, err := url.Parse(cfg.SiteURL); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "Storefront"
}

// sweepTrust deletes the expired sessions, the used and expired company
// invitations, and the audit entries past their
// retention (a checkpoint entry keeps the chain checkable): a minute after
// start, then hourly.
func sweepTrust(ctx context.Context, log *slog.Logger, deps httpapi.Deps) {
	wait := time.Minute
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = time.Hour
		if n, err := deps.Accounts.PruneSessions(ctx); err != nil && ctx.Err() == nil {
			log.Error("session sweep", "error", err)
		} else if n > 0 {
			log.Info("deleted expired sessions", "sessions", n)
		}
		if n, err := deps.Companies.PruneInvitations(ctx); err != nil && ctx.Err() == nil {
			log.Error("invitation sweep", "error", err)
		} else if n > 0 {
			log.Info("deleted used and expired invitations", "invitations", n)
		}
		if n, err := deps.Audit.Prune(ctx); err != nil && ctx.Err() == nil {
			log.Error("audit retention", "error", err)
		} else if n > 0 {
			log.Info("pruned audit entries past AUDIT_RETENTION_DAYS", "entries", n)
		}
	}
}

// pictureSweepEvery is how often the pictures nothing refers to are looked
// for (the first sweep a minute after start, when the outbox is in memory).
const pictureSweepEvery = time.Hour

// sweepPictures deletes the pictures that nothing has referred to for 24 h
// after their last upload, and (issue 48) the documents' bytes no product
// lists an hour after they were stored (a crash between the two steps of
// an upload or a removal).
func sweepPictures(ctx context.Context, log *slog.Logger, images *app.Images, store *mongodb.Store) {
	wait := time.Minute
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = pictureSweepEvery
		n, err := images.SweepOrphans(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			log.Error("picture sweep", "error", err)
		case n > 0:
			log.Info("deleted pictures that nothing refers to", "pictures", n)
		}
		files, chunks, err := store.SweepOrphanDocuments(ctx, time.Now().Add(-mongodb.DocumentOrphanAfter))
		switch {
		case err != nil && ctx.Err() == nil:
			log.Error("document sweep", "error", err)
		case files+chunks > 0:
			log.Info("deleted documents' bytes that no product lists", "files", files, "chunks", chunks)
		}
	}
}

// crashCutoff is when the stock holds, cancels and acceptances a crash left
// began: embedded, this process is the only writer, so every one; on a
// shared MongoDB, those older than any other instance's steps take.
func crashCutoff(store *mongodb.Store, after time.Duration) time.Time {
	if store.Embedded() {
		return time.Now().Add(time.Second)
	}
	return time.Now().Add(-cmp.Or(after, mongodb.StaleHolds))
}

// settleCrash runs one settlement of what a crash interrupted (its two
// counts named by keys) and logs what it settled.
func settleCrash(ctx context.Context, log *slog.Logger, what string, keys [2]string, cutoff time.Time,
	settle func(ctx context.Context, cutoff time.Time) (int, int, error)) error {
	a, b, err := settle(ctx, cutoff)
	if err != nil {
		return fmt.Errorf("settle %s: %w", what, err)
	}
	if a+b > 0 {
		log.Warn("settled "+what, keys[0], a, keys[1], b)
	}
	return nil
}

// recoverStock settles the stock holds and the cancels begun before cutoff
// that a crash (or an unanswered step) left between an order's steps.
func recoverStock(ctx context.Context, store *mongodb.Store, log *slog.Logger, cutoff time.Time) error {
	if err := settleCrash(ctx, log, "the stock of orders interrupted by a crash", [2]string{"given_back", "kept"}, cutoff, store.RecoverStock); err != nil {
		return err
	}
	if err := settleCrash(ctx, log, "the category renames left to finish", [2]string{"renames", "former_names"}, cutoff, store.RecoverRenames); err != nil {
		return err
	}
	n, err := store.RecoverCancels(ctx, cutoff)
	if err != nil {
		return fmt.Errorf("settle the cancels a crash interrupted: %w", err)
	}
	if n > 0 {
		log.Warn("settled the cancels a crash interrupted: their orders stand", "orders", n)
	}
	return nil
}

// recoverDesk settles the quote acceptances, order groups and claim
// approvals a crash interrupted (after recoverStock, whose holds they would
// otherwise meet).
func recoverDesk(ctx context.Context, deps httpapi.Deps, log *slog.Logger, cutoff time.Time) error {
	if err := settleCrash(ctx, log, "the quote acceptances a crash interrupted", [2]string{"accepted", "quoted_again"}, cutoff, deps.Quotes.Recover); err != nil {
		return err
	}
	if err := settleCrash(ctx, log, "the purchases a crash left between steps", [2]string{"completed", "undone"}, cutoff, deps.Purchases.Recover); err != nil {
		return err
	}
	if err := settleCrash(ctx, log, "the bank payments a crash left settling", [2]string{"settled", "-"}, cutoff, deps.Terms.Recover); err != nil {
		return err
	}
	if err := settleCrash(ctx, log, "the claim approvals a crash interrupted", [2]string{"approved", "requested_again"}, cutoff, deps.Claims.Recover); err != nil {
		return err
	}
	return settleCrash(ctx, log, "the claims' pieces a crash left held on their lines", [2]string{"given_back", "kept_for_approvals"}, cutoff, deps.Claims.RecoverCounts)
}

// recoverInvoices issues the invoices of the payments a crash (or an
// error) left without one, and their paid e-mails (issue 34).
func recoverInvoices(ctx context.Context, deps httpapi.Deps, log *slog.Logger, cutoff time.Time) error {
	n, err := deps.Invoices.Recover(ctx, cutoff, func(inv shop.Invoice, ord *shop.Order, grp *shop.Group) {
		deps.Payments.TellInvoiced(ctx, inv, ord, grp)
	})
	if err != nil {
		return fmt.Errorf("issue the invoices a crash left unissued: %w", err)
	}
	if n > 0 {
		log.Warn("issued the invoices a crash left unissued", "invoices", n)
	}
	return nil
}

// expirePurchases reminds the buyers of purchases unpaid for half of
// RESERVATION_TTL and cancels those unpaid for all of it.
func expirePurchases(ctx context.Context, deps httpapi.Deps, log *slog.Logger) error {
	reminded, expired, err := deps.Purchases.Expire(ctx)
	if err != nil {
		return fmt.Errorf("expire unpaid purchases: %w", err)
	}
	if reminded+expired > 0 {
		log.Info("unpaid purchases", "reminded", reminded, "cancelled_not_paid_in_time", expired)
	}
	return nil
}

// remindInvoices e-mails the reminders of invoices on account due soon or
// overdue, each once (issue 45).
func remindInvoices(ctx context.Context, deps httpapi.Deps, log *slog.Logger) error {
	n, err := deps.Terms.Remind(ctx)
	if err != nil {
		return fmt.Errorf("remind invoices on account: %w", err)
	}
	if n > 0 {
		log.Debug("invoices on account reminded", "invoices", n)
	}
	return nil
}

// settleIntents closes the records of payment intents whose purchase is
// paid, gone or uses another one; a payment for a purchase gone is
// refunded.
func settleIntents(ctx context.Context, deps httpapi.Deps, log *slog.Logger, cutoff time.Time) error {
	n, err := deps.Payments.SettleIntents(ctx, cutoff)
	if err != nil {
		return fmt.Errorf("settle payment intents: %w", err)
	}
	if n > 0 {
		log.Info("settled payment intents", "intents", n)
	}
	return nil
}

// sweep runs settle every interval until ctx ends.
func sweep(ctx context.Context, log *slog.Logger, every time.Duration, settle func() error) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := settle(); err != nil {
				log.Error("recovery sweep", "error", err)
			}
		}
	}
}

// watchSizes reports the API's caches, the client server's rendered pages
// (clientSite may be nil) and the embedded store's in-memory indexes (one
// per collection) in the metrics.
func watchSizes(meter *metrics.Metrics, api *httpapi.Server, clientSite *site.Site, store *mongodb.Store) {
	meter.WatchSizes(func() []metrics.Size {
		var out []metrics.Size
		for _, c := range api.CacheSizes() {
			out = append(out, metrics.Size{Name: c.Name, Entries: c.Entries, Bytes: c.Bytes})
		}
		if clientSite != nil {
			pages := clientSite.PageCache()
			out = append(out, metrics.Size{Name: "pages", Entries: pages.Entries, Bytes: pages.Bytes})
		}
		for _, m := range store.MirrorStats() {
			out = append(out, metrics.Size{Name: "store_index_" + m.Collection, Entries: m.Documents, Bytes: m.Bytes})
		}
		return out
	})
}

func newServer(port int, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              fmt.Sprintf(":%d", port),
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    1 << 20,
	}
}

func storeKind(s *mongodb.Store) string {
	if s.Embedded() {
		return "embedded"
	}
	return "mongodb"
}
