package testwait

import (
	"sync/atomic"
	"testing"
	"time"
)

func TestUntil(t *testing.T) {
	var calls atomic.Int32
	if !Until(time.Minute, func() bool { return calls.Add(1) == 3 }) {
		t.Fatal("Until gave up on a condition that holds at the third check")
	}
	if calls.Load() != 3 {
		t.Fatalf("checked %d times, want 3", calls.Load())
	}
	if Until(20*time.Millisecond, func() bool { return false }) {
		t.Fatal("Until reported a condition that never holds")
	}
}
