package site

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMetaDescription(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, in, want string }{
		{"OK_Short", "  A lathe.\n\n Two-year   warranty. ", "A lathe. Two-year warranty."},
		{"OK_CutAtAWord", strings.Repeat("word ", 40), strings.TrimSpace(strings.Repeat("word ", 31)) + "…"},
		{"OK_CutOnARuneBoundary", strings.Repeat("ü", 200), strings.Repeat("ü", 159) + "…"},
		{"OK_ExactlyTheLimit", strings.Repeat("水", 160), strings.Repeat("水", 160)},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := metaDescription(c.in)
			if got != c.want || !utf8.ValidString(got) || utf8.RuneCountInString(got) > metaDescriptionRunes {
				t.Fatalf("%q, want %q", got, c.want)
			}
		})
	}
}

// TestPageCache_Bounded: any visitor can ask for every product; the pages
// kept stay within the budget, and a page is current only for the answer it
// was rendered from.
func TestPageCache_Bounded(t *testing.T) {
	t.Parallel()
	const budget = 64 << 10
	c := newPageCache(budget)
	page := newSPAFile([]byte(strings.Repeat("<p>page</p>", 1000)), "text/html; charset=utf-8", false)
	for i := range 1000 {
		c.put(strconv.Itoa(i), `"v1"`, page)
		if held := c.pages.Stats(); held.Bytes > budget || held.Bytes != int64(held.Entries)*page.bytes() {
			t.Fatalf("after %d pages: %d bytes kept in %d pages, budget %d", i+1, held.Bytes, held.Entries, budget)
		}
	}
	if c.get("999", `"v1"`) != page {
		t.Fatal("the page just rendered is not kept")
	}
	if c.get("999", `"v2"`) != nil {
		t.Fatal("a page rendered from an older answer is served")
	}
}

// TestAbsoluteURL: og:image must be absolute; the API's image URLs are, and
// a path is taken as on the site.
func TestAbsoluteURL(t *testing.T) {
	t.Parallel()
	for ref, want := range map[string]string{
		"http://api.shop.example/images/abc": "http://api.shop.example/images/abc",
		"/images/abc":                        "https://shop.example/images/abc",
		"images/abc":                         "https://shop.example/images/abc",
	} {
		if got := absoluteURL("https://shop.example", ref); got != want {
			t.Errorf("%q: %q, want %q", ref, got, want)
		}
	}
}
