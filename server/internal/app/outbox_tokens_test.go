package app_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"mime/quotedprintable"
	"strings"
	"testing"

	"storefront/server/internal/app"
	"storefront/server/internal/mail"
	"storefront/server/internal/mail/mailtest"
	"storefront/server/internal/shop"
)

// A link that carries a token is never kept readable: the sender gets it,
// and once sent (or given up, or kept disabled) the stored text and HTML
// have the token replaced; the admins' list never shows it.

const liveToken = "q8R3v0Zk1xYw2u7T5s4r3p2o1n0m9l8k7j6i5h4g3f2"

func verifyLetter() shop.Letter {
	u := shop.User{Name: "Ann", Email: "ann@shop.test"}
	return shop.Letter{Kind: shop.LetterVerifyEmail, To: u.Email, Account: &u, Link: shop.VerifyEmailLink("https://shop.example", liveToken)}
}

func admin() shop.Caller { return &shop.User{Email: "boss@shop.test", Role: shop.RoleAdmin} }

func TestOutbox_SentMailKeepsNoToken(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	srv := mailtest.Start(t, mailtest.Options{Security: mailtest.Plain})
	out := newOutbox(s, true)
	out.Send(context.Background(), verifyLetter())
	// Pending: the sender needs the link; the admins never see it.
	if m := outbox(t, s)[0]; m.Status != shop.MailPending || !strings.Contains(m.Text, liveToken) {
		t.Fatalf("pending: %+v", m)
	}
	list, _, err := out.List(context.Background(), admin(), 10, 0)
	if err != nil || strings.Contains(list[0].Text, liveToken) || !strings.Contains(list[0].Text, "token="+shop.RedactedToken) {
		t.Fatalf("the admins' list: %+v %v", list, err)
	}
	if n := mustPass(t, newCourier(t, s, srv, clock, "smtp://"+srv.Addr())); n != 1 {
		t.Fatalf("sent %d", n)
	}
	got := srv.Messages()
	body, _ := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(got[0].Data)))
	if len(got) != 1 || !strings.Contains(string(body), "https://shop.example/verify-email?token="+liveToken) {
		t.Fatalf("the e-mail sent lacks the live link:\n%s", body)
	}
	dump, err := s.Dump(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(dump, liveToken) || !strings.Contains(dump, "verify-email?token="+shop.RedactedToken) {
		t.Fatalf("the store after sending:\n%s", dump)
	}
	if m := outbox(t, s)[0]; m.Status != shop.MailSent || strings.Contains(m.HTML, liveToken) || !strings.Contains(m.HTML, shop.RedactedToken) {
		t.Fatalf("sent: %+v", m)
	}
}

func TestOutbox_GivenUpMailKeepsNoToken(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	srv := mailtest.Start(t, mailtest.Options{})
	srv.Stop()
	newOutbox(s, true).Send(context.Background(), verifyLetter())
	courier := newCourier(t, s, srv, clock, "smtp://"+srv.Addr())
	mustPass(t, courier)
	if m := outbox(t, s)[0]; m.Status != shop.MailPending || !strings.Contains(m.Text, liveToken) {
		t.Fatalf("after a failed attempt, to be tried again: %+v", m)
	}
	clock.Add(shop.MailGiveUpAfter)
	mustPass(t, courier)
	if m := outbox(t, s)[0]; m.Status != shop.MailFailed || strings.Contains(m.Text+m.HTML, liveToken) {
		t.Fatalf("given up: %+v", m)
	}
}

// Without SMTP_URL the message is kept disabled without its token, and the
// console (the log on a developer's machine) shows its recipient, subject
// and live links; elsewhere (issue 44) its recipient and subject only.
func TestOutbox_DisabledMailKeepsNoTokenAndIsLogged(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	var quiet bytes.Buffer
	out := &app.Outbox{Store: s, Composer: mail.MustTemplates(""), Domain: "shop.test", Log: discard,
		Console: mail.Console{Log: slog.New(slog.NewTextHandler(&quiet, nil))}}
	out.Send(context.Background(), verifyLetter())
	if line := quiet.String(); strings.Contains(line, liveToken) || strings.Contains(line, "verify-email") || !strings.Contains(line, "to=ann@shop.test") {
		t.Fatalf("a deployment's log: %s", line)
	}
	var logs bytes.Buffer
	out = &app.Outbox{Store: s, Composer: mail.MustTemplates(""), Domain: "shop.test", Log: discard,
		Console: mail.Console{Log: slog.New(slog.NewTextHandler(&logs, nil)), Links: true}}
	out.Send(context.Background(), verifyLetter())
	m := outbox(t, s)[0]
	if m.Status != shop.MailDisabled || strings.Contains(m.Text+m.HTML, liveToken) || !strings.Contains(m.Text, "verify-email?token="+shop.RedactedToken) {
		t.Fatalf("kept: %+v", m)
	}
	line := logs.String()
	for _, want := range []string{"to=ann@shop.test", `subject="Confirm your e-mail address for Ironclad Machinery"`, "https://shop.example/verify-email?token=" + liveToken} {
		if !strings.Contains(line, want) {
			t.Errorf("the log lacks %q:\n%s", want, line)
		}
	}
}
