package shop

import (
	"context"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Category is one of the catalogue's categories, with how many products
// are in it (issue 35). Products name their category by its name.
type Category struct {
	ID    string `json:"_id"`
	Name  string `json:"name"`
	Count int64  `json:"count"`
}

// MaxCategoryLen bounds a category's name.
const MaxCategoryLen = 60

// CategoryName trims and checks a category's name (EINVALID naming the
// field "name").
func CategoryName(name string) (string, error) {
	n := strings.TrimSpace(name)
	f := map[string]string{}
	if checkText(f, "name", n, MaxCategoryLen, "is required", atMost(MaxCategoryLen)) && strings.HasPrefix(n, "$") {
		f["name"] = "must not start with $"
	}
	return n, Invalid("The category is not valid.", f)
}

// Messages of the category rules.
const (
	MsgCategoryTaken   = "A category with this name already exists."
	MsgCategoryUnknown = "is not one of the categories"
	MsgSKUTaken        = "A product with this SKU already exists."
)

// CategoryInUse is the refusal to delete a category that products use.
func CategoryInUse(n int64) error {
	if n == 1 {
		return Errorf(ECONFLICT, "1 product uses this category. Move it to another category first.")
	}
	return Errorf(ECONFLICT, "%s products use this category. Move them to another category first.", strconv.FormatInt(n, 10))
}

// CategoryStore keeps the categories.
type CategoryStore interface {
	// ListCategories returns every category by name, each with its count.
	ListCategories(ctx context.Context) ([]Category, error)
	// FindCategoryByName returns the category of this exact name.
	FindCategoryByName(ctx context.Context, name string) (Category, error)
	// InsertCategory adds one (ECONFLICT when the name is taken).
	InsertCategory(ctx context.Context, name string) (Category, error)
	// RenameCategory renames it (ECONFLICT when the name is taken, or when
	// from is not "" and the category is not named from) and rewrites the
	// products that use it in one bulk write.
	RenameCategory(ctx context.Context, id, name, from string) (Category, error)
	// DeleteCategory removes it if no product uses it (ECONFLICT saying how
	// many do).
	DeleteCategory(ctx context.Context, id string) (DeleteResult, error)
	// SettleCategory runs after a product's save under category name (which
	// the save checked before): a rename that took the name meanwhile gets
	// the product; a delete that took it is undone.
	SettleCategory(ctx context.Context, name string) error
}

// letters that carry no combining mark to drop but are read as plain ones
var plainLetters = strings.NewReplacer("œ", "oe", "æ", "ae", "ß", "ss", "ø", "o", "đ", "d", "ł", "l", "ı", "i")

// Fold is the search's normal form of text, the same for both stores:
// lower case, accents removed (decomposed, combining marks dropped), and
// œ æ ß ø đ ł ı written as oe ae ss o d l i.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return plainLetters.Replace(norm.NFC.String(b.String()))
}

// SearchWords are the folded words of s: runs of letters and digits.
func SearchWords(s string) []string {
	return strings.FieldsFunc(Fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

// maxTermLen bounds a stored term (a longer word is cut: its prefixes
// still match).
const maxTermLen = 64

// SearchTerms are the words a product is found by (stored as
// `searchTerms`): the folded words of its name, then its SKU, then its
// description and its specification values, each once, in that order.
// nameN and skuN say how many of the first terms come from the name and
// then the SKU (for the ranking: SearchRank).
func SearchTerms(name, sku, description string, specs []Spec) (terms []string, nameN, skuN int) {
	seen := map[string]bool{}
	add := func(text string) int {
		n := 0
		for _, w := range SearchWords(text) {
			if len(w) > maxTermLen {
				w = w[:maxTermLen]
				for !utf8.ValidString(w) {
					w = w[:len(w)-1]
				}
			}
			if !seen[w] {
				seen[w] = true
				terms = append(terms, w)
				n++
			}
		}
		return n
	}
	nameN = add(name)
	skuN = add(sku)
	add(description)
	for _, s := range specs {
		add(s.Value)
	}
	if terms == nil {
		terms = []string{}
	}
	return terms, nameN, skuN
}

// Search ranks: a match in the name first, then in the SKU, then the rest.
const (
	RankName = iota
	RankSKU
	RankOther
)

// SearchRank is where words (SearchWords of a query) match a product whose
// terms are terms (SearchTerms), nameN and skuN of them from its name and
// SKU: RankName when each word is a prefix of a name term, RankSKU when each
// is of a name or SKU term, RankOther otherwise.
func SearchRank(words, terms []string, nameN, skuN int) int {
	switch {
	case allPrefixed(words, terms[:nameN]):
		return RankName
	case allPrefixed(words, terms[:nameN+skuN]):
		return RankSKU
	}
	return RankOther
}

// MatchesWords reports whether each word is a prefix of one of terms.
func MatchesWords(words, terms []string) bool { return allPrefixed(words, terms) }

func allPrefixed(words, terms []string) bool {
	for _, w := range words {
		found := false
		for _, t := range terms {
			if strings.HasPrefix(t, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// CategoryInput is POST /categories' body.
type CategoryInput struct {
	Name string `json:"name"`
}

// CategoryRename is PATCH /categories/{id}'s body. From, when given, is the
// name the admin's form started from: a category renamed since is not renamed
// again over it (ECONFLICT, MsgCategoryRenamedMeanwhile).
type CategoryRename struct {
	Name string `json:"name"`
	From string `json:"from"`
}

// MsgCategoryRenamedMeanwhile refuses a rename based on a name the category no longer has.
const MsgCategoryRenamedMeanwhile = "The category was renamed by someone else meanwhile."
