package mongodb

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.CategoryStore = (*Store)(nil)

// CollCategories are the catalogue's categories (issue 35).
const CollCategories = "categories"

var byName = bson.D{{Key: "name", Value: 1}}

// ListCategories returns every category by name, each with how many
// products use it.
func (s *Store) ListCategories(ctx context.Context) ([]shop.Category, error) {
	docs, err := s.categories.find(ctx, "name", func(*mirror.Category) bool { return true }, bson.D{}, byName)
	if err != nil {
		return nil, err
	}
	out := make([]shop.Category, len(docs))
	for i, d := range docs {
		n, err := s.productsIn(ctx, d.Name)
		if err != nil {
			return nil, err
		}
		out[i] = d.Shop(n)
	}
	return out, nil
}

// productsIn counts the products of a category: the mirror's category
// list, or with MongoDB by the category_order index.
func (s *Store) productsIn(ctx context.Context, name string) (int64, error) {
	if m := s.products.mem; m != nil {
		if err := m.Await(ctx); err != nil {
			return 0, err
		}
		return int64(m.Mem.GroupLen("category", name)), nil
	}
	return s.products.countOf(ctx, bson.D{{Key: "category", Value: name}})
}

// FindCategoryByName returns the category of this exact name.
func (s *Store) FindCategoryByName(ctx context.Context, name string) (shop.Category, error) {
	d, err := s.categories.getBy(ctx, "name", name, bson.D{{Key: "name", Value: name}})
	if err != nil {
		return shop.Category{}, err
	}
	n, err := s.productsIn(ctx, d.Name)
	return d.Shop(n), err
}

// InsertCategory adds a category (ECONFLICT when the unique name index
// refuses it).
func (s *Store) InsertCategory(ctx context.Context, name string) (shop.Category, error) {
	doc := mirror.Category{ID: newID(), Name: name}
	if err := s.categories.insert(ctx, doc); err != nil {
		return shop.Category{}, categoryTaken(translate(err, ""))
	}
	return doc.Shop(0), nil
}

func categoryTaken(err error) error {
	if isDuplicate(err) || shop.ErrorCode(err) == shop.ECONFLICT && shop.ErrorMessage(err) == "It already exists." {
		return &shop.Error{Code: shop.ECONFLICT, Message: shop.MsgCategoryTaken, Cause: err}
	}
	return err
}

// RenameCategory renames a category, guarded by the name it had (the unique
// name index refuses a taken one), then rewrites the products that use it
// in one bulk write: with MongoDB one updateMany by category; embedded, one
// bulkWrite of their updates by _id (the mirror's category list names
// them). Their updatedAt moves, so an edit read before is refused rather
// than writing the old name back.
func (s *Store) RenameCategory(ctx context.Context, id, name, from string) (shop.Category, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Category{}, err
	}
	cur, err := s.categories.get(ctx, oid)
	if err != nil {
		return shop.Category{}, err
	}
	// The guard below is on the name read here: with from, that read must be
	// the name the admin's form started from.
	if from != "" && cur.Name != from {
		return shop.Category{}, shop.Errorf(shop.ECONFLICT, shop.MsgCategoryRenamedMeanwhile)
	}
	if cur.Name == name {
		n, err := s.productsIn(ctx, name)
		return cur.Shop(n), err
	}
	// The former name stays on the category until the recovery sweep
	// (RecoverRenames), which moves what a crash between the two writes,
	// or a product saved under it meanwhile, left behind.
	_, err = s.categories.update(ctx, oid, guard[mirror.Category]{
		filter: bson.D{{Key: "name", Value: cur.Name}},
		check:  mirror.Named(cur.Name),
	}, bson.D{
		{Key: "$set", Value: bson.D{{Key: "name", Value: name}, {Key: "renamedAt", Value: s.now()}}},
		{Key: "$addToSet", Value: bson.D{{Key: "formerNames", Value: cur.Name}}},
	})
	if err != nil {
		return shop.Category{}, categoryTaken(err)
	}
	for _, from := range append(cur.FormerNames, cur.Name) {
		if from == name { // (renamed back)
			continue
		}
		if err := s.moveProducts(ctx, from, name); err != nil {
			return shop.Category{}, err
		}
	}
	n, err := s.productsIn(ctx, name)
	return mirror.Category{ID: oid, Name: name}.Shop(n), err
}

// moveProducts rewrites the category of the products of from to to.
func (s *Store) moveProducts(ctx context.Context, from, to string) error {
	at := s.now()
	if s.products.mem == nil {
		err := s.products.mutate(ctx, nil, func(ctx context.Context, w *mirror.Writing) error {
			_, err := s.products.c.UpdateMany(ctx, bson.D{{Key: "category", Value: from}},
				bson.D{{Key: "$set", Value: bson.D{{Key: "category", Value: to}, {Key: "updatedAt", Value: at}}}})
			return w.Stored(translate(err, ""))
		})
		if err != nil {
			return err
		}
		// The category's words are search terms (issue 48): the moved
		// products' stored terms follow.
		var ids []mirror.ID
		if err := s.products.each(ctx, nil, bson.D{{Key: "category", Value: to}}, bson.D{{Key: "_id", Value: 1}}, func(d *mirror.Product) { ids = append(ids, d.ID) }); err != nil {
			return err
		}
		return s.storeSearchTerms(ctx, ids)
	}
	m := s.products.mem
	if err := m.Await(ctx); err != nil {
		return err
	}
	docs, _ := m.Mem.Page("category", &from, false, 0, 1<<31-1, nil)
	if len(docs) == 0 {
		return nil
	}
	ids := make([]mirror.ID, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	return s.products.mutate(ctx, ids, func(ctx context.Context, w *mirror.Writing) error {
		var models []mongo.WriteModel
		var next []mirror.Product
		for _, id := range ids {
			p, ok := m.Mem.Get(id)
			if !ok || p.Category != from {
				continue
			}
			p.Category, p.UpdatedAt = to, mirror.NextUpdate(at, p.UpdatedAt)
			models = append(models, mongo.NewUpdateOneModel().SetFilter(bson.D{{Key: "_id", Value: id}}).
				SetUpdate(bson.D{{Key: "$set", Value: bson.D{{Key: "category", Value: to}, {Key: "updatedAt", Value: p.UpdatedAt}}}}))
			next = append(next, p)
		}
		if len(models) == 0 {
			return nil
		}
		// In commands of at most updateCommandMax updates: the embedded
		// engine hung on one of 100 or more (TestRenameCategory_ManyProducts).
		matched := 0
		for start := 0; start < len(models); start += updateCommandMax {
			res, err := s.products.c.BulkWrite(ctx, models[start:min(start+updateCommandMax, len(models))])
			if w.Stored(err) != nil {
				return w.Err()
			}
			matched += int(res.MatchedCount)
		}
		if matched != len(models) {
			return fmt.Errorf("a category's rename matched %d of its %d products", matched, len(models))
		}
		for _, p := range next {
			m.Mem.Put(p)
		}
		return nil
	})
}

// DeleteCategory removes a category that no product uses; ECONFLICT saying
// how many do otherwise, nothing changed.
func (s *Store) DeleteCategory(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	cur, err := s.categories.get(ctx, oid)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	n, err := s.productsIn(ctx, cur.Name)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if err := mirror.Unused(n); err != nil {
		return shop.DeleteResult{}, err
	}
	gone, err := s.categories.remove(ctx, oid, guard[mirror.Category]{
		filter: bson.D{{Key: "name", Value: cur.Name}},
		check:  mirror.Named(cur.Name),
	})
	if err != nil {
		return shop.DeleteResult{}, err
	}
	// A product saved into it between the count and the delete keeps it:
	// it comes back as it was, and the delete is refused after all (the
	// product's own save settles the other order, SettleCategory).
	if n, err = s.productsIn(ctx, cur.Name); err != nil || n > 0 {
		if err := s.restoreCategory(ctx, gone); err != nil {
			return shop.DeleteResult{}, err
		}
		if err != nil {
			return shop.DeleteResult{}, err
		}
		return shop.DeleteResult{}, mirror.Unused(n)
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}
