package mongodb

import (
	"context"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// OldestAudit answers every entry once, oldest first, over its pages, and
// stops when told.
func TestOldestAudit_EveryEntryInOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openAny(t)
	n := 1203 // embedded: two full pages of 500 and a part
	if !s.Embedded() {
		n = 20 // (MongoDB reads them in one query: EachAudit)
	}
	at := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	for i := range n {
		if _, err := s.AppendAudit(ctx, shop.AuditEntry{At: at.Add(time.Duration(i) * time.Second), ActorRole: shop.RoleSystem, Action: "test", Outcome: shop.OutcomeSuccess},
			func(e shop.AuditEntry) string { return "h" }); err != nil {
			t.Fatal(err)
		}
	}
	var seqs []int64
	if err := s.OldestAudit(ctx, func(e shop.AuditEntry) bool { seqs = append(seqs, e.Seq); return true }); err != nil {
		t.Fatal(err)
	}
	if len(seqs) != n {
		t.Fatalf("%d entries, want %d", len(seqs), n)
	}
	for i, seq := range seqs {
		if seq != int64(i+1) {
			t.Fatalf("entry %d is number %d", i+1, seq)
		}
	}
	calls, stop := 0, n-3
	if err := s.OldestAudit(ctx, func(e shop.AuditEntry) bool { calls++; return e.Seq < int64(stop) }); err != nil || calls != stop {
		t.Fatalf("stopped after %d entries (%v), want %d", calls, err, stop)
	}
}
