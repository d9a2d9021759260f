package mirror_test

import (
	"fmt"
	"math/rand/v2"
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
		for j := range 30 {
			d.Specs = append(d.Specs, mirror.Spec{Name: fmt.Sprintf("Spec %d", j), Value: fmt.Sprint(1 + r.IntN(5000)), Unit: "kW"})
		}
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
				m.Search("createdAt", false, words, nil, func(d *mirror.Product) int { return d.Rank(words) }, 0, 20)
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
		docs, _ := m.Search("createdAt", false, words, nil, func(d *mirror.Product) int { return d.Rank(words) }, 0, 10)
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
