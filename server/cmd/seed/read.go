package main

import (
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
	"sku", "category", "specs", "images", "tiers"}

const maxFileBytes = 50 << 20

func readCatalogue(path string) ([]row, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileBytes {
		return nil, errors.New("the file is larger than 50 MB")
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return readJSON(data)
	case ".csv":
		return readCSV(data)
	}
	return nil, errors.New("the file must be .json (an array of products) or .csv (with a header row)")
}

func readJSON(data []byte) ([]row, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		return nil, fmt.Errorf("not a JSON array of products: %v", err)
	}
	rows := make([]row, 0, len(items))
	for i, raw := range items {
		r := row{n: i + 1}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return nil, fmt.Errorf("row %d is not an object", i+1)
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
				return nil, fmt.Errorf("row %d: %s must be text", i+1, te.Field)
			}
			return nil, fmt.Errorf("row %d: %v", i+1, err)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

func readCSV(data []byte) ([]row, error) {
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, errors.New("the CSV file has no header row")
	}
	index := map[string]int{}
	for i, h := range header {
		index[strings.TrimSpace(h)] = i
	}
	var rows []row
	for n := 1; ; n++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("row %d: %v", n, err)
		}
		line, _ := cr.FieldPos(0)
		r := row{n: n, line: line}
		get := func(col string) string {
			if i, ok := index[col]; ok && i < len(rec) {
				return rec[i]
			}
			return ""
		}
		for _, h := range header {
			if h = strings.TrimSpace(h); !slices.Contains(columns, h) {
				r.unknown = append(r.unknown, h)
			}
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
		if has("images") {
			images := []string{}
			for _, u := range strings.Split(get("images"), "|") {
				if u = strings.TrimSpace(u); u != "" {
					images = append(images, u)
				}
			}
			r.product.Images = &images
		}
		rows = append(rows, r)
	}
	return rows, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
