package app_test

import (
	"context"
	"testing"

	"storefront/server/internal/app"
	"storefront/server/internal/shop"
)

// POST /order with payment "account" takes the checkout's one path: the
// credit is held under the purchase, whose id is the order's; beyond the
// credit left it is refused with nothing reserved; the cancel gives the
// credit back.
func TestAccount_ASingleOrderOnAccount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 100000, 30, 10)
	order := func() (shop.Order, error) {
		return a.lc.orders.Place(ctx, a.buyer, shop.OrderDraft{ProductID: a.productID, ProductQuantity: "1",
			Delivery: shop.Delivery{Address: "1 Quarry Road, Leeds", Mobile: "+44 113 496 0000"}, Payment: shop.PayOnAccount})
	}
	ord, err := order()
	if err != nil {
		t.Fatal(err)
	}
	grp, err := a.lc.purchases.Get(ctx, a.buyer, ord.ID)
	if err != nil {
		t.Fatalf("the purchase under the order's id: %v", err)
	}
	if grp.State != shop.PurchaseOnAccount || grp.Payment != shop.PayOnAccount || len(grp.OrderIDs) != 1 || grp.OrderIDs[0] != ord.ID {
		t.Fatalf("a single order on account: state %s, payment %q, orders %v", grp.State, grp.Payment, grp.OrderIDs)
	}
	if got := a.committed(t); got != 60000 {
		t.Fatalf("committed %s after a $600 order on account, want 600", got.Dollars())
	}
	if _, err := order(); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("a second $600 order on $400 of credit: %v, want 409", err)
	}
	if got, stock := a.committed(t), a.stock(t); got != 60000 || stock != 9 {
		t.Fatalf("after the refusal: committed %s, stock %d; want 600 and 9", got.Dollars(), stock)
	}
	if _, err := a.lc.purchases.Cancel(ctx, a.buyer, ord.ID); err != nil {
		t.Fatal(err)
	}
	if got, stock := a.committed(t), a.stock(t); got != 0 || stock != 10 {
		t.Fatalf("after the cancel: committed %s, stock %d; want 0 and 10", got.Dollars(), stock)
	}
	// by card (absent) it is the spec's order, as before
	card, err := a.lc.orders.Place(ctx, a.buyer, shop.OrderDraft{ProductID: a.productID, ProductQuantity: "1",
		Delivery: shop.Delivery{Address: "1 Quarry Road, Leeds", Mobile: "+44 113 496 0000"}})
	if err != nil || card.Group != "" {
		t.Fatalf("a card order: group %q, %v", card.Group, err)
	}
	if _, err := a.lc.orders.Place(ctx, a.buyer, shop.OrderDraft{ProductID: a.productID, ProductQuantity: "1",
		Delivery: shop.Delivery{Address: "1 Quarry Road, Leeds", Mobile: "+44 113 496 0000"}, Payment: "cheque"}); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("payment cheque: %v, want 400", err)
	}
}

// A quote accepted on account: its credit is held as it is placed; a
// second beyond the credit left is refused, the quote stays quoted and
// nothing is reserved; without terms it is 403.
func TestAccount_AQuoteAcceptedOnAccount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 100000, 30, 10)
	quotes := &app.Quotes{Quotes: a.s, Products: a.s, Orders: a.lc.orders, Groups: a.s, Log: discard}
	quote := func() shop.Quote {
		q, err := a.s.InsertQuote(ctx, shop.Quote{Email: a.buyer.Email, Name: "Bob", Message: "Price?", Items: []shop.QuoteItem{
			{ProductID: a.productID, ProductName: "Excavator bucket", Quantity: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		price := shop.Cents(60000)
		q.Items[0].UnitPrice = &price
		if q, err = a.s.PriceQuote(ctx, q.ID, q.Items, nil, "2099-01-01", "", nil); err != nil {
			t.Fatal(err)
		}
		return q
	}
	accept := func(q shop.Quote, pay shop.PaymentMethod) (shop.Group, error) {
		return quotes.AcceptPurchase(ctx, a.buyer, q.ID, shop.AcceptDraft{Address: "1 Quarry Road, Leeds", Mobile: "+44 113 496 0000", Revision: &q.Revision, Payment: pay})
	}
	grp, err := accept(quote(), shop.PayOnAccount)
	if err != nil {
		t.Fatal(err)
	}
	if grp.State != shop.PurchaseOnAccount || grp.Payable {
		t.Fatalf("a quote accepted on account: state %s, payable %v", grp.State, grp.Payable)
	}
	if got := a.committed(t); got != grp.Total || got != 60000 {
		t.Fatalf("committed %s for a purchase of %s", got.Dollars(), grp.Total.Dollars())
	}
	second := quote()
	if _, err := accept(second, shop.PayOnAccount); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("a second $600 acceptance on $400 of credit: %v", err)
	}
	if got, stock := a.committed(t), a.stock(t); got != 60000 || stock != 9 {
		t.Fatalf("after the refusal: committed %s, stock %d; want 600 and 9", got.Dollars(), stock)
	}
	if q, err := a.s.FindQuote(ctx, second.ID); err != nil || q.Status != shop.QuoteQuoted || len(q.Accepting) != 0 {
		t.Fatalf("the refused quote: %+v %v", q.Status, err)
	}
	if _, err := accept(second, "cheque"); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("payment cheque: %v, want 400", err)
	}
	if _, err := accept(second, ""); err != nil {
		t.Fatalf("the same quote by card: %v", err)
	}
}
