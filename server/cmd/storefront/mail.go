package main

import (
	"context"
	"log/slog"
	"net/url"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/config"
	"storefront/server/internal/mail"
	"storefront/server/internal/metrics"
	"storefront/server/internal/mongodb"
)

// courier is the outbox's sender with the channel that wakes it when a
// request stores a message.
type courier struct {
	*app.Courier
	wake chan struct{}
}

func (c *courier) run(ctx context.Context, tick <-chan time.Time) { c.Run(ctx, tick, c.wake) }

// newOutbox builds the outbox and, with SMTP_URL, its sender; without it
// messages are stored disabled and no sender runs.
func newOutbox(cfg config.Config, store *mongodb.Store, log *slog.Logger, meter *metrics.Metrics) (*app.Outbox, *courier, error) {
	templates, err := mail.NewTemplates("")
	if err != nil {
		return nil, nil, err
	}
	templates.SiteURL = cfg.SiteURL // the letters' links (issue 49)
	domain := mail.Domain(cfg.MailFrom)
	if domain == "" {
		if u, err := url.Parse(cfg.PublicURL); err == nil {
			domain = u.Hostname()
		}
	}
	outbox := &app.Outbox{Store: store, Composer: templates, Domain: domain, From: cfg.MailFrom, Log: log}
	if cfg.SMTPURL == "" {
		// For development: each message's links are in the log, on a
		// developer's machine or when asked; elsewhere only who and what.
		links := cfg.MailLinksLogged()
		outbox.Console = mail.Console{Log: log, Links: links}
		if links {
			log.Info("e-mail is kept in the outbox, not sent: SMTP_URL is unset; each message's recipient, subject and links are logged (for development only)")
		} else {
			log.Warn("e-mail is not being sent: SMTP_URL is unset, and SITE_URL is not a loopback address, so the log shows each message's recipient and subject but not its links. " +
				"To verify the first admin's address, set MAIL_CONSOLE=true (the links are then logged) or run `storefront admin verify EMAIL` on this machine (with the embedded store, while the server is stopped)")
		}
		return outbox, nil, nil
	}
	transport, err := mail.NewSMTP(cfg.SMTPURL, cfg.MailFrom, nil)
	if err != nil {
		return nil, nil, err
	}
	c := &courier{Courier: &app.Courier{Store: store, Transport: transport, Log: log, Telemetry: meter}, wake: make(chan struct{}, 1)}
	outbox.Enabled = true
	outbox.Wake = func() {
		select {
		case c.wake <- struct{}{}:
		default: // a pass is due already
		}
	}
	log.Info("e-mail is sent through SMTP", "server", transport.Describe(), "from", cfg.MailFrom)
	return outbox, c, nil
}
