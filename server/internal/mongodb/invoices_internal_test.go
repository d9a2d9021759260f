package mongodb

import (
	"context"
	"slices"
	"testing"
	"time"

	"storefront/server/internal/mirror"
)

// The invoices' sweep reads the purchases paid within its window, both
// ends included: embedded from the paid purchases' index by when, with
// MongoDB by paid_at; never the unpaid ones.
func TestPaidGroupsSince_TheWindowAndNothingElse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openAny(t)
	t0 := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	at := func(m int) *time.Time { v := t0.Add(time.Duration(m) * time.Minute); return &v }
	var want []int64
	for i, g := range []mirror.Group{
		{Paid: true, PaidAt: at(-1)}, {Paid: true, PaidAt: at(0)}, {Paid: true, PaidAt: at(5)}, {Paid: true, PaidAt: at(10)},
		{Paid: true, PaidAt: at(11)}, {PaidAt: nil}, {Paid: true, PaidAt: at(5)},
	} {
		g.ID, g.Number, g.Email, g.CreatedAt = newID(), int64(7001+i), "ann@shop.test", t0.Add(-time.Hour)
		if err := s.groups.insert(ctx, g); err != nil {
			t.Fatal(err)
		}
		if g.PaidAt != nil && !g.PaidAt.Before(t0) && !g.PaidAt.After(*at(10)) {
			want = append(want, g.Number)
		}
	}
	got, err := s.PaidGroupsSince(ctx, t0, *at(10))
	if err != nil {
		t.Fatal(err)
	}
	var numbers []int64
	for _, g := range got {
		numbers = append(numbers, g.Number)
	}
	slices.Sort(numbers)
	if !slices.Equal(numbers, want) {
		t.Fatalf("paid from 09:00 to 09:10: purchases %v, want %v", numbers, want)
	}
}
