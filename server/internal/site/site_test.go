package site_test

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"storefront/server/internal/shop"
	"storefront/server/internal/site"
)

// fetch gets path from the client server; the body is decompressed.
func (s *siteServer) fetch(tb testing.TB, path string, header map[string]string) (*http.Response, string) {
	tb.Helper()
	req, err := http.NewRequest("GET", s.siteURL+path, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultTransport.RoundTrip(req) // no transparent gzip: the test sees Content-Encoding
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	var r io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			tb.Fatal(err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		tb.Fatal(err)
	}
	return res, string(b)
}

func (s *siteServer) firstProduct(tb testing.TB) shop.Product {
	tb.Helper()
	list, _, err := s.deps.Catalogue.List(context.Background(), shop.ProductQuery{Limit: 1, Sort: "createdAt"})
	if err != nil || len(list) == 0 {
		tb.Fatalf("no product: %v", err)
	}
	return list[0]
}

// page is what a crawler reads of a served HTML page.
type page struct {
	doc     *html.Node
	title   string
	meta    map[string]string // name or property → content
	links   map[string]string // rel → href
	scripts []script
	text    string // all text outside script elements
}

type script struct{ typ, id, src, body string }

func mustParsePage(tb testing.TB, body string) page {
	tb.Helper()
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	p := page{doc: doc, meta: map[string]string{}, links: map[string]string{}}
	var text strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			a := attrs(n)
			switch n.Data {
			case "title":
				p.title = textOf(n)
			case "meta":
				if k := a["name"] + a["property"]; k != "" {
					if _, dup := p.meta[k]; dup {
						tb.Errorf("meta %s twice", k)
					}
					p.meta[k] = a["content"]
				}
			case "link":
				p.links[a["rel"]] = a["href"]
			case "script":
				p.scripts = append(p.scripts, script{typ: a["type"], id: a["id"], src: a["src"], body: textOf(n)})
				return
			}
		}
		if n.Type == html.TextNode {
			text.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	p.text = text.String()
	return p
}

func attrs(n *html.Node) map[string]string {
	m := map[string]string{}
	for _, a := range n.Attr {
		m[a.Key] = a.Val
	}
	return m
}

func textOf(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// elements returns the elements named tag.
func (p page) elements(tag string) []*html.Node {
	var out []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == tag {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(p.doc)
	return out
}

func (p page) script(tb testing.TB, typ, id string) script {
	tb.Helper()
	var found []script
	for _, s := range p.scripts {
		if s.typ == typ && s.id == id {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		tb.Fatalf("%d scripts of type %q id %q, want 1: %+v", len(found), typ, id, p.scripts)
	}
	return found[0]
}

type productJSONLD struct {
	Context            string   `json:"@context"`
	Type               string   `json:"@type"`
	Name               string   `json:"name"`
	Image              []string `json:"image"`
	Description        string   `json:"description"`
	SKU                string   `json:"sku"`
	Category           string   `json:"category"`
	AdditionalProperty []struct {
		Type     string `json:"@type"`
		Name     string `json:"name"`
		Value    string `json:"value"`
		UnitText string `json:"unitText"`
	} `json:"additionalProperty"`
	Offers struct {
		Type          string          `json:"@type"`
		Price         json.RawMessage `json:"price"`
		PriceCurrency string          `json:"priceCurrency"`
		Availability  string          `json:"availability"`
		URL           string          `json:"url"`
	} `json:"offers"`
}

// mustMatchProduct checks everything the page says about p: head tags,
// JSON-LD, the #ssr-product JSON (the API's answer) and the visible text.
func (s *siteServer) mustMatchProduct(tb testing.TB, body string, p shop.Product) page {
	tb.Helper()
	pg := mustParsePage(tb, body)
	canonical := siteURL + "/product/" + p.ID
	description := strings.Join(strings.Fields(p.Description), " ")
	if r := []rune(description); len(r) > 160 {
		if !strings.HasSuffix(pg.meta["description"], "…") || len([]rune(pg.meta["description"])) > 160 ||
			!strings.HasPrefix(description, strings.TrimSuffix(pg.meta["description"], "…")) {
			tb.Errorf("meta description %q is not the description cut to 160 characters", pg.meta["description"])
		}
		description = pg.meta["description"]
	}
	want := map[string]string{
		"description": description, "og:title": p.Name, "og:description": description, "og:image": p.Image,
		"og:type": "product", "og:url": canonical, "application-name": "Machinery & Co",
	}
	for k, v := range want {
		if pg.meta[k] != v {
			tb.Errorf("meta %s = %q, want %q", k, pg.meta[k], v)
		}
	}
	if pg.title != p.Name+" | Machinery & Co" {
		tb.Errorf("title %q", pg.title)
	}
	if len(pg.elements("title")) != 1 {
		tb.Errorf("%d title elements", len(pg.elements("title")))
	}
	if pg.links["canonical"] != canonical {
		tb.Errorf("canonical %q, want %q", pg.links["canonical"], canonical)
	}

	var ld productJSONLD
	if err := json.Unmarshal([]byte(pg.script(tb, "application/ld+json", "").body), &ld); err != nil {
		tb.Fatalf("JSON-LD: %v", err)
	}
	availability := "https://schema.org/OutOfStock"
	if p.Available > 0 && p.Available >= p.Minimum {
		availability = "https://schema.org/InStock"
	}
	sku := p.SKU
	if sku == "" {
		sku = p.ID
	}
	if !slices.Equal(ld.Image, p.Images) || ld.Category != p.Category || len(ld.AdditionalProperty) != len(p.Specs) {
		tb.Errorf("JSON-LD's pictures %v, category %q or %d properties do not describe %+v", ld.Image, ld.Category, len(ld.AdditionalProperty), p)
	}
	for i, sp := range p.Specs {
		if pv := ld.AdditionalProperty[min(i, len(ld.AdditionalProperty)-1)]; pv.Type != "PropertyValue" || pv.Name != sp.Name || pv.Value != sp.Value || pv.UnitText != sp.Unit {
			tb.Errorf("additionalProperty %d is %+v, want %+v", i, pv, sp)
		}
	}
	if ld.Context != "https://schema.org" || ld.Type != "Product" || ld.Name != p.Name || len(ld.Image) == 0 || ld.Image[0] != p.Image ||
		ld.Description != p.Description || ld.SKU != sku || ld.Offers.Type != "Offer" || string(ld.Offers.Price) != p.Price.Dollars() ||
		ld.Offers.PriceCurrency != "USD" || ld.Offers.Availability != availability || ld.Offers.URL != canonical {
		tb.Errorf("JSON-LD %+v does not describe %+v", ld, p)
	}

	_, apiBody := s.get(tb, "/service/"+p.ID)
	var fromAPI, fromPage any
	_ = json.Unmarshal(apiBody, &fromAPI)
	if err := json.Unmarshal([]byte(pg.script(tb, "application/json", "ssr-product").body), &fromPage); err != nil {
		tb.Fatalf("#ssr-product: %v", err)
	}
	if !reflect.DeepEqual(fromAPI, fromPage) {
		tb.Errorf("#ssr-product %v is not GET /service/{id}'s %v", fromPage, fromAPI)
	}

	for _, t := range []string{p.Name, p.Description, "$"} {
		if !strings.Contains(pg.text, t) {
			tb.Errorf("the page's text lacks %q", t)
		}
	}
	for _, leftover := range []string{"__SSR_", "<!--ssr-"} {
		if strings.Contains(body, leftover) && !strings.Contains(p.Name+p.Description, leftover) {
			tb.Errorf("the page still has %s", leftover)
		}
	}
	return pg
}

func TestSite_ProductPage(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	p := s.firstProduct(t)

	t.Run("OK_HeadTagsJSONLDAndContent", func(t *testing.T) {
		res, body := s.fetch(t, "/product/"+p.ID, nil)
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("ETag") == "" ||
			res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("%d %v", res.StatusCode, res.Header)
		}
		pg := s.mustMatchProduct(t, body, p)
		root := pg.elements("div")[0]
		if a := attrs(root); a["id"] != "root" || a["data-ssr"] != "product" {
			t.Errorf("root %v", a)
		}
		if !strings.Contains(body, `href="/purchase/`+p.ID+`"`) {
			t.Error("the Purchase link does not name the product")
		}
	})
	t.Run("OK_PriceAsTheClientFormatsIt", func(t *testing.T) {
		_, body := s.fetch(t, "/product/"+p.ID, nil)
		want := map[shop.Cents]string{129900: "$1,299", 1250: "$12.50", 5: "$0.05", 123456789: "$1,234,567.89", 100_000_000_00: "$100,000,000"}
		for c, text := range want {
			if got := site.FormatPrice(c); got != text {
				t.Errorf("%d cents: %q, want %q", c, got, text)
			}
		}
		if !strings.Contains(body, `<p class="price">`+site.FormatPrice(p.Price)+`</p>`) {
			t.Errorf("the page does not show the price %s", site.FormatPrice(p.Price))
		}
	})
	t.Run("OK_GzipETagAnd304", func(t *testing.T) {
		res, _ := s.fetch(t, "/product/"+p.ID, map[string]string{"Accept-Encoding": "gzip"})
		if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("not compressed: %v", res.Header)
		}
		res2, body := s.fetch(t, "/product/"+p.ID, map[string]string{"If-None-Match": res.Header.Get("ETag")})
		if res2.StatusCode != 304 || body != "" || res2.Header.Get("ETag") != res.Header.Get("ETag") {
			t.Fatalf("revalidation: %d %q", res2.StatusCode, body)
		}
		if res3, _ := s.fetch(t, "/product/"+p.ID, map[string]string{"If-None-Match": `"stale"`}); res3.StatusCode != 200 {
			t.Fatalf("a stale ETag: %d", res3.StatusCode)
		}
	})
	t.Run("ErrMalformedOrUnknownID", func(t *testing.T) {
		for _, path := range []string{"/product/nope", "/product/" + p.ID + "0", "/product/0123456789abcdef0123456z",
			"/product/ffffffffffffffffffffffff", "/product/" + p.ID + "/extra", "/product/%3Cscript%3E"} {
			res, body := s.fetch(t, path, nil)
			if res.StatusCode != 404 || !strings.Contains(body, `data-ssr="not-found"`) || !strings.Contains(body, `<meta name="robots" content="noindex" />`) ||
				res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
				t.Errorf("%s: %d %q", path, res.StatusCode, body)
			}
		}
	})
	t.Run("ErrTemplateNotServedAsIs", func(t *testing.T) {
		if res, _ := s.fetch(t, "/product.html", nil); res.StatusCode != 404 {
			t.Fatalf("/product.html: %d", res.StatusCode)
		}
	})
}

// TestSite_ProductPageFollowsEdits: the page is cached, and an admin's edit
// (or a deletion) is on it at the next request.
func TestSite_ProductPageFollowsEdits(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	p := s.firstProduct(t)
	res, _ := s.fetch(t, "/product/"+p.ID, nil)
	etag := res.Header.Get("ETag")
	if again, _ := s.fetch(t, "/product/"+p.ID, nil); again.Header.Get("ETag") != etag {
		t.Fatal("an unchanged product's page changed")
	}

	s.mustEdit(t, p.ID, map[string]any{"price": "4321.5", "avaialbequantit": 0, "description": "Rebuilt & tested."})
	edited, err := s.deps.Catalogue.Find(context.Background(), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	res, body := s.fetch(t, "/product/"+p.ID, map[string]string{"If-None-Match": etag})
	if res.StatusCode != 200 || res.Header.Get("ETag") == etag {
		t.Fatalf("after the edit: %d, ETag %s (was %s)", res.StatusCode, res.Header.Get("ETag"), etag)
	}
	pg := s.mustMatchProduct(t, body, edited)
	if !strings.Contains(pg.text, "$4,321.50") || !strings.Contains(pg.text, "Rebuilt & tested.") ||
		!strings.Contains(body, "https://schema.org/OutOfStock") {
		t.Fatalf("the edit is not on the page:\n%s", body)
	}

	s.mustDelete(t, p.ID)
	if res, _ := s.fetch(t, "/product/"+p.ID, nil); res.StatusCode != 404 {
		t.Fatalf("a deleted product's page: %d", res.StatusCode)
	}
}

// TestSite_HostileProductStaysText: whatever an admin types into a product
// is text on the page: in the title, the meta and Open Graph attributes, the
// body, the JSON-LD and the #ssr-product JSON.
func TestSite_HostileProductStaysText(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	name := `</title><script>alert(1)</script> "><img src=x onerror=alert(1)> '&amp;`
	description := "</script><script>alert(2)</script>\n\n \"><img src=x onerror=alert(3)> <!-- </p> \u2028 ' & --> __SSR_NAME__ <!--ssr-head-->" +
		strings.Repeat(" Built to last.", 20)
	id := s.mustAdd(t, map[string]any{"name": name, "price": "99.99", "avaialbequantit": 3,
		"minimumquantity": 5, "description": description, "image": s.mustUpload(t)})
	p, err := s.deps.Catalogue.Find(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != name {
		t.Fatalf("the name was changed on the way in: %q", p.Name)
	}

	res, page := s.fetch(t, "/product/"+id, nil)
	if res.StatusCode != 200 {
		t.Fatalf("%d", res.StatusCode)
	}
	pg := s.mustMatchProduct(t, page, p)            // every field reads back exactly, as text
	mustKeepFieldsText(t, pg, page, 3, "<!-- </p>") // the JSON-LD, #ssr-product and the module
	for _, sc := range pg.scripts {
		if strings.ContainsAny(sc.body, "<>&\u2028") {
			t.Errorf("a script's JSON has <, >, & or U+2028 unescaped: %s", sc.body)
		}
	}
	// Out of stock: 3 left, orders start at 5.
	if !strings.Contains(pg.script(t, "application/ld+json", "").body, "OutOfStock") {
		t.Error("availability ignores the minimum order")
	}
}

// w3cDatetime is the W3C datetime profile the sitemap protocol requires.
var w3cDatetime = regexp.MustCompile(`^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$`)

type sitemapDoc struct {
	XMLName xml.Name
	URLs    []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
	Sitemaps []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"sitemap"`
}

// mustParseSitemap checks a sitemap file against the protocol's rules
// (https://www.sitemaps.org/protocol.html): the namespace, absolute URLs on
// the site of at most 2,048 characters, W3C datetimes, at most 50,000 URLs
// and 50 MB.
func mustParseSitemap(tb testing.TB, res *http.Response, body string, root string) sitemapDoc {
	tb.Helper()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/xml; charset=utf-8" || res.Header.Get("Cache-Control") != "no-cache" ||
		res.Header.Get("ETag") == "" {
		tb.Fatalf("%s: %d %v", res.Request.URL.Path, res.StatusCode, res.Header)
	}
	if !strings.HasPrefix(body, `<?xml version="1.0" encoding="UTF-8"?>`) || len(body) > 50<<20 {
		tb.Fatalf("not an XML document in UTF-8 of at most 50 MB: %.200s", body)
	}
	var doc sitemapDoc
	if err := xml.Unmarshal([]byte(body), &doc); err != nil {
		tb.Fatal(err)
	}
	if doc.XMLName.Space != "http://www.sitemaps.org/schemas/sitemap/0.9" || doc.XMLName.Local != root {
		tb.Fatalf("root element %v, want %s in the sitemap 0.9 namespace", doc.XMLName, root)
	}
	entries := append(doc.URLs, doc.Sitemaps...)
	if len(entries) == 0 || len(entries) > 50_000 {
		tb.Fatalf("%d entries", len(entries))
	}
	for _, e := range entries {
		u, err := url.Parse(e.Loc)
		if err != nil || !u.IsAbs() || !strings.HasPrefix(e.Loc, siteURL+"/") || len(e.Loc) > 2048 {
			tb.Errorf("loc %q is not an absolute URL on %s of at most 2,048 characters", e.Loc, siteURL)
		}
		if e.LastMod != "" && !w3cDatetime.MatchString(e.LastMod) {
			tb.Errorf("lastmod %q is not a W3C datetime", e.LastMod)
		}
	}
	return doc
}

func TestSite_Sitemap(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	all, _, err := s.deps.Catalogue.List(context.Background(), shop.ProductQuery{Limit: 1000})
	if err != nil || len(all) < 3 {
		t.Fatalf("%d products: %v", len(all), err)
	}

	t.Run("OK_EveryProductWithLastmod", func(t *testing.T) {
		res, body := s.fetch(t, "/sitemap.xml", nil)
		doc := mustParseSitemap(t, res, body, "urlset")
		got := map[string]string{}
		for _, u := range doc.URLs {
			if _, dup := got[u.Loc]; dup {
				t.Errorf("%s twice", u.Loc)
			}
			got[u.Loc] = u.LastMod
		}
		categories := map[string]bool{}
		for _, p := range all {
			if p.Category != "" {
				categories[p.Category] = true
			}
		}
		if len(doc.URLs) != len(all)+2+len(categories) {
			t.Errorf("%d URLs for %d products and %d categories", len(doc.URLs), len(all), len(categories))
		}
		for c := range categories { // issue 35: the category pages
			if _, ok := got[siteURL+"/products?category="+url.QueryEscape(c)]; !ok {
				t.Errorf("the category %q is missing", c)
			}
		}
		if _, ok := got[siteURL+"/"]; !ok {
			t.Error("/ is missing")
		}
		if _, ok := got[siteURL+"/products"]; !ok {
			t.Error("/products is missing")
		}
		for _, p := range all {
			lm, ok := got[siteURL+"/product/"+p.ID]
			when, err := time.Parse(time.RFC3339, lm)
			if !ok || err != nil || !when.Equal(p.UpdatedAt.Truncate(time.Second)) {
				t.Errorf("%s: lastmod %q, updatedAt %s", p.ID, lm, p.UpdatedAt)
			}
		}
	})
	t.Run("OK_ETagThenANewProduct", func(t *testing.T) {
		res, _ := s.fetch(t, "/sitemap.xml", map[string]string{"Accept-Encoding": "gzip"})
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("not compressed: %v", res.Header)
		}
		etag := res.Header.Get("ETag")
		if res, _ := s.fetch(t, "/sitemap.xml", map[string]string{"If-None-Match": etag}); res.StatusCode != 304 {
			t.Fatalf("revalidation: %d", res.StatusCode)
		}
		id := s.mustAdd(t, map[string]any{"name": "Test Lathe", "price": "1999.99", "avaialbequantit": "7", "minimumquantity": 1,
			"description": "A lathe for testing.", "image": s.mustUpload(t)})
		res, sitemap := s.fetch(t, "/sitemap.xml", map[string]string{"If-None-Match": etag})
		if res.StatusCode != 200 || !strings.Contains(sitemap, "<loc>"+siteURL+"/product/"+id+"</loc>") {
			t.Fatalf("the new product is not in the sitemap: %d", res.StatusCode)
		}
	})
	t.Run("OK_IndexBeyondTheLimit", func(t *testing.T) {
		site.SetSitemapURLs(s.site, 2)
		defer site.SetSitemapURLs(s.site, 50_000)
		products, _, _ := s.deps.Catalogue.List(context.Background(), shop.ProductQuery{Limit: 1000})
		categories := map[string]bool{}
		for _, p := range products {
			if p.Category != "" {
				categories[p.Category] = true
			}
		}
		// The site's pages two to a file, then the products two to a file
		// in catalogue order.
		pages := 2 + len(categories)
		urls := len(products) + pages
		res, text := s.fetch(t, "/sitemap.xml", nil)
		index := mustParseSitemap(t, res, text, "sitemapindex")
		if want := (pages+1)/2 + (len(products)+1)/2; len(index.Sitemaps) != want {
			t.Fatalf("%d sitemaps for %d pages and %d products, want %d", len(index.Sitemaps), pages, len(products), want)
		}
		seen := 0
		etags := map[string]string{}
		fileOf := map[string]string{} // a product's page → its file
		for _, sm := range index.Sitemaps {
			name := strings.TrimPrefix(sm.Loc, siteURL)
			res, text := s.fetch(t, name, nil)
			part := mustParseSitemap(t, res, text, "urlset")
			if len(part.URLs) == 0 || len(part.URLs) > 2 {
				t.Errorf("%s: %d URLs", sm.Loc, len(part.URLs))
			}
			newest := ""
			for _, u := range part.URLs {
				fileOf[u.Loc] = name
				newest = max(newest, u.LastMod)
			}
			if sm.LastMod != newest {
				t.Errorf("%s: the index says lastmod %q, its newest URL %q", name, sm.LastMod, newest)
			}
			etags[name] = res.Header.Get("ETag")
			seen += len(part.URLs)
		}
		if seen != urls {
			t.Errorf("the parts list %d URLs, want %d", seen, urls)
		}

		// A product's change (issue 46) rewrites the file that lists it and
		// the site's pages (their lastmods follow the newest product); every
		// other file keeps its bytes.
		changed := products[len(products)/2]
		time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second))) // a new lastmod (seconds)
		s.mustEdit(t, changed.ID, map[string]any{"name": changed.Name, "price": "1234.50", "avaialbequantit": "9",
			"minimumquantity": changed.Minimum, "description": "Changed for the sitemap.", "image": changed.Image, "category": changed.Category})
		mine := fileOf[siteURL+"/product/"+changed.ID]
		res, text = s.fetch(t, "/sitemap.xml", nil)
		after := mustParseSitemap(t, res, text, "sitemapindex")
		if len(after.Sitemaps) != len(index.Sitemaps) {
			t.Fatalf("%d files after the change, %d before", len(after.Sitemaps), len(index.Sitemaps))
		}
		for i, sm := range after.Sitemaps {
			name := strings.TrimPrefix(sm.Loc, siteURL)
			res, text := s.fetch(t, name, nil)
			part := mustParseSitemap(t, res, text, "urlset")
			pagesFile := i < (pages+1)/2
			rewritten := res.Header.Get("ETag") != etags[name]
			switch {
			case name == mine && (!rewritten || !strings.Contains(text, siteURL+"/product/"+changed.ID+"</loc><lastmod>"+sm.LastMod+"<")):
				t.Errorf("%s lists the changed product: rewritten %v, lastmod in the index %q\n%s", name, rewritten, sm.LastMod, text)
			case name != mine && !pagesFile && rewritten:
				t.Errorf("%s does not list the changed product, and was rewritten", name)
			case pagesFile && strings.Contains(text, siteURL+"/products<") && !strings.Contains(text, "<lastmod>"+sm.LastMod+"</lastmod>"):
				t.Errorf("%s: /products is not last changed with the newest product (%s)\n%s", name, sm.LastMod, text)
			}
			_ = part
		}
		if res, _ := s.fetch(t, "/sitemap-999.xml", nil); res.StatusCode != 404 {
			t.Errorf("a sitemap part that does not exist: %d", res.StatusCode)
		}
	})
}

func TestSite_Robots(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	res, body := s.fetch(t, "/robots.txt", nil)
	want := "User-agent: *\nDisallow: /dashboard\nDisallow: /payment\nDisallow: /purchase\nDisallow: /login\nDisallow: /register\n\n" +
		"Sitemap: " + siteURL + "/sitemap.xml\n"
	if res.StatusCode != 200 || body != want || res.Header.Get("Content-Type") != "text/plain; charset=utf-8" ||
		res.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("%d %v\n%s", res.StatusCode, res.Header, body)
	}
	if res, _ := s.fetch(t, "/robots.txt", map[string]string{"If-None-Match": res.Header.Get("ETag")}); res.StatusCode != 304 {
		t.Fatalf("revalidation: %d", res.StatusCode)
	}
}

// TestSite_UnknownPages: the build lists the app's routes (routes.json,
// from its router); a path that is none of them, or a product that does
// not exist, answers 404 with the not-found page (which the app renders
// too), so that search engines do not count a mistyped link as a page.
func TestSite_UnknownPages(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	notFound, err := os.ReadFile(filepath.Join(fixtureDist, "404.html"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("OK_KnownRoutes", func(t *testing.T) {
		for _, path := range []string{"/products", "/login", "/verify-email?token=abc", "/reset-password?token=abc", "/home",
			"/dashboard", "/dashboard/myorder", "/dashboard/outbox", "/dashboard/myorder/", "/Dashboard/MyOrder",
			"/purchase/0123456789abcdef01234567", "/payment/anything", "/product/" + s.firstProduct(t).ID} {
			if res, _ := s.fetch(t, path, nil); res.StatusCode != 200 {
				t.Errorf("%s: %d, want 200", path, res.StatusCode)
			}
		}
	})
	t.Run("ErrUnknownPath", func(t *testing.T) {
		for _, path := range []string{"/no-such-page", "/product", "/dashboard/nope", "/dashboard/myorder/extra", "/products/1", "/purchase"} {
			res, body := s.fetch(t, path, nil)
			if res.StatusCode != 404 || body != string(notFound) || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
				res.Header.Get("ETag") != "" {
				t.Errorf("%s: %d %v, want 404 with 404.html", path, res.StatusCode, res.Header)
			}
		}
		req, _ := http.NewRequest("HEAD", s.siteURL+"/no-such-page", nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("HEAD: %d", res.StatusCode)
		}
	})
	t.Run("ErrMissingProduct", func(t *testing.T) {
		for _, id := range []string{"ffffffffffffffffffffffff", "not-an-id"} {
			if res, body := s.fetch(t, "/product/"+id, nil); res.StatusCode != 404 || body != string(notFound) {
				t.Errorf("/product/%s: %d, want 404 with 404.html", id, res.StatusCode)
			}
		}
	})
}

// TestNewSPA_ErrRoutesTheServerCannotMatch: a routes.json the server cannot
// follow (a splat, an optional segment, not a list) stops the start.
func TestNewSPA_ErrRoutesTheServerCannotMatch(t *testing.T) {
	t.Parallel()
	for _, routes := range []string{`["/", "/files/*"]`, `["/", "/user/:id?"]`, `{"routes": []}`, `[]`, `["products"]`} {
		dir := t.TempDir()
		for name, text := range map[string]string{"index.html": "<!doctype html>", "routes.json": routes} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := site.NewSPA(dir); err == nil || !strings.Contains(err.Error(), "routes.json") {
			t.Errorf("%s: %v, want an error naming routes.json", routes, err)
		}
	}
}

// TestSite_StaticRoutes: prerendered pages and folders with a page of their
// own get it, other client routes the app's shell (app.html), hashed assets
// are immutable.
func TestSite_StaticRoutes(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(fixtureDist, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for path, file := range map[string]string{
		"/": "index.html", "/index.html": "index.html", "/portfolio": "portfolio/index.html", "/portfolio/": "portfolio/index.html",
		"/docs": "docs/index.html", "/products": "app.html", "/dashboard/myorder": "app.html", "/purchase/0123456789abcdef01234567": "app.html",
		"/login": "app.html",
	} {
		res, body := s.fetch(t, path, map[string]string{"Accept-Encoding": "gzip"})
		if res.StatusCode != 200 || body != read(file) || res.Header.Get("Cache-Control") != "no-cache" ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %v, want %s", path, res.StatusCode, res.Header, file)
		}
	}
	res, body := s.fetch(t, "/assets/index-abc123.js", map[string]string{"Accept-Encoding": "gzip"})
	if res.StatusCode != 200 || body != read("assets/index-abc123.js") || res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("asset: %d %v", res.StatusCode, res.Header)
	}
	if res, _ := s.fetch(t, "/assets/missing.js", nil); res.StatusCode != 404 {
		t.Errorf("a missing asset: %d", res.StatusCode)
	}
	req, _ := http.NewRequest("POST", s.siteURL+"/product/"+s.firstProduct(t).ID, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 405 {
		t.Errorf("POST: %d", res.StatusCode)
	}
}

// TestSite_OlderBuild: a build without app.html, product.html and 404.html
// is served as before: index.html for every client route.
func TestSite_OlderBuild(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	index := "<!doctype html><title>Storefront</title><div id=root></div>"
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	s := mustServeSiteWith(t, dir, siteURL, nil)
	for _, path := range []string{"/products", "/product/" + s.firstProduct(t).ID} {
		if res, body := s.fetch(t, path, nil); res.StatusCode != 200 || body != index {
			t.Errorf("%s: %d %q", path, res.StatusCode, body)
		}
	}
	if res, _ := s.fetch(t, "/robots.txt", nil); res.StatusCode != 200 {
		t.Errorf("robots.txt: %d", res.StatusCode)
	}
}

func TestNewSPA_ErrTemplateWithoutMarkers(t *testing.T) {
	t.Parallel()
	for name, text := range map[string]string{
		"no head marker": `<meta name="application-name" content="Shop"><!--ssr-data-->`,
		"no data marker": `<meta name="application-name" content="Shop"><!--ssr-head-->`,
		"no store name":  `<!--ssr-head--><!--ssr-data-->`,
	} {
		dir := t.TempDir()
		for file, body := range map[string]string{"index.html": "<!doctype html>", "product.html": text} {
			if err := os.WriteFile(filepath.Join(dir, file), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := site.NewSPA(dir); err == nil || !strings.Contains(err.Error(), "product.html") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// mustKeepFieldsText checks a page written from a product whose fields are
// markup (a script, an img with onerror, and raw): that no element came out
// of them (one img, the page's own scripts) and none is in the page as it is.
func mustKeepFieldsText(tb testing.TB, pg page, body string, scripts int, raw string) {
	tb.Helper()
	if imgs := pg.elements("img"); len(imgs) != 1 || attrs(imgs[0])["onerror"] != "" {
		tb.Errorf("an element came out of a field: %d img elements", len(imgs))
	}
	if n := len(pg.scripts); n != scripts {
		tb.Errorf("%d script elements, want %d: %+v", n, scripts, pg.scripts)
	}
	for _, r := range []string{"<script>alert", "<img src=x", raw} {
		if strings.Contains(body, r) {
			tb.Errorf("the page has %q unescaped", r)
		}
	}
}

// TestSite_ProductJSONLD_CatalogueFields: issue 35's fields in the JSON-LD
// (sku, category, every picture, the specifications as additionalProperty)
// and the category's page in the sitemap, its name URL-escaped.
func TestSite_ProductJSONLD_CatalogueFields(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	ctx := context.Background()
	if _, err := s.deps.Catalogue.AddCategory(ctx, s.admin, "Pumps & Valves"); err != nil {
		t.Fatal(err)
	}
	img, img2 := s.mustUpload(t), "https://cdn.example/ld-pump-2.jpg"
	id := s.mustAdd(t, map[string]any{"name": "LD Pump", "price": "850", "avaialbequantit": "4", "minimumquantity": 1,
		"description": "A pump.", "image": img, "images": []string{img, img2}, "sku": "LD-PUMP-1", "category": "Pumps & Valves",
		"specs": []map[string]any{{"name": "Flow", "value": "120", "unit": "l/min"}, {"name": "Seal", "value": "Viton"}},
		"tiers": []map[string]any{{"min": 10, "percentOff": 5}}}) // issue 45: the public price stays the list price
	p, err := s.deps.Catalogue.Find(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	_, body := s.fetch(t, "/product/"+id, nil)
	s.mustMatchProduct(t, body, p)
	pg := mustParsePage(t, body)
	var ld productJSONLD
	if err := json.Unmarshal([]byte(pg.script(t, "application/ld+json", "").body), &ld); err != nil {
		t.Fatal(err)
	}
	if ld.SKU != "LD-PUMP-1" || ld.Category != "Pumps & Valves" || len(ld.Image) != 2 || len(ld.AdditionalProperty) != 2 ||
		ld.AdditionalProperty[0].UnitText != "l/min" || ld.AdditionalProperty[1].UnitText != "" || string(ld.Offers.Price) != "850" {
		t.Fatalf("JSON-LD %+v", ld)
	}
	_, sitemap := s.fetch(t, "/sitemap.xml", nil)
	if !strings.Contains(sitemap, "<loc>"+siteURL+"/products?category=Pumps+%26+Valves</loc>") {
		t.Fatalf("the category's page is not in the sitemap:\n%s", sitemap)
	}
}

// TestSite_ProductPageCarriesItsReviews (issue 48): the JSON-LD has the
// product's aggregateRating and newest reviews once one is visible, and
// the page follows a new review.
func TestSite_ProductPageCarriesItsReviews(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	p := s.firstProduct(t)
	ctx := context.Background()
	ldOf := func(body string) map[string]any {
		t.Helper()
		var ld map[string]any
		if err := json.Unmarshal([]byte(mustParsePage(t, body).script(t, "application/ld+json", "").body), &ld); err != nil {
			t.Fatal(err)
		}
		return ld
	}
	_, body := s.fetch(t, "/product/"+p.ID, nil)
	if ld := ldOf(body); ld["aggregateRating"] != nil || ld["review"] != nil {
		t.Fatalf("a product without reviews has a rating: %v", ld)
	}
	for _, r := range []shop.Review{
		{Name: "Ann Buyer", Email: "ann@shop.test", Review: "Runs </script> all day.", Rating: 5, ProductID: p.ID, Verified: true},
		{Name: "Ben Buyer", Email: "ben@shop.test", Review: "Good.", Rating: 4, ProductID: p.ID, Verified: true},
		{Name: "Hid Den", Email: "hid@shop.test", Review: "Hidden.", Rating: 1, ProductID: p.ID, Status: shop.ReviewHidden},
	} {
		if _, err := s.store.InsertReview(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	_, body = s.fetch(t, "/product/"+p.ID, nil)
	s.mustMatchProduct(t, body, p)
	ld := ldOf(body)
	agg, _ := ld["aggregateRating"].(map[string]any)
	reviews, _ := ld["review"].([]any)
	if agg["@type"] != "AggregateRating" || agg["ratingValue"] != 4.5 || agg["reviewCount"] != 2.0 || agg["bestRating"] != 5.0 || len(reviews) != 2 {
		t.Fatalf("JSON-LD rating %v, reviews %v", agg, reviews)
	}
	newest, _ := reviews[0].(map[string]any)
	author, _ := newest["author"].(map[string]any)
	rating, _ := newest["reviewRating"].(map[string]any)
	if newest["@type"] != "Review" || author["name"] != "Ben Buyer" || newest["reviewBody"] != "Good." || rating["ratingValue"] != 4.0 {
		t.Fatalf("newest review %v", newest)
	}
	if strings.Contains(body, "Runs </script>") || strings.Contains(body, "hid@shop.test") || strings.Contains(body, "Hidden.") {
		t.Fatal("a review's text ends the script, or a hidden review or an email is on the page")
	}
}

// Issue 48: the server's product page lists its documents for readers
// without scripts, after the app's root (never in what the app hydrates).
func TestSite_ProductPageListsItsDocuments(t *testing.T) {
	t.Parallel()
	s := mustServeSite(t)
	p := s.firstProduct(t)
	_, body := s.fetch(t, "/product/"+p.ID, nil)
	if strings.Contains(body, "<noscript><section") {
		t.Fatal("a product without documents lists some")
	}
	pdf := []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 >>\nstartxref\n0\n%%EOF\n")
	doc, err := s.store.PutDocument(context.Background(), p.ID, shop.DocumentInput{Name: `Manual <"&>`, Kind: "manual", Filename: "m.pdf"}, pdf)
	if err != nil {
		t.Fatal(err)
	}
	_, body = s.fetch(t, "/product/"+p.ID, nil)
	s.mustMatchProduct(t, body, p)
	want := `<noscript><section aria-label="Documents"><h2>Documents</h2><ul><li><a href="http://shop.test/documents/` + doc.ID + `">Manual &lt;&#34;&amp;&gt;</a> (Manual, PDF, ` +
		strconv.Itoa(len(pdf)) + ` B)</li></ul></section></noscript></body>`
	if !strings.Contains(body, want) {
		t.Fatalf("the page does not list the document as %s:\n%s", want, body[max(0, len(body)-600):])
	}
}
