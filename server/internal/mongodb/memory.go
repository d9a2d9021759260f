package mongodb

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"time"
)

// The embedded store holds every collection in memory (its mirrors), so
// its process's live heap is mostly theirs and grows with the shop: at
// 100,000 products and 200,000 orders some 400 MB (docs/scale.md). Go's
// collector lets the heap grow to twice what is live before it collects
// (GOGC=100), which there would be 800 MB of memory for 400 MB of data.
// With Config.FollowLiveHeap (the binaries, unless GOMEMLIMIT is given)
// the store keeps Go's soft memory limit a little above the live heap
// instead: the live heap read after each load and every few seconds, plus
// a quarter of it, at least heapHeadroom. Small heaps (the demo, tests)
// collect as usual; large ones collect before they double.
const (
	// loadHeapLimit bounds the heap while the mirrors load (loadMirrors,
	// which collects a quarter as often then) in the binaries.
	loadHeapLimit = 600 << 20
	// snapshotHeapLimit bounds the heap while a snapshot loads, the
	// collector running at GOGC 400 as for a full load (loadMirrors).
	snapshotHeapLimit = 4 << 30
	heapHeadroom      = 128 << 20
	heapFollowPeriod  = 10 * time.Second
)

// heapLimitFor is the soft memory limit for a live heap of live bytes.
func heapLimitFor(live uint64) int64 { return int64(live + max(live/4, heapHeadroom)) }

// heapLimit is the soft limit to keep now: heapLimitFor the live heap, and
// never less than what the runtime holds that no collection can give back
// (the live objects, the unused parts of their spans, the stacks and the
// runtime's own) with the same headroom. Below that floor the collector
// runs without end and frees nothing: a heap fragmented by a load (1,133
// MB in use for a live 900 MB at issue 46's size) kept a server's two
// cores busy collecting, and each sign-in waited seconds.
func heapLimit() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	v := make([]uint64, len(s))
	for i, x := range s {
		if x.Value.Kind() != metrics.KindUint64 {
			return heapLimitFor(liveHeap())
		}
		v[i] = x.Value.Uint64()
	}
	live, total, released, free, objects := v[0], v[1], v[2], v[3], v[4]
	var garbage uint64 // (dead objects not yet collected)
	if objects > live {
		garbage = objects - live
	}
	floor := live
	if held := total - released - free; held > garbage && held-garbage > live {
		floor = held - garbage
	}
	return int64(floor + max(live/4, heapHeadroom))
}

// liveHeap is the heap the last collection found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// followLiveHeap sets the limit now and every heapFollowPeriod until stop
// is closed, except while held (ImportHeap).
func followLiveHeap(stop <-chan struct{}, held *atomic.Bool) {
	debug.SetMemoryLimit(heapLimit())
	go func() {
		t := time.NewTicker(heapFollowPeriod)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if !held.Load() {
					debug.SetMemoryLimit(heapLimit())
				}
			}
		}
	}()
}

// ImportHeap runs an import's writes as loadMirrors runs a load, in the
// binaries (FollowLiveHeap): the collector a quarter as often, within
// loadHeapLimit, rather than each time the heap grows a quarter past
// what is live. An import into an empty store of 100,000 products
// allocates some gigabytes while its live heap grows to 200 MB: following
// the live heap, marking took 18 of its 58 CPU-s, competing with FerretDB
// for the second core. Its peak stays near the second import's, whose load
// runs within the same limit (≤ 700 MB, docs/scale.md). It returns what
// ends it; elsewhere (tests, GOMEMLIMIT given) it does nothing.
func (s *Store) ImportHeap() (end func()) {
	if !s.followHeap || !s.Embedded() || !s.heapHeld.CompareAndSwap(false, true) {
		return func() {}
	}
	pct := debug.SetGCPercent(400)
	debug.SetMemoryLimit(loadHeapLimit)
	return func() {
		debug.SetGCPercent(pct)
		runtime.GC() // (what the writes dropped, before the limit follows the live heap again)
		debug.SetMemoryLimit(heapLimit())
		s.heapHeld.Store(false)
	}
}

// stopFollowingHeap ends followLiveHeap's updates (the limit stays).
func (s *Store) stopFollowingHeap() { s.stopHeapOnce.Do(func() { close(s.stopHeap) }) }
