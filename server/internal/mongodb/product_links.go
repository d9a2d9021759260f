package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// SetProductLinks sets a product's spare parts and accessories (ids; none:
// removed), only if the product is still as it was read (its updatedAt
// and its stock), as ReplaceProduct does: the import's link pass (issue
// 48), after every row's product is written, so that a row may name a
// part further down the file.
func (s *Store) SetProductLinks(ctx context.Context, read shop.Product, parts, accessories []string) (shop.UpdateResult, error) {
	oid, err := objectID(read.ID)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	at := s.now()
	update := func(at any) bson.D {
		set, unset := bson.D{{Key: "updatedAt", Value: at}}, bson.D{}
		for _, l := range []struct {
			key string
			ids []string
		}{{"parts", parts}, {"accessories", accessories}} {
			if len(l.ids) > 0 {
				set = append(set, bson.E{Key: l.key, Value: mirror.IDs(l.ids)})
			} else {
				unset = append(unset, bson.E{Key: l.key, Value: ""})
			}
		}
		u := bson.D{{Key: "$set", Value: set}}
		if len(unset) > 0 {
			u = append(u, bson.E{Key: "$unset", Value: unset})
		}
		return u
	}
	return s.products.update(ctx, oid, guard[mirror.Product]{
		filter: bson.D{{Key: "updatedAt", Value: read.UpdatedAt}, {Key: "avaialbequantit", Value: read.Available}},
		check:  mirror.Unchanged(read),
		apply: func(p mirror.Product) (bson.D, mirror.Product) {
			p.Parts, p.Accessories, p.UpdatedAt = mirror.IDs(parts), mirror.IDs(accessories), at
			return update(p.UpdatedAt), p
		},
	}, update(at))
}
