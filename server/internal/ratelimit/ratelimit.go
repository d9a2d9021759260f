// Package ratelimit is an in-memory token bucket per key (client address,
// account). Each API instance limits on its own.
package ratelimit

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"
)

// Rate is Burst requests at once, then one more every Interval.
type Rate struct {
	Burst    int
	Interval time.Duration
}

// Or returns r, with each zero field taken from def.
// Times is r for n clients at once: n times the burst, n times as often
// (a zero field stays zero: the default's).
func (r Rate) Times(n int) Rate {
	r.Burst *= n
	r.Interval /= time.Duration(n)
	return r
}

func (r Rate) Or(def Rate) Rate {
	if r.Burst <= 0 {
		r.Burst = def.Burst
	}
	if r.Interval <= 0 {
		r.Interval = def.Interval
	}
	return r
}

func (r Rate) String() string { return fmt.Sprintf("%d, then 1 per %s", r.Burst, r.Interval) }

// Limiter allows burst requests per key at once, refilled at one per every
// interval.
type Limiter struct {
	burst    float64
	interval time.Duration
	now      func() time.Time
	sleep    func(ctx context.Context, d time.Duration) error

	mu      sync.Mutex
	buckets map[string]*bucket
}

// bucket holds the tokens left at a time. Wait may take it below zero: each
// waiting caller owes one token, so -tokens callers are lined up.
type bucket struct {
	tokens float64
	at     time.Time
}

// maxKeys bounds memory: beyond it, buckets that have refilled are dropped.
const maxKeys = 100_000

// New returns a limiter of burst requests, refilled one per interval.
func New(burst int, interval time.Duration) *Limiter {
	return &Limiter{burst: float64(burst), interval: interval, now: time.Now, sleep: sleep, buckets: map[string]*bucket{}}
}

// NewRate is New(r.Burst, r.Interval).
func NewRate(r Rate) *Limiter { return New(r.Burst, r.Interval) }

// SetClock replaces the clock (tests).
func (l *Limiter) SetClock(now func() time.Time) { l.now = now }

// SetSleep replaces how Wait waits (tests): sleep must return when d has
// passed on the limiter's clock, or with ctx's error when ctx ends first.
func (l *Limiter) SetSleep(sleep func(ctx context.Context, d time.Duration) error) { l.sleep = sleep }

// refill brings key's bucket up to now; l.mu is held.
func (l *Limiter) refill(key string) *bucket {
	now := l.now()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxKeys {
			l.prune(now)
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	if now.After(b.at) {
		b.tokens = math.Min(l.burst, b.tokens+float64(now.Sub(b.at))/float64(l.interval))
		b.at = now
	}
	return b
}

// Allow takes one token for key; when none is left it says how long to wait.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) * float64(l.interval))
}

// AllowN takes n tokens for key at once (a quota counted in bytes, say);
// when fewer are left it takes none and says how long until there are n.
// n above the burst is never allowed.
func (l *Limiter) AllowN(key string, n int) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key)
	if b.tokens >= float64(n) {
		b.tokens -= float64(n)
		return true, 0
	}
	return false, time.Duration((math.Min(float64(n), l.burst) - b.tokens) * float64(l.interval))
}

// Return gives back one token taken for key by Allow or Wait, for an attempt
// that in the end should not count.
func (l *Limiter) Return(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key)
	b.tokens = math.Min(l.burst, b.tokens+1)
}

// TooLongError is Wait's answer when the caller's turn is further away than
// it may wait.
type TooLongError struct {
	Turn       time.Duration // how far away the turn was
	RetryAfter time.Duration // when a new attempt would wait no longer than allowed
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("ratelimit: the turn is %s away, retry after %s", e.Turn, e.RetryAfter)
}

// Wait takes one token for key, waiting for it when none is left: callers
// on one key then line up, each one interval after the one before. When the
// turn is more than maxWait away it takes nothing and returns a *TooLongError;
// when ctx ends during the wait it gives the token back and returns ctx's
// error.
func (l *Limiter) Wait(ctx context.Context, key string, maxWait time.Duration) error {
	l.mu.Lock()
	b := l.refill(key)
	b.tokens--
	var turn time.Duration
	if b.tokens < 0 {
		turn = time.Duration(-b.tokens * float64(l.interval))
	}
	if turn > maxWait {
		b.tokens++
		l.mu.Unlock()
		return &TooLongError{Turn: turn, RetryAfter: max(turn-maxWait, time.Second)}
	}
	l.mu.Unlock()
	if turn == 0 {
		return nil
	}
	if err := l.sleep(ctx, turn); err != nil {
		l.Return(key)
		return err
	}
	return nil
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l *Limiter) prune(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+float64(now.Sub(b.at))/float64(l.interval) >= l.burst {
			delete(l.buckets, k)
		}
	}
}
