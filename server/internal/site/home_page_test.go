package site_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"storefront/server/internal/shop"
	"storefront/server/internal/site"
)

// homeFixtureDist is a build with home.html: the home page whose featured
// products the server fills in (the contract of src/prerender/render.tsx).
const homeFixtureDist = "testdata/home"

func mustServeHomeSite(tb testing.TB) *siteServer {
	tb.Helper()
	return mustServeSiteWith(tb, homeFixtureDist, siteURL, nil)
}

// card is what one featured card on the page says.
type card struct {
	labelledBy, imageHref, image, alt, titleID, titleHref, title, price, stock, minimum, preview, purchaseLabel, purchaseHref string
}

func (p page) cards(tb testing.TB) []card {
	tb.Helper()
	var cards []card
	for _, li := range p.elements("li") {
		var c card
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				a := attrs(n)
				switch {
				case n.Data == "article":
					c.labelledBy = a["aria-labelledby"]
				case n.Data == "img":
					c.image, c.alt = a["src"], a["alt"]
					c.imageHref = attrs(n.Parent)["href"]
				case n.Data == "h3":
					c.titleID = a["id"]
					c.titleHref, c.title = attrs(n.FirstChild)["href"], textOf(n.FirstChild)
				case n.Data == "p":
					switch a["class"] {
					case "price":
						c.price = textOf(n)
					case "stock":
						c.stock = textOf(n)
					case "minimum":
						c.minimum = textOf(n)
					case "preview":
						c.preview = textOf(n)
					}
				case n.Data == "a" && a["aria-label"] != "":
					c.purchaseLabel, c.purchaseHref = a["aria-label"], a["href"]
				}
			}
			for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
				walk(ch)
			}
		}
		walk(li)
		cards = append(cards, c)
	}
	return cards
}

// featuredAnswer is the client's featured query's answer: GET /service?limit=5.
func (s *siteServer) featuredAnswer(tb testing.TB) ([]shop.Product, []byte, string) {
	tb.Helper()
	res, body := s.get(tb, "/service?limit=5")
	if res.StatusCode != 200 {
		tb.Fatalf("GET /service?limit=5: %d", res.StatusCode)
	}
	return decode[[]shop.Product](tb, body), body, res.Header.Get("X-Total-Count")
}

// mustMatchFeatured checks the served home page against the featured
// query's answer: one card per product, every field as the client's card
// shows it, and #ssr-queries holding that answer under the query's key.
// upper is each name as JavaScript's toUpperCase writes it.
func (s *siteServer) mustMatchFeatured(tb testing.TB, body string, upper func(string) string) page {
	tb.Helper()
	products, answer, total := s.featuredAnswer(tb)
	pg := mustParsePage(tb, body)
	if a := attrs(pg.elements("div")[0]); a["id"] != "root" || a["data-prerendered"] != "/" {
		tb.Errorf("root %v", a)
	}
	cards := pg.cards(tb)
	if len(cards) != len(products) {
		tb.Fatalf("%d cards, want %d", len(cards), len(products))
	}
	for i, p := range products {
		preview := p.Description
		if r := []rune(preview); len(r) > 30 {
			preview = string(r[:30]) + "..."
		}
		want := card{
			labelledBy: "product-" + p.ID + "-name", imageHref: "/product/" + p.ID, image: p.Image, alt: p.Name,
			titleID: "product-" + p.ID + "-name", titleHref: "/product/" + p.ID, title: upper(p.Name),
			price: site.FormatPrice(p.Price), stock: "Available: " + strconv.FormatInt(p.Available, 10) + " Pcs", minimum: "Order-Minimum: " + strconv.FormatInt(p.Minimum, 10) + " pcs",
			preview: preview, purchaseLabel: "Purchase " + p.Name, purchaseHref: "/purchase/" + p.ID,
		}
		if p.Available < 1 || p.Available < p.Minimum { // out of stock: the card has no Purchase link
			want.purchaseLabel, want.purchaseHref = "", ""
		}
		if cards[i] != want {
			tb.Errorf("card %d:\n got %+v\nwant %+v", i, cards[i], want)
		}
	}
	empty := strings.Contains(pg.text, "No products yet.")
	if empty != (len(products) == 0) || (len(pg.elements("ul")) == 1) != (len(products) > 0) {
		tb.Errorf("%d products: the empty message shown %v, %d lists", len(products), empty, len(pg.elements("ul")))
	}

	var queries []struct {
		QueryKey json.RawMessage `json:"queryKey"`
		Data     struct {
			Items []any `json:"items"`
			Total int64 `json:"total"`
		} `json:"data"`
	}
	sc := pg.script(tb, "application/json", "ssr-queries")
	if err := json.Unmarshal([]byte(sc.body), &queries); err != nil || len(queries) != 1 {
		tb.Fatalf("#ssr-queries: %v: %s", err, sc.body)
	}
	if string(queries[0].QueryKey) != `["products",{"limit":5}]` {
		tb.Errorf("query key %s", queries[0].QueryKey)
	}
	var fromAPI []any
	_ = json.Unmarshal(answer, &fromAPI)
	if !reflect.DeepEqual(queries[0].Data.Items, fromAPI) {
		tb.Errorf("#ssr-queries' items %v are not GET /service?limit=5's %v", queries[0].Data.Items, fromAPI)
	}
	if strconv.FormatInt(queries[0].Data.Total, 10) != total {
		tb.Errorf("#ssr-queries' total %d, X-Total-Count %s", queries[0].Data.Total, total)
	}
	if strings.ContainsAny(sc.body, "<>&\u2028\u2029") {
		tb.Errorf("#ssr-queries has <, >, &, U+2028 or U+2029 unescaped: %s", sc.body)
	}
	for _, leftover := range []string{"__SSR_CARD", "__ssr_card", "<!--ssr-", "<!--/ssr-"} {
		if strings.Contains(body, leftover) && !strings.Contains(string(answer), leftover) {
			tb.Errorf("the page still has %s", leftover)
		}
	}
	return pg
}

func TestSite_HomePage(t *testing.T) {
	t.Parallel()
	s := mustServeHomeSite(t)

	t.Run("OK_FeaturedCardsAndTheirAnswer", func(t *testing.T) {
		res, body := s.fetch(t, "/", nil)
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("ETag") == "" ||
			res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("%d %v", res.StatusCode, res.Header)
		}
		s.mustMatchFeatured(t, body, strings.ToUpper) // the demo's names are ASCII
		if !strings.Contains(body, "<h1>Home banner</h1>") || !strings.Contains(body, "<footer>Fixture footer</footer>") {
			t.Error("the prerendered page around the featured section is not all there")
		}
	})
	t.Run("OK_GzipETagAnd304", func(t *testing.T) {
		res, _ := s.fetch(t, "/", map[string]string{"Accept-Encoding": "gzip"})
		if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("not compressed: %v", res.Header)
		}
		res2, body := s.fetch(t, "/", map[string]string{"If-None-Match": res.Header.Get("ETag")})
		if res2.StatusCode != 304 || body != "" || res2.Header.Get("ETag") != res.Header.Get("ETag") {
			t.Fatalf("revalidation: %d %q", res2.StatusCode, body)
		}
		if res3, _ := s.fetch(t, "/", map[string]string{"If-None-Match": `"stale"`}); res3.StatusCode != 200 {
			t.Fatalf("a stale ETag: %d", res3.StatusCode)
		}
	})
	t.Run("OK_OtherPagesAsBefore", func(t *testing.T) {
		if res, body := s.fetch(t, "/products", nil); res.StatusCode != 200 || strings.Contains(body, "product-card") {
			t.Errorf("/products: %d", res.StatusCode)
		}
	})
	t.Run("ErrTemplateNotServedAsIs", func(t *testing.T) {
		if res, _ := s.fetch(t, "/home.html", nil); res.StatusCode != 404 {
			t.Fatalf("/home.html: %d", res.StatusCode)
		}
	})
}

// TestSite_HomePageDoesNotWaitForTheDatabase: while the featured products'
// answer does not come (a database that hangs), / answers after a short
// wait with the prerendered page without them (its client fetches them),
// and with them again once the catalogue answers.
func TestSite_HomePageDoesNotWaitForTheDatabase(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	s := mustServeSiteWith(t, homeFixtureDist, siteURL, func(a site.Answers) site.Answers { return heldProducts{a, release} })

	// The load is held for good: without the home page's own wait, this
	// request would hang until the client gives up.
	client := &http.Client{Timeout: 8 * time.Second}
	res, err := client.Get(s.siteURL + "/")
	if err != nil {
		close(release)
		t.Fatalf("GET / while the catalogue does not answer: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	close(release)
	if res.StatusCode != 200 || !strings.Contains(string(body), "<h1>Home banner</h1>") ||
		strings.Contains(string(body), "ssr-queries") || strings.Contains(string(body), "<article") {
		t.Fatalf("%d, want index.html without featured products:\n%s", res.StatusCode, body)
	}

	_, page := s.fetch(t, "/", nil)
	s.mustMatchFeatured(t, page, strings.ToUpper)
}

// heldProducts keeps the product list's answer from coming until release
// is closed, as a database that does not answer would.
type heldProducts struct {
	site.Answers
	release <-chan struct{}
}

func (h heldProducts) Products(ctx context.Context, q shop.ProductQuery) ([]shop.Product, site.Answer, error) {
	select {
	case <-h.release:
		return h.Answers.Products(ctx, q)
	case <-ctx.Done():
		return nil, site.Answer{}, ctx.Err()
	}
}

// TestSite_HomePageFollowsTheCatalogue: the page is kept while the answer
// is the same, and shows the catalogue's first products as they are now:
// an edit, fewer products than cards, none.
func TestSite_HomePageFollowsTheCatalogue(t *testing.T) {
	t.Parallel()
	s := mustServeHomeSite(t)
	res, _ := s.fetch(t, "/", nil)
	etag := res.Header.Get("ETag")
	if again, _ := s.fetch(t, "/", nil); again.Header.Get("ETag") != etag {
		t.Fatal("the page changed with the catalogue unchanged")
	}
	products, _, _ := s.featuredAnswer(t)

	s.mustEdit(t, products[0].ID, map[string]any{"price": "4321.5", "description": "Rebuilt & tested <fully>."})
	res, body := s.fetch(t, "/", map[string]string{"If-None-Match": etag})
	if res.StatusCode != 200 || res.Header.Get("ETag") == etag {
		t.Fatalf("after the edit: %d, ETag %s (was %s)", res.StatusCode, res.Header.Get("ETag"), etag)
	}
	if c := s.mustMatchFeatured(t, body, strings.ToUpper).cards(t)[0]; c.price != "$4,321.50" || c.preview != "Rebuilt & tested <fully>." {
		t.Errorf("the edit is not on the page: %+v", c)
	}

	// Delete from the end of the catalogue: the first products stay, the total changes.
	_, all := s.get(t, "/service")
	list := decode[[]shop.Product](t, all)
	for i := len(list) - 1; i >= 0; i-- {
		if i == 1 || i == 0 {
			res, body := s.fetch(t, "/", nil)
			if res.StatusCode != 200 {
				t.Fatalf("%d", res.StatusCode)
			}
			if n := len(s.mustMatchFeatured(t, body, strings.ToUpper).cards(t)); n != i+1 {
				t.Fatalf("%d products: %d cards", i+1, n)
			}
		}
		s.mustDelete(t, list[i].ID)
	}
	res, body = s.fetch(t, "/", nil)
	if res.StatusCode != 200 {
		t.Fatalf("an empty catalogue: %d", res.StatusCode)
	}
	if n := len(s.mustMatchFeatured(t, body, strings.ToUpper).cards(t)); n != 0 {
		t.Fatalf("an empty catalogue: %d cards", n)
	}
}

// TestSite_HomePageHostileProductStaysText: whatever an admin types into a
// featured product is text on the home page, in each card field and in the
// JSON; its name is upper-cased as JavaScript does (ß to SS).
func TestSite_HomePageHostileProductStaysText(t *testing.T) {
	t.Parallel()
	s := mustServeHomeSite(t)
	_, all := s.get(t, "/service")
	for _, p := range decode[[]shop.Product](t, all) {
		s.mustDelete(t, p.ID)
	}
	name := `</title><script>alert(1)</script> "><img src=x onerror=alert(1)> '&amp; Straße __SSR_CARD_ID__`
	description := "</script><script>alert(2)</script>\u2028 <!--/ssr-featured-card--> __ssr_card_name__ ' & -->" + strings.Repeat(" Built to last.", 5)
	s.mustAdd(t, map[string]any{"name": name, "price": "99.99", "avaialbequantit": 3,
		"minimumquantity": 5, "description": description, "image": s.mustUpload(t)})

	res, page := s.fetch(t, "/", nil)
	if res.StatusCode != 200 {
		t.Fatalf("%d", res.StatusCode)
	}
	wantUpper := `</TITLE><SCRIPT>ALERT(1)</SCRIPT> "><IMG SRC=X ONERROR=ALERT(1)> '&AMP; STRASSE __SSR_CARD_ID__`
	pg := s.mustMatchFeatured(t, page, func(n string) string {
		if n != name {
			t.Fatalf("an unexpected product %q", n)
		}
		return wantUpper
	})
	mustKeepFieldsText(t, pg, page, 2, "<!--/ssr-featured-card-->") // #ssr-queries and the loader
}
