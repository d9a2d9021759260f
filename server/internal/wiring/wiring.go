// Package wiring builds the application services over a store, the one way
// both the storefront binary and the API's tests assemble them.
package wiring

import (
	"context"
	"log/slog"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/auth"
	"storefront/server/internal/httpapi"
	"storefront/server/internal/payment"
	"storefront/server/internal/shop"
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
	shop.ReviewStore
	shop.ImageStore
	shop.ImageSweepStore
	shop.ErasureStore
	shop.SalesStore
	app.QuoteStore
	shop.ClaimStore
	shop.AdminDirectory
	// Healthy reads the collections the API serves.
	Healthy(ctx context.Context) error
}

// Options are what the services need besides the store.
type Options struct {
	PublicURL   string // the API's public origin: the address of stored images
	SiteURL     string // the client's public origin: the pages the account e-mails link to
	Tokens      *auth.Tokens
	Google      *auth.Google
	Passwords   auth.Argon2
	AdminEmails []string
	// Stripe: with StripeSecret, payments go to Stripe (at StripeAPIBase,
	// "" for Stripe's own); without, to the test-mode provider.
	StripeSecret, StripeAPIBase string
	// StripeWebhook is the webhook signing secret; "" refuses webhooks.
	StripeWebhook string
	Outbox        *app.Outbox      // the e-mail the services write; nil writes none
	Now           func() time.Time // the clock of the sales figures, quotes, claims, account tokens and the picture sweep; nil: time.Now
	Log           *slog.Logger
	Telemetry     shop.Telemetry // may be nil
}

// Services returns the API's dependencies over store. The caller adds what
// only it knows (the request observer).
func Services(store Store, o Options) httpapi.Deps {
	images := shop.ImageURL(o.PublicURL, "")
	payments := &app.Payments{Orders: store, Events: store, Log: o.Log, Telemetry: o.Telemetry, Mail: o.Outbox}
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
	orders := &app.Orders{Orders: store, Products: store, Payments: payments, Log: o.Log, Telemetry: o.Telemetry, Mail: o.Outbox}
	accounts := &app.Accounts{Users: store, Tokens: o.Tokens, Passwords: o.Passwords,
		AdminEmails: o.AdminEmails, Log: o.Log, Telemetry: o.Telemetry,
		SiteURL: o.SiteURL, Mail: o.Outbox, Now: o.Now,
		Orders: orders, Erasure: store, Profiles: store, Admins: store}
	if o.Google != nil { // (a nil *Google in the interface would not read as nil)
		accounts.Google = o.Google
	}
	return httpapi.Deps{
		Health:    &app.Health{Store: store},
		Accounts:  accounts,
		Catalogue: &app.Catalogue{Products: store},
		Reviews:   &app.Reviews{Reviews: store, ImagePrefix: images},
		Profiles:  &app.Profiles{Profiles: store, ImagePrefix: images},
		Images:    &app.Images{Images: store, Sweeper: store, PublicURL: o.PublicURL, Now: o.Now, Log: o.Log},
		Orders:    orders,
		Payments:  payments,
		Inbox:     &app.Inbox{Messages: store, Admins: store, Mail: o.Outbox},
		Sales:     &app.Sales{Store: store, Now: o.Now},
		Quotes:    &app.Quotes{Quotes: store, Products: store, Orders: orders, Mail: o.Outbox, Now: o.Now, Log: o.Log},
		Claims:    &app.Claims{Claims: store, Orders: orders, Mail: o.Outbox, ImagePrefix: images, Now: o.Now, Log: o.Log},
		Outbox:    o.Outbox,
		Log:       o.Log,
	}
}
