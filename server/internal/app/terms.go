package app

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"storefront/server/internal/shop"
)

// Payment on account (issue 45, shop/terms.go). The lifecycle's steps each
// call one function here, and each is safe to do again after a crash:
//
//	place    the group is stored placing with payment "account" (its
//	         intent), then its credit is held on the company under its id
//	         (holdCredit, one guarded write: committed + amount ≤ limit),
//	         then its lines; refused credit deletes the group, nothing
//	         placed. A crash leaves the group placing: the recovery sweep
//	         undoes it, which gives the credit back.
//	approve  PutOnAccount holds the credit of a purchase placed awaiting
//	         approval (the same write; a hold made already is not made
//	         twice).
//	cancel   every way a purchase's lines are withdrawn (cancel, decline,
//	         expiry, an undone checkout, the sweep's finish of either) then
//	         gives its credit back (releaseCredit), before its group goes:
//	         the hold is keyed by the purchase, so it goes back once.
//	ship     the invoice is issued due TermsDays later (Invoices.ForGroup,
//	         from FindAndSync, which the sweep repeats).
//	pay      a recorded bank payment (Terms.RecordPayment) marks each
//	         purchase paid; FindAndSync then gives back its credit.

// holdCredit holds the credit of a purchase on account (not one by card).
func (p *Purchases) holdCredit(ctx context.Context, grp shop.Group) error {
	if grp.Payment != shop.PayOnAccount {
		return nil
	}
	if p.Credit == nil || grp.CompanyID == "" {
		return shop.Errorf(shop.EFORBIDDEN, shop.MsgNoTerms)
	}
	_, err := p.Credit.HoldCredit(ctx, grp.CompanyID, grp.ID, grp.Total)
	return err
}

// releaseCredit gives back the credit a purchase on account holds (once:
// a purchase that holds none, or gave it back, changes nothing).
func (p *Purchases) releaseCredit(ctx context.Context, grp shop.Group) error {
	if grp.Payment != shop.PayOnAccount || grp.CompanyID == "" || p.Credit == nil {
		return nil
	}
	err := p.Credit.ReleaseCredit(ctx, grp.CompanyID, grp.ID)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil // (the company is gone)
	}
	return err
}

// PutOnAccount puts a placed purchase whose buyer chose to pay on account
// on its company's account: the one step after its approval (issue 45's
// approvals). Its credit is held by one guarded write; beyond the
// company's credit it is refused (ECONFLICT, shop.MsgCreditExceeded) and
// nothing is held. A purchase paid by card, or one on account already,
// changes nothing.
func (p *Purchases) PutOnAccount(ctx context.Context, grp shop.Group) error {
	return p.holdCredit(ctx, grp)
}

// accountCheckout checks a purchase's choice to pay on account (issue 45),
// the one check of POST /checkout, POST /order and a quote's acceptance:
// the buyer is a member of an approved company with terms, the purchase
// fits the credit left, and its freight is not priced later (its total
// would change after the credit was held). It returns the company; nil
// for a purchase by card.
func accountCheckout(b buyer, pay shop.PaymentMethod, fig shop.Figures) (*shop.Company, error) {
	if pay != shop.PayOnAccount {
		return nil, nil
	}
	co := b.approved()
	if co == nil || !co.OnAccount() {
		return nil, shop.Errorf(shop.EFORBIDDEN, shop.MsgNoTerms)
	}
	if fig.FreightOnQuote {
		return nil, shop.Errorf(shop.ECONFLICT, shop.MsgOnAccountFreight)
	}
	if co.Committed+fig.Total > co.CreditLimit {
		return nil, shop.CreditRefusal(*co, fig.Total)
	}
	return co, nil
}

// orderOnAccount is POST /order with payment "account" (issue 45): the
// one checkout path (credit hold, approval above the limit) with the
// order's one line, its purchase under the order's id so that the answer
// names both as a card order's does. Place has resolved the delivery and
// checked the order's own rules.
func (p *Purchases) orderOnAccount(ctx context.Context, caller shop.Caller, d shop.OrderDraft, qty int64) (shop.Order, error) {
	d.AddressID = "" // (resolved into the address and mobile)
	grp, err := p.checkout(ctx, caller, shop.CheckoutDraft{Items: []shop.CheckoutItem{{ProductID: d.ProductID, Quantity: qty}},
		Delivery: d.Delivery, Payment: shop.PayOnAccount}, p.Orders.Orders.NewOrderID())
	if err != nil {
		return shop.Order{}, err
	}
	ord := grp.Orders[0]
	// the answer's number and figures are the purchase's: its delivery line and state
	ord.Number, ord.Shipping, ord.AboveLimit, ord.CompanyID = grp.Number, grp.Shipping, grp.AwaitingApproval, grp.CompanyID
	return ord, nil
}

// Terms serves what a company owes on account: the statement, the aging
// report, the admins' recording of bank payments, and the reminders of
// invoices due.
type Terms struct {
	Store     shop.TermsStore
	Companies shop.CompanyStore
	Groups    shop.GroupStore
	Invoices  shop.InvoiceStore
	Purchases *Purchases // brings a paid purchase's orders along and gives its credit back
	Mail      *Outbox    // may be nil
	NewID     func() string
	Now       func() time.Time // the clock of the aging and the reminders; nil: time.Now
	Log       *slog.Logger
}

func (t *Terms) now() time.Time {
	if t.Now != nil {
		return t.Now().UTC()
	}
	return time.Now().UTC()
}

// statementReader is the caller allowed to read company id's statement:
// an admin, or an admin of that company; 404 to anyone else who is not a
// member, 403 to its other members.
func (t *Terms) statementReader(ctx context.Context, caller shop.Caller, id string) (shop.Company, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Company{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Company{}, shop.NotFound(shop.MsgCompanyNoun)
	}
	if !caller.IsAdmin() {
		m, err := t.Companies.FindMember(ctx, caller.Email)
		if shop.ErrorCode(err) == shop.ENOTFOUND || err == nil && m.Company != id {
			return shop.Company{}, shop.NotFound(shop.MsgCompanyNoun)
		}
		if err != nil {
			return shop.Company{}, err
		}
		if m.Role != shop.RoleCompanyAdmin {
			return shop.Company{}, shop.Errorf(shop.EFORBIDDEN, shop.MsgNotCompanyAdmin)
		}
	}
	return t.Companies.FindCompany(ctx, id)
}

// Statement answers GET /companies/{id}/statement.
func (t *Terms) Statement(ctx context.Context, caller shop.Caller, id string) (shop.Statement, error) {
	co, err := t.statementReader(ctx, caller, id)
	if err != nil {
		return shop.Statement{}, err
	}
	return t.statement(ctx, co)
}

// statement is co's balance, aged at now: each unpaid invoice on account in
// the bucket of its days overdue, and what its purchases on account hold
// beyond their invoices (not shipped yet) as current.
func (t *Terms) statement(ctx context.Context, co shop.Company) (shop.Statement, error) {
	now := t.now()
	st := shop.Statement{Company: co.ID, Name: co.Name, TermsDays: co.TermsDays, Outstanding: co.Committed, CreditLimit: co.CreditLimit,
		Available: co.CreditLeft(), Invoices: []shop.StatementInvoice{}, Payments: []shop.AccountPayment{}}
	invs, err := t.Store.CompanyInvoices(ctx, co.ID)
	if err != nil {
		return shop.Statement{}, err
	}
	var invoiced shop.Cents
	for _, inv := range invs {
		paid, err := t.invoicePaid(ctx, inv)
		if err != nil {
			return shop.Statement{}, err
		}
		si := shop.StatementInvoice{Number: inv.Number, Amount: inv.Total, IssuedAt: inv.IssuedAt, Paid: paid, PONumber: inv.PONumber}
		if inv.DueDate != nil {
			si.DueDate = *inv.DueDate
		}
		if !paid {
			invoiced += inv.Total
			st.Aging.Add(inv.Total, si.DueDate, now)
			if now.After(si.DueDate) {
				si.DaysOverdue = max(1, int(now.Sub(si.DueDate).Hours()/24))
			}
		}
		st.Invoices = append(st.Invoices, si)
	}
	if rest := co.Committed - invoiced; rest > 0 {
		st.Aging.Current += rest
	}
	for i := len(co.Payments) - 1; i >= 0; i-- {
		st.Payments = append(st.Payments, co.Payments[i])
	}
	return st, nil
}

// invoicePaid reports whether the purchase an invoice on account invoices
// is paid.
func (t *Terms) invoicePaid(ctx context.Context, inv shop.Invoice) (bool, error) {
	g, err := t.Groups.FindGroup(ctx, inv.SubjectID)
	if err != nil {
		return false, err
	}
	return g.Paid, nil
}

// maxAgingCompanies bounds the aging report.
const maxAgingCompanies = 10_000

// Aging answers GET /admin/aging (admins): each approved company with
// terms, or with a balance, and its balance aged.
func (t *Terms) Aging(ctx context.Context, caller shop.Caller) ([]shop.AgingRow, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return nil, err
	}
	cos, _, err := t.Companies.ListCompanies(ctx, shop.CompanyApproved, maxAgingCompanies, 0)
	if err != nil {
		return nil, err
	}
	rows := []shop.AgingRow{}
	for _, co := range cos {
		if co.TermsDays == 0 && co.Committed == 0 {
			continue
		}
		st, err := t.statement(ctx, co)
		if err != nil {
			return nil, err
		}
		rows = append(rows, shop.AgingRow{Company: co.ID, Name: co.Name, TermsDays: co.TermsDays, CreditLimit: co.CreditLimit,
			Outstanding: st.Outstanding, Aging: st.Aging})
	}
	slices.SortStableFunc(rows, func(a, b shop.AgingRow) int { return int(b.Outstanding - a.Outstanding) })
	return rows, nil
}

// RecordPayment answers POST /companies/{id}/payments (admins): a bank
// payment against the invoices on account it names, whose amount must be
// their outstanding total. The payment is recorded on the company first
// (one guarded write: none of its invoices in another payment being
// settled), then each purchase is marked paid by it (one guarded write
// each), its orders follow and its credit goes back; then the settling
// ends. The recovery sweep finishes a payment a crash interrupted.
func (t *Terms) RecordPayment(ctx context.Context, caller shop.Caller, id string, d shop.AccountPaymentDraft) (shop.AccountPayment, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.AccountPayment{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.AccountPayment{}, shop.NotFound(shop.MsgCompanyNoun)
	}
	if err := d.Validate(); err != nil {
		return shop.AccountPayment{}, err
	}
	co, err := t.Companies.FindCompany(ctx, id)
	if err != nil {
		return shop.AccountPayment{}, err
	}
	pay := shop.AccountPayment{ID: t.NewID(), Amount: d.Amount, Reference: d.Reference, Date: d.Date, Invoices: d.Invoices, By: caller.Email}
	var due shop.Cents
	f := map[string]string{}
	for i, n := range d.Invoices {
		inv, err := t.Invoices.FindInvoice(ctx, n)
		if shop.ErrorCode(err) == shop.ENOTFOUND || err == nil && inv.CompanyID != co.ID {
			f[fmt.Sprintf("invoices[%d]", i)] = shop.MsgInvoiceNotOwed
			continue
		}
		if err != nil {
			return shop.AccountPayment{}, err
		}
		paid, err := t.invoicePaid(ctx, inv)
		if err != nil {
			return shop.AccountPayment{}, err
		}
		if paid {
			f[fmt.Sprintf("invoices[%d]", i)] = shop.MsgInvoiceNotOwed
			continue
		}
		due += inv.Total
		pay.Groups = append(pay.Groups, inv.SubjectID)
	}
	if err := shop.Invalid(shop.MsgPaymentNotValid, f); err != nil {
		return shop.AccountPayment{}, err
	}
	if d.Amount != due {
		return shop.AccountPayment{}, shop.Invalid(fmt.Sprintf(shop.MsgPaymentAmount, shop.Money(due)),
			map[string]string{"amount": "must be " + due.Dollars()})
	}
	if err := t.Store.BeginAccountPayment(ctx, co.ID, pay); err != nil {
		return shop.AccountPayment{}, err
	}
	if err := t.settle(ctx, co.ID, pay); err != nil {
		t.Log.ErrorContext(ctx, "a recorded payment is left for the recovery sweep to settle", "company", co.ID, "payment", pay.ID, "error", err)
		return shop.AccountPayment{}, err
	}
	pay.CreatedAt = t.now()
	return pay, nil
}

// settle marks each purchase of a recorded payment paid by it (a repeat
// changes nothing), brings its orders along and gives its credit back,
// then ends the payment's settling.
func (t *Terms) settle(ctx context.Context, companyID string, pay shop.AccountPayment) error {
	for _, gid := range pay.Groups {
		_, err := t.Groups.MarkGroupPaid(ctx, gid, pay.TransactionID())
		if err != nil {
			if isRefusal(err) {
				// Paid meanwhile by another payment: this one does not pay it again.
				t.Log.WarnContext(ctx, "a purchase of a recorded payment was paid otherwise", "group", gid, "payment", pay.ID, "reason", shop.ErrorMessage(err))
				continue
			}
			return err
		}
		if _, err := t.Purchases.FindAndSync(ctx, gid); err != nil {
			return err
		}
	}
	return t.Store.FinishAccountPayment(ctx, companyID, pay.ID)
}

// Recover settles the recorded payments a crash left settling.
func (t *Terms) Recover(ctx context.Context, _ time.Time) (settled, _ int, err error) {
	cos, err := t.Store.CompaniesSettling(ctx)
	if err != nil {
		return 0, 0, err
	}
	for _, co := range cos {
		for _, pay := range co.Payments {
			if !pay.Settling {
				continue
			}
			if err := t.settle(ctx, co.ID, pay); err != nil {
				return settled, 0, err
			}
			settled++
		}
	}
	return settled, 0, nil
}

// reminderWindow is how long a reminder's time stays open: a sweep that
// missed it (the shop was down) still sends it within it, and an invoice
// outside every window is not looked at again.
const reminderWindow = 7 * 24 * time.Hour

// Remind e-mails the buyer of each unpaid invoice on account once when it
// is due within shop.ReminderBefore, and once when it is overdue by
// shop.ReminderAfter (the outbox keeps one of each: SendOnce).
func (t *Terms) Remind(ctx context.Context) (int, error) {
	cos, _, err := t.Companies.ListCompanies(ctx, shop.CompanyApproved, maxAgingCompanies, 0)
	if err != nil {
		return 0, err
	}
	now, n := t.now(), 0
	for _, co := range cos {
		if co.Committed == 0 {
			continue
		}
		invs, err := t.Store.CompanyInvoices(ctx, co.ID)
		if err != nil {
			return n, err
		}
		for _, inv := range invs {
			if inv.DueDate == nil {
				continue
			}
			due := *inv.DueDate
			var kind shop.LetterKind
			switch {
			case !now.Before(due.Add(shop.ReminderAfter)) && now.Before(due.Add(shop.ReminderAfter+reminderWindow)):
				kind = shop.LetterInvoiceOverdue
			case !now.Before(due.Add(-shop.ReminderBefore)) && now.Before(due):
				kind = shop.LetterInvoiceDue
			default:
				continue
			}
			paid, err := t.invoicePaid(ctx, inv)
			if err != nil || paid {
				if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
					return n, err
				}
				continue
			}
			i, c := inv, co
			t.Mail.SendOnce(ctx, fmt.Sprintf("%s\x00%d", kind, inv.Number), shop.Letter{Kind: kind, To: inv.BuyerEmail, Invoice: &i, Company: &c, Due: &due})
			n++
		}
	}
	return n, nil
}

// settleAccount follows a payment or shipment of a purchase on account,
// while its group is syncing (so the recovery sweep repeats it): shipped,
// its invoice is issued, due TermsDays later; paid, its credit goes back.
func (p *Purchases) settleAccount(ctx context.Context, grp shop.Group) error {
	if grp.Payment != shop.PayOnAccount {
		return nil
	}
	if grp.Shipped {
		if _, _, err := p.Orders.Invoices.ForGroup(ctx, grp); err != nil {
			return err
		}
	}
	if grp.Paid {
		return p.releaseCredit(ctx, grp)
	}
	return nil
}
