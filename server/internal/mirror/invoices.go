package mirror

import (
	"cmp"
	"strconv"
	"time"

	"storefront/server/internal/shop"
)

// Invoice is an invoice (collection `invoices`, issue 34), under the id of
// what it invoices (an order's or a group's), so there is one each; its
// number is unique too. Amounts are in cents. Never changed once stored.
type Invoice struct {
	ID            ID            `bson:"_id"`
	Number        int64         `bson:"number"`
	Subject       string        `bson:"subject"`
	SubjectNumber int64         `bson:"subjectNumber"`
	IssuedAt      time.Time     `bson:"issuedAt"`
	Seller        InvoiceSeller `bson:"seller"`
	BuyerName     string        `bson:"buyerName"`
	BuyerEmail    string        `bson:"buyerEmail"`
	Address       string        `bson:"address,omitempty"`
	Company       string        `bson:"company,omitempty"`
	PONumber      string        `bson:"poNumber,omitempty"`
	Lines         []InvoiceLine `bson:"lines"`
	Subtotal      int64         `bson:"subtotal"`
	Tax           int64         `bson:"tax"`
	TaxLabel      string        `bson:"taxLabel"`
	TaxRate       int64         `bson:"taxRate,omitempty"`
	Total         int64         `bson:"total"`
	Currency      string        `bson:"currency"`
	TransactionID string        `bson:"transactionId"`
	QuoteNumber   int64         `bson:"quoteNumber,omitempty"`
	TaxExemption  string        `bson:"taxExemption,omitempty"` // issue 49
	// Issue 45: an invoice on account's due date and company.
	DueDate   *time.Time `bson:"dueDate,omitempty"`
	CompanyID *ID        `bson:"companyId,omitempty"`
}

// InvoiceSeller is the seller as printed.
type InvoiceSeller struct {
	Name    string `bson:"name"`
	Address string `bson:"address,omitempty"`
	TaxID   string `bson:"taxId,omitempty"`
}

// InvoiceLine is one printed line.
type InvoiceLine struct {
	OrderNumber int64  `bson:"orderNumber,omitempty"`
	Description string `bson:"description"`
	Quantity    int64  `bson:"quantity"`
	UnitPrice   int64  `bson:"unitPrice"`
	Total       int64  `bson:"total"`
}

// InvoiceDoc is the document of a domain invoice (its number as given).
func InvoiceDoc(id ID, inv shop.Invoice) Invoice {
	d := Invoice{ID: id, Number: inv.Number, Subject: string(inv.Subject), SubjectNumber: inv.SubjectNumber, IssuedAt: inv.IssuedAt.UTC().Truncate(time.Millisecond),
		Seller:    InvoiceSeller{Name: inv.Seller.Name, Address: inv.Seller.Address, TaxID: inv.Seller.TaxID},
		BuyerName: inv.BuyerName, BuyerEmail: inv.BuyerEmail, Address: inv.Address, Company: inv.Company, PONumber: inv.PONumber,
		Subtotal: int64(inv.Subtotal), Tax: int64(inv.Tax), TaxLabel: inv.TaxLabel, TaxRate: inv.TaxRate, Total: int64(inv.Total),
		Currency: inv.Currency, TransactionID: inv.TransactionID, QuoteNumber: inv.QuoteNumber, TaxExemption: inv.TaxExemption, Lines: make([]InvoiceLine, len(inv.Lines))}
	if inv.DueDate != nil {
		due := inv.DueDate.UTC().Truncate(time.Millisecond)
		d.DueDate = &due
	}
	if cid, err := ParseID(inv.CompanyID); inv.CompanyID != "" && err == nil {
		d.CompanyID = &cid
	}
	for i, l := range inv.Lines {
		d.Lines[i] = InvoiceLine{OrderNumber: l.OrderNumber, Description: l.Description, Quantity: l.Quantity, UnitPrice: int64(l.UnitPrice), Total: int64(l.Total)}
	}
	return d
}

// Shop is the document as the domain has it.
func (d Invoice) Shop() shop.Invoice {
	inv := shop.Invoice{Number: d.Number, SubjectID: d.ID.Hex(), Subject: shop.InvoiceKind(d.Subject), SubjectNumber: d.SubjectNumber, IssuedAt: d.IssuedAt.UTC(),
		Seller:    shop.Seller{Name: d.Seller.Name, Address: d.Seller.Address, TaxID: d.Seller.TaxID},
		BuyerName: d.BuyerName, BuyerEmail: d.BuyerEmail, Address: d.Address, Company: d.Company, PONumber: d.PONumber,
		Subtotal: shop.Cents(d.Subtotal), Tax: shop.Cents(d.Tax), TaxLabel: d.TaxLabel, TaxRate: d.TaxRate, Total: shop.Cents(d.Total),
		Currency: d.Currency, TransactionID: d.TransactionID, QuoteNumber: d.QuoteNumber, TaxExemption: d.TaxExemption, Lines: make([]shop.InvoiceLine, len(d.Lines))}
	inv.DueDate = utcPtr(d.DueDate)
	if d.CompanyID != nil {
		inv.CompanyID = d.CompanyID.Hex()
	}
	for i, l := range d.Lines {
		inv.Lines[i] = shop.InvoiceLine{OrderNumber: l.OrderNumber, Description: l.Description, Quantity: l.Quantity, UnitPrice: shop.Cents(l.UnitPrice), Total: shop.Cents(l.Total)}
	}
	return inv
}

// Invoices keeps the invoices by _id (what they invoice), by number (GET
// /invoices/{number}.pdf) and in number order (the highest, for the next).
func Invoices(name string) *Mirror[ID, Invoice] {
	return &Mirror[ID, Invoice]{
		Name: name, IDOf: func(d *Invoice) ID { return d.ID }, CmpID: CompareIDs,
		Keys: []*KeyIndex[ID, Invoice]{
			{Name: "number", Key: func(d *Invoice) (string, bool) { return strconv.FormatInt(d.Number, 10), true }},
		},
		Orders: []*OrderIndex[ID, Invoice]{
			{Name: "number", Cmp: func(a, b *Invoice) int { return cmp.Compare(a.Number, b.Number) }},
			// issue 45: each company's invoices on account
			{Name: "company,number", Group: func(d *Invoice) string {
				if d.CompanyID == nil {
					return NotIndexed
				}
				return d.CompanyID.Hex()
			}, Cmp: func(a, b *Invoice) int { return cmp.Compare(a.Number, b.Number) }},
		},
	}
}
