package mirror

import (
	"strings"

	"storefront/server/internal/shop"
)

// Category is a category of the catalogue (collection `categories`);
// products name it by its name.
type Category struct {
	ID   ID     `bson:"_id"`
	Name string `bson:"name"`
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
