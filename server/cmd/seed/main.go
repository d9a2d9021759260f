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
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

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
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: seed [--dry-run] [--strict] [--owner EMAIL] FILE.json|FILE.csv")
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
	file := fs.Arg(0)
	cfg, err := config.Load(getenv)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *owner == "" {
		*owner = cfg.OwnerEmail()
	}

	rows, err := readCatalogue(file)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", file, err)
		return 1
	}
	items, problems := validate(rows, filepath.Dir(file), *owner)
	if len(problems) > 0 {
		fmt.Fprintf(stderr, "%s: %d of %d rows are invalid; nothing was written:\n", file, countRows(problems), len(rows))
		for _, p := range problems {
			fmt.Fprintln(stderr, "  "+p)
		}
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d rows are valid\n", file, len(rows))

	store, err := opscmd.OpenStore(ctx, cfg, "import", stderr)
	if err != nil {
		return 1
	}
	defer opscmd.CloseStore(store)

	if code := ensureCategories(ctx, store, items, *strict, *dryRun, stdout, stderr); code != 0 {
		return code
	}
	drafts, placeholder, err := storePictures(ctx, store, items, cfg.PublicURL, *dryRun, newProgress(stderr, "storing pictures"))
	if err != nil {
		fmt.Fprintf(stderr, "%v\nnothing was imported; pictures stored so far are kept and reused by the next run\n", err)
		return 1
	}
	bar := newProgress(stderr, "writing products")
	var refusals []string
	refused := func(name, reason string) { refusals = append(refusals, fmt.Sprintf("%q: %s", name, reason)) }
	keep := make([]shop.ImportKeep, len(items))
	for i, it := range items {
		keep[i] = it.keep
	}
	counts, err := store.ImportProducts(ctx, drafts, shop.ImportOptions{DryRun: *dryRun, DefaultImage: placeholder, Progress: bar.update, Refused: refused, Keep: keep})
	bar.finish()
	for _, r := range refusals {
		fmt.Fprintf(stderr, "not imported: %s\n", r)
	}
	if err != nil {
		fmt.Fprintf(stderr, "import stopped: %s\n", shop.ErrorMessage(err))
		fmt.Fprintf(stderr, "stopped after: %s\n", summary(counts))
		return 1
	}
	verb := ""
	if *dryRun {
		verb = "dry run, nothing written: would have "
	}
	fmt.Fprintf(stdout, "%s%s\n", verb, summary(counts))
	if counts.Refused > 0 {
		return 1
	}
	return 0
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
	row       int
	draft     shop.ProductDraft // Image is set by storePictures when picture is
	picture   []byte            // a local file's bytes
	pictureCT string
	keep      shop.ImportKeep // the fields the row does not state
}

// validate checks every row and returns all problems at once, each naming
// its row, product and field.
func validate(rows []row, baseDir, owner string) ([]item, []string) {
	var items []item
	var problems []string
	seen := map[string]int{}
	for _, r := range rows {
		raw := r.product
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
		it := item{row: r.n, keep: r.product.Keeps()}
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
		if first, dup := seen[d.Name]; dup && d.Name != "" {
			fields["name"] = fmt.Sprintf("repeats the name of row %d", first)
		} else if d.Name != "" {
			seen[d.Name] = r.n
		}
		if len(fields) > 0 {
			for _, f := range sortedKeys(fields) {
				problems = append(problems, fmt.Sprintf("row %d%s: %s %s", r.n, label(r, d.Name), f, fields[f]))
			}
			continue
		}
		it.draft = d
		items = append(items, it)
	}
	return items, problems
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

// storePictures stores the rows' own picture files (content-addressed, so
// a re-run stores nothing again) and the one placeholder that every new
// product without a picture shares, and returns the drafts to import with
// the placeholder's URL. A dry run stores nothing: a picture not yet stored
// leaves its draft's image empty.
func storePictures(ctx context.Context, store *mongodb.Store, items []item, publicURL string, dryRun bool, bar *progress) ([]shop.ProductDraft, string, error) {
	drafts := make([]shop.ProductDraft, len(items))
	needPlaceholder, files := false, 0
	for _, it := range items {
		needPlaceholder = needPlaceholder || it.draft.Image == "" && it.picture == nil
		if it.picture != nil {
			files++
		}
	}
	store1 := func(data []byte, ct, name string) (string, error) {
		sum := sha256.Sum256(data)
		img, err := store.FindImageBySHA256(ctx, hex.EncodeToString(sum[:]))
		switch {
		case err == nil:
			return shop.ImageURL(publicURL, img.ID), nil
		case shop.ErrorCode(err) != shop.ENOTFOUND:
			return "", err
		case dryRun:
			return "", nil
		}
		img, err = store.PutImage(ctx, data, ct, name)
		if err != nil {
			return "", err
		}
		return shop.ImageURL(publicURL, img.ID), nil
	}
	done := 0
	for i, it := range items {
		drafts[i] = it.draft
		if it.picture == nil {
			continue
		}
		url, err := store1(it.picture, it.pictureCT, it.draft.Name)
		if err != nil {
			return nil, "", fmt.Errorf("row %d (%s): picture: %s", it.row, it.draft.Name, shop.ErrorMessage(err))
		}
		drafts[i].Image = url
		done++
		bar.update(done, files)
	}
	bar.finish()
	placeholder := ""
	if needPlaceholder {
		var err error
		if placeholder, err = store1(demo.Placeholder(), "image/png", "placeholder.png"); err != nil {
			return nil, "", fmt.Errorf("placeholder picture: %s", shop.ErrorMessage(err))
		}
	}
	return drafts, placeholder, nil
}

func countRows(problems []string) int {
	rows := map[string]bool{}
	for _, p := range problems {
		rows[strings.SplitN(p, ":", 2)[0]] = true
	}
	return len(rows)
}

// ensureCategories makes the categories the rows name exist (issue 35):
// the unknown ones are created (a dry run only says so), or under --strict
// the file is refused, naming them, and nothing is written.
func ensureCategories(ctx context.Context, store *mongodb.Store, items []item, strict, dryRun bool, stdout, stderr io.Writer) int {
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
	rows := map[string][]string{}
	for _, it := range items {
		c := it.draft.Category
		if c == "" || known[c] {
			continue
		}
		if len(rows[c]) == 0 {
			unknown = append(unknown, c)
		}
		rows[c] = append(rows[c], strconv.Itoa(it.row))
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
