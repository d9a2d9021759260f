package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
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
	if code != 0 || strings.Contains(out, "spare parts") || !strings.Contains(out, "inserted 3, updated 0, unchanged 0") {
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
	if code, out, errs := seed(t, dir, writeFile(t, "m.json", json)); code != 0 || !strings.Contains(out, "inserted 0, updated 1, unchanged 0") {
		t.Fatalf("json: code=%d out=%q err=%q", code, out, errs)
	}
	if m := read("Excavator"); !slices.Equal(m.Parts, []string{filter.ID, seal.ID}) || len(m.Accessories) != 0 {
		t.Fatalf("after the JSON: parts %v accessories %v", m.Parts, m.Accessories)
	}
}

// Issue 48: the lists are written with the products, in the write pass's
// batches (no write per product afterwards): a row naming parts further
// down the file, across a batch's end, in a cycle; a part listed twice is
// refused naming its row; a re-import that changes the parts updates those
// products alone, and the same file again changes nothing.
func TestSeed_PartsWrittenWithTheProducts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// Batches of 40 rows (--batch): 87 rows cross two batch ends, and a
	// change to every row is two update commands (updateCommandMax).
	const batch = 40
	const n = 2*batch + 7
	sku := func(i int) string { return fmt.Sprintf("P-%04d", i%n) }
	file := func(shift int) string {
		var b strings.Builder
		b.WriteString("name,price,avaialbequantit,minimumquantity,description,image,sku,parts\n")
		for i := range n {
			fmt.Fprintf(&b, "Part %04d,1,10,1,A part.,https://cdn.test/p.jpg,%s,%s|%s\n", i, sku(i), sku(i+shift), sku(i+shift+1))
		}
		return b.String()
	}
	first := writeFile(t, "parts.csv", file(1))
	if code, out, errs := seed(t, dir, "--batch", strconv.Itoa(batch), first); code != 0 || !strings.Contains(out, fmt.Sprintf("inserted %d, updated 0, unchanged 0", n)) || strings.Contains(out, "spare parts") {
		t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
	}
	check := func(shift int) {
		t.Helper()
		s := mongotest.MustOpenAt(t, dir)
		defer func() { _ = s.Close(context.Background()) }()
		skus := make([]string, n)
		for i := range n {
			skus[i] = sku(i)
		}
		// in one read (on the MongoDB branch's FerretDB a look-up by SKU reads every product)
		_, bySKU, err := s.ProductsByKeys(context.Background(), nil, skus)
		if err != nil || len(bySKU) != n {
			t.Fatalf("%d of %d products by SKU: %v", len(bySKU), n, err)
		}
		for _, i := range []int{0, batch - 1, batch, 2 * batch, n - 1} {
			p := bySKU[sku(i)]
			if want := []string{bySKU[sku(i+shift)].ID, bySKU[sku(i+shift+1)].ID}; !slices.Equal(p.Parts, want) {
				t.Fatalf("product %d lists %v, want %v", i, p.Parts, want)
			}
		}
		if _, total, _ := s.ListProducts(context.Background(), shop.ProductQuery{Limit: 1}); total != n {
			t.Fatalf("%d products", total)
		}
	}
	check(1)
	if code, out, errs := seed(t, dir, "--batch", strconv.Itoa(batch), first); code != 0 || !strings.Contains(out, fmt.Sprintf("inserted 0, updated 0, unchanged %d", n)) {
		t.Fatalf("again: code=%d out=%q err=%q", code, out, errs)
	}
	if code, out, errs := seed(t, dir, "--batch", strconv.Itoa(batch), writeFile(t, "parts2.csv", file(2))); code != 0 || !strings.Contains(out, fmt.Sprintf("inserted 0, updated %d, unchanged 0", n)) || strings.Contains(out, "spare parts") {
		t.Fatalf("changed parts: code=%d out=%q err=%q", code, out, errs)
	}
	check(2)
	twice := "name,price,avaialbequantit,minimumquantity,description,image,sku,parts\n" +
		"Part 0000,1,10,1,A part.,https://cdn.test/p.jpg,P-0000,P-0001|P-0002|P-0001\n"
	code, out, errs := seed(t, dir, "--batch", strconv.Itoa(batch), writeFile(t, "twice.csv", twice))
	if code != 1 || !strings.Contains(errs, `row 1 (line 2, "Part 0000"): parts item 3 repeats the SKU "P-0001"`) || !strings.Contains(errs, "nothing was written") {
		t.Fatalf("a part twice: code=%d out=%q err=%q", code, out, errs)
	}
	check(2)
}

// Issue 48: a product whose lists are not what its row names after the
// write pass (written by a run that stopped half-way, pointing at a new
// product's id that was never written) is set by the check afterwards,
// and the next run finds nothing to do.
func TestSeed_PartsRepairedAfterAStoppedRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const head = "name,price,avaialbequantit,minimumquantity,description,image,sku,parts\n"
	machine := head + "Excavator,128500,5,1,A machine.,https://cdn.test/e.jpg,EX-1,\n"
	if code, out, errs := seed(t, dir, writeFile(t, "m.csv", machine)); code != 0 {
		t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
	}
	// As a stopped run leaves it: the machine names an id no product has.
	s := mongotest.MustOpenAt(t, dir)
	m, err := s.FindProductByName(context.Background(), "Excavator")
	if err == nil {
		_, err = s.SetProductLinks(context.Background(), m, []string{"0123456789abcdef01234567"}, nil)
	}
	_ = s.Close(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	both := head + "Excavator,128500,5,1,A machine.,https://cdn.test/e.jpg,EX-1,FLT-1\n" + "Oil Filter,42.5,300,1,A filter.,https://cdn.test/f.jpg,FLT-1,\n"
	if code, out, errs := seed(t, dir, writeFile(t, "both.csv", both)); code != 0 || !strings.Contains(out, "inserted 1, updated 1, unchanged 0") {
		t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
	}
	s = mongotest.MustOpenAt(t, dir)
	defer func() { _ = s.Close(context.Background()) }()
	m, _ = s.FindProductByName(context.Background(), "Excavator")
	f, _ := s.FindProductByName(context.Background(), "Oil Filter")
	if !slices.Equal(m.Parts, []string{f.ID}) {
		t.Fatalf("the machine lists %v, want [%s]", m.Parts, f.ID)
	}
}
