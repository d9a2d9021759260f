package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// testPDF is a small valid PDF (the import sniffs the bytes as an upload
// is); v makes files with other bytes.
func testPDF(v string) []byte {
	return []byte("%PDF-1." + v + "\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
		"xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n110\n%%EOF\n")
}

// Issue 48: the documents column attaches PDFs from files beside the
// catalogue, checked as an upload is (a PDF by its bytes, at most 20 MB)
// before anything is written; a row naming a missing, non-PDF or too
// large file is refused naming its row, item and file; the same bytes
// again attach nothing, new bytes are added.
func TestSeed_Documents(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cat := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		p := filepath.Join(cat, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/manual.pdf", testPDF("4"))
	write("docs/data.pdf", testPDF("5"))
	write("docs/warranty.pdf", testPDF("6"))
	write("docs/notes.txt", []byte(strings.Repeat("not a PDF at all, whatever its name says. ", 4)))
	write("docs/fake.pdf", []byte(strings.Repeat("plain text named .pdf ", 8)))
	big, err := os.Create(filepath.Join(cat, "docs/big.pdf"))
	if err == nil {
		_, _ = big.Write(testPDF("7"))
		err = errors.Join(big.Truncate(shop.MaxDocumentBytes+1), big.Close())
	}
	if err != nil {
		t.Fatal(err)
	}
	const head = "name,price,avaialbequantit,minimumquantity,description,image,sku,documents\n"
	csv := func(name, content string) string {
		t.Helper()
		write(name, []byte(content))
		return filepath.Join(cat, name)
	}

	bad := head + "Excavator,128500,5,1,A machine.,https://cdn.test/e.jpg,EX-1,manual:docs/missing.pdf\n" +
		"Loader,98000,5,1,A machine.,https://cdn.test/l.jpg,LD-1,manual:docs/manual.pdf|datasheet:docs/fake.pdf\n" +
		"Dozer,150000,5,1,A machine.,https://cdn.test/d.jpg,DZ-1,manual:docs/big.pdf\n" +
		"Roller,45000,5,1,A machine.,https://cdn.test/r.jpg,RL-1,brochure:docs/manual.pdf\n" +
		"Grader,87000,5,1,A machine.,https://cdn.test/g.jpg,GR-1,other:docs/notes.txt\n" +
		"Crane,250000,5,1,A machine.,https://cdn.test/c.jpg,CR-1,manual:docs/manual.pdf|other:docs/manual.pdf\n"
	code, out, errs := seed(t, dir, csv("bad.csv", bad))
	for _, want := range []string{
		`row 1 (line 2, "Excavator"): documents item 1: file docs/missing.pdf cannot be read`,
		`row 2 (line 3, "Loader"): documents item 2 (docs/fake.pdf): The file is not a PDF.`,
		`row 3 (line 4, "Dozer"): documents item 1 (docs/big.pdf): The document is larger than 20 MB.`,
		`row 4 (line 5, "Roller"): documents item 1 (docs/manual.pdf): kind must be one of`,
		`row 5 (line 6, "Grader"): documents item 1 (docs/notes.txt): The file is not a PDF.`,
		`row 6 (line 7, "Crane"): documents item 2 (docs/manual.pdf) is the same file as item 1`,
		"6 of 6 rows are invalid; nothing was written",
	} {
		if code != 1 || !strings.Contains(errs, want) {
			t.Fatalf("bad files: code=%d out=%q err=%q, want %q", code, out, errs, want)
		}
	}
	if n := productCount(t, dir); n != 0 {
		t.Fatalf("a refused file wrote %d products", n)
	}

	good := head + "Excavator,128500,5,1,A machine.,https://cdn.test/e.jpg,EX-1,manual:docs/manual.pdf:Operator manual|datasheet:docs/data.pdf\n" +
		"Filter,12,300,1,A filter.,https://cdn.test/f.jpg,F-1,certificate:docs/manual.pdf\n" +
		"Seal,3,300,1,A seal.,https://cdn.test/s.jpg,S-1,\n"
	file := csv("good.csv", good)
	if code, out, errs := seed(t, dir, file); code != 0 || !strings.Contains(out, "inserted 3, updated 0, unchanged 0") {
		t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
	}
	type listed struct{ name, kind, filename string }
	check := func(name string, want ...listed) shop.Product {
		t.Helper()
		s := mongotest.MustOpenAt(t, dir)
		defer func() { _ = s.Close(context.Background()) }()
		p, err := s.FindProductByName(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Documents) != len(want) {
			t.Fatalf("%s lists %d documents, want %d: %+v", name, len(p.Documents), len(want), p.Documents)
		}
		for i, w := range want {
			d := p.Documents[i]
			stored, rc, err := s.OpenDocument(context.Background(), d.ID)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(rc)
			_ = rc.Close()
			src, _ := os.ReadFile(filepath.Join(cat, "docs", w.filename))
			if d.Name != w.name || d.Kind != w.kind || stored.Filename != w.filename || !bytes.Equal(data, src) || d.Size != int64(len(src)) {
				t.Fatalf("%s's document %d: %+v (file %q, %d bytes), want %+v", name, i, d, stored.Filename, len(data), w)
			}
		}
		return p
	}
	check("Excavator", listed{"Operator manual", "manual", "manual.pdf"}, listed{"data", "datasheet", "data.pdf"})
	check("Filter", listed{"manual", "certificate", "manual.pdf"})
	check("Seal")

	// The same file again attaches nothing.
	if code, out, errs := seed(t, dir, file); code != 0 || !strings.Contains(out, "inserted 0, updated 0, unchanged 3") {
		t.Fatalf("again: code=%d out=%q err=%q", code, out, errs)
	}
	check("Excavator", listed{"Operator manual", "manual", "manual.pdf"}, listed{"data", "datasheet", "data.pdf"})
	// New bytes are added; those listed stay (a row lists what it attaches).
	more := head + "Excavator,128500,5,1,A machine.,https://cdn.test/e.jpg,EX-1,manual:docs/manual.pdf:Operator manual|warranty:docs/warranty.pdf\n"
	if code, out, errs := seed(t, dir, csv("more.csv", more)); code != 0 || !strings.Contains(out, "inserted 0, updated 1, unchanged 0") {
		t.Fatalf("more: code=%d out=%q err=%q", code, out, errs)
	}
	check("Excavator", listed{"Operator manual", "manual", "manual.pdf"}, listed{"data", "datasheet", "data.pdf"}, listed{"warranty", "warranty", "warranty.pdf"})
	// JSON rows: [{kind, file, name}].
	json := `[{"name":"Seal","price":"3","avaialbequantit":"300","minimumquantity":"1","description":"A seal.","image":"https://cdn.test/s.jpg","sku":"S-1",` +
		`"documents":[{"kind":"datasheet","file":"docs/data.pdf","name":"Seal data"}]}]`
	if code, out, errs := seed(t, dir, csv("seal.json", json)); code != 0 || !strings.Contains(out, "inserted 0, updated 1, unchanged 0") {
		t.Fatalf("json: code=%d out=%q err=%q", code, out, errs)
	}
	check("Seal", listed{"Seal data", "datasheet", "data.pdf"})
}
