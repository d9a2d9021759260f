package app

import (
	"context"
	"sync"

	"storefront/server/internal/shop"
)

// maxMailBatch caps the e-mails of one joined insert.
const maxMailBatch = 256

// mailBatch joins the e-mails of requests that are stored at the same time
// into one insert (group commit): the first caller to find no insert under
// way stores its own and every one queued meanwhile, and each caller
// returns once its e-mails are stored, as with an insert of its own. Every
// write is one fsync'd transaction behind the embedded store's one write
// slot, and an order's e-mails were a third of an order's writes; with 8
// buyers at once, the e-mails of several orders now share one. Under no
// load nothing waits: a lone caller stores at once.
//
// The zero value is ready.
type mailBatch struct {
	mu       sync.Mutex
	pending  []*mailRequest
	inserter bool // an insert is under way; queued requests wait for it
}

type mailRequest struct {
	mails []shop.Mail
	done  chan error
}

// insert stores mails with insert, joined with other callers' when they
// come at once. The error, when the joined insert fails, is every
// caller's (a store that cannot take one insert takes none).
func (b *mailBatch) insert(ctx context.Context, mails []shop.Mail, insert func(context.Context, []shop.Mail) error) error {
	r := &mailRequest{mails: mails, done: make(chan error, 1)}
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
func (b *mailBatch) flush(ctx context.Context, insert func(context.Context, []shop.Mail) error) {
	var batch []*mailRequest
	n := 0
	for len(b.pending) > 0 && (n == 0 || n+len(b.pending[0].mails) <= maxMailBatch) {
		n += len(b.pending[0].mails)
		batch = append(batch, b.pending[0])
		b.pending = b.pending[1:]
	}
	b.mu.Unlock()

	mails := batch[0].mails
	if len(batch) > 1 {
		mails = make([]shop.Mail, 0, n)
		for _, r := range batch {
			mails = append(mails, r.mails...)
		}
	}
	err := insert(context.WithoutCancel(ctx), mails)
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
