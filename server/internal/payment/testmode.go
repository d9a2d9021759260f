package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// TestMode is the offline provider: intents live in the store, and cards
// are confirmed against Stripe's published test card table, so the whole
// purchase works without a network. Card data is checked, then forgotten.
type TestMode struct {
	Intents shop.TestIntentStore
	Now     func() time.Time
}

func (t *TestMode) Mode() string { return "test" }

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (t *TestMode) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

func testIntent(ti shop.TestIntent) shop.PaymentIntent {
	return shop.PaymentIntent{ID: ti.ID, ClientSecret: ti.ClientSecret, Status: ti.Status, Amount: ti.Amount, Currency: shop.Currency, OrderID: ti.OrderID}
}

// CreateIntent returns the order's intent for this amount, creating it once.
func (t *TestMode) CreateIntent(ctx context.Context, orderID string, amount int64, email string) (shop.PaymentIntent, error) {
	if amount < 50 {
		return shop.PaymentIntent{}, shop.Errorf(shop.EINVALID, "Amount must be at least $0.50 usd.")
	}
	if ti, err := t.Intents.FindTestIntentByOrder(ctx, orderID, amount); err == nil {
		return testIntent(ti), nil
	} else if shop.ErrorCode(err) != shop.ENOTFOUND {
		return shop.PaymentIntent{}, err
	}
	id := "pi_test_" + randomHex(12)
	ti := shop.TestIntent{ID: id, ClientSecret: id + "_secret_" + randomHex(12), Status: shop.IntentRequiresPaymentMethod,
		Amount: amount, OrderID: orderID, Email: email}
	if err := t.Intents.InsertTestIntent(ctx, ti); err != nil {
		if shop.ErrorCode(err) != shop.ECONFLICT {
			return shop.PaymentIntent{}, err
		}
		// created by a concurrent call: answer with that one
		existing, err := t.Intents.FindTestIntentByOrder(ctx, orderID, amount)
		return testIntent(existing), err
	}
	return testIntent(ti), nil
}

// GetIntent reads an intent.
func (t *TestMode) GetIntent(ctx context.Context, id string) (shop.PaymentIntent, error) {
	ti, err := t.Intents.FindTestIntent(ctx, id)
	if err != nil {
		return shop.PaymentIntent{}, err
	}
	return testIntent(ti), nil
}

// CancelIntent cancels an intent that has not succeeded.
func (t *TestMode) CancelIntent(ctx context.Context, id string) (shop.PaymentIntent, error) {
	ok, err := t.Intents.SetTestIntentStatus(ctx, id, shop.IntentRequiresPaymentMethod, shop.IntentCanceled, "")
	if err != nil {
		return shop.PaymentIntent{}, err
	}
	pi, err := t.GetIntent(ctx, id)
	if err == nil && !ok && pi.Status != shop.IntentCanceled {
		return pi, shop.Errorf(shop.ECONFLICT, "The payment has already succeeded.")
	}
	return pi, err
}

// Refund refunds a succeeded intent (its status becomes "refunded"); a
// refunded one answers with the same refund.
func (t *TestMode) Refund(ctx context.Context, intentID string) (string, error) {
	refund := "re_test_" + strings.TrimPrefix(intentID, "pi_test_")
	if _, err := t.Intents.SetTestIntentStatus(ctx, intentID, shop.IntentSucceeded, shop.IntentRefunded, ""); err != nil {
		return "", err
	}
	pi, err := t.GetIntent(ctx, intentID)
	if err != nil {
		return "", err
	}
	if pi.Status != shop.IntentRefunded {
		return "", shop.Errorf(shop.ECONFLICT, "Only a succeeded payment can be refunded (this one is %s).", pi.Status)
	}
	return refund, nil
}

// Confirm charges the test card for the intent named by clientSecret, as
// Stripe.js's confirmCardPayment does.
func (t *TestMode) Confirm(ctx context.Context, clientSecret string, card shop.TestCard) (shop.PaymentIntent, error) {
	id, _, ok := strings.Cut(clientSecret, "_secret_")
	if !ok {
		return shop.PaymentIntent{}, shop.Errorf(shop.EINVALID, "The payment is not valid.")
	}
	ti, err := t.Intents.FindTestIntent(ctx, id)
	if shop.ErrorCode(err) == shop.ENOTFOUND || err == nil && ti.ClientSecret != clientSecret {
		return shop.PaymentIntent{}, shop.Errorf(shop.EINVALID, "The payment is not valid.")
	}
	if err != nil {
		return shop.PaymentIntent{}, err
	}
	switch ti.Status {
	case shop.IntentSucceeded:
		return testIntent(ti), nil // already paid: nothing is charged twice
	case shop.IntentCanceled:
		return shop.PaymentIntent{}, shop.Errorf(shop.EPAYMENT, "This payment was cancelled.")
	}
	out, msg := checkCard(card, t.now())
	if msg == "" && out.decline != "" {
		msg = out.message
	}
	if msg != "" {
		_, _ = t.Intents.SetTestIntentStatus(ctx, id, shop.IntentRequiresPaymentMethod, shop.IntentRequiresPaymentMethod, msg)
		return shop.PaymentIntent{}, shop.Errorf(shop.EPAYMENT, "%s", msg)
	}
	if _, err := t.Intents.SetTestIntentStatus(ctx, id, shop.IntentRequiresPaymentMethod, shop.IntentSucceeded, ""); err != nil {
		return shop.PaymentIntent{}, err
	}
	return t.GetIntent(ctx, id)
}
