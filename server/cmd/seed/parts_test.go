package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// Issue 48: the oemNumbers column ("|" between numbers), searchable once
// imported; a column without it keeps them; parts and accessories are
// refused (set on the product's edit).
func TestSeed_OEMNumbers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	csv := "name,price,avaialbequantit,minimumquantity,description,image,oemNumbers\n" +
		"Hydraulic Filter,42.5,300,1,A filter.,https://cdn.test/f.jpg,1R-0750| CAT 093-7521 \n"
	if code, out, errs := seed(t, dir, writeFile(t, "oem.csv", csv)); code != 0 {
		t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
	}
	read := func() (shop.Product, int64) {
		t.Helper()
		s := mongotest.MustOpenAt(t, dir)
		defer func() { _ = s.Close(context.Background()) }()
		p, err := s.FindProductByName(context.Background(), "Hydraulic Filter")
		if err != nil {
			t.Fatal(err)
		}
		_, total, _ := s.ListProducts(context.Background(), shop.ProductQuery{Limit: 10, Q: "0937521"})
		return p, total
	}
	if p, found := read(); !slices.Equal(p.OEMNumbers, []string{"1R-0750", "CAT 093-7521"}) || found != 1 {
		t.Fatalf("imported %v, found %d by its number", p.OEMNumbers, found)
	}
	without := "name,price,avaialbequantit,minimumquantity,description,image\nHydraulic Filter,42.5,300,1,A filter.,https://cdn.test/f.jpg\n"
	if code, out, errs := seed(t, dir, writeFile(t, "oem.csv", without)); code != 0 || !strings.Contains(out, "unchanged 1") {
		t.Fatalf("without the column: code=%d out=%q err=%q", code, out, errs)
	}
	if p, _ := read(); len(p.OEMNumbers) != 2 {
		t.Fatalf("a file without the column changed them to %v", p.OEMNumbers)
	}
	json := `[{"name":"Hydraulic Filter","price":"42.5","avaialbequantit":"300","minimumquantity":"1","description":"A filter.","image":"https://cdn.test/f.jpg","parts":["0123456789abcdef01234567"]}]`
	code, _, errs := seed(t, dir, writeFile(t, "oem.json", json))
	if code != 1 || !strings.Contains(errs, "parts is not imported") {
		t.Fatalf("parts: code=%d err=%q", code, errs)
	}
}
