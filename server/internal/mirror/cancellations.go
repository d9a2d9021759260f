package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

// Cancellation is the record of a cancelled order, under the order's id.
type Cancellation struct {
	ID              ID        `bson:"_id"` // the order's
	Number          int64     `bson:"number"`
	Email           string    `bson:"email"`
	ProductName     string    `bson:"productName"`
	ProductQuantity int64     `bson:"productQuantity"`
	CancelledAt     time.Time `bson:"cancelledAt"`
	By              string    `bson:"by"`
	Reason          string    `bson:"reason,omitempty"`
	Purchase        ID        `bson:"purchase,omitempty"`
	PurchaseNumber  int64     `bson:"purchaseNumber,omitempty"`
	// Cancel is the marker of the cancel that wrote it (the order's
	// BeginCancel): only it, or the recovery sweep that drops that marker,
	// deletes the record again.
	Cancel ID `bson:"cancel"`
}

// Shop is the document as the domain has it.
func (d Cancellation) Shop() shop.Cancellation {
	return shop.Cancellation{ID: d.ID.Hex(), OrderID: d.ID.Hex(), Number: d.Number, Email: d.Email, ProductName: d.ProductName,
		ProductQuantity: d.ProductQuantity, CancelledAt: d.CancelledAt.UTC(), By: shop.CancelledBy(d.By),
		Reason: shop.CancelReason(d.Reason), Purchase: hexOrEmpty(d.Purchase), PurchaseNumber: d.PurchaseNumber}
}

// hexOrEmpty is id's hex, "" for the zero id.
func hexOrEmpty(id ID) string {
	if id.IsZero() {
		return ""
	}
	return id.Hex()
}

// Cancellations keeps the records by id, all by date (admins) and each
// customer's by date (My Order).
func Cancellations(name string) *Mirror[ID, Cancellation] {
	byDate := func(a, b *Cancellation) int { return a.CancelledAt.Compare(b.CancelledAt) }
	return &Mirror[ID, Cancellation]{
		Name: name, IDOf: func(d *Cancellation) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, Cancellation]{
			{Name: "cancelledAt", Cmp: byDate},
			{Name: "email,cancelledAt", Group: func(d *Cancellation) string { return d.Email }, Cmp: byDate},
		},
	}
}

// RecordedBy is DropCancellation's precondition: the record carries this
// cancel's marker (MongoDB: {cancel: marker}).
func RecordedBy(marker ID) func(Cancellation) error {
	return func(c Cancellation) error {
		if c.Cancel != marker {
			return shop.Errorf(shop.ECONFLICT, "The order's cancellation is another cancel's.")
		}
		return nil
	}
}
