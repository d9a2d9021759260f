package mail

import (
	"context"
	"log/slog"
	"regexp"

	"storefront/server/internal/shop"
)

// Console shows the e-mails that are not sent (no SMTP_URL) in the server's
// log: recipient, subject and links, as Django's console e-mail backend
// does, so that on a developer's machine a verification or reset link can be
// opened from the log. The links are live: this is for development only.
type Console struct {
	Log *slog.Logger
}

var _ shop.MailTransport = Console{}

var link = regexp.MustCompile(`https?://[^\s<>"]+`)

// Deliver writes the message's recipient, subject and links to the log.
func (c Console) Deliver(ctx context.Context, m shop.Mail) error {
	links := link.FindAllString(m.Text, -1)
	if links == nil {
		links = []string{}
	}
	c.Log.InfoContext(ctx, "e-mail not sent (SMTP_URL is unset; for development only)",
		"to", m.To, "subject", m.Subject, "links", links)
	return nil
}
