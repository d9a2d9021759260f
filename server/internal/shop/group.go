package shop

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Group is an order group (collection `groups`, issue 34): several
// spec-shaped orders, one per product, checked out together (POST
// /checkout) or from one accepted quote, paid with one payment and
// cancelled whole.
type Group struct {
	ID            string   `json:"_id"`
	Number        int64    `json:"number"` // from its own counter
	Email         string   `json:"email"`
	OrderIDs      []string `json:"orderIds"`
	Total         Cents    `json:"total"` // what is charged: the orders' amounts, tax included
	Tax           Cents    `json:"tax"`
	Paid          bool     `json:"paid"`
	TransactionID string   `json:"transactionId,omitempty"`
	InvoiceNumber int64    `json:"invoiceNumber,omitempty"`
	QuoteID       string   `json:"quoteId,omitempty"`
	// QuoteNumber and Orders are filled in for GET /groups/{id} (not stored
	// on the group).
	QuoteNumber int64      `json:"quoteNumber,omitempty"`
	Orders      []Order    `json:"orders"`
	PONumber    string     `json:"poNumber,omitempty"`
	Company     string     `json:"company,omitempty"`
	CreatedAt   time.Time  `json:"createdAt"`
	PaidAt      *time.Time `json:"paidAt,omitempty"`
	// Placing is set while its orders are being placed: it is paid or
	// cancelled only once they all are.
	Placing         bool   `json:"-"`
	PaymentIntentID string `json:"-"`
	// Cancelling is the marker of the cancel that BeginCancelGroup decided
	// ("" when none is under way).
	Cancelling string `json:"-"`
}

// CheckoutItem is one line of a checkout.
type CheckoutItem struct {
	ProductID string `json:"productId"`
	Quantity  int64  `json:"quantity"`
}

// CheckoutDraft is the input of POST /checkout.
type CheckoutDraft struct {
	Items    []CheckoutItem `json:"items"`
	Address  string         `json:"address"`
	Mobile   string         `json:"mobile"`
	PONumber string         `json:"poNumber"`
	Company  string         `json:"company"`
}

// Checkout limits.
const (
	MaxCheckoutLines = 50
	MaxPONumberLen   = 60
)

// Validate checks the draft's own fields (the products' rules are the use
// case's).
func (d *CheckoutDraft) Validate() error {
	d.Address, d.Mobile = strings.TrimSpace(d.Address), strings.TrimSpace(d.Mobile)
	d.PONumber, d.Company = strings.TrimSpace(d.PONumber), strings.TrimSpace(d.Company)
	f := map[string]string{}
	switch {
	case len(d.Items) == 0:
		f["items"] = "must have at least one line"
	case len(d.Items) > MaxCheckoutLines:
		f["items"] = fmt.Sprintf("must have at most %d lines", MaxCheckoutLines)
	}
	checkItems(f, d.Items)
	checkText(f, "address", d.Address, MaxAddressLen, FieldRequired, FieldTooLong)
	switch {
	case d.Mobile == "":
		f["mobile"] = FieldRequired
	case !IsPhone(d.Mobile):
		f["mobile"] = "must be a phone number"
	}
	checkText(f, "poNumber", d.PONumber, MaxPONumberLen, "", FieldTooLong)
	checkText(f, "company", d.Company, MaxCompanyLen, "", FieldTooLong)
	return Invalid("The checkout is not valid.", f)
}

// GroupStore is the order groups' persistence.
type GroupStore interface {
	NewGroupID() string
	// InsertGroup stores a new group (Placing), under g.ID, with the next
	// group number, and returns it as stored.
	InsertGroup(ctx context.Context, g Group) (Group, error)
	FindGroup(ctx context.Context, id string) (Group, error)
	// FinishPlacing marks the group's orders all placed.
	FinishPlacing(ctx context.Context, id string) error
	// BeginCancelGroup decides a group's cancel with one guarded write: the
	// unpaid group no cancel holds is marked with the cancel's marker. Only
	// the caller it answers withdraws the orders; any other gets ENOTFOUND
	// (cancelled already) or ECONFLICT (paid, or being cancelled).
	BeginCancelGroup(ctx context.Context, id, marker string) (Group, error)
	// DeleteGroup removes the group the cancel with this marker decided
	// (or, with marker "", one still placing: a checkout undone).
	DeleteGroup(ctx context.Context, id, marker string) error
	// SetGroupPaymentIntent records the provider's payment of an unpaid group.
	SetGroupPaymentIntent(ctx context.Context, id, intentID string) error
	// MarkGroupPaid sets paid and transactionId in one guarded write (not
	// while being cancelled); the same transaction again changes nothing,
	// another is ECONFLICT.
	MarkGroupPaid(ctx context.Context, id, transactionID string) (UpdateResult, error)
	// StaleGroups returns the groups a crash (or a step that failed) left
	// between steps before cutoff: still placing, or being cancelled.
	StaleGroups(ctx context.Context, cutoff time.Time) ([]Group, error)
}

// Group messages.
const (
	MsgGroupNoun      = "The order group"
	MsgInGroup        = "The order belongs to an order group: it is paid and cancelled only with its group."
	MsgGroupPaid      = "The order group is paid and cannot be cancelled."
	MsgGroupPlacing   = "The order group's orders are still being placed; try again shortly."
	MsgGroupCanceling = "The order group is being cancelled right now."
	MsgGroupPaidOther = "The order group is already paid by another transaction."
	MsgShortLines     = "Not enough stock for every line, so nothing was ordered: %s"
)

// GroupIntentPrefix marks a payment intent as a group's: the provider's
// order reference is this prefix and the group's id.
const GroupIntentPrefix = "group:"
