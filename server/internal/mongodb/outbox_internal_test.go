package mongodb

import (
	"context"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// TestOutbox_MirrorHoldsNoBodies: the embedded store's outbox mirror keeps
// every e-mail's state alone, without its body (issue 46's memory: pending,
// failed, sent or kept), and each read that hands e-mails over reads them
// whole from the store: the list, one e-mail, the due ones, a claim, a
// retry.
func TestOutbox_MirrorHoldsNoBodies(t *testing.T) {
	t.Parallel()
	s := openEmbedded(t)
	ctx := context.Background()
	if err := s.outbox.mem.Await(ctx); err != nil {
		t.Fatal(err)
	}
	m, err := s.InsertMail(ctx, shop.Mail{Kind: "order", To: "buyer@shop.test", Subject: "Your order", Text: "Thank you.", HTML: "<p>Thank you.</p>",
		Status: shop.MailPending})
	if err != nil {
		t.Fatal(err)
	}
	oid, _ := objectID(m.ID)
	if d, ok := s.outbox.mem.Mem.Get(oid); !ok || d.MailBody != nil || d.Status != string(shop.MailPending) || d.CreatedAt.IsZero() {
		t.Fatalf("the mirror holds %+v", d)
	}
	whole := func(what string, got shop.Mail) {
		t.Helper()
		if got.ID != m.ID || got.Text != "Thank you." || got.HTML != "<p>Thank you.</p>" || got.Subject != "Your order" {
			t.Fatalf("%s: %+v", what, got)
		}
	}
	list, total, err := s.ListMail(ctx, 10, 0)
	if err != nil || total != 1 || len(list) != 1 {
		t.Fatalf("list: %d of %d, %v", len(list), total, err)
	}
	whole("the list", list[0])
	one, err := s.FindMail(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	whole("one e-mail", one)
	now := time.Now().Add(time.Minute)
	due, err := s.DueMail(ctx, now, 10)
	if err != nil || len(due) != 1 {
		t.Fatalf("due: %d, %v", len(due), err)
	}
	whole("the due ones", due[0])
	claimed, err := s.ClaimMail(ctx, m.ID, "sender-1", now, now.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	whole("a claim", claimed)
	failed := claimed
	failed.Status, failed.Attempts, failed.LastError, failed.NextAt = shop.MailFailed, 1, "refused", now
	if err := s.FinishMail(ctx, m.ID, "sender-1", failed); err != nil {
		t.Fatal(err)
	}
	retried, err := s.RetryMail(ctx, m.ID, "boss@shop.test")
	if err != nil {
		t.Fatal(err)
	}
	whole("a retry", retried)
	if d, _ := s.outbox.mem.Mem.Get(oid); d.MailBody != nil || d.Status != string(shop.MailPending) {
		t.Fatalf("after the writes the mirror holds %+v", d)
	}

	// Sent, the mirror holds its state alone; every read shows it whole.
	claimed, err = s.ClaimMail(ctx, m.ID, "sender-2", now, now.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	sent := claimed
	sentAt := now.UTC().Truncate(time.Millisecond)
	sent.Status, sent.Attempts, sent.SentAt, sent.NextAt, sent.LastError = shop.MailSent, 2, &sentAt, now.Add(shop.MailKeepSent), ""
	if err := s.FinishMail(ctx, m.ID, "sender-2", sent); err != nil {
		t.Fatal(err)
	}
	d, _ := s.outbox.mem.Mem.Get(oid)
	if d.Status != string(shop.MailSent) || d.MailBody != nil || d.Claim != "" ||
		d.CreatedAt.IsZero() || !d.NextAt.Equal(now.Add(shop.MailKeepSent).UTC().Truncate(time.Millisecond)) {
		t.Fatalf("a sent e-mail's mirror holds %+v", d)
	}
	for what, read := range map[string]func() (shop.Mail, error){
		"the list":   func() (shop.Mail, error) { l, _, err := s.ListMail(ctx, 10, 0); return l[0], err },
		"one e-mail": func() (shop.Mail, error) { return s.FindMail(ctx, m.ID) },
	} {
		got, err := read()
		if err != nil {
			t.Fatal(err)
		}
		whole(what+", sent", got)
		if got.Kind != "order" || got.To != "buyer@shop.test" || got.Status != shop.MailSent || got.RetriedBy != "boss@shop.test" ||
			got.SentAt == nil || !got.SentAt.Equal(sentAt) || got.Attempts != 2 {
			t.Fatalf("%s, sent: %+v", what, got)
		}
	}
	if _, err := s.RetryMail(ctx, m.ID, "boss@shop.test"); shop.ErrorCode(err) != shop.ECONFLICT || err.Error() != shop.ErrMailSent.Error() {
		t.Fatalf("retry of a sent e-mail: %v", err)
	}
	if n, err := s.DeleteSentMail(ctx, now.Add(shop.MailKeepSent+time.Second), 10); err != nil || n != 1 {
		t.Fatalf("deleted %d sent e-mails, %v", n, err)
	}
	if _, total, _ := s.ListMail(ctx, 10, 0); total != 0 {
		t.Fatalf("%d e-mails after the deletion", total)
	}

	// Kept unsent (sending off): its state alone too.
	off, err := s.InsertMail(ctx, shop.Mail{Kind: "welcome", To: "new@shop.test", Subject: "Welcome", Text: "Hello.", HTML: "<p>Hello.</p>",
		Status: shop.MailDisabled})
	if err != nil {
		t.Fatal(err)
	}
	offID, _ := objectID(off.ID)
	if d, _ := s.outbox.mem.Mem.Get(offID); d.Status != string(shop.MailDisabled) || d.MailBody != nil {
		t.Fatalf("a kept e-mail's mirror holds %+v", d)
	}
	if got, err := s.FindMail(ctx, off.ID); err != nil || got.To != "new@shop.test" || got.Subject != "Welcome" || got.Kind != "welcome" || got.Text != "Hello." {
		t.Fatalf("a kept e-mail read: %+v, %v", got, err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatalf("the mirror differs from the store: %v", err)
	}
}
