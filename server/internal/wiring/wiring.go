// Package wiring builds the application services over a store, and the
// client server over the API, the one way both the storefront binary and
// the tests assemble them.
package wiring

import (
	"cmp"
	"context"
	"log/slog"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/auth"
	"storefront/server/internal/httpapi"
	"storefront/server/internal/invoice"
	"storefront/server/internal/payment"
	"storefront/server/internal/shop"
	"storefront/server/internal/site"
)

// Store is every store interface the services use; *mongodb.Store is one.
type Store interface {
	shop.MessageStore
	shop.OrderStore
	shop.TestIntentStore
	shop.EventStore
	shop.UserStore
	shop.ProfileStore
	shop.ProductStore
	shop.CategoryStore
	shop.ReviewStore
	shop.ImageStore
	shop.ImageSweepStore
	shop.ErasureStore
	shop.SalesStore
	app.QuoteStore
	shop.ClaimStore
	shop.CancellationStore
	shop.AdminDirectory
	shop.NotificationStore
	app.HeldMailStore
	shop.GroupStore
	shop.CartStore
	shop.InvoiceStore      // issue 34
	shop.IntentRecordStore // issue 43
	shop.SessionStore      // issue 44
	shop.AuditStore
	shop.CompanyStore      // issue 45
	shop.TermsStore        // issue 45: payment on account
	shop.AddressStore      // issue 49
	shop.TaxExemptionStore // issue 49
	shop.DocumentStore     // issue 48
	shop.PartsStore
	shop.ShippingStore // issue 48
	// Healthy reads the collections the API serves.
	Healthy(ctx context.Context) error
}

// Options are what the services need besides the store.
type Options struct {
	PublicURL string // the API's public origin: the address of stored images
	SiteURL   string // the client's public origin: the pages the account e-mails link to
	Tokens    *auth.Tokens
	// Factors is the second factor's cryptography, keyed from the same
	// secret as Tokens (issue 44).
	Factors     *auth.Factors
	Google      *auth.Google
	Passwords   auth.Argon2
	AdminEmails []string
	// ReviewsNeedApproval holds new reviews until an admin shows them.
	ReviewsNeedApproval bool
	// Stripe: with StripeSecret, payments go to Stripe (at StripeAPIBase,
	// "" for Stripe's own); without, to the test-mode provider.
	StripeSecret, StripeAPIBase string
	// StripeWebhook is the webhook signing secret; "" refuses webhooks.
	StripeWebhook string
	Outbox        *app.Outbox      // the e-mail the services write; nil writes none
	Now           func() time.Time // the clock of the sales figures, quotes, claims, account tokens and the picture sweep; nil: time.Now
	Log           *slog.Logger
	Telemetry     shop.Telemetry // may be nil
	// TaxRate is TAX_RATE in hundredths of a percent (issue 34).
	TaxRate int64
	// TaxLabel (TAX_LABEL) and Seller (SELLER_*) print on invoices; an
	// empty label prints as "Sales tax".
	TaxLabel string
	Seller   shop.Seller
	// Issue 48: NoTaxOnShipping is TAX_SHIPPING=false (tax applies to
	// shipping unless set); DefaultShippingMethod is DEFAULT_SHIPPING_METHOD.
	NoTaxOnShipping       bool
	DefaultShippingMethod string
	// Issue 43: UnpaidLimit (UNPAID_LIMIT) and UnpaidLimitUnverified, the
	// most unpaid purchases an account may hold (0: no limit), and
	// ReservationTTL (RESERVATION_TTL), after which an unpaid purchase is
	// cancelled (0: never). The binary's defaults are config's; zero here
	// (tests) turns them off.
	UnpaidLimit, UnpaidLimitUnverified int
	ReservationTTL                     time.Duration
	// Issue 44: ADMIN_MFA ("" is required), SESSION_IDLE, SESSION_MAX and
	// AUDIT_RETENTION_DAYS (0: the defaults).
	AdminMFA                string
	SessionIdle, SessionMax time.Duration
	AuditRetention          time.Duration
}

// Services returns the API's dependencies over store. The caller adds what
// only it knows (the request observer).
func Services(store Store, o Options) httpapi.Deps {
	if o.Factors == nil { // a store that never checks a second factor it did not seal (tests)
		o.Factors = auth.RandomFactors()
	}
	images := shop.ImageURL(o.PublicURL, "")
	payments := &app.Payments{Orders: store, Groups: store, Intents: store, Events: store, Log: o.Log, Telemetry: o.Telemetry, Mail: o.Outbox}
	if o.StripeSecret != "" {
		payments.Provider = payment.NewStripe(o.StripeSecret, o.StripeAPIBase)
	} else {
		testMode := &payment.TestMode{Intents: store}
		payments.Provider, payments.TestCards = testMode, testMode
	}
	if secret := o.StripeWebhook; secret != "" {
		payments.ParseWebhook = func(payload []byte, signature string) (shop.WebhookEvent, error) {
			return payment.ParseWebhook(payload, signature, secret)
		}
	}
	notify := &app.Notifier{Store: store, Held: store, Mail: o.Outbox, SiteURL: o.SiteURL, Now: o.Now, Log: o.Log}
	payments.Notify = notify
	invoices := &app.Invoices{Store: store, Orders: store, Groups: store, Quotes: store, Members: store, Companies: store, Drawer: invoice.Drawer{}, Seller: o.Seller,
		TaxLabel: cmp.Or(o.TaxLabel, "Sales tax"), TaxRate: o.TaxRate, Now: o.Now, Log: o.Log}
	payments.Invoices = invoices
	owners := &app.Owners{Users: store, Erasure: store}
	companies := &app.Companies{Companies: store, Products: store, Mail: o.Outbox, SiteURL: o.SiteURL, Now: o.Now, Log: o.Log, Owners: owners}
	addresses := &app.Addresses{Store: store, Owners: owners, Companies: companies} // (issue 45: a company's addresses)
	exemptions := &app.TaxExemptions{Store: store, Owners: owners, Mail: o.Outbox}
	orders := &app.Orders{Orders: store, Products: store, Groups: store, Log: o.Log, Telemetry: o.Telemetry, Mail: o.Outbox, Notify: notify,
		Cancellations: store, TaxRate: o.TaxRate, Invoices: invoices, Addresses: addresses}
	purchases := &app.Purchases{Groups: store, Products: store, Owners: owners, Members: store, Exemptions: exemptions,
		UnpaidLimit: o.UnpaidLimit, UnpaidLimitUnverified: o.UnpaidLimitUnverified, ReservationTTL: o.ReservationTTL, Now: o.Now,
		Shipping: store, TaxShipping: !o.NoTaxOnShipping, DefaultShippingMethod: o.DefaultShippingMethod, Credit: store}
	terms := &app.Terms{Store: store, Companies: store, Groups: store, Invoices: store, Purchases: purchases, Mail: o.Outbox,
		NewID: store.NewGroupID, Now: o.Now, Log: o.Log}
	app.Link(orders, purchases, payments)
	audit := &app.Audit{Store: store, Users: store, Factors: o.Factors, Retention: o.AuditRetention, Now: o.Now, Log: o.Log}
	accounts := &app.Accounts{Owners: owners, Sessions: store, Factors: o.Factors, AdminMFA: o.AdminMFA, SessionIdle: o.SessionIdle,
		SessionMax: o.SessionMax, Audit: audit, Purchases: purchases, Users: store, Tokens: o.Tokens, Passwords: o.Passwords,
		AdminEmails: o.AdminEmails, Log: o.Log, Telemetry: o.Telemetry,
		SiteURL: o.SiteURL, Mail: o.Outbox, Now: o.Now,
		Orders: orders, Erasure: store, Profiles: store, Admins: store, Addresses: store, TaxExemptions: store}
	if o.Google != nil { // (a nil *Google in the interface would not read as nil)
		accounts.Google = o.Google
	}
	return httpapi.Deps{
		Health:        &app.Health{Store: store},
		Accounts:      accounts,
		Catalogue:     &app.Catalogue{Products: store, Categories: store, Documents: store, Parts: store, Log: o.Log},
		Reviews:       &app.Reviews{Reviews: store, ImagePrefix: images, NeedApproval: o.ReviewsNeedApproval, Now: o.Now, Log: o.Log, Owners: owners},
		Profiles:      &app.Profiles{Profiles: store, ImagePrefix: images, Owners: owners},
		Images:        &app.Images{Images: store, Sweeper: store, PublicURL: o.PublicURL, Now: o.Now, Log: o.Log, Owners: owners},
		Orders:        orders,
		Payments:      payments,
		Inbox:         &app.Inbox{Messages: store, Admins: store, Mail: o.Outbox},
		Sales:         &app.Sales{Store: store, Now: o.Now, Groups: store, Invoices: invoices},
		Quotes:        &app.Quotes{Quotes: store, Products: store, Orders: orders, Groups: store, Mail: o.Outbox, Notify: notify, Now: o.Now, Log: o.Log, Owners: owners},
		Purchases:     purchases,
		Carts:         &app.Carts{Carts: store, Products: store, Owners: owners},
		Invoices:      invoices,
		Claims:        &app.Claims{Claims: store, Orders: orders, Mail: o.Outbox, Notify: notify, ImagePrefix: images, Now: o.Now, Log: o.Log, Owners: owners},
		Companies:     companies,
		Terms:         terms,
		Outbox:        o.Outbox,
		Audit:         audit,
		Addresses:     addresses,
		TaxExemptions: exemptions,
		Shipping:      &app.Shipping{Store: store, Log: o.Log},
		Notifications: notify,
		Log:           o.Log,
	}
}

// Site returns the client server over the client's build in dist: its
// pages are written from api's cached answers, so that a page holds what
// the API answers and is kept while that answer is the same.
func Site(dist string, cfg site.Config, api *httpapi.Server, deps httpapi.Deps) (*site.Site, error) {
	spa, err := site.NewSPA(dist)
	if err != nil {
		return nil, err
	}
	return site.New(spa, cfg, SiteDeps(api, deps)), nil
}

// SiteDeps are what the client server's pages are written from: api's
// cached answers and the catalogue service of deps.
func SiteDeps(api *httpapi.Server, deps httpapi.Deps) site.Deps {
	return site.Deps{Answers: siteAnswers{api}, Catalogue: deps.Catalogue, Status: httpapi.Status, Log: deps.Log}
}

// siteAnswers are the API's cached answers as the site reads them.
type siteAnswers struct{ api *httpapi.Server }

func (a siteAnswers) Product(ctx context.Context, id string) (shop.Product, site.Answer, error) {
	p, e, err := a.api.CachedProduct(ctx, id)
	return p, site.Answer(e), err
}

func (a siteAnswers) ProductReviews(ctx context.Context, id string) (shop.ProductReviews, site.Answer, error) {
	r, e, err := a.api.CachedProductReviews(ctx, id)
	return r, site.Answer(e), err
}

func (a siteAnswers) Products(ctx context.Context, q shop.ProductQuery) ([]shop.Product, site.Answer, error) {
	list, e, err := a.api.CachedProducts(ctx, q)
	return list, site.Answer(e), err
}
