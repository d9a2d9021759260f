package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"html"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"storefront/server/internal/shop"
)

// The product page's template (the client build's product.html): React
// renders the page from a
// placeholder product whose fields are these tokens, each in text or in a
// double-quoted attribute, and leaves two markers, where the head tags and
// the product's JSON go.
const (
	headMarker = "<!--ssr-head-->"
	dataMarker = "<!--ssr-data-->"
)

var productTokens = []string{"__SSR_ID__", "__SSR_NAME__", "__SSR_PRICE__", "__SSR_STOCK__", "__SSR_MINIMUM__", "__SSR_DESCRIPTION__", "__SSR_IMAGE__"}

// productTemplate is product.html, read once at start.
type productTemplate struct {
	text      string
	soldOut   string // text for a product out of stock (stockVariants); text is for one in stock
	storeName string // from <meta name="application-name">, so the name is written once (in the client)
	// storeAddress is the shop's address (<meta name="store-address">, issue
	// 49): the invoices' seller when SELLER_* is not set.
	storeAddress string
}

var (
	metaTag  = regexp.MustCompile(`(?is)<meta\s[^>]*>`)
	appName  = regexp.MustCompile(`(?is)\sname\s*=\s*"application-name"`)
	addrName = regexp.MustCompile(`(?is)\sname\s*=\s*"store-address"`)
	contentA = regexp.MustCompile(`(?is)\scontent\s*=\s*"([^"]*)"`)
)

func parseProductTemplate(text string) (*productTemplate, error) {
	for _, m := range []string{headMarker, dataMarker} {
		if !strings.Contains(text, m) {
			return nil, errors.New("the product page template has no " + m + " marker")
		}
	}
	t := &productTemplate{}
	var err error
	if t.text, t.soldOut, err = stockVariants(text); err != nil {
		return nil, err
	}
	for _, tag := range metaTag.FindAllString(text, -1) {
		if appName.MatchString(tag) {
			if m := contentA.FindStringSubmatch(tag); m != nil {
				t.storeName = strings.TrimSpace(html.UnescapeString(m[1]))
			}
		}
		if addrName.MatchString(tag) {
			if m := contentA.FindStringSubmatch(tag); m != nil {
				t.storeAddress = strings.TrimSpace(html.UnescapeString(m[1]))
			}
		}
	}
	if t.storeName == "" {
		return nil, errors.New(`the product page template has no <meta name="application-name" content="…"> with the store's name`)
	}
	return t, nil
}

// productLD is the page's JSON-LD Product (schema.org), fields in a fixed
// order.
type productLD struct {
	Context     string   `json:"@context"`
	Type        string   `json:"@type"`
	Name        string   `json:"name"`
	Image       []string `json:"image"` // every picture, the main one first
	Description string   `json:"description"`
	SKU         string   `json:"sku"`
	Category    string   `json:"category,omitempty"`
	// the specifications (issue 35)
	AdditionalProperty []propertyLD `json:"additionalProperty,omitempty"`
	Offers             offerLD      `json:"offers"`
	// its visible reviews, once there is one (issue 48)
	AggregateRating *ratingLD  `json:"aggregateRating,omitempty"`
	Review          []reviewLD `json:"review,omitempty"`
}

// ratingLD is a schema.org AggregateRating (ReviewCount set) or Rating.
type ratingLD struct {
	Type        string  `json:"@type"`
	RatingValue float64 `json:"ratingValue"`
	BestRating  int     `json:"bestRating"`
	WorstRating int     `json:"worstRating"`
	ReviewCount int64   `json:"reviewCount,omitempty"`
}

// reviewLD is a schema.org Review.
type reviewLD struct {
	Type          string   `json:"@type"`
	Author        personLD `json:"author"`
	DatePublished string   `json:"datePublished"`
	ReviewBody    string   `json:"reviewBody"`
	ReviewRating  ratingLD `json:"reviewRating"`
}

type personLD struct {
	Type string `json:"@type"`
	Name string `json:"name"`
}

// maxReviewsLD bounds the reviews the JSON-LD carries (the newest).
const maxReviewsLD = 5

// reviewsLD are the JSON-LD's rating and reviews of r (none without a
// visible review).
func reviewsLD(r shop.ProductReviews) (*ratingLD, []reviewLD) {
	if r.Count == 0 || len(r.Reviews) == 0 {
		return nil, nil
	}
	agg := &ratingLD{Type: "AggregateRating", RatingValue: r.Average, BestRating: 5, WorstRating: 1, ReviewCount: r.Count}
	var list []reviewLD
	for _, rv := range r.Reviews[:min(len(r.Reviews), maxReviewsLD)] {
		list = append(list, reviewLD{Type: "Review", Author: personLD{Type: "Person", Name: rv.Name}, DatePublished: rv.CreatedAt.UTC().Format("2006-01-02"),
			ReviewBody: rv.Review, ReviewRating: ratingLD{Type: "Rating", RatingValue: float64(rv.Rating), BestRating: 5, WorstRating: 1}})
	}
	return agg, list
}

// propertyLD is a specification as a schema.org PropertyValue.
type propertyLD struct {
	Type     string `json:"@type"`
	Name     string `json:"name"`
	Value    string `json:"value"`
	UnitText string `json:"unitText,omitempty"`
}

type offerLD struct {
	Type          string     `json:"@type"`
	Price         shop.Cents `json:"price"`
	PriceCurrency string     `json:"priceCurrency"`
	Availability  string     `json:"availability"`
	URL           string     `json:"url"`
}

// render writes the page of product p, whose API answer (GET /service/{id})
// is answerJSON. Every field is HTML-escaped where it goes into text or an
// attribute, and the JSON in script elements has <, >, & and U+2028/2029 as
// \u escapes, so no field can end an element or a script.
func (t *productTemplate) render(p shop.Product, answerJSON []byte, reviews shop.ProductReviews, siteURL string) ([]byte, error) {
	canonical := siteURL + "/product/" + url.PathEscape(p.ID)
	image := absoluteURL(siteURL, p.Image)
	description := metaDescription(p.Description)
	availability := "https://schema.org/OutOfStock"
	if p.Available > 0 && p.Available >= p.Minimum { // a buyer can order the minimum quantity
		availability = "https://schema.org/InStock"
	}
	images := []string{image}
	for _, u := range p.Images {
		if u != p.Image {
			images = append(images, absoluteURL(siteURL, u))
		}
	}
	sku := p.SKU
	if sku == "" {
		sku = p.ID // a product without a SKU is known by its id
	}
	var props []propertyLD
	for _, sp := range p.Specs {
		props = append(props, propertyLD{Type: "PropertyValue", Name: sp.Name, Value: sp.Value, UnitText: sp.Unit})
	}
	rating, reviewList := reviewsLD(reviews)
	ld, err := json.Marshal(productLD{
		Context: "https://schema.org", Type: "Product", Name: p.Name, Image: images, Description: p.Description, SKU: sku,
		Category: p.Category, AdditionalProperty: props,
		Offers:          offerLD{Type: "Offer", Price: p.Price, PriceCurrency: "USD", Availability: availability, URL: canonical},
		AggregateRating: rating, Review: reviewList,
	})
	if err != nil {
		return nil, err
	}
	e := html.EscapeString
	var head strings.Builder
	head.WriteString("<title>" + e(p.Name+" | "+t.storeName) + "</title>")
	head.WriteString(`<meta name="description" content="` + e(description) + `">`)
	head.WriteString(`<link rel="canonical" href="` + e(canonical) + `">`)
	for _, og := range [][2]string{{"og:type", "product"}, {"og:title", p.Name}, {"og:description", description},
		{"og:image", image}, {"og:url", canonical}, {"og:site_name", t.storeName}} {
		head.WriteString(`<meta property="` + og[0] + `" content="` + e(og[1]) + `">`)
	}
	head.WriteString(`<script type="application/ld+json">` + string(ld) + `</script>`)

	var data bytes.Buffer
	data.WriteString(`<script id="ssr-product" type="application/json">`)
	json.HTMLEscape(&data, answerJSON)
	data.WriteString(`</script>`)

	r := strings.NewReplacer(
		headMarker, head.String(),
		dataMarker, data.String(),
		"__SSR_ID__", e(p.ID),
		"__SSR_NAME__", e(p.Name),
		"__SSR_PRICE__", e(formatPrice(p.Price)),
		"__SSR_STOCK__", strconv.FormatInt(p.Available, 10),
		"__SSR_MINIMUM__", strconv.FormatInt(p.Minimum, 10),
		"__SSR_DESCRIPTION__", e(p.Description),
		"__SSR_IMAGE__", e(p.Image),
	)
	// One pass over the template: a value that contains a token or a
	// marker is never replaced again.
	if !canBuy(p) {
		return []byte(r.Replace(t.soldOut)), nil
	}
	return []byte(r.Replace(t.text)), nil
}

// formatPrice is the client's formatPrice: US dollars with en-US grouping,
// cents only when there are any ($1,299, $12.50).
func formatPrice(c shop.Cents) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	whole := strconv.FormatInt(int64(c)/100, 10)
	var b strings.Builder
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	out := sign + "$" + b.String()
	if frac := int64(c) % 100; frac != 0 {
		out += "." + strconv.FormatInt(frac/10, 10) + strconv.FormatInt(frac%10, 10)
	}
	return out
}

// metaDescriptionRunes is about what search engines show of a description.
const metaDescriptionRunes = 160

// metaDescription is the description on one line, cut at a word to at most
// metaDescriptionRunes characters (an ellipsis marks the cut).
func metaDescription(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= metaDescriptionRunes {
		return s
	}
	cut, n := 0, 0
	for i := range s { // i is on a rune boundary
		if n == metaDescriptionRunes-1 {
			cut = i
			break
		}
		n++
	}
	s = s[:cut]
	if sp := strings.LastIndexByte(s, ' '); sp > len(s)/2 {
		s = s[:sp]
	}
	return strings.TrimRight(s, " ,.;:-") + "…"
}

// absoluteURL resolves ref (an image URL as the API has it: absolute, or a
// path) against base.
func absoluteURL(base, ref string) string {
	b, err := url.Parse(base + "/")
	if err != nil {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}

// withDocuments lists the product's documents (issue 48) on its page for
// readers without scripts (crawlers, text browsers): a <noscript> after
// the app's root, so the client's hydration never meets it (the app lists
// them itself, in its lazily loaded section).
func withDocuments(page []byte, docs []shop.Document, apiURL string) []byte {
	if len(docs) == 0 {
		return page
	}
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		return page
	}
	e := html.EscapeString
	var b strings.Builder
	b.WriteString(`<noscript><section aria-label="Documents"><h2>Documents</h2><ul>`)
	for _, d := range docs {
		b.WriteString(`<li><a href="` + e(apiURL+"/documents/"+url.PathEscape(d.ID)) + `">` + e(d.Name) + `</a> (` + e(documentKinds[d.Kind]) + `, PDF, ` + e(byteSize(d.Size)) + `)</li>`)
	}
	b.WriteString(`</ul></section></noscript>`)
	out := make([]byte, 0, len(page)+b.Len())
	out = append(out, page[:i]...)
	out = append(out, b.String()...)
	return append(out, page[i:]...)
}

// documentKinds are the kinds as the client's product page names them
// (machinery-messages.ts).
var documentKinds = map[string]string{"manual": "Manual", "datasheet": "Datasheet", "certificate": "Certificate", "warranty": "Warranty", "other": "Document"}

// byteSize is the client's formatBytes: "820 KB", "2.4 MB".
func byteSize(n int64) string {
	switch {
	case n < 1000:
		return strconv.FormatInt(n, 10) + " B"
	case n < 1_000_000:
		return strconv.FormatInt((n+500)/1000, 10) + " KB"
	}
	return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
}
