package shop

import (
	"context"
	"time"
)

// Currency is the store's currency; amounts are in its cents.
const Currency = "usd"

// Payment intent statuses, as Stripe names them.
const (
	IntentRequiresPaymentMethod = "requires_payment_method"
	IntentSucceeded             = "succeeded"
	IntentCanceled              = "canceled"
	IntentProcessing            = "processing"
)

// PaymentIntent is a payment at the provider for one order.
type PaymentIntent struct {
	ID           string
	ClientSecret string
	Status       string
	Amount       int64
	Currency     string
	OrderID      string // from the intent's metadata
}

// PaymentProvider is Stripe or the offline test mode.
type PaymentProvider interface {
	Mode() string // "stripe" or "test"
	// CreateIntent creates the order's payment intent; calling it again for
	// the same order and amount returns the same intent.
	CreateIntent(ctx context.Context, orderID string, amount int64, email string) (PaymentIntent, error)
	// GetIntent reads an intent from the provider (ENOTFOUND if unknown).
	GetIntent(ctx context.Context, id string) (PaymentIntent, error)
	// CancelIntent cancels an intent that has not succeeded.
	CancelIntent(ctx context.Context, id string) (PaymentIntent, error)
	// Refund gives a succeeded intent's whole amount back, once however
	// often it is asked (an idempotency key per intent), and returns the
	// refund's id.
	Refund(ctx context.Context, intentID string) (string, error)
}

// IntentRefunded is the test-mode provider's status of a refunded intent
// (Stripe keeps "succeeded" and records a refund beside it).
const IntentRefunded = "refunded"

// IntentRequiresAction is Stripe's status of a payment waiting for the
// customer (3-D Secure): it postpones a reservation's expiry.
const IntentRequiresAction = "requires_action"

// IntentRecord is a payment intent this store made (collection
// `payment_intents`), written before its client secret is handed out and
// kept after its purchase is gone: a payment that succeeds for a purchase
// that no longer exists is recognised as this store's, and refunded. An
// intent without a record (another system's on the same Stripe account)
// is never touched, only logged.
type IntentRecord struct {
	ID        string    `json:"_id"` // the provider's intent id
	Purchase  string    `json:"purchase"`
	Number    int64     `json:"number"` // the purchase's
	Amount    int64     `json:"amount"`
	Email     string    `json:"email"`
	CreatedAt time.Time `json:"createdAt"`
	// Outcome is "" while open, then IntentPaid, IntentRefunded or
	// IntentCanceled; Refund names the provider's refund.
	Outcome   string     `json:"outcome,omitempty"`
	Refund    string     `json:"refund,omitempty"`
	SettledAt *time.Time `json:"settledAt,omitempty"`
}

// IntentPaid is an intent record's outcome once its purchase is paid by it.
const IntentPaid = "paid"

// IntentRecordStore keeps the intent records.
type IntentRecordStore interface {
	// RecordIntent stores the record (an existing one is left as it is).
	RecordIntent(ctx context.Context, r IntentRecord) error
	FindIntentRecord(ctx context.Context, id string) (IntentRecord, error)
	// SettleIntentRecord closes an open record with its outcome in one
	// guarded write (ECONFLICT when it is closed already).
	SettleIntentRecord(ctx context.Context, id, outcome, refund string) error
	// OpenIntentRecords returns up to limit open records made before
	// cutoff, oldest first, after the first skip.
	OpenIntentRecords(ctx context.Context, cutoff time.Time, limit, skip int) ([]IntentRecord, error)
}

// TestIntent is a payment intent of the offline test-mode provider. It holds
// nothing of the card.
type TestIntent struct {
	ID           string
	ClientSecret string
	Status       string
	Amount       int64
	OrderID      string
	Email        string
	LastError    string
	CreatedAt    time.Time
}

// TestIntentStore keeps the test-mode provider's intents.
type TestIntentStore interface {
	// InsertTestIntent stores a new intent (ECONFLICT if the order already
	// has one for this amount).
	InsertTestIntent(ctx context.Context, ti TestIntent) error
	FindTestIntent(ctx context.Context, id string) (TestIntent, error)
	FindTestIntentByOrder(ctx context.Context, orderID string, amount int64) (TestIntent, error)
	// SetTestIntentStatus moves the intent from one status to another in one
	// conditional write; false when it was not in status from.
	SetTestIntentStatus(ctx context.Context, id, from, to, lastError string) (bool, error)
}

// EventStore remembers which webhook events were processed, so that each
// is processed once however often the provider delivers it.
type EventStore interface {
	// ClaimEvent records that this process handles the event, with one
	// insert that the event id's uniqueness refuses for a second claim:
	// false when it was processed, or another delivery is processing it.
	// A claim left by a crash mid-processing is taken over after a while.
	ClaimEvent(ctx context.Context, id, kind string) (bool, error)
	// FinishEvent marks a claimed event processed.
	FinishEvent(ctx context.Context, id string) error
	// ForgetEvent drops a claim whose processing failed, so that the
	// provider's retry processes it.
	ForgetEvent(ctx context.Context, id string) error
}

// TestCard is what the test-mode card form sends. It is checked and then
// forgotten: never stored, never logged.
type TestCard struct {
	Number   string `json:"number"`
	ExpMonth int    `json:"expMonth"`
	ExpYear  int    `json:"expYear"`
	CVC      string `json:"cvc"`
	Name     string `json:"name"`
	Email    string `json:"email"`
}

// WebhookEvent is a verified event from the payment provider.
type WebhookEvent struct {
	ID, Type string
	Intent   PaymentIntent // for payment_intent.* events
}
