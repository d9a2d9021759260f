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
}

var columns = []string{"name", "price", "avaialbequantit", "minimumquantity", "description", "image", "email"}

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
