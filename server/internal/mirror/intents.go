package mirror

import (
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// IntentRecord is a payment intent this store made (collection
// `payment_intents`): see shop.IntentRecord.
type IntentRecord struct {
	ID        string     `bson:"_id"`
	Purchase  ID         `bson:"purchase"`
	Number    int64      `bson:"number"`
	Amount    int64      `bson:"amount"`
	Email     string     `bson:"email"`
	CreatedAt time.Time  `bson:"createdAt"`
	Outcome   string     `bson:"outcome,omitempty"`
	Refund    string     `bson:"refund,omitempty"`
	SettledAt *time.Time `bson:"settledAt,omitempty"`
}

// Shop is the document as the domain has it.
func (d IntentRecord) Shop() shop.IntentRecord {
	return shop.IntentRecord{ID: d.ID, Purchase: d.Purchase.Hex(), Number: d.Number, Amount: d.Amount, Email: d.Email,
		CreatedAt: d.CreatedAt.UTC(), Outcome: d.Outcome, Refund: d.Refund, SettledAt: utcPtr(d.SettledAt)}
}

// IntentRecords keeps the records by id and the open ones by date.
func IntentRecords(name string) *Mirror[string, IntentRecord] {
	return &Mirror[string, IntentRecord]{
		Name: name, IDOf: func(d *IntentRecord) string { return d.ID }, CmpID: strings.Compare,
		Orders: []*OrderIndex[string, IntentRecord]{
			{Name: "open,createdAt", Group: func(d *IntentRecord) string {
				if d.Outcome == "" {
					return "open"
				}
				return NotIndexed
			}, Cmp: func(a, b *IntentRecord) int { return a.CreatedAt.Compare(b.CreatedAt) }},
		},
	}
}

// IntentOpen is a record's settling's precondition (MongoDB: {outcome:
// {$exists: false}}).
func IntentOpen(d IntentRecord) error {
	if d.Outcome != "" {
		return shop.Errorf(shop.ECONFLICT, "The payment is settled already (%s).", d.Outcome)
	}
	return nil
}

// IntentOpenBefore matches the open records made before cutoff.
func IntentOpenBefore(cutoff time.Time) func(*IntentRecord) bool {
	return func(d *IntentRecord) bool { return d.Outcome == "" && d.CreatedAt.Before(cutoff) }
}

// IntentsOfEmail matches email's records (an account's erasure).
func IntentsOfEmail(email string) func(*IntentRecord) bool {
	return func(d *IntentRecord) bool { return d.Email == email }
}
