package mirror

import (
	"strconv"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

type Order struct {
	// (Fields are grouped by alignment, ids first and flags last, so that
	// none is padded: 352 bytes, not 376 in a 384-byte block. Issue 46:
	// 200,000 orders are held in memory.)
	ID        ID `bson:"_id,omitempty"`
	ProductID ID `bson:"productId"`
	// Group is the order group it belongs to (issue 34).
	Group ID `bson:"group,omitempty"`
	// Cancelling marks an order whose cancel has been decided (BeginCancel)
	// and is under way; the marker is the cancel's own, so that only it
	// deletes the order.
	Cancelling ID `bson:"cancelling,omitempty"`

	Number          int64      `bson:"number,omitempty"` // absent on orders from before numbers, until start-up numbers them
	Name            string     `bson:"name"`
	Email           string     `bson:"email"`
	Image           string     `bson:"image"`
	ProductName     string     `bson:"productName"`
	ProductPrice    float64    `bson:"productPrice"`
	ProductQuantity int64      `bson:"productQuantity"`
	Amount          int64      `bson:"amount"`
	Tax             float64    `bson:"tax,omitempty"` // dollars, as productPrice; absent on orders placed without tax
	Address         string     `bson:"address"`
	Mobile          string     `bson:"mobile"`
	TransactionID   string     `bson:"transactionId"`
	PaymentIntentID string     `bson:"paymentIntentId,omitempty"`
	CreatedAt       time.Time  `bson:"createdAt"`
	PaidAt          *time.Time `bson:"paidAt,omitempty"`
	ShippedAt       *time.Time `bson:"shippedAt,omitempty"`
	CancellingAt    *time.Time `bson:"cancellingAt,omitempty"`
	// ReplacementFor is the claim a replacement order was made for.
	ReplacementFor *ClaimRef `bson:"replacementFor,omitempty"`
	// Carrier and TrackingNumber, given at shipping (issue 34).
	Carrier        string `bson:"carrier,omitempty"`
	TrackingNumber string `bson:"trackingNumber,omitempty"`
	// Country (issue 49): where it ships, when said.
	Country string `bson:"country,omitempty"`
	// TaxExemption (issue 49): the buyer's approved exemption it was
	// placed under, charged no tax.
	TaxExemption *TaxExemptRef `bson:"taxExemption,omitempty"`
	// Shipping (issue 48): a single order's delivery line.
	Shipping *Shipping `bson:"shipping,omitempty"`
	// Issue 45: a single order's buyer's company, and whether it was
	// placed above their limit (its group of one awaited approval).
	CompanyID *ID `bson:"companyId,omitempty"`

	Pending    bool `bson:"pending"`
	Shipped    bool `bson:"shipped"`
	Paid       bool `bson:"paid"`
	AboveLimit bool `bson:"aboveLimit,omitempty"`
	// Claimed (review finding 8): the line's pieces claimed, absent on a
	// line never claimed (claim_holds.go).
	Claimed *LineClaims `bson:"claimed,omitempty"`
}

// TaxExemptRef names a tax exemption as a purchase keeps it.
type TaxExemptRef struct {
	Number  string `bson:"number"`
	Country string `bson:"country"`
}

// ClaimRef names the claim of a replacement order.
type ClaimRef struct {
	ClaimID ID    `bson:"claimId"`
	Number  int64 `bson:"number"`
}

// replacementFor is the claim of a replacement order: recorded, or (orders
// made before it was) the number its transactionId carries.
func (d Order) replacementFor() *shop.ClaimRef {
	if d.ReplacementFor != nil {
		return &shop.ClaimRef{ClaimID: d.ReplacementFor.ClaimID.Hex(), Number: d.ReplacementFor.Number}
	}
	if n, ok := strings.CutPrefix(d.TransactionID, shop.ReplacementPrefix); ok {
		if number, err := strconv.ParseInt(n, 10, 64); err == nil && number > 0 {
			return &shop.ClaimRef{Number: number}
		}
	}
	return nil
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
	o := shop.Order{
		ID: d.ID.Hex(), Number: d.Number, Name: d.Name, Email: d.Email, Image: d.Image, ProductID: d.ProductID.Hex(),
		ProductName: d.ProductName, ProductPrice: shop.CentsFromFloat(d.ProductPrice), ProductQuantity: d.ProductQuantity,
		Amount: d.Amount, Tax: shop.CentsFromFloat(d.Tax), Address: d.Address, Mobile: d.Mobile, Pending: d.Pending, Shipped: d.Shipped, Paid: d.Paid,
		TransactionID: d.TransactionID, PaymentIntentID: d.PaymentIntentID, CreatedAt: d.CreatedAt.UTC(),
		PaidAt: utcPtr(d.PaidAt), ShippedAt: utcPtr(d.ShippedAt), ReplacementFor: d.replacementFor(),
	}
	if !d.Group.IsZero() {
		o.Group = d.Group.Hex()
	}
	o.Carrier, o.TrackingNumber = d.Carrier, d.TrackingNumber
	o.Country, o.Shipping = d.Country, d.Shipping.Shop()
	if d.CompanyID != nil {
		o.CompanyID = d.CompanyID.Hex()
	}
	o.AboveLimit = d.AboveLimit
	if d.Claimed != nil {
		o.Claimed = d.Claimed.Pieces
	}
	if d.TaxExemption != nil {
		o.TaxExemption = &shop.TaxExemptRef{Number: d.TaxExemption.Number, Country: d.TaxExemption.Country}
	}
	o.History = shop.HistoryOf(o)
	return o
}

// Orders keeps every order by id, all of them by date (Manage Orders),
// each customer's by date (My Order) and each status's by date (Manage
// Orders filtered).
func Orders(name string) *Mirror[ID, Order] {
	byDate := func(a, b *Order) int { return a.CreatedAt.Compare(b.CreatedAt) }
	status := func(d *Order) string { return string(shop.StatusOf(d.Paid, d.Shipped)) }
	pool := newStrs()
	return &Mirror[ID, Order]{
		Name: name, IDOf: func(d *Order) ID { return d.ID }, CmpID: CompareIDs, strs: pool,
		// The customer's and the product's strings, the same in each of
		// their orders, held once (strs).
		Prepare: func(d *Order) {
			pool.all(&d.Name, &d.Email, &d.Image, &d.ProductName, &d.Address, &d.Mobile, &d.Country, &d.Carrier)
			if d.Shipping != nil {
				s := *d.Shipping
				pool.all(&s.MethodID, &s.Name, &s.Kind)
				d.Shipping = &s
			}
		},
		Orders: []*OrderIndex[ID, Order]{
			{Name: "createdAt", Cmp: byDate},
			{Name: "email,createdAt", Group: func(d *Order) string { return d.Email }, Cmp: byDate},
			{Name: "status,createdAt", Group: status, Cmp: byDate},
			// the orders being cancelled (the few between a cancel's
			// steps), which the recovery at start and every minute reads
			{Name: IndexCancelling, Group: func(d *Order) string {
				if d.CancellingAt == nil {
					return NotIndexed
				}
				return ""
			}, Cmp: byDate},
			// the paid orders that count in the sales figures, each
			// product's by date: the name of its latest (SaleNameIn)
			{Name: IndexSalesByProduct, Group: func(d *Order) string {
				if _, ok := SaleMonth(d); !ok {
					return NotIndexed
				}
				return string(d.ProductID[:])
			}, Cmp: byDate},
		},
		Tallies: []*Tally[Order]{
			{Name: TallyUnpaid, Of: func(d *Order, add func(group, key string, v TallyValues)) {
				if NotPaid(d) {
					add("", "", TallyValues{d.Amount})
				}
			}},
			{Name: TallySalesByPurchase, Of: func(d *Order, add func(group, key string, v TallyValues)) {
				if month, ok := SaleMonth(d); ok {
					p := SalePurchase(d)
					add(month, string(p[:]), TallyValues{d.Amount, d.ProductQuantity})
				}
			}},
			{Name: TallySalesByProduct, Of: func(d *Order, add func(group, key string, v TallyValues)) {
				if month, ok := SaleMonth(d); ok {
					add(month, string(d.ProductID[:]), TallyValues{d.Amount, d.ProductQuantity})
				}
			}},
		},
	}
}

// The sales figures of GET /admin/sales as the orders' mirror keeps them
// (issue 46: after a write, the figures are read from these sums, not from
// a walk of every order). Each tally's values are the amount (cents) and
// then the units.
const (
	// TallyUnpaid's one group ("") totals the orders not paid (NotPaid).
	TallyUnpaid = "unpaid"
	// TallySalesByPurchase's groups are the months of the orders that
	// count in the figures (SaleMonth): each totals the month's orders,
	// and its keys are the purchases they are lines of (SalePurchase).
	TallySalesByPurchase = "sales,month,purchase"
	// TallySalesByProduct's groups are those months, keyed by product id
	// (its 12 bytes).
	TallySalesByProduct = "sales,month,product"
	// IndexSalesByProduct is the orders that count in the figures, each
	// product's (its id's 12 bytes) by createdAt.
	IndexSalesByProduct = "sales,productId,createdAt"
	// IndexCancelling holds the orders being cancelled.
	IndexCancelling = "cancelling"
)

// SaleMonth is the month (UTC, YYYY-MM) whose sales figures count the
// order, by its paidAt; false for an order that counts in none: not paid,
// or a replacement (amount 0). Both stores' figures count by it.
func SaleMonth(d *Order) (string, bool) {
	if !d.Paid || d.PaidAt == nil || d.Amount == 0 {
		return "", false
	}
	return d.PaidAt.UTC().Format("2006-01"), true
}

// SalePurchase is the purchase an order is a line of: its group, or the
// order itself when it has none.
func SalePurchase(d *Order) ID {
	if d.Group.IsZero() {
		return d.ID
	}
	return d.Group
}

// LaterSale reports whether the order (createdAt, id) is later than the
// one (latestAt, latestID): by createdAt, then by _id (the order of
// IndexSalesByProduct). The sales figures name a product as its latest
// order counted does.
func LaterSale(createdAt time.Time, id ID, latestAt time.Time, latestID ID) bool {
	if c := createdAt.Compare(latestAt); c != 0 {
		return c > 0
	}
	return CompareIDs(id, latestID) > 0
}

// The orders' preconditions, each checked by both stores: embedded, on the
// mirror's copy under the write slot; with MongoDB, next to the filter that
// states it (orders.go in internal/mongodb), to say why a write matched
// nothing.

// NotShipped is ShipOrder's: {shipped: false}.
func NotShipped(o Order) error {
	if o.Shipped {
		return shop.Errorf(shop.ECONFLICT, "The order has already shipped.")
	}
	return nil
}

// Cancellable says why an order cannot be cancelled, or nil: no payment
// recorded, not shipped (the filter unpaidFilter).
func Cancellable(o Order) error {
	switch {
	case o.Shipped && o.TransactionID == "":
		return shop.Errorf(shop.ECONFLICT, "The order has shipped and cannot be deleted.")
	case o.TransactionID != "" || o.Paid || o.Shipped:
		return shop.Errorf(shop.ECONFLICT, "The order is paid (transaction %s) and cannot be deleted.", o.TransactionID)
	}
	return nil
}

// CancelFree is BeginCancel's: cancellable, and no cancel under way.
func CancelFree(o Order) error {
	if err := Cancellable(o); err != nil {
		return err
	}
	if !o.Cancelling.IsZero() {
		return shop.Errorf(shop.ECONFLICT, shop.MsgOrderCancelling)
	}
	return nil
}

// CancelledBy is a cancel's later steps': the order carries the cancel's
// marker, and also holds when set.
func CancelledBy(marker ID, also func(Order) error) func(Order) error {
	return func(o Order) error {
		if o.Cancelling != marker {
			return shop.Errorf(shop.ECONFLICT, shop.MsgOrderCancelling)
		}
		if also != nil {
			return also(o)
		}
		return nil
	}
}

// Unpaid is a payment's: {paid: false}.
func Unpaid(o Order) error {
	if o.Paid {
		return shop.Errorf(shop.ECONFLICT, "The order is already paid.")
	}
	return nil
}

// NotNumbered is numbering's: the order has no number yet.
func NotNumbered(o Order) error {
	if o.Number != 0 {
		return shop.Errorf(shop.ECONFLICT, "The order has a number already.")
	}
	return nil
}

// The orders' queries in Go, each beside its MongoDB filter in
// internal/mongodb.

// CancellingBefore matches the orders marked as being cancelled before
// cutoff (staleCancels).
func CancellingBefore(cutoff time.Time) func(*Order) bool {
	return func(o *Order) bool { return o.CancellingAt != nil && o.CancellingAt.Before(cutoff) }
}

// Unnumbered matches the orders stored before order numbers (unnumbered).
func Unnumbered(o *Order) bool { return o.Number == 0 }

// PaidSince matches the orders paid at or after since (paidSince).
func PaidSince(since time.Time) func(*Order) bool {
	return func(d *Order) bool { return d.Paid && d.PaidAt != nil && !d.PaidAt.Before(since) }
}

// NotPaid matches the orders not paid, shipped or not (notPaid).
func NotPaid(d *Order) bool { return !d.Paid }

// CreatedBetween matches the orders created at or after from and before to
// (createdBetween).
func CreatedBetween(from, to time.Time) func(*Order) bool {
	return func(d *Order) bool { return !d.CreatedAt.Before(from) && d.CreatedAt.Before(to) }
}
