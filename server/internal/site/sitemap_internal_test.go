package site

import (
	"fmt"
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
