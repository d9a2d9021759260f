package mirror

import (
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Group is a purchase (collection `groups`): see shop.Group.
type Group struct {
	// (Fields are grouped by alignment, ids first and flags together, so
	// that none is padded: 352 bytes, not 384. Issue 46: a purchase each
	// of 200,000 orders is held in memory.)
	ID ID `bson:"_id"`
	// Cancelling marks a group whose cancel BeginCancelGroup decided.
	Cancelling ID   `bson:"cancelling,omitempty"`
	SyncMark   ID   `bson:"syncMark,omitempty"` // each decision's own, so that only its follower clears it
	Paid       bool `bson:"paid"`
	// Shipped (issue 43: one shipment a purchase), with its tracking.
	Shipped bool `bson:"shipped"`
	// Placing: its orders are being placed (cleared when all are).
	Placing bool `bson:"placing,omitempty"`
	// Issue 48: whether its freight waits for a price (Shipping, PricedAt).
	AwaitingFreight bool `bson:"awaitingFreight,omitempty"`
	// Issue 45: whether the purchase (above its buyer's limit) waits for
	// an approver (CompanyID, ApprovedAt, ApprovedBy).
	AwaitingApproval bool `bson:"awaitingApproval,omitempty"`

	Number          int64      `bson:"number"`
	Email           string     `bson:"email"`
	OrderIDs        []ID       `bson:"orderIds"`
	Total           float64    `bson:"total"` // dollars, as the orders' productPrice
	Tax             float64    `bson:"tax"`
	TransactionID   string     `bson:"transactionId"`
	PaymentIntentID string     `bson:"paymentIntentId,omitempty"`
	InvoiceNumber   int64      `bson:"invoiceNumber,omitempty"`
	QuoteID         *ID        `bson:"quoteId,omitempty"`
	PONumber        string     `bson:"poNumber,omitempty"`
	Company         string     `bson:"company,omitempty"`
	CreatedAt       time.Time  `bson:"createdAt"`
	PaidAt          *time.Time `bson:"paidAt,omitempty"`
	ShippedAt       *time.Time `bson:"shippedAt,omitempty"`
	Carrier         string     `bson:"carrier,omitempty"`
	TrackingNumber  string     `bson:"trackingNumber,omitempty"`
	CancellingAt    *time.Time `bson:"cancellingAt,omitempty"`
	// SyncingAt: a payment or shipment decided on the group that its orders
	// may not all show yet (cleared once they do).
	SyncingAt  *time.Time `bson:"syncingAt,omitempty"`
	RemindedAt *time.Time `bson:"remindedAt,omitempty"`
	// Issue 48: the delivery line, and when its freight was priced.
	Shipping *Shipping  `bson:"shipping,omitempty"`
	PricedAt *time.Time `bson:"pricedAt,omitempty"`
	// Issue 45: the buyer's company, and the purchase's approval.
	CompanyID  *ID        `bson:"companyId,omitempty"`
	ApprovedAt *time.Time `bson:"approvedAt,omitempty"`
	ApprovedBy string     `bson:"approvedBy,omitempty"`
	// Issue 45: "account" for a purchase on its company's account.
	Payment string `bson:"payment,omitempty"`
}

// Shop is the document as the domain has it.
func (d Group) Shop() shop.Group {
	g := shop.Group{ID: d.ID.Hex(), Number: d.Number, Email: d.Email, Total: shop.CentsFromFloat(d.Total), Tax: shop.CentsFromFloat(d.Tax),
		Paid: d.Paid, TransactionID: d.TransactionID, PaymentIntentID: d.PaymentIntentID, InvoiceNumber: d.InvoiceNumber,
		PONumber: d.PONumber, Company: d.Company, CreatedAt: d.CreatedAt.UTC(), PaidAt: utcPtr(d.PaidAt), Placing: d.Placing,
		Shipped: d.Shipped, ShippedAt: utcPtr(d.ShippedAt), Carrier: d.Carrier, TrackingNumber: d.TrackingNumber,
		Syncing: d.SyncingAt != nil, SyncMark: hexOrEmpty(d.SyncMark), RemindedAt: utcPtr(d.RemindedAt),
		OrderIDs: make([]string, len(d.OrderIDs)), Shipping: d.Shipping.Shop(), AwaitingFreight: d.AwaitingFreight, PricedAt: utcPtr(d.PricedAt),
		AwaitingApproval: d.AwaitingApproval, ApprovedAt: utcPtr(d.ApprovedAt), ApprovedBy: d.ApprovedBy,
		Payment: shop.PaymentMethod(d.Payment)}
	if d.CompanyID != nil {
		g.CompanyID = d.CompanyID.Hex()
	}
	for i, id := range d.OrderIDs {
		g.OrderIDs[i] = id.Hex()
	}
	if d.QuoteID != nil {
		g.QuoteID = d.QuoteID.Hex()
	}
	if !d.Cancelling.IsZero() {
		g.Cancelling = d.Cancelling.Hex()
	}
	return g.Described()
}

// groupStatus is a purchase's status as the lists filter it.
func groupStatus(d *Group) string { return string(shop.StatusOf(d.Paid, d.Shipped)) }

// GroupUnpaidKey is the index "email,unpaid"'s key of a buyer's placed,
// unpaid, unshipped purchases (UNPAID_LIMIT counts them).
func GroupUnpaidKey(email string) string { return email + "\x00unpaid" }

// GroupCompanyKey is the index "companyId,createdAt"'s key of a company's
// purchases; GroupApprovalKey the index "companyId,awaitingApproval"'s of
// those awaiting an approver (issue 45).
func GroupCompanyKey(company ID) string  { return company.Hex() }
func GroupApprovalKey(company ID) string { return company.Hex() + "\x00approval" }

// Groups keeps the purchases by id, all and each buyer's by date, each
// status's by date (Manage Orders), each buyer's unpaid ones, and each
// company's, all and those awaiting approval (issue 45).
func Groups(name string) *Mirror[ID, Group] {
	byDate := func(a, b *Group) int { return a.CreatedAt.Compare(b.CreatedAt) }
	pool := newStrs()
	return &Mirror[ID, Group]{
		Name: name, IDOf: func(d *Group) ID { return d.ID }, CmpID: CompareIDs, strs: pool,
		// The buyer's strings, the same in each of their purchases, held
		// once (strs).
		Prepare: func(d *Group) {
			pool.all(&d.Email, &d.Company, &d.Carrier)
			if d.Shipping != nil {
				s := *d.Shipping
				pool.all(&s.MethodID, &s.Name, &s.Kind)
				d.Shipping = &s
			}
		},
		Orders: []*OrderIndex[ID, Group]{
			// Manage Orders' lists hold only the purchases they show
			// (Listed): a deep page is then a step into the list, not a
			// walk that tests every purchase before it (p95 21 ms at
			// 165,000 purchases, issue 46).
			{Name: "createdAt", Group: func(d *Group) string {
				if !Listed(d) {
					return NotIndexed
				}
				return ""
			}, Cmp: byDate},
			{Name: "email,createdAt", Group: func(d *Group) string { return d.Email }, Cmp: byDate},
			{Name: "status,createdAt", Group: func(d *Group) string {
				if !Listed(d) {
					return NotIndexed
				}
				return groupStatus(d)
			}, Cmp: byDate},
			{Name: "email,unpaid", Group: func(d *Group) string {
				if Unsettled(d) {
					return GroupUnpaidKey(d.Email)
				}
				return NotIndexed
			}, Cmp: byDate},
			{Name: "unpaid,createdAt", Group: func(d *Group) string {
				if Unsettled(d) {
					return "unpaid"
				}
				return NotIndexed
			}, Cmp: byDate},
			// the paid purchases by when they were paid: the invoices'
			// sweep, every minute, reads the last days' (PaidGroupsSince)
			{Name: IndexPaidAt, Group: func(d *Group) string {
				if !d.Paid || d.PaidAt == nil {
					return NotIndexed
				}
				return ""
			}, Cmp: func(a, b *Group) int { return paidAt(a).Compare(paidAt(b)) }},
			{Name: "companyId,createdAt", Group: func(d *Group) string {
				if d.CompanyID == nil || !Listed(d) {
					return NotIndexed
				}
				return GroupCompanyKey(*d.CompanyID)
			}, Cmp: byDate},
			{Name: "companyId,awaitingApproval", Group: func(d *Group) string {
				if d.CompanyID == nil || !d.AwaitingApproval || !Listed(d) {
					return NotIndexed
				}
				return GroupApprovalKey(*d.CompanyID)
			}, Cmp: byDate},
		},
	}
}

// Unsettled matches a placed purchase that is neither paid nor shipped: it
// holds its stock until paid, cancelled or expired (MongoDB: {paid: false,
// shipped: false, placing: {$exists: false}}).
// A purchase awaiting its freight price is not (issue 48), nor one
// awaiting approval (issue 45): it neither expires nor counts against
// UNPAID_LIMIT until priced, or approved.
//
// Nor is one on account (issue 45): it is paid against its invoice.
//
// Nor is one being cancelled: its cancel's mark decided it, and its lines
// may have given their stock back already; a crash or an error before its
// group goes leaves it to the recovery sweep, and meanwhile it is neither
// payable nor shippable, so it holds nothing against its buyer's
// UNPAID_LIMIT (the histories of 2026-11-28 found a buyer refused for
// four unpaid purchases, one of them cancelled but for its group).
func Unsettled(d *Group) bool {
	return !d.Paid && !d.Shipped && !d.Placing && !d.AwaitingFreight && !d.AwaitingApproval && d.Payment != string(shop.PayOnAccount) &&
		d.Cancelling.IsZero()
}

// Listed matches the purchases the lists show: placed ones.
func Listed(d *Group) bool { return !d.Placing }

// The groups' preconditions (their filters are in internal/mongodb/groups.go).

// GroupCancelFree is BeginCancelGroup's: unpaid, unshipped, placed, no
// cancel under way (MongoDB: {paid: false, shipped: false, placing:
// {$exists: false}, cancelling: {$exists: false}}).
func GroupCancelFree(g Group) error {
	switch {
	case g.Paid:
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupPaid)
	case g.Shipped:
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupShipped)
	}
	return groupPlacedFree(g)
}

// cancelUnderWay answers a change of a purchase whose cancel is under way
// (its lines may be gone already, their stock back: the group goes last)
// before any other reason, as a payment's check does (app/payments.go), so
// that whatever a change of it is refused for, it says the purchase is
// being cancelled (TestHistories found an approval's "does not wait for
// approval" there).
func cancelUnderWay(g Group) error {
	if !g.Cancelling.IsZero() {
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupCanceling)
	}
	return nil
}

// groupPlacedFree: placed, no cancel under way.
func groupPlacedFree(g Group) error {
	switch {
	case g.Placing:
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupPlacing)
	case !g.Cancelling.IsZero():
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupCanceling)
	}
	return nil
}

// GroupCancelledBy is a group cancel's later steps': the group carries the
// cancel's marker (MongoDB: {cancelling: marker}).
func GroupCancelledBy(marker ID) func(Group) error {
	return func(g Group) error {
		if g.Cancelling != marker {
			return shop.Errorf(shop.ECONFLICT, shop.MsgGroupCanceling)
		}
		return nil
	}
}

// GroupPlacing is an undone checkout's delete: the group is still placing
// (MongoDB: {placing: true}).
func GroupPlacing(g Group) error {
	if !g.Placing {
		return shop.Errorf(shop.ECONFLICT, "The order group's orders are placed.")
	}
	return nil
}

// GroupPayable is a payment's: unpaid, placed, not awaiting its freight's
// price or an approval, not being cancelled (MongoDB: {paid: false,
// awaitingFreight/awaitingApproval: {$exists: false}, placing: {$exists:
// false}, cancelling: {$exists: false}}).
func GroupPayable(g Group) error {
	if err := cancelUnderWay(g); err != nil {
		return err
	}
	if g.Paid {
		return shop.Errorf(shop.ECONFLICT, "The order group is already paid.")
	}
	if g.AwaitingFreight {
		return shop.Errorf(shop.ECONFLICT, shop.MsgAwaitingFreight)
	}
	if g.AwaitingApproval {
		return shop.Errorf(shop.ECONFLICT, shop.MsgAwaitingApproval)
	}
	return groupPlacedFree(g)
}

// GroupAwaitingApproval is the precondition of an approval and of a
// decline (issue 45): it awaits approval, unpaid, placed, no cancel under
// way (MongoDB: {awaitingApproval: true, paid: false, shipped: false,
// placing: {$exists: false}, cancelling: {$exists: false}}).
func GroupAwaitingApproval(g Group) error {
	if err := cancelUnderWay(g); err != nil {
		return err
	}
	if !g.AwaitingApproval || g.Paid || g.Shipped {
		return shop.Errorf(shop.ECONFLICT, shop.MsgNotAwaitingApproval)
	}
	return groupPlacedFree(g)
}

// GroupPayableBy is MarkGroupPaid's: payable, and a purchase on account
// only by a recorded bank payment (MongoDB: GroupPayable's and, for
// another transaction, {payment: {$exists: false}}).
func GroupPayableBy(transactionID string) func(Group) error {
	return func(g Group) error {
		if g.Payment == string(shop.PayOnAccount) && !g.Paid && !strings.HasPrefix(transactionID, shop.AccountTransactionPrefix) {
			return shop.Errorf(shop.ECONFLICT, shop.MsgOnAccountNoCard)
		}
		return GroupPayable(g)
	}
}

// GroupAwaitingFreight is PriceFreight's precondition: its freight waits
// for a price, it is placed and no cancel is under way (MongoDB:
// {awaitingFreight: true, paid: false, placing: {$exists: false},
// cancelling: {$exists: false}}).
func GroupAwaitingFreight(g Group) error {
	if err := cancelUnderWay(g); err != nil {
		return err
	}
	if !g.AwaitingFreight || g.Paid {
		if g.Shipping != nil && g.Shipping.OnQuote && g.PricedAt != nil {
			return shop.Errorf(shop.ECONFLICT, shop.MsgFreightPriced)
		}
		return shop.Errorf(shop.ECONFLICT, shop.MsgNotAwaitFreight)
	}
	return groupPlacedFree(g)
}

// GroupShippable is a shipment's: unshipped, placed, not awaiting
// approval, not being cancelled (MongoDB: {shipped: false,
// awaitingApproval: {$exists: false}, placing: {$exists: false},
// cancelling: {$exists: false}}).
func GroupShippable(g Group) error {
	if err := cancelUnderWay(g); err != nil {
		return err
	}
	if g.Shipped {
		return shop.Errorf(shop.ECONFLICT, "The order has already shipped.")
	}
	if g.AwaitingApproval {
		return shop.Errorf(shop.ECONFLICT, shop.MsgShipAwaitingApproval)
	}
	return groupPlacedFree(g)
}

// GroupRemindable is a reminder's: unsettled, not reminded yet (MongoDB:
// {paid: false, shipped: false, remindedAt: {$exists: false}}).
func GroupRemindable(g Group) error {
	if !Unsettled(&g) || g.RemindedAt != nil {
		return shop.Errorf(shop.ECONFLICT, "The purchase needs no reminder.")
	}
	return nil
}

// GroupSyncMark is FinishSyncing's: {syncMark: mark}, the mark of the
// decision whose orders were brought along (a later one keeps its own).
func GroupSyncMark(mark ID) func(Group) error {
	return func(g Group) error {
		if g.SyncingAt == nil || g.SyncMark != mark {
			return shop.Errorf(shop.ECONFLICT, "The purchase's orders are in step, or follow a later change.")
		}
		return nil
	}
}

// GroupStaleBefore matches the groups a crash or a failed step left between
// steps before cutoff: still placing, being cancelled, or syncing (MongoDB:
// staleGroups).
func GroupStaleBefore(cutoff time.Time) func(*Group) bool {
	return func(g *Group) bool {
		return g.Placing && g.CreatedAt.Before(cutoff) ||
			g.CancellingAt != nil && g.CancellingAt.Before(cutoff) ||
			g.SyncingAt != nil && g.SyncingAt.Before(cutoff)
	}
}

// GroupUnsettledBefore matches the unsettled groups created before cutoff
// (MongoDB: {paid: false, shipped: false, placing: {$exists: false},
// createdAt: {$lt: cutoff}}).
func GroupUnsettledBefore(cutoff time.Time) func(*Group) bool {
	return func(g *Group) bool { return Unsettled(g) && g.CreatedAt.Before(cutoff) }
}

// IndexPaidAt is the purchases' index of the paid ones by when.
const IndexPaidAt = "paidAt"

// paidAt is when the purchase was paid; zero when not (an index's
// comparisons see the documents it leaves out too).
func paidAt(d *Group) time.Time {
	if d.PaidAt == nil {
		return time.Time{}
	}
	return *d.PaidAt
}
