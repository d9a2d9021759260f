package mongodb

import (
	"context"

	"storefront/server/internal/mirror"
)

// The embedded store's mirrors (internal/mirror) as the store's API shows
// them: the sample check, the stale documents and the test fault hook's
// steps.

// The sample check's period and size (mirror.SampleEvery, Config.SampleEvery).
const (
	SampleEvery = mirror.SampleEvery
	SampleSize  = mirror.SampleSize
)

// The steps at which Config.Faults is called.
const (
	FaultAfterWrite = mirror.FaultAfterWrite // a store write succeeded; the mirror has not followed yet
	FaultReadBack   = mirror.FaultReadBack   // a document is about to be read back after a failed write
	// FaultDelayCommit: a write about to be sent; an error makes its caller
	// see an error at once and sends the write a moment later.
	FaultDelayCommit = mirror.FaultDelayCommit
)

// CheckSample compares a sample of every mirror with the store (see
// SampleSize) and repairs what differs; it returns the number of
// differences found (0 with MONGODB_URI, which has no mirrors).
func (s *Store) CheckSample(ctx context.Context, n int) (int, error) {
	return s.mirrors.CheckSample(ctx, n)
}

// StaleDocuments is how many mirrored documents could not be read back after
// a failed write, by collection (empty when there are none).
func (s *Store) StaleDocuments() map[string]int64 { return s.mirrors.StaleDocuments() }

// mirrorOf returns the collection's mirror (nil when it has none).
func (s *Store) mirrorOf(collection string) mirror.Mirrored { return s.mirrors.Of(collection) }

// WaitDelayedWrites waits until the writes FaultDelayCommit held back have
// landed (tests).
func (s *Store) WaitDelayedWrites() { s.env.WaitDelayed() }
