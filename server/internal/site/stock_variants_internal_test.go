package site

import (
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

func TestStockVariants(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		in, out, err := stockVariants(`<p>a<!--ssr-in-stock--><a href="/x">Buy</a><!--/ssr-in-stock--><!--ssr-out-of-stock--><span>Out</span><!--/ssr-out-of-stock-->b</p>` +
			`<!--ssr-in-stock-->1<!--/ssr-in-stock--><!--ssr-out-of-stock-->2<!--/ssr-out-of-stock-->`)
		if err != nil || in != `<p>a<a href="/x">Buy</a>b</p>1` || out != `<p>a<span>Out</span>b</p>2` {
			t.Fatalf("%q %q %v", in, out, err)
		}
	})
	t.Run("OK_NoVariants", func(t *testing.T) {
		if in, out, err := stockVariants("<p>x</p>"); err != nil || in != "<p>x</p>" || out != in {
			t.Fatalf("%q %q %v", in, out, err)
		}
	})
	t.Run("ErrMarkersOutOfPlace", func(t *testing.T) {
		for _, text := range []string{
			`<!--ssr-in-stock-->a<!--/ssr-in-stock-->`,
			`<!--ssr-in-stock-->a<!--/ssr-in-stock--> <!--ssr-out-of-stock-->b<!--/ssr-out-of-stock-->`,
			`<!--ssr-in-stock-->a<!--/ssr-in-stock--><!--ssr-out-of-stock-->b`,
			`a<!--/ssr-in-stock-->`,
			`a<!--ssr-out-of-stock-->b<!--/ssr-out-of-stock-->`,
		} {
			if _, _, err := stockVariants(text); err == nil {
				t.Errorf("%q: no error", text)
			}
		}
	})
}

func TestCanBuy(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		available, minimum int64
		want               bool
	}{{50, 10, true}, {10, 10, true}, {38, 50, false}, {0, 1, false}, {0, 0, false}} {
		if got := canBuy(shop.Product{Available: c.available, Minimum: c.minimum}); got != c.want {
			t.Errorf("%d available, %d minimum: %v", c.available, c.minimum, got)
		}
	}
}

// TestProductTemplate_RenderOutOfStock: a product below its minimum gets the
// Out of stock variant (no Purchase link); one in stock the link.
func TestProductTemplate_RenderOutOfStock(t *testing.T) {
	t.Parallel()
	tpl, err := parseProductTemplate(`<head><meta name="application-name" content="Store"><!--ssr-head--></head><main>__SSR_NAME__` +
		`<!--ssr-in-stock--><a href="/purchase/__SSR_ID__">PURCHASE</a><!--/ssr-in-stock--><!--ssr-out-of-stock--><span>Out of stock</span><span role="link" aria-disabled="true">PURCHASE</span><!--/ssr-out-of-stock--></main><!--ssr-data-->`)
	if err != nil {
		t.Fatal(err)
	}
	p := shop.Product{ID: "p1", Name: "Pump", Price: 100, Available: 38, Minimum: 50, Image: "/i.png"}
	page, err := tpl.render(p, []byte(`{}`), shop.ProductReviews{}, "https://shop.example")
	if err != nil {
		t.Fatal(err)
	}
	if s := string(page); !strings.Contains(s, "<main>Pump<span>Out of stock</span><span role=\"link\" aria-disabled=\"true\">PURCHASE</span></main>") ||
		strings.Contains(s, "/purchase/") || strings.Contains(s, "ssr-") && strings.Contains(s, "stock-->") {
		t.Errorf("out of stock: %s", s)
	}
	p.Available = 50
	page, err = tpl.render(p, []byte(`{}`), shop.ProductReviews{}, "https://shop.example")
	if err != nil {
		t.Fatal(err)
	}
	if s := string(page); !strings.Contains(s, `<main>Pump<a href="/purchase/p1">PURCHASE</a></main>`) || strings.Contains(s, "Out of stock") {
		t.Errorf("in stock: %s", s)
	}
}

func TestHomeTemplate_RenderOutOfStock(t *testing.T) {
	t.Parallel()
	tpl, err := parseHomeTemplate(`<main><!--ssr-featured-list--><ul><!--ssr-featured-card--><li id="__SSR_CARD_ID__">__SSR_CARD_NAME__ __ssr_card_name__ __SSR_CARD_PRICE__ __SSR_CARD_STOCK__ __SSR_CARD_MINIMUM__ __SSR_CARD_PREVIEW__ __SSR_CARD_IMAGE__` +
		`<!--ssr-in-stock--><a href="/purchase/__SSR_CARD_ID__">P</a><!--/ssr-in-stock--><!--ssr-out-of-stock--><span>Out of stock</span><!--/ssr-out-of-stock--></li><!--/ssr-featured-card--></ul><!--/ssr-featured-list-->` +
		`<!--ssr-featured-empty--><p>None</p><!--/ssr-featured-empty--></main><!--ssr-featured:{"queryKey":["k"],"limit":2,"previewChars":4}--><script></script>`)
	if err != nil {
		t.Fatal(err)
	}
	in := shop.Product{ID: "a", Name: "x", Price: 100, Available: 7, Minimum: 2, Description: "d", Image: "/i.png"}
	out := shop.Product{ID: "b", Name: "y", Price: 100, Available: 1, Minimum: 2, Description: "d", Image: "/i.png"}
	got := string(tpl.render([]shop.Product{in, out}, []byte("[]"), 2))
	want := `<ul><li id="a">X x $1 7 2 d /i.png<a href="/purchase/a">P</a></li><li id="b">Y y $1 1 2 d /i.png<span>Out of stock</span></li></ul>`
	if !strings.Contains(got, want) {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
