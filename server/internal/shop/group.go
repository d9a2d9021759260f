package shop

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Group is a purchase (collection `groups`): what a buyer bought in one go,
// with one number, one payment, one cancel and one shipment. Every purchase
// has one, whatever made it:
//   - the spec's POST /order: a group of one, under its order's own id and
//     number (so the order's id addresses the purchase too);
//   - POST /checkout (a cart): one order per line under a new id and number;
//   - an accepted quote: one order per item, under the quote's id;
//   - an approved claim: its replacement order, paid when made, as a group
//     of one.
//
// Its lines are spec-shaped orders (collection `orders`), which keep the
// spec's fields (paid, shipped, transactionId) in step with the group's.
// The group is where each change is decided (app/purchases.go).
type Group struct {
	ID            string   `json:"_id"`
	Number        int64    `json:"number"` // from the orders' counter: a purchase has one number
	Email         string   `json:"email"`
	OrderIDs      []string `json:"orderIds"`
	Total         Cents    `json:"total"` // what is charged: the orders' amounts, tax included
	Tax           Cents    `json:"tax"`
	Paid          bool     `json:"paid"`
	TransactionID string   `json:"transactionId,omitempty"`
	InvoiceNumber int64    `json:"invoiceNumber,omitempty"`
	QuoteID       string   `json:"quoteId,omitempty"`
	// QuoteNumber and Orders are filled in for the purchase's readers (not
	// stored on the group).
	QuoteNumber int64      `json:"quoteNumber,omitempty"`
	Orders      []Order    `json:"orders"`
	PONumber    string     `json:"poNumber,omitempty"`
	Company     string     `json:"company,omitempty"`
	CreatedAt   time.Time  `json:"createdAt"`
	PaidAt      *time.Time `json:"paidAt,omitempty"`
	// Shipped, with when and how (one shipment a purchase).
	Shipped        bool       `json:"shipped"`
	ShippedAt      *time.Time `json:"shippedAt,omitempty"`
	Carrier        string     `json:"carrier,omitempty"`
	TrackingNumber string     `json:"trackingNumber,omitempty"`
	// Amount is Total in cents, Status where it stands, and Payable whether
	// its buyer can pay it now: filled in for the readers.
	Amount  int64         `json:"amount"`
	Status  OrderStatus   `json:"status"`
	State   PurchaseState `json:"state"`
	Payable bool          `json:"payable"`
	// Placing is set while its orders are being placed: it is paid or
	// cancelled only once they all are.
	Placing         bool   `json:"-"`
	PaymentIntentID string `json:"-"`
	// Cancelling is the marker of the cancel that BeginCancelGroup decided
	// ("" when none is under way).
	Cancelling string `json:"-"`
	// Syncing: a payment or shipment was decided on the group (its mark
	// SyncMark, each decision's own) and its orders may not all show it yet
	// (the recovery sweep completes them).
	Syncing  bool   `json:"-"`
	SyncMark string `json:"-"`
	// RemindedAt: when its buyer was reminded to pay (RESERVATION_TTL).
	RemindedAt *time.Time `json:"-"`
	// Issue 48: the delivery line (nil: free delivery, no method), in
	// Total and Tax; AwaitingFreight until an admin prices its freight
	// (PricedAt, from when its reservation runs).
	Shipping        *Shipping  `json:"shipping,omitempty"`
	AwaitingFreight bool       `json:"awaitingFreight,omitempty"`
	PricedAt        *time.Time `json:"pricedAt,omitempty"`
	// Issue 45: the buyer's company (its id) when they bought as a member
	// of an approved one; AwaitingApproval while a purchase above their
	// limit waits for an approver of that company, who approved it when
	// (ApprovedAt, from when its reservation runs) and who (ApprovedBy).
	CompanyID        string     `json:"companyId,omitempty"`
	AwaitingApproval bool       `json:"awaitingApproval,omitempty"`
	ApprovedAt       *time.Time `json:"approvedAt,omitempty"`
	ApprovedBy       string     `json:"approvedBy,omitempty"`
	// Payment is "account" for a purchase on its company's account (issue
	// 45, terms.go), whose credit CompanyID's company holds under its id;
	// "" (card) otherwise.
	Payment PaymentMethod `json:"payment,omitempty"`
}

// ReservedSince is when the purchase's reservation began: when it was
// placed, or when the last of what it waited for came: its freight's
// price, its approval.
func (g Group) ReservedSince() time.Time {
	since := g.CreatedAt
	for _, t := range []*time.Time{g.PricedAt, g.ApprovedAt} {
		if t != nil && t.After(since) {
			since = *t
		}
	}
	return since
}

// PurchaseState is where a purchase stands in its lifecycle.
//
//	placing --(all lines placed)--> placed --(pay)--> paid --(ship)--> shipped
//	placed --(ship: an admin may ship unpaid)--> shipped unpaid --(pay)--> shipped
//	placed --(cancel, or RESERVATION_TTL)--> cancelled (the orders deleted,
//	    their stock back, a cancellation record each)
//
// The company and freight work adds states between placed and payable:
// awaiting approval (a company buyer over their limit), awaiting a freight
// price (an admin prices the freight), and on account (paid later on net
// terms). Awaiting a freight price is reached by a purchase whose delivery
// an admin prices (issue 48): it cannot be paid, neither expires nor
// counts against UNPAID_LIMIT, and can be cancelled; PUT
// /groups/{id}/freight prices it, and it is placed (unpaid) from then.
// Awaiting approval is reached by a purchase above its buyer's limit
// (issue 45): its stock held, it cannot be paid or shipped, neither
// expires nor counts against UNPAID_LIMIT, and can be cancelled by its
// buyer; an approver approves it (POST /groups/{id}/approve: placed from
// then) or declines it (POST /groups/{id}/decline: cancelled).
type PurchaseState string

// The states.
const (
	PurchasePlacing          PurchaseState = "placing"
	PurchasePlaced           PurchaseState = "placed" // unpaid
	PurchasePaid             PurchaseState = "paid"
	PurchaseShipped          PurchaseState = "shipped"
	PurchaseCancelling       PurchaseState = "cancelling"
	PurchaseCancelled        PurchaseState = "cancelled"
	PurchaseAwaitingApproval PurchaseState = "awaiting_approval"
	PurchaseAwaitingFreight  PurchaseState = "awaiting_freight"
	PurchaseOnAccount        PurchaseState = "on_account"
)

// StateOf is where g stands.
func StateOf(g Group) PurchaseState {
	switch {
	case g.Placing:
		return PurchasePlacing
	case g.Cancelling != "":
		return PurchaseCancelling
	case g.AwaitingApproval:
		return PurchaseAwaitingApproval
	case g.Shipped:
		return PurchaseShipped
	case g.Paid:
		return PurchasePaid
	case g.AwaitingFreight:
		return PurchaseAwaitingFreight
	case g.Payment == PayOnAccount:
		return PurchaseOnAccount
	}
	return PurchasePlaced
}

// Described fills in what a purchase's readers are shown besides its
// stored fields: amount, status, state and whether it can be paid now.
func (g Group) Described() Group {
	g.Amount = int64(g.Total)
	g.Status = StatusOf(g.Paid, g.Shipped)
	g.State = StateOf(g)
	g.Payable = !g.Paid && !g.Placing && g.Cancelling == "" && g.Total > 0 && !g.AwaitingFreight && !g.AwaitingApproval && g.Payment != PayOnAccount
	return g
}

// SingleOrder reports whether g is the group of one of a spec order placed
// with POST /order (or a replacement): it has its order's id.
func (g Group) SingleOrder() bool {
	return len(g.OrderIDs) == 1 && g.OrderIDs[0] == g.ID
}

// IntentRef is the provider's reference of g's payment: a single order's
// id as the spec's payments always had it, else GroupIntentPrefix and the
// group's id.
func (g Group) IntentRef() string {
	if g.SingleOrder() {
		return g.ID
	}
	return GroupIntentPrefix + g.ID
}

// PurchaseIDOfRef is the purchase an intent's reference names.
func PurchaseIDOfRef(ref string) string {
	if id, ok := strings.CutPrefix(ref, GroupIntentPrefix); ok {
		return id
	}
	return ref
}

// GroupOfOne is the group of one of a spec order: its id, number, email
// and amount, paid as it is, with it as its one line.
func GroupOfOne(o Order) Group {
	g := Group{ID: o.ID, Number: o.Number, Email: o.Email, OrderIDs: []string{o.ID}, Total: Cents(o.Amount), Tax: o.Tax,
		Paid: o.Paid, TransactionID: o.TransactionID, CreatedAt: o.CreatedAt, Shipped: o.Shipped, ShippedAt: o.ShippedAt,
		Carrier: o.Carrier, TrackingNumber: o.TrackingNumber, Orders: []Order{o},
		CompanyID: o.CompanyID, AwaitingApproval: o.AboveLimit && !o.Paid && !o.Shipped}
	if s := o.Shipping; s != nil { // issue 48: its delivery line
		c := *s
		g.Shipping, g.AwaitingFreight = &c, s.OnQuote && !o.Paid
		g.Total, g.Tax = g.Total+s.Price+s.Tax, g.Tax+s.Tax
	}
	return g.Described()
}

// PurchaseOf is the id of the purchase an order belongs to: its group's,
// or (a spec order placed alone) its own.
func PurchaseOf(o Order) string {
	if o.Group != "" {
		return o.Group
	}
	return o.ID
}

// CheckoutItem is one line of a checkout.
type CheckoutItem struct {
	ProductID string `json:"productId"`
	Quantity  int64  `json:"quantity"`
}

// CheckoutDraft is the input of POST /checkout.
type CheckoutDraft struct {
	Items []CheckoutItem `json:"items"`
	// Delivery: the address and mobile, or a saved address's id instead
	// (issue 49), the country and the shipping method (issue 48). One
	// schema with POST /order's.
	Delivery
	PONumber string `json:"poNumber"`
	Company  string `json:"company"`
	// Payment: "card" (or absent) or "account" (issue 45).
	Payment PaymentMethod `json:"payment"`
}

// Checkout limits.
const (
	MaxCheckoutLines = 50
	MaxPONumberLen   = 60
)

// Validate checks the draft's own fields (the products' rules are the use
// case's).
func (d *CheckoutDraft) Validate() error {
	d.Trim()
	d.PONumber, d.Company = strings.TrimSpace(d.PONumber), strings.TrimSpace(d.Company)
	f := map[string]string{}
	switch {
	case len(d.Items) == 0:
		f["items"] = "must have at least one line"
	case len(d.Items) > MaxCheckoutLines:
		f["items"] = fmt.Sprintf("must have at most %d lines", MaxCheckoutLines)
	}
	checkItems(f, d.Items)
	d.check(f)
	checkText(f, "poNumber", d.PONumber, MaxPONumberLen, "", FieldTooLong)
	checkText(f, "company", d.Company, MaxCompanyLen, "", FieldTooLong)
	d.Payment.check(f)
	return Invalid("The checkout is not valid.", f)
}

// ValidatePreview checks the draft as POST /checkout/preview takes it
// (issue 48): the checkout's body, whose address and mobile may still be
// missing (the figures do not depend on them); what is given is checked.
func (d *CheckoutDraft) ValidatePreview() error {
	err := d.Validate()
	if err == nil {
		return nil
	}
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	f := map[string]string{}
	for k, v := range e.Fields {
		if (k == "address" || k == "mobile") && v == FieldRequired {
			continue
		}
		f[k] = v
	}
	return Invalid("The checkout is not valid.", f)
}

// PurchaseQuery selects a page of purchases: one buyer's (Email) or all,
// in one status or all, newest first.
type PurchaseQuery struct {
	Email       string
	Status      OrderStatus
	Limit, Skip int
}

// GroupStore is the purchases' persistence. Each change of a purchase is
// one guarded write on its group; the orders follow.
type GroupStore interface {
	NewGroupID() string
	// InsertGroup stores a new purchase under g.ID: with g.Number when set
	// (a single order's group: its order's number), else the next number of
	// the orders' counter; placing when g.Placing. It returns it as stored.
	InsertGroup(ctx context.Context, g Group) (Group, error)
	// InsertSingleGroups stores the groups of one of spec orders just
	// placed (each with its order's id and number) in one insert.
	InsertSingleGroups(ctx context.Context, gs []Group) error
	// EnsureSingleGroup stores the group of one of a spec order that has
	// none (a crash between the order and its group, or an order from
	// before groups), made from the order: paid, shipped as it is. An
	// existing group is left as it is (no error).
	EnsureSingleGroup(ctx context.Context, o Order) error
	FindGroup(ctx context.Context, id string) (Group, error)
	// FinishPlacing marks the group's orders all placed.
	FinishPlacing(ctx context.Context, id string) error
	// BeginCancelGroup decides a purchase's cancel with one guarded write:
	// the unpaid, unshipped, placed group no cancel holds is marked with the
	// cancel's marker. Only the caller it answers withdraws the orders; any
	// other gets ENOTFOUND (cancelled already) or ECONFLICT (paid, shipped,
	// placing or being cancelled).
	BeginCancelGroup(ctx context.Context, id, marker string) (Group, error)
	// AbandonCancelGroup drops the marker of a cancel that withdrew nothing
	// (a payment was found succeeded, or in progress).
	AbandonCancelGroup(ctx context.Context, id, marker string) error
	// DeleteGroup removes the group the cancel with this marker decided
	// (or, with marker "", one still placing: a checkout undone).
	DeleteGroup(ctx context.Context, id, marker string) error
	// SetGroupPaymentIntent records the provider's payment of an unpaid,
	// placed group no cancel holds (ECONFLICT otherwise).
	SetGroupPaymentIntent(ctx context.Context, id, intentID string) error
	// MarkGroupPaid sets paid, transactionId and syncing in one guarded
	// write (not while placing or being cancelled); the same transaction
	// again changes nothing, another is ECONFLICT.
	MarkGroupPaid(ctx context.Context, id, transactionID string) (UpdateResult, error)
	// ShipGroup marks the placed group shipped (with the tracking, and
	// syncing) in one guarded write: not while being cancelled; ECONFLICT
	// when it has shipped already.
	ShipGroup(ctx context.Context, id string, t Tracking) (UpdateResult, error)
	// FinishSyncing clears syncing once the orders show the group's state,
	// guarded by the decision's mark it read: a payment or shipment decided
	// meanwhile keeps its own (ECONFLICT).
	FinishSyncing(ctx context.Context, id, mark string) error
	// MarkReminded records, once, that the buyer was reminded to pay
	// (ECONFLICT when reminded already, or no longer unpaid).
	MarkReminded(ctx context.Context, id string) error
	// StaleGroups returns the groups a crash (or a step that failed) left
	// between steps before cutoff: still placing, being cancelled, or
	// syncing.
	StaleGroups(ctx context.Context, cutoff time.Time) ([]Group, error)
	// ListGroups returns a page of purchases, newest first, and how many
	// match (placing ones are not listed).
	ListGroups(ctx context.Context, q PurchaseQuery) ([]Group, int64, error)
	// CountUnpaidGroups is how many placed, unpaid, unshipped purchases
	// email holds.
	CountUnpaidGroups(ctx context.Context, email string) (int64, error)
	// UnpaidGroupsBefore returns up to limit placed, unpaid, unshipped
	// purchases created before cutoff, oldest first (not those awaiting a
	// freight price).
	UnpaidGroupsBefore(ctx context.Context, cutoff time.Time, limit int) ([]Group, error)
	// PriceFreight prices the freight of a purchase awaiting it, once
	// (ECONFLICT otherwise): its delivery line gets price and tax, its
	// total and tax rise by them, and its reservation starts (issue 48).
	PriceFreight(ctx context.Context, id string, price, tax Cents) (Group, error)
	// Issue 45. ApproveGroup approves a purchase awaiting approval, once
	// (ECONFLICT otherwise): by whom, and its reservation starts.
	// BeginDeclineGroup is BeginCancelGroup for a purchase still awaiting
	// approval only. ListCompanyGroups returns a page of a company's
	// purchases (all, or those awaiting approval), newest first.
	ApproveGroup(ctx context.Context, id, by string) (Group, error)
	BeginDeclineGroup(ctx context.Context, id, marker string) (Group, error)
	ListCompanyGroups(ctx context.Context, company string, awaiting bool, limit, skip int) ([]Group, int64, error)
}

// Group messages.
const (
	MsgGroupNoun      = "The order group"
	MsgInGroup        = "Order #%d belongs to order group #%d: it is paid, shipped and cancelled only with its group."
	MsgGroupPaid      = "The order group is paid and cannot be cancelled."
	MsgGroupShipped   = "The order has shipped and cannot be cancelled."
	MsgGroupPlacing   = "The order group's orders are still being placed; try again shortly."
	MsgGroupCanceling = "The order group is being cancelled right now."
	MsgGroupPaidOther = "The order group is already paid by another transaction."
	// MsgPaidWhileCancelling answers a payment that succeeded at the
	// provider while a cancel (or an expiry) of its purchase had begun and
	// has not decided yet: the cancel finds the payment and records it, or
	// refunds it; the purchase's page says which.
	MsgPaidWhileCancelling = "Your payment went through while the %s was being cancelled. It is being settled: the %s's page shows in a moment whether it is paid, or cancelled with the payment refunded."
	// MsgPaidAfterCancel answers a payment that succeeded for a purchase
	// cancelled meanwhile: it is refunded.
	MsgPaidAfterCancel = "The %s was cancelled before your payment arrived, so the payment is refunded."
	MsgShortLines      = "Not enough stock for every line, so nothing was ordered: %s"
	// MsgUnpaidLimit answers a purchase over UNPAID_LIMIT.
	MsgUnpaidLimit = "You have %d unpaid orders, the most an account may hold. Pay for one or cancel one in My Orders, then order again."
	// MsgUnpaidLimitUnverified is MsgUnpaidLimit before the address is verified.
	MsgUnpaidLimitUnverified = "You have %d unpaid orders, the most an account may hold until its e-mail address is verified. Pay for one or cancel one in My Orders, or verify your address (the link we e-mailed you), then order again."
)

// GroupIntentPrefix marks a payment intent as a group's: the provider's
// order reference is this prefix and the group's id.
const GroupIntentPrefix = "group:"

// CancelReason says why a purchase was cancelled, when not at someone's
// request.
type CancelReason string

// The reasons.
const (
	ReasonNotPaidInTime CancelReason = "not paid in time"
)
