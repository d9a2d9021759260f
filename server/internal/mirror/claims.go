package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

type Claim struct {
	ID          ID     `bson:"_id"`
	Number      int64  `bson:"number"`
	OrderID     ID     `bson:"orderId"`
	OrderNumber int64  `bson:"orderNumber"`
	ProductName string `bson:"productName"`
	// Issue 49: the purchase the line is of (its number as its buyer
	// knows it), how many pieces are claimed (0 on claims before: the
	// whole line) and how many the approval replaced.
	PurchaseID         ID         `bson:"purchaseId,omitempty"`
	PurchaseNumber     int64      `bson:"purchaseNumber,omitempty"`
	Quantity           int64      `bson:"quantity,omitempty"`
	ApprovedQuantity   int64      `bson:"approvedQuantity,omitempty"`
	Email              string     `bson:"email"`
	Name               string     `bson:"name"`
	Reason             string     `bson:"reason"`
	Images             []string   `bson:"images"`
	Status             string     `bson:"status"`
	Note               string     `bson:"note,omitempty"`
	CreatedAt          time.Time  `bson:"createdAt"`
	DecidedAt          *time.Time `bson:"decidedAt,omitempty"`
	ReplacementOrderID ID         `bson:"replacementOrderId,omitempty"`
	// Approving marks a claim whose approval has been decided
	// (StartApproval) while its replacement order is placed.
	Approving *Approval `bson:"approving,omitempty"`
}

// Approval is an approval under way: the replacement order's id, the
// admin's note, and when it began.
type Approval struct {
	Order    ID        `bson:"order"`
	Note     string    `bson:"note,omitempty"`
	At       time.Time `bson:"at"`
	Quantity int64     `bson:"quantity,omitempty"` // the pieces replaced (issue 49)
}

// Shop is the document as the domain has it.
func (d Claim) Shop() shop.Claim {
	c := shop.Claim{ID: d.ID.Hex(), Number: d.Number, OrderID: d.OrderID.Hex(), OrderNumber: d.OrderNumber, ProductName: d.ProductName,
		Email: d.Email, Name: d.Name, Reason: d.Reason, Images: d.Images, Status: shop.ClaimStatus(d.Status), Note: d.Note,
		CreatedAt: d.CreatedAt.UTC(), DecidedAt: utcPtr(d.DecidedAt), PurchaseNumber: d.PurchaseNumber, Quantity: d.Quantity,
		ApprovedQuantity: d.ApprovedQuantity}
	if !d.PurchaseID.IsZero() {
		c.PurchaseID = d.PurchaseID.Hex()
	}
	if c.Images == nil {
		c.Images = []string{}
	}
	if !d.ReplacementOrderID.IsZero() {
		c.ReplacementOrderID = d.ReplacementOrderID.Hex()
	}
	return c
}

// Claims keeps the claims by id, all by date (admins) and each
// customer's by date.
func Claims(name string) *Mirror[ID, Claim] {
	byDate := func(a, b *Claim) int { return a.CreatedAt.Compare(b.CreatedAt) }
	return &Mirror[ID, Claim]{
		Name: name, IDOf: func(d *Claim) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, Claim]{
			{Name: "createdAt", Cmp: byDate},
			{Name: "email,createdAt", Group: func(d *Claim) string { return d.Email }, Cmp: byDate},
		},
	}
}

// The claims' preconditions, each checked by both stores (see orders.go).

// Requested is a decision's: the claim is requested and no approval of it
// is under way.
func Requested(c Claim) error {
	switch {
	case c.Status != string(shop.ClaimRequested):
		return shop.Errorf(shop.ECONFLICT, shop.MsgClaimDecided)
	case c.Approving != nil:
		return shop.Errorf(shop.ECONFLICT, shop.MsgClaimBusy)
	}
	return nil
}

// ApprovingWith is an approval's end's: the claim is being approved with
// this replacement order.
func ApprovingWith(rid ID) func(Claim) error {
	return func(c Claim) error {
		if c.Approving == nil || c.Approving.Order != rid {
			return shop.Errorf(shop.ECONFLICT, shop.MsgClaimDecided)
		}
		return nil
	}
}

// ApprovingBefore matches the claims marked as being approved before
// cutoff (staleApprovals).
func ApprovingBefore(cutoff time.Time) func(*Claim) bool {
	return func(c *Claim) bool { return c.Approving != nil && c.Approving.At.Before(cutoff) }
}
