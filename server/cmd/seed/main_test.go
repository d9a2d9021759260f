package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
)

// env is the environment of one test's store.
func env(dataDir string) func(string) string {
	cfg := mongotest.Config(dataDir)
	vars := map[string]string{"DATA_DIR": dataDir, "MONGODB_URI": cfg.URI, "MONGODB_DB": cfg.DB, "PUBLIC_URL": "http://shop.test"}
	return func(k string) string { return vars[k] }
}

func seed(t *testing.T, dataDir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb, env(dataDir))
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func productCount(t *testing.T, dataDir string) int64 {
	t.Helper()
	s := mongotest.MustOpenAt(t, dataDir)
	defer s.Close(context.Background())
	n, err := s.CountProducts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

const goodJSON = `[
 {"name": "Lathe 1000", "price": 8450.5, "avaialbequantit": 3, "minimumquantity": 1, "description": "Metal lathe, 1000 mm between centres."},
 {"name": "Drill Bit Set", "price": "39.90", "avaialbequantit": "250", "minimumquantity": "5", "description": "HSS-Co drill bits, 1-13 mm, 25 pieces."}
]`

func TestSeed(t *testing.T) {
	t.Run("OK_InsertsThenChangesNothing", func(t *testing.T) {
		dir := t.TempDir()
		file := writeFile(t, "cat.json", goodJSON)
		code, out, errs := seed(t, dir, file)
		if code != 0 || !strings.Contains(out, "inserted 2, updated 0, unchanged 0") {
			t.Fatalf("first run: code=%d out=%q err=%q", code, out, errs)
		}
		code, out, _ = seed(t, dir, file)
		if code != 0 || !strings.Contains(out, "inserted 0, updated 0, unchanged 2") {
			t.Fatalf("second run: code=%d out=%q", code, out)
		}
		if n := productCount(t, dir); n != 2 {
			t.Fatalf("products = %d, want 2", n)
		}
	})
	t.Run("OK_DryRunWritesNothing", func(t *testing.T) {
		dir := t.TempDir()
		file := writeFile(t, "cat.json", goodJSON)
		code, out, _ := seed(t, dir, "--dry-run", file)
		if code != 0 || !strings.Contains(out, "would have inserted 2, updated 0, unchanged 0") {
			t.Fatalf("dry run on empty store: code=%d out=%q", code, out)
		}
		if n := productCount(t, dir); n != 0 {
			t.Fatalf("dry run wrote %d products", n)
		}
		seed(t, dir, file)
		changed := writeFile(t, "cat.json", strings.Replace(goodJSON, "8450.5", "8999", 1))
		code, out, _ = seed(t, dir, "--dry-run", changed)
		if code != 0 || !strings.Contains(out, "would have inserted 0, updated 1, unchanged 1") {
			t.Fatalf("dry run of a change: code=%d out=%q", code, out)
		}
		code, out, _ = seed(t, dir, file)
		if !strings.Contains(out, "unchanged 2") {
			t.Fatalf("the dry run changed the store: %q", out)
		}
	})
	t.Run("ErrInvalidRows_NothingWritten", func(t *testing.T) {
		dir := t.TempDir()
		file := writeFile(t, "cat.json", `[
 {"name": "Good Row", "price": 10, "avaialbequantit": 1, "minimumquantity": 1, "description": "fine"},
 {"name": "Bad Price", "price": 10.555, "avaialbequantit": 1, "minimumquantity": 1, "description": "three decimals"},
 {"name": "Bad Qty", "price": 5, "avaialbequantit": 1.5, "minimumquantity": 0, "description": "fractional", "colour": "red"},
 {"name": "Good Row", "price": 10, "avaialbequantit": 1, "minimumquantity": 1, "description": "again"}
]`)
		code, out, errs := seed(t, dir, file)
		if code != 1 {
			t.Fatalf("code = %d, want 1; out=%q", code, out)
		}
		for _, want := range []string{
			"3 of 4 rows are invalid; nothing was written",
			`row 2 ("Bad Price"): price must have at most 2 decimals`,
			`row 3 ("Bad Qty"): avaialbequantit must be a whole number`,
			`row 3 ("Bad Qty"): minimumquantity must be at least 1`,
			`row 3 ("Bad Qty"): colour is not a catalogue field`,
			`row 4 ("Good Row"): name repeats the name of row 1`,
		} {
			if !strings.Contains(errs, want) {
				t.Errorf("stderr lacks %q:\n%s", want, errs)
			}
		}
		if n := productCount(t, dir); n != 0 {
			t.Fatalf("an invalid file wrote %d products", n)
		}
	})
	t.Run("OK_CSV", func(t *testing.T) {
		dir := t.TempDir()
		file := writeFile(t, "cat.csv", "name,price,avaialbequantit,minimumquantity,description\nBench Vise,129.99,40,1,\"Cast iron, 150 mm jaws\"\n")
		if code, out, errs := seed(t, dir, file); code != 0 || !strings.Contains(out, "inserted 1") {
			t.Fatalf("code=%d out=%q err=%q", code, out, errs)
		}
	})
	t.Run("ErrCSVNamesLine", func(t *testing.T) {
		dir := t.TempDir()
		file := writeFile(t, "cat.csv", "name,price,avaialbequantit,minimumquantity,description\nBench Vise,-3,40,1,ok\n")
		code, _, errs := seed(t, dir, file)
		if code != 1 || !strings.Contains(errs, `row 1 (line 2, "Bench Vise"): price must be greater than 0`) {
			t.Fatalf("code=%d err=%q", code, errs)
		}
	})
	t.Run("ErrStoreInUse", func(t *testing.T) {
		if os.Getenv("MONGODB_URI") != "" {
			t.Skip("the DATA_DIR lock concerns the embedded store only")
		}
		dir := t.TempDir()
		mongotest.MustOpenAt(t, dir) // a running server holds the store
		code, _, errs := seed(t, dir, writeFile(t, "cat.json", goodJSON))
		if code != 1 || !strings.Contains(errs, "a running storefront holds the store") {
			t.Fatalf("code=%d err=%q", code, errs)
		}
	})
	t.Run("OK_SampleCatalogues", func(t *testing.T) {
		dir := t.TempDir()
		for _, f := range []string{"sample-catalogue.json", "sample-catalogue.csv"} {
			if code, out, errs := seed(t, dir, filepath.Join("..", "..", "..", "scripts", f)); code != 0 || !strings.Contains(out, "updated 0, unchanged 0") {
				t.Fatalf("%s: code=%d out=%q err=%q", f, code, out, errs)
			}
		}
		if n := productCount(t, dir); n != 8 {
			t.Fatalf("products = %d, want 8", n)
		}
	})
}
