package app

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// TestMailBatch_JoinsInsertsThatComeAtOnce: while one insert is under way,
// the e-mails of the callers that come meanwhile are stored together in the
// next one, each caller returns only once its own are stored, and an
// insert's error is each of its callers'.
func TestMailBatch_JoinsInsertsThatComeAtOnce(t *testing.T) {
	t.Parallel()
	var (
		b        mailBatch
		mu       sync.Mutex
		inserts  [][]string
		first    = make(chan struct{})
		release  = make(chan struct{})
		failNext = false
	)
	insert := func(_ context.Context, mails []shop.Mail) error {
		mu.Lock()
		var ids []string
		for _, m := range mails {
			ids = append(ids, m.ID)
		}
		inserts = append(inserts, ids)
		n, fail := len(inserts), failNext
		mu.Unlock()
		if n == 1 {
			close(first)
			<-release
		}
		if fail {
			return errors.New("the store is gone")
		}
		return nil
	}
	mails := func(ids ...string) []shop.Mail {
		var out []shop.Mail
		for _, id := range ids {
			out = append(out, shop.Mail{ID: id})
		}
		return out
	}
	returned := make(chan string, 8)
	call := func(name string, ids ...string) {
		if err := b.insert(context.Background(), mails(ids...), insert); err != nil {
			returned <- name + ": " + err.Error()
			return
		}
		returned <- name
	}

	go call("a", "a1", "a2")
	<-first // a's insert is under way
	go call("b", "b1")
	go call("c", "c1", "c2", "c3")
	// both queued behind a's insert, which has not returned
	waitFor(t, func() bool { b.mu.Lock(); defer b.mu.Unlock(); return len(b.pending) == 2 })
	select {
	case r := <-returned:
		t.Fatalf("%s returned before its e-mails were stored", r)
	default:
	}
	close(release)
	got := []string{<-returned, <-returned, <-returned}
	slices.Sort(got)
	if !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Fatalf("returned %v", got)
	}
	mu.Lock()
	if len(inserts) != 2 || !slices.Equal(inserts[0], []string{"a1", "a2"}) || len(inserts[1]) != 4 {
		t.Fatalf("inserts %v, want a's alone, then b's and c's together", inserts)
	}
	joined := slices.Clone(inserts[1])
	slices.Sort(joined)
	if !slices.Equal(joined, []string{"b1", "c1", "c2", "c3"}) {
		t.Fatalf("the joined insert held %v", inserts[1])
	}
	failNext = true
	mu.Unlock()

	// Nothing under way: a lone caller stores at once; a failed insert is its caller's error.
	call("d", "d1")
	if r := <-returned; r != "d: the store is gone" {
		t.Fatalf("d: %s", r)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.inserter || len(b.pending) != 0 {
		t.Fatalf("left inserter %v with %d queued", b.inserter, len(b.pending))
	}
}

// TestMailBatch_ManyCallersEachStoredOnce: a crowd of callers, each
// e-mail stored exactly once, in no more inserts than callers.
func TestMailBatch_ManyCallersEachStoredOnce(t *testing.T) {
	t.Parallel()
	var (
		b       mailBatch
		mu      sync.Mutex
		stored  = map[string]int{}
		inserts int
	)
	insert := func(_ context.Context, mails []shop.Mail) error {
		time.Sleep(200 * time.Microsecond)
		mu.Lock()
		defer mu.Unlock()
		inserts++
		for _, m := range mails {
			stored[m.ID]++
		}
		return nil
	}
	const callers = 200
	var wg sync.WaitGroup
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := string(rune('A'+i%26)) + string(rune('0'+i/26))
			if err := b.insert(context.Background(), []shop.Mail{{ID: id}, {ID: id + "-admin"}}, insert); err != nil {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if stored[id] != 1 || stored[id+"-admin"] != 1 {
				t.Errorf("%s returned with its e-mails stored %d and %d times", id, stored[id], stored[id+"-admin"])
			}
		}()
	}
	wg.Wait()
	if len(stored) != 2*callers || inserts > callers {
		t.Fatalf("%d e-mails stored in %d inserts, want %d in at most %d", len(stored), inserts, 2*callers, callers)
	}
	t.Logf("%d callers' e-mails in %d inserts", callers, inserts)
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
	}
}
