package shop

import (
	"context"
	"strconv"
	"strings"
	"unicode"

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
