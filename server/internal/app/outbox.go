package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// OutboxStore is the outbox's persistence, with the id of a message to be.
type OutboxStore interface {
	shop.OutboxStore
	NewMailID() string
	// InsertMails stores several e-mails in one insert (ECONFLICT when
	// one's ID is taken).
	InsertMails(ctx context.Context, mails []shop.Mail) error
}

// Outbox writes the e-mails a request causes, in that request, for the
// Courier to deliver. Mail is never the reason a request fails: a message
// that cannot be stored is logged.
type Outbox struct {
	Store    OutboxStore
	Composer shop.Composer
	// Enabled is false without SMTP_URL: messages are stored disabled.
	Enabled bool
	// Domain is the right-hand side of each Message-ID (MAIL_FROM's).
	Domain string
	// From is the sender's address (MAIL_FROM), shown in an opened e-mail.
	From string
	Log  *slog.Logger
	// Wake, when set, is told a message is waiting (the courier's nudge).
	Wake func()
	// Console, when set and not Enabled, is shown every message as it was
	// written, links and all (the log on a developer's machine; the tests'
	// mailbox), while the outbox keeps it without its tokens.
	Console shop.MailTransport

	batch mailBatch // joins the inserts of requests that come at once
}

// Send composes the letters and stores them in one insert (an order's
// customer's e-mail and its admins' notifications together). A nil
// Outbox sends nothing.
func (o *Outbox) Send(ctx context.Context, letters ...shop.Letter) {
	if o == nil || len(letters) == 0 {
		return
	}
	if err := o.write(context.WithoutCancel(ctx), "", letters); err != nil { // the change it tells of is made
		o.Log.ErrorContext(ctx, "e-mails could not be stored in the outbox", "kind", letters[0].Kind, "to", letters[0].To, "count", len(letters), "error", err)
	}
}

// SendOnce stores the e-mail of an event that more than one caller may
// tell (the one that decided it, or the recovery sweep finishing what a
// crash interrupted): under an id of the event's own key, so that the
// second store of it is refused and the e-mail is kept once.
func (o *Outbox) SendOnce(ctx context.Context, key string, l shop.Letter) {
	if o == nil {
		return
	}
	sum := sha256.Sum256([]byte("once\x00" + key))
	err := o.write(context.WithoutCancel(ctx), hex.EncodeToString(sum[:12]), []shop.Letter{l})
	if err != nil && shop.ErrorCode(err) != shop.ECONFLICT { // (ECONFLICT: told already)
		o.Log.ErrorContext(ctx, "an e-mail could not be stored in the outbox", "kind", l.Kind, "to", l.To, "error", err)
	}
}

// write composes letters and stores them in one insert; id, when set, is
// the first one's (a digest's, which only one instance may store).
func (o *Outbox) write(ctx context.Context, id string, letters []shop.Letter) error {
	kept := make([]shop.Mail, 0, len(letters))
	var shown []shop.Mail // as written, links and all, for the console
	wake := false
	for i, l := range letters {
		c, err := o.Composer.Compose(l)
		if err != nil {
			o.Log.ErrorContext(ctx, "an e-mail could not be written", "kind", l.Kind, "to", l.To, "error", err)
			continue
		}
		mid := o.Store.NewMailID()
		if i == 0 && id != "" {
			mid = id
		}
		m := shop.Mail{ID: mid, Kind: l.Kind, To: l.To, Subject: c.Subject, Text: c.Text, HTML: c.HTML,
			MessageID: "<" + mid + "@" + cmpOr(o.Domain, "storefront.invalid") + ">", Status: shop.MailPending}
		if l.Invoice != nil && l.Invoice.Number > 0 { // by reference: the sender attaches the stored PDF
			m.Attachments = []shop.MailAttachment{{Invoice: l.Invoice.Number, Filename: shop.InvoiceFilename(l.Invoice.Number)}}
		}
		switch {
		case !l.HeldUntil.IsZero(): // for the admin's digest: never sent itself
			m.Status, m.NextAt = shop.MailHeld, l.HeldUntil
		case o.Enabled:
			// The sender needs the links until it has sent the message;
			// then the courier keeps it without its tokens.
			wake = true
		default:
			shown = append(shown, m)
			m.Status, m.Text, m.HTML = shop.MailDisabled, shop.RedactTokens(m.Text), shop.RedactTokens(m.HTML)
		}
		kept = append(kept, m)
	}
	if len(kept) == 0 {
		return nil
	}
	insert := o.Store.InsertMails
	if id == "" { // (a digest's id may be taken: it is stored on its own, for its ECONFLICT)
		insert = func(ctx context.Context, mails []shop.Mail) error {
			return o.batch.insert(ctx, mails, o.Store.InsertMails)
		}
	}
	if err := insert(ctx, kept); err != nil {
		return err
	}
	if wake && o.Wake != nil {
		o.Wake()
	}
	if o.Console != nil {
		for _, m := range shown {
			if err := o.Console.Deliver(ctx, m); err != nil {
				o.Log.ErrorContext(ctx, "an e-mail could not be shown", "to", m.To, "error", err)
			}
		}
	}
	return nil
}

// List returns the outbox newest first, for admins.
func (o *Outbox) List(ctx context.Context, caller shop.Caller, limit, skip int) ([]shop.Mail, int64, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return nil, 0, err
	}
	list, total, err := o.Store.ListMail(ctx, limit, skip)
	for i := range list {
		// a message waiting to be sent still has its links: never shown
		list[i].Text, list[i].HTML = shop.RedactTokens(list[i].Text), shop.RedactTokens(list[i].HTML)
		list[i].Errors = nil // the opened message has them
	}
	return list, total, err
}

// Find returns one e-mail for an admin to read: headers, both parts as
// stored (a link's token redacted), attempts and refusals.
func (o *Outbox) Find(ctx context.Context, caller shop.Caller, id string) (shop.MailView, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.MailView{}, err
	}
	m, err := o.Store.FindMail(ctx, id)
	if err != nil {
		return shop.MailView{}, err
	}
	return o.view(m), nil
}

// Retry puts a failed e-mail back in the queue for the sender (admins):
// one write guarded by its status, so of two retries at once one wins and
// the other is told the message is queued already.
func (o *Outbox) Retry(ctx context.Context, caller shop.Caller, id string) (shop.MailView, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.MailView{}, err
	}
	if !o.Enabled {
		if _, err := o.Store.FindMail(ctx, id); err != nil {
			return shop.MailView{}, err
		}
		return shop.MailView{}, shop.ErrMailOff
	}
	// A failed message's parts no longer change (its token was redacted when it was given up), so this check
	// before the guarded write cannot be outdated by it.
	if stored, err := o.Store.FindMail(ctx, id); err != nil {
		return shop.MailView{}, err
	} else if shop.HasRedactedToken(stored.Text) || shop.HasRedactedToken(stored.HTML) {
		return shop.MailView{}, shop.ErrMailDeadLink
	}
	m, err := o.Store.RetryMail(ctx, id, caller.Email)
	if err != nil {
		return shop.MailView{}, err
	}
	o.Log.InfoContext(ctx, "a failed e-mail is sent again", "id", m.ID, "to", m.To, "by", caller.Email)
	if o.Wake != nil {
		o.Wake()
	}
	return o.view(m), nil
}

func (o *Outbox) view(m shop.Mail) shop.MailView {
	// a message waiting to be sent still has its links: never shown
	m.Text, m.HTML = shop.RedactTokens(m.Text), shop.RedactTokens(m.HTML)
	v := shop.MailView{Mail: m, From: o.From, MessageID: m.MessageID, HTML: m.HTML}
	if m.Status == shop.MailPending {
		next := m.NextAt
		v.NextAttemptAt = &next
	}
	return v
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Courier delivers the outbox: each pass claims the due messages one by one
// (one conditional write each, so of several instances one sends a
// message), sends it, and records the outcome: sent, or a retry after a
// doubling backoff (first within 10 s, at most 5 min apart), or failed
// once the message is 24 h old. A sender that stops mid-message loses its
// claim when the lease ends, and the message is sent again: with the same
// Message-ID, so a receiver can tell.
type Courier struct {
	Store     shop.OutboxStore
	Transport shop.MailTransport
	Log       *slog.Logger
	Telemetry shop.Telemetry   // may be nil
	Now       func() time.Time // nil: time.Now
	Lease     time.Duration    // 0: shop.MailLease
	// Batch is how many due messages a pass reads at once (0: 50).
	Batch int
	// ID names this sender in its claims (default: random).
	ID string
	// Attachments reads the stored files a message refers to (invoices'
	// PDFs); nil: a message with attachments is sent without them.
	Attachments shop.AttachmentSource
}

// attemptTimeout bounds one delivery (connect, TLS, auth, data).
const attemptTimeout = 45 * time.Second

func (c *Courier) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC()
	}
	return time.Now().UTC()
}

// Run delivers until ctx ends: a pass at start, then one at every tick and
// every wake. The caller owns both channels (a ticker's C in production).
func (c *Courier) Run(ctx context.Context, tick <-chan time.Time, wake <-chan struct{}) {
	for {
		if _, err := c.Pass(ctx); err != nil && ctx.Err() == nil {
			c.Log.ErrorContext(ctx, "outbox pass", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick:
		case <-wake:
		}
	}
}

// Pass delivers every message due now and deletes the sent ones past their
// keeping time; it returns how many it sent.
func (c *Courier) Pass(ctx context.Context) (int, error) {
	if c.ID == "" {
		var b [8]byte
		_, _ = rand.Read(b[:])
		c.ID = hex.EncodeToString(b[:])
	}
	batch := c.Batch
	if batch <= 0 {
		batch = 50
	}
	sent := 0
	for ctx.Err() == nil {
		due, err := c.Store.DueMail(ctx, c.now(), batch)
		if err != nil {
			return sent, err
		}
		progress := false
		for _, m := range due {
			if ctx.Err() != nil {
				return sent, nil // stopping: the rest waits for the next start
			}
			claimed, ok, err := c.deliver(ctx, m)
			if err != nil {
				return sent, err
			}
			if claimed {
				progress = true
			}
			if ok {
				sent++
			}
		}
		if !progress || len(due) < batch {
			break
		}
	}
	if _, err := c.Store.DeleteSentMail(ctx, c.now(), 500); err != nil {
		return sent, err
	}
	return sent, nil
}

// deliver claims m and makes one attempt; claimed is false when another
// sender has it, sent when the SMTP server took it.
func (c *Courier) deliver(ctx context.Context, m shop.Mail) (claimed, sent bool, err error) {
	lease := c.Lease
	if lease <= 0 {
		lease = shop.MailLease
	}
	now := c.now()
	m, err = c.Store.ClaimMail(ctx, m.ID, c.ID, now, now.Add(lease))
	switch shop.ErrorCode(err) {
	case "":
	case shop.ECONFLICT, shop.ENOTFOUND:
		return false, false, nil
	default:
		return false, false, err
	}
	// The attempt in hand is finished even when the sender is told to stop
	// (a clean shutdown), and well within the lease, so that no other
	// sender takes the message over while this one may still deliver it.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), min(lease/2, attemptTimeout))
	serr := c.attach(sctx, &m)
	if serr == nil {
		serr = c.Transport.Deliver(sctx, m)
	}
	m.Files = nil
	cancel()
	done := c.now()
	switch {
	case serr == nil:
		m.Attempts++
		m.Status, m.SentAt, m.NextAt, m.LastError = shop.MailSent, &done, done.Add(shop.MailKeepSent), ""
		shop.Tell(c.Telemetry, shop.EventMailSent)
	default:
		m.Attempts++
		m.LastError = oneLine(serr.Error(), 500)
		m.Errors = append(m.Errors, shop.MailError{At: done, Attempt: m.Attempts, Error: m.LastError})
		if n := len(m.Errors); n > shop.MailErrorsKept {
			m.Errors = m.Errors[n-shop.MailErrorsKept:]
		}
		if !done.Before(m.GivenUpAt()) {
			m.Status, m.NextAt = shop.MailFailed, done
			shop.Tell(c.Telemetry, shop.EventMailFailed)
			c.Log.ErrorContext(ctx, "an e-mail could not be delivered for 24 hours and is given up", "to", m.To, "subject", m.Subject, "error", serr)
		} else {
			m.NextAt = done.Add(shop.MailBackoff(m.Attempts))
			c.Log.WarnContext(ctx, "an e-mail was not delivered; it is tried again", "to", m.To, "attempts", m.Attempts, "retry_at", m.NextAt, "error", serr)
		}
	}
	if m.Status != shop.MailPending { // what is kept of a sent or given-up message: no live link
		m.Text, m.HTML = shop.RedactTokens(m.Text), shop.RedactTokens(m.HTML)
	}
	err = c.Store.FinishMail(context.WithoutCancel(ctx), m.ID, c.ID, m)
	if shop.ErrorCode(err) == shop.ECONFLICT {
		c.Log.WarnContext(ctx, "an e-mail's claim ended before its attempt did; another sender has it", "id", m.ID)
		err = nil
	}
	return true, serr == nil, err
}

// attach reads the bytes of the message's attachments for this attempt: a
// file that cannot be read fails the attempt (tried again later).
func (c *Courier) attach(ctx context.Context, m *shop.Mail) error {
	if len(m.Attachments) == 0 || c.Attachments == nil {
		return nil
	}
	for _, a := range m.Attachments {
		f, err := c.Attachments.Attachment(ctx, a.Invoice)
		if err != nil {
			return fmt.Errorf("attachment %s: %w", a.Filename, err)
		}
		m.Files = append(m.Files, shop.MailFile{Filename: cmpOr(a.Filename, f.Filename), ContentType: "application/pdf", Data: f.Data})
	}
	return nil
}

// oneLine is an error for the admin's list: one line, at most n bytes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = s[:n]
	}
	return s
}
