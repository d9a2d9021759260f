// Package cache is the one in-memory cache of the server's answers,
// pictures and pages: bounded by the bytes it holds, evicting the least
// recently used entries first. Any visitor can ask for new searches,
// pictures and pages, so memory must not grow with them.
package cache

import (
	"math"
	"sync"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// Cache maps keys to values whose sizes (in bytes, as the caller weighs
// them) add up to at most its limit. It is safe for concurrent use.
type Cache[K comparable, V any] struct {
	limit int64

	mu    sync.Mutex
	lru   *simplelru.LRU[K, entry[V]] // counts entries only: the bytes are bounded here
	bytes int64
}

type entry[V any] struct {
	value V
	size  int64
}

// New returns a cache that holds at most limit bytes.
func New[K comparable, V any](limit int64) *Cache[K, V] {
	lru, err := simplelru.NewLRU[K, entry[V]](math.MaxInt, nil)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return &Cache[K, V]{limit: limit, lru: lru}
}

// Get returns the value kept for key, and makes it the most recently used.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.lru.Get(key)
	return e.value, ok
}

// Put keeps value under key, weighing size bytes, in place of any value
// kept before (whose size no longer counts), then evicts the least recently
// used entries until the cache is within its limit. A value larger than the
// limit is not kept (and the older value under key goes): Put reports
// whether value was kept.
func (c *Cache[K, V]) Put(key K, value V, size int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.lru.Peek(key); ok {
		c.bytes -= old.size
		c.lru.Remove(key)
	}
	if size > c.limit {
		return false
	}
	c.lru.Add(key, entry[V]{value: value, size: size})
	c.bytes += size
	for c.bytes > c.limit {
		_, old, ok := c.lru.RemoveOldest()
		if !ok {
			break
		}
		c.bytes -= old.size
	}
	return true
}

// Remove drops the value kept for key, if any.
func (c *Cache[K, V]) Remove(key K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.lru.Peek(key); ok {
		c.bytes -= old.size
		c.lru.Remove(key)
	}
}

// Stats is what a cache holds, for the metrics.
type Stats struct {
	Entries int
	Bytes   int64 // the sizes of the entries, as Put was told them
	Limit   int64
}

// Stats reports what the cache holds now.
func (c *Cache[K, V]) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Stats{Entries: c.lru.Len(), Bytes: c.bytes, Limit: c.limit}
}
