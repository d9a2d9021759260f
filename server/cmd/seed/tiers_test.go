package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// Issue 45: the CSV's tiers column ("min:percentOff; …"); a file without it
// keeps each product's tiers, an empty one removes them, a bad one is
// refused naming the row.
func TestSeed_TiersColumn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const header = "name,price,avaialbequantit,minimumquantity,description,image,tiers\n"
	csv := header + `Tier Bearing,18.5,4800,1,Tapered roller bearing.,https://cdn.test/b1.jpg,10:5; 50:7.5%` + "\n"
	if code, out, errs := seed(t, dir, writeFile(t, "cat.csv", csv)); code != 0 {
		t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
	}
	read := func() shop.Product {
		t.Helper()
		s := mongotest.MustOpenAt(t, dir)
		defer func() { _ = s.Close(context.Background()) }()
		p, err := s.FindProductByName(context.Background(), "Tier Bearing")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	want := []shop.Tier{{Min: 10, PercentOff: 500}, {Min: 50, PercentOff: 750}}
	if p := read(); !slices.Equal(p.Tiers, want) {
		t.Fatalf("imported tiers %+v", p.Tiers)
	}
	without := "name,price,avaialbequantit,minimumquantity,description,image\nTier Bearing,18.5,4800,1,Tapered roller bearing.,https://cdn.test/b1.jpg\n"
	if code, out, errs := seed(t, dir, writeFile(t, "cat.csv", without)); code != 0 || !strings.Contains(out, "unchanged 1") {
		t.Fatalf("import without the column: code=%d out=%q err=%q", code, out, errs)
	}
	if p := read(); !slices.Equal(p.Tiers, want) {
		t.Fatalf("a file without the column changed the tiers: %+v", p.Tiers)
	}
	bad := header + `Tier Bearing,18.5,4800,1,Tapered roller bearing.,https://cdn.test/b1.jpg,10-5` + "\n"
	if code, _, errs := seed(t, dir, writeFile(t, "cat.csv", bad)); code != 1 || !strings.Contains(errs, `tier 1 ("10-5") has no ":"`) {
		t.Fatalf("a bad tiers column: code=%d err=%q", code, errs)
	}
	empty := header + `Tier Bearing,18.5,4800,1,Tapered roller bearing.,https://cdn.test/b1.jpg,` + "\n"
	if code, out, errs := seed(t, dir, writeFile(t, "cat.csv", empty)); code != 0 || !strings.Contains(out, "updated 1") {
		t.Fatalf("an empty column: code=%d out=%q err=%q", code, out, errs)
	}
	if p := read(); p.Tiers != nil {
		t.Fatalf("an empty column kept the tiers: %+v", p.Tiers)
	}
}
