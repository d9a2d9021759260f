package mongodb

import (
	"context"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// TestOutbox_MirrorHoldsNoBodies: the embedded store's outbox mirror keeps
// every e-mail without its text and HTML (issue 46's memory), and each read
// that hands e-mails over fills them in from the store: the list, one
// e-mail, the due ones, a claim, a retry.
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
	if d, ok := s.outbox.mem.Mem.Get(oid); !ok || d.Text != "" || d.HTML != "" || d.Subject != "Your order" {
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
	if d, _ := s.outbox.mem.Mem.Get(oid); d.Text != "" || d.HTML != "" || d.Status != string(shop.MailPending) {
		t.Fatalf("after the writes the mirror holds %+v", d)
	}
}
