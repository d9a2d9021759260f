package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/imaging"
	"storefront/server/internal/mongodb/mongotest"
)

// env is the environment of one test's store.
func env(dataDir string) func(string) string {
	cfg := mongotest.Config(dataDir)
	vars := map[string]string{"DATA_DIR": dataDir, "MONGODB_URI": cfg.URI, "MONGODB_DB": cfg.DB, "PUBLIC_URL": "http://shop.test",
		"STORE_ALLOW_NON_ATOMIC": os.Getenv("STORE_ALLOW_NON_ATOMIC")}
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
	t.Parallel()
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
		// The embedded store's DATA_DIR lock, whatever MONGODB_URI says.
		dir := t.TempDir()
		mongotest.MustOpenEmbeddedAt(t, dir) // a running server holds the store
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{writeFile(t, "cat.json", goodJSON)}, &out, &errb,
			func(k string) string { return map[string]string{"DATA_DIR": dir}[k] })
		errs := errb.String()
		if code != 1 || !strings.Contains(errs, "a running storefront holds the embedded store") {
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

// catalogueCSV writes n valid rows without pictures; bad, when > 0, is the
// row that gets a negative price.
func catalogueCSV(t *testing.T, n, bad int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("name,price,avaialbequantit,minimumquantity,description\n")
	for i := 1; i <= n; i++ {
		price := "129.99"
		if i == bad {
			price = "-1"
		}
		fmt.Fprintf(&b, "Machine %05d,%s,%d,1,\"Cast frame, %d kW drive\"\n", i, price, i%50, i%40+1)
	}
	return writeFile(t, "big.csv", b.String())
}

func TestSeed_TenThousandRows(t *testing.T) {
	t.Parallel()
	// Ten import batches of 1,000 rows; three on the wire server, where
	// each batch's query by 1,000 names reads every product (50 s at
	// 10,000 rows, most of test:wire's seed package).
	rows, bad := 10_000, 7777
	if mongotest.OnWireServer() {
		rows, bad = 3_000, 2333
	}
	dir := t.TempDir()
	t.Run("ErrOneBadRow_NothingWritten", func(t *testing.T) {
		code, _, errs := seed(t, dir, catalogueCSV(t, rows, bad))
		if code != 1 || !strings.Contains(errs, fmt.Sprintf("1 of %d rows are invalid; nothing was written", rows)) ||
			!strings.Contains(errs, fmt.Sprintf(`row %d (line %d, "Machine %05d"): price must be greater than 0`, bad, bad+1, bad)) {
			t.Fatalf("code=%d err=%q", code, errs)
		}
		if n := productCount(t, dir); n != 0 {
			t.Fatalf("a file with one bad row wrote %d products", n)
		}
	})
	file := catalogueCSV(t, rows, 0)
	t.Run("OK_DryRunWritesNothing", func(t *testing.T) {
		code, out, errs := seed(t, dir, "--dry-run", file)
		if code != 0 || !strings.Contains(out, fmt.Sprintf("would have inserted %d, updated 0, unchanged 0", rows)) {
			t.Fatalf("code=%d out=%q err=%q", code, out, errs)
		}
		s := mongotest.MustOpenAt(t, dir)
		n, _ := s.CountProducts(context.Background())
		images, _ := s.CountImages(context.Background())
		s.Close(context.Background())
		if n != 0 || images != 0 {
			t.Fatalf("the dry run wrote %d products and %d pictures", n, images)
		}
	})
	t.Run("OK_Inserted", func(t *testing.T) {
		if code, out, errs := seed(t, dir, file); code != 0 || !strings.Contains(out, fmt.Sprintf("inserted %d, updated 0, unchanged 0", rows)) {
			t.Fatalf("code=%d out=%q err=%q", code, out, errs)
		}
	})
	t.Run("OK_UnchangedOnASecondRun", func(t *testing.T) {
		if code, out, errs := seed(t, dir, file); code != 0 || !strings.Contains(out, fmt.Sprintf("inserted 0, updated 0, unchanged %d", rows)) {
			t.Fatalf("code=%d out=%q err=%q", code, out, errs)
		}
	})
	t.Run("OK_RowsWithoutPicturesShareThePlaceholder", func(t *testing.T) {
		s := mongotest.MustOpenAt(t, dir)
		defer s.Close(context.Background())
		ctx := context.Background()
		images, _ := s.CountImages(ctx)
		first, err1 := s.FindProductByName(ctx, "Machine 00001")
		last, err2 := s.FindProductByName(ctx, fmt.Sprintf("Machine %05d", rows))
		if err1 != nil || err2 != nil || images != 1 {
			t.Fatalf("pictures stored: %d, want 1 (%v, %v)", images, err1, err2)
		}
		if !strings.HasPrefix(first.Image, "http://shop.test/images/") || first.Image != last.Image {
			t.Fatalf("images %q and %q, want the one placeholder", first.Image, last.Image)
		}
		if err := s.Check(ctx); err != nil {
			t.Fatal(err)
		}
		// The import closed the store with a snapshot of its in-memory
		// copy: the next start reads it (issue 46), and it is the store's.
		if s.Embedded() && s.MirrorsFrom() != "snapshot" {
			t.Fatalf("the first start after an import read its copy from the %s", s.MirrorsFrom())
		}
	})
}

func TestProgress(t *testing.T) {
	t.Parallel()
	clock := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	tick := func(d time.Duration) { clock = clock.Add(d) }
	t.Run("OK_QuietWhenQuick", func(t *testing.T) {
		var out bytes.Buffer
		p := newProgress(&out, "writing products")
		p.now = func() time.Time { return clock }
		p.update(500, 1000)
		tick(300 * time.Millisecond)
		p.update(1000, 1000)
		p.finish()
		if out.Len() != 0 {
			t.Fatalf("a step under a second printed %q", out.String())
		}
	})
	t.Run("OK_PlainLinesWhenNotATerminal", func(t *testing.T) {
		var out bytes.Buffer
		p := newProgress(&out, "writing products")
		p.now = func() time.Time { return clock }
		for done := 500; done <= 10_000; done += 500 {
			p.update(done, 10_000)
			tick(500 * time.Millisecond)
		}
		p.finish()
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) < 4 || len(lines) > 6 || strings.Contains(out.String(), "\r") {
			t.Fatalf("want a line every 2 s over 10 s, got:\n%s", out.String())
		}
		if !strings.HasPrefix(lines[0], "writing products: 1500 of 10000") || !strings.HasPrefix(lines[len(lines)-1], "writing products: 10000 of 10000") {
			t.Fatalf("lines:\n%s", out.String())
		}
	})
	t.Run("OK_BarOnATerminal", func(t *testing.T) {
		var out bytes.Buffer
		p := newProgress(&out, "writing products")
		p.tty = true
		p.now = func() time.Time { return clock }
		p.update(0, 100)
		tick(1500 * time.Millisecond)
		p.update(50, 100)
		p.finish()
		if !strings.Contains(out.String(), "\rwriting products [===============               ] 50/100") || !strings.HasSuffix(out.String(), "\n") {
			t.Fatalf("bar: %q", out.String())
		}
	})
}

func TestSeed_PictureFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := t.TempDir()
	pic := imaging.Picture(64, 48, color.RGBA{30, 64, 120, 255}, color.RGBA{12, 20, 40, 255}, "gear", "")
	if err := os.WriteFile(filepath.Join(files, "lathe.png"), pic, 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(files, "cat.json")
	if err := os.WriteFile(file, []byte(`[
 {"name": "Lathe", "price": 10, "avaialbequantit": 1, "minimumquantity": 1, "description": "d", "image": "lathe.png"},
 {"name": "Press", "price": 10, "avaialbequantit": 1, "minimumquantity": 1, "description": "d", "image": "lathe.png"},
 {"name": "Saw", "price": 10, "avaialbequantit": 1, "minimumquantity": 1, "description": "d", "image": "https://cdn.example.com/saw.jpg"}
]`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"inserted 3, updated 0, unchanged 0", "inserted 0, updated 0, unchanged 3"} {
		if code, out, errs := seed(t, dir, file); code != 0 || !strings.Contains(out, want) {
			t.Fatalf("code=%d out=%q err=%q; want %q", code, out, errs, want)
		}
	}
	ctx := context.Background()
	s := mongotest.MustOpenAt(t, dir)
	defer s.Close(ctx)
	lathe, _ := s.FindProductByName(ctx, "Lathe")
	press, _ := s.FindProductByName(ctx, "Press")
	saw, _ := s.FindProductByName(ctx, "Saw")
	if n, _ := s.CountImages(ctx); n != 1 || lathe.Image != press.Image || saw.Image != "https://cdn.example.com/saw.jpg" {
		t.Fatalf("%d pictures stored; images %q, %q, %q", n, lathe.Image, press.Image, saw.Image)
	}
	img, rc, err := s.OpenImage(ctx, strings.TrimPrefix(lathe.Image, "http://shop.test/images/"))
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	got, _ := io.ReadAll(rc)
	if !bytes.Equal(got, pic) || img.ContentType != "image/png" {
		t.Fatalf("stored picture: %d bytes of %s, want the file's %d PNG bytes", len(got), img.ContentType, len(pic))
	}
}

// TestEachRow_StreamsAFileOfAnySize: the import reads a file a row at a
// time (issue 46: 100,000 products with thirty specifications make about
// 95 MB, past the former limit of 50 MB): 60 MB of CSV pass through in a
// few megabytes.
//
// It runs alone (not in parallel), and reads the live heap after a
// collection at each sample: what the reader keeps, not garbage awaiting
// the collector (which the heap's size alone also counts).
func TestEachRow_StreamsAFileOfAnySize(t *testing.T) {
	pr, pw := io.Pipe()
	const rows = 120_000
	specs := strings.Repeat("Power=60 kVA; Voltage=230/400 V; ", 14)
	go func() {
		w := bufio.NewWriter(pw)
		fmt.Fprintln(w, "name,price,avaialbequantit,minimumquantity,description,specs")
		for i := range rows {
			fmt.Fprintf(w, "Machine %06d,129.99,5,1,\"Cast frame, %d kW drive\",\"%s\"\n", i, i%50, specs)
		}
		_ = w.Flush()
		_ = pw.Close()
	}()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n, peak := 0, uint64(0)
	err := eachCSV(bufio.NewReader(pr), func(r row) error {
		n++
		if n%10_000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&after)
			peak = max(peak, after.HeapAlloc)
		}
		if r.product.Name != fmt.Sprintf("Machine %06d", n-1) || r.product.Specs == nil || len(*r.product.Specs) != 28 {
			return fmt.Errorf("row %d read as %q with %v", n, r.product.Name, r.product.Specs)
		}
		return nil
	})
	if err != nil || n != rows {
		t.Fatalf("%d rows read, want %d: %v", n, rows, err)
	}
	if grown := int64(peak) - int64(before.HeapAlloc); grown > 32<<20 {
		t.Fatalf("the heap grew by %d MB while reading %d MB of rows", grown>>20, rows*len(specs)>>20)
	}
}

// TestSeed_RowsOfDifferentBatchesMatchingOneProduct: the file is checked
// against the store in batches; two rows of different batches that match
// one product (one by its SKU, one by its name), or repeat a SKU, still
// stop the import before any product is written.
func TestSeed_RowsOfDifferentBatchesMatchingOneProduct(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const batch = 40 // rows a batch (--batch): the two rows are three batches apart
	first := writeFile(t, "first.csv", "name,price,avaialbequantit,minimumquantity,description,sku\nOld Press,100,1,1,A press.,OP-1\n")
	if code, out, errs := seed(t, dir, first); code != 0 {
		t.Fatalf("code=%d out=%q err=%q", code, out, errs)
	}
	rows := func(last string) string {
		var b strings.Builder
		b.WriteString("name,price,avaialbequantit,minimumquantity,description,sku\n")
		b.WriteString("New Press,100,1,1,A press.,OP-1\n") // the old press, by its SKU
		for i := range 3 * batch {
			fmt.Fprintf(&b, "Machine %05d,10,1,1,A machine.,M-%05d\n", i, i)
		}
		b.WriteString(last)
		return writeFile(t, "big.csv", b.String())
	}
	code, _, errs := seed(t, dir, "--batch", strconv.Itoa(batch), rows("Old Press,100,1,1,A press.,OP-2\n")) // the old press, by its name
	if code != 1 || !strings.Contains(errs, `both match the product "Old Press"`) || !strings.Contains(errs, "nothing was imported") {
		t.Fatalf("code=%d err=%q", code, errs)
	}
	code, _, errs = seed(t, dir, "--batch", strconv.Itoa(batch), rows("Another,100,1,1,A press.,M-00007\n"))
	if code != 1 || !strings.Contains(errs, "sku repeats the SKU of row 9") {
		t.Fatalf("code=%d err=%q", code, errs)
	}
	if n := productCount(t, dir); n != 1 {
		t.Fatalf("%d products after the refused imports, want the 1 before", n)
	}
}

// --batch takes a row count within bounds; anything else is refused before
// the store is opened.
func TestSeed_BatchFlag(t *testing.T) {
	t.Parallel()
	file := writeFile(t, "one.csv", "name,price,avaialbequantit,minimumquantity,description\nPress,100,1,1,A press.\n")
	for _, bad := range []string{"0", "100001", "-3"} {
		if code, _, errs := seed(t, t.TempDir(), "--batch", bad, file); code != 2 || !strings.Contains(errs, "--batch: between 1 and 100000 rows") {
			t.Fatalf("--batch %s: code=%d err=%q", bad, code, errs)
		}
	}
}
