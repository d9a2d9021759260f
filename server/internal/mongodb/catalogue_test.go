package mongodb_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// Issue 35 on the store itself, so that test:wire runs it on the MongoDB
// branch too: the sparse unique SKU, the categories' rules, and the search
// and filters (anchored prefixes of searchTerms, $expr for the stock).

func TestProducts_SKUUnique(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	mustInsert(t, s, draft("No SKU One", 1))
	mustInsert(t, s, draft("No SKU Two", 1)) // many without a SKU: sparse
	d := draft("With SKU", 1)
	d.SKU = "AB-1"
	p := mustInsert(t, s, d)
	dup := draft("Other With SKU", 1)
	dup.SKU = "AB-1"
	if _, err := s.InsertProduct(ctx, dup); shop.ErrorCode(err) != shop.ECONFLICT || shop.ErrorMessage(err) != shop.MsgSKUTaken {
		t.Fatalf("a taken SKU: %v", err)
	}
	dup.SKU = "AB-2"
	other := mustInsert(t, s, dup)
	change := dup
	change.SKU = "AB-1"
	if _, err := s.ReplaceProduct(ctx, other, change); shop.ErrorCode(err) != shop.ECONFLICT || shop.ErrorMessage(err) != shop.MsgSKUTaken {
		t.Fatalf("an edit to a taken SKU: %v", err)
	}
	if got, err := s.FindProductBySKU(ctx, "AB-1"); err != nil || got.ID != p.ID {
		t.Fatalf("by SKU: %+v %v", got, err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestCategories_Store(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	c, err := s.InsertCategory(ctx, "Pumps")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.InsertCategory(ctx, "Pumps"); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("a taken name: %v", err)
	}
	other, _ := s.InsertCategory(ctx, "Valves")
	for _, name := range []string{"Pump A", "Pump B"} {
		d := draft(name, 1)
		d.Category = "Pumps"
		mustInsert(t, s, d)
	}
	if _, err := s.RenameCategory(ctx, c.ID, "Valves", ""); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("rename to a taken name: %v", err)
	}
	if _, err := s.DeleteCategory(ctx, c.ID); shop.ErrorCode(err) != shop.ECONFLICT ||
		shop.ErrorMessage(err) != "2 products use this category. Move them to another category first." {
		t.Fatalf("delete in use: %v", err)
	}
	if _, err := s.RenameCategory(ctx, c.ID, "Water Pumps", "Old Pumps"); shop.ErrorCode(err) != shop.ECONFLICT || shop.ErrorMessage(err) != shop.MsgCategoryRenamedMeanwhile {
		t.Fatalf("rename from a name it no longer has: %v", err)
	}
	got, err := s.RenameCategory(ctx, c.ID, "Water Pumps", "Pumps")
	if err != nil || got.Count != 2 {
		t.Fatalf("rename: %+v %v", got, err)
	}
	list, total, _ := s.ListProducts(ctx, shop.ProductQuery{Limit: 10, Sort: "createdAt", Category: "Water Pumps"})
	if total != 2 || len(list) != 2 || list[0].Name != "Pump A" {
		t.Fatalf("the products follow the rename: %v", list)
	}
	cats, _ := s.ListCategories(ctx)
	if len(cats) != 2 || cats[0].Name != "Valves" || cats[1].Count != 2 {
		t.Fatalf("categories %+v", cats)
	}
	if _, err := s.DeleteCategory(ctx, other.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestListProducts_SearchAndFilters(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	add := func(name, sku, desc string, price shop.Cents, stock, minimum int64, specs ...shop.Spec) {
		d := draft(name, stock)
		d.SKU, d.Description, d.Price, d.Minimum, d.Specs = sku, desc, price, minimum, specs
		mustInsert(t, s, d)
	}
	add("Bearing Puller", "", "Pulls things.", 5000, 10, 1)
	add("Gear Box", "BEAR-9", "A gearbox.", 3000, 1, 5)
	add("Shaft", "", "Runs in two Bearings.", 1000, 10, 1, shop.Spec{Name: "Steel", Value: "Trempé à cœur"})
	names := func(q shop.ProductQuery) []string {
		t.Helper()
		q.Limit = 10
		list, total, err := s.ListProducts(ctx, q)
		if err != nil || int(total) != len(list) {
			t.Fatalf("%+v: %v (total %d)", q, err, total)
		}
		var out []string
		for _, p := range list {
			out = append(out, p.Name)
		}
		return out
	}
	search := func(q string) shop.ProductQuery {
		pq, _ := shop.ParseProductParams(shop.ProductParams{Q: q})
		return pq
	}
	typos := func(q shop.ProductQuery) shop.ProductQuery { q.Typos = true; return q }
	for _, c := range []struct {
		q    shop.ProductQuery
		want []string
	}{
		{search("bear"), []string{"Bearing Puller", "Gear Box", "Shaft"}},     // name, SKU, description
		{search("BEARINGS"), []string{"Bearing Puller", "Gear Box", "Shaft"}}, // issue 48: the stem "bear", whole: ranked as "bear"
		{search("pullers"), []string{"Bearing Puller"}},                       // a plural finds its singular
		{typos(search("shatf")), []string{"Shaft"}},                           // with typos (the catalogue's second try)
		{typos(search("gearbx")), []string{"Gear Box"}},                       // (a letter dropped, in the description's "gearbox")
		{search("shatf"), nil},                                                // none without
		{search("coeur trempe"), []string{"Shaft"}},
		{search("bear.*"), []string{"Bearing Puller", "Gear Box", "Shaft"}}, // "." is not a word: quoted anyway
		{shop.ProductQuery{Sort: "price", InStock: true}, []string{"Shaft", "Bearing Puller"}},
		{shop.ProductQuery{Sort: "-price", MinPrice: ptr(shop.Cents(2000)), MaxPrice: ptr(shop.Cents(5000))}, []string{"Bearing Puller", "Gear Box"}},
	} {
		if got := names(c.q); !slices.Equal(got, c.want) {
			t.Errorf("%+v: %v, want %v", c.q, got, c.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// A category of a real catalogue holds hundreds of products (1,000 a
// category in bench:scale): its rename moves them all. The embedded engine
// hung on one update command of 100 or more (FerretDB v1.24 holds each
// update's query on a pooled connection until the command ends), so the
// move is written in commands of fewer.
func TestRenameCategory_ManyProducts(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s := mongotest.MustOpen(t)
	c, err := s.InsertCategory(ctx, "Fasteners")
	if err != nil {
		t.Fatal(err)
	}
	const n = 230
	for i := range n {
		d := draft(fmt.Sprintf("Bolt %03d", i), 1)
		d.Category = "Fasteners"
		if _, err := s.InsertProduct(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.RenameCategory(ctx, c.ID, "Bolts and Nuts", "Fasteners")
	if err != nil || got.Count != n {
		t.Fatalf("rename: %+v %v", got, err)
	}
	if _, total, err := s.ListProducts(ctx, shop.ProductQuery{Limit: 1, Category: "Bolts and Nuts"}); err != nil || total != n {
		t.Fatalf("under the new name: %d %v", total, err)
	}
	if _, total, _ := s.ListProducts(ctx, shop.ProductQuery{Limit: 1, Category: "Fasteners"}); total != 0 {
		t.Fatalf("%d left under the old name", total)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
