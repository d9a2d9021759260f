package app

import (
	"context"
	"fmt"
	"sync"

	"storefront/server/internal/shop"
)

// maxMailBatch caps the documents of one joined insert.
const maxMailBatch = 256

// joined joins the documents of requests that are stored at the same time
// into one insert (group commit): the first caller to find no insert under
// way stores its own and every one queued meanwhile, and each caller
// returns once its documents are stored, as with an insert of its own.
// Every write is one fsync'd transaction behind the embedded store's one
// write slot; with 8 buyers at once, the e-mails of several orders share
// one, and so do the groups of one of several single orders (issue 43).
// Under no load nothing waits: a lone caller stores at once.
//
// The zero value is ready.
type joined[T any] struct {
	mu       sync.Mutex
	pending  []*joinRequest[T]
	inserter bool // an insert is under way; queued requests wait for it
}

// mailBatch joins the outbox's inserts.
type mailBatch = joined[shop.Mail]

type joinRequest[T any] struct {
	mails []T
	done  chan error
}

// insert stores mails with insert, joined with other callers' when they
// come at once. The error, when the joined insert fails, is every
// caller's (a store that cannot take one insert takes none).
func (b *joined[T]) insert(ctx context.Context, mails []T, insert func(context.Context, []T) error) error {
	r := &joinRequest[T]{mails: mails, done: make(chan error, 1)}
	b.mu.Lock()
	b.pending = append(b.pending, r)
	if !b.inserter {
		b.inserter = true
		b.flush(ctx, insert) // unlocks
	} else {
		b.mu.Unlock()
	}
	return <-r.done
}

// flush stores one batch of what is queued, b.mu held on entry and
// released on return. If more came meanwhile, another goroutine stores
// it, so that the caller that flushed is not held by the others.
func (b *joined[T]) flush(ctx context.Context, insert func(context.Context, []T) error) {
	var batch []*joinRequest[T]
	n := 0
	for len(b.pending) > 0 && (n == 0 || n+len(b.pending[0].mails) <= maxMailBatch) {
		n += len(b.pending[0].mails)
		batch = append(batch, b.pending[0])
		b.pending = b.pending[1:]
	}
	b.mu.Unlock()

	mails := batch[0].mails
	if len(batch) > 1 {
		mails = make([]T, 0, n)
		for _, r := range batch {
			mails = append(mails, r.mails...)
		}
	}
	err := guarded(func() error { return insert(context.WithoutCancel(ctx), mails) })
	for _, r := range batch {
		r.done <- err
	}

	b.mu.Lock()
	if len(b.pending) == 0 {
		b.inserter = false
		b.mu.Unlock()
		return
	}
	go b.flush(ctx, insert) // still the inserter; unlocks
}

// guarded runs insert, turning a panic into an internal error: every
// caller of a joined insert waits for its answer, so none may be lost with
// a panic (the write may have happened; each caller settles that as after
// any uncertain error).
func guarded(insert func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &shop.Error{Code: shop.EINTERNAL, Message: "Internal error.", Cause: fmt.Errorf("a joined insert panicked: %v", r)}
		}
	}()
	return insert()
}
