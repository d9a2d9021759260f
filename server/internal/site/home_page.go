package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"

	"storefront/server/internal/shop"
)

// The home page's template (the client build's home.html): the prerendered
// home page whose featured section is marked up for the server to fill. The
// list holds one card whose fields are the tokens below (each in text or in
// a double-quoted attribute); the server writes one card per product, or the
// empty message instead of the list when there is none. The data marker says
// what the client's featured query is, and is where its answer goes.
const (
	featuredListOpen   = "<!--ssr-featured-list-->"
	featuredListClose  = "<!--/ssr-featured-list-->"
	featuredCardOpen   = "<!--ssr-featured-card-->"
	featuredCardClose  = "<!--/ssr-featured-card-->"
	featuredEmptyOpen  = "<!--ssr-featured-empty-->"
	featuredEmptyClose = "<!--/ssr-featured-empty-->"
	featuredDataOpen   = "<!--ssr-featured:"
	featuredDataClose  = "-->"
)

// The card's tokens. The name is there as given and, as the card's title
// shows it, upper-cased.
var cardTokens = []string{"__SSR_CARD_ID__", "__ssr_card_name__", "__SSR_CARD_NAME__", "__SSR_CARD_PRICE__",
	"__SSR_CARD_STOCK__", "__SSR_CARD_MINIMUM__", "__SSR_CARD_PREVIEW__", "__SSR_CARD_IMAGE__"}

// homeTemplate is home.html cut at its markers, read once at start.
type homeTemplate struct {
	head      string // up to the featured list
	listOpen  string // the list's opening tag
	card      string // one card, tokens in place
	soldOut   string // the card of a product out of stock (stockVariants)
	listClose string
	empty     string // the empty catalogue's message
	middle    string // from the featured section's end to the data marker
	tail      string // from the data marker on

	// From the data marker: the client's featured query (its key and
	// limit) and how much of a description a card shows.
	queryKey     json.RawMessage
	limit        int
	previewChars int
}

func parseHomeTemplate(text string) (*homeTemplate, error) {
	t := &homeTemplate{}
	rest := text
	cut := func(marker string) (string, error) {
		before, after, ok := strings.Cut(rest, marker)
		if !ok {
			return "", errors.New("the home page template has no " + marker + " marker where expected")
		}
		rest = after
		return before, nil
	}
	var contract string
	for _, step := range []struct {
		marker string
		into   *string
	}{
		{featuredListOpen, &t.head}, {featuredCardOpen, &t.listOpen}, {featuredCardClose, &t.card},
		{featuredListClose, &t.listClose}, {featuredEmptyOpen, nil}, {featuredEmptyClose, &t.empty},
		{featuredDataOpen, &t.middle}, {featuredDataClose, &contract},
	} {
		s, e := cut(step.marker)
		if e != nil {
			return nil, e
		}
		if step.into != nil {
			*step.into = s
		} else if s != "" {
			return nil, errors.New("the home page template has markup between its featured list and empty message")
		}
	}
	t.tail = rest
	var c struct {
		QueryKey     json.RawMessage `json:"queryKey"`
		Limit        int             `json:"limit"`
		PreviewChars int             `json:"previewChars"`
	}
	if err := json.Unmarshal([]byte(contract), &c); err != nil {
		return nil, fmt.Errorf("the home page template's featured marker: %w", err)
	}
	t.queryKey, t.limit, t.previewChars = c.QueryKey, c.Limit, c.PreviewChars
	if len(t.queryKey) == 0 || t.limit < 1 || t.limit > shop.MaxListLimit || t.previewChars < 1 {
		return nil, fmt.Errorf("the home page template's featured marker is incomplete: %s", contract)
	}
	for _, token := range cardTokens {
		if !strings.Contains(t.card, token) {
			return nil, errors.New("the home page template's card has no " + token)
		}
	}
	var err error
	if t.card, t.soldOut, err = stockVariants(t.card); err != nil {
		return nil, err
	}
	// Only the card is filled in: a token anywhere else (React hoists an
	// eager image's preload into the head, for one) would go out as it is.
	for _, part := range []string{t.head, t.listOpen, t.listClose, t.empty, t.middle, t.tail} {
		if strings.Contains(strings.ToUpper(part), "__SSR_CARD_") {
			return nil, errors.New("the home page template has a card token outside its card")
		}
	}
	return t, nil
}

// cardFor is the card template for p: with PURCHASE, or Out of stock.
func (t *homeTemplate) cardFor(p shop.Product) string {
	if canBuy(p) {
		return t.card
	}
	return t.soldOut
}

// query is the product list the client's featured query asks for
// (GET /service?limit=N).
func (t *homeTemplate) query() (shop.ProductQuery, error) {
	return shop.ParseProductQuery(strconv.Itoa(t.limit), "", "", "")
}

// render writes the home page with the featured products: the first of
// products (the API's answer answerJSON, total its X-Total-Count), one card
// each, and that answer as the client's featured query's data in
// <script id="ssr-queries">, which main.tsx puts into the query cache before
// it hydrates. Every field is HTML-escaped in text and attributes, and the
// JSON has <, >, & and U+2028/2029 as \u escapes, so no field can end an
// element or the script.
func (t *homeTemplate) render(products []shop.Product, answerJSON []byte, total int64) []byte {
	var b strings.Builder
	b.Grow(len(t.head) + len(t.middle) + len(t.tail) + len(t.card)*t.limit + len(answerJSON)*2)
	b.WriteString(t.head)
	if len(products) == 0 {
		b.WriteString(t.empty)
	} else {
		b.WriteString(t.listOpen)
		e := html.EscapeString
		for _, p := range products[:min(len(products), t.limit)] {
			// One pass per card: a value that contains a token is never replaced again.
			strings.NewReplacer(
				"__SSR_CARD_ID__", e(p.ID),
				"__ssr_card_name__", e(p.Name),
				"__SSR_CARD_NAME__", e(upperCase(p.Name)),
				"__SSR_CARD_PRICE__", e(formatPrice(p.Price)),
				"__SSR_CARD_STOCK__", strconv.FormatInt(p.Available, 10),
				"__SSR_CARD_MINIMUM__", strconv.FormatInt(p.Minimum, 10),
				"__SSR_CARD_PREVIEW__", e(preview(p.Description, t.previewChars)),
				"__SSR_CARD_IMAGE__", e(p.Image),
			).WriteString(&b, t.cardFor(p))
		}
		b.WriteString(t.listClose)
	}
	b.WriteString(t.middle)

	// [{queryKey, data: {items, total}}]: the page of products as getPage
	// makes it of the API's answer.
	var data bytes.Buffer
	data.WriteString(`[{"queryKey":`)
	data.Write(t.queryKey)
	data.WriteString(`,"data":{"items":`)
	data.Write(answerJSON)
	data.WriteString(`,"total":` + strconv.FormatInt(total, 10) + `}}]`)
	b.WriteString(`<script id="ssr-queries" type="application/json">`)
	var escaped bytes.Buffer
	json.HTMLEscape(&escaped, data.Bytes())
	b.Write(escaped.Bytes())
	b.WriteString(`</script>`)
	b.WriteString(t.tail)
	return []byte(b.String())
}

// preview is the client's truncate: the first n characters (code points)
// and "..." when there are more.
func preview(s string, n int) string {
	count := 0
	for i := range s {
		if count == n {
			return s[:i] + "..."
		}
		count++
	}
	return s
}
