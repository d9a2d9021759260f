package ratelimit

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func TestLimiter(t *testing.T) {
	t.Parallel()
	now := time.Unix(0, 0)
	l := New(3, time.Minute)
	l.SetClock(func() time.Time { return now })
	for i := 0; i < 3; i++ {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("request %d refused within the burst", i+1)
		}
	}
	ok, wait := l.Allow("a")
	if ok || wait != time.Minute {
		t.Fatalf("4th: ok=%v wait=%v, want refused for 1m", ok, wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Fatal("another key is limited too")
	}
	now = now.Add(time.Minute)
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("not refilled after the interval")
	}
}

// fakeTime is a clock that moves only when told, and a sleep that records
// how long it was asked to wait (and does not move the clock, so that the
// turns of callers lined up one after another show).
type fakeTime struct {
	now    time.Time
	slept  []time.Duration
	cancel bool // the next sleep ends as if its context ended
}

func (f *fakeTime) sleep(ctx context.Context, d time.Duration) error {
	f.slept = append(f.slept, d)
	if f.cancel {
		f.cancel = false
		return context.Canceled
	}
	return nil
}

func newFake(burst int, every time.Duration) (*Limiter, *fakeTime) {
	f := &fakeTime{now: time.Unix(0, 0)}
	l := New(burst, every)
	l.SetClock(func() time.Time { return f.now })
	l.SetSleep(f.sleep)
	return l, f
}

func TestLimiter_WaitLinesCallersUp(t *testing.T) {
	t.Parallel()
	l, f := newFake(2, time.Minute)
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if err := l.Wait(ctx, "acct", time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	if len(f.slept) != 0 {
		t.Fatalf("waited within the burst: %v", f.slept)
	}
	// Beyond the burst each caller waits for its turn, one interval after
	// the one before.
	for i := 0; i < 3; i++ {
		if err := l.Wait(ctx, "acct", time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	if want := []time.Duration{time.Minute, 2 * time.Minute, 3 * time.Minute}; !slices.Equal(f.slept, want) {
		t.Fatalf("turns %v, want %v", f.slept, want)
	}
	if err := l.Wait(ctx, "other", 0); err != nil || len(f.slept) != 3 {
		t.Fatalf("another key waits too: %v %v", err, f.slept)
	}
	// Time passing moves the line on.
	f.now = f.now.Add(3 * time.Minute)
	if err := l.Wait(ctx, "acct", time.Hour); err != nil || f.slept[3] != time.Minute {
		t.Fatalf("after the line cleared: %v %v", err, f.slept)
	}
}

func TestLimiter_WaitTooLongTakesNothing(t *testing.T) {
	t.Parallel()
	l, f := newFake(1, time.Minute)
	ctx := context.Background()
	_ = l.Wait(ctx, "acct", time.Hour) // the burst
	_ = l.Wait(ctx, "acct", time.Hour) // turn in 1m
	err := l.Wait(ctx, "acct", 90*time.Second)
	var tooLong *TooLongError
	if !errors.As(err, &tooLong) || tooLong.Turn != 2*time.Minute || tooLong.RetryAfter != 30*time.Second {
		t.Fatalf("over the longest wait: %v", err)
	}
	// The refused caller took no place in the line.
	if err := l.Wait(ctx, "acct", 2*time.Minute); err != nil || f.slept[len(f.slept)-1] != 2*time.Minute {
		t.Fatalf("next turn: %v %v", err, f.slept)
	}
}

func TestLimiter_WaitEndedGivesTheTurnBack(t *testing.T) {
	t.Parallel()
	l, f := newFake(1, time.Minute)
	ctx := context.Background()
	_ = l.Wait(ctx, "acct", time.Hour)
	f.cancel = true
	if err := l.Wait(ctx, "acct", time.Hour); !errors.Is(err, context.Canceled) {
		t.Fatalf("ended wait: %v", err)
	}
	if err := l.Wait(ctx, "acct", time.Hour); err != nil || f.slept[len(f.slept)-1] != time.Minute {
		t.Fatalf("the ended caller still holds a turn: %v %v", err, f.slept)
	}
}

func TestLimiter_Return(t *testing.T) {
	t.Parallel()
	l, _ := newFake(2, time.Hour)
	for i := 0; i < 5; i++ { // successes that give their token back never run out
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("attempt %d refused though every token came back", i+1)
		}
		l.Return("a")
	}
	l.Return("a") // never above the burst
	l.Allow("a")
	l.Allow("a")
	if ok, _ := l.Allow("a"); ok {
		t.Fatal("Return raised the bucket above its burst")
	}
}
