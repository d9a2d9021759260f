package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

// Mail is one e-mail of the outbox. A sender claims a pending message by
// setting claim and moving nextAt to the end of its lease, in one
// conditional write on {status: pending, nextAt <= now}: of several
// senders (instances), one wins; a sender that stalls loses the message
// when the lease passes. Sent, nextAt is when the message is deleted.
type Mail struct {
	ID        ID          `bson:"_id"`
	Kind      string      `bson:"kind"`
	To        string      `bson:"to"`
	Subject   string      `bson:"subject"`
	Text      string      `bson:"text"`
	HTML      string      `bson:"html"`
	MessageID string      `bson:"messageId"`
	Status    string      `bson:"status"`
	Attempts  int         `bson:"attempts"`
	LastError string      `bson:"lastError,omitempty"`
	CreatedAt time.Time   `bson:"createdAt"`
	SentAt    *time.Time  `bson:"sentAt,omitempty"`
	Errors    []MailError `bson:"errors,omitempty"`
	RetriedAt *time.Time  `bson:"retriedAt,omitempty"`
	RetriedBy string      `bson:"retriedBy,omitempty"`
	NextAt    time.Time   `bson:"nextAt"`
	Claim     string      `bson:"claim,omitempty"`
	// Attachments refer to stored files (an invoice's PDF), never hold them.
	Attachments []MailAttachment `bson:"attachments,omitempty"`
}

// MailAttachment names a stored file the sender attaches.
type MailAttachment struct {
	Invoice  int64  `bson:"invoice"`
	Filename string `bson:"filename"`
}

// MailAttachments is the documents' form of an e-mail's attachments.
func MailAttachments(as []shop.MailAttachment) []MailAttachment {
	var out []MailAttachment
	for _, a := range as {
		out = append(out, MailAttachment{Invoice: a.Invoice, Filename: a.Filename})
	}
	return out
}

// MailError is one refused attempt.
type MailError struct {
	At      time.Time `bson:"at"`
	Attempt int       `bson:"attempt"`
	Error   string    `bson:"error"`
}

// Shop is the document as the domain has it.
func (d Mail) Shop() shop.Mail {
	var errs []shop.MailError
	for _, e := range d.Errors {
		errs = append(errs, shop.MailError{At: e.At.UTC(), Attempt: e.Attempt, Error: e.Error})
	}
	return shop.Mail{Errors: errs, RetriedAt: utcPtr(d.RetriedAt), RetriedBy: d.RetriedBy, ID: d.ID.Hex(), Kind: shop.LetterKind(d.Kind), To: d.To, Subject: d.Subject, Text: d.Text, HTML: d.HTML,
		MessageID: d.MessageID, Status: shop.MailStatus(d.Status), Attempts: d.Attempts, LastError: d.LastError,
		CreatedAt: d.CreatedAt.UTC(), SentAt: utcPtr(d.SentAt), NextAt: d.NextAt.UTC(), Claim: d.Claim, Attachments: d.shopAttachments()}
}

func (d Mail) shopAttachments() []shop.MailAttachment {
	var out []shop.MailAttachment
	for _, a := range d.Attachments {
		out = append(out, shop.MailAttachment{Invoice: a.Invoice, Filename: a.Filename})
	}
	return out
}

// Outbox keeps the outbox by id, by date (the admins' list) and each
// status's by nextAt (the sender's due messages, the sent ones to delete).
//
// The mirror holds every e-mail without its text and HTML (issue 46: they
// are nine tenths of an e-mail, and a shop of 200,000 orders keeps some
// 400,000 of them): what is listed, due, claimed or checked is all there;
// the e-mails are read whole from the store by _id when one is shown or
// sent (internal/mongodb/outbox.go, withBodies). An e-mail that is done
// with (sent, or kept unsent while sending is off: nearly all of them) is
// held as no more than its place in the indexes and its state: its _id,
// status, createdAt and nextAt, all that listing it, deleting it when its
// time has come and refusing its retry read.
func Outbox(name string) *Mirror[ID, Mail] {
	return &Mirror[ID, Mail]{
		Name: name, IDOf: func(d *Mail) ID { return d.ID }, CmpID: CompareIDs,
		Prepare: func(d *Mail) {
			d.Text, d.HTML = "", ""
			switch shop.MailStatus(d.Status) {
			case shop.MailSent:
				*d = Mail{ID: d.ID, Status: string(shop.MailSent), CreatedAt: d.CreatedAt, NextAt: d.NextAt}
			case shop.MailDisabled:
				*d = Mail{ID: d.ID, Status: string(shop.MailDisabled), CreatedAt: d.CreatedAt, NextAt: d.NextAt}
			}
		},
		Orders: []*OrderIndex[ID, Mail]{
			{Name: "createdAt", Cmp: func(a, b *Mail) int { return a.CreatedAt.Compare(b.CreatedAt) }},
			{Name: "status,nextAt", Group: func(d *Mail) string { return d.Status }, Cmp: func(a, b *Mail) int { return a.NextAt.Compare(b.NextAt) }},
		},
	}
}

// The outbox's preconditions, each checked by both stores (see orders.go).

// ErrMailTaken answers a sender whose message another sender holds.
var ErrMailTaken = shop.Errorf(shop.ECONFLICT, "The e-mail is being sent by another sender.")

// Claimable is a claim's: the message is pending and due at now (dueMail).
func Claimable(now time.Time) func(Mail) error {
	return func(d Mail) error {
		if d.Status != string(shop.MailPending) || d.NextAt.After(now) {
			return ErrMailTaken
		}
		return nil
	}
}

// ClaimedBy is an attempt's end's: the sender still holds the message.
func ClaimedBy(claim string) func(Mail) error {
	return func(d Mail) error {
		if d.Claim != claim {
			return ErrMailTaken
		}
		return nil
	}
}

// Deletable is a sent message's deletion's: sent, and kept until now
// (dueMail).
func Deletable(now time.Time) func(Mail) error {
	return func(d Mail) error {
		if d.Status != string(shop.MailSent) || d.NextAt.After(now) {
			return shop.Errorf(shop.ECONFLICT, "The e-mail is kept.")
		}
		return nil
	}
}

// Digested is a held notification's removal once its digest is stored:
// held, and its digest's time has come (dueMail).
func Digested(now time.Time) func(Mail) error {
	return func(d Mail) error {
		if d.Status != string(shop.MailHeld) || d.NextAt.After(now) {
			return shop.Errorf(shop.ECONFLICT, "The notification is held for a later digest.")
		}
		return nil
	}
}

// Retryable is an admin's retry's: the message was given up (failed).
// Any other state says why not.
func Retryable(d Mail) error {
	switch shop.MailStatus(d.Status) {
	case shop.MailFailed:
		return nil
	case shop.MailPending:
		if d.Claim != "" {
			return shop.ErrMailSending
		}
		return shop.ErrMailQueued
	case shop.MailSent:
		return shop.ErrMailSent
	case shop.MailHeld:
		return shop.ErrMailHeld
	default:
		return shop.ErrMailDisabled
	}
}
