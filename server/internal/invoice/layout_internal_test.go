package invoice

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/ledongthuc/pdf"
	"github.com/signintech/gopdf"

	"storefront/server/internal/shop"
)

// TestDraw_HeaderLabelsEndBeforeTheirValues: each label of the invoice's
// header (Invoice no., Date, Order group, From quote) ends a gap before its
// value starts, with the widest date there is ("30 September 2026"), as
// read back from the PDF.
func TestDraw_HeaderLabelsEndBeforeTheirValues(t *testing.T) {
	inv := shop.Invoice{Number: 1000042, Subject: shop.InvoiceOfGroup, SubjectNumber: 1000007, QuoteNumber: 1000001,
		IssuedAt: time.Date(2026, 9, 30, 23, 59, 0, 0, time.UTC), Seller: shop.Seller{Name: "Ironclad Machinery Ltd"},
		BuyerName: "Ann", Lines: []shop.InvoiceLine{{OrderNumber: 1, Description: "Lathe", Quantity: 1, UnitPrice: 100, Total: 100}},
		Subtotal: 100, Total: 100, Currency: "USD", TransactionID: "pi_1"}
	data, err := Drawer{}.Draw(inv)
	if err != nil {
		t.Fatal(err)
	}
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	// The reader gives each run's start; a run is one Cell, one string.
	type run struct {
		s    string
		x, y float64
	}
	var runs []run
	for _, g := range r.Page(1).Content().Text {
		if n := len(runs); n > 0 && runs[n-1].x == g.X && runs[n-1].y == g.Y {
			runs[n-1].s += g.S
			continue
		}
		runs = append(runs, run{g.S, g.X, g.Y})
	}
	measure := &gopdf.GoPdf{}
	measure.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	if err := measure.AddTTFFontData("regular", regularTTF); err != nil {
		t.Fatal(err)
	}
	if err := measure.SetFont("regular", "", 9.5); err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{"Invoice no.": "1000042", "Date": "30 September 2026", "Order group": "#1000007", "From quote": "#1000001"}
	for label, value := range rows {
		var l, v *run
		for i := range runs {
			switch strings.TrimRight(runs[i].s, "\x00\ufffd") {
			case label:
				l = &runs[i]
			case value:
				v = &runs[i]
			}
		}
		if l == nil || v == nil {
			t.Fatalf("%q or %q not found in %+v", label, value, runs)
		}
		w, err := measure.MeasureTextWidth(label)
		if err != nil {
			t.Fatal(err)
		}
		if gap := v.x - (l.x + w); gap < 6 {
			t.Errorf("%q ends %.1f pt before %q starts, want at least 6", label, gap, value)
		}
	}
}
