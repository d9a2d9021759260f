package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"storefront/server/internal/shop"
)

// SMTP delivers e-mail to the server of SMTP_URL:
//
//   - smtps://[user:pass@]host[:465]: implicit TLS;
//   - smtp://user:pass@host[:587]: STARTTLS required, so that the password
//     never crosses in plain text;
//   - smtp://host[:25]: STARTTLS when the server offers it, plain otherwise
//     (a local relay, a development catcher).
type SMTP struct {
	host      string
	port      int
	implicit  bool
	policy    gomail.TLSPolicy
	user, pwd string
	from      string
	tlsConfig *tls.Config
}

var _ shop.MailTransport = (*SMTP)(nil)

// NewSMTP reads SMTP_URL and MAIL_FROM. tlsConfig, when not nil, replaces
// the default (tests trust their own certificate with it).
func NewSMTP(rawURL, from string, tlsConfig *tls.Config) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" || (u.Scheme != "smtp" && u.Scheme != "smtps") || (u.Path != "" && u.Path != "/") {
		return nil, fmt.Errorf("SMTP_URL must look like smtps://user:password@host:465 or smtp://host:25")
	}
	if _, err := mail.ParseAddress(from); err != nil {
		return nil, fmt.Errorf("MAIL_FROM must be an e-mail address: %w", err)
	}
	s := &SMTP{host: u.Hostname(), from: from, tlsConfig: tlsConfig}
	if u.User != nil {
		s.user = u.User.Username()
		s.pwd, _ = u.User.Password()
	}
	switch {
	case u.Scheme == "smtps":
		s.implicit, s.port = true, 465
	case s.user != "":
		s.policy, s.port = gomail.TLSMandatory, 587
	default:
		s.policy, s.port = gomail.TLSOpportunistic, 25
	}
	if p := u.Port(); p != "" {
		if s.port, err = strconv.Atoi(p); err != nil || s.port < 1 || s.port > 65535 {
			return nil, fmt.Errorf("SMTP_URL has a bad port %q", p)
		}
	}
	return s, nil
}

// Describe is SMTP_URL without its password, for the log.
func (s *SMTP) Describe() string {
	scheme := "smtp"
	if s.implicit {
		scheme = "smtps"
	}
	user := ""
	if s.user != "" {
		user = s.user + "@"
	}
	return fmt.Sprintf("%s://%s%s:%d", scheme, user, s.host, s.port)
}

// Deliver sends one message, with its own Message-ID, over a connection of
// its own.
func (s *SMTP) Deliver(ctx context.Context, m shop.Mail) error {
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(30 * time.Second)}
	if s.tlsConfig != nil {
		cfg := s.tlsConfig.Clone()
		if cfg.ServerName == "" {
			cfg.ServerName = s.host
		}
		opts = append(opts, gomail.WithTLSConfig(cfg))
	}
	if s.implicit {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(s.policy))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.user), gomail.WithPassword(s.pwd))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return err
	}
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("MAIL_FROM: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("the address %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(strings.Trim(m.MessageID, "<>"))
	msg.SetDate()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	for _, f := range m.Files {
		if err := msg.AttachReader(f.Filename, bytes.NewReader(f.Data), gomail.WithFileContentType(gomail.ContentType(f.ContentType))); err != nil {
			return fmt.Errorf("attach %s: %w", f.Filename, err)
		}
	}
	return c.DialAndSendWithContext(ctx, msg)
}

// Domain is the domain of a MAIL_FROM address ("" when it has none), the
// right-hand side of the Message-IDs.
func Domain(from string) string {
	a, err := mail.ParseAddress(from)
	if err != nil {
		return ""
	}
	_, d, _ := strings.Cut(a.Address, "@")
	return d
}
