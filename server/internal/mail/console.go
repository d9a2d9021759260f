package mail

import (
	"context"
	"log/slog"
	"regexp"

	"storefront/server/internal/shop"
)

// Console shows the e-mails that are not sent (no SMTP_URL) in the server's
// log: recipient and subject, and, with Links, the links, as Django's
// console e-mail backend does, so that on a developer's machine a
// verification or reset link can be opened from the log. The links are
// live, so they are logged only on a developer's machine (SITE_URL on
// loopback) or when asked (MAIL_CONSOLE=true): in a deployment a reset
// link in a log is anyone's who reads the log (issue 44).
type Console struct {
	Log   *slog.Logger
	Links bool
}

var _ shop.MailTransport = Console{}

var link = regexp.MustCompile(`https?://[^\s<>"]+`)

// Deliver writes the message's recipient, subject and links to the log.
func (c Console) Deliver(ctx context.Context, m shop.Mail) error {
	if !c.Links {
		c.Log.InfoContext(ctx, "e-mail not sent (SMTP_URL is unset)", "to", m.To, "subject", m.Subject)
		return nil
	}
	links := link.FindAllString(m.Text, -1)
	if links == nil {
		links = []string{}
	}
	c.Log.InfoContext(ctx, "e-mail not sent (SMTP_URL is unset; for development only)",
		"to", m.To, "subject", m.Subject, "links", links)
	return nil
}
