package httpapi

import (
	"strconv"
	"strings"
	"testing"
)

// Distinct searches, which any visitor can make, never hold more than the
// cache's byte budget.
func TestAnswerCache_BoundedByBytes(t *testing.T) {
	c := newAnswerCache(func(string) uint64 { return 1 }, 0)
	c.budget = 64 << 10
	page := strings.Repeat("x", 4000)
	for i := range 500 {
		if _, err := c.get("service?q="+strconv.Itoa(i), "service", func() (any, int64, error) { return page, 1, nil }); err != nil {
			t.Fatal(err)
		}
		if c.size > c.budget {
			t.Fatalf("after %d answers the cache holds %d bytes, over its %d", i+1, c.size, c.budget)
		}
	}
	if len(c.answers) == 0 {
		t.Fatal("the cache keeps nothing")
	}
	a, _ := c.get("service?q=499", "service", func() (any, int64, error) { t.Fatal("a fresh answer was loaded again"); return nil, 0, nil })
	if a == nil {
		t.Fatal("no answer")
	}
}
