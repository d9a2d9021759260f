// Package testclock is a clock that tests move by hand, safe to read from
// the goroutines of the code under test.
package testclock

import (
	"sync"
	"time"
)

// Clock stands still until the test sets or moves it.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// At is a clock that reads t, an RFC 3339 time.
func At(t string) *Clock {
	c := &Clock{}
	c.Set(t)
	return c
}

// Now is the clock's time; pass it where the code takes a func() time.Time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Add moves the clock by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Set puts the clock at t, an RFC 3339 time; a malformed t is the test's
// own mistake and panics.
func (c *Clock) Set(t string) {
	at, err := time.Parse(time.RFC3339, t)
	if err != nil {
		panic(err)
	}
	c.mu.Lock()
	c.t = at
	c.mu.Unlock()
}
