package shop

import (
	"context"
	"regexp"
	"strings"
	"time"
)

// Order is a customer's order (collection `orders`). Name, email, product
// name, price and image are copied when it is placed, so the order keeps
// them whatever later happens to the product or the account.
type Order struct {
	ID              string `json:"_id"`
	Number          int64  `json:"number"` // human-readable, from 1001, unique and increasing
	Name            string `json:"name"`
	Email           string `json:"email"`
	Image           string `json:"image"`
	ProductID       string `json:"productId"`
	ProductName     string `json:"productName"`
	ProductPrice    Cents  `json:"productPrice"`
	ProductQuantity int64  `json:"productQuantity"`
	Amount          int64  `json:"amount"` // total in cents, tax included: what is charged
	// Tax is the order's tax (TAX_RATE when it was placed), in Amount.
	Tax     Cents  `json:"tax"`
	Address string `json:"address"`
	Mobile  string `json:"mobile"`
	// Country is where it ships (ISO 3166-1 alpha-2), when the buyer said
	// (a saved address always does; issue 49).
	Country string `json:"country,omitempty"`
	// TaxExemption is the buyer's approved tax exemption it was placed
	// under (issue 49): no tax was charged, and its invoice names it.
	TaxExemption *TaxExemptRef `json:"taxExemption,omitempty"`
	// Shipping is a single order's delivery line (issue 48), which its
	// group of one charges: kept here so that the group can be made from
	// the order. (A larger purchase's is on its group.)
	Shipping *Shipping `json:"shipping,omitempty"`
	// CompanyID and AboveLimit (issue 45): the company its buyer placed a
	// single order as a member of, and whether it was above their limit
	// (its group of one awaited an approver's approval): kept here so that
	// the group can be made from the order.
	CompanyID       string     `json:"-"`
	AboveLimit      bool       `json:"-"`
	Pending         bool       `json:"pending"`
	Shipped         bool       `json:"shipped"`
	Paid            bool       `json:"paid"`
	TransactionID   string     `json:"transactionId"`
	PaymentIntentID string     `json:"-"`
	CreatedAt       time.Time  `json:"createdAt"`
	PaidAt          *time.Time `json:"paidAt,omitempty"`
	ShippedAt       *time.Time `json:"shippedAt,omitempty"`
	// ReplacementFor names the claim a replacement order was made for
	// (nil on any other order), so that a client need not read transactionId.
	ReplacementFor *ClaimRef `json:"replacementFor,omitempty"`
	// Group is the order group it was checked out in (issue 34): it is paid
	// and cancelled only with its group.
	Group string `json:"group,omitempty"`
	// Carrier and TrackingNumber, when the admin gave them at shipping.
	Carrier        string `json:"carrier,omitempty"`
	TrackingNumber string `json:"trackingNumber,omitempty"`
	// InvoiceNumber, once paid: its invoice's, or its group's (not stored
	// on the order: read from the invoices).
	InvoiceNumber int64 `json:"invoiceNumber,omitempty"`
	// PurchaseNumber and Payable are GET /pay/{id}'s: the number its buyer
	// knows the purchase by (its own for a single order), and whether the
	// spec's payment calls can pay it now (never for a line of a larger
	// purchase, which is paid with it).
	PurchaseNumber int64 `json:"purchaseNumber,omitempty"`
	Payable        *bool `json:"payable,omitempty"`
	// History is the order page's status history, derived from the
	// order's dates: placed, paid, shipped (with carrier and tracking).
	History []OrderEvent `json:"history,omitempty"`
	// Claimed is how many of the line's pieces its claims cover (open and
	// approved ones; review finding 8): ProductQuantity - Claimed are left
	// to claim.
	Claimed int64 `json:"claimed,omitempty"`
}

// OrderEvent is one step of an order's history.
type OrderEvent struct {
	Event          string    `json:"event"` // placed, paid, shipped
	At             time.Time `json:"at"`
	TransactionID  string    `json:"transactionId,omitempty"`
	Carrier        string    `json:"carrier,omitempty"`
	TrackingNumber string    `json:"trackingNumber,omitempty"`
}

// HistoryOf derives an order's history from its dates.
func HistoryOf(o Order) []OrderEvent {
	h := []OrderEvent{{Event: "placed", At: o.CreatedAt}}
	if o.Paid && o.PaidAt != nil {
		h = append(h, OrderEvent{Event: "paid", At: *o.PaidAt, TransactionID: o.TransactionID})
	}
	if o.Shipped && o.ShippedAt != nil {
		h = append(h, OrderEvent{Event: "shipped", At: *o.ShippedAt, Carrier: o.Carrier, TrackingNumber: o.TrackingNumber})
	}
	return h
}

// Tracking is what an admin may give when shipping (PUT /order/update/{id},
// PUT /groups/{id}/ship): both optional.
type Tracking struct {
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"trackingNumber"`
}

// Tracking limits.
const (
	MaxCarrierLen  = 60
	MaxTrackingLen = 100
)

// Validate trims and checks the lengths.
func (t *Tracking) Validate() error {
	t.Carrier, t.TrackingNumber = strings.TrimSpace(t.Carrier), strings.TrimSpace(t.TrackingNumber)
	f := map[string]string{}
	checkText(f, "carrier", t.Carrier, MaxCarrierLen, "", FieldTooLong)
	checkText(f, "trackingNumber", t.TrackingNumber, MaxTrackingLen, "", FieldTooLong)
	return Invalid("The shipment is not valid.", f)
}

// ClaimRef names a claim: its id (empty on replacements made before it was
// recorded) and its number.
type ClaimRef struct {
	ClaimID string `json:"claimId,omitempty"`
	Number  int64  `json:"number"`
}

// Order field limits.
const (
	MaxAddressLen = 300
	MaxOrderQty   = MaxQuantity
)

var phonePattern = regexp.MustCompile(`^\+?[0-9][0-9 ().-]*[0-9]$`)

// IsPhone reports whether s is a plausible phone number: digits with the
// usual separators, 7 to 15 digits in all.
func IsPhone(s string) bool {
	if len(s) > 25 || !phonePattern.MatchString(s) {
		return false
	}
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return digits >= 7 && digits <= 15
}

// OrderDraft is the input of POST /order. The customer's name and email
// come from the account; product name, price and image from the product.
// The original client sends those too: they are accepted and ignored.
type OrderDraft struct {
	ProductID       string     `json:"productId"`
	ProductQuantity NumberText `json:"productQuantity"`
	// Delivery: the address and mobile (the spec's), or a saved address's
	// id instead (issue 49), and the country.
	Delivery

	Name         string     `json:"name"`
	Email        string     `json:"email"`
	ProductName  string     `json:"productName"`
	ProductPrice NumberText `json:"productPrice"`
	Image        string     `json:"image"`
	// Payment: "card" (or absent) or "account" (issue 45), as POST /checkout.
	Payment PaymentMethod `json:"payment"`
}

// Parse checks the draft's own fields and returns the quantity.
func (d *OrderDraft) Parse() (int64, error) {
	d.ProductID = strings.TrimSpace(d.ProductID)
	d.Trim()
	f := map[string]string{}
	if err := CheckID(d.ProductID); err != nil {
		f["productId"] = "must be a product id"
	}
	var qty int64
	if strings.TrimSpace(string(d.ProductQuantity)) == "" {
		f["productQuantity"] = "is required"
	} else if n, err := ParseQuantity(string(d.ProductQuantity)); err != nil {
		f["productQuantity"] = err.Error()
	} else if n < 1 {
		f["productQuantity"] = "must be at least 1"
	} else if n > MaxOrderQty {
		f["productQuantity"] = "is too large"
	} else {
		qty = n
	}
	d.check(f)
	d.Payment.check(f)
	return qty, Invalid("The order is not valid.", f)
}

// OrderStatus is where an order stands for fulfilment; every order is in
// exactly one: shipped once shipped (paid or not), else paid, else unpaid.
type OrderStatus string

// The statuses Manage Orders filters by ("": all orders).
const (
	OrderUnpaid  OrderStatus = "unpaid"
	OrderPaid    OrderStatus = "paid" // paid and not shipped
	OrderShipped OrderStatus = "shipped"
)

// OrderStatuses are the statuses in the order the dashboard offers them.
var OrderStatuses = []OrderStatus{OrderUnpaid, OrderPaid, OrderShipped}

// StatusOf is the status of an order with these flags.
func StatusOf(paid, shipped bool) OrderStatus {
	switch {
	case shipped:
		return OrderShipped
	case paid:
		return OrderPaid
	default:
		return OrderUnpaid
	}
}

// OrderStore is the orders' persistence.
type OrderStore interface {
	// NewOrderID returns the id of an order about to be placed: its stock
	// is held under that id before the order is stored.
	NewOrderID() string
	// InsertOrder stores a new order, under o.ID when set, with the next
	// order number, and returns it as stored.
	InsertOrder(ctx context.Context, o Order) (Order, error)
	// InsertOrders stores new orders in one insert, each filled in as
	// stored (its number, its time); an ordered insert stops at its first
	// failure, those before it stored.
	InsertOrders(ctx context.Context, orders []*Order) error
	FindOrder(ctx context.Context, id string) (Order, error)
	// ListOrders returns orders newest first, of one email or ("" ) of all.
	ListOrders(ctx context.Context, email string, limit, skip int) ([]Order, int64, error)
	// ListOrdersByStatus returns the orders in one status, newest first.
	ListOrdersByStatus(ctx context.Context, status OrderStatus, limit, skip int) ([]Order, int64, error)
	// ShipOrder marks an order shipped, once (ECONFLICT when it already is).
	ShipOrder(ctx context.Context, id string) (UpdateResult, error)
	// ShipOrderTracked is ShipOrder recording the carrier and tracking
	// number given (either may be empty).
	ShipOrderTracked(ctx context.Context, id string, t Tracking) (UpdateResult, error)
	// BeginCancel decides a cancel with one guarded write: it marks the
	// unpaid, unshipped order as being cancelled by marker (a new random id of
	// the caller's), and returns the order. Only the caller it
	// answers moves the order's stock; any other gets ENOTFOUND (cancelled
	// already) or ECONFLICT (paid, shipped, or being cancelled).
	BeginCancel(ctx context.Context, id, marker string) (Order, error)
	// DeleteUnpaidOrder removes the order the cancel with this marker
	// decided, only while it has no transaction id and has not shipped
	// (ECONFLICT otherwise).
	DeleteUnpaidOrder(ctx context.Context, id, marker string) (Order, error)
	// AbandonCancel drops the marker of a cancel that did not delete the
	// order (it was paid or shipped meanwhile).
	AbandonCancel(ctx context.Context, id, marker string) error
	// SetPaymentIntent records the provider's payment for an unpaid order.
	SetPaymentIntent(ctx context.Context, id, intentID string) error
	// MarkOrderPaid sets paid, transactionId and paidAt in one conditional
	// write; repeating it with the same transaction id changes nothing, and
	// another transaction id for a paid order is ECONFLICT.
	MarkOrderPaid(ctx context.Context, id, transactionID string) (UpdateResult, error)
}

// MsgOrderCancelling answers a cancel (or a second step of one) that meets
// an order another cancel is deleting.
const MsgOrderCancelling = "The order is being cancelled right now."

// TaxOf is the tax on amount cents at rate hundredths of a percent,
// rounded half up to the cent.
func TaxOf(amount, rate int64) int64 {
	if amount <= 0 || rate <= 0 {
		return 0
	}
	return (amount*rate + 5000) / 10000
}
