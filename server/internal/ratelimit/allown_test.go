package ratelimit

import (
	"testing"
	"time"
)

func TestAllowN(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	l := New(100, time.Second) // 100 units at once, one a second
	l.SetClock(func() time.Time { return now })
	if ok, _ := l.AllowN("k", 60); !ok {
		t.Fatal("60 of 100")
	}
	ok, wait := l.AllowN("k", 60)
	if ok || wait != 20*time.Second {
		t.Fatalf("60 more of the 40 left: %v, wait %v (want 20 s)", ok, wait)
	}
	if ok, _ := l.AllowN("other", 60); !ok {
		t.Fatal("another key's budget")
	}
	now = now.Add(20 * time.Second)
	if ok, _ := l.AllowN("k", 60); !ok {
		t.Fatal("after the wait")
	}
	if ok, _ := l.AllowN("k", 0); !ok {
		t.Fatal("nothing is always allowed")
	}
}
