package mirror_test

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// scaleProducts is bench:scale's catalogue in memory: 10,000 products with
// 30 specifications each.
func scaleProducts() *mirror.Mirror[mirror.ID, mirror.Product] {
	m := mirror.Products("service").Init()
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"bearings", "gearbox", "hydraulics", "pneumatics", "coolant", "spindle", "chuck", "clutch", "impeller", "inverter"}
	docs := make([]mirror.Product, 10_000)
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range docs {
		d := mirror.Product{Name: fmt.Sprintf("Heavy Lathe %05d", i), SKU: fmt.Sprintf("SC-%05d", i), Price: float64(50 + r.IntN(20000)),
			Description: "For workshops: " + words[r.IntN(len(words))] + " and " + words[r.IntN(len(words))], Available: 5, Minimum: 1,
			CreatedAt: at.Add(time.Duration(i) * time.Second)}
		d.ID[11] = byte(i)
		d.ID[10] = byte(i >> 8)
		var specs []mirror.Spec
		for j := range 30 {
			specs = append(specs, mirror.Spec{Name: fmt.Sprintf("Spec %d", j), Value: fmt.Sprint(1 + r.IntN(5000)), Unit: "kW"})
		}
		d.Specs = mirror.PackSpecs(specs)
		docs[i] = d
	}
	m.Load(docs)
	return m
}

// BenchmarkSearch is the embedded store's search at bench:scale's size,
// without the HTTP around it.
func BenchmarkSearch(b *testing.B) {
	m := scaleProducts()
	for _, q := range []string{"bearings", "lathe 3", "sc-0042", "heavy 12", "zzz"} {
		words := shop.QueryWords(q)
		b.Run(q, func(b *testing.B) {
			for range b.N {
				m.Search("createdAt", false, words, nil, true, 0, 20)
			}
		})
	}
}

func TestSearch_WordIndexFollowsWrites(t *testing.T) {
	m := mirror.Products("service").Init()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	a := mirror.Product{Name: "Ball Bearing", SKU: "BB-1", Description: "For pumps.", CreatedAt: at}
	a.ID[11] = 1
	b := mirror.Product{Name: "Pump", Description: "Runs on bearings.", CreatedAt: at.Add(time.Second)}
	b.ID[11] = 2
	m.Put(a)
	m.Put(b)
	names := func(q string) (out []string) {
		words := shop.QueryWords(q)
		docs, _ := m.Search("createdAt", false, words, nil, true, 0, 10)
		for _, d := range docs {
			out = append(out, d.Name)
		}
		return out
	}
	if got := names("bear"); len(got) != 2 || got[0] != "Ball Bearing" {
		t.Fatalf("bear: %v", got)
	}
	if got := names("pump"); len(got) != 2 || got[0] != "Pump" { // the name's match first
		t.Fatalf("pump: %v", got)
	}
	b.Description = "Runs dry."
	m.Put(b)
	a.Name = "Roller"
	m.Put(a)
	if got := names("bear"); len(got) != 0 { // "bearing" left the name and the description
		t.Fatalf("after edits: %v", got)
	}
	if got := names("bb"); len(got) != 1 || got[0] != "Roller" { // the SKU stays
		t.Fatalf("by SKU after edits: %v", got)
	}
	m.Remove(a.ID)
	if got := names("bb"); len(got) != 0 {
		t.Fatalf("after remove: %v", got)
	}
	fresh := m.Fresh()
	fresh.Load([]mirror.Product{b})
	if err := m.Diff(fresh); err != nil {
		t.Fatal(err)
	}
}

// TestSearch_AsTheRuleSays checks the word index's pages against the rule
// written plainly (shop.MatchesWords on every product's terms,
// Product.Rank, then the order), for random queries, filters, orders and
// pages, while products are added, changed and removed.
func TestSearch_AsTheRuleSays(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	vocab := []string{"ball", "bearing", "bearings", "bear", "pump", "pumps", "pumping", "press", "presses", "steel", "st", "sc", "12", "120", "1200", "3", "galv", "galvanised",
		"galvanized", "mk", "ii", "generator", "generators", "genrator", "bearng"}
	text := func(n int) string {
		var out string
		for range n {
			out += vocab[r.IntN(len(vocab))] + " "
		}
		return out
	}
	m := mirror.Products("service").Init()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var live []mirror.Product
	product := func(i int) mirror.Product {
		d := mirror.Product{Name: fmt.Sprintf("%s%d", text(1+r.IntN(3)), i), Description: text(r.IntN(6)), Price: float64(1 + r.IntN(50)),
			Available: int64(r.IntN(4)), Minimum: 1, Category: []string{"A", "B", ""}[r.IntN(3)], CreatedAt: at.Add(time.Duration(r.IntN(500)) * time.Second)}
		if r.IntN(2) == 0 {
			d.SKU = fmt.Sprintf("%s%d", text(1), i)
		}
		var specs []mirror.Spec
		for range r.IntN(3) {
			specs = append(specs, mirror.Spec{Name: "x", Value: text(1)})
		}
		d.Specs = mirror.PackSpecs(specs)
		d.ID[10], d.ID[11] = byte(i>>8), byte(i)
		return d
	}
	for i := range 300 {
		live = append(live, product(i))
	}
	m.Load(live)
	for round := range 400 {
		switch k := r.IntN(len(live)); round % 4 {
		case 1: // a change (same id)
			d := product(int(live[k].ID[10])<<8 | int(live[k].ID[11]))
			live[k] = d
			m.Put(d)
		case 2: // a removal and a new product
			m.Remove(live[k].ID)
			d := product(1000 + round)
			live[k] = d
			m.Put(d)
		}
		words := shop.QueryWords(text(1 + r.IntN(2)))
		if r.IntN(3) == 0 {
			words = shop.QueryWords(vocab[r.IntN(len(vocab))][:1])
		}
		q := shop.ProductQuery{Words: words}
		if r.IntN(2) == 0 {
			q.Category = []string{"A", "B"}[r.IntN(2)]
		}
		if r.IntN(3) == 0 {
			lo := shop.Cents(100 * r.IntN(30))
			q.MinPrice = &lo
		}
		q.InStock = r.IntN(3) == 0
		index, desc, ranked := "createdAt", false, true
		if r.IntN(3) == 0 {
			index, desc, ranked = []string{"createdAt", "price", "name"}[r.IntN(3)], r.IntN(2) == 0, false
		}
		skip, limit := r.IntN(40), 1+r.IntN(25)
		admits := mirror.Admits(q)
		typos := r.IntN(3) == 0
		got, total := m.SearchTypos(index, desc, words, typos, admits, ranked, skip, limit)
		stemmed := shop.StemmedWords(words)

		var want []mirror.Product
		for _, d := range live {
			d := d
			terms, _, _ := d.Terms()
			if (len(words) == 0 || shop.MatchesWords(stemmed, terms, typos)) && (admits == nil || admits(&d)) {
				want = append(want, d)
			}
		}
		by := map[string]func(a, b *mirror.Product) int{
			"createdAt": func(a, b *mirror.Product) int { return a.CreatedAt.Compare(b.CreatedAt) },
			"price":     func(a, b *mirror.Product) int { return cmp.Compare(a.Price, b.Price) },
			"name":      func(a, b *mirror.Product) int { return cmp.Compare(a.Name, b.Name) },
		}[index]
		slices.SortFunc(want, func(a, b mirror.Product) int {
			c := cmp.Or(by(&a, &b), mirror.CompareIDs(a.ID, b.ID))
			if desc {
				c = -c
			}
			if ranked && len(words) > 0 {
				c = cmp.Or(cmp.Compare(a.Rank(stemmed, typos), b.Rank(stemmed, typos)), c)
			}
			return c
		})
		if total != int64(len(want)) {
			t.Fatalf("round %d, %q %+v: total %d, want %d", round, words, q, total, len(want))
		}
		want = want[min(skip, len(want)):min(skip+limit, len(want))]
		if len(got) != len(want) {
			t.Fatalf("round %d, %q: %d on the page, want %d", round, words, len(got), len(want))
		}
		for i := range got {
			if got[i].ID != want[i].ID {
				t.Fatalf("round %d, %q ranked %v by %s: #%d is %s, want %s", round, words, ranked, index, skip+i, got[i].Name, want[i].Name)
			}
		}
	}
	fresh := m.Fresh()
	fresh.Load(live)
	if err := m.Diff(fresh); err != nil {
		t.Fatal(err)
	}
}

// PutMany leaves every index as Put one by one does, and as a load of the
// same documents: new documents, changed ones (their terms, their sort
// keys, their category), repeated ones, in batches past the one-by-one
// path's size.
func TestMirror_PutManyIsPutOneByOne(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(4, 6))
	vocab := []string{"ball", "bearing", "bearings", "bear", "pump", "press", "steel", "st", "12", "120", "galv", "mk", "ii"}
	text := func(n int) string {
		var out string
		for range n {
			out += vocab[r.IntN(len(vocab))] + " "
		}
		return out
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	product := func(i int) mirror.Product {
		d := mirror.Product{Name: fmt.Sprintf("%s %d", text(1+r.IntN(3)), i), Description: text(r.IntN(6)), Price: float64(1 + r.IntN(50)),
			Available: int64(r.IntN(4)), Minimum: 1, Category: []string{"A", "B", ""}[r.IntN(3)], CreatedAt: at.Add(time.Duration(r.IntN(500)) * time.Second)}
		if r.IntN(2) == 0 {
			d.SKU = fmt.Sprintf("%s%d", text(1), i)
		}
		var specs []mirror.Spec
		for range r.IntN(3) {
			specs = append(specs, mirror.Spec{Name: "x", Value: text(1)})
		}
		d.Specs = mirror.PackSpecs(specs)
		d.ID[10], d.ID[11] = byte(i>>8), byte(i)
		return d
	}
	one, many := mirror.Products("service").Init(), mirror.Products("service").Init()
	live := map[mirror.ID]mirror.Product{}
	for round := range 8 {
		var batch []mirror.Product
		for range 40 + r.IntN(200) {
			i := r.IntN(400)
			d := product(i)
			if old, ok := live[d.ID]; ok && r.IntN(3) == 0 {
				d = old // a stock change alone
				d.Available++
			}
			batch = append(batch, d)
			live[d.ID] = d
		}
		for _, d := range batch {
			one.Put(d)
		}
		many.PutMany(batch)
		want := one.Fresh()
		docs := make([]mirror.Product, 0, len(live))
		for _, d := range live {
			docs = append(docs, d)
		}
		want.Load(docs)
		if err := one.Diff(want); err != nil {
			t.Fatalf("round %d, Put: %v", round, err)
		}
		if err := many.Diff(want); err != nil {
			t.Fatalf("round %d, PutMany: %v", round, err)
		}
		for _, words := range [][]string{{"b"}, {"bear", "st"}, {"12"}, {"galv", "p"}} {
			g1, n1 := one.Search("name", false, words, nil, true, 0, 50)
			g2, n2 := many.Search("name", false, words, nil, true, 0, 50)
			if n1 != n2 || !slices.EqualFunc(g1, g2, func(a, b mirror.Product) bool { return a.ID == b.ID }) {
				t.Fatalf("round %d: the search for %v differs: %d and %d found", round, words, n1, n2)
			}
		}
	}
}
