package httpapi_test

import (
	"context"
	"net/url"
	"slices"
	"testing"

	"storefront/server/internal/shop"
)

// Issue 35: the product's new fields, SKU uniqueness, and GET /service's
// search and filters on the real embedded store.

func TestProducts_CatalogueFields(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ctx := context.Background()
	admin := ts.mustRegister(t, "Boss", adminEmail)
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	img2 := ts.mustUpload(t, admin.Token, testPNG(t, 21, 20))
	ts.mustAddCategory(t, admin.Token, "Field Generators")
	p := validProduct(img)
	p["name"], p["sku"], p["category"] = "Field Genset 60", "FG-60", "Field Generators"
	p["specs"] = []map[string]any{{"name": "Power", "value": "60", "unit": "kVA"}, {"name": "Fuel", "value": "Diesel"}}
	p["images"] = []string{img, img2}
	id := ts.mustAddProduct(t, admin.Token, p)
	_, body := ts.get(t, "/service/"+id)
	got := decode[shop.Product](t, body)
	if got.SKU != "FG-60" || got.Category != "Field Generators" || len(got.Specs) != 2 || got.Specs[0] != (shop.Spec{Name: "Power", Value: "60", Unit: "kVA"}) ||
		!slices.Equal(got.Images, []string{img, img2}) {
		t.Fatalf("stored %+v", got)
	}
	t.Run("NoneStored_AnswersEmptySpecsAndTheImage", func(t *testing.T) {
		q := validProduct(img)
		q["name"] = "Field Plain"
		id := ts.mustAddProduct(t, admin.Token, q)
		_, body := ts.get(t, "/service/"+id)
		if got := decode[shop.Product](t, body); got.Specs == nil || len(got.Specs) != 0 || !slices.Equal(got.Images, []string{img}) || got.SKU != "" {
			t.Fatalf("answered %s", body)
		}
	})
	t.Run("ErrDuplicateSKU409", func(t *testing.T) {
		q := validProduct(img)
		q["name"], q["sku"] = "Field Other", "FG-60"
		res, body := ts.send(t, "POST", "/added", admin.Token, q)
		if prob := mustProblem(t, res, body, 409); prob.Detail != shop.MsgSKUTaken {
			t.Fatalf("detail %q", prob.Detail)
		}
		q["sku"] = "FG-61"
		other := ts.mustAddProduct(t, admin.Token, q)
		res, body = ts.send(t, "PUT", "/service/"+other, admin.Token, map[string]any{"sku": "FG-60"})
		mustProblem(t, res, body, 409)
		if p, _ := ts.store.FindProduct(ctx, other); p.SKU != "FG-61" {
			t.Fatalf("a refused edit changed the SKU to %q", p.SKU)
		}
	})
	t.Run("ErrInvalidFields400", func(t *testing.T) {
		for name, c := range map[string]struct {
			change func(map[string]any)
			field  string
		}{
			"SKUSpaces":       {func(p map[string]any) { p["sku"] = "A B" }, "sku"},
			"SKUTooLong":      {func(p map[string]any) { p["sku"] = "A234567890123456789012345678901234567890X" }, "sku"},
			"SpecNoValue":     {func(p map[string]any) { p["specs"] = []map[string]any{{"name": "Power", "value": " "}} }, "specs"},
			"ImagesNotFirst":  {func(p map[string]any) { p["images"] = []string{img2, img} }, "images"},
			"ImagesRepeat":    {func(p map[string]any) { p["images"] = []string{img, img} }, "images"},
			"ImagesNotURL":    {func(p map[string]any) { p["images"] = []string{img, "ftp://x"} }, "images"},
			"SpecUnknownKey":  {func(p map[string]any) { p["specs"] = []map[string]any{{"name": "P", "value": "1", "x": 1}} }, "specs.0.x"},
			"CategoryUnknown": {func(p map[string]any) { p["category"] = "Nope" }, "category"},
		} {
			t.Run(name, func(t *testing.T) {
				p := validProduct(img)
				p["name"] = "Field Invalid " + name
				c.change(p)
				res, body := ts.send(t, "POST", "/added", admin.Token, p)
				prob := mustProblem(t, res, body, 400)
				if _, ok := prob.Errors[c.field]; !ok {
					t.Errorf("errors %v do not name %q", prob.Errors, c.field)
				}
			})
		}
		specs := make([]map[string]any, 31)
		for i := range specs {
			specs[i] = map[string]any{"name": "S", "value": "v"}
		}
		p := validProduct(img)
		p["name"], p["specs"] = "Field Too Many", specs
		res, body := ts.send(t, "POST", "/added", admin.Token, p)
		mustProblem(t, res, body, 400)
	})
	t.Run("Edit_KeepsRemovesAndReplaces", func(t *testing.T) {
		res, body := ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"price": 2000, "sku": nil, "specs": nil})
		if res.StatusCode != 200 {
			t.Fatalf("edit: %d %s", res.StatusCode, body)
		}
		p, _ := ts.store.FindProduct(ctx, id)
		if p.SKU != "FG-60" || p.Category != "Field Generators" || len(p.Specs) != 2 || len(p.Images) != 2 {
			t.Fatalf("absent or null did not keep: %+v", p)
		}
		res, body = ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"sku": "", "category": "", "specs": []any{}})
		if p, _ = ts.store.FindProduct(ctx, id); res.StatusCode != 200 || p.SKU != "" || p.Category != "" || len(p.Specs) != 0 {
			t.Fatalf("\"\" did not remove: %d %s %+v", res.StatusCode, body, p)
		}
		res, body = ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"image": img2})
		if p, _ = ts.store.FindProduct(ctx, id); res.StatusCode != 200 || !slices.Equal(p.Images, []string{img2}) {
			t.Fatalf("a new image alone: %d %s %v", res.StatusCode, body, p.Images)
		}
		res, body = ts.send(t, "PUT", "/service/"+id, admin.Token, map[string]any{"images": []string{img2, img}})
		if p, _ = ts.store.FindProduct(ctx, id); res.StatusCode != 200 || !slices.Equal(p.Images, []string{img2, img}) {
			t.Fatalf("new pictures: %d %s %v", res.StatusCode, body, p.Images)
		}
		if err := ts.store.Check(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

func TestListProducts_SearchAndFilters(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	img := ts.mustUpload(t, admin.Token, testPNG(t, 20, 20))
	ts.mustAddCategory(t, admin.Token, "Zq Bearings")
	ts.mustAddCategory(t, admin.Token, "Zq Pumps")
	add := func(name, sku, category, description, price string, stock, minimum int, specs ...map[string]any) {
		p := validProduct(img)
		p["name"], p["description"], p["price"], p["avaialbequantit"], p["minimumquantity"] = name, description, price, stock, minimum
		if sku != "" {
			p["sku"] = sku
		}
		if category != "" {
			p["category"] = category
		}
		if specs != nil {
			p["specs"] = specs
		}
		ts.mustAddProduct(t, admin.Token, p)
	}
	// catalogue order: as added
	add("Zqpump Housing", "ZQ-BEARHOUSE", "Zq Pumps", "A cast housing for Zqwidgets.", "500", 10, 1)
	add("Zqroller Unit", "ZQ-77", "Zq Bearings", "Holds two Bearings and a seal.", "120", 3, 5)
	add("Zqbearing Block", "", "Zq Bearings", "A pillow block.", "80", 50, 1)
	add("Zqcafé Press", "ZQ-CAFE", "", "Presses Zqwidgets.", "2500", 5, 1, map[string]any{"name": "Material", "value": "Stainless Éxtra"})
	add("Qzgenerator Set", "", "", "A standby set.", "9000", 2, 1) // issue 48: stems and typos
	list := func(query string) ([]string, string) {
		t.Helper()
		res, body := ts.get(t, "/service?"+query)
		if res.StatusCode != 200 {
			t.Fatalf("GET /service?%s: %d %s", query, res.StatusCode, body)
		}
		var names []string
		for _, p := range decode[[]shop.Product](t, body) {
			names = append(names, p.Name)
		}
		return names, res.Header.Get("X-Total-Count")
	}
	for _, c := range []struct {
		query string
		want  []string
		total string
	}{
		// ranked: name, then SKU, then the rest, catalogue order within
		{"q=zqbear", []string{"Zqbearing Block"}, "1"},
		{"q=bear+zq", []string{"Zqpump Housing", "Zqroller Unit", "Zqbearing Block"}, "3"}, // SKU ZQ-BEARHOUSE, then the description's Bearings, then the category's
		{"q=bearings+zq", []string{"Zqroller Unit", "Zqbearing Block"}, "2"},               // "Bearings" in the description, and the category
		{"q=BEARINGS+ZQ", []string{"Zqroller Unit", "Zqbearing Block"}, "2"},               // case folded
		{"q=zqpumps", []string{"Zqpump Housing"}, "1"},                                     // issue 48: a plural finds its singular
		{"q=zqbearings", []string{"Zqbearing Block"}, "1"},                                 // (its stem, whole)
		{"q=qzgenerators", []string{"Qzgenerator Set"}, "1"},                               // a stem shared: "generat"
		{"q=zqpumping", []string{"Zqpump Housing"}, "1"},                                   // a common suffix
		{"q=qzgenrator", []string{"Qzgenerator Set"}, "1"},                                 // nothing exact: one typo, five letters or more
		{"q=ousing", []string{"Zqpump Housing"}, "1"},                                      // (a letter dropped at the start)
		{"q=qzgnrator", nil, "0"},                                                          // two typos: nothing
		{"q=pmup", nil, "0"},                                                               // a typo in a word under five letters: nothing
		{"q=zqcafe", []string{"Zqcafé Press"}, "1"},                                        // accents folded in the name
		{"q=" + url.QueryEscape("extra"), []string{"Zqcafé Press"}, "1"},                   // and in a specification's value
		{"q=" + url.QueryEscape("ÉXTRA stainless"), []string{"Zqcafé Press"}, "1"},         // every word, in any order
		{"q=zq-cafe", []string{"Zqcafé Press"}, "1"},                                       // the SKU
		{"q=zqwidgets", []string{"Zqpump Housing", "Zqcafé Press"}, "2"},                   // descriptions only: catalogue order
		{"q=zqwidgets&sort=-price", []string{"Zqcafé Press", "Zqpump Housing"}, "2"},       // a sort replaces the rank
		{"q=zq&limit=2", []string{"Zqpump Housing", "Zqroller Unit"}, "4"},                 // all in their names: catalogue order, paged
		{"q=zq&limit=2&skip=2", []string{"Zqbearing Block", "Zqcafé Press"}, "4"},          //
		{"q=usin", nil, "0"},                      // prefixes, not parts (and too short for a typo)
		{"q=" + url.QueryEscape("(.*"), nil, "0"}, // no word: nothing
		{"category=Zq+Bearings", []string{"Zqroller Unit", "Zqbearing Block"}, "2"},          //
		{"category=Zq+Bearings&inStock=true", []string{"Zqbearing Block"}, "1"},              // 3 left, minimum 5: not buyable
		{"q=zq&minPrice=100&maxPrice=500", []string{"Zqpump Housing", "Zqroller Unit"}, "2"}, //
		{"q=zq&minPrice=100&sort=price", []string{"Zqroller Unit", "Zqpump Housing", "Zqcafé Press"}, "3"},
		{"category=Zq+Pumps&q=bearings", nil, "0"},
	} {
		got, total := list(c.query)
		if !slices.Equal(got, c.want) || total != c.total {
			t.Errorf("GET /service?%s = %v (total %s), want %v (total %s)", c.query, got, total, c.want, c.total)
		}
	}
	// Issue 48: the category's words are search terms, and a rename moves them.
	pumps := ts.mustAddCategory(t, admin.Token, "Zq Impellers")
	add("Zqhub Unit", "", "Zq Impellers", "A hub.", "90", 5, 1)
	if got, total := list("q=impellers+zqhub"); !slices.Equal(got, []string{"Zqhub Unit"}) || total != "1" {
		t.Errorf("by its category: %v (total %s)", got, total)
	}
	if res, body := ts.send(t, "PATCH", "/categories/"+pumps.ID, admin.Token, map[string]any{"name": "Zq Rotors", "from": "Zq Impellers"}); res.StatusCode != 200 {
		t.Fatalf("rename: %d %s", res.StatusCode, body)
	}
	if got, _ := list("q=rotors+zqhub"); !slices.Equal(got, []string{"Zqhub Unit"}) {
		t.Errorf("by its renamed category: %v", got)
	}
	if got, _ := list("q=impellers+zqhub"); got != nil {
		t.Errorf("by its former category: %v", got)
	}
	for _, bad := range []string{"minPrice=-1", "maxPrice=cheap", "inStock=yes", "sort=rank"} {
		res, body := ts.get(t, "/service?"+bad)
		mustProblem(t, res, body, 400)
	}
}
