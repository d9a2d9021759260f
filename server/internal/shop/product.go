package shop

import (
	"context"
	"fmt"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Product is an item of the catalogue (collection `service`). JSON names are
// the spec's, including its spelling of avaialbequantit.
type Product struct {
	ID          string    `json:"_id"`
	Name        string    `json:"name"`
	Price       Cents     `json:"price"`
	Image       string    `json:"image"`
	Description string    `json:"description"`
	Available   int64     `json:"avaialbequantit"`
	Minimum     int64     `json:"minimumquantity"`
	Email       string    `json:"email"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	// Issue 35: the SKU and category ("" when none), the specifications
	// ([] when none) and every picture (the first is Image).
	SKU      string   `json:"sku,omitempty"`
	Category string   `json:"category,omitempty"`
	Specs    []Spec   `json:"specs"`
	Images   []string `json:"images"`
	// Issue 45: the volume breaks, ascending (absent when none).
	Tiers []Tier `json:"tiers,omitempty"`
	// Issue 48 (parts.go): the documents, spare parts and accessories
	// (product ids) and OEM part numbers; [] when none.
	Documents   []Document `json:"documents"`
	Parts       []string   `json:"parts"`
	Accessories []string   `json:"accessories"`
	OEMNumbers  []string   `json:"oemNumbers"`
	// Issue 48: the weight (0: none given) and the days before it can be
	// dispatched (0: from stock).
	WeightKg     Weight `json:"weightKg"`
	LeadTimeDays int64  `json:"leadTimeDays"`
}

// Spec is one specification of a product: "Power" "60" "kVA".
type Spec struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Unit  string `json:"unit,omitempty"`
}

// Buyable reports whether the product can be bought: its available
// quantity is at least its minimum order.
func (p Product) Buyable() bool { return p.Available >= p.Minimum }

// Limits on product fields.
const (
	MaxNameLen        = 120
	MaxDescriptionLen = 2000
	MaxURLLen         = 2048
	MaxQuantity       = 1_000_000
	MaxEmailLen       = 254
	MaxSKULen         = 40
	MaxSpecs          = 30
	MaxSpecNameLen    = 60
	MaxSpecValueLen   = 120
	MaxSpecUnitLen    = 20
	MaxImages         = 8
)

// ProductDraft is the input that creates or replaces a product: from the
// admin form, the ops import or the demo catalogue.
type ProductDraft struct {
	Name        string
	Price       Cents
	Image       string
	Description string
	Available   int64
	Minimum     int64
	Email       string
	SKU         string
	Category    string
	Specs       []Spec   // nil: none
	Images      []string // every picture, the first Image; nil: just Image
	Tiers       []Tier   // volume breaks (issue 45); nil: none
	// Issue 48: spare parts and accessories (product ids) and OEM part
	// numbers; nil: none.
	Parts, Accessories, OEMNumbers []string
	// Issue 48: the weight in grams and the lead time in days (0: none).
	Weight   Weight
	LeadTime int64
}

// RawProduct is a product as a form or an import file states it, with the
// numbers still as text. Parse turns it into a draft, collecting every
// field's problem at once.
type RawProduct struct {
	Name        string     `json:"name"`
	Price       NumberText `json:"price"`
	Image       string     `json:"image"`
	Description string     `json:"description"`
	Available   NumberText `json:"avaialbequantit"`
	Minimum     NumberText `json:"minimumquantity"`
	Email       string     `json:"email"`
	// Issue 35. nil (absent or null): none on a new product, kept by an
	// edit; "" removes the SKU or the category.
	SKU      *string   `json:"sku"`
	Category *string   `json:"category"`
	Specs    *[]Spec   `json:"specs"`
	Images   *[]string `json:"images"`
	// Issue 45: nil keeps them on an edit; [] removes them.
	Tiers *[]RawTier `json:"tiers"`
	// Issue 48: nil keeps them on an edit; [] removes them.
	Parts       *[]string `json:"parts"`
	Accessories *[]string `json:"accessories"`
	OEMNumbers  *[]string `json:"oemNumbers"`
	// Issue 48: nil (absent or null) is none on a new product and keeps
	// them on an edit or an import.
	WeightKg     *NumberText `json:"weightKg"`
	LeadTimeDays *NumberText `json:"leadTimeDays"`
}

// Parse converts the raw text fields and validates the result. The returned
// error, if any, is an EINVALID *Error naming every bad field.
func (r RawProduct) Parse(requireImage bool) (ProductDraft, error) {
	d := ProductDraft{
		Name:        strings.TrimSpace(r.Name),
		Image:       strings.TrimSpace(r.Image),
		Description: strings.TrimSpace(r.Description),
		Email:       strings.TrimSpace(r.Email),
	}
	if r.SKU != nil {
		d.SKU = strings.TrimSpace(*r.SKU)
	}
	if r.Category != nil {
		d.Category = strings.TrimSpace(*r.Category)
	}
	if r.Specs != nil {
		for _, sp := range *r.Specs {
			d.Specs = append(d.Specs, Spec{Name: strings.TrimSpace(sp.Name), Value: strings.TrimSpace(sp.Value), Unit: strings.TrimSpace(sp.Unit)})
		}
	}
	if r.Images != nil {
		for _, u := range *r.Images {
			d.Images = append(d.Images, strings.TrimSpace(u))
		}
	}
	fields := map[string]string{}
	if r.Tiers != nil {
		var msg string
		if d.Tiers, msg = parseTiers(*r.Tiers); msg != "" {
			fields["tiers"] = msg
		}
	}
	for _, l := range []struct {
		field string
		in    *[]string
		to    *[]string
		parse func([]string) ([]string, string)
	}{{"parts", r.Parts, &d.Parts, parseLinks}, {"accessories", r.Accessories, &d.Accessories, parseLinks}, {"oemNumbers", r.OEMNumbers, &d.OEMNumbers, parseOEMNumbers}} {
		if l.in == nil {
			continue
		}
		var msg string
		if *l.to, msg = l.parse(*l.in); msg != "" {
			fields[l.field] = msg
		}
	}
	d = d.Normal()
	var err error
	if r.WeightKg != nil && strings.TrimSpace(string(*r.WeightKg)) != "" {
		if d.Weight, err = ParseWeight(string(*r.WeightKg)); err != nil {
			fields["weightKg"] = err.Error()
		}
	}
	if r.LeadTimeDays != nil && strings.TrimSpace(string(*r.LeadTimeDays)) != "" {
		if d.LeadTime, err = ParseQuantity(string(*r.LeadTimeDays)); err != nil {
			fields["leadTimeDays"] = err.Error()
		}
	}
	d = d.Normal()
	if strings.TrimSpace(string(r.Price)) == "" {
		fields["price"] = "is required"
	} else if d.Price, err = ParsePrice(string(r.Price)); err != nil {
		fields["price"] = err.Error()
	}
	if strings.TrimSpace(string(r.Available)) == "" {
		fields["avaialbequantit"] = "is required"
	} else if d.Available, err = ParseQuantity(string(r.Available)); err != nil {
		fields["avaialbequantit"] = err.Error()
	}
	if strings.TrimSpace(string(r.Minimum)) == "" {
		fields["minimumquantity"] = "is required"
	} else if d.Minimum, err = ParseQuantity(string(r.Minimum)); err != nil {
		fields["minimumquantity"] = err.Error()
	}
	for k, v := range d.problems(requireImage) {
		if _, seen := fields[k]; !seen {
			fields[k] = v
		}
	}
	return d, Invalid("The product is not valid.", fields)
}

// Normal is the draft with its pictures stated in full: none given (or
// none but the main one) is [Image]; empty specifications are nil.
func (d ProductDraft) Normal() ProductDraft {
	if len(d.Images) == 0 && d.Image != "" {
		d.Images = []string{d.Image}
	}
	if len(d.Specs) == 0 {
		d.Specs = nil
	}
	if len(d.Tiers) == 0 {
		d.Tiers = nil
	}
	if len(d.Parts) == 0 {
		d.Parts = nil
	}
	if len(d.Accessories) == 0 {
		d.Accessories = nil
	}
	if len(d.OEMNumbers) == 0 {
		d.OEMNumbers = nil
	}
	return d
}

// Matches reports whether p already has every value of d.
func (d ProductDraft) Matches(p Product) bool {
	d = d.Normal()
	return p.Name == d.Name && p.Price == d.Price && p.Image == d.Image && p.Description == d.Description &&
		p.Available == d.Available && p.Minimum == d.Minimum && p.Email == d.Email &&
		p.SKU == d.SKU && p.Category == d.Category && slices.Equal(p.Specs, d.Specs) && slices.Equal(p.Images, d.Images) &&
		slices.Equal(p.Tiers, d.Tiers) && slices.Equal(p.Parts, orEmpty(d.Parts)) && slices.Equal(p.Accessories, orEmpty(d.Accessories)) &&
		slices.Equal(p.OEMNumbers, orEmpty(d.OEMNumbers)) && p.WeightKg == d.Weight && p.LeadTimeDays == d.LeadTime
}

// orEmpty is list, [] for none (as a product answers it).
func orEmpty(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}

// SearchTerms are the draft's words for the search (SearchTerms).
func (d ProductDraft) SearchTerms() []string {
	t, _, _ := SearchTerms(Searchable{Name: d.Name, SKU: d.SKU, Description: d.Description, Category: d.Category, Specs: d.Specs, OEMNumbers: d.OEMNumbers})
	return t
}

// Validate checks the business rules of a product.
func (d ProductDraft) Validate(requireImage bool) error {
	return Invalid("The product is not valid.", d.problems(requireImage))
}

func (d ProductDraft) problems(requireImage bool) map[string]string {
	f := map[string]string{}
	if checkText(f, "name", d.Name, MaxNameLen, "is required", atMost(MaxNameLen)) && strings.HasPrefix(d.Name, "$") {
		f["name"] = "must not start with $"
	}
	switch {
	case d.Price <= 0:
		f["price"] = "must be greater than 0"
	case d.Price > MaxPrice:
		f["price"] = "is too large"
	}
	switch {
	case d.Available < 0:
		f["avaialbequantit"] = "must not be negative"
	case d.Available > MaxQuantity:
		f["avaialbequantit"] = "is too large"
	}
	switch {
	case d.Minimum < 1:
		f["minimumquantity"] = "must be at least 1"
	case d.Minimum > MaxQuantity:
		f["minimumquantity"] = "is too large"
	}
	checkText(f, "description", d.Description, MaxDescriptionLen, "is required", atMost(MaxDescriptionLen))
	switch {
	case d.Image == "" && requireImage:
		f["image"] = "is required"
	case d.Image != "" && !IsWebURL(d.Image):
		f["image"] = "must be an http(s) URL"
	}
	if !IsEmail(d.Email) {
		f["email"] = "must be a valid email address"
	}
	switch {
	case utf8.RuneCountInString(d.SKU) > MaxSKULen:
		f["sku"] = atMost(MaxSKULen)
	case d.SKU != "" && !skuPattern.MatchString(d.SKU):
		f["sku"] = "may hold only letters, digits and - _ . /"
	}
	if utf8.RuneCountInString(d.Category) > MaxCategoryLen {
		f["category"] = atMost(MaxCategoryLen)
	}
	if msg := specsProblem(d.Specs); msg != "" {
		f["specs"] = msg
	}
	if msg := imagesProblem(d.Image, d.Images); msg != "" {
		f["images"] = msg
	}
	if msg := tiersProblem(d.Tiers); msg != "" {
		f["tiers"] = msg
	}
	if len(d.Parts) > MaxParts {
		f["parts"] = "must name at most " + strconv.Itoa(MaxParts) + " products"
	}
	if len(d.Accessories) > MaxParts {
		f["accessories"] = "must name at most " + strconv.Itoa(MaxParts) + " products"
	}
	if len(d.OEMNumbers) > MaxOEMNumbers {
		f["oemNumbers"] = "must be at most " + strconv.Itoa(MaxOEMNumbers)
	}
	switch {
	case d.Weight < 0:
		f["weightKg"] = "must not be negative"
	case d.Weight > MaxWeight:
		f["weightKg"] = "is too large"
	}
	if d.LeadTime < 0 || d.LeadTime > MaxLeadTimeDays {
		f["leadTimeDays"] = "must be between 0 and " + strconv.Itoa(MaxLeadTimeDays)
	}
	return f
}

var skuPattern = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N}._/-]*$`)

func specsProblem(specs []Spec) string {
	if len(specs) > MaxSpecs {
		return "must be at most " + strconv.Itoa(MaxSpecs)
	}
	for i, s := range specs {
		n := "specification " + strconv.Itoa(i+1)
		switch {
		case s.Name == "":
			return n + ": the name is required"
		case utf8.RuneCountInString(s.Name) > MaxSpecNameLen:
			return n + ": the name must be at most " + strconv.Itoa(MaxSpecNameLen) + " characters"
		case s.Value == "":
			return n + ": the value is required"
		case utf8.RuneCountInString(s.Value) > MaxSpecValueLen:
			return n + ": the value must be at most " + strconv.Itoa(MaxSpecValueLen) + " characters"
		case utf8.RuneCountInString(s.Unit) > MaxSpecUnitLen:
			return n + ": the unit must be at most " + strconv.Itoa(MaxSpecUnitLen) + " characters"
		}
	}
	return ""
}

func imagesProblem(image string, images []string) string {
	if len(images) == 0 {
		return ""
	}
	if len(images) > MaxImages {
		return "must be at most " + strconv.Itoa(MaxImages) + " pictures"
	}
	if images[0] != image {
		return "must start with the product's image"
	}
	seen := map[string]bool{}
	for i, u := range images {
		if !IsWebURL(u) {
			return "picture " + strconv.Itoa(i+1) + " must be an http(s) URL"
		}
		if seen[u] {
			return "picture " + strconv.Itoa(i+1) + " repeats an earlier one"
		}
		seen[u] = true
	}
	return ""
}

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// IsEmail reports whether s is a plausible single email address.
func IsEmail(s string) bool {
	if len(s) > MaxEmailLen || !emailPattern.MatchString(s) {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s
}

// IsWebURL reports whether s is an absolute http or https URL.
func IsWebURL(s string) bool {
	if len(s) > MaxURLLen {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// Product list parameters.
const (
	DefaultListLimit = 100
	MaxListLimit     = 100
	MaxListSkip      = 1_000_000 // (issue 46: Manage Orders pages past 100,000 of 200,000 orders)
	MaxSearchLen     = 100
)

// ProductSorts are the accepted values of ProductQuery.Sort. The default is
// catalogue order (oldest first), so the home page's first products are the
// catalogue's first products.
var ProductSorts = []string{"createdAt", "-createdAt", "name", "-name", "price", "-price"}

// ProductQuery selects a page of the catalogue.
type ProductQuery struct {
	Limit int
	Skip  int
	Q     string // the query as given (trimmed)
	// Words are Q's folded words (SearchWords): each must be a prefix of
	// one of a product's search terms. None: no search.
	Words []string
	// Typos: each word of at least TypoMinLetters letters matches with one
	// typo too (the search's second try, when nothing matched).
	Typos bool
	// Sort is the order; "" with Words: ranked (SearchRank), then
	// catalogue order. Without words, "" is never left: createdAt.
	Sort string
	// Filters (issue 35): the category's name ("": any), the price range
	// in cents (nil: no bound), only products that can be bought.
	Category           string
	MinPrice, MaxPrice *Cents
	InStock            bool
}

// Ranked reports whether the page is in search rank order.
func (q ProductQuery) Ranked() bool { return len(q.Words) > 0 && q.Sort == "" }

// Admits reports whether p passes q's filters (not its words).
func (q ProductQuery) Admits(p *Product) bool {
	return (q.Category == "" || p.Category == q.Category) &&
		(q.MinPrice == nil || p.Price >= *q.MinPrice) && (q.MaxPrice == nil || p.Price <= *q.MaxPrice) &&
		(!q.InStock || p.Buyable())
}

// Filtered reports whether q selects less than the whole catalogue.
func (q ProductQuery) Filtered() bool {
	return len(q.Words) > 0 || q.Category != "" || q.MinPrice != nil || q.MaxPrice != nil || q.InStock
}

// ProductParams are GET /service's parameters as text (absent = "").
type ProductParams struct {
	Limit, Skip, Q, Sort                  string
	Category, MinPrice, MaxPrice, InStock string
}

// ParseProductQuery reads list parameters given as text (absent = "").
func ParseProductQuery(limit, skip, q, sort string) (ProductQuery, error) {
	return ParseProductParams(ProductParams{Limit: limit, Skip: skip, Q: q, Sort: sort})
}

// ParseProductParams reads GET /service's parameters.
func ParseProductParams(p ProductParams) (ProductQuery, error) {
	pq := ProductQuery{Limit: DefaultListLimit, Q: strings.TrimSpace(p.Q), Sort: p.Sort}
	f := map[string]string{}
	if p.Limit != "" {
		n, err := strconv.Atoi(p.Limit)
		switch {
		case err != nil:
			f["limit"] = "must be a whole number"
		case n < 1 || n > MaxListLimit:
			f["limit"] = "must be between 1 and " + strconv.Itoa(MaxListLimit)
		default:
			pq.Limit = n
		}
	}
	if p.Skip != "" {
		n, err := strconv.Atoi(p.Skip)
		switch {
		case err != nil:
			f["skip"] = "must be a whole number"
		case n < 0 || n > MaxListSkip:
			f["skip"] = "must be between 0 and " + strconv.Itoa(MaxListSkip)
		default:
			pq.Skip = n
		}
	}
	if utf8.RuneCountInString(pq.Q) > MaxSearchLen || !utf8.ValidString(pq.Q) {
		f["q"] = "must be at most " + strconv.Itoa(MaxSearchLen) + " characters"
	} else {
		pq.Words = QueryWords(pq.Q)
	}
	switch {
	case pq.Sort == "" && len(pq.Words) == 0:
		pq.Sort = "createdAt"
	case pq.Sort != "" && !contains(ProductSorts, pq.Sort):
		f["sort"] = "must be one of " + strings.Join(ProductSorts, ", ")
	}
	pq.Category = strings.TrimSpace(p.Category)
	if utf8.RuneCountInString(pq.Category) > MaxCategoryLen {
		f["category"] = atMost(MaxCategoryLen)
	}
	price := func(field, text string, to **Cents) {
		if text == "" {
			return
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil || v < 0 || v > MaxPrice.Float() {
			f[field] = "must be a price in dollars, 0 or more"
			return
		}
		c := CentsFromFloat(v)
		*to = &c
	}
	price("minPrice", p.MinPrice, &pq.MinPrice)
	price("maxPrice", p.MaxPrice, &pq.MaxPrice)
	switch p.InStock {
	case "", "false":
	case "true":
		pq.InStock = true
	default:
		f["inStock"] = "must be true or false"
	}
	return pq, Invalid("The list parameters are not valid.", f)
}

// QueryWords are the words a search for q looks for: its folded words, less
// repeats and words that are a prefix of another (their match is implied).
func QueryWords(q string) []string {
	words := SearchWords(q)
	var out []string
	for i, w := range words {
		implied := false
		for j, o := range words {
			if j != i && strings.HasPrefix(o, w) && (o != w || j < i) {
				implied = true
				break
			}
		}
		if !implied {
			out = append(out, w)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// ImportOptions steer ImportProducts.
type ImportOptions struct {
	DryRun bool // count what would change, write nothing
	// DefaultImage is the picture of a new product whose draft has none;
	// an existing product whose draft has none keeps its own.
	DefaultImage string
	// Progress, when set, is told after each batch how many of the writes
	// are done.
	Progress func(done, total int)
	// Refused, when set, is told of each row not imported and why: its
	// stock change would take the product's stock below zero, orders
	// having taken stock since the import read it.
	Refused func(name, reason string)
	// Moved, when set, is told of each existing product whose stock the
	// import is about to move: the stock it read and the difference it
	// applies (the file's stock less the one read), before the write. When
	// the import then fails, a batch's moves may or may not have happened.
	Moved func(name string, read, delta int64)
	// Keep, by the drafts' index, says which of issue 35's fields a row did
	// not state (a CSV without the column, a JSON row without the key or
	// with null): an existing product keeps its own, as an edit does. A
	// draft past the end keeps nothing.
	Keep []ImportKeep
	// Matched, when set, carries one import made in several calls (a file
	// read in batches): the products the calls before matched (their id →
	// the row's name). Each call adds its own, and refuses a product that
	// two rows match as one call does.
	Matched map[string]string
	// Offset is how many drafts the calls before passed: messages number
	// a draft from there.
	Offset int
	// IDs, by the drafts' index, is the id a new product gets (issue 48:
	// the import gives one to each new row that another row names as a
	// spare part or accessory, so that the names resolve before anything
	// is written and each product is written once, its lists with it); ""
	// or past the end: a fresh one. A draft that matches a product keeps
	// that product's id.
	IDs []string
	// Documents, by the drafts' index, are the PDFs a row attaches
	// (issue 48's documents column), each checked by CheckDocument: those
	// whose bytes (SHA256) the product lists already are left, the others
	// are stored and listed with the product's write.
	Documents [][]ImportDocument
}

// ImportDocument is a PDF an import attaches to a product.
type ImportDocument struct {
	Input  DocumentInput // checked
	Size   int64
	SHA256 string // hex
	// Read answers the bytes, at the write (they are not held meanwhile);
	// bytes that are not those checked (the file changed) are an error.
	Read func() ([]byte, error)
}

// ImportKeep names the fields a row leaves as the product has them.
type ImportKeep struct {
	SKU, Category, Specs, Images, Tiers, Parts, Accessories, OEMNumbers, Weight, LeadTime bool
}

// Keeps is what r leaves as the product has it: the fields it does not
// state (nil).
func (r RawProduct) Keeps() ImportKeep {
	return ImportKeep{SKU: r.SKU == nil, Category: r.Category == nil, Specs: r.Specs == nil, Images: r.Images == nil, Tiers: r.Tiers == nil,
		Parts: r.Parts == nil, Accessories: r.Accessories == nil, OEMNumbers: r.OEMNumbers == nil,
		Weight: r.WeightKg == nil, LeadTime: r.LeadTimeDays == nil}
}

// ImportCounts says what an import did, or in a dry run would do.
type ImportCounts struct {
	Inserted, Updated, Unchanged, Refused int
}

// ProductStore is the catalogue's persistence.
type ProductStore interface {
	Versions
	ListProducts(ctx context.Context, q ProductQuery) (list []Product, total int64, err error)
	// ProductStamps lists every product's stamp in catalogue order
	// (createdAt, then _id): what the sitemap is built from, without the
	// products themselves.
	ProductStamps(ctx context.Context) ([]ProductStamp, error)
	FindProduct(ctx context.Context, id string) (Product, error)
	FindProductByName(ctx context.Context, name string) (Product, error)
	// FindProductBySKU returns the product with this SKU (exactly).
	FindProductBySKU(ctx context.Context, sku string) (Product, error)
	CountProducts(ctx context.Context) (int64, error)
	// ImportProducts brings the catalogue to the drafts, by name: it inserts
	// new products, updates changed ones and leaves equal ones untouched,
	// reading what it needs once and writing in batches. The drafts have
	// distinct names and are valid. On a failure, the counts say what was
	// written before it.
	ImportProducts(ctx context.Context, drafts []ProductDraft, opt ImportOptions) (ImportCounts, error)
	// Stock moves for an order in steps (no transactions), so each step
	// leaves a hold on the product: the order's id and quantity, written in
	// the same single-document update as the stock change. A hold says "the
	// stock excludes qty for this order": once the order's fate is known,
	// KeepStock drops the hold (the order exists) or ReleaseStock gives the
	// quantity back with it (the order does not). After a crash between
	// steps, the holds left say what to do (RecoverStock at start).
	//
	// ReserveStock takes qty for a new order only if that many are
	// available (ECONFLICT otherwise), and holds it.
	ReserveStock(ctx context.Context, productID, orderID string, qty int64) error
	// HoldStock holds qty for an order about to be deleted, without
	// changing the stock (ECONFLICT when the order already has a hold).
	HoldStock(ctx context.Context, productID, orderID string, qty int64) error
	// KeepStock drops the order's hold and leaves the stock as it is.
	KeepStock(ctx context.Context, productID, orderID string) error
	// ReleaseStock gives the hold's quantity back and drops the hold; no
	// hold, nothing to do.
	ReleaseStock(ctx context.Context, productID, orderID string) error
	InsertProduct(ctx context.Context, d ProductDraft) (id string, err error)
	// ReplaceProduct saves d only if the product is still as read: the same
	// updatedAt and the same stock (an order in the same millisecond leaves
	// updatedAt equal, never the stock).
	ReplaceProduct(ctx context.Context, read Product, d ProductDraft) (UpdateResult, error)
	DeleteProduct(ctx context.Context, id string) (DeleteResult, error)
}

// CheckID refuses anything that is not a 24-hex-digit document id.
// MaxProductIDs bounds GET /service?ids= (a cart's lines: MaxCartLines).
const MaxProductIDs = MaxCartLines

// ParseProductIDs reads GET /service?ids=: comma-separated product ids, at
// most MaxProductIDs, each once (a repeat is dropped), in the order given.
func ParseProductIDs(raw string) ([]string, error) {
	var ids []string
	seen := map[string]bool{}
	for _, id := range strings.Split(raw, ",") {
		id = strings.ToLower(strings.TrimSpace(id))
		if id == "" || seen[id] {
			continue
		}
		if err := CheckID(id); err != nil {
			return nil, Invalid("The list parameters are not valid.", map[string]string{"ids": ErrorMessage(err)})
		}
		seen[id] = true
		ids = append(ids, id)
	}
	switch {
	case len(ids) == 0:
		return nil, Invalid("The list parameters are not valid.", map[string]string{"ids": FieldRequired})
	case len(ids) > MaxProductIDs:
		return nil, Invalid("The list parameters are not valid.", map[string]string{"ids": fmt.Sprintf("must name at most %d products", MaxProductIDs)})
	}
	return ids, nil
}

func CheckID(id string) error {
	if len(id) != 24 {
		return Errorf(EINVALID, "%q is not a valid id.", truncate(id, 40))
	}
	for _, r := range id {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F') {
			return Errorf(EINVALID, "%q is not a valid id.", truncate(id, 40))
		}
	}
	return nil
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// ProductStamp is what the sitemap reads of a product: its URL's id, its
// category page, and when it last changed.
type ProductStamp struct {
	ID, Category         string
	CreatedAt, UpdatedAt time.Time
}
