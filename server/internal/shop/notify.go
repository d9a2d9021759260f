package shop

import (
	"context"
	"time"
)

// NotifyKind is a kind of event admins are told of by e-mail.
type NotifyKind string

// The events admins are told of.
const (
	NotifyNewOrder     NotifyKind = "newOrder"
	NotifyPayment      NotifyKind = "payment"
	NotifyQuoteRequest NotifyKind = "quoteRequest"
	NotifyClaim        NotifyKind = "claim"
	// NotifyRefund: a payment refunded because its purchase was gone (issue
	// 43). Every admin is told; it is not a setting.
	NotifyRefund NotifyKind = "refund"
)

// NotifyKinds are every kind, in the order the settings list them.
var NotifyKinds = []NotifyKind{NotifyNewOrder, NotifyPayment, NotifyQuoteRequest, NotifyClaim}

// NotificationSettings are which events an admin is e-mailed of, and
// whether as one e-mail each or in one daily digest. Stored on the admin's
// account (`notifications`); an account without them has DefaultNotifications.
type NotificationSettings struct {
	NewOrder     bool `json:"newOrder"`
	Payment      bool `json:"payment"`
	QuoteRequest bool `json:"quoteRequest"`
	Claim        bool `json:"claim"`
	Digest       bool `json:"digest"`
}

// DefaultNotifications: every kind, one e-mail per event.
func DefaultNotifications() NotificationSettings {
	return NotificationSettings{NewOrder: true, Payment: true, QuoteRequest: true, Claim: true}
}

// Wants reports whether the settings ask for events of kind k.
func (n NotificationSettings) Wants(k NotifyKind) bool {
	switch k {
	case NotifyNewOrder:
		return n.NewOrder
	case NotifyPayment:
		return n.Payment
	case NotifyQuoteRequest:
		return n.QuoteRequest
	case NotifyClaim:
		return n.Claim
	case NotifyRefund:
		return true
	}
	return false
}

// NotificationsOf are the user's settings, the defaults when none are stored.
func NotificationsOf(u User) NotificationSettings {
	if u.Notifications != nil {
		return *u.Notifications
	}
	return DefaultNotifications()
}

// NotificationDraft is the body of PUT /account/notifications: every
// setting, each a boolean.
type NotificationDraft struct {
	NewOrder     *bool `json:"newOrder"`
	Payment      *bool `json:"payment"`
	QuoteRequest *bool `json:"quoteRequest"`
	Claim        *bool `json:"claim"`
	Digest       *bool `json:"digest"`
}

// Settings checks that every setting is given and returns them.
func (d NotificationDraft) Settings() (NotificationSettings, error) {
	f := map[string]string{}
	get := func(name string, v *bool) bool {
		if v == nil {
			f[name] = FieldRequired
			return false
		}
		return *v
	}
	s := NotificationSettings{NewOrder: get("newOrder", d.NewOrder), Payment: get("payment", d.Payment),
		QuoteRequest: get("quoteRequest", d.QuoteRequest), Claim: get("claim", d.Claim), Digest: get("digest", d.Digest)}
	return s, Invalid("The notification settings are not valid.", f)
}

// DigestHour is the hour (UTC) at which each day's digest is sent: it
// lists the events of the 24 hours before.
const DigestHour = 7

// NextDigest is the first digest time after t: the events of t go in it.
func NextDigest(t time.Time, hour int) time.Time {
	t = t.UTC()
	d := time.Date(t.Year(), t.Month(), t.Day(), hour, 0, 0, 0, time.UTC)
	if !d.After(t) {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

// DigestEntry is one event a digest lists: a held e-mail's kind, subject
// and time.
type DigestEntry struct {
	Kind    LetterKind
	Subject string
	At      time.Time
	Link    string // the dashboard page where the admin acts
}

// Digest is the content of one admin's daily e-mail.
type Digest struct {
	Day     string    // YYYY-MM-DD of the sending
	At      time.Time // the digest's time: it lists the 24 hours before
	Entries []DigestEntry
}

// NotificationStore keeps the admins' settings and finds the admins to tell.
type NotificationStore interface {
	// Admins returns the admin accounts, with their settings (an indexed read).
	Admins(ctx context.Context) ([]User, error)
	// SetNotifications stores the account's settings.
	SetNotifications(ctx context.Context, id string, n NotificationSettings) (UpdateResult, error)
}
