package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// renamedBefore is RecoverRenames' filter (MongoDB; the sparse index
// category_renamed serves it).
func renamedBefore(cutoff time.Time) bson.D {
	return bson.D{{Key: "renamedAt", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// formerlyNamed is SettleCategory's filter (the sparse multikey index
// category_former_names serves it).
func formerlyNamed(name string) bson.D {
	return bson.D{{Key: "formerNames", Value: name}}
}

// RecoverRenames finishes the category renames made before cutoff: the
// products still under a former name (a crash between a rename's two
// writes, or a product saved under it while the rename ran) are moved to
// the category's name, then the former names are dropped, unless a rename
// came since (it is left for a later sweep). It reports the renames
// settled and the former names they had.
func (s *Store) RecoverRenames(ctx context.Context, cutoff time.Time) (renames, formerNames int, err error) {
	stale, err := s.categories.find(ctx, "name", mirror.RenamedBefore(cutoff), renamedBefore(cutoff), nil)
	if err != nil {
		return 0, 0, err
	}
	for _, c := range stale {
		for _, from := range c.FormerNames {
			if from == c.Name { // (renamed back)
				continue
			}
			if err := s.moveProducts(ctx, from, c.Name); err != nil {
				return renames, formerNames, err
			}
		}
		_, err := s.categories.update(ctx, c.ID, guard[mirror.Category]{
			filter: bson.D{{Key: "renamedAt", Value: *c.RenamedAt}},
			check:  mirror.RenamedAtIs(*c.RenamedAt),
		}, bson.D{{Key: "$unset", Value: bson.D{{Key: "formerNames", Value: ""}, {Key: "renamedAt", Value: ""}}}})
		switch shop.ErrorCode(err) {
		case "":
			renames, formerNames = renames+1, formerNames+len(c.FormerNames)
		case shop.ENOTFOUND, shop.ECONFLICT: // deleted or renamed again since: the next sweep
		default:
			return renames, formerNames, err
		}
	}
	return renames, formerNames, nil
}

// SettleCategory is what a product's save does after storing it under
// category name, which the save checked before: if a rename took that name
// meanwhile, the product goes to the new name; if a delete took it, the
// category comes back (the delete is refused when it sees the product, and
// one that missed it is undone here). Nothing happens when it exists.
func (s *Store) SettleCategory(ctx context.Context, name string) error {
	if name == "" {
		return nil
	}
	if _, err := s.categories.getBy(ctx, "name", name, bson.D{{Key: "name", Value: name}}); shop.ErrorCode(err) != shop.ENOTFOUND {
		return err
	}
	renamed, err := s.categories.find(ctx, "name", mirror.FormerlyNamed(name), formerlyNamed(name), nil)
	if err != nil {
		return err
	}
	if len(renamed) > 0 {
		return s.moveProducts(ctx, name, renamed[0].Name)
	}
	if n, err := s.productsIn(ctx, name); err != nil || n == 0 {
		return err // moved or deleted since: nothing uses it
	}
	_, err = s.InsertCategory(ctx, name)
	if shop.ErrorCode(err) == shop.ECONFLICT { // (another save brought it back first)
		return nil
	}
	return err
}

// restoreCategory stores again a category that a delete removed.
func (s *Store) restoreCategory(ctx context.Context, c mirror.Category) error {
	c.FormerNames, c.RenamedAt = nil, nil
	err := s.categories.insert(ctx, c)
	if isDuplicate(translate(err, "")) || shop.ErrorCode(err) == shop.ECONFLICT {
		return nil // restored already (the product's save did it)
	}
	return translate(err, "")
}
