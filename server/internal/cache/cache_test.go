package cache_test

import (
	"strconv"
	"sync"
	"testing"

	"storefront/server/internal/cache"
)

// mustHold fails unless the cache holds exactly keys (with value "v"+key)
// and bytes.
func mustHold(tb testing.TB, c *cache.Cache[string, string], bytes int64, keys ...string) {
	tb.Helper()
	for _, k := range keys {
		if v, ok := c.Get(k); !ok || v != "v"+k {
			tb.Errorf("%s: %q %v, want it kept", k, v, ok)
		}
	}
	if s := c.Stats(); s.Entries != len(keys) || s.Bytes != bytes {
		tb.Errorf("holds %d entries, %d bytes; want %d, %d", s.Entries, s.Bytes, len(keys), bytes)
	}
}

func TestPut_EvictsTheLeastRecentlyUsed(t *testing.T) {
	t.Parallel()
	c := cache.New[string, string](30)
	c.Put("a", "va", 10)
	c.Put("b", "vb", 10)
	c.Put("c", "vc", 10)
	c.Get("a") // b is now the least recently used
	c.Put("d", "vd", 10)
	if _, ok := c.Get("b"); ok {
		t.Error("b, the least recently used, is kept")
	}
	mustHold(t, c, 30, "a", "c", "d")

	// One large entry evicts as many as it takes, oldest first.
	c.Put("e", "ve", 25)
	mustHold(t, c, 25, "e")
}

func TestPut_AgainReplacesTheSize(t *testing.T) {
	t.Parallel()
	c := cache.New[string, string](100)
	for range 10 {
		c.Put("a", "va", 40)
	}
	c.Put("b", "vb", 40)
	mustHold(t, c, 80, "a", "b")

	c.Put("a", "va", 5) // smaller now
	mustHold(t, c, 45, "a", "b")

	// A re-put that outgrows the room evicts the others, not itself.
	c.Put("a", "va", 90)
	mustHold(t, c, 90, "a")
}

func TestPut_OversizeIsNotKept(t *testing.T) {
	t.Parallel()
	c := cache.New[string, string](50)
	c.Put("a", "va", 20)
	c.Put("b", "vb", 20)
	if c.Put("big", "vbig", 51) {
		t.Error("an entry over the limit is reported kept")
	}
	mustHold(t, c, 40, "a", "b") // and nothing was evicted for it

	// An oversize value under a kept key drops the older value: it is stale.
	if c.Put("a", "va2", 51) {
		t.Error("an entry over the limit is reported kept")
	}
	mustHold(t, c, 20, "b")

	if !c.Put("exact", "vexact", 50) {
		t.Error("an entry of exactly the limit is not kept")
	}
	mustHold(t, c, 50, "exact")
}

func TestRemove(t *testing.T) {
	t.Parallel()
	c := cache.New[string, string](50)
	c.Put("a", "va", 20)
	c.Put("b", "vb", 20)
	c.Remove("a")
	c.Remove("missing")
	mustHold(t, c, 20, "b")
	if s := c.Stats(); s.Limit != 50 {
		t.Errorf("limit %d, want 50", s.Limit)
	}
}

// Run with -race: many goroutines putting, getting and removing keep the
// cache within its limit and its byte count exact.
func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	const limit = 1000
	c := cache.New[string, string](limit)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				k := strconv.Itoa((g*7 + i) % 64)
				switch i % 5 {
				case 0:
					c.Remove(k)
				case 1, 2:
					c.Get(k)
				default:
					c.Put(k, "v"+k, int64(1+i%100))
				}
				if s := c.Stats(); s.Bytes > limit || s.Bytes < 0 {
					t.Errorf("holds %d bytes, limit %d", s.Bytes, limit)
					return
				}
			}
		}()
	}
	wg.Wait()
	// The count matches what is kept: removing every key leaves 0 bytes.
	for k := range 64 {
		c.Remove(strconv.Itoa(k))
	}
	if s := c.Stats(); s.Entries != 0 || s.Bytes != 0 {
		t.Fatalf("after removing every key: %d entries, %d bytes", s.Entries, s.Bytes)
	}
}
