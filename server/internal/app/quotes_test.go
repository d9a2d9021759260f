package app_test

import (
	"context"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/shop"
)

// pricedQuote stores a quote for 2 and 3 of two new products, priced.
func pricedQuote(t *testing.T, s *mongodb.Store, suffix string) (shop.Quote, []shop.Product) {
	t.Helper()
	ctx := context.Background()
	var products []shop.Product
	for _, name := range []string{"Lathe " + suffix, "Press " + suffix} {
		id, err := s.InsertProduct(ctx, shop.ProductDraft{Name: name, Price: 10000, Description: "For quotes.", Available: 10, Minimum: 1, Email: "ops@shop.test"})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := s.FindProduct(ctx, id)
		products = append(products, p)
	}
	q, err := s.InsertQuote(ctx, shop.Quote{Email: "ann@shop.test", Name: "Ann", Message: "Price?", Items: []shop.QuoteItem{
		{ProductID: products[0].ID, ProductName: products[0].Name, Quantity: 2}, {ProductID: products[1].ID, ProductName: products[1].Name, Quantity: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	price := shop.Cents(9000)
	for i := range q.Items {
		q.Items[i].UnitPrice = &price
	}
	if q, err = s.PriceQuote(ctx, q.ID, q.Items, nil, "2099-01-01", "", nil); err != nil {
		t.Fatal(err)
	}
	return q, products
}

// placeDirect stores an order of the quote's item as Accept's first steps
// would, with its stock hold settled.
func placeDirect(t *testing.T, s *mongodb.Store, id string, it shop.QuoteItem) {
	t.Helper()
	ctx := context.Background()
	if err := s.ReserveStock(ctx, it.ProductID, id, it.Quantity); err != nil {
		t.Fatal(err)
	}
	if _, err := s.InsertOrder(ctx, shop.Order{ID: id, Email: "ann@shop.test", Name: "Ann", ProductID: it.ProductID, ProductName: it.ProductName,
		ProductPrice: *it.UnitPrice, ProductQuantity: it.Quantity, Amount: int64(*it.UnitPrice) * it.Quantity}); err != nil {
		t.Fatal(err)
	}
	if err := s.KeepStock(ctx, it.ProductID, id); err != nil {
		t.Fatal(err)
	}
}

// TestQuotesRecover: a crash in the middle of an acceptance is settled at
// the next start: every order placed, the quote is accepted; some missing,
// those placed are withdrawn (their stock back) and the quote is quoted.
func TestQuotesRecover(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	quotes := &app.Quotes{Quotes: s, Products: s, Orders: newLifecycle(s, lifecycleOpts{}).orders, Groups: s, Log: discard}

	half, halfProducts := pricedQuote(t, s, "A")
	halfIDs := []string{s.NewOrderID(), s.NewOrderID()}
	if err := s.StartAccepting(ctx, half.ID, *half.QuotedAt, half.Revision, halfIDs); err != nil {
		t.Fatal(err)
	}
	placeDirect(t, s, halfIDs[0], half.Items[0]) // the crash comes before the second order

	whole, _ := pricedQuote(t, s, "B")
	wholeIDs := []string{s.NewOrderID(), s.NewOrderID()}
	if err := s.StartAccepting(ctx, whole.ID, *whole.QuotedAt, whole.Revision, wholeIDs); err != nil {
		t.Fatal(err)
	}
	placeDirect(t, s, wholeIDs[0], whole.Items[0])
	placeDirect(t, s, wholeIDs[1], whole.Items[1]) // the crash comes before the quote is marked

	// Not yet stale: left alone (another instance may be between its steps).
	if a, r, err := quotes.Recover(ctx, clock.Now().Add(-time.Minute)); err != nil || a+r != 0 {
		t.Fatalf("recovered fresh acceptances: %d %d %v", a, r, err)
	}
	accepted, reopened, err := quotes.Recover(ctx, clock.Now().Add(time.Second))
	if err != nil || accepted != 1 || reopened != 1 {
		t.Fatalf("recover: accepted %d, reopened %d, %v", accepted, reopened, err)
	}
	if q, _ := s.FindQuote(ctx, half.ID); q.Status != shop.QuoteQuoted || len(q.Accepting) != 0 || len(q.OrderIDs) != 0 {
		t.Fatalf("the half-accepted quote: %+v", q)
	}
	if _, err := s.FindOrder(ctx, halfIDs[0]); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("the half acceptance's order is still there: %v", err)
	}
	if p, _ := s.FindProduct(ctx, halfProducts[0].ID); p.Available != 10 {
		t.Fatalf("its stock is %d, want 10 back", p.Available)
	}
	if q, _ := s.FindQuote(ctx, whole.ID); q.Status != shop.QuoteAccepted || len(q.OrderIDs) != 2 || q.OrderIDs[1] != wholeIDs[1] {
		t.Fatalf("the wholly placed quote: %+v", q)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
