package httpapi

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// Distinct searches, which any visitor can make, never hold more than the
// cache's byte budget.
func TestAnswerCache_BoundedByBytes(t *testing.T) {
	t.Parallel()
	const budget = 64 << 10
	c := newAnswerCache(0, budget)
	page := strings.Repeat("x", 4000)
	for i := range 500 {
		if _, err := c.get(context.Background(), "service?q="+strconv.Itoa(i), func() uint64 { return 1 }, func(context.Context) (any, int64, error) { return page, 1, nil }); err != nil {
			t.Fatal(err)
		}
		if held := c.answers.Stats().Bytes; held > budget {
			t.Fatalf("after %d answers the cache holds %d bytes, over its %d", i+1, held, budget)
		}
	}
	if c.answers.Stats().Entries < 2 {
		t.Fatal("the cache keeps nothing")
	}
	a, _ := c.get(context.Background(), "service?q=499", func() uint64 { return 1 }, func(context.Context) (any, int64, error) {
		t.Fatal("a fresh answer was loaded again")
		return nil, 0, nil
	})
	if a == nil {
		t.Fatal("no answer")
	}
}

// A load shared by several requests does not end when the first of them
// goes away: the first one stops waiting at once, the load goes on with a
// live context, and its answer serves the next request without a new load.
func TestAnswerCache_LoadOutlivesTheFirstCaller(t *testing.T) {
	t.Parallel()
	c := newAnswerCache(0, answerCacheBytes)
	started, finish := make(chan struct{}), make(chan struct{})
	loadErr := make(chan error, 1)
	load := func(ctx context.Context) (any, int64, error) {
		close(started)
		<-finish
		loadErr <- ctx.Err()
		return []string{"lathe"}, 1, nil
	}
	first, leave := context.WithCancel(context.Background())
	firstErr := make(chan error, 1)
	go func() {
		_, err := c.get(first, "service", func() uint64 { return 1 }, load)
		firstErr <- err
	}()
	<-started
	leave() // the first client disconnects
	if err := <-firstErr; err == nil {
		t.Error("the first caller kept waiting after its context ended")
	}
	close(finish)
	if err := <-loadErr; err != nil {
		t.Fatalf("the shared load's context ended with its first caller: %v", err)
	}
	a, err := c.get(context.Background(), "service", func() uint64 { return 1 }, func(context.Context) (any, int64, error) {
		t.Error("a second load of the same key")
		return nil, 0, nil
	})
	if err != nil || string(a.body) != `["lathe"]` {
		t.Fatalf("the next request: %v %s", err, a.body)
	}
}
