package site

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// TestBuildSitemaps_RewritesOnlyWhatChanged: at 100,000 products (an index
// of files of sitemapPart products), a product's change builds its own file
// again and the site's pages' file and the index; every other product file
// is the very same (not built again), and a product added at the end
// rewrites the last file alone.
func TestBuildSitemaps_RewritesOnlyWhatChanged(t *testing.T) {
	t.Parallel()
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	stamps := make([]shop.ProductStamp, 100_000)
	for i := range stamps {
		stamps[i] = shop.ProductStamp{ID: fmt.Sprintf("%024x", i), Category: fmt.Sprintf("Kind %d", i%10),
			CreatedAt: base.Add(time.Duration(i) * time.Second), UpdatedAt: base.Add(time.Duration(i) * time.Second)}
	}
	first := buildSitemaps("https://shop.test", stamps, maxSitemapURLs, nil)
	files := 1 + len(stamps)/sitemapPart // the pages' file, then the products'
	if len(first.files) != files+1 {
		t.Fatalf("%d files, want %d and the index", len(first.files), files)
	}
	if !strings.Contains(string(first.files["/sitemap-4.xml"].data), "/product/"+stamps[2*sitemapPart].ID+"</loc>") {
		t.Fatal("the third product file does not start with the 20,001st product")
	}

	// The 25,000th product changes (an order took stock): file 4 of 11.
	changed := append([]shop.ProductStamp(nil), stamps...)
	changed[25_000].UpdatedAt = base.Add(200_000 * time.Second)
	second := buildSitemaps("https://shop.test", changed, maxSitemapURLs, first)
	for name, f := range second.files {
		same := f == first.files[name]
		switch name {
		case "/sitemap.xml", "/sitemap-1.xml", "/sitemap-4.xml":
			if same {
				t.Errorf("%s was not rewritten", name)
			}
		default:
			if !same {
				t.Errorf("%s was built again; it lists no product that changed", name)
			}
		}
	}
	if !strings.Contains(string(second.files["/sitemap-4.xml"].data), "/product/"+changed[25_000].ID+"</loc><lastmod>2026-01-03T07:33:20Z</lastmod>") ||
		!strings.Contains(string(second.files["/sitemap.xml"].data), "/sitemap-4.xml</loc><lastmod>2026-01-03T07:33:20Z</lastmod>") ||
		!strings.Contains(string(second.files["/sitemap-1.xml"].data), "/products</loc><lastmod>2026-01-03T07:33:20Z</lastmod>") {
		t.Error("the new lastmod is not where it shows")
	}

	// A new product, last in catalogue order, goes into the last file.
	added := append(changed, shop.ProductStamp{ID: fmt.Sprintf("%024x", 100_000), Category: "Kind 0",
		CreatedAt: base.Add(100_000 * time.Second), UpdatedAt: base.Add(100_000 * time.Second)})
	third := buildSitemaps("https://shop.test", added, maxSitemapURLs, second)
	if len(third.files) != len(second.files)+1 {
		t.Fatalf("%d files after a product added, %d before", len(third.files), len(second.files))
	}
	for name, f := range second.files {
		if name != "/sitemap.xml" && name != "/sitemap-1.xml" && f != third.files[name] {
			t.Errorf("%s was built again for a product added after it", name)
		}
	}
}

// TestBuildSitemaps_AsAFullBuild: after each change (an order's updatedAt,
// a product's category with or without updatedAt, a category renamed, a
// product added at the end or in the middle, one deleted), the sitemap
// built from the last build is byte for byte the one built from nothing,
// and that one is what encoding/xml writes of the URLs listed one by one:
// around the limit of one file (the sitemap becomes an index and one file
// again), as an index of many files, and as an index of files of several
// segments.
func TestBuildSitemaps_AsAFullBuild(t *testing.T) {
	t.Parallel()
	const siteURL = "https://shop.test"
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	categories := []string{"", "Pumps & Valves", "Lathes", "Drills"}
	for _, c := range []struct{ products, perFile, steps int }{{95, 100, 300}, {400, 30, 300}, {25_000, 20_000, 30}} {
		r := rand.New(rand.NewPCG(uint64(c.products), 5))
		next := 0
		product := func(at time.Time) shop.ProductStamp {
			next++
			return shop.ProductStamp{ID: fmt.Sprintf("%024x", next), Category: categories[r.IntN(len(categories))], CreatedAt: at, UpdatedAt: at}
		}
		var stamps []shop.ProductStamp
		for i := range c.products {
			stamps = append(stamps, product(base.Add(time.Duration(i)*time.Minute)))
		}
		set := buildSitemaps(siteURL, stamps, c.perFile, nil)
		clock := base.Add(24 * time.Hour)
		for step := range c.steps {
			clock = clock.Add(time.Second)
			stamps = slices.Clone(stamps) // the last build keeps its own
			var what string
			switch k := r.IntN(len(stamps)); r.IntN(7) {
			case 0, 1:
				what, stamps[k].UpdatedAt = "an order", clock
			case 2:
				what, stamps[k].Category = "a category, updatedAt unchanged", categories[r.IntN(len(categories))]
			case 3:
				what, stamps[k].Category, stamps[k].UpdatedAt = "a category", categories[r.IntN(len(categories))], clock
			case 4:
				what = "a category renamed"
				from, to := categories[1+r.IntN(3)], fmt.Sprintf("Kind %d", step)
				for i := range stamps {
					if stamps[i].Category == from {
						stamps[i].Category, stamps[i].UpdatedAt = to, clock
					}
				}
				categories = append(categories, to)
			case 5:
				what = "a product added"
				if r.IntN(2) == 0 {
					stamps = append(stamps, product(clock))
				} else {
					stamps = slices.Insert(stamps, k, product(stamps[k].CreatedAt))
				}
			case 6:
				what, stamps = "a product deleted", slices.Delete(stamps, k, k+1)
			}
			set = buildSitemaps(siteURL, stamps, c.perFile, set)
			full := buildSitemaps(siteURL, stamps, c.perFile, nil)
			if len(set.files) != len(full.files) {
				t.Fatalf("%d products, step %d (%s): %d files, a full build %d", len(stamps), step, what, len(set.files), len(full.files))
			}
			for name, f := range full.files {
				got := set.files[name]
				if got == nil || !bytes.Equal(got.data, f.data) || got.etag != f.etag {
					t.Fatalf("%d products, step %d (%s): %s differs from a full build's", len(stamps), step, what, name)
				}
				if got.gz == nil && len(got.data) >= 1024 || got.gz != nil && !bytes.Equal(gunzip(t, got.gz), got.data) {
					t.Fatalf("%s: its gzip is not its bytes", name)
				}
			}
			if step%50 == 0 || step == c.steps-1 {
				mustBeWhatXMLWrites(t, siteURL, stamps, c.perFile, full)
			}
		}
	}
}

// mustBeWhatXMLWrites checks set against the sitemap listed one URL at a
// time and written by encoding/xml.
func mustBeWhatXMLWrites(t *testing.T, siteURL string, stamps []shop.ProductStamp, perFile int, set *sitemapSet) {
	t.Helper()
	type entry struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod,omitempty"`
	}
	type urlset struct {
		XMLName xml.Name `xml:"urlset"`
		NS      string   `xml:"xmlns,attr"`
		URLs    []entry  `xml:"url"`
	}
	type index struct {
		XMLName  xml.Name `xml:"sitemapindex"`
		NS       string   `xml:"xmlns,attr"`
		Sitemaps []entry  `xml:"sitemap"`
	}
	const ns = "http://www.sitemaps.org/schemas/sitemap/0.9"
	w3c := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	var newest time.Time
	byCategory := map[string]time.Time{}
	for _, p := range stamps {
		if p.UpdatedAt.After(newest) {
			newest = p.UpdatedAt
		}
		if p.Category != "" && p.UpdatedAt.After(byCategory[p.Category]) {
			byCategory[p.Category] = p.UpdatedAt
		}
	}
	pages := []entry{{Loc: siteURL + "/"}, {Loc: siteURL + "/products", LastMod: w3c(newest)}}
	for _, name := range slices.Sorted(maps.Keys(byCategory)) {
		pages = append(pages, entry{Loc: siteURL + "/products?category=" + url.QueryEscape(name), LastMod: w3c(byCategory[name])})
	}
	var products []entry
	for _, p := range stamps {
		products = append(products, entry{Loc: siteURL + "/product/" + p.ID, LastMod: w3c(p.UpdatedAt)})
	}
	want := map[string]any{}
	if len(pages)+len(products) <= perFile {
		want["/sitemap.xml"] = urlset{NS: ns, URLs: append(pages, products...)}
	} else {
		var files index
		files.NS = ns
		part := min(perFile, sitemapPart)
		for _, list := range [][]entry{pages, products} {
			for chunk := range slices.Chunk(list, part) {
				name := fmt.Sprintf("/sitemap-%d.xml", len(files.Sitemaps)+1)
				want[name] = urlset{NS: ns, URLs: chunk}
				mod := ""
				for _, e := range chunk {
					mod = max(mod, e.LastMod)
				}
				files.Sitemaps = append(files.Sitemaps, entry{Loc: siteURL + name, LastMod: mod})
			}
		}
		want["/sitemap.xml"] = files
	}
	if len(want) != len(set.files) {
		t.Fatalf("%d files, want %d", len(set.files), len(want))
	}
	for name, doc := range want {
		b, err := xml.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if f := set.files[name]; f == nil || string(f.data) != xml.Header+string(b) {
			t.Fatalf("%s is not what encoding/xml writes:\n got %.300s\nwant %.300s", name, f.data, xml.Header+string(b))
		}
	}
}

func gunzip(t *testing.T, gz []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
