package shop

import (
	"context"
	"time"
)

// Cancellation is what stays of a cancelled order (collection
// `cancellations`): the order document itself is deleted, as the spec's
// DELETE /delete/{id} does, and this small record lets its buyer still see
// it, as "Cancelled". There is one per cancelled order: it is stored under
// the order's id.
type Cancellation struct {
	ID              string      `json:"_id"` // the order's id: one record per order
	OrderID         string      `json:"orderId"`
	Number          int64       `json:"number"`
	Email           string      `json:"email"`
	ProductName     string      `json:"productName"`
	ProductQuantity int64       `json:"productQuantity"`
	CancelledAt     time.Time   `json:"cancelledAt"`
	By              CancelledBy `json:"by"`
	// Reason, when the shop cancelled it of its own accord ("not paid in
	// time"); Purchase and PurchaseNumber, the purchase it was a line of.
	Reason         CancelReason `json:"reason,omitempty"`
	Purchase       string       `json:"purchase,omitempty"`
	PurchaseNumber int64        `json:"purchaseNumber,omitempty"`
}

// CancelledBy says who cancelled an order.
type CancelledBy string

const (
	CancelledByBuyer  CancelledBy = "buyer"
	CancelledByAdmin  CancelledBy = "admin"
	CancelledBySystem CancelledBy = "system" // account deletion, or any cancel of the shop's own
)

// CancellationStore keeps the cancellation records. A record is written by
// the cancel that won the order's BeginCancel, before it deletes the order
// (so that a crash after the delete cannot lose it), under the cancel's
// marker; if the order then stands (paid meanwhile, or a crash that the
// recovery sweep settles by keeping the order), the record goes again,
// guarded by that marker.
type CancellationStore interface {
	// RecordCancellation stores the record of c.OrderID under marker (at
	// the store's time when c.CancelledAt is zero); a record already there
	// (a cancel before it that did not happen) takes c and marker.
	RecordCancellation(ctx context.Context, c Cancellation, marker string) error
	// DropCancellation deletes the order's record if it still carries
	// marker (ENOTFOUND or ECONFLICT otherwise).
	DropCancellation(ctx context.Context, orderID, marker string) error
	// ListCancellations returns records newest first: one customer's, or
	// all when email is "".
	ListCancellations(ctx context.Context, email string, limit, skip int) ([]Cancellation, int64, error)
}
