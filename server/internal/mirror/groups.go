package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

// Group is an order group (collection `groups`, issue 34).
type Group struct {
	ID              ID         `bson:"_id"`
	Number          int64      `bson:"number"`
	Email           string     `bson:"email"`
	OrderIDs        []ID       `bson:"orderIds"`
	Total           float64    `bson:"total"` // dollars, as the orders' productPrice
	Tax             float64    `bson:"tax"`
	Paid            bool       `bson:"paid"`
	TransactionID   string     `bson:"transactionId"`
	PaymentIntentID string     `bson:"paymentIntentId,omitempty"`
	InvoiceNumber   int64      `bson:"invoiceNumber,omitempty"`
	QuoteID         *ID        `bson:"quoteId,omitempty"`
	PONumber        string     `bson:"poNumber,omitempty"`
	Company         string     `bson:"company,omitempty"`
	CreatedAt       time.Time  `bson:"createdAt"`
	PaidAt          *time.Time `bson:"paidAt,omitempty"`
	// Placing: its orders are being placed (cleared when all are).
	Placing bool `bson:"placing,omitempty"`
	// Cancelling marks a group whose cancel BeginCancelGroup decided.
	Cancelling   ID         `bson:"cancelling,omitempty"`
	CancellingAt *time.Time `bson:"cancellingAt,omitempty"`
}

// Shop is the document as the domain has it.
func (d Group) Shop() shop.Group {
	g := shop.Group{ID: d.ID.Hex(), Number: d.Number, Email: d.Email, Total: shop.CentsFromFloat(d.Total), Tax: shop.CentsFromFloat(d.Tax),
		Paid: d.Paid, TransactionID: d.TransactionID, PaymentIntentID: d.PaymentIntentID, InvoiceNumber: d.InvoiceNumber,
		PONumber: d.PONumber, Company: d.Company, CreatedAt: d.CreatedAt.UTC(), PaidAt: utcPtr(d.PaidAt), Placing: d.Placing,
		OrderIDs: make([]string, len(d.OrderIDs))}
	for i, id := range d.OrderIDs {
		g.OrderIDs[i] = id.Hex()
	}
	if d.QuoteID != nil {
		g.QuoteID = d.QuoteID.Hex()
	}
	if !d.Cancelling.IsZero() {
		g.Cancelling = d.Cancelling.Hex()
	}
	return g
}

// Groups keeps the groups by id, and each customer's by date.
func Groups(name string) *Mirror[ID, Group] {
	byDate := func(a, b *Group) int { return a.CreatedAt.Compare(b.CreatedAt) }
	return &Mirror[ID, Group]{
		Name: name, IDOf: func(d *Group) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, Group]{
			{Name: "email,createdAt", Group: func(d *Group) string { return d.Email }, Cmp: byDate},
		},
	}
}

// The groups' preconditions (their filters are in internal/mongodb/groups.go).

// GroupCancelFree is BeginCancelGroup's: unpaid, placed, no cancel under way
// (MongoDB: {paid: false, placing: {$exists: false}, cancelling: {$exists: false}}).
func GroupCancelFree(g Group) error {
	switch {
	case g.Paid:
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupPaid)
	case g.Placing:
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupPlacing)
	case !g.Cancelling.IsZero():
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupCanceling)
	}
	return nil
}

// GroupCancelledBy is a group cancel's last step's: the group carries the
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

// GroupPayable is a payment's: unpaid, placed, not being cancelled
// (MongoDB: {paid: false, placing: {$exists: false}, cancelling: {$exists: false}}).
func GroupPayable(g Group) error {
	switch {
	case g.Paid:
		return shop.Errorf(shop.ECONFLICT, "The order group is already paid.")
	case g.Placing:
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupPlacing)
	case !g.Cancelling.IsZero():
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupCanceling)
	}
	return nil
}

// GroupPlacingBefore matches the groups still placing that were created before
// cutoff (MongoDB: {placing: true, createdAt: {$lt: cutoff}}).
func GroupPlacingBefore(cutoff time.Time) func(*Group) bool {
	return func(g *Group) bool { return g.Placing && g.CreatedAt.Before(cutoff) }
}

// GroupCancellingBefore matches the groups whose cancel began before cutoff and
// has not ended (MongoDB: {cancellingAt: {$lt: cutoff}}).
func GroupCancellingBefore(cutoff time.Time) func(*Group) bool {
	return func(g *Group) bool { return g.CancellingAt != nil && g.CancellingAt.Before(cutoff) }
}
