package shop

import (
	"testing"
	"time"
)

func TestClaimDeadline(t *testing.T) {
	t.Parallel()
	for shipped, want := range map[string]string{
		"2026-01-15T10:00:00Z": "2026-03-15T10:00:00Z",
		"2025-12-31T15:00:00Z": "2026-02-28T15:00:00Z",
		"2027-12-31T15:00:00Z": "2028-02-29T15:00:00Z",
		"2026-08-31T00:00:00Z": "2026-10-31T00:00:00Z",
		"2026-07-31T23:59:59Z": "2026-09-30T23:59:59Z",
	} {
		at, _ := time.Parse(time.RFC3339, shipped)
		if got := ClaimDeadline(at).Format(time.RFC3339); got != want {
			t.Errorf("shipped %s: deadline %s, want %s", shipped, got, want)
		}
	}
}
