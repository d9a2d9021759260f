package mirror

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"storefront/server/internal/shop"
)

// The mirror follows the store: a write changes the store first and then,
// in the same turn of the write slot, the mirror. Anything that goes wrong
// after the store call (an error, a timeout on our side of a write the
// store committed, a panic) leaves the mirror's copy of the documents the
// write touched uncertain. mutate then evicts them and reads them back from
// the store before the slot is released, so the next write's guard checks
// what the store holds. If that read fails too, the documents stay out of
// the mirror, marked stale: reads of them, and of the collection's lists
// and key look-ups, answer "unavailable" rather than "not found" (a
// settle that took "not found" for the truth would give stock back for an
// order that exists), and every write to the collection first retries the
// read and answers 503 while it fails. A background loop retries every
// second too. The log and the metric storefront_store_mirror_repairs_total
// say when it happens.

// Writing is one write in progress, as Mutate runs it (and the store's
// writes without a mirror: NewWriting).
type Writing struct {
	env  *Env
	coll string
	sent bool  // the store call was made: the mirror is uncertain until it follows
	err  error // what the store call answered (or the fault injected after it)
	more []any // ids the write found under the slot (Touch), besides Mutate's
}

// NewWriting is a write of collection that no mirror follows (MongoDB).
func NewWriting(env *Env, collection string) *Writing { return &Writing{env: env, coll: collection} }

// Touch adds the _id of a document the write found under the write slot
// (an upsert's) to those read back if it fails.
func (w *Writing) Touch(id any) { w.more = append(w.more, id) }

// Stored records that the store call was made and what it answered, and
// gives the test fault hook (Env.Faults) its turn after a call that
// succeeded. It returns the write's error so far.
func (w *Writing) Stored(err error) error {
	w.sent = true
	if err == nil {
		err = w.env.Fault(w.coll, FaultAfterWrite)
	}
	w.err = err
	return err
}

// Err is the write's error so far (see Stored).
func (w *Writing) Err() error { return w.err }

// readBack puts the stored document into the mirror after a failed write
// (or removes it when it is gone).
func (t *Table[K, D]) readBack(ctx context.Context, id K) error {
	if err := t.env.Fault(t.Mem.Name, FaultReadBack); err != nil {
		return err
	}
	return t.Reload(ctx, id)
}

// ErrStale answers writes to a collection whose mirror could not be read
// back after a failed write, and reads of the documents concerned.
var ErrStale = &shop.Error{Code: shop.EUNAVAILABLE, RetryAfter: time.Second,
	Message: "The store is recovering from an error. Please try again shortly."}

// staleSet is a collection's documents that could not be read back.
type staleSet[K comparable] struct {
	mu  sync.Mutex
	ids map[K]struct{}
	n   atomic.Int64 // len(ids), read without the lock
}

func (s *staleSet[K]) add(id K) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids == nil {
		s.ids = map[K]struct{}{}
	}
	s.ids[id] = struct{}{}
	s.n.Store(int64(len(s.ids)))
}

func (s *staleSet[K]) drop(id K) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.ids, id)
	s.n.Store(int64(len(s.ids)))
}

func (s *staleSet[K]) has(id K) bool {
	if s.n.Load() == 0 {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.ids[id]
	return ok
}

func (s *staleSet[K]) list() []K {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]K, 0, len(s.ids))
	for id := range s.ids {
		out = append(out, id)
	}
	return out
}

// Mutate runs fn, a write of the documents ids, under the write slot. fn
// makes the store call (reporting its answer through w.Stored) and then
// brings the mirror up to date. If fn fails or panics after the store call,
// the mirror's copies of ids are evicted and read back from the store before
// the slot is released (a panic then goes on up).
func (t *Table[K, D]) Mutate(ctx context.Context, ids []K, fn func(ctx context.Context, w *Writing) error) error {
	if t.env.Fault(t.Mem.Name, FaultDelayCommit) != nil {
		wctx := context.WithoutCancel(ctx)
		t.env.Delayed(func() { _ = t.mutate(wctx, ids, fn) })
		return ErrDelayedCommit
	}
	return t.mutate(ctx, ids, fn)
}

func (t *Table[K, D]) mutate(ctx context.Context, ids []K, fn func(ctx context.Context, w *Writing) error) error {
	return t.env.Write(ctx, t.Mem.Name, func(ctx context.Context) (err error) {
		if err := t.RepairStale(ctx); err != nil {
			return err
		}
		w := &Writing{env: t.env, coll: t.Mem.Name}
		defer func() {
			if !w.sent {
				return
			}
			all := slices.Clone(ids)
			for _, id := range w.more {
				all = append(all, id.(K))
			}
			if r := recover(); r != nil {
				t.repair(ctx, all, "a panic")
				panic(r)
			}
			if err != nil {
				t.repair(ctx, all, "an error")
			}
		}()
		return fn(ctx, w)
	})
}

// Update is a guarded update of the document id: check (its precondition;
// nil: none) on the mirror's copy under the write slot, then send, the
// store's write by _id alone. With next, the write and the document it
// leaves are computed from the current one, and that document goes into
// the mirror without reading it back; without, send gets update, and the
// document is read back. send reports how many documents it matched.
func (t *Table[K, D]) Update(ctx context.Context, id K, check func(D) error, next func(cur D) (any, D), update any,
	send func(ctx context.Context, update any) (matched int64, err error)) error {
	if err := t.Await(ctx); err != nil { // before the write slot, which the loader takes
		return err
	}
	return t.Mutate(ctx, []K{id}, func(ctx context.Context, w *Writing) error {
		cur, err := t.Guarded(id, check)
		if err != nil {
			return err
		}
		update := update
		var doc D
		if next != nil {
			update, doc = next(cur)
		}
		matched, err := send(ctx, update)
		if w.Stored(err) != nil {
			return w.Err()
		}
		if next != nil && matched == 1 {
			t.Mem.Put(doc)
			return nil
		}
		if err := t.Reload(ctx, id); err != nil {
			return err
		}
		if matched == 0 {
			return t.NotFound()
		}
		return nil
	})
}

// Remove is a guarded delete of the document id: check on the mirror's
// copy under the write slot, then send, the store's delete by _id alone,
// which reports how many documents it deleted. It returns the document.
func (t *Table[K, D]) Remove(ctx context.Context, id K, check func(D) error, send func(ctx context.Context) (deleted int64, err error)) (D, error) {
	var d D
	if err := t.Await(ctx); err != nil { // before the write slot, which the loader takes
		return d, err
	}
	err := t.Mutate(ctx, []K{id}, func(ctx context.Context, w *Writing) error {
		cur, err := t.Guarded(id, check)
		if err != nil {
			return err
		}
		deleted, err := send(ctx)
		if w.Stored(err) != nil {
			return w.Err()
		}
		t.Mem.Remove(id)
		if deleted != 1 { // never expected: the mirror follows the store
			t.env.Log.Error("a document in memory was not in the store", "collection", t.Mem.Name, "id", IDText(id))
			return t.NotFound()
		}
		d = cur
		return nil
	})
	return d, err
}

// repairTimeout bounds the read-back of the documents of a failed write.
const repairTimeout = 10 * time.Second

// repair evicts ids from the mirror and reads them back from the store;
// those that cannot be read stay out, stale. Callers hold the write slot.
func (t *Table[K, D]) repair(ctx context.Context, ids []K, after string) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), repairTimeout)
	defer cancel()
	failed := 0
	for _, id := range ids {
		// Stale before it leaves memory: a concurrent reader (readers take
		// no slot) must get "unavailable" meanwhile, never "not found".
		t.stale.add(id)
		t.Mem.Remove(id)
		if err := t.readBack(rctx, id); err == nil {
			t.stale.drop(id)
		} else {
			failed++
			t.env.Log.Error("a document could not be read back after a failed write: it is left out of memory and its collection refuses writes until it can be",
				"collection", t.Mem.Name, "id", IDText(id), "error", err)
		}
	}
	shop.Tell(t.env.Telemetry, shop.EventMirrorRepair)
	if failed == 0 {
		t.env.Log.Warn("the in-memory copy was read back from the store after "+after+" in a write", "collection", t.Mem.Name, "documents", len(ids))
	}
}

// RepairStale reads back the collection's stale documents; ErrStale when
// some still cannot be read. Callers hold the write slot.
func (t *Table[K, D]) RepairStale(ctx context.Context) error {
	if t.stale.n.Load() == 0 {
		return nil
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), repairTimeout)
	defer cancel()
	for _, id := range t.stale.list() {
		if err := t.readBack(rctx, id); err != nil {
			return &shop.Error{Code: ErrStale.Code, Message: ErrStale.Message, RetryAfter: ErrStale.RetryAfter, Cause: err}
		}
		t.stale.drop(id)
	}
	t.env.Log.Info("the in-memory copy caught up with the store after a failed write", "collection", t.Mem.Name)
	return nil
}

// StaleDocuments is how many of the collection's documents are stale.
func (t *Table[K, D]) StaleDocuments() int64 { return t.stale.n.Load() }
