package shop

import (
	"context"
	"slices"
	"strings"
	"time"
)

// Payment on account (issue 45): an admin grants an approved company net
// terms (Net 15, 30 or 60) and a credit limit; its members may then check
// out "on account". The purchase is confirmed without a card, neither
// expires nor counts against UNPAID_LIMIT, and is invoiced when it ships,
// due TermsDays later. The credit it uses is held on the company under the
// purchase's id (Company.Committed is their sum): one guarded write holds
// it (Committed + amount ≤ CreditLimit), one gives it back, each at most
// once, so a crash between steps is repaired by doing the step again. An
// admin records the company's bank payment against the invoices it pays.

// PaymentMethod is how a purchase is paid: by card (the default) or on
// the company's account.
type PaymentMethod string

// The payment methods.
const (
	PayByCard    PaymentMethod = "card"
	PayOnAccount PaymentMethod = "account"
)

// check adds a payment method that is neither "card" nor "account" to f
// (absent: card); "card" is kept as absent, as the seed's bodies have it.
// POST /checkout, POST /order and a quote's acceptance take it (issue 45).
func (m *PaymentMethod) check(f map[string]string) {
	if *m == PayByCard {
		*m = ""
	} else if *m != "" && *m != PayOnAccount {
		f["payment"] = FieldPaymentMethod
	}
}

// TermsDaysAllowed are the net terms an admin may grant (0: card only).
var TermsDaysAllowed = []int{0, 15, 30, 60}

// MaxReferenceLen bounds a bank payment's reference.
const MaxReferenceLen = 120

// ReminderBefore is how long before an invoice's due date its reminder is
// sent; ReminderAfter how long after it the overdue reminder is.
const (
	ReminderBefore = 3 * 24 * time.Hour
	ReminderAfter  = 24 * time.Hour
)

// The messages of payment on account.
const (
	// MsgCreditExceeded refuses an on-account purchase beyond the credit
	// left (nothing is reserved).
	MsgCreditExceeded = "This purchase comes to %s with tax, and %s has %s of credit left on account. Pay this purchase by card instead."
	// MsgNoTerms refuses an on-account purchase to a buyer whose company
	// has no terms (or who is in no approved company).
	MsgNoTerms          = "Paying on account is for members of a company with payment terms. Pay this purchase by card instead."
	MsgOnAccountFreight = "A purchase whose delivery is priced later cannot go on account: its total is not known yet. Choose another delivery method, or pay by card."
	MsgOnAccountNoCard  = "This purchase is on account: it is paid by bank transfer against its invoice, not by card."
	// MsgPaymentAmount refuses a recorded payment whose amount is not the
	// outstanding total of the invoices it names.
	MsgPaymentAmount    = "The amount must equal the outstanding total of the invoices named: %s."
	MsgInvoiceNotOwed   = "is not an unpaid invoice on account of this company"
	MsgInvoiceSettling  = "One of these invoices is being settled by another payment right now."
	MsgPaymentNotValid  = "The payment is not valid."
	FieldTermsDays      = "must be 0, 15, 30 or 60"
	FieldCreditLimit    = "must be at least 0 and at most "
	FieldPaymentMethod  = `must be "card" or "account"`
	FieldPaymentInvoice = "must name at least one invoice number, each once"
)

// Held is the credit a company holds for purchases on account, in cents,
// by purchase id.
type Held map[string]Cents

// AccountPayment is a bank payment an admin recorded against a company's
// invoices (kept on the company).
type AccountPayment struct {
	ID        string    `json:"_id"`
	Amount    Cents     `json:"amount"` // dollars in JSON
	Reference string    `json:"reference"`
	Date      string    `json:"date"` // YYYY-MM-DD, as the bank dated it
	Invoices  []int64   `json:"invoices"`
	Groups    []string  `json:"-"` // the purchases the invoices invoice, in the same order
	By        string    `json:"by"`
	CreatedAt time.Time `json:"createdAt"`
	// Settling: its purchases are being marked paid (the recovery sweep
	// finishes it after a crash).
	Settling bool `json:"settling,omitempty"`
}

// TransactionID is what a purchase this payment paid records as paid by.
func (p AccountPayment) TransactionID() string { return AccountTransactionPrefix + p.ID }

// AccountTransactionPrefix starts the transaction of a purchase paid by a
// recorded bank payment.
const AccountTransactionPrefix = "bank:"

// AccountPaymentDraft is POST /companies/{id}/payments' body.
type AccountPaymentDraft struct {
	Amount    Cents   `json:"amount"`
	Reference string  `json:"reference"`
	Date      string  `json:"date"`
	Invoices  []int64 `json:"invoices"`
}

// Validate checks the draft's own fields (normalising the reference).
func (d *AccountPaymentDraft) Validate() error {
	d.Reference = strings.TrimSpace(d.Reference)
	f := map[string]string{}
	if d.Amount <= 0 || d.Amount > MaxPrice*100 {
		f["amount"] = "must be greater than 0"
	}
	checkText(f, "reference", d.Reference, MaxReferenceLen, "is required", atMost(MaxReferenceLen))
	if _, err := time.Parse(time.DateOnly, d.Date); err != nil {
		f["date"] = "must be a date, YYYY-MM-DD"
	}
	seen := map[int64]bool{}
	if len(d.Invoices) == 0 || len(d.Invoices) > 200 {
		f["invoices"] = FieldPaymentInvoice
	}
	for _, n := range d.Invoices {
		if n < 1 || seen[n] {
			f["invoices"] = FieldPaymentInvoice
		}
		seen[n] = true
	}
	return Invalid(MsgPaymentNotValid, f)
}

// validTerms checks a change's terms and credit limit into f.
func validTerms(f map[string]string, terms *int, limit *Cents) {
	if terms != nil && !slices.Contains(TermsDaysAllowed, *terms) {
		f["termsDays"] = FieldTermsDays
	}
	if limit != nil && (*limit < 0 || *limit > MaxPrice) {
		f["creditLimit"] = FieldCreditLimit + MaxPrice.Dollars()
	}
}

// OnAccount reports whether the company may buy on account now.
func (c Company) OnAccount() bool { return c.Status == CompanyApproved && c.TermsDays > 0 }

// CreditLeft is what the company may still buy on account.
func (c Company) CreditLeft() Cents {
	if left := c.CreditLimit - c.Committed; left > 0 {
		return left
	}
	return 0
}

// CreditRefusal is the problem of an on-account purchase of total beyond
// what co has left.
func CreditRefusal(co Company, total Cents) error {
	return Errorf(ECONFLICT, MsgCreditExceeded, Money(total), co.Name, Money(co.CreditLeft()))
}

// Aging is a company's outstanding balance by days overdue (dollars in
// JSON): not yet due (including what is on account and not yet invoiced),
// 1-30, 31-60, 61-90 and over 90 days overdue.
type Aging struct {
	Current Cents `json:"current"`
	D1_30   Cents `json:"d1_30"`
	D31_60  Cents `json:"d31_60"`
	D61_90  Cents `json:"d61_90"`
	D90Plus Cents `json:"d90plus"`
}

// Add puts amount in the bucket of an invoice due on due, at now.
func (a *Aging) Add(amount Cents, due, now time.Time) {
	days := int(now.Sub(due).Hours() / 24)
	if now.After(due) && days == 0 {
		days = 1 // (overdue by part of a day: overdue)
	}
	switch {
	case !now.After(due):
		a.Current += amount
	case days <= 30:
		a.D1_30 += amount
	case days <= 60:
		a.D31_60 += amount
	case days <= 90:
		a.D61_90 += amount
	default:
		a.D90Plus += amount
	}
}

// StatementInvoice is one invoice on account on a statement.
type StatementInvoice struct {
	Number   int64     `json:"number"`
	Amount   Cents     `json:"amount"` // dollars
	IssuedAt time.Time `json:"issuedAt"`
	DueDate  time.Time `json:"dueDate"`
	Paid     bool      `json:"paid"`
	PONumber string    `json:"poNumber,omitempty"`
	// DaysOverdue: how many days past its due date an unpaid invoice is.
	DaysOverdue int `json:"daysOverdue"`
}

// Statement is GET /companies/{id}/statement: the balance on account
// (what its purchases on account hold of the credit), the limit, the
// aging of the balance, and the invoices on account newest first.
type Statement struct {
	Company     string             `json:"company"`
	Name        string             `json:"name"`
	TermsDays   int                `json:"termsDays"`
	Outstanding Cents              `json:"outstanding"`
	CreditLimit Cents              `json:"creditLimit"`
	Available   Cents              `json:"available"`
	Aging       Aging              `json:"aging"`
	Invoices    []StatementInvoice `json:"invoices"`
	Payments    []AccountPayment   `json:"payments"`
}

// AgingRow is one company's line of the aging report (GET
// /companies/aging, admins).
type AgingRow struct {
	Company     string `json:"company"`
	Name        string `json:"name"`
	TermsDays   int    `json:"termsDays"`
	CreditLimit Cents  `json:"creditLimit"`
	Outstanding Cents  `json:"outstanding"`
	Aging       Aging  `json:"aging"`
}

// DueDate is when an invoice on account issued at issued is due.
func DueDate(issued time.Time, termsDays int) time.Time {
	return issued.UTC().AddDate(0, 0, termsDays)
}

// TermsStore keeps what a company owes on account: the credit its
// purchases hold and the payments recorded. Each change is one guarded
// write on the company.
type TermsStore interface {
	// HoldCredit holds amount of the company's credit for the purchase,
	// once: refused (ECONFLICT, nothing held) when the company cannot buy
	// on account or Committed + amount would pass CreditLimit; a purchase
	// that holds already is no error (it is not held twice).
	HoldCredit(ctx context.Context, companyID, purchaseID string, amount Cents) (Company, error)
	// ReleaseCredit gives back what the purchase holds, once (nothing
	// held: no error).
	ReleaseCredit(ctx context.Context, companyID, purchaseID string) error
	// BeginAccountPayment records a payment, settling, unless one of its
	// invoices is in another payment being settled (ECONFLICT).
	BeginAccountPayment(ctx context.Context, companyID string, p AccountPayment) error
	// FinishAccountPayment ends a payment's settling.
	FinishAccountPayment(ctx context.Context, companyID, paymentID string) error
	// CompaniesSettling returns the companies with a payment being settled.
	CompaniesSettling(ctx context.Context) ([]Company, error)
	// CompanyInvoices returns a company's invoices on account, newest first.
	CompanyInvoices(ctx context.Context, companyID string) ([]Invoice, error)
}
