package mongodb_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// repairs counts the mirror's repairs after failed writes.
type repairs struct {
	mu sync.Mutex
	n  int
}

func (r *repairs) Count(e shop.Event) {
	if e == shop.EventMirrorRepair {
		r.mu.Lock()
		r.n++
		r.mu.Unlock()
	}
}
func (r *repairs) RateLimited(string) {}

// Appending to the audit trail, one after another and at once, writes
// nothing that fails: the chain head's entry, stored already, is not
// inserted again (each duplicate made the embedded store repair its copy).
func TestAppendAudit_NoFailedWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := &repairs{}
	s := mongotest.MustOpenWith(t, func(c *mongodb.Config) { c.Telemetry = r })
	hash := func(e shop.AuditEntry) string { return fmt.Sprintf("%d:%s:%s", e.Seq, e.Prev, e.Action) }
	appendOne := func(i int) {
		if _, err := s.AppendAudit(ctx, shop.AuditEntry{At: time.Now(), Action: fmt.Sprintf("test.%d", i), Outcome: "ok"}, hash); err != nil {
			t.Error(err)
		}
	}
	for i := range 3 {
		appendOne(i)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() { appendOne(10 + i) })
	}
	wg.Wait()
	_, total, err := s.ListAudit(ctx, shop.AuditQuery{}, 50, 0)
	if err != nil {
		t.Fatal(err)
	}
	if total != 11 {
		t.Fatalf("%d entries stored, want 11", total)
	}
	if r.n != 0 {
		t.Fatalf("%d writes failed and were repaired while appending", r.n)
	}
}
