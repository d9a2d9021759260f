package shop

import (
	"context"
	"time"
)

// MailStatus is where an e-mail of the outbox stands.
type MailStatus string

// An e-mail is pending until sent; it fails after MailGiveUpAfter of
// refusals; it is disabled when no SMTP server is configured (kept, never
// sent).
const (
	MailPending  MailStatus = "pending"
	MailSent     MailStatus = "sent"
	MailFailed   MailStatus = "failed"
	MailDisabled MailStatus = "disabled"
	// MailHeld: an admin's notification kept for the daily digest (NextAt
	// is the digest's time); the digest replaces it, it is never sent.
	MailHeld MailStatus = "held"
)

// Outbox timing.
const (
	// MailPoll is how often the sender looks for due messages; with
	// MailFirstRetry, a failed message is tried again within 10 s.
	MailPoll        = 5 * time.Second
	MailFirstRetry  = 5 * time.Second // backoff doubles from here
	MailMaxBackoff  = 5 * time.Minute
	MailGiveUpAfter = 24 * time.Hour
	MailKeepSent    = 90 * 24 * time.Hour
	// MailLease is how long a sender may take over one message before its
	// claim expires and another sender (or instance) takes it.
	MailLease = 2 * time.Minute
)

// MailBackoff is the wait before the next attempt after attempts failures.
func MailBackoff(attempts int) time.Duration {
	d := MailFirstRetry
	for i := 1; i < attempts && d < MailMaxBackoff; i++ {
		d *= 2
	}
	return min(d, MailMaxBackoff)
}

// Mail is one e-mail of the outbox (collection `outbox`).
type Mail struct {
	ID        string     `json:"_id"`
	Kind      LetterKind `json:"kind"`
	To        string     `json:"to"`
	Subject   string     `json:"subject"`
	Text      string     `json:"text"`
	HTML      string     `json:"-"`
	MessageID string     `json:"-"` // stable over every attempt: <id@host>
	Status    MailStatus `json:"status"`
	Attempts  int        `json:"attempts"`
	LastError string     `json:"lastError,omitempty"`
	CreatedAt time.Time  `json:"createdAt"`
	SentAt    *time.Time `json:"sentAt,omitempty"`
	// Errors are the last attempts' refusals (at most MailErrorsKept),
	// oldest first; RetriedAt and RetriedBy, an admin's last "send again".
	Errors    []MailError `json:"errors,omitempty"`
	RetriedAt *time.Time  `json:"retriedAt,omitempty"`
	RetriedBy string      `json:"retriedBy,omitempty"`
	// NextAt: pending, when the next attempt is due (or a sender's claim
	// expires); sent, when the message is deleted.
	NextAt time.Time `json:"-"`
	Claim  string    `json:"-"` // the sender holding it
	// Attachments name what the sender attaches (an invoice's stored PDF):
	// the outbox keeps the reference, never the bytes.
	Attachments []MailAttachment `json:"-"`
	// Files are the attachments' bytes, read by the sender for one
	// attempt (never stored).
	Files []MailFile `json:"-"`
}

// MailAttachment refers to a stored file an e-mail carries.
type MailAttachment struct {
	Invoice  int64  // the invoice's number: its PDF
	Filename string // as attached: invoice-N.pdf
}

// MailFile is an attachment's bytes, as the sender attaches them.
type MailFile struct {
	Filename, ContentType string
	Data                  []byte
}

// AttachmentSource reads an attachment's bytes for the sender.
type AttachmentSource interface {
	Attachment(ctx context.Context, invoice int64) (InvoiceFile, error)
}

// MailError is one refused attempt of an e-mail.
type MailError struct {
	At      time.Time `json:"at"`
	Attempt int       `json:"attempt"`
	Error   string    `json:"error"`
}

// MailErrorsKept is how many refusals an e-mail keeps, the latest.
const MailErrorsKept = 10

// MailView is one e-mail as an admin opens it: its headers, both parts
// (as stored: a link's token is redacted) and its delivery.
type MailView struct {
	Mail
	From      string `json:"from"`
	MessageID string `json:"messageId"`
	HTML      string `json:"html"`
	// NextAttemptAt: a pending message's next attempt.
	NextAttemptAt *time.Time `json:"nextAttemptAt,omitempty"`
}

// GivenUpAt is when a message's attempts are given up: MailGiveUpAfter
// from its creation, or from an admin's last retry.
func (m Mail) GivenUpAt() time.Time {
	start := m.CreatedAt
	if m.RetriedAt != nil && m.RetriedAt.After(start) {
		start = *m.RetriedAt
	}
	return start.Add(MailGiveUpAfter)
}

// Why an e-mail cannot be sent again: only a failed (given-up) one can.
var (
	ErrMailQueued   = Errorf(ECONFLICT, "This e-mail is already queued to be sent again.")
	ErrMailSending  = Errorf(ECONFLICT, "This e-mail is being sent right now.")
	ErrMailSent     = Errorf(ECONFLICT, "This e-mail was sent; only a failed e-mail can be sent again.")
	ErrMailDisabled = Errorf(ECONFLICT, "This e-mail was kept, not sent: sending is off (SMTP_URL is not set). Only a failed e-mail can be sent again.")
	ErrMailHeld     = Errorf(ECONFLICT, "This notification is held for its admin's daily digest, which replaces it; it is never sent on its own.")
	ErrMailOff      = Errorf(ECONFLICT, "Sending e-mail is off (SMTP_URL is not set), so nothing can be sent again.")
	ErrMailDeadLink = Errorf(ECONFLICT, "This e-mail held a one-time link (e-mail verification or password reset), which is not kept once a message fails: sent again, its link would not work. The customer can ask for a new one.")
)

// LetterKind names a template.
type LetterKind string

// The e-mails the storefront sends.
const (
	LetterOrderPlaced  LetterKind = "order_placed"
	LetterOrderPaid    LetterKind = "order_paid"
	LetterOrderShipped LetterKind = "order_shipped"
	// Issue 43: a purchase's reminder to pay at half of RESERVATION_TTL,
	// and its cancellation when not paid in time.
	LetterPaymentReminder LetterKind = "payment_reminder"
	LetterOrderExpired    LetterKind = "order_expired"
	LetterFreightPriced   LetterKind = "freight_priced" // issue 48: a purchase's freight priced, now payable
	LetterQuoteAnswered   LetterKind = "quote_answered"
	LetterQuoteRevised    LetterKind = "quote_revised" // a quote priced again
	LetterClaimReceived   LetterKind = "claim_received"
	LetterClaimDecided    LetterKind = "claim_decided"
	// LetterTaxExemptionDecided tells a buyer of an admin's decision on
	// their tax exemption (issue 49).
	LetterTaxExemptionDecided LetterKind = "tax_exemption_decided"
	LetterContact             LetterKind = "contact_message"
	// The account's own: the first two carry a single-use link.
	LetterVerifyEmail     LetterKind = "verify_email"
	LetterPasswordReset   LetterKind = "password_reset"
	LetterPasswordChanged LetterKind = "password_changed"
	LetterAccountDeleted  LetterKind = "account_deleted"
	// LetterMFAFailures tells an account's owner that its second step was
	// failed MFAFailsMailed times in a row: someone has the password.
	LetterMFAFailures LetterKind = "mfa_failures"
	// The admins' notifications (Letter.Link: the dashboard page), and the
	// daily digest of those held for it.
	LetterAdminNewOrder     LetterKind = "admin_new_order"
	LetterAdminPayment      LetterKind = "admin_payment"
	LetterAdminQuoteRequest LetterKind = "admin_quote_request"
	LetterAdminClaim        LetterKind = "admin_claim"
	LetterAdminDigest       LetterKind = "admin_digest"
	// LetterAdminRefund tells every admin of a payment refunded because
	// its purchase no longer existed (issue 43).
	LetterAdminRefund LetterKind = "admin_refund"
	// LetterCompanyInvitation carries a company's single-use join link
	// (issue 45).
	LetterCompanyInvitation LetterKind = "company_invitation"
	// LetterInvoiceDue and LetterInvoiceOverdue remind a buyer of an
	// invoice on account (Invoice, Company, Due) before and after its due
	// date (issue 45).
	LetterInvoiceDue     LetterKind = "invoice_due"
	LetterInvoiceOverdue LetterKind = "invoice_overdue"
)

// Letter is what one e-mail is about: its kind, its addressee and the
// document it tells of.
type Letter struct {
	Kind    LetterKind
	To      string
	Order   *Order
	Quote   *Quote
	Claim   *Claim
	Message *Message
	// Account and Link: the account's own letters (Link carries the token
	// of a verification or reset letter).
	Account *User
	Link    string
	// Digest: the admin's daily digest's events.
	Digest *Digest
	// Group: the purchase a letter tells of (its Orders filled in);
	// Invoice, the invoice it tells of, attached by reference.
	Group   *Group
	Invoice *Invoice
	// Due: when an unpaid purchase is cancelled (a reminder's); Refund: a
	// refund an admin is told of.
	Due    *time.Time
	Refund *IntentRecord
	Why    string
	// Company and Member: a company invitation's company, and the role and
	// limit it offers (issue 45).
	Company *Company
	Member  *Member
	// Exemption: a tax exemption decided (issue 49).
	Exemption *TaxExemption
	// HeldUntil, when set, keeps the e-mail for the digest sent then
	// (MailHeld) instead of sending it.
	HeldUntil time.Time
}

// MailContent is a rendered e-mail.
type MailContent struct {
	Subject, Text, HTML string
}

// Composer renders letters from the templates.
type Composer interface {
	Compose(l Letter) (MailContent, error)
}

// OutboxStore keeps the outbox. Each state change is one conditional write.
type OutboxStore interface {
	InsertMail(ctx context.Context, m Mail) (Mail, error)
	// ListMail returns e-mails newest first.
	ListMail(ctx context.Context, limit, skip int) ([]Mail, int64, error)
	// DueMail returns up to limit pending e-mails whose next attempt (or
	// stalled claim) is due at now, soonest first.
	DueMail(ctx context.Context, now time.Time, limit int) ([]Mail, error)
	// ClaimMail takes a due e-mail for a sender until leaseUntil, if it is
	// still pending and due at now (ECONFLICT when another took it).
	ClaimMail(ctx context.Context, id, claim string, now, leaseUntil time.Time) (Mail, error)
	// FinishMail records an attempt of the sender holding the claim:
	// status, attempts, lastError, sentAt and nextAt, and the text and
	// HTML to keep (ECONFLICT when the claim was lost).
	FinishMail(ctx context.Context, id, claim string, m Mail) error
	// FindMail returns one e-mail (ENOTFOUND when there is none).
	FindMail(ctx context.Context, id string) (Mail, error)
	// RetryMail puts a failed e-mail back in the queue, due now, with by
	// and the time as its retry, in one conditional write on its status
	// (ECONFLICT, saying why, when it is not failed).
	RetryMail(ctx context.Context, id, by string) (Mail, error)
	// DeleteSentMail deletes sent e-mails whose keeping time ended before now.
	DeleteSentMail(ctx context.Context, now time.Time, limit int) (int, error)
}

// MailTransport delivers one e-mail (SMTP).
type MailTransport interface {
	Deliver(ctx context.Context, m Mail) error
}

// AdminDirectory lists the admins' e-mail addresses.
type AdminDirectory interface {
	AdminEmails(ctx context.Context) ([]string, error)
}
