// Package invoice draws an invoice's PDF (A4) from its snapshot
// (shop.Invoice) with signintech/gopdf and the DejaVu Sans fonts embedded
// below (fonts/LICENSE), subset to the characters used, with a ToUnicode
// map, so that a name in any script the font covers prints and can be
// searched and copied.
package invoice

import (
	"bytes"
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/signintech/gopdf"

	"storefront/server/internal/shop"
)

//go:embed fonts/DejaVuSans.ttf
var regularTTF []byte

//go:embed fonts/DejaVuSans-Bold.ttf
var boldTTF []byte

// Drawer draws invoices; it implements shop.InvoiceDrawer.
type Drawer struct{}

var _ shop.InvoiceDrawer = Drawer{}

// A4 in points, and the layout's measures.
const (
	pageW, pageH = 595.28, 841.89
	margin       = 50.0
	contentW     = pageW - 2*margin
	bottom       = pageH - 70
	lineH        = 14.0
)

// The table's columns: description, quantity, unit price, amount.
var (
	colX = [4]float64{margin, margin + 275, margin + 335, margin + 415}
	colW = [4]float64{270, 55, 80, contentW - 415}
)

type page struct {
	pdf *gopdf.GoPdf
	y   float64
	err error
	n   int
	inv *shop.Invoice
}

// Draw renders the invoice. The same snapshot gives the same bytes (the
// document's dates are the issue date's).
func (Drawer) Draw(inv shop.Invoice) ([]byte, error) {
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitPT})
	pdf.SetCompressLevel(9)
	issued := inv.IssuedAt.UTC()
	pdf.SetInfo(gopdf.PdfInfo{Title: fmt.Sprintf("Invoice %d", inv.Number), Author: inv.Seller.Name, Creator: "storefront",
		Producer: "storefront", CreationDate: issued})
	if err := pdf.AddTTFFontData("regular", regularTTF); err != nil {
		return nil, fmt.Errorf("invoice font: %w", err)
	}
	if err := pdf.AddTTFFontData("bold", boldTTF); err != nil {
		return nil, fmt.Errorf("invoice font: %w", err)
	}
	p := &page{pdf: pdf, inv: &inv}
	p.newPage()
	p.head()
	p.billTo()
	p.lines()
	p.totals()
	p.payment()
	if p.err != nil {
		return nil, p.err
	}
	var buf bytes.Buffer
	if _, err := pdf.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (p *page) newPage() {
	p.pdf.AddPage()
	p.n++
	p.y = margin
	if p.n > 1 { // a continued table: its heading again
		p.text("regular", 9, margin, p.y, fmt.Sprintf("Invoice %d (continued), page %d", p.inv.Number, p.n), 0x55)
		p.y += 2 * lineH
	}
}

// head is the seller's block on the left and the invoice's on the right.
func (p *page) head() {
	s := p.inv.Seller
	y := p.y
	p.text("bold", 14, margin, y, orDash(s.Name), 0)
	y += 20
	for _, l := range addressLines(s.Address) {
		for _, w := range p.wrap("regular", 9.5, l, 260) {
			p.text("regular", 9.5, margin, y, w, 0x33)
			y += 12.5
		}
	}
	if s.TaxID != "" {
		p.text("regular", 9.5, margin, y, "Tax ID: "+s.TaxID, 0x33)
		y += 12.5
	}
	ry := p.y
	p.textRight("bold", 24, pageW-margin, ry, "INVOICE", 0x1a)
	ry += 32
	rows := [][2]string{{"Invoice no.", strconv.FormatInt(p.inv.Number, 10)}, {"Date", p.inv.IssuedAt.UTC().Format("2 January 2006")}}
	switch p.inv.Subject {
	case shop.InvoiceOfGroup:
		rows = append(rows, [2]string{"Order group", "#" + strconv.FormatInt(p.inv.SubjectNumber, 10)})
	default:
		rows = append(rows, [2]string{"Order", "#" + strconv.FormatInt(p.inv.SubjectNumber, 10)})
	}
	if p.inv.QuoteNumber > 0 {
		rows = append(rows, [2]string{"From quote", "#" + strconv.FormatInt(p.inv.QuoteNumber, 10)})
	}
	if p.inv.DueDate != nil { // issue 45: on account
		rows = append(rows, [2]string{"Due date", p.inv.DueDate.UTC().Format("2 January 2006")})
	}
	// The labels end a gap before the widest value (a long date must not run into its label).
	valueW := 0.0
	p.setFont("bold", 9.5, 0)
	for _, r := range rows {
		if w, err := p.pdf.MeasureTextWidth(r[1]); err == nil {
			valueW = max(valueW, w)
		}
	}
	for _, r := range rows {
		p.textRight("regular", 9.5, pageW-margin-valueW-12, ry, r[0], 0x55)
		p.textRight("bold", 9.5, pageW-margin, ry, r[1], 0)
		ry += 13
	}
	p.y = max(y, ry) + 18
	p.rule(p.y, 0.6, 0xcc)
	p.y += 16
}

// billTo is the buyer, their company and their purchase order.
func (p *page) billTo() {
	p.text("bold", 9, margin, p.y, "BILL TO", 0x55)
	p.y += 14
	p.text("bold", 11, margin, p.y, orDash(p.inv.BuyerName), 0)
	p.y += 15
	if p.inv.Company != "" {
		p.text("regular", 10, margin, p.y, p.inv.Company, 0)
		p.y += 13
	}
	if p.inv.BuyerEmail != "" {
		p.text("regular", 10, margin, p.y, p.inv.BuyerEmail, 0x33)
		p.y += 13
	}
	for _, l := range addressLines(p.inv.Address) {
		for _, w := range p.wrap("regular", 10, l, contentW) {
			p.text("regular", 10, margin, p.y, w, 0x33)
			p.y += 13
		}
	}
	if p.inv.PONumber != "" {
		p.text("regular", 10, margin, p.y, "Purchase order: "+p.inv.PONumber, 0)
		p.y += 13
	}
	if p.inv.TaxExemption != "" { // issue 49: the buyer's exemption, under which no tax was charged
		for _, w := range p.wrap("regular", 10, p.inv.TaxExemption, contentW) {
			p.text("regular", 10, margin, p.y, w, 0)
			p.y += 13
		}
	}
	p.y += 16
}

func (p *page) tableHead() {
	p.fill(margin, p.y-3, contentW, 18, 0xee)
	heads := [4]string{"Description", "Qty", "Unit price", "Amount"}
	for i, h := range heads {
		if i == 0 {
			p.text("bold", 9, colX[i]+4, p.y, h, 0x33)
		} else {
			p.textRight("bold", 9, colX[i]+colW[i]-4, p.y, h, 0x33)
		}
	}
	p.y += 22
}

// lines is the table of the invoice's lines, continued on a new page when
// it does not fit.
func (p *page) lines() {
	p.tableHead()
	for _, l := range p.inv.Lines {
		desc := l.Description
		if l.OrderNumber > 0 && p.inv.Subject == shop.InvoiceOfGroup {
			desc += " (order #" + strconv.FormatInt(l.OrderNumber, 10) + ")"
		}
		wrapped := p.wrap("regular", 10, desc, colW[0]-8)
		h := float64(len(wrapped))*lineH + 6
		if p.y+h > bottom {
			p.newPage()
			p.tableHead()
		}
		for i, w := range wrapped {
			p.text("regular", 10, colX[0]+4, p.y+float64(i)*lineH, w, 0)
		}
		p.textRight("regular", 10, colX[1]+colW[1]-4, p.y, strconv.FormatInt(l.Quantity, 10), 0)
		p.textRight("regular", 10, colX[2]+colW[2]-4, p.y, Money(l.UnitPrice), 0)
		p.textRight("regular", 10, colX[3]+colW[3]-4, p.y, Money(l.Total), 0)
		p.y += h
		p.rule(p.y-6, 0.3, 0xdd)
	}
	p.y += 8
}

// totals is the subtotal, the tax with its label (and rate when known)
// and the total.
func (p *page) totals() {
	if p.y+70 > bottom {
		p.newPage()
	}
	label := p.inv.TaxLabel
	if label == "" {
		label = "Tax"
	}
	if p.inv.TaxRate > 0 {
		label += " (" + Percent(p.inv.TaxRate) + ")"
	}
	rows := [][2]string{{"Subtotal", Money(p.inv.Subtotal)}, {label, Money(p.inv.Tax)}}
	for _, r := range rows {
		p.textRight("regular", 10, colX[2]+colW[2]-4, p.y, r[0], 0x33)
		p.textRight("regular", 10, colX[3]+colW[3]-4, p.y, r[1], 0)
		p.y += lineH + 2
	}
	p.rule2(colX[2], p.y-4, pageW-margin, 0.8, 0x33)
	p.y += 4
	p.textRight("bold", 11.5, colX[2]+colW[2]-4, p.y, "Total ("+orDash(strings.ToUpper(p.inv.Currency))+")", 0)
	p.textRight("bold", 11.5, colX[3]+colW[3]-4, p.y, Money(p.inv.Total), 0)
	p.y += 30
}

// payment is the payment's reference.
func (p *page) payment() {
	if p.y+50 > bottom {
		p.newPage()
	}
	p.text("bold", 9, margin, p.y, "PAYMENT", 0x55)
	p.y += 14
	if p.inv.DueDate != nil {
		// On account (issue 45): payable by bank transfer by its due date.
		p.text("regular", 10, margin, p.y, "On account: payable by bank transfer by "+p.inv.DueDate.UTC().Format("2 January 2006")+".", 0)
		p.y += 13
		ref := "Invoice " + strconv.FormatInt(p.inv.Number, 10)
		if p.inv.PONumber != "" {
			ref += ", PO " + p.inv.PONumber
		}
		p.text("regular", 10, margin, p.y, "Please quote: "+ref, 0x33)
	} else {
		p.text("regular", 10, margin, p.y, "Paid in full by card on "+p.inv.IssuedAt.UTC().Format("2 January 2006")+".", 0)
		p.y += 13
		p.text("regular", 10, margin, p.y, "Payment reference: "+p.inv.TransactionID, 0x33)
	}
	p.y += 28
	p.text("regular", 9, margin, p.y, "Thank you for your business.", 0x55)
}

func (p *page) setFont(font string, size float64, gray uint8) {
	if p.err != nil {
		return
	}
	p.err = p.pdf.SetFont(font, "", size)
	p.pdf.SetTextColor(gray, gray, gray)
}

// text writes s with its top at y.
func (p *page) text(font string, size, x, y float64, s string, gray uint8) {
	p.setFont(font, size, gray)
	if p.err != nil || s == "" {
		return
	}
	p.pdf.SetXY(x, y)
	p.err = p.pdf.Cell(nil, s)
}

// textRight writes s ending at x.
func (p *page) textRight(font string, size, x, y float64, s string, gray uint8) {
	p.setFont(font, size, gray)
	if p.err != nil || s == "" {
		return
	}
	w, err := p.pdf.MeasureTextWidth(s)
	if err != nil {
		p.err = err
		return
	}
	p.pdf.SetXY(x-w, y)
	p.err = p.pdf.Cell(nil, s)
}

// wrap splits s into lines at most width wide (words longer than a line
// are cut).
func (p *page) wrap(font string, size float64, s string, width float64) []string {
	p.setFont(font, size, 0)
	if p.err != nil || s == "" {
		return []string{s}
	}
	lines, err := p.pdf.SplitTextWithWordWrap(s, width)
	if err != nil || len(lines) == 0 {
		return []string{s}
	}
	return lines
}

func (p *page) rule(y, width float64, gray uint8) { p.rule2(margin, y, pageW-margin, width, gray) }

func (p *page) rule2(x1, y, x2, width float64, gray uint8) {
	p.pdf.SetLineWidth(width)
	p.pdf.SetStrokeColor(gray, gray, gray)
	p.pdf.Line(x1, y, x2, y)
}

func (p *page) fill(x, y, w, h float64, gray uint8) {
	p.pdf.SetFillColor(gray, gray, gray)
	p.pdf.RectFromUpperLeftWithStyle(x, y, w, h, "F")
}

// addressLines splits an address on new lines (and on the two characters
// \n, as an environment variable may carry them).
func addressLines(s string) []string {
	s = strings.ReplaceAll(s, `\n`, "\n")
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// Money renders cents as dollars with thousands separated: $1,234.50.
func Money(c shop.Cents) string { return shop.Money(c) }

// Percent renders a rate in hundredths of a percent: 825 -> "8.25%".
func Percent(rate int64) string {
	s := strconv.FormatInt(rate/100, 10)
	if f := rate % 100; f != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%02d", f), "0")
	}
	return s + "%"
}
