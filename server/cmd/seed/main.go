// Command seed imports a product catalogue (JSON or CSV) into the store:
// every row is validated first and nothing is written if any row is bad;
// products are upserted by name, so running it twice changes nothing.
//
//	go run ./server/cmd/seed [--dry-run] [--owner EMAIL] FILE
package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"storefront/server/internal/config"
	"storefront/server/internal/demo"
	"storefront/server/internal/imaging"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/opscmd"
	"storefront/server/internal/shop"
)

func main() { opscmd.Main(run) }

// run is the whole command; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dryRun := fs.Bool("dry-run", false, "validate and report what would change, write nothing")
	owner := fs.String("owner", "", "email recorded on products whose row names none (default: the first ADMIN_EMAILS)")
	strict := fs.Bool("strict", false, "refuse the file when a row names a category the store does not have (default: create it)")
	batchRows := fs.Int("batch", importBatchRows, "rows read, checked and written at a time (a smaller batch holds less in memory)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: seed [--dry-run] [--strict] [--owner EMAIL] [--batch ROWS] FILE.json|FILE.csv")
		fmt.Fprintln(stderr, "Imports into MONGODB_URI, or the embedded store in DATA_DIR (default ./data).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if *batchRows < 1 || *batchRows > 100_000 {
		fmt.Fprintln(stderr, "--batch: between 1 and 100000 rows")
		return 2
	}
	file := fs.Arg(0)
	cfg, err := config.Load(getenv)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *owner == "" {
		*owner = cfg.OwnerEmail()
	}

	// Every row is checked first, one at a time (a file of any size is
	// read in bounded memory): nothing is written if any is invalid.
	sc, err := scanCatalogue(file, *owner)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", file, err)
		return 1
	}
	if len(sc.problems) > 0 {
		fmt.Fprintf(stderr, "%s: %d of %d rows are invalid; nothing was written:\n", file, sc.problemRows, sc.rows)
		for _, p := range sc.problems {
			fmt.Fprintln(stderr, "  "+p)
		}
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d rows are valid\n", file, sc.rows)

	store, err := opscmd.OpenStore(ctx, cfg, "import", stderr)
	if err != nil {
		return 1
	}
	defer opscmd.CloseStore(store)

	// Issue 48: every SKU a row names as a part or an accessory is in the
	// file or the store, checked before anything is written.
	problems, storeIDs, err := checkLinks(ctx, store, sc)
	if err != nil || len(problems) > 0 {
		if err != nil {
			fmt.Fprintf(stderr, "read the products by SKU: %s\n", shop.ErrorMessage(err))
			return 1
		}
		fmt.Fprintf(stderr, "%s: %d rows name SKUs that are neither in the file nor in the store; nothing was written:\n", file, len(problems))
		for _, p := range problems {
			fmt.Fprintln(stderr, "  "+p)
		}
		return 1
	}
	if code := ensureCategories(ctx, store, sc, *strict, *dryRun, stdout, stderr); code != 0 {
		return code
	}
	im := &importer{ctx: ctx, store: store, file: file, owner: *owner, publicURL: cfg.PublicURL, dryRun: *dryRun, stderr: stderr, batchRows: *batchRows}
	if err := im.storePlaceholder(sc.needPlaceholder); err != nil {
		fmt.Fprintf(stderr, "%v\nnothing was imported; pictures stored so far are kept and reused by the next run\n", err)
		return 1
	}
	// The collector runs less often while the rows are checked and
	// written (mongodb.Store.ImportHeap: the binary only).
	defer store.ImportHeap()()
	// Then the rows against the store, in batches, writing nothing but
	// their pictures: a row two rows match, or that a product's kept
	// fields make invalid, stops the import before any product is written.
	checked, err := im.pass(true, newProgress(stderr, "storing pictures"), sc.pictures)
	if err != nil {
		fmt.Fprintf(stderr, "%s\nnothing was imported; pictures stored so far are kept and reused by the next run\n", message(err))
		return 1
	}
	if *dryRun {
		fmt.Fprintf(stdout, "dry run, nothing written: would have %s\n", summary(checked))
		return 0
	}
	im.resolveLinks(sc, storeIDs)
	counts, err := im.pass(false, newProgress(stderr, "writing products"), sc.rows)
	for _, r := range im.refusals {
		fmt.Fprintf(stderr, "not imported: %s\n", r)
	}
	if err != nil {
		fmt.Fprintf(stderr, "import stopped: %s\n", shop.ErrorMessage(err))
		fmt.Fprintf(stderr, "stopped after: %s\n", summary(counts))
		return 1
	}
	linked, err := linkParts(ctx, store, sc.links, *batchRows)
	if err != nil {
		fmt.Fprintf(stderr, "import stopped while setting spare parts and accessories (the products are written): %s\n", shop.ErrorMessage(err))
		return 1
	}
	if linked > 0 {
		fmt.Fprintf(stdout, "spare parts and accessories set on %d products\n", linked)
	}
	fmt.Fprintln(stdout, summary(counts))
	if counts.Refused > 0 {
		return 1
	}
	return 0
}

// message is what the command says of err: the store's words for its
// own errors, the error otherwise.
func message(err error) string {
	if errors.As(err, new(*shop.Error)) {
		return shop.ErrorMessage(err)
	}
	return err.Error()
}

// importBatchRows is how many rows the import reads, checks and writes at
// a time unless --batch says otherwise: its memory is a batch's, whatever
// the file's size.
const importBatchRows = 1000

// importer is one import's passes over the file after it was checked.
type importer struct {
	ctx         context.Context
	store       *mongodb.Store
	file, owner string
	publicURL   string
	dryRun      bool
	stderr      io.Writer
	batchRows   int
	placeholder string
	refusals    []string
	// Issue 48: the check pass's matches (product id → row name); then
	// the id of each SKU the rows name as a part or accessory, and the id
	// each new product that a row names gets (by its row's name), so the
	// write pass writes each product's lists with it.
	matched         map[string]string
	linkIDs, newIDs map[string]string
}

// pass reads the file again in batches: check (true) runs each batch as a
// dry run, storing the rows' picture files (unless this is the command's
// dry run); otherwise each batch is written. It answers the counts.
func (im *importer) pass(check bool, bar *progress, total int) (shop.ImportCounts, error) {
	var counts shop.ImportCounts
	matched := map[string]string{} // product id → the row's name, across batches
	if check {
		im.matched = matched
	}
	var batch []item
	done, pictures := 0, 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		drafts := make([]shop.ProductDraft, len(batch))
		keep := make([]shop.ImportKeep, len(batch))
		ids := make([]string, len(batch))
		docs := make([][]shop.ImportDocument, len(batch))
		for i, it := range batch {
			drafts[i], keep[i], docs[i] = it.draft, it.keep, it.documents
			if !check {
				im.setLinks(&drafts[i], &keep[i], it)
				ids[i] = im.newIDs[it.draft.Name]
			}
			if it.picture == nil {
				continue
			}
			url, err := im.storePicture(it.picture, it.pictureCT, it.draft.Name, check && !im.dryRun)
			if err != nil {
				return fmt.Errorf("row %d (%s): picture: %s", it.row, it.draft.Name, shop.ErrorMessage(err))
			}
			drafts[i].Image = url
			pictures++
			if check {
				bar.update(pictures, total)
			}
		}
		c, err := im.store.ImportProducts(im.ctx, drafts, shop.ImportOptions{DryRun: check, DefaultImage: im.placeholder, Keep: keep, Matched: matched, Offset: done, IDs: ids, Documents: docs,
			Refused: func(name, reason string) { im.refusals = append(im.refusals, fmt.Sprintf("%q: %s", name, reason)) }})
		counts.Inserted += c.Inserted
		counts.Updated += c.Updated
		counts.Unchanged += c.Unchanged
		counts.Refused += c.Refused
		done += len(batch)
		batch = batch[:0]
		if !check {
			bar.update(done, total)
		}
		return err
	}
	// The rows are read and checked on a goroutine of their own, a batch
	// ahead of the one being written (issue 46: at 100,000 rows, reading
	// overlaps the store's writes), and handed over in file order.
	baseDir := filepath.Dir(im.file)
	batches, stop := make(chan []item, 1), make(chan struct{})
	var readErr error
	go func() {
		defer close(batches)
		var next []item
		send := func() error {
			select {
			case batches <- next:
				next = nil
				return nil
			case <-stop:
				return errStopped
			}
		}
		readErr = eachRow(im.file, func(r row) error {
			it, problems := checkRow(r, baseDir, im.owner, nil)
			if len(problems) > 0 {
				return fmt.Errorf("the file changed while it was being imported: %s", problems[0])
			}
			next = append(next, it)
			if len(next) == im.batchRows {
				return send()
			}
			return nil
		})
		if readErr == nil && len(next) > 0 {
			readErr = send()
		}
	}()
	var err error
	for b := range batches {
		batch = b
		if err = flush(); err != nil {
			close(stop)
			for range batches { // (until the reader has stopped)
			}
			break
		}
	}
	if err == nil {
		err = readErr // (the reader closed batches after setting it)
	}
	bar.finish()
	return counts, err
}

// errStopped ends the reading of the rows when their writing has failed.
var errStopped = errors.New("stopped")

// storePicture stores a row's picture file (content-addressed, so a re-run
// stores nothing again) and answers its URL; without store, only one stored
// already is found (else "").
func (im *importer) storePicture(data []byte, ct, name string, store bool) (string, error) {
	sum := sha256.Sum256(data)
	img, err := im.store.FindImageBySHA256(im.ctx, hex.EncodeToString(sum[:]))
	switch {
	case err == nil:
		return shop.ImageURL(im.publicURL, img.ID), nil
	case shop.ErrorCode(err) != shop.ENOTFOUND:
		return "", err
	case !store:
		return "", nil
	}
	img, err = im.store.PutImage(im.ctx, data, ct, name)
	if err != nil {
		return "", err
	}
	return shop.ImageURL(im.publicURL, img.ID), nil
}

// storePlaceholder stores the one picture that every new product without
// a picture shares (a dry run only finds it).
func (im *importer) storePlaceholder(need bool) error {
	if !need {
		return nil
	}
	url, err := im.storePicture(demo.Placeholder(), "image/png", "placeholder.png", !im.dryRun)
	if err != nil {
		return fmt.Errorf("placeholder picture: %s", shop.ErrorMessage(err))
	}
	im.placeholder = url
	return nil
}

// summary is the import's last line: "inserted N, updated N, unchanged N",
// and ", refused N" when rows were not imported.
func summary(c shop.ImportCounts) string {
	out := fmt.Sprintf("inserted %d, updated %d, unchanged %d", c.Inserted, c.Updated, c.Unchanged)
	if c.Refused > 0 {
		out += fmt.Sprintf(", refused %d", c.Refused)
	}
	return out
}

// item is a valid row, ready to import.
type item struct {
	parts, accessories []string // SKUs (nil: the column is absent, the product keeps its list)
	row                int
	draft              shop.ProductDraft // Image is set by storePictures when picture is
	picture            []byte            // a local file's bytes
	pictureCT          string
	keep               shop.ImportKeep       // the fields the row does not state
	documents          []shop.ImportDocument // issue 48: the PDFs it attaches
}

// scan is what the first pass over the file found.
type scan struct {
	rows        int
	problems    []string // each naming its row, product and field
	problemRows int
	// categories are those the rows name, in order of first mention,
	// each with (the first of) its rows.
	categories      []string
	categoryRows    map[string][]string
	needPlaceholder bool // a row has no picture
	pictures        int  // rows with a picture file
	// links are the rows naming spare parts or accessories (issue 48), and
	// skus every SKU of the file: a SKU not in it must be in the store.
	links []linkRow
	skus  map[string]int
	// skuNames are the rows' names by their SKUs (issue 48: the product a
	// part's SKU names is its row's).
	skuNames map[string]string
}

// linkRow is a row's spare parts and accessories, by SKU (nil: kept).
type linkRow struct {
	row                int
	label              string
	name               string
	parts, accessories []string
}

// maxCategoryRows is how many of a category's rows a message names.
const maxCategoryRows = 20

// scanCatalogue checks every row of the file, one at a time, and returns
// all problems at once. Its memory grows with the rows' names (repeats are
// refused), not with the file.
func scanCatalogue(file, owner string) (scan, error) {
	sc := scan{categoryRows: map[string][]string{}, skuNames: map[string]string{}}
	seen := &seenRows{names: map[string]int{}, skus: map[string]int{}}
	baseDir := filepath.Dir(file)
	err := eachRow(file, func(r row) error {
		sc.rows++
		it, problems := checkRow(r, baseDir, owner, seen)
		if len(problems) > 0 {
			sc.problems = append(sc.problems, problems...)
			sc.problemRows++
			return nil
		}
		if it.draft.SKU != "" {
			sc.skuNames[it.draft.SKU] = it.draft.Name
		}
		if it.parts != nil || it.accessories != nil {
			sc.links = append(sc.links, linkRow{row: it.row, label: label(r, it.draft.Name), name: it.draft.Name, parts: it.parts, accessories: it.accessories})
		}
		sc.needPlaceholder = sc.needPlaceholder || it.draft.Image == "" && it.picture == nil
		if it.picture != nil {
			sc.pictures++
		}
		if c := it.draft.Category; c != "" {
			rows, ok := sc.categoryRows[c]
			if !ok {
				sc.categories = append(sc.categories, c)
			}
			if len(rows) < maxCategoryRows {
				sc.categoryRows[c] = append(rows, strconv.Itoa(it.row))
			} else if len(rows) == maxCategoryRows {
				sc.categoryRows[c] = append(rows, "…")
			}
		}
		return nil
	})
	sc.skus = seen.skus
	return sc, err
}

// seenRows are the names and SKUs of the rows before, and their rows.
type seenRows struct{ names, skus map[string]int }

// checkRow checks one row and returns it ready to import, or its problems,
// each naming its row, product and field. seen (nil: not checked) holds
// the names and SKUs of the rows before: a repeat is refused.
func checkRow(r row, baseDir, owner string, seen *seenRows) (item, []string) {
	var problems []string
	raw := r.product
	// Issue 48: the SKUs of its spare parts and accessories (nil: the
	// column is absent), resolved by the link pass, not by Parse.
	var parts, accessories []string
	if raw.Parts != nil {
		parts = append([]string{}, *raw.Parts...)
	}
	if raw.Accessories != nil {
		accessories = append([]string{}, *raw.Accessories...)
	}
	raw.Parts, raw.Accessories = nil, nil
	image := strings.TrimSpace(raw.Image)
	raw.Image = ""
	if strings.TrimSpace(raw.Email) == "" {
		raw.Email = owner
	}
	// images (issue 35): every picture in order; image, when empty, is
	// its first
	if raw.Images != nil && len(*raw.Images) > 0 && image == "" {
		image = (*raw.Images)[0]
	}
	raw.Image = image
	if !strings.HasPrefix(image, "http://") && !strings.HasPrefix(image, "https://") {
		raw.Image = ""
	}
	d, err := raw.Parse(false)
	it := item{row: r.n, keep: r.product.Keeps()}
	fields := shop.ErrorFields(err)
	if fields == nil {
		fields = map[string]string{}
	}
	for _, u := range r.unknown {
		fields[u] = "is not a catalogue field"
	}
	if r.shape != "" {
		fields["record"] = r.shape
	}
	if r.specsProblem != "" {
		fields["specs"] = r.specsProblem
	}
	if r.tiersProblem != "" {
		fields["tiers"] = r.tiersProblem
	}
	if r.documentsProblem != "" {
		fields["documents"] = r.documentsProblem
	}
	var msg string
	if it.documents, msg = checkDocuments(r.documents, baseDir); msg != "" {
		fields["documents"] = msg
	}
	// Issue 48: spare parts and accessories name products by SKU. The
	// check pass keeps the product's lists; the write pass sets those the
	// row states, resolved by resolveLinks (a row may name a part further
	// down the file: its new product's id is chosen before the write).
	it.keep.Parts, it.keep.Accessories = true, true
	for _, l := range []struct {
		field string
		skus  []string
		to    *[]string
	}{{"parts", parts, &it.parts}, {"accessories", accessories, &it.accessories}} {
		var msg string
		if *l.to, msg = checkSKUList(l.skus, d.SKU); msg != "" {
			fields[l.field] = msg
		}
	}
	switch {
	case image == "":
		// the product keeps its picture, or a new one gets the placeholder
	case strings.HasPrefix(image, "http://") || strings.HasPrefix(image, "https://"):
		if !shop.IsWebURL(image) {
			fields["image"] = "is not a valid URL"
		}
		d.Image = image
	case len(d.Images) > 0:
		fields["images"] = "lists pictures at http(s) URLs only: with a picture file in image, leave images empty"
	default:
		data, ct, msg := readPicture(filepath.Join(baseDir, image))
		if msg != "" {
			fields["image"] = msg
		}
		it.picture, it.pictureCT = data, ct
	}
	if seen != nil {
		if first, dup := seen.names[d.Name]; dup && d.Name != "" {
			fields["name"] = fmt.Sprintf("repeats the name of row %d", first)
		} else if d.Name != "" {
			seen.names[strings.Clone(d.Name)] = r.n
		}
		if first, dup := seen.skus[d.SKU]; dup && d.SKU != "" {
			fields["sku"] = fmt.Sprintf("repeats the SKU of row %d", first)
		} else if d.SKU != "" {
			seen.skus[strings.Clone(d.SKU)] = r.n
		}
	}
	if len(fields) > 0 {
		for _, f := range sortedKeys(fields) {
			problems = append(problems, fmt.Sprintf("row %d%s: %s %s", r.n, label(r, d.Name), f, fields[f]))
		}
		return it, problems
	}
	it.draft = d
	return it, nil
}

func label(r row, name string) string {
	s := ""
	if r.line > 0 {
		s = fmt.Sprintf(" (line %d", r.line)
	}
	if name != "" {
		if s == "" {
			s = " ("
		} else {
			s += ", "
		}
		s += fmt.Sprintf("%q", name)
	}
	if s != "" {
		s += ")"
	}
	return s
}

func readPicture(path string) ([]byte, string, string) {
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, "", "file " + path + " cannot be read"
	case st.Size() > shop.MaxImageBytes:
		return nil, "", "file is larger than 5 MB"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", "file " + path + " cannot be read"
	}
	ct, err := imaging.Inspect(data)
	if err != nil {
		return nil, "", "file: " + shop.ErrorMessage(err)
	}
	return data, ct, ""
}

// ensureCategories makes the categories the rows name exist (issue 35):
// the unknown ones are created (a dry run only says so), or under --strict
// the file is refused, naming them, and nothing is written.
func ensureCategories(ctx context.Context, store *mongodb.Store, sc scan, strict, dryRun bool, stdout, stderr io.Writer) int {
	have, err := store.ListCategories(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "read the categories: %s\n", shop.ErrorMessage(err))
		return 1
	}
	known := map[string]bool{}
	for _, c := range have {
		known[c.Name] = true
	}
	var unknown []string
	rows := sc.categoryRows
	for _, c := range sc.categories {
		if !known[c] {
			unknown = append(unknown, c)
		}
	}
	if len(unknown) == 0 {
		return 0
	}
	if strict {
		fmt.Fprintf(stderr, "--strict: %d categories are not in the store; nothing was written:\n", len(unknown))
		for _, c := range unknown {
			fmt.Fprintf(stderr, "  %q (rows %s)\n", c, strings.Join(rows[c], ", "))
		}
		fmt.Fprintln(stderr, "add them first (POST /categories), or run without --strict to create them")
		return 1
	}
	for _, c := range unknown {
		if _, err := shop.CategoryName(c); err != nil {
			fmt.Fprintf(stderr, "category %q (rows %s): %s\n", c, strings.Join(rows[c], ", "), shop.ErrorMessage(err))
			return 1
		}
		if dryRun {
			fmt.Fprintf(stdout, "would create the category %q\n", c)
			continue
		}
		if _, err := store.InsertCategory(ctx, c); err != nil && shop.ErrorCode(err) != shop.ECONFLICT {
			fmt.Fprintf(stderr, "create the category %q: %s\n", c, shop.ErrorMessage(err))
			return 1
		}
		fmt.Fprintf(stdout, "created the category %q\n", c)
	}
	return 0
}

// checkSKUList trims a row's list of SKUs (spare parts or accessories,
// issue 48) and says what is wrong with it: an empty SKU, a repeat, the
// product's own SKU, more than shop.MaxParts. nil stays nil (the column is
// absent).
func checkSKUList(skus []string, own string) ([]string, string) {
	if skus == nil {
		return nil, ""
	}
	out := make([]string, 0, len(skus))
	seen := map[string]bool{}
	for i, s := range skus {
		s = strings.TrimSpace(s)
		switch {
		case s == "":
			return nil, fmt.Sprintf("item %d is not a SKU", i+1)
		case seen[s]:
			return nil, fmt.Sprintf("item %d repeats the SKU %q", i+1, s)
		case own != "" && s == own:
			return nil, "must not name the product itself"
		}
		seen[s] = true
		out = append(out, s)
	}
	if len(out) > shop.MaxParts {
		return nil, fmt.Sprintf("must name at most %d products", shop.MaxParts)
	}
	return out, ""
}

// checkLinks answers a problem for each row naming a part or accessory SKU
// that is neither in the file nor in the store, and the ids of those in
// the store only (SKU → id).
func checkLinks(ctx context.Context, store *mongodb.Store, sc scan) ([]string, map[string]string, error) {
	var problems []string
	known := map[string]string{} // SKU → id, "" when no product has it
	for _, l := range sc.links {
		var row []string
		for _, f := range []struct {
			field string
			skus  []string
		}{{"parts", l.parts}, {"accessories", l.accessories}} {
			for _, sku := range f.skus {
				if _, ok := sc.skus[sku]; ok {
					continue
				}
				id, ok := known[sku]
				if !ok {
					p, err := store.FindProductBySKU(ctx, sku)
					if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
						return nil, nil, err
					}
					if err == nil {
						id = p.ID
					}
					known[sku] = id
				}
				if id == "" {
					row = append(row, fmt.Sprintf("row %d%s: %s names the SKU %q, which is neither in the file nor in the store", l.row, l.label, f.field, sku))
				}
			}
		}
		problems = append(problems, row...)
	}
	return problems, known, nil
}

// resolveLinks gives each SKU the rows name as a part or accessory its
// product's id, once the check pass has matched the rows: a row's SKU is
// its row's product (the one it matched, or the new one, whose id is
// chosen now), another the store's product (storeIDs).
func (im *importer) resolveLinks(sc scan, storeIDs map[string]string) {
	byName := make(map[string]string, len(im.matched))
	for id, name := range im.matched {
		byName[name] = id
	}
	im.linkIDs, im.newIDs = map[string]string{}, map[string]string{}
	for _, l := range sc.links {
		for _, sku := range slices.Concat(l.parts, l.accessories) {
			if _, ok := im.linkIDs[sku]; ok {
				continue
			}
			name, inFile := sc.skuNames[sku]
			switch {
			case !inFile:
				im.linkIDs[sku] = storeIDs[sku]
			case byName[name] != "":
				im.linkIDs[sku] = byName[name]
			default:
				id := mongodb.NewProductID()
				im.newIDs[name], im.linkIDs[sku] = id, id
			}
		}
	}
}

// setLinks gives a row's draft the spare parts and accessories it states,
// by id (the write pass): a list it does not state is kept.
func (im *importer) setLinks(d *shop.ProductDraft, keep *shop.ImportKeep, it item) {
	for _, l := range []struct {
		skus []string
		to   *[]string
		keep *bool
	}{{it.parts, &d.Parts, &keep.Parts}, {it.accessories, &d.Accessories, &keep.Accessories}} {
		if l.skus == nil {
			continue
		}
		ids := make([]string, len(l.skus))
		for i, sku := range l.skus {
			ids[i] = im.linkIDs[sku]
		}
		*l.to, *l.keep = ids, false
	}
}

// linkParts checks, once every row's product is written, that each linked
// row's product lists the spare parts and accessories its row names, by
// SKU, and sets those that do not, each by one guarded write: the write
// pass wrote them with the products, so this finds something only when a
// product a row names was added or matched otherwise since the check pass
// (its id is not the one chosen). A list the product has already is left.
// It answers how many products changed.
func linkParts(ctx context.Context, store *mongodb.Store, links []linkRow, batchRows int) (int, error) {
	changed := 0
	for start := 0; start < len(links); start += batchRows {
		batch := links[start:min(start+batchRows, len(links))]
		var names, skus []string
		for _, l := range batch {
			names = append(names, l.name)
			skus = append(skus, l.parts...)
			skus = append(skus, l.accessories...)
		}
		slices.Sort(skus)
		byName, bySKU, err := store.ProductsByKeys(ctx, names, slices.Compact(skus))
		if err != nil {
			return changed, err
		}
		idsOf := func(skus []string) ([]string, error) {
			out := make([]string, 0, len(skus))
			for _, sku := range skus {
				p, ok := bySKU[sku]
				if !ok {
					return nil, fmt.Errorf("the SKU %q: %w", sku, shop.Errorf(shop.ENOTFOUND, "The product was not found."))
				}
				out = append(out, p.ID)
			}
			return out, nil
		}
		for _, l := range batch {
			p, ok := byName[l.name]
			if !ok {
				return changed, fmt.Errorf("row %d%s: the product was not found", l.row, l.label)
			}
			parts, accessories := p.Parts, p.Accessories
			if l.parts != nil {
				if parts, err = idsOf(l.parts); err != nil {
					return changed, fmt.Errorf("row %d%s: parts: %w", l.row, l.label, err)
				}
			}
			if l.accessories != nil {
				if accessories, err = idsOf(l.accessories); err != nil {
					return changed, fmt.Errorf("row %d%s: accessories: %w", l.row, l.label, err)
				}
			}
			for attempt := 0; !slices.Equal(parts, p.Parts) || !slices.Equal(accessories, p.Accessories); attempt++ {
				_, err = store.SetProductLinks(ctx, p, parts, accessories)
				if err == nil {
					changed++
					break
				}
				if shop.ErrorCode(err) != shop.ECONFLICT || attempt >= 3 {
					return changed, fmt.Errorf("row %d%s: %w", l.row, l.label, err)
				}
				// an order moved its stock meanwhile: read it again
				if p, err = store.FindProductByName(ctx, l.name); err != nil {
					return changed, fmt.Errorf("row %d%s: %w", l.row, l.label, err)
				}
				if l.parts == nil {
					parts = p.Parts
				}
				if l.accessories == nil {
					accessories = p.Accessories
				}
			}
		}
	}
	return changed, nil
}

// documentCheck is what checking one document file found: the checked
// input, or the problem, and the bytes' size and SHA-256; with the file's
// size and modification time when it was read.
type documentCheck struct {
	in       shop.DocumentInput
	problem  string
	size     int64
	digest   string
	modTime  time.Time
	statSize int64
}

// documentChecks remembers each document file's check while its size and
// modification time stay the same: a catalogue names the same manual on
// thousands of rows, and each of the import's three passes checks every
// row (at 100,000 rows, 900,000 reads of three files, a tenth of the
// import's time). A file changed since is read and checked again.
var documentChecks = &documentCheckCache{checks: map[documentKey]documentCheck{}}

// documentKey is a file as a row names it (CheckDocument checks the name,
// kind and file name with the bytes).
type documentKey struct{ path, name, kind, filename string }

type documentCheckCache struct {
	mu     sync.Mutex
	checks map[documentKey]documentCheck
}

func (c *documentCheckCache) find(path string, st os.FileInfo, in shop.DocumentInput) (documentCheck, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.checks[documentKey{path, in.Name, in.Kind, in.Filename}]
	if !ok || !d.modTime.Equal(st.ModTime()) || d.statSize != st.Size() {
		return documentCheck{}, false
	}
	return d, true
}

func (c *documentCheckCache) keep(path string, st os.FileInfo, in shop.DocumentInput, d documentCheck) {
	d.modTime, d.statSize = st.ModTime(), st.Size()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.checks) >= 10_000 { // (a catalogue of a distinct file each row: memory stays bounded)
		clear(c.checks)
	}
	c.checks[documentKey{path, in.Name, in.Kind, in.Filename}] = d
}

// checkDocuments checks a row's documents column (issue 48) as an upload
// is checked (shop.CheckDocument: its name and kind, at most 20 MB, a PDF
// by its bytes), each file read from beside the catalogue file, and
// answers them ready to import (their bytes are read again at the write),
// or what is wrong, naming the item.
func checkDocuments(specs []documentSpec, baseDir string) ([]shop.ImportDocument, string) {
	if specs == nil {
		return nil, ""
	}
	if len(specs) > shop.MaxDocuments {
		return nil, fmt.Sprintf("must list at most %d documents", shop.MaxDocuments)
	}
	out := make([]shop.ImportDocument, 0, len(specs))
	seen := map[string]int{}
	for i, sp := range specs {
		item := fmt.Sprintf("item %d", i+1)
		if sp.File == "" {
			return nil, item + " names no file"
		}
		path := filepath.Join(baseDir, sp.File)
		name := sp.Name
		if name == "" {
			name = strings.TrimSuffix(filepath.Base(sp.File), filepath.Ext(sp.File))
		}
		in := shop.DocumentInput{Name: name, Kind: sp.Kind, Filename: filepath.Base(sp.File)}
		st, err := os.Stat(path)
		if err != nil || !st.Mode().IsRegular() {
			return nil, fmt.Sprintf("%s: file %s cannot be read", item, sp.File)
		}
		if st.Size() > shop.MaxDocumentBytes {
			return nil, fmt.Sprintf("%s (%s): %s", item, sp.File, shop.MsgDocumentTooLarge)
		}
		checked, ok := documentChecks.find(path, st, in)
		if !ok {
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Sprintf("%s: file %s cannot be read", item, sp.File)
			}
			checked = documentCheck{size: int64(len(data))}
			if checked.in, err = shop.CheckDocument(in, data); err != nil {
				checked.problem = shop.ErrorMessage(err)
				if f := shop.ErrorFields(err); len(f) > 0 && f["file"] == "" {
					var parts []string
					for _, k := range sortedKeys(f) {
						parts = append(parts, k+" "+f[k])
					}
					checked.problem = strings.Join(parts, "; ")
				}
			}
			sum := sha256.Sum256(data)
			checked.digest = hex.EncodeToString(sum[:])
			documentChecks.keep(path, st, in, checked)
		}
		if checked.problem != "" {
			return nil, fmt.Sprintf("%s (%s): %s", item, sp.File, checked.problem)
		}
		in, digest, size := checked.in, checked.digest, checked.size
		if first, dup := seen[digest]; dup {
			return nil, fmt.Sprintf("%s (%s) is the same file as item %d", item, sp.File, first)
		}
		seen[digest] = i + 1
		out = append(out, shop.ImportDocument{Input: in, Size: size, SHA256: digest, Read: func() ([]byte, error) {
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("the document %s cannot be read: %w", sp.File, err)
			}
			return data, nil
		}})
	}
	return out, ""
}
