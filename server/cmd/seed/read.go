package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"storefront/server/internal/shop"
)

// row is one product of the file, numbered from 1, with any fields the
// catalogue does not know.
type row struct {
	n, line int // line is the CSV line (0 for JSON)
	product shop.RawProduct
	unknown []string
	shape   string // a CSV record whose length differs from the header's
	// specsProblem is why the CSV's specs column could not be read.
	specsProblem string
	// tiersProblem is why the CSV's tiers column could not be read.
	tiersProblem string
	// documents are the PDFs the row attaches (issue 48), nil without the
	// column; documentsProblem is why they could not be read.
	documents        []documentSpec
	documentsProblem string
}

// documentSpec is one entry of the documents column: its kind, its file
// (relative to the catalogue file) and its name ("": the file's).
type documentSpec struct {
	Kind string `json:"kind"`
	File string `json:"file"`
	Name string `json:"name"`
}

// parseDocuments reads the CSV's documents column (issue 48):
// "kind:path" or "kind:path:name", "|" between documents, such as
// "manual:docs/ex1-manual.pdf:Operator manual|datasheet:docs/ex1.pdf".
func parseDocuments(text string) ([]documentSpec, string) {
	docs := []documentSpec{}
	for i, part := range strings.Split(text, "|") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		kind, rest, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Sprintf("document %d (%q) has no \":\" between its kind and its file", i+1, part)
		}
		file, name, _ := strings.Cut(rest, ":")
		docs = append(docs, documentSpec{Kind: strings.TrimSpace(kind), File: strings.TrimSpace(file), Name: strings.TrimSpace(name)})
	}
	return docs, ""
}

// parseTiers reads the CSV's tiers column (issue 45): "min:percentOff; …",
// such as "10:5; 50:10" (from 10 pieces 5 % off, from 50 10 % off).
func parseTiers(text string) ([]shop.RawTier, string) {
	tiers := []shop.RawTier{}
	for i, part := range strings.Split(text, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		min, pct, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Sprintf("tier %d (%q) has no \":\" between its minimum quantity and its percentage off", i+1, part)
		}
		tiers = append(tiers, shop.RawTier{Min: shop.NumberText(strings.TrimSpace(min)), PercentOff: shop.NumberText(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(pct), "%")))})
	}
	return tiers, ""
}

// parseSpecs reads the CSV's specs column: "name=value unit; …". Each
// specification is separated by ";", its name from its value by the first
// "=". When the value's first word is a number (digits with . , / - + x ×,
// such as 60, 2.4, 230/400, 50x90), the rest of the value after the first
// space is its unit: "Power=60 kVA" is value "60", unit "kVA"; otherwise
// the whole text is the value, without a unit: "Material=Stainless steel".
func parseSpecs(text string) ([]shop.Spec, string) {
	var specs []shop.Spec
	for i, part := range strings.Split(text, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Sprintf("specification %d (%q) has no \"=\" between its name and value", i+1, part)
		}
		sp := shop.Spec{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)}
		if first, unit, found := strings.Cut(sp.Value, " "); found && isNumberWord(first) {
			sp.Value, sp.Unit = first, strings.TrimSpace(unit)
		}
		specs = append(specs, sp)
	}
	return specs, ""
}

func isNumberWord(w string) bool {
	digit := false
	for _, r := range w {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune(".,/-+x×", r):
		default:
			return false
		}
	}
	return digit
}

var columns = []string{"name", "price", "avaialbequantit", "minimumquantity", "description", "image", "email",
	"sku", "category", "specs", "images", "tiers", "oemNumbers", "weightKg", "leadTimeDays", "parts", "accessories", "documents"}

// eachRow reads the catalogue file one row at a time and calls fn with
// each, in order: a file of any size is read in bounded memory. It stops
// at fn's first error, or the file's first one that leaves the rest
// unreadable (a CSV record that cannot be parsed, JSON that is not an
// array of objects).
func eachRow(path string, fn func(row) error) error {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".json" && ext != ".csv" {
		return errors.New("the file must be .json (an array of products) or .csv (with a header row)")
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 256<<10)
	if ext == ".json" {
		return eachJSON(r, fn)
	}
	return eachCSV(r, fn)
}

func eachJSON(r io.Reader, fn func(row) error) error {
	dec := json.NewDecoder(r)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return errors.New("not a JSON array of products: the file does not start with [")
	}
	for i := 0; dec.More(); i++ {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("not a JSON array of products: after row %d: %v", i, err)
		}
		r, err := jsonRow(i+1, raw)
		if err != nil {
			return err
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim(']') {
		return fmt.Errorf("not a JSON array of products: it does not end with ] (%v)", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("not a JSON array of products: there is more after the array's ]")
	}
	return nil
}

func jsonRow(n int, raw json.RawMessage) (row, error) {
	r := row{n: n}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return r, fmt.Errorf("row %d is not an object", n)
	}
	for k := range fields {
		if !slices.Contains(columns, k) {
			r.unknown = append(r.unknown, k)
		}
	}
	sort.Strings(r.unknown)
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&r.product); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return r, fmt.Errorf("row %d: %s must be text", n, te.Field)
		}
		return r, fmt.Errorf("row %d: %v", n, err)
	}
	// issue 48: documents as [{kind, file, name?}] (null: none stated)
	if d, ok := fields["documents"]; ok && string(d) != "null" {
		r.documents = []documentSpec{}
		if err := json.Unmarshal(d, &r.documents); err != nil {
			r.documents, r.documentsProblem = nil, `must be an array of {"kind", "file", "name"}`
		}
	}
	return r, nil
}

func eachCSV(in *bufio.Reader, fn func(row) error) error {
	if bom, err := in.Peek(3); err == nil && string(bom) == "\xef\xbb\xbf" {
		_, _ = in.Discard(3)
	}
	cr := csv.NewReader(in)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err != nil {
		return errors.New("the CSV file has no header row")
	}
	header = slices.Clone(header)
	index := map[string]int{}
	var unknown []string
	for i, h := range header {
		h = strings.TrimSpace(h)
		index[h] = i
		if !slices.Contains(columns, h) {
			unknown = append(unknown, h)
		}
	}
	for n := 1; ; n++ {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("row %d: %v", n, err)
		}
		line, _ := cr.FieldPos(0)
		r := row{n: n, line: line, unknown: unknown}
		get := func(col string) string {
			if i, ok := index[col]; ok && i < len(rec) {
				return strings.Clone(rec[i])
			}
			return ""
		}
		if len(rec) != len(header) {
			r.shape = fmt.Sprintf("has %d values for %d columns", len(rec), len(header))
		}
		r.product = shop.RawProduct{
			Name: get("name"), Price: shop.NumberText(get("price")), Description: get("description"),
			Available: shop.NumberText(get("avaialbequantit")), Minimum: shop.NumberText(get("minimumquantity")),
			Image: get("image"), Email: get("email"),
		}
		// Issue 35's columns: one the file lacks leaves each product's own
		// (nil); an empty one removes it.
		has := func(col string) bool { _, ok := index[col]; return ok }
		if has("sku") {
			sku := get("sku")
			r.product.SKU = &sku
		}
		if has("category") {
			category := get("category")
			r.product.Category = &category
		}
		if has("specs") {
			specs, msg := parseSpecs(strings.TrimSpace(get("specs")))
			if msg != "" {
				r.specsProblem = msg
			}
			r.product.Specs = &specs
		}
		if has("tiers") {
			tiers, msg := parseTiers(strings.TrimSpace(get("tiers")))
			if msg != "" {
				r.tiersProblem = msg
			}
			r.product.Tiers = &tiers
		}
		if has("oemNumbers") { // issue 48: "1R-0750|CAT 093-7521"
			numbers := []string{}
			for _, n := range strings.Split(get("oemNumbers"), "|") {
				if n = strings.TrimSpace(n); n != "" {
					numbers = append(numbers, n)
				}
			}
			r.product.OEMNumbers = &numbers
		}
		// Issue 48: spare parts and accessories by SKU, "|" between them
		// (resolved in the file or the store: linkSKUs).
		for _, l := range []struct {
			col string
			to  **[]string
		}{{"parts", &r.product.Parts}, {"accessories", &r.product.Accessories}} {
			if has(l.col) {
				skus := []string{}
				for _, s := range strings.Split(get(l.col), "|") {
					if s = strings.TrimSpace(s); s != "" {
						skus = append(skus, s)
					}
				}
				*l.to = &skus
			}
		}
		// Issue 48: the weight in kilograms and the lead time in days; an
		// empty value is none.
		if has("weightKg") {
			w := shop.NumberText(get("weightKg"))
			r.product.WeightKg = &w
		}
		if has("leadTimeDays") {
			l := shop.NumberText(get("leadTimeDays"))
			r.product.LeadTimeDays = &l
		}
		if has("documents") {
			docs, msg := parseDocuments(get("documents"))
			r.documents, r.documentsProblem = docs, msg
		}
		if has("images") {
			images := []string{}
			for _, u := range strings.Split(get("images"), "|") {
				if u = strings.TrimSpace(u); u != "" {
					images = append(images, u)
				}
			}
			r.product.Images = &images
		}
		if err := fn(r); err != nil {
			return err
		}
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
