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
// imported; a column without it keeps them.
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
}

// Issue 48: spare parts and accessories by SKU ("|" in CSV, arrays in
// JSON), each in the file (before or after the row) or in the store; an
// unknown SKU names its row and field and nothing is written; a second
// run changes nothing.
func TestSeed_PartsBySKU(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const head = "name,price,avaialbequantit,minimumquantity,description,image,sku,parts,accessories\n"
	first := head + "Shaft Seal,9.5,300,1,A seal.,https://cdn.test/s.jpg,SEAL-9,,\n"
	if code, out, errs := seed(t, dir, writeFile(t, "seal.csv", first)); code != 0 {
		t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
	}
	unknown := head + "Excavator,128500,5,1,A machine.,https://cdn.test/e.jpg,EX-1,FLT-1|NOPE-1,\n" +
		"Oil Filter,42.5,300,1,A filter.,https://cdn.test/f.jpg,FLT-1,,\n"
	code, out, errs := seed(t, dir, writeFile(t, "unknown.csv", unknown))
	if code != 1 || !strings.Contains(errs, `row 1 (line 2, "Excavator"): parts names the SKU "NOPE-1", which is neither in the file nor in the store`) || !strings.Contains(errs, "nothing was written") {
		t.Fatalf("an unknown SKU: code=%d out=%q err=%q", code, out, errs)
	}
	self := head + "Excavator,128500,5,1,A machine.,https://cdn.test/e.jpg,EX-1,EX-1,\n"
	if code, _, errs := seed(t, dir, writeFile(t, "self.csv", self)); code != 1 || !strings.Contains(errs, "parts must not name the product itself") {
		t.Fatalf("itself: code=%d err=%q", code, errs)
	}
	read := func(name string) shop.Product {
		t.Helper()
		s := mongotest.MustOpenAt(t, dir)
		defer func() { _ = s.Close(context.Background()) }()
		p, err := s.FindProductByName(context.Background(), name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return p
	}
	if p := read("Shaft Seal"); p.Name == "" {
		t.Fatal("the seal is gone")
	}
	s := mongotest.MustOpenAt(t, dir)
	if _, err := s.FindProductByName(context.Background(), "Oil Filter"); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("a refused file wrote the filter: %v", err)
	}
	_ = s.Close(context.Background())

	// The filter before the machine, the bucket after it, the seal in the store.
	good := head + "Oil Filter,42.5,300,1,A filter.,https://cdn.test/f.jpg,FLT-1,,\n" +
		"Excavator,128500,5,1,A machine.,https://cdn.test/e.jpg,EX-1, FLT-1 | SEAL-9 ,BKT-2\n" +
		"Bucket,1200,20,1,A bucket.,https://cdn.test/b.jpg,BKT-2,,\n"
	code, out, errs = seed(t, dir, writeFile(t, "good.csv", good))
	if code != 0 || !strings.Contains(out, "spare parts and accessories set on 1 products") || !strings.Contains(out, "inserted 3, updated 0, unchanged 0") {
		t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
	}
	m, filter, seal, bucket := read("Excavator"), read("Oil Filter"), read("Shaft Seal"), read("Bucket")
	if !slices.Equal(m.Parts, []string{filter.ID, seal.ID}) || !slices.Equal(m.Accessories, []string{bucket.ID}) {
		t.Fatalf("the machine's parts %v and accessories %v", m.Parts, m.Accessories)
	}
	// Again: nothing changes.
	code, out, errs = seed(t, dir, writeFile(t, "good.csv", good))
	if code != 0 || strings.Contains(out, "spare parts") || !strings.Contains(out, "inserted 0, updated 0, unchanged 3") {
		t.Fatalf("again: code=%d out=%q err=%q", code, out, errs)
	}
	// JSON arrays; an empty list removes the accessories, an absent one keeps the parts.
	json := `[{"name":"Excavator","price":"128500","avaialbequantit":"5","minimumquantity":"1","description":"A machine.","image":"https://cdn.test/e.jpg","sku":"EX-1","accessories":[]}]`
	if code, out, errs := seed(t, dir, writeFile(t, "m.json", json)); code != 0 || !strings.Contains(out, "spare parts and accessories set on 1 products") {
		t.Fatalf("json: code=%d out=%q err=%q", code, out, errs)
	}
	if m := read("Excavator"); !slices.Equal(m.Parts, []string{filter.ID, seal.ID}) || len(m.Accessories) != 0 {
		t.Fatalf("after the JSON: parts %v accessories %v", m.Parts, m.Accessories)
	}
}
