package app_test

import (
	"context"

	"storefront/server/internal/app"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/shop"
)

// lifecycle is the purchase lifecycle's services over one store, wired to
// each other as the wiring does.
type lifecycle struct {
	orders    *app.Orders
	purchases *app.Purchases
	payments  *app.Payments
}

// lifecycleOpts change what newLifecycle wires: the stores it goes through
// (a test's wrapper), the provider, the outbox.
type lifecycleOpts struct {
	orders   shop.OrderStore
	groups   shop.GroupStore
	provider shop.PaymentProvider
	testMode interface {
		Confirm(ctx context.Context, clientSecret string, card shop.TestCard) (shop.PaymentIntent, error)
	}
	mail   *app.Outbox
	notify *app.Notifier
	tax    int64
}

func newLifecycle(s *mongodb.Store, o lifecycleOpts) lifecycle {
	if o.orders == nil {
		o.orders = s
	}
	if o.groups == nil {
		o.groups = s
	}
	payments := &app.Payments{Orders: o.orders, Groups: o.groups, Intents: s, Provider: o.provider, Events: s, Log: discard, Mail: o.mail, Notify: o.notify}
	if o.testMode != nil {
		payments.TestCards = o.testMode
	}
	orders := &app.Orders{Orders: o.orders, Products: s, Groups: o.groups, Log: discard, Cancellations: s, Mail: o.mail,
		Notify: o.notify, TaxRate: o.tax}
	purchases := &app.Purchases{Groups: o.groups, Products: s}
	app.Link(orders, purchases, payments)
	return lifecycle{orders: orders, purchases: purchases, payments: payments}
}
