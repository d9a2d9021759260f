package mongodb

import (
	"context"
	"regexp"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.ProductStore = (*Store)(nil)

// draftFields are the stored fields a draft sets.
func draftFields(d shop.ProductDraft) bson.D {
	return bson.D{
		{Key: "name", Value: d.Name}, {Key: "price", Value: d.Price.Float()}, {Key: "image", Value: d.Image},
		{Key: "description", Value: d.Description}, {Key: "avaialbequantit", Value: d.Available},
		{Key: "minimumquantity", Value: d.Minimum}, {Key: "email", Value: d.Email},
	}
}

func newProductDoc(d shop.ProductDraft, at time.Time) mirror.Product {
	return mirror.Product{ID: newID(), Name: d.Name, Price: d.Price.Float(), Image: d.Image, Description: d.Description,
		Available: d.Available, Minimum: d.Minimum, Email: d.Email, CreatedAt: at, UpdatedAt: at}
}

// productSort is one order of the catalogue: the mirror's index and
// direction, and MongoDB's sort (served by the index indexes.go names).
type productSort struct {
	index string
	desc  bool
	mongo bson.D
}

var productSorts = map[string]productSort{
	"createdAt":  {"createdAt", false, bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}},
	"-createdAt": {"createdAt", true, bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
	// Names are unique: the mirror's _id tiebreak never decides.
	"name":   {"name", false, bson.D{{Key: "name", Value: 1}}},
	"-name":  {"name", true, bson.D{{Key: "name", Value: -1}}},
	"price":  {"price", false, bson.D{{Key: "price", Value: 1}, {Key: "_id", Value: 1}}},
	"-price": {"price", true, bson.D{{Key: "price", Value: -1}, {Key: "_id", Value: -1}}},
}

// ListProducts returns one page of the catalogue and the number of matches.
func (s *Store) ListProducts(ctx context.Context, q shop.ProductQuery) ([]shop.Product, int64, error) {
	ps, ok := productSorts[q.Sort]
	if !ok {
		ps = productSorts["createdAt"]
	}
	lq := listQuery[mirror.Product]{index: ps.index, desc: ps.desc, sort: ps.mongo, skip: q.Skip, limit: q.Limit}
	if q.Q != "" {
		lq.filter = bson.D{{Key: "name", Value: bson.D{{Key: "$regex", Value: regexp.QuoteMeta(q.Q)}, {Key: "$options", Value: "i"}}}}
		lq.match = mirror.NameContains(q.Q)
	}
	docs, total, err := s.products.list(ctx, lq)
	return mirror.ShopAll[shop.Product](docs), total, err
}

// FindProduct returns the product with the given id.
func (s *Store) FindProduct(ctx context.Context, id string) (shop.Product, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Product{}, err
	}
	d, err := s.products.get(ctx, oid)
	return d.Shop(), err
}

// FindProductByName returns the product with exactly this name.
func (s *Store) FindProductByName(ctx context.Context, name string) (shop.Product, error) {
	d, err := s.products.getBy(ctx, "name", name, bson.D{{Key: "name", Value: name}})
	return d.Shop(), err
}

// CountProducts returns the size of the catalogue.
func (s *Store) CountProducts(ctx context.Context) (int64, error) {
	return s.products.count(ctx)
}

func objectID(id string) (mirror.ID, error) {
	if err := shop.CheckID(id); err != nil {
		return mirror.ID{}, err
	}
	oid, err := idFromHex(id)
	if err != nil {
		return mirror.ID{}, shop.Errorf(shop.EINVALID, "%q is not a valid id.", id)
	}
	return oid, nil
}

// InsertProduct adds a product (ECONFLICT when the name is taken).
func (s *Store) InsertProduct(ctx context.Context, d shop.ProductDraft) (string, error) {
	doc := newProductDoc(d, s.now())
	if err := s.products.insert(ctx, doc); err != nil {
		return "", nameTaken(translate(err, ""))
	}
	return doc.ID.Hex(), nil
}

// nameTaken words a duplicate key on products: the unique name index.
func nameTaken(err error) error {
	if isDuplicate(err) {
		return &shop.Error{Code: shop.ECONFLICT, Message: "A product with this name already exists.", Cause: err}
	}
	return err
}

// ReplaceProduct stores d as the product's new values, only if the product
// is still as it was when read (its updatedAt and its stock), so that an
// edit never silently undoes an order's stock change made in between.
func (s *Store) ReplaceProduct(ctx context.Context, read shop.Product, d shop.ProductDraft) (shop.UpdateResult, error) {
	oid, err := objectID(read.ID)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	at := s.now()
	set := append(draftFields(d), bson.E{Key: "updatedAt", Value: at})
	res, err := s.products.update(ctx, oid, guard[mirror.Product]{
		filter: bson.D{{Key: "updatedAt", Value: read.UpdatedAt}, {Key: "avaialbequantit", Value: read.Available}},
		check:  mirror.Unchanged(read),
		apply: func(p mirror.Product) (bson.D, mirror.Product) {
			p = p.WithDraft(d, at)
			return bson.D{{Key: "$set", Value: append(draftFields(d), bson.E{Key: "updatedAt", Value: p.UpdatedAt})}}, p
		},
	}, bson.D{{Key: "$set", Value: set}})
	return res, nameTaken(err)
}

// DeleteProduct removes a product. Orders keep their own copy of its name,
// price and image.
func (s *Store) DeleteProduct(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if _, err := s.products.remove(ctx, oid, guard[mirror.Product]{}); err != nil {
		return shop.DeleteResult{}, err
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}
