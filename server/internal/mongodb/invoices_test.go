package mongodb_test

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

func testInvoice(subject string) shop.Invoice {
	return shop.Invoice{SubjectID: subject, Subject: shop.InvoiceOfOrder, SubjectNumber: 1001, IssuedAt: time.Now(), BuyerName: "Ann",
		BuyerEmail: "ann@shop.test", Lines: []shop.InvoiceLine{{Description: "Lathe", Quantity: 1, UnitPrice: 100, Total: 100}},
		Subtotal: 100, Total: 100, TaxLabel: "Sales tax", Currency: "usd", TransactionID: "pi_1"}
}

// TestIssueInvoice_GapFreeAcrossFailedWrites: an insert that committed and
// then failed (or panicked: a crash between the writes) has its number;
// the next try for the same subject finds that invoice, and the next
// subject takes the next number: 1, 2, 3, no gap, none reused.
func TestIssueInvoice_GapFreeAcrossFailedWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &faults{}
	s := mongotest.MustOpenWith(t, func(c *mongodb.Config) { c.Faults = f.hook })
	a, b, c, d := bson.NewObjectID().Hex(), bson.NewObjectID().Hex(), bson.NewObjectID().Hex(), bson.NewObjectID().Hex()
	if inv, issued, err := s.IssueInvoice(ctx, testInvoice(a)); err != nil || !issued || inv.Number != 1 {
		t.Fatalf("the first invoice: %+v %v %v", inv, issued, err)
	}
	f.arm(mongodb.CollInvoices, "error")
	if _, _, err := s.IssueInvoice(ctx, testInvoice(b)); err == nil {
		t.Fatal("the injected error was not reported")
	}
	if inv, issued, err := s.IssueInvoice(ctx, testInvoice(b)); err != nil || issued || inv.Number != 2 {
		t.Fatalf("b again after its committed insert failed: %+v %v %v", inv, issued, err)
	}
	f.arm(mongodb.CollInvoices, "panic")
	mustPanic(t, "an insert that panics", func() { _, _, _ = s.IssueInvoice(ctx, testInvoice(c)) })
	if inv, issued, err := s.IssueInvoice(ctx, testInvoice(c)); err != nil || issued || inv.Number != 3 {
		t.Fatalf("c again after a panic: %+v %v %v", inv, issued, err)
	}
	if inv, issued, err := s.IssueInvoice(ctx, testInvoice(d)); err != nil || !issued || inv.Number != 4 {
		t.Fatalf("d: %+v %v %v", inv, issued, err)
	}
	got, err := s.InvoiceNumbers(ctx, []string{a, b, c, d, bson.NewObjectID().Hex()})
	if err != nil || len(got) != 4 || got[a] != 1 || got[b] != 2 || got[c] != 3 || got[d] != 4 {
		t.Fatalf("invoice numbers: %v %v", got, err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatalf("the mirror differs from the store: %v", err)
	}
	// the PDF, stored once
	inv, _ := s.FindInvoice(ctx, 2)
	if err := s.PutInvoicePDF(ctx, inv, []byte("%PDF-1 first")); err != nil {
		t.Fatal(err)
	}
	if err := s.PutInvoicePDF(ctx, inv, []byte("%PDF-1 second")); err != nil {
		t.Fatalf("a PDF again: %v", err)
	}
	if data, err := s.InvoicePDF(ctx, inv); err != nil || string(data) != "%PDF-1 first" {
		t.Fatalf("the PDF: %q %v", data, err)
	}
}
