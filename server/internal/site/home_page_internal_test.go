package site

import (
	"bufio"
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

// TestUpperCase: the card's title is upper-cased as JavaScript's
// toUpperCase does it (the values are Node's), or hydration would not match.
func TestUpperCase(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Hydraulic Excavator 20T": "HYDRAULIC EXCAVATOR 20T",
		"Straße":                  "STRASSE",
		"ﬁne ﬂow":                 "FINE FLOW",
		"\u0149":                  "\u02BC\u004E",
		"\u0390":                  "\u0399\u0308\u0301", // not the composed \u03AA\u0301 of golang.org/x/text/cases
		"İstanbul ı i":            "İSTANBUL I I",
		"ǆ ǅ":                     "Ǆ Ǆ",
		"ᾳ":                       "ΑΙ",
		"𐐨":                       "𐐀",
		`</title>"&'`:             `</TITLE>"&'`,
	} {
		if got := upperCase(in); got != want {
			t.Errorf("upperCase(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestUpperCase_EveryCharacterAsNode: upperCase agrees with the
// JavaScript of the Node that builds the client for every character (the
// prerender runs there; Chromium's ICU is as new or newer). Node is what
// the project needs anyway: a machine without it fails here.
func TestUpperCase_EveryCharacterAsNode(t *testing.T) {
	t.Parallel()
	const script = `const out = [];
for (let c = 0; c <= 0x10FFFF; c++) {
  if (c >= 0xD800 && c <= 0xDFFF) continue;
  const s = String.fromCodePoint(c), u = s.toUpperCase();
  if (u !== s) out.push(c.toString(16) + ' ' + [...u].map((x) => x.codePointAt(0).toString(16)).join(','));
}
process.stdout.write(out.join('\n') + '\n');`
	out, err := exec.Command("node", "-e", script).Output()
	if err != nil {
		t.Fatalf("node: %v (Node 20+ is needed to build and test the client)", err)
	}
	js := map[rune]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		c, mapped, _ := strings.Cut(sc.Text(), " ")
		r, err := strconv.ParseInt(c, 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		var u strings.Builder
		for _, h := range strings.Split(mapped, ",") {
			x, err := strconv.ParseInt(h, 16, 32)
			if err != nil {
				t.Fatal(err)
			}
			u.WriteRune(rune(x))
		}
		js[rune(r)] = u.String()
	}
	if len(js) < 1400 {
		t.Fatalf("node listed %d mappings", len(js))
	}
	wrong := 0
	for r := rune(0); r <= 0x10FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		want, ok := js[r]
		if !ok {
			want = string(r)
		}
		if got := upperCase(string(r)); got != want {
			if wrong++; wrong <= 10 {
				t.Errorf("U+%04X: %q, JavaScript %q", r, got, want)
			}
		}
	}
	if wrong > 0 {
		t.Fatalf("%d characters upper-case otherwise than in JavaScript", wrong)
	}
}

// TestPreview: the client's truncate, by code points.
func TestPreview(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 30, "short"},
		{strings.Repeat("a", 30), 30, strings.Repeat("a", 30)},
		{strings.Repeat("a", 31), 30, strings.Repeat("a", 30) + "..."},
		{"😀😀😀", 2, "😀😀..."},
		{"aé😀b", 3, "aé😀..."},
		{"", 30, ""},
	} {
		if got := preview(c.in, c.n); got != c.want {
			t.Errorf("preview(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

func TestParseHomeTemplate_Err(t *testing.T) {
	t.Parallel()
	card := "<li>__SSR_CARD_ID__ __ssr_card_name__ __SSR_CARD_NAME__ __SSR_CARD_PRICE__ __SSR_CARD_STOCK__ __SSR_CARD_MINIMUM__ __SSR_CARD_PREVIEW__ __SSR_CARD_IMAGE__</li>"
	ok := `<div id="root"><!--ssr-featured-list--><ul><!--ssr-featured-card-->` + card + `<!--/ssr-featured-card--></ul><!--/ssr-featured-list-->` +
		`<!--ssr-featured-empty--><p>None</p><!--/ssr-featured-empty--></div><!--ssr-featured:{"queryKey":["products",{"limit":5}],"limit":5,"previewChars":30}--><script></script>`
	if _, err := parseHomeTemplate(ok); err != nil {
		t.Fatalf("the well-formed template: %v", err)
	}
	for name, text := range map[string]string{
		"ErrNoCardMarker": strings.Replace(ok, "<!--ssr-featured-card-->", "", 1),
		"ErrMarkersOutOfOrder": strings.Replace(strings.Replace(ok, "<!--ssr-featured-empty--><p>None</p><!--/ssr-featured-empty-->", "", 1),
			"<!--ssr-featured-list-->", "<!--ssr-featured-empty--><p>None</p><!--/ssr-featured-empty--><!--ssr-featured-list-->", 1),
		"ErrNoDataMarker":      strings.Replace(ok, "<!--ssr-featured:", "<!--", 1),
		"ErrNoLimit":           strings.Replace(ok, `"limit":5,`, "", 1),
		"ErrLimitOverTheAPIs":  strings.Replace(ok, `"limit":5,`, `"limit":101,`, 1),
		"ErrBadContract":       strings.Replace(ok, `"previewChars":30}`, `"previewChars":30`, 1),
		"ErrCardWithoutToken":  strings.Replace(ok, "__SSR_CARD_PREVIEW__", "", 1),
		"ErrTokenInTheHead":    strings.Replace(ok, `<div id="root">`, `<link rel="preload" as="image" href="__SSR_CARD_IMAGE__"><div id="root">`, 1),
		"ErrTokenAfterTheList": strings.Replace(ok, "<p>None</p>", "<p>None __ssr_card_name__</p>", 1),
	} {
		if _, err := parseHomeTemplate(text); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}

// TestHomeTemplate_Render: the card is repeated per product up to the
// limit, the empty message stands alone, and the markers are gone.
func TestHomeTemplate_Render(t *testing.T) {
	t.Parallel()
	tpl, err := parseHomeTemplate(`<main><!--ssr-featured-list--><ul><!--ssr-featured-card--><li id="__SSR_CARD_ID__">__SSR_CARD_NAME__ __ssr_card_name__ __SSR_CARD_PRICE__ __SSR_CARD_STOCK__ __SSR_CARD_MINIMUM__ __SSR_CARD_PREVIEW__ __SSR_CARD_IMAGE__</li><!--/ssr-featured-card--></ul><!--/ssr-featured-list-->` +
		`<!--ssr-featured-empty--><p>None</p><!--/ssr-featured-empty--></main><!--ssr-featured:{"queryKey":["k"],"limit":2,"previewChars":4}--><script></script>`)
	if err != nil {
		t.Fatal(err)
	}
	p := func(id, name string) shop.Product {
		return shop.Product{ID: id, Name: name, Price: 129900, Available: 7, Minimum: 2, Description: "abcdef", Image: "/i.png"}
	}
	for _, c := range []struct {
		products []shop.Product
		want     string
	}{
		{nil, `<main><p>None</p></main><script id="ssr-queries" type="application/json">[{"queryKey":["k"],"data":{"items":[],"total":0}}]</script><script></script>`},
		{[]shop.Product{p("a", "x")}, `<main><ul><li id="a">X x $1,299 7 2 abcd... /i.png</li></ul></main><script id="ssr-queries" type="application/json">[{"queryKey":["k"],"data":{"items":[],"total":0}}]</script><script></script>`},
		{[]shop.Product{p("a", "x"), p("b", "<y>"), p("c", "z")}, `<main><ul><li id="a">X x $1,299 7 2 abcd... /i.png</li><li id="b">&lt;Y&gt; &lt;y&gt; $1,299 7 2 abcd... /i.png</li></ul></main><script id="ssr-queries" type="application/json">[{"queryKey":["k"],"data":{"items":[],"total":0}}]</script><script></script>`},
	} {
		if got := string(tpl.render(c.products, []byte("[]"), 0)); got != c.want {
			t.Errorf("%d products:\n got %s\nwant %s", len(c.products), got, c.want)
		}
	}
}
