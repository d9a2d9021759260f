package mongodb

import (
	"context"
	"io"
	"log/slog"
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

func TestHeapLimitFor(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		live uint64
		want int64
	}{
		{0, heapHeadroom},
		{20 << 20, 20<<20 + heapHeadroom},   // a small heap: the headroom
		{400 << 20, 400<<20 + heapHeadroom}, // a quarter of it is less
		{800 << 20, 800<<20 + 200<<20},      // a large one: a quarter more
		{1 << 30, 1<<30 + 256<<20},
	} {
		if got := heapLimitFor(c.live); got != c.want {
			t.Errorf("heapLimitFor(%d MiB) = %d MiB, want %d MiB", c.live>>20, got>>20, c.want>>20)
		}
	}
}

// The binaries' embedded store sets Go's soft memory limit once its
// mirrors are loaded; Close stops following the heap and leaves it.
func TestFollowLiveHeap_SetsTheLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	debug.SetMemoryLimit(math.MaxInt64)
	s, err := Open(context.Background(), Config{DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SampleEvery: -1, FollowLiveHeap: true})
	if err != nil {
		t.Fatal(err)
	}
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 || limit < heapHeadroom || limit > int64(liveHeap())+heapHeadroom+int64(liveHeap()/4)+64<<20 {
		t.Errorf("limit after Open: %d MiB (live heap %d MiB)", limit>>20, liveHeap()>>20)
	}
	if err := s.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.stopFollowingHeap() // again (Close did): nothing is closed twice
}

// An import holds the collector at a quarter of its pace within
// loadHeapLimit, a second holder changes nothing, and its end follows the
// live heap again with the collector as it was.
func TestImportHeap_HoldsAndGivesBack(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	s, err := Open(context.Background(), Config{DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SampleEvery: -1, FollowLiveHeap: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	pct := debug.SetGCPercent(-1)
	debug.SetGCPercent(pct)
	end := s.ImportHeap()
	if limit := debug.SetMemoryLimit(-1); limit != loadHeapLimit {
		t.Errorf("limit during the import: %d MiB, want %d MiB", limit>>20, loadHeapLimit>>20)
	}
	if got := debug.SetGCPercent(400); got != 400 {
		t.Errorf("GOGC during the import: %d, want 400", got)
	}
	s.ImportHeap()() // a second at once holds nothing and ends nothing
	if limit := debug.SetMemoryLimit(-1); limit != loadHeapLimit {
		t.Errorf("limit after a second holder: %d MiB", limit>>20)
	}
	end()
	if got := debug.SetGCPercent(pct); got != pct {
		t.Errorf("GOGC after the import: %d, want %d", got, pct)
	}
	if limit := debug.SetMemoryLimit(-1); limit == loadHeapLimit || limit > int64(liveHeap())+heapHeadroom+int64(liveHeap()/4)+64<<20 {
		t.Errorf("limit after the import: %d MiB (live heap %d MiB)", limit>>20, liveHeap()>>20)
	}
	// Without FollowLiveHeap (tests, GOMEMLIMIT given): nothing.
	plain, err := Open(context.Background(), Config{DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SampleEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close(context.Background())
	debug.SetMemoryLimit(math.MaxInt64)
	plain.ImportHeap()()
	if limit := debug.SetMemoryLimit(-1); limit != math.MaxInt64 {
		t.Errorf("limit changed by a store that does not follow the heap: %d MiB", limit>>20)
	}
}

// TestHeapLimit_AboveAFragmentedHeap: after a collection, a heap whose
// spans are mostly empty holds far more than its live objects; the limit
// must stay above what it holds, or the collector runs without end (a
// limit of the live heap and a quarter fell below it).
func TestHeapLimit_AboveAFragmentedHeap(t *testing.T) {
	objs := make([]*[48]byte, 4<<20) // 4 Mi objects of 48 bytes: some 200 MB
	for i := range objs {
		objs[i] = new([48]byte)
	}
	for i := range objs {
		if i%32 != 0 {
			objs[i] = nil // one in 32 stays: each span keeps some
		}
	}
	runtime.GC()
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}, {Name: "/memory/classes/heap/free:bytes"}}
	metrics.Read(s)
	held := int64(s[0].Value.Uint64() - s[1].Value.Uint64() - s[2].Value.Uint64())
	if got := heapLimit(); got <= held {
		t.Fatalf("limit %d MB at or below the %d MB held (live %d MB)", got>>20, held>>20, liveHeap()>>20)
	}
	runtime.KeepAlive(objs)
}

// TestSnapshotLoadLimit: a command's store (BoundedLoad) loads its
// snapshot within the import's limit, the server's within the larger one,
// and a lower limit of the process's own stands.
func TestSnapshotLoadLimit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		follow, bounded bool
		limit, want     int64
	}{
		{true, true, math.MaxInt64, loadHeapLimit},
		{true, false, math.MaxInt64, snapshotHeapLimit},
		{false, true, math.MaxInt64, snapshotHeapLimit}, // GOMEMLIMIT given, or a test
		{true, true, 300 << 20, 300 << 20},
		{true, false, 300 << 20, 300 << 20},
	} {
		s := &Store{followHeap: c.follow, boundedLoad: c.bounded}
		if got := s.snapshotLoadLimit(c.limit); got != c.want {
			t.Errorf("follow %v, bounded %v, limit %d MiB: %d MiB, want %d MiB", c.follow, c.bounded, c.limit>>20, got>>20, c.want>>20)
		}
	}
}
