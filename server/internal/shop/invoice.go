package shop

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// Invoice is the invoice of a paid order (not in a group) or of a paid
// order group (collection `invoices`, issue 34): its number from 1 with no
// gaps, and a snapshot of everything it prints, taken at issue. It never
// changes afterwards; its PDF is drawn from the snapshot.
type Invoice struct {
	Number int64 `json:"number"`
	// SubjectID is what it invoices: the order's or the group's id (one
	// invoice each: it is the invoice's _id).
	SubjectID string      `json:"subjectId"`
	Subject   InvoiceKind `json:"subject"`
	// SubjectNumber is the order's or the group's number.
	SubjectNumber int64     `json:"subjectNumber"`
	IssuedAt      time.Time `json:"issuedAt"`

	Seller Seller `json:"seller"`
	// The buyer as the order had them when paid.
	BuyerName  string `json:"buyerName"`
	BuyerEmail string `json:"buyerEmail"`
	Address    string `json:"address,omitempty"`
	Company    string `json:"company,omitempty"`
	PONumber   string `json:"poNumber,omitempty"`

	Lines    []InvoiceLine `json:"lines"`
	Subtotal Cents         `json:"subtotal"`
	Tax      Cents         `json:"tax"`
	TaxLabel string        `json:"taxLabel"`
	// TaxRate is TAX_RATE in hundredths of a percent when it is the rate
	// the orders' stored tax was computed at; 0 when unknown (a rate
	// changed between placing and paying): the label prints alone.
	TaxRate       int64  `json:"taxRate,omitempty"`
	Total         Cents  `json:"total"`
	Currency      string `json:"currency"`
	TransactionID string `json:"transactionId"`
	QuoteNumber   int64  `json:"quoteNumber,omitempty"`
	// TaxExemption names the buyer's tax exemption the purchase was placed
	// under, as printed: "Tax exempt: certificate NUMBER (COUNTRY)" (issue 49).
	TaxExemption string `json:"taxExemption,omitempty"`
	// A purchase on account's invoice (issue 45): issued when it ships,
	// due DueDate, owed by CompanyID's company.
	DueDate   *time.Time `json:"dueDate,omitempty"`
	CompanyID string     `json:"companyId,omitempty"`
}

// InvoiceKind says what an invoice is of.
type InvoiceKind string

// What an invoice invoices.
const (
	InvoiceOfOrder InvoiceKind = "order"
	InvoiceOfGroup InvoiceKind = "group"
)

// InvoiceShippingLine starts the description of a purchase's delivery
// line on its invoice (issue 48), before the method's name.
const InvoiceShippingLine = "Delivery: "

// InvoiceLine is one product of an invoice (or its delivery).
type InvoiceLine struct {
	OrderNumber int64  `json:"orderNumber"`
	Description string `json:"description"`
	Quantity    int64  `json:"quantity"`
	UnitPrice   Cents  `json:"unitPrice"`
	Total       Cents  `json:"total"`
}

// Seller is the shop as its invoices name it (SELLER_NAME, SELLER_ADDRESS,
// SELLER_TAX_ID).
type Seller struct {
	Name    string `json:"name"`
	Address string `json:"address,omitempty"`
	TaxID   string `json:"taxId,omitempty"`
}

// Invoiced reports whether a paid order is invoiced by itself: not one of a
// group (the group is), not a replacement (nothing was sold), not free.
func Invoiced(o Order) bool {
	return o.Paid && o.Group == "" && o.Amount > 0 && !strings.HasPrefix(o.TransactionID, ReplacementPrefix) && o.ReplacementFor == nil
}

// InvoiceFile is an invoice's PDF as stored (GridFS bucket invoice_pdfs).
type InvoiceFile struct {
	Number   int64
	Filename string // invoice-N.pdf
	Data     []byte
}

// InvoiceFilename is the file name an invoice's PDF is served and mailed as.
func InvoiceFilename(number int64) string { return "invoice-" + strconv.FormatInt(number, 10) + ".pdf" }

// InvoiceStore keeps the invoices and their PDFs.
type InvoiceStore interface {
	// IssueInvoice stores inv under inv.SubjectID with the next number
	// (the highest issued and one): the one write that decides. When the
	// subject has an invoice already, that one is returned and issued is
	// false.
	IssueInvoice(ctx context.Context, inv Invoice) (stored Invoice, issued bool, err error)
	// FindInvoice returns the invoice with this number.
	FindInvoice(ctx context.Context, number int64) (Invoice, error)
	// InvoiceNumbers returns the numbers of the subjects' invoices (order
	// or group ids; those without an invoice are left out).
	InvoiceNumbers(ctx context.Context, subjectIDs []string) (map[string]int64, error)
	// PutInvoicePDF stores an invoice's PDF once (a second put of the same
	// invoice changes nothing).
	PutInvoicePDF(ctx context.Context, inv Invoice, pdf []byte) error
	// InvoicePDF returns an invoice's stored PDF (ENOTFOUND when it has not
	// been stored).
	InvoicePDF(ctx context.Context, inv Invoice) ([]byte, error)
	// PaidGroupsSince returns the purchases paid from since to until
	// (paidAt), for the sweep that issues what a crash left uninvoiced.
	PaidGroupsSince(ctx context.Context, since, until time.Time) ([]Group, error)
}

// InvoiceDrawer draws an invoice's PDF from its snapshot: the same
// snapshot gives the same bytes.
type InvoiceDrawer interface {
	Draw(inv Invoice) ([]byte, error)
}

// MsgInvoiceNoun names an invoice in a not-found answer.
const MsgInvoiceNoun = "The invoice"
