package shop

import (
	"context"
	"net/mail"
	"net/url"
	"regexp"
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
}

// Limits on product fields.
const (
	MaxNameLen        = 120
	MaxDescriptionLen = 2000
	MaxURLLen         = 2048
	MaxQuantity       = 1_000_000
	MaxEmailLen       = 254
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
	fields := map[string]string{}
	var err error
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

// Matches reports whether p already has every value of d.
func (d ProductDraft) Matches(p Product) bool {
	return p.Name == d.Name && p.Price == d.Price && p.Image == d.Image && p.Description == d.Description &&
		p.Available == d.Available && p.Minimum == d.Minimum && p.Email == d.Email
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
	return f
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
	MaxListSkip      = 100_000
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
	Q     string // case-insensitive substring of the name
	Sort  string
}

// ParseProductQuery reads list parameters given as text (absent = "").
func ParseProductQuery(limit, skip, q, sort string) (ProductQuery, error) {
	pq := ProductQuery{Limit: DefaultListLimit, Q: strings.TrimSpace(q), Sort: sort}
	f := map[string]string{}
	if limit != "" {
		n, err := strconv.Atoi(limit)
		switch {
		case err != nil:
			f["limit"] = "must be a whole number"
		case n < 1 || n > MaxListLimit:
			f["limit"] = "must be between 1 and " + strconv.Itoa(MaxListLimit)
		default:
			pq.Limit = n
		}
	}
	if skip != "" {
		n, err := strconv.Atoi(skip)
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
	}
	if pq.Sort == "" {
		pq.Sort = "createdAt"
	} else if !contains(ProductSorts, pq.Sort) {
		f["sort"] = "must be one of " + strings.Join(ProductSorts, ", ")
	}
	return pq, Invalid("The list parameters are not valid.", f)
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
}

// ImportCounts says what an import did, or in a dry run would do.
type ImportCounts struct {
	Inserted, Updated, Unchanged, Refused int
}

// ProductStore is the catalogue's persistence.
type ProductStore interface {
	Versions
	ListProducts(ctx context.Context, q ProductQuery) (list []Product, total int64, err error)
	FindProduct(ctx context.Context, id string) (Product, error)
	FindProductByName(ctx context.Context, name string) (Product, error)
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
