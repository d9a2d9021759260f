package mongodb

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"storefront/server/internal/shop"
)

// TestSnapshot_HoldsTheWordIndex: a start from a snapshot installs the
// products' word index the snapshot holds (issue 46), taken after inserts,
// replacements and deletions (slots reused, terms gone): it equals the
// index a full load builds (Check), and a search finds the same products
// in the same order as before the stop, then after a change.
func TestSnapshot_HoldsTheWordIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	s, _ := openLogged(t, dir, -1)
	kinds := []string{"Lathe", "Pump", "Press", "Drill"}
	var ids []string
	for i := range 80 {
		id, err := s.InsertProduct(ctx, shop.ProductDraft{Name: fmt.Sprintf("%s %03d", kinds[i%4], i), Price: 1000, Description: "Cast frame, quiet gearbox.",
			Available: 5, Email: "ops@shop.test", SKU: fmt.Sprintf("SK-%03d", i), Category: "Tools",
			Specs: []shop.Spec{{Name: "Power", Value: fmt.Sprint(i % 7), Unit: "kW"}, {Name: "Finish", Value: "Enamelled"}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	for i := 0; i < 80; i += 7 {
		if _, err := s.DeleteProduct(ctx, ids[i]); err != nil {
			t.Fatal(err)
		}
	}
	for i := 3; i < 80; i += 11 {
		if i%7 == 0 { // (deleted)
			continue
		}
		p, err := s.FindProduct(ctx, ids[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReplaceProduct(ctx, p, shop.ProductDraft{Name: fmt.Sprintf("Grinder %03d", i), Price: 1000, Description: "Bench grinder.",
			Available: 5, Email: "ops@shop.test", SKU: fmt.Sprintf("SK-%03d", i), Category: "Tools"}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 5 { // into the free slots
		if _, err := s.InsertProduct(ctx, shop.ProductDraft{Name: fmt.Sprintf("Hoist %d", i), Price: 1000, Description: "Chain hoist.",
			Available: 5, Email: "ops@shop.test", SKU: fmt.Sprintf("HO-%d", i), Category: "Tools"}); err != nil {
			t.Fatal(err)
		}
	}
	search := func(s *Store, words ...string) []string {
		t.Helper()
		page, _, err := s.ListProducts(ctx, shop.ProductQuery{Words: words, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range page {
			names = append(names, p.Name)
		}
		return names
	}
	queries := [][]string{{"lathe"}, {"grind"}, {"hoist"}, {"gearbox"}, {"enamel", "pump"}, {"sk"}, {"tools"}}
	var before [][]string
	for _, q := range queries {
		before = append(before, search(s, q...))
	}
	mustClose(t, s)

	s, logs := openLogged(t, dir, -1)
	defer mustClose(t, s)
	if s.MirrorsFrom() != "snapshot" {
		t.Fatalf("the mirrors were read from the %s:\n%s", s.MirrorsFrom(), logs)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatalf("the word index read from the snapshot differs from a full load: %v", err)
	}
	for i, q := range queries {
		if got := search(s, q...); !slices.Equal(got, before[i]) || len(got) == 0 {
			t.Fatalf("search %v after a start from the snapshot: %v, before: %v", q, got, before[i])
		}
	}
	// The installed index takes changes as a built one does.
	if _, err := s.DeleteProduct(ctx, ids[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe 999", Price: 1000, Description: "Gearbox.", Available: 5,
		Email: "ops@shop.test", SKU: "SK-999", Category: "Tools"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatalf("after changes: %v", err)
	}
	if got := search(s, "lathe"); len(got) != len(before[0])+1 || !slices.Contains(got, "Lathe 999") || slices.Contains(search(s, "pump"), "Pump 001") {
		t.Fatalf("lathe after changes: %v", got)
	}
}
