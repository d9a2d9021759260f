package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"storefront/server/internal/shop"
)

// HeldMailStore is what the digest reads and clears of the outbox.
type HeldMailStore interface {
	// DueHeldMail returns up to limit held notifications whose digest time
	// is at or before now, soonest first.
	DueHeldMail(ctx context.Context, now time.Time, limit int) ([]shop.Mail, error)
	// DropHeldMail deletes held notifications due at now.
	DropHeldMail(ctx context.Context, now time.Time, ids []string) error
}

// Notifier tells the admins of new work: a new order, a payment, a quote
// request, a claim. Each admin who wants a kind (all do by default) gets
// one e-mail per event, written into the outbox with the customer's own
// e-mail of that event, in the same insert; an admin who chose the daily
// digest gets the event held in the outbox (MailHeld) instead, and one
// e-mail a day (SendDigests) lists them. A nil Notifier tells nobody.
type Notifier struct {
	Store shop.NotificationStore
	Held  HeldMailStore
	Mail  *Outbox
	// SiteURL is the client's origin: the dashboard links.
	SiteURL string
	Now     func() time.Time // nil: time.Now
	Log     *slog.Logger

	mu      sync.Mutex
	admins  []shop.User // the recipients, read at most every recipientsTTL
	fetched time.Time
}

// recipientsTTL is how long the admins read for one event serve the next
// ones: a role or a setting changed on another instance is followed
// within it (this instance's own settings changes at once).
const recipientsTTL = 2 * time.Second

// digestGrace is how long after a digest's time its held notifications
// are left for the requests still writing them.
const digestGrace = time.Minute

// digestBatch is how many held notifications a digest pass reads at once
// (and the most one digest e-mail lists).
const digestBatch = 500

var notifyLetters = map[shop.NotifyKind]shop.LetterKind{
	shop.NotifyNewOrder: shop.LetterAdminNewOrder, shop.NotifyPayment: shop.LetterAdminPayment,
	shop.NotifyQuoteRequest: shop.LetterAdminQuoteRequest, shop.NotifyClaim: shop.LetterAdminClaim,
	shop.NotifyRefund: shop.LetterAdminRefund,
}

// The dashboard page where an admin acts on each kind.
var notifyPages = map[shop.LetterKind]string{
	shop.LetterAdminNewOrder: "/dashboard/manageorder", shop.LetterAdminPayment: "/dashboard/manageorder",
	shop.LetterAdminQuoteRequest: "/dashboard/quotes", shop.LetterAdminClaim: "/dashboard/claims",
	shop.LetterAdminDigest: "/dashboard/notifications", shop.LetterAdminRefund: "/dashboard/manageorder",
}

func (n *Notifier) now() time.Time {
	if n.Now != nil {
		return n.Now().UTC()
	}
	return time.Now().UTC()
}

func (n *Notifier) link(k shop.LetterKind) string {
	return strings.TrimRight(n.SiteURL, "/") + notifyPages[k]
}

// Settings answers GET /account/notifications: the admin's own.
func (n *Notifier) Settings(_ context.Context, caller shop.Caller) (shop.NotificationSettings, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.NotificationSettings{}, err
	}
	return shop.NotificationsOf(*caller), nil
}

// SetSettings answers PUT /account/notifications: every setting given.
func (n *Notifier) SetSettings(ctx context.Context, caller shop.Caller, d shop.NotificationDraft) (shop.NotificationSettings, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.NotificationSettings{}, err
	}
	s, err := d.Settings()
	if err != nil {
		return shop.NotificationSettings{}, err
	}
	if _, err := n.Store.SetNotifications(ctx, caller.ID, s); err != nil {
		return shop.NotificationSettings{}, err
	}
	n.mu.Lock()
	n.admins = nil // read again at the next event
	n.mu.Unlock()
	return s, nil
}

// recipients are the admins with their settings, read again after
// recipientsTTL: one indexed read per TTL, however many orders.
func (n *Notifier) recipients(ctx context.Context) ([]shop.User, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	now := time.Now()
	if n.admins != nil && now.Sub(n.fetched) < recipientsTTL {
		return n.admins, nil
	}
	admins, err := n.Store.Admins(ctx)
	if err != nil {
		return nil, err
	}
	n.admins, n.fetched = admins, now
	return admins, nil
}

// Letters are the admins' notifications of one event of kind k (the
// letter's document set): one per admin who wants the kind, held for the
// digest for those who chose it. The caller sends them with its own
// letters, in one insert.
func (n *Notifier) Letters(ctx context.Context, k shop.NotifyKind, l shop.Letter) []shop.Letter {
	if n == nil || n.Mail == nil {
		return nil
	}
	admins, err := n.recipients(ctx)
	if err != nil {
		n.Log.ErrorContext(ctx, "the admins are not told of an event", "kind", k, "error", err)
		return nil
	}
	l.Kind = notifyLetters[k]
	l.Link = n.link(l.Kind)
	var out []shop.Letter
	for _, a := range admins {
		s := shop.NotificationsOf(a)
		if !a.IsAdmin() || a.DeletingAt != nil || !s.Wants(k) {
			continue
		}
		one := l
		one.To = a.Email
		if s.Digest {
			one.HeldUntil = shop.NextDigest(n.now(), shop.DigestHour)
		}
		out = append(out, one)
	}
	return out
}

// Notify sends the admins' notifications of one event on their own (an
// event without a customer's e-mail).
func (n *Notifier) Notify(ctx context.Context, k shop.NotifyKind, l shop.Letter) {
	if n != nil {
		n.Mail.Send(ctx, n.Letters(ctx, k, l)...)
	}
}

// SendDigests writes the digests whose time has come: for each admin and
// digest time, one e-mail listing the notifications held for it, after
// which they are deleted. Of several instances' passes one stores each
// digest: its id is made from the admin, the time and the first held
// notification's id, so a second insert of the same digest is refused
// (and its notifications just deleted, as after a crash between the two
// steps). It returns how many digests it wrote.
func (n *Notifier) SendDigests(ctx context.Context) (int, error) {
	if n == nil || n.Mail == nil || n.Held == nil {
		return 0, nil
	}
	due := n.now().Add(-digestGrace)
	sent := 0
	for ctx.Err() == nil {
		held, err := n.Held.DueHeldMail(ctx, due, digestBatch)
		if err != nil || len(held) == 0 {
			return sent, err
		}
		admins, err := n.Store.Admins(ctx)
		if err != nil {
			return sent, err
		}
		for _, group := range groupHeld(held) {
			wrote, err := n.digest(ctx, group, admins)
			if err != nil {
				return sent, err
			}
			if wrote {
				sent++
			}
			ids := make([]string, len(group))
			for i, m := range group {
				ids[i] = m.ID
			}
			if err := n.Held.DropHeldMail(ctx, due, ids); err != nil {
				return sent, err
			}
		}
		if len(held) < digestBatch {
			break
		}
	}
	return sent, nil
}

// digest stores one admin's digest of group; false when another pass
// stored it already, or the address is no admin's any more.
func (n *Notifier) digest(ctx context.Context, group []shop.Mail, admins []shop.User) (bool, error) {
	first := group[0]
	if !slices.ContainsFunc(admins, func(u shop.User) bool { return u.Email == first.To && u.DeletingAt == nil }) {
		return false, nil // no longer an admin: nothing to tell
	}
	at := first.NextAt.UTC()
	d := shop.Digest{Day: at.Format(time.DateOnly), At: at}
	for _, m := range group {
		d.Entries = append(d.Entries, shop.DigestEntry{Kind: m.Kind, Subject: m.Subject, At: m.CreatedAt.UTC(), Link: n.link(m.Kind)})
	}
	slices.SortStableFunc(d.Entries, func(a, b shop.DigestEntry) int { return a.At.Compare(b.At) })
	sum := sha256.Sum256([]byte(first.To + "\x00" + at.Format(time.RFC3339) + "\x00" + first.ID))
	id := hex.EncodeToString(sum[:12])
	err := n.Mail.write(context.WithoutCancel(ctx), id, []shop.Letter{{Kind: shop.LetterAdminDigest, To: first.To, Digest: &d, Link: n.link(shop.LetterAdminDigest)}})
	switch shop.ErrorCode(err) {
	case "":
		return true, nil
	case shop.ECONFLICT:
		return false, nil // another instance's pass stored it
	}
	return false, err
}

// groupHeld splits held notifications (soonest first) by admin and
// digest time, in the order met.
func groupHeld(held []shop.Mail) [][]shop.Mail {
	type key struct {
		to string
		at time.Time
	}
	index := map[key]int{}
	var groups [][]shop.Mail
	for _, m := range held {
		k := key{m.To, m.NextAt.UTC()}
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], m)
	}
	return groups
}

// RunDigests writes the due digests at start and at every tick until ctx
// ends (a minute's ticker in production; the tests call SendDigests).
func (n *Notifier) RunDigests(ctx context.Context, tick <-chan time.Time) {
	for {
		if k, err := n.SendDigests(ctx); err != nil && ctx.Err() == nil {
			n.Log.ErrorContext(ctx, "daily digests", "error", err)
		} else if k > 0 {
			n.Log.InfoContext(ctx, "daily digests written", "count", k)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick:
		}
	}
}
