package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// Issue 35: the CSV's sku, category, specs and images columns; unknown
// categories created, or refused under --strict; rows matched by SKU.
func TestSeed_CatalogueColumns(t *testing.T) {
	t.Parallel()
	const header = "name,price,avaialbequantit,minimumquantity,description,image,sku,category,specs,images\n"
	csv := header +
		`Genset 60,14900,12,1,Silent generator.,https://cdn.test/g1.jpg,GEN-60,Power Generation,"Power=60 kVA; Voltage=230/400 V; Fuel=Diesel oil; Phases=3",https://cdn.test/g1.jpg|https://cdn.test/g2.jpg` + "\n" +
		`Roller Bearing,18.5,4800,50,Tapered roller bearing.,,BRG-1,Bearings,Bore=50 mm,https://cdn.test/b1.jpg` + "\n"
	t.Run("OK_ColumnsAndCategories", func(t *testing.T) {
		dir := t.TempDir()
		file := writeFile(t, "cat.csv", csv)
		code, out, errs := seed(t, dir, "--strict", file)
		if code != 1 || !strings.Contains(errs, `"Power Generation" (rows 1)`) || !strings.Contains(errs, `"Bearings" (rows 2)`) {
			t.Fatalf("--strict with unknown categories: code=%d out=%q err=%q", code, out, errs)
		}
		if n := productCount(t, dir); n != 0 {
			t.Fatalf("--strict refused, yet %d products were written", n)
		}
		code, out, errs = seed(t, dir, file)
		if code != 0 || !strings.Contains(out, `created the category "Bearings"`) || !strings.Contains(out, "inserted 2, updated 0, unchanged 0") {
			t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
		}
		s := mongotest.MustOpenAt(t, dir)
		ctx := context.Background()
		p, err := s.FindProductByName(ctx, "Genset 60")
		if err != nil {
			t.Fatal(err)
		}
		want := []shop.Spec{{Name: "Power", Value: "60", Unit: "kVA"}, {Name: "Voltage", Value: "230/400", Unit: "V"}, {Name: "Fuel", Value: "Diesel oil"}, {Name: "Phases", Value: "3"}}
		if p.SKU != "GEN-60" || p.Category != "Power Generation" || !slices.Equal(p.Specs, want) ||
			!slices.Equal(p.Images, []string{"https://cdn.test/g1.jpg", "https://cdn.test/g2.jpg"}) {
			t.Fatalf("imported %+v", p)
		}
		b, _ := s.FindProductByName(ctx, "Roller Bearing")
		if b.Image != "https://cdn.test/b1.jpg" || !slices.Equal(b.Images, []string{"https://cdn.test/b1.jpg"}) {
			t.Fatalf("image from images: %q %v", b.Image, b.Images)
		}
		cats, _ := s.ListCategories(ctx)
		if len(cats) != 2 || cats[0].Name != "Bearings" || cats[0].Count != 1 {
			t.Fatalf("categories %+v", cats)
		}
		list, total, _ := s.ListProducts(ctx, shop.ProductQuery{Limit: 10, Q: "diesel"})
		if total != 1 || list[0].Name != "Genset 60" {
			t.Fatalf("search by a specification's value: %v", list)
		}
		_ = s.Close(ctx)
		// matched by SKU: a renamed row updates the product
		renamed := strings.Replace(csv, "Genset 60,14900", "Genset 60 kVA,15900", 1)
		code, out, errs = seed(t, dir, "--strict", writeFile(t, "cat.csv", renamed))
		if code != 0 || !strings.Contains(out, "inserted 0, updated 1, unchanged 1") {
			t.Fatalf("rename by SKU: code=%d out=%q err=%q", code, out, errs)
		}
		if n := productCount(t, dir); n != 2 {
			t.Fatalf("%d products after a rename by SKU, want 2", n)
		}
	})
	// A file without issue 35's columns (last year's template) leaves each
	// product's SKU, category, specifications and pictures as they are; a
	// column that is there but empty removes them; JSON likewise, by key.
	t.Run("OK_MissingColumnsKeepEmptyOnesRemove", func(t *testing.T) {
		dir := t.TempDir()
		if code, out, errs := seed(t, dir, writeFile(t, "cat.csv", csv)); code != 0 {
			t.Fatalf("import: code=%d out=%q err=%q", code, out, errs)
		}
		read := func() shop.Product {
			t.Helper()
			s := mongotest.MustOpenAt(t, dir)
			defer func() { _ = s.Close(context.Background()) }()
			p, err := s.FindProductByName(context.Background(), "Genset 60")
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		before := read()
		old := "name,price,avaialbequantit,minimumquantity,description,image\n" +
			"Genset 60,15500,12,1,Silent generator.,\n" + "Roller Bearing,18.5,4800,50,Tapered roller bearing.,\n"
		code, out, errs := seed(t, dir, writeFile(t, "old.csv", old))
		if code != 0 || !strings.Contains(out, "inserted 0, updated 1, unchanged 1") {
			t.Fatalf("the old template: code=%d out=%q err=%q", code, out, errs)
		}
		p := read()
		if p.Price != 1550000 || p.SKU != "GEN-60" || p.Category != "Power Generation" || !slices.Equal(p.Specs, before.Specs) ||
			!slices.Equal(p.Images, before.Images) || p.Image != before.Image {
			t.Fatalf("after a file without the columns: %+v, want the price changed and the rest as %+v", p, before)
		}
		// JSON: a row without the keys keeps them too.
		json := `[{"name":"Genset 60","price":"15600","avaialbequantit":"12","minimumquantity":"1","description":"Silent generator.","sku":null}]`
		if code, out, errs := seed(t, dir, writeFile(t, "cat.json", json)); code != 0 || !strings.Contains(out, "updated 1") {
			t.Fatalf("JSON without the keys: code=%d out=%q err=%q", code, out, errs)
		}
		if p := read(); p.Price != 1560000 || p.SKU != "GEN-60" || len(p.Specs) != 4 || len(p.Images) != 2 {
			t.Fatalf("after JSON without the keys: %+v", p)
		}
		// The columns there, empty: removed.
		empty := header + "Genset 60,15600,12,1,Silent generator.,https://cdn.test/g1.jpg,,,,\n"
		if code, out, errs := seed(t, dir, writeFile(t, "empty.csv", empty)); code != 0 || !strings.Contains(out, "updated 1") {
			t.Fatalf("empty columns: code=%d out=%q err=%q", code, out, errs)
		}
		if p := read(); p.SKU != "" || p.Category != "" || len(p.Specs) != 0 || !slices.Equal(p.Images, []string{"https://cdn.test/g1.jpg"}) {
			t.Fatalf("after empty columns: %+v, want no SKU, category or specifications and the main picture only", p)
		}
	})
	t.Run("ErrBadSpecs", func(t *testing.T) {
		dir := t.TempDir()
		file := writeFile(t, "cat.csv", header+`Press,100,1,1,A press.,https://cdn.test/p.jpg,,,"Force 20 t",`+"\n")
		code, _, errs := seed(t, dir, file)
		if code != 1 || !strings.Contains(errs, "specs specification 1") {
			t.Fatalf("code=%d err=%q", code, errs)
		}
	})
}
