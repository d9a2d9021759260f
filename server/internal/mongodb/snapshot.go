package mongodb

import (
	"context"
	"errors"
	"io/fs"
	"time"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// The embedded store's snapshot of its mirrors (mirror/snapshot.go): a
// start reads it instead of decoding every document through FerretDB
// when it is this store's, that is when it was written for the database's
// generation as found. The engine raises the generation once per session,
// before the session's first write (MarkStarted, right after the mirrors
// are loaded), so a snapshot written before the store's last write is
// never used. It is written when the store closes (the server's clean
// stop, the end of an import, a backup or a restore), while this process
// holds the write slot and has written everything: the mirrors are then
// exactly the store. Not while the server runs: any write after it would
// make it unusable, so after a crash the next start reads the store in
// full (and writes one at its clean stop).
//
// A session that wrote nothing its snapshot holds only re-tags it with the
// raised generation (its header alone). Writes around the mirrors
// (Raw: a restore) leave them unusable for a snapshot until
// RefreshMirrors reads the store again.

// loadSnapshot loads the mirrors from the snapshot when it is this
// store's; false: the caller loads them in full (the log says why).
func (s *Store) loadSnapshot(ctx context.Context) bool {
	if s.noSnapshot {
		return false
	}
	at := s.snapshotStore()
	start := time.Now()
	err := s.mirrors.LoadSnapshot(ctx, s.embedded.SnapshotFile(), at)
	switch {
	case err == nil:
		s.snapshotLoaded = &at
		s.log.Info("embedded store read its snapshot of the in-memory copy", "generation", at.Generation, "took", time.Since(start).Round(time.Millisecond))
		return true
	case errors.Is(err, fs.ErrNotExist):
		s.log.Info("embedded store has no snapshot of its in-memory copy: reading the store in full")
	default:
		s.log.Warn("embedded store reads the store in full", "reason", err)
	}
	return false
}

// MirrorsFrom says where the embedded store's mirrors were read from at
// start: "snapshot" or "store" ("" with MONGODB_URI, which has none).
func (s *Store) MirrorsFrom() string {
	switch {
	case s.embedded == nil:
		return ""
	case s.snapshotLoaded != nil:
		return "snapshot"
	}
	return "store"
}

func (s *Store) snapshotStore() mirror.SnapshotStore {
	return mirror.SnapshotStore{Database: s.dbName, Generation: s.embedded.Generation()}
}

// saveSnapshot writes the snapshot as the store closes, and ends its
// writes: any later one answers that the store is closed.
func (s *Store) saveSnapshot(ctx context.Context) {
	if s.embedded == nil || s.slot == nil {
		return
	}
	s.env.WaitDelayed() // (tests: the writes a fault held back)
	release, err := s.slot.Take(context.WithoutCancel(ctx))
	if err != nil {
		return
	}
	defer release()
	s.closing = true
	switch {
	case !s.opened || s.noSnapshot:
		return
	case s.aroundMirrors.Load():
		s.log.Info("no snapshot of the in-memory copy: the store was written around it")
		return
	}
	at, path := s.snapshotStore(), s.embedded.SnapshotFile()
	start := time.Now()
	if from := s.snapshotLoaded; from != nil && s.mirrorWrites.Load() == 0 && s.mirrors.Differences() == 0 {
		if err := mirror.RetagSnapshot(path, *from, at); err == nil {
			s.log.Info("embedded store kept its snapshot of the in-memory copy (nothing it holds was written)", "generation", at.Generation)
			return
		}
	}
	if err := s.mirrors.WriteSnapshot(path, at); err != nil {
		s.log.Warn("embedded store wrote no snapshot of its in-memory copy: the next start reads the store in full", "error", err)
		return
	}
	s.log.Info("embedded store wrote a snapshot of its in-memory copy", "generation", at.Generation, "documents", s.mirrors.Documents(),
		"took", time.Since(start).Round(time.Millisecond))
}

// RefreshMirrors reads every collection into memory again, as a start
// does: after writes around the mirrors (a restore), so that closing the
// store leaves a snapshot and the next start is quick.
func (s *Store) RefreshMirrors(ctx context.Context) error {
	if s.embedded == nil {
		return nil
	}
	if err := s.mirrors.Reload(ctx); err != nil {
		return err
	}
	s.aroundMirrors.Store(false)
	s.mirrorWrites.Add(1) // (the snapshot is written anew)
	return nil
}

// errClosed answers a write after Close began.
var errClosed = &shop.Error{Code: shop.EUNAVAILABLE, Message: "The store is shutting down. Please try again shortly."}
