package app

import (
	"cmp"
	"context"
	"log/slog"
	"time"

	"storefront/server/internal/shop"
)

// Invoices issues the invoice of each paid purchase (not a replacement),
// once, with a number from 1
// with no gaps (the store's IssueInvoice is the one write that decides),
// draws its PDF from the snapshot it stores and keeps that PDF; and serves
// it to the buyer and the admins (issue 34).
type Invoices struct {
	Store  shop.InvoiceStore
	Orders shop.OrderStore
	Groups shop.GroupStore
	Quotes shop.QuoteStore // the quote a group came from (its number); may be nil
	// Companies gives an invoice on account its terms (issue 45); may be nil.
	Companies interface {
		FindCompany(ctx context.Context, id string) (shop.Company, error)
	}
	Drawer shop.InvoiceDrawer
	// Seller, TaxLabel and TaxRate are what the invoices print
	// (SELLER_*, TAX_LABEL, TAX_RATE in hundredths of a percent).
	Seller   shop.Seller
	TaxLabel string
	TaxRate  int64
	Now      func() time.Time // nil: time.Now
	Log      *slog.Logger
	// Members are the companies' memberships (issue 45): a company's
	// admins read the invoices of its purchases; nil: none.
	Members interface {
		FindMember(ctx context.Context, email string) (shop.Member, error)
	}
}

func (v *Invoices) now() time.Time {
	if v.Now != nil {
		return v.Now().UTC()
	}
	return time.Now().UTC()
}

// ForGroup issues the invoice of a paid purchase, its lines its orders: a
// single order's says "order", a larger purchase's "group", each with the
// number its buyer knows it by. A replacement (paid at no charge) has none.
//
// A purchase on account is invoiced when it ships, unpaid, due its
// company's TermsDays later (issue 45).
func (v *Invoices) ForGroup(ctx context.Context, grp shop.Group) (inv shop.Invoice, issued bool, err error) {
	onAccount := grp.Payment == shop.PayOnAccount && grp.Shipped
	if v == nil || !grp.Paid && !onAccount || grp.Total <= 0 {
		return shop.Invoice{}, false, nil
	}
	orders := make([]shop.Order, 0, len(grp.OrderIDs))
	for _, id := range grp.OrderIDs {
		ord, err := v.Orders.FindOrder(ctx, id)
		if err != nil {
			return shop.Invoice{}, false, err
		}
		orders = append(orders, ord)
	}
	kind := shop.InvoiceOfGroup
	if grp.SingleOrder() {
		kind = shop.InvoiceOfOrder
	}
	inv = v.snapshot(kind, grp.ID, grp.Number, orders)
	if s := grp.Shipping; s != nil { // issue 48: the delivery line
		inv.Lines = append(inv.Lines, shop.InvoiceLine{Description: shop.InvoiceShippingLine + s.Name, Quantity: 1, UnitPrice: s.Price, Total: s.Price})
		inv.Subtotal, inv.Tax, inv.Total = inv.Subtotal+s.Price, inv.Tax+s.Tax, inv.Total+s.Price+s.Tax
		if shop.Cents(shop.TaxOf(int64(s.Price), v.TaxRate)) != s.Tax {
			inv.TaxRate = 0 // shipping untaxed (TAX_SHIPPING=false): the label prints alone
		}
	}
	inv.Company, inv.PONumber, inv.BuyerEmail, inv.TransactionID = grp.Company, grp.PONumber, grp.Email, grp.TransactionID
	inv.QuoteNumber = v.quoteNumber(ctx, grp.QuoteID)
	if onAccount {
		if err := v.onAccount(ctx, &inv, grp); err != nil {
			return shop.Invoice{}, false, err
		}
	}
	return v.issue(ctx, inv)
}

// onAccount makes inv an invoice on account of grp's company: due its
// terms after issue (the ship date), with no payment yet.
func (v *Invoices) onAccount(ctx context.Context, inv *shop.Invoice, grp shop.Group) error {
	terms := 0
	if v.Companies != nil && grp.CompanyID != "" {
		co, err := v.Companies.FindCompany(ctx, grp.CompanyID)
		if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return err
		}
		terms = co.TermsDays
	}
	if grp.ShippedAt != nil {
		inv.IssuedAt = grp.ShippedAt.UTC()
	}
	due := shop.DueDate(inv.IssuedAt, terms)
	inv.DueDate, inv.CompanyID, inv.TransactionID = &due, grp.CompanyID, ""
	return nil
}

// QuoteNumber is the number of the quote a group came from (0: none, or
// it cannot be read).
func (v *Invoices) quoteNumber(ctx context.Context, quoteID string) int64 {
	if v == nil || quoteID == "" || v.Quotes == nil {
		return 0
	}
	q, err := v.Quotes.FindQuote(ctx, quoteID)
	if err != nil {
		v.Log.WarnContext(ctx, "the quote of an order group could not be read", "quote", quoteID, "error", err)
		return 0
	}
	return q.Number
}

// snapshot is everything an invoice prints, from the paid orders.
func (v *Invoices) snapshot(kind shop.InvoiceKind, subjectID string, subjectNumber int64, orders []shop.Order) shop.Invoice {
	inv := shop.Invoice{SubjectID: subjectID, Subject: kind, SubjectNumber: subjectNumber, IssuedAt: v.now(), Seller: v.Seller,
		TaxLabel: v.TaxLabel, Currency: shop.Currency, Lines: make([]shop.InvoiceLine, 0, len(orders))}
	rated := v.TaxRate > 0
	for _, o := range orders {
		line := shop.Cents(o.Amount) - o.Tax
		inv.Lines = append(inv.Lines, shop.InvoiceLine{OrderNumber: o.Number, Description: o.ProductName, Quantity: o.ProductQuantity,
			UnitPrice: o.ProductPrice, Total: line})
		inv.Subtotal += line
		inv.Tax += o.Tax
		inv.Total += shop.Cents(o.Amount)
		if shop.Cents(shop.TaxOf(int64(line), v.TaxRate)) != o.Tax {
			rated = false // placed at another rate: the label prints alone
		}
	}
	if rated {
		inv.TaxRate = v.TaxRate
	}
	if len(orders) > 0 {
		first := orders[0]
		inv.BuyerName, inv.BuyerEmail, inv.Address, inv.TransactionID = first.Name, first.Email, first.Address, first.TransactionID
		if e := first.TaxExemption; e != nil {
			inv.TaxExemption = e.Text()
		}
	}
	return inv
}

// issue stores the invoice (or finds the one issued before) and, when it
// has no PDF yet, draws and stores it.
func (v *Invoices) issue(ctx context.Context, inv shop.Invoice) (shop.Invoice, bool, error) {
	stored, issued, err := v.Store.IssueInvoice(ctx, inv)
	if err != nil {
		return shop.Invoice{}, false, err
	}
	if _, err := v.pdf(ctx, stored); err != nil {
		// The invoice stands: its PDF is drawn again when asked for.
		v.Log.ErrorContext(ctx, "an invoice's PDF could not be stored", "invoice", stored.Number, "error", err)
	}
	return stored, issued, nil
}

// pdf returns the invoice's stored PDF, drawing and storing it first when
// a crash (or an error) left the invoice without it: the snapshot gives
// the same document.
func (v *Invoices) pdf(ctx context.Context, inv shop.Invoice) ([]byte, error) {
	data, err := v.Store.InvoicePDF(ctx, inv)
	if shop.ErrorCode(err) != shop.ENOTFOUND {
		return data, err
	}
	if data, err = v.Drawer.Draw(inv); err != nil {
		return nil, err
	}
	return data, v.Store.PutInvoicePDF(context.WithoutCancel(ctx), inv, data)
}

// PDF answers GET /invoices/{number}.pdf: the buyer of what it invoices
// (the e-mail on the order or group now) and admins; anyone else is told
// it does not exist.
func (v *Invoices) PDF(ctx context.Context, caller shop.Caller, number int64) (shop.InvoiceFile, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.InvoiceFile{}, err
	}
	if number < 1 {
		return shop.InvoiceFile{}, shop.Errorf(shop.ENOTFOUND, "%s was not found.", shop.MsgInvoiceNoun)
	}
	inv, err := v.Store.FindInvoice(ctx, number)
	if err != nil {
		return shop.InvoiceFile{}, err
	}
	if !caller.IsAdmin() {
		owner, err := v.owner(ctx, inv)
		if err != nil {
			return shop.InvoiceFile{}, err
		}
		if err := shop.RequireOwnerOrHide(caller, owner, shop.MsgInvoiceNoun); err != nil {
			if ok, merr := v.companyAdminReads(ctx, caller, inv); merr != nil || !ok {
				return shop.InvoiceFile{}, cmp.Or(merr, err)
			}
		}
	}
	return v.file(ctx, inv)
}

// companyAdminReads reports whether the caller is an admin of the company
// the invoiced purchase was placed for (issue 45: a company's admins see
// every invoice of the company). A single order's purchase is its group
// of one, under the order's id.
func (v *Invoices) companyAdminReads(ctx context.Context, caller shop.Caller, inv shop.Invoice) (bool, error) {
	if v.Members == nil {
		return false, nil
	}
	g, err := v.Groups.FindGroup(ctx, inv.SubjectID)
	if shop.ErrorCode(err) == shop.ENOTFOUND || err == nil && g.CompanyID == "" {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	m, err := v.Members.FindMember(ctx, caller.Email)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return false, nil
	}
	return err == nil && m.Company == g.CompanyID && m.Role == shop.RoleCompanyAdmin, err
}

// Attachment is an invoice's PDF for the e-mail sender (no caller: the
// message was written to the buyer).
func (v *Invoices) Attachment(ctx context.Context, number int64) (shop.InvoiceFile, error) {
	inv, err := v.Store.FindInvoice(ctx, number)
	if err != nil {
		return shop.InvoiceFile{}, err
	}
	return v.file(ctx, inv)
}

func (v *Invoices) file(ctx context.Context, inv shop.Invoice) (shop.InvoiceFile, error) {
	data, err := v.pdf(ctx, inv)
	if err != nil {
		return shop.InvoiceFile{}, err
	}
	return shop.InvoiceFile{Number: inv.Number, Filename: shop.InvoiceFilename(inv.Number), Data: data}, nil
}

// owner is the e-mail on what the invoice invoices now (a deleted
// account's is erased there: only admins see its invoices then).
func (v *Invoices) owner(ctx context.Context, inv shop.Invoice) (string, error) {
	if inv.Subject == shop.InvoiceOfGroup {
		g, err := v.Groups.FindGroup(ctx, inv.SubjectID)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			return "", nil
		}
		return g.Email, err
	}
	o, err := v.Orders.FindOrder(ctx, inv.SubjectID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return "", nil
	}
	return o.Email, err
}

// Number fills in each order's invoice number: its own, or its group's.
func (v *Invoices) Number(ctx context.Context, orders []shop.Order) error {
	if v == nil || len(orders) == 0 {
		return nil
	}
	ids := make([]string, 0, len(orders))
	for _, o := range orders {
		if o.Paid {
			ids = append(ids, invoiceSubject(o))
		}
	}
	if len(ids) == 0 {
		return nil
	}
	numbers, err := v.Store.InvoiceNumbers(ctx, ids)
	if err != nil {
		return err
	}
	for i := range orders {
		if orders[i].Paid {
			orders[i].InvoiceNumber = numbers[invoiceSubject(orders[i])]
		}
	}
	return nil
}

// NumberGroup fills in a group's invoice number.
func (v *Invoices) NumberGroup(ctx context.Context, g *shop.Group) error {
	if v == nil || !g.Paid && !(g.Payment == shop.PayOnAccount && g.Shipped) {
		return nil
	}
	numbers, err := v.Store.InvoiceNumbers(ctx, []string{g.ID})
	if err == nil {
		g.InvoiceNumber = numbers[g.ID]
	}
	return err
}

func invoiceSubject(o shop.Order) string {
	if o.Group != "" {
		return o.Group
	}
	return o.ID
}

// invoiceSweepWindow is how far back the sweep looks for payments a crash
// left without their invoice.
const invoiceSweepWindow = 72 * time.Hour

// Recover issues the invoices that a crash (or an error) left unissued:
// the purchases paid from a window before cutoff up to cutoff without one.
// issue tells of each it issued (the paid e-mail, which is written after
// the invoice). Run it at start and in the recovery sweep, after the
// purchases' own recovery (which brings a paid purchase's orders along).
func (v *Invoices) Recover(ctx context.Context, cutoff time.Time, issued func(shop.Invoice, *shop.Order, *shop.Group)) (int, error) {
	groups, err := v.Store.PaidGroupsSince(ctx, cutoff.Add(-invoiceSweepWindow), cutoff)
	if err != nil {
		return 0, err
	}
	ids := make([]string, 0, len(groups))
	for _, g := range groups {
		ids = append(ids, g.ID)
	}
	have, err := v.Store.InvoiceNumbers(ctx, ids)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range groups {
		if _, ok := have[groups[i].ID]; ok || groups[i].Syncing {
			continue // (a purchase whose orders lag is issued once they follow)
		}
		inv, ok, err := v.ForGroup(ctx, groups[i])
		if err != nil {
			return n, err
		}
		if ok {
			n++
			if issued != nil {
				issued(inv, nil, &groups[i])
			}
		}
	}
	return n, nil
}

// invoiceRef is what the paid e-mail carries of its invoice: the number
// (the sender attaches the stored PDF), never the bytes.
func invoiceRef(inv shop.Invoice) *shop.Invoice {
	if inv.Number == 0 {
		return nil
	}
	return &shop.Invoice{Number: inv.Number}
}
