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
//
// What the embedded store's mirror holds of an e-mail is the fields
// before MailBody: its state, all that its guards, lists and indexes read
// (Outbox). The rest, MailBody, is nil there, and whole in an e-mail read
// from the store.
type Mail struct {
	ID        ID        `bson:"_id"`
	Status    string    `bson:"status"`
	CreatedAt time.Time `bson:"createdAt"`
	NextAt    time.Time `bson:"nextAt"`
	Claim     string    `bson:"claim,omitempty"`
	*MailBody `bson:",inline"`
}

// MailBody is what an e-mail holds beside its state (Mail).
type MailBody struct {
	Kind      string      `bson:"kind"`
	To        string      `bson:"to"`
	Subject   string      `bson:"subject"`
	Text      string      `bson:"text"`
	HTML      string      `bson:"html"`
	MessageID string      `bson:"messageId"`
	Attempts  int         `bson:"attempts"`
	LastError string      `bson:"lastError,omitempty"`
	SentAt    *time.Time  `bson:"sentAt,omitempty"`
	Errors    []MailError `bson:"errors,omitempty"`
	RetriedAt *time.Time  `bson:"retriedAt,omitempty"`
	RetriedBy string      `bson:"retriedBy,omitempty"`
	// Attachments refer to stored files (an invoice's PDF), never hold them.
	Attachments []MailAttachment `bson:"attachments,omitempty"`
}

// Body is the e-mail's body; empty when it has none (the mirror's).
func (d *Mail) Body() *MailBody {
	if d.MailBody == nil {
		return &MailBody{}
	}
	return d.MailBody
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
	b := d.Body()
	var errs []shop.MailError
	for _, e := range b.Errors {
		errs = append(errs, shop.MailError{At: e.At.UTC(), Attempt: e.Attempt, Error: e.Error})
	}
	return shop.Mail{Errors: errs, RetriedAt: utcPtr(b.RetriedAt), RetriedBy: b.RetriedBy, ID: d.ID.Hex(), Kind: shop.LetterKind(b.Kind), To: b.To, Subject: b.Subject, Text: b.Text, HTML: b.HTML,
		MessageID: b.MessageID, Status: shop.MailStatus(d.Status), Attempts: b.Attempts, LastError: b.LastError,
		CreatedAt: d.CreatedAt.UTC(), SentAt: utcPtr(b.SentAt), NextAt: d.NextAt.UTC(), Claim: d.Claim, Attachments: b.shopAttachments()}
}

func (b *MailBody) shopAttachments() []shop.MailAttachment {
	var out []shop.MailAttachment
	for _, a := range b.Attachments {
		out = append(out, shop.MailAttachment{Invoice: a.Invoice, Filename: a.Filename})
	}
	return out
}

// Outbox keeps the outbox by id, by date (the admins' list) and each
// status's by nextAt (the sender's due messages, the sent ones to delete).
//
// The mirror holds each e-mail's state alone (Mail without its MailBody):
// a shop of 200,000 orders keeps some 400,000 e-mails (issue 46), and
// what is listed, due, claimed or checked is all in their state; the
// e-mails are read whole from the store by _id when one is shown or sent
// (internal/mongodb/outbox.go, withBodies). The state is 100 bytes, held
// in the map itself: 258 MB of mirror at 400,000 e-mails before, when
// the whole struct stayed for each.
func Outbox(name string) *Mirror[ID, Mail] {
	return &Mirror[ID, Mail]{
		Name: name, IDOf: func(d *Mail) ID { return d.ID }, CmpID: CompareIDs,
		Prepare: func(d *Mail) { d.MailBody = nil },
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
