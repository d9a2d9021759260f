// Package payment holds the card payment providers: Stripe (PaymentIntents
// through stripe-go) and an offline test mode that behaves like Stripe's
// test cards.
package payment

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"storefront/server/internal/shop"
)

// Stripe is the Stripe provider.
type Stripe struct {
	client *stripe.Client
}

// NewStripe uses secretKey; apiBase overrides Stripe's API address (tests
// point it at stripe-mock), "" for Stripe itself.
func NewStripe(secretKey, apiBase string) *Stripe {
	cfg := &stripe.BackendConfig{
		MaxNetworkRetries: stripe.Int64(2),
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelError},
	}
	if apiBase != "" {
		cfg.URL = stripe.String(apiBase)
	}
	return &Stripe{client: stripe.NewClient(secretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg)))}
}

func (s *Stripe) Mode() string { return "stripe" }

// CreateIntent creates the order's PaymentIntent with an idempotency key per
// order and amount, so a repeat returns the same intent.
//
// The intent is card-only (payment_method_types ["card"]) because the client
// takes the card with Stripe's Card Element and confirms it with
// stripe.confirmCardPayment. Automatic payment methods are made for the
// Payment Element and stripe.confirmPayment, which offer whatever the Stripe
// Dashboard enables (wallets, bank redirects that need a return_url); this
// store offers cards only, so the intent says so and both sides agree.
func (s *Stripe) CreateIntent(ctx context.Context, orderID string, amount int64, email string) (shop.PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:             stripe.Int64(amount),
		Currency:           stripe.String(shop.Currency),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		Metadata:           map[string]string{"orderId": orderID},
		Description:        stripe.String("Order " + orderID),
	}
	if email != "" {
		params.ReceiptEmail = stripe.String(email)
	}
	params.SetIdempotencyKey(fmt.Sprintf("order-%s-%d", orderID, amount))
	pi, err := s.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return shop.PaymentIntent{}, stripeError(err)
	}
	return fromStripe(pi), nil
}

// GetIntent reads an intent.
func (s *Stripe) GetIntent(ctx context.Context, id string) (shop.PaymentIntent, error) {
	pi, err := s.client.V1PaymentIntents.Retrieve(ctx, id, nil)
	if err != nil {
		return shop.PaymentIntent{}, stripeError(err)
	}
	return fromStripe(pi), nil
}

// CancelIntent cancels an intent.
func (s *Stripe) CancelIntent(ctx context.Context, id string) (shop.PaymentIntent, error) {
	pi, err := s.client.V1PaymentIntents.Cancel(ctx, id, nil)
	if err != nil {
		return shop.PaymentIntent{}, stripeError(err)
	}
	return fromStripe(pi), nil
}

// Refund refunds the intent's whole amount, with an idempotency key per
// intent: asked again, Stripe answers with the same refund.
func (s *Stripe) Refund(ctx context.Context, intentID string) (string, error) {
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(intentID)}
	params.SetIdempotencyKey("refund-" + intentID)
	r, err := s.client.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", stripeError(err)
	}
	return r.ID, nil
}

func fromStripe(pi *stripe.PaymentIntent) shop.PaymentIntent {
	return shop.PaymentIntent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status), Amount: pi.Amount,
		Currency: string(pi.Currency), OrderID: pi.Metadata["orderId"]}
}

// IntentFromEvent decodes the PaymentIntent of a webhook event.
func IntentFromEvent(raw []byte) (shop.PaymentIntent, error) {
	var pi stripe.PaymentIntent
	if err := pi.UnmarshalJSON(raw); err != nil {
		return shop.PaymentIntent{}, err
	}
	return fromStripe(&pi), nil
}

func stripeError(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		switch {
		case se.Code == stripe.ErrorCodeResourceMissing || se.HTTPStatusCode == 404:
			return &shop.Error{Code: shop.ENOTFOUND, Message: "The payment was not found.", Cause: err}
		case se.Type == stripe.ErrorTypeCard:
			return &shop.Error{Code: shop.EPAYMENT, Message: se.Msg, Cause: err}
		case se.HTTPStatusCode == 400:
			return &shop.Error{Code: shop.ECONFLICT, Message: "The payment provider refused the request.", Cause: err}
		}
	}
	return &shop.Error{Code: shop.EUNAVAILABLE, Message: "The payment provider is not answering. Please try again shortly.", Cause: err}
}

// ParseWebhook verifies the Stripe-Signature header (signature and a
// timestamp within five minutes) and decodes the event.
func ParseWebhook(payload []byte, header, secret string) (shop.WebhookEvent, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, header, secret, webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return shop.WebhookEvent{}, err
	}
	out := shop.WebhookEvent{ID: ev.ID, Type: string(ev.Type)}
	if strings.HasPrefix(out.Type, "payment_intent.") && ev.Data != nil {
		if out.Intent, err = IntentFromEvent(ev.Data.Raw); err != nil {
			return shop.WebhookEvent{}, err
		}
	}
	return out, nil
}
