package mirror

import (
	"slices"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Category is a category of the catalogue (collection `categories`);
// products name it by its name.
type Category struct {
	ID   ID     `bson:"_id"`
	Name string `bson:"name"`
	// FormerNames and RenamedAt are kept by a rename for the recovery
	// sweep: a crash between the rename's two writes, or a product saved
	// under a former name while it ran, is moved to Name.
	FormerNames []string   `bson:"formerNames,omitempty"`
	RenamedAt   *time.Time `bson:"renamedAt,omitempty"`
}

// RenamedBefore matches the categories renamed before cutoff whose sweep
// has not run (MongoDB: {renamedAt: {$lt: cutoff}}).
func RenamedBefore(cutoff time.Time) func(*Category) bool {
	return func(c *Category) bool { return c.RenamedAt != nil && c.RenamedAt.Before(cutoff) }
}

// FormerlyNamed matches the category that had this name before a rename
// not yet swept (MongoDB: {formerNames: name}).
func FormerlyNamed(name string) func(*Category) bool {
	return func(c *Category) bool { return slices.Contains(c.FormerNames, name) }
}

// RenamedAtIs is the rename sweep's last step's precondition: no rename
// came after the one it settled (MongoDB: {renamedAt: at}).
func RenamedAtIs(at time.Time) func(Category) error {
	return func(c Category) error {
		if c.RenamedAt == nil || !c.RenamedAt.Equal(at) {
			return shop.Errorf(shop.ECONFLICT, "The category was renamed again.")
		}
		return nil
	}
}

// Shop is the category as the domain has it, with its count.
func (d Category) Shop(count int64) shop.Category {
	return shop.Category{ID: d.ID.Hex(), Name: d.Name, Count: count}
}

// Categories keeps the categories by id and by name.
func Categories(name string) *Mirror[ID, Category] {
	return &Mirror[ID, Category]{
		Name: name, IDOf: func(d *Category) ID { return d.ID }, CmpID: CompareIDs,
		Keys: []*KeyIndex[ID, Category]{
			{Name: "name", Key: func(d *Category) (string, bool) { return d.Name, true }},
		},
		Orders: []*OrderIndex[ID, Category]{
			{Name: "name", Cmp: func(a, b *Category) int { return strings.Compare(a.Name, b.Name) }},
		},
	}
}

// Unused is DeleteCategory's precondition: no product uses the category
// (count, read from the products: the category index's group, or with
// MongoDB counted by the category_order index).
func Unused(count int64) error {
	if count > 0 {
		return shop.CategoryInUse(count)
	}
	return nil
}

// Named is RenameCategory's precondition: the category still has the name
// read (MongoDB: {name: read}), so that the products rewritten are its own.
func Named(read string) func(Category) error {
	return func(c Category) error {
		if c.Name != read {
			return shop.Errorf(shop.ECONFLICT, "The category was renamed at the same time. Reload and try again.")
		}
		return nil
	}
}
