package mirror

import (
	"strconv"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

type TestIntent struct {
	ID           string    `bson:"_id"`
	ClientSecret string    `bson:"clientSecret"`
	Status       string    `bson:"status"`
	Amount       int64     `bson:"amount"`
	OrderID      string    `bson:"orderId"`
	Email        string    `bson:"email"`
	LastError    string    `bson:"lastError,omitempty"`
	CreatedAt    time.Time `bson:"createdAt"`
	UpdatedAt    time.Time `bson:"updatedAt"`
}

// Shop is the document as the domain has it.
func (d TestIntent) Shop() shop.TestIntent {
	return shop.TestIntent{ID: d.ID, ClientSecret: d.ClientSecret, Status: d.Status, Amount: d.Amount, OrderID: d.OrderID,
		Email: d.Email, LastError: d.LastError, CreatedAt: d.CreatedAt.UTC()}
}

func OrderAmountKey(orderID string, amount int64) string {
	return orderID + "/" + strconv.FormatInt(amount, 10)
}

// TestIntents keeps the test-mode intents by id and by order and amount.
func TestIntents(name string) *Mirror[string, TestIntent] {
	return &Mirror[string, TestIntent]{
		Name: name, IDOf: func(d *TestIntent) string { return d.ID }, CmpID: strings.Compare,
		Keys: []*KeyIndex[string, TestIntent]{
			{Name: "orderId,amount", Key: func(d *TestIntent) (string, bool) { return OrderAmountKey(d.OrderID, d.Amount), true }},
		},
	}
}

// ErrWrongStatus answers a move of a test-mode intent that is no longer in
// the status it moves from.
var ErrWrongStatus = &shop.Error{Code: shop.ECONFLICT, Message: "The payment is no longer in that state."}

// IntentStatusIs is a status move's precondition (MongoDB: {status: from}).
func IntentStatusIs(from string) func(TestIntent) error {
	return func(d TestIntent) error {
		if d.Status != from {
			return ErrWrongStatus
		}
		return nil
	}
}

// IntentsOf matches email's test-mode payments (MongoDB: {email: email}).
func IntentsOf(email string) func(*TestIntent) bool {
	return func(d *TestIntent) bool { return d.Email == email }
}
