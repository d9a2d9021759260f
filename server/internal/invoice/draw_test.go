package invoice_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/ledongthuc/pdf"

	"storefront/server/internal/invoice"
	"storefront/server/internal/shop"
)

// sample is an invoice of a group with a quote, a non-Latin buyer and a
// long line.
func sample() shop.Invoice {
	return shop.Invoice{Number: 42, SubjectID: "0123456789abcdef01234567", Subject: shop.InvoiceOfGroup, SubjectNumber: 1007,
		IssuedAt:  time.Date(2026, 11, 26, 15, 4, 5, 0, time.UTC),
		Seller:    shop.Seller{Name: "Ironclad Machinery Ltd", Address: "1 Forge Road\nSheffield S1 2AB", TaxID: "GB123456789"},
		BuyerName: "Дмитрий Иванов", BuyerEmail: "dmitry@example.test", Company: "Σίδηρος Α.Ε.", PONumber: "PO-77",
		Address: "Nevsky pr. 1, Saint Petersburg",
		Lines: []shop.InvoiceLine{
			{OrderNumber: 1004, Description: "Hydraulic press HP-200", Quantity: 2, UnitPrice: 1250000, Total: 2500000},
			{OrderNumber: 1005, Description: "Lathe with a very long name that has to wrap onto a second line of the table", Quantity: 1, UnitPrice: 99999, Total: 99999},
		},
		Subtotal: 2599999, Tax: 214500, TaxLabel: "VAT", TaxRate: 825, Total: 2814499, Currency: "usd", // (as shop.Currency: printed upper case)
		TransactionID: "pi_3Nabc", QuoteNumber: 1001}
}

// Text extracts the PDF's text, as a reader would.
func Text(t testing.TB, data []byte) string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("read the PDF: %v", err)
	}
	var b strings.Builder
	for i := 1; i <= r.NumPage(); i++ {
		p := r.Page(i)
		if p.V.IsNull() {
			continue
		}
		rows, err := p.GetTextByRow()
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		for _, row := range rows {
			for _, w := range row.Content {
				b.WriteString(w.S)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func TestDraw_TheTextReadsBack(t *testing.T) {
	data, err := invoice.Drawer{}.Draw(sample())
	if err != nil {
		t.Fatal(err)
	}
	text := Text(t, data)
	for _, want := range []string{"INVOICE", "42", "Дмитрий Иванов", "Σίδηρος Α.Ε.", "PO-77", "Hydraulic press HP-200", "$12,500.00",
		"$25,000.00", "VAT (8.25%)", "$2,145.00", "$28,144.99", "pi_3Nabc", "From quote", "#1001", "GB123456789", "Ironclad Machinery Ltd", "Total (USD)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF's text lacks %q:\n%s", want, text)
		}
	}
	if len(data) > 80<<10 {
		t.Errorf("the PDF is %d bytes: the fonts are not subset", len(data))
	}
	t.Logf("%d bytes", len(data))
}

// An invoice on account (issue 45) prints its due date and its PO number,
// and asks for a bank transfer instead of saying it is paid.
func TestDraw_OnAccountShowsDueDateAndPO(t *testing.T) {
	inv := sample()
	due := time.Date(2026, 12, 26, 0, 0, 0, 0, time.UTC)
	inv.DueDate, inv.TransactionID = &due, ""
	data, err := invoice.Drawer{}.Draw(inv)
	if err != nil {
		t.Fatal(err)
	}
	text := Text(t, data)
	for _, want := range []string{"Due date", "26 December 2026", "PO-77", "On account: payable by bank transfer by 26 December 2026.", "Please quote: Invoice 42, PO PO-77"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF's text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Paid in full") {
		t.Errorf("an invoice on account says it is paid:\n%s", text)
	}
}

func TestDraw_SameSnapshotSameBytes(t *testing.T) {
	a, err := invoice.Drawer{}.Draw(sample())
	if err != nil {
		t.Fatal(err)
	}
	b, err := invoice.Drawer{}.Draw(sample())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two drawings of one snapshot differ")
	}
}

func TestDraw_ManyLinesContinue(t *testing.T) {
	inv := sample()
	for i := range 60 {
		inv.Lines = append(inv.Lines, shop.InvoiceLine{Description: "Part " + string(rune('A'+i%26)), Quantity: 1, UnitPrice: 100, Total: 100})
	}
	data, err := invoice.Drawer{}.Draw(inv)
	if err != nil {
		t.Fatal(err)
	}
	if text := Text(t, data); !strings.Contains(text, "continued") || !strings.Contains(text, "$28,144.99") {
		t.Fatalf("the continued table lacks its heading or the total:\n%s", text)
	}
}

func TestMoney(t *testing.T) {
	for c, want := range map[shop.Cents]string{0: "$0.00", 5: "$0.05", 123456: "$1,234.56", 100000000: "$1,000,000.00", -250: "-$2.50"} {
		if got := invoice.Money(c); got != want {
			t.Errorf("Money(%d) = %q, want %q", c, got, want)
		}
	}
	if got := invoice.Percent(825); got != "8.25%" {
		t.Errorf("Percent(825) = %q", got)
	}
	if got := invoice.Percent(2000); got != "20%" {
		t.Errorf("Percent(2000) = %q", got)
	}
}
