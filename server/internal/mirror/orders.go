package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

type Order struct {
	ID              ID         `bson:"_id,omitempty"`
	Number          int64      `bson:"number,omitempty"` // absent on orders from before numbers, until start-up numbers them
	Name            string     `bson:"name"`
	Email           string     `bson:"email"`
	Image           string     `bson:"image"`
	ProductID       ID         `bson:"productId"`
	ProductName     string     `bson:"productName"`
	ProductPrice    float64    `bson:"productPrice"`
	ProductQuantity int64      `bson:"productQuantity"`
	Amount          int64      `bson:"amount"`
	Address         string     `bson:"address"`
	Mobile          string     `bson:"mobile"`
	Pending         bool       `bson:"pending"`
	Shipped         bool       `bson:"shipped"`
	Paid            bool       `bson:"paid"`
	TransactionID   string     `bson:"transactionId"`
	PaymentIntentID string     `bson:"paymentIntentId,omitempty"`
	CreatedAt       time.Time  `bson:"createdAt"`
	PaidAt          *time.Time `bson:"paidAt,omitempty"`
	ShippedAt       *time.Time `bson:"shippedAt,omitempty"`
	// Cancelling marks an order whose cancel has been decided (BeginCancel)
	// and is under way; the marker is the cancel's own, so that only it
	// deletes the order.
	Cancelling   ID         `bson:"cancelling,omitempty"`
	CancellingAt *time.Time `bson:"cancellingAt,omitempty"`
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// Shop is the document as the domain has it.
func (d Order) Shop() shop.Order {
	return shop.Order{
		ID: d.ID.Hex(), Number: d.Number, Name: d.Name, Email: d.Email, Image: d.Image, ProductID: d.ProductID.Hex(),
		ProductName: d.ProductName, ProductPrice: shop.CentsFromFloat(d.ProductPrice), ProductQuantity: d.ProductQuantity,
		Amount: d.Amount, Address: d.Address, Mobile: d.Mobile, Pending: d.Pending, Shipped: d.Shipped, Paid: d.Paid,
		TransactionID: d.TransactionID, PaymentIntentID: d.PaymentIntentID, CreatedAt: d.CreatedAt.UTC(),
		PaidAt: utcPtr(d.PaidAt), ShippedAt: utcPtr(d.ShippedAt),
	}
}

// Orders keeps every order by id, all of them by date (Manage Orders),
// each customer's by date (My Order) and each status's by date (Manage
// Orders filtered).
func Orders(name string) *Mirror[ID, Order] {
	byDate := func(a, b *Order) int { return a.CreatedAt.Compare(b.CreatedAt) }
	status := func(d *Order) string { return string(shop.StatusOf(d.Paid, d.Shipped)) }
	return &Mirror[ID, Order]{
		Name: name, IDOf: func(d *Order) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, Order]{
			{Name: "createdAt", Cmp: byDate},
			{Name: "email,createdAt", Group: func(d *Order) string { return d.Email }, Cmp: byDate},
			{Name: "status,createdAt", Group: status, Cmp: byDate},
		},
	}
}
