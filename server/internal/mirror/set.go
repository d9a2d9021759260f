package mirror

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"storefront/server/internal/shop"
)

// Set is every mirrored collection of one store: what start-up loads, the
// background loops keep exact, and Check and CheckSample compare. The zero
// Set (a store without mirrors: MongoDB) has none.
type Set struct {
	env    *Env
	tables []Mirrored
	// behind runs the loops and the loads that start-up does not wait for;
	// Stop cancels them with stop and waits.
	behind sync.WaitGroup
	stop   context.CancelFunc
	// differences the sample checks found: the copy was not exact, and
	// neither is a snapshot of it from before the repair.
	differences atomic.Int64
}

// NewSet returns an empty set whose tables share env.
func NewSet(env *Env) *Set { return &Set{env: env} }

// Add puts a table in the set.
func (s *Set) Add(m Mirrored) { s.tables = append(s.tables, m) }

// Of returns the collection's table (nil when it has none).
func (s *Set) Of(collection string) Mirrored {
	for _, m := range s.tables {
		if m.CollectionName() == collection {
			return m
		}
	}
	return nil
}

// Load loads every mirror that start-up waits for. FerretDB decodes each
// collection on one goroutine: they load side by side, the big ones
// (orders, products) first, as many at once as there are processors. The
// first error cancels the others' loads.
func (s *Set) Load(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first error
	)
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, m := range s.tables {
		if m.LoadedAfterStart() {
			continue
		}
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			if err := m.Load(ctx); err != nil {
				once.Do(func() {
					first = err
					cancel()
				})
			}
		})
	}
	wg.Wait()
	return first
}

// Start runs, until Stop, the loads that start-up did not wait for, the
// loop that repairs stale documents, and, when sampleEvery > 0, the sample
// check (now and then every sampleEvery).
func (s *Set) Start(ctx context.Context, sampleEvery time.Duration) {
	bg, stop := context.WithCancel(context.WithoutCancel(ctx))
	s.stop = stop
	for _, m := range s.tables {
		if !m.loaded() { // (a snapshot loads them all)
			s.behind.Go(func() { s.loadBehind(bg, m) })
		}
	}
	s.behind.Go(func() { s.repairLoop(bg) })
	if sampleEvery > 0 {
		s.behind.Go(func() { s.sampleLoop(bg, sampleEvery) })
	}
}

// Stop ends what Start started and waits for it.
func (s *Set) Stop() {
	if s.stop != nil {
		s.stop()
		s.behind.Wait()
	}
}

// loadBehind loads a mirror after start, trying again every 5 s while the
// store cannot be read (its readers wait meanwhile).
func (s *Set) loadBehind(ctx context.Context, m Mirrored) {
	start := time.Now()
	for {
		err := m.LoadBehind(ctx)
		if err == nil {
			s.env.Log.Info("embedded store loaded a collection into memory after start", "collection", m.CollectionName(),
				"took", time.Since(start).Round(time.Millisecond))
			// The load decoded every document through FerretDB (the
			// outbox's 400,000 e-mails at issue 46's size: some 1 GB of
			// garbage); give it back now rather than at the scavenger's
			// pace (the server idled at 2 GB after such a load).
			debug.FreeOSMemory()
			return
		}
		if ctx.Err() != nil {
			return
		}
		s.env.Log.Error("loading a collection into memory failed; trying again in 5 s", "collection", m.CollectionName(), "error", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

// repairLoop retries the stale documents of every collection each second
// until ctx ends, so that reads recover without waiting for a write.
func (s *Set) repairLoop(ctx context.Context) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for _, m := range s.tables {
			if m.StaleDocuments() == 0 {
				continue
			}
			_ = s.env.Write(ctx, "", m.RepairStale)
		}
	}
}

// sampleLoop runs CheckSample now and then every interval until ctx ends.
func (s *Set) sampleLoop(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if _, err := s.CheckSample(ctx, SampleSize); err != nil && ctx.Err() == nil {
			s.env.Log.Error("comparing a sample of the in-memory copy with the store failed", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Reload reads every collection into its mirror again (RefreshMirrors).
func (s *Set) Reload(ctx context.Context) error {
	for _, m := range s.tables {
		if err := m.reload(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Check compares every mirror, as the writes have maintained it, with a
// fresh rebuild from the store; nil when they agree.
func (s *Set) Check(ctx context.Context) error {
	var errs []error
	for _, m := range s.tables {
		if err := m.Check(ctx); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// CheckSample compares a sample of every mirror with the store (see
// SampleSize) and repairs what differs; it returns the number of
// differences found.
func (s *Set) CheckSample(ctx context.Context, n int) (int, error) {
	total := 0
	for _, m := range s.tables {
		found, err := m.Sample(ctx, n)
		total += found
		s.differences.Add(int64(found))
		for range found {
			shop.Tell(s.env.Telemetry, shop.EventMirrorDifference)
		}
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// Documents is how many documents the mirrors hold.
func (s *Set) Documents() int {
	n := 0
	for _, m := range s.tables {
		n += m.documents()
	}
	return n
}

// Differences is how many differences the sample checks found (and
// repaired) since the set was made.
func (s *Set) Differences() int64 { return s.differences.Load() }

// Stats reports the mirrors' sizes.
func (s *Set) Stats() []Stats {
	var out []Stats
	for _, m := range s.tables {
		out = append(out, m.Stats())
	}
	return out
}

// StaleDocuments is how many mirrored documents could not be read back
// after a failed write, by collection (empty when there are none).
func (s *Set) StaleDocuments() map[string]int64 {
	out := map[string]int64{}
	for _, m := range s.tables {
		if n := m.StaleDocuments(); n > 0 {
			out[m.CollectionName()] = n
		}
	}
	return out
}
