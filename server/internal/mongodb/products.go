package mongodb

import (
	"context"
	"regexp"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/shop"
)

var _ shop.ProductStore = (*Store)(nil)

// productDoc is a product as stored in the `service` collection.
type productDoc struct {
	ID          bson.ObjectID `bson:"_id,omitempty"`
	Name        string        `bson:"name"`
	Price       float64       `bson:"price"`
	Image       string        `bson:"image"`
	Description string        `bson:"description"`
	Available   int64         `bson:"avaialbequantit"`
	Minimum     int64         `bson:"minimumquantity"`
	Email       string        `bson:"email"`
	CreatedAt   time.Time     `bson:"createdAt"`
	UpdatedAt   time.Time     `bson:"updatedAt"`
}

func (d productDoc) product() shop.Product {
	return shop.Product{
		ID: d.ID.Hex(), Name: d.Name, Price: shop.CentsFromFloat(d.Price), Image: d.Image,
		Description: d.Description, Available: d.Available, Minimum: d.Minimum, Email: d.Email,
		CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC(),
	}
}

// draftFields are the stored fields a draft sets.
func draftFields(d shop.ProductDraft) bson.D {
	return bson.D{
		{Key: "name", Value: d.Name}, {Key: "price", Value: d.Price.Float()}, {Key: "image", Value: d.Image},
		{Key: "description", Value: d.Description}, {Key: "avaialbequantit", Value: d.Available},
		{Key: "minimumquantity", Value: d.Minimum}, {Key: "email", Value: d.Email},
	}
}

var productSorts = map[string]bson.D{
	"createdAt":  {{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}},
	"-createdAt": {{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}},
	"name":       {{Key: "name", Value: 1}, {Key: "_id", Value: 1}},
	"-name":      {{Key: "name", Value: -1}, {Key: "_id", Value: -1}},
	"price":      {{Key: "price", Value: 1}, {Key: "_id", Value: 1}},
	"-price":     {{Key: "price", Value: -1}, {Key: "_id", Value: -1}},
}

func (s *Store) products() *mongo.Collection { return s.db.Collection(CollProducts) }

// ListProducts returns one page of the catalogue and the number of matches.
func (s *Store) ListProducts(ctx context.Context, q shop.ProductQuery) ([]shop.Product, int64, error) {
	filter := bson.D{}
	if q.Q != "" {
		filter = bson.D{{Key: "name", Value: bson.D{{Key: "$regex", Value: regexp.QuoteMeta(q.Q)}, {Key: "$options", Value: "i"}}}}
	}
	sort, ok := productSorts[q.Sort]
	if !ok {
		sort = productSorts["createdAt"]
	}
	opts := options.Find().SetSort(sort).SetSkip(int64(q.Skip)).SetLimit(int64(q.Limit))
	cur, err := s.products().Find(ctx, filter, opts)
	if err != nil {
		return nil, 0, translate(err, "")
	}
	var docs []productDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, 0, translate(err, "")
	}
	total, err := s.products().CountDocuments(ctx, filter)
	if err != nil {
		return nil, 0, translate(err, "")
	}
	list := make([]shop.Product, len(docs))
	for i, d := range docs {
		list[i] = d.product()
	}
	return list, total, nil
}

// FindProduct returns the product with the given id.
func (s *Store) FindProduct(ctx context.Context, id string) (shop.Product, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Product{}, err
	}
	return s.findProduct(ctx, bson.D{{Key: "_id", Value: oid}})
}

// FindProductByName returns the product with exactly this name.
func (s *Store) FindProductByName(ctx context.Context, name string) (shop.Product, error) {
	return s.findProduct(ctx, bson.D{{Key: "name", Value: name}})
}

func (s *Store) findProduct(ctx context.Context, filter bson.D) (shop.Product, error) {
	var d productDoc
	if err := s.products().FindOne(ctx, filter).Decode(&d); err != nil {
		return shop.Product{}, translate(err, "The product")
	}
	return d.product(), nil
}

// CountProducts returns the size of the catalogue.
func (s *Store) CountProducts(ctx context.Context) (int64, error) {
	n, err := s.products().CountDocuments(ctx, bson.D{})
	return n, translate(err, "")
}

// UpsertProductByName inserts d, or brings the product of the same name to
// d's values; a product that already equals d is left untouched.
func (s *Store) UpsertProductByName(ctx context.Context, d shop.ProductDraft) (shop.ImportResult, error) {
	if err := d.Validate(false); err != nil {
		return shop.Unchanged, err
	}
	for attempt := 0; ; attempt++ {
		cur, err := s.FindProductByName(ctx, d.Name)
		switch {
		case shop.ErrorCode(err) == shop.ENOTFOUND:
			now := time.Now().UTC()
			doc := append(draftFields(d), bson.E{Key: "createdAt", Value: now}, bson.E{Key: "updatedAt", Value: now})
			err = s.write(ctx, CollProducts, func(ctx context.Context) error {
				_, err := s.products().InsertOne(ctx, doc)
				return err
			})
			if err == nil {
				return shop.Inserted, nil
			}
			// Another writer inserted the same name meanwhile: update it instead.
			if err = translate(err, ""); shop.ErrorCode(err) != shop.ECONFLICT || attempt > 0 {
				return shop.Unchanged, err
			}
		case err != nil:
			return shop.Unchanged, err
		case d.Matches(cur):
			return shop.Unchanged, nil
		default:
			oid, _ := bson.ObjectIDFromHex(cur.ID)
			set := append(draftFields(d), bson.E{Key: "updatedAt", Value: time.Now().UTC()})
			var res *mongo.UpdateResult
			err = s.write(ctx, CollProducts, func(ctx context.Context) error {
				var err error
				res, err = s.products().UpdateOne(ctx, bson.D{{Key: "_id", Value: oid}, {Key: "name", Value: d.Name}}, bson.D{{Key: "$set", Value: set}})
				return err
			})
			if err != nil {
				return shop.Unchanged, translate(err, "")
			}
			if res.MatchedCount == 1 {
				return shop.Updated, nil
			}
			if attempt > 0 {
				return shop.Unchanged, shop.Errorf(shop.ECONFLICT, "The product %q changed while it was being imported.", d.Name)
			}
		}
	}
}

func objectID(id string) (bson.ObjectID, error) {
	if err := shop.CheckID(id); err != nil {
		return bson.ObjectID{}, err
	}
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return bson.ObjectID{}, shop.Errorf(shop.EINVALID, "%q is not a valid id.", id)
	}
	return oid, nil
}

// ReserveStock takes qty pieces from the product's stock with one conditional
// write, so that concurrent orders never sell more than there is.
func (s *Store) ReserveStock(ctx context.Context, id string, qty int64) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	if qty < 1 {
		return shop.Errorf(shop.EINVALID, "The quantity must be at least 1.")
	}
	var res *mongo.UpdateResult
	err = s.write(ctx, CollProducts, func(ctx context.Context) error {
		var err error
		res, err = s.products().UpdateOne(ctx,
			bson.D{{Key: "_id", Value: oid}, {Key: "avaialbequantit", Value: bson.D{{Key: "$gte", Value: qty}}}},
			bson.D{{Key: "$inc", Value: bson.D{{Key: "avaialbequantit", Value: -qty}}}, {Key: "$set", Value: bson.D{{Key: "updatedAt", Value: time.Now().UTC()}}}})
		return err
	})
	if err != nil {
		return translate(err, "")
	}
	if res.MatchedCount == 1 {
		return nil
	}
	p, err := s.FindProduct(ctx, id)
	if err != nil {
		return err
	}
	return shop.Errorf(shop.ECONFLICT, "Only %d of %s left in stock.", p.Available, p.Name)
}

// ReleaseStock gives qty pieces back (a cancelled order, or compensation for
// an order that could not be stored).
func (s *Store) ReleaseStock(ctx context.Context, id string, qty int64) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	var res *mongo.UpdateResult
	err = s.write(ctx, CollProducts, func(ctx context.Context) error {
		var err error
		res, err = s.products().UpdateOne(ctx, bson.D{{Key: "_id", Value: oid}},
			bson.D{{Key: "$inc", Value: bson.D{{Key: "avaialbequantit", Value: qty}}}, {Key: "$set", Value: bson.D{{Key: "updatedAt", Value: time.Now().UTC()}}}})
		return err
	})
	if err != nil {
		return translate(err, "")
	}
	if res.MatchedCount == 0 {
		return shop.Errorf(shop.ENOTFOUND, "The product was not found.")
	}
	return nil
}

// InsertProduct adds a product (ECONFLICT when the name is taken).
func (s *Store) InsertProduct(ctx context.Context, d shop.ProductDraft) (string, error) {
	now := time.Now().UTC()
	id := bson.NewObjectID()
	doc := append(bson.D{{Key: "_id", Value: id}}, draftFields(d)...)
	doc = append(doc, bson.E{Key: "createdAt", Value: now}, bson.E{Key: "updatedAt", Value: now})
	err := s.write(ctx, CollProducts, func(ctx context.Context) error {
		_, err := s.products().InsertOne(ctx, doc)
		return err
	})
	if err = translate(err, ""); shop.ErrorCode(err) == shop.ECONFLICT {
		return "", &shop.Error{Code: shop.ECONFLICT, Message: "A product with this name already exists.", Cause: err}
	}
	return id.Hex(), err
}

// ReplaceProduct stores d as the product's new values, only if the product
// is still as it was when read (its updatedAt), so that an edit never
// silently undoes an order's stock change made in between.
func (s *Store) ReplaceProduct(ctx context.Context, id string, readAt time.Time, d shop.ProductDraft) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	set := append(draftFields(d), bson.E{Key: "updatedAt", Value: time.Now().UTC()})
	var res *mongo.UpdateResult
	err = s.write(ctx, CollProducts, func(ctx context.Context) error {
		var err error
		res, err = s.products().UpdateOne(ctx, bson.D{{Key: "_id", Value: oid}, {Key: "updatedAt", Value: readAt}}, bson.D{{Key: "$set", Value: set}})
		return err
	})
	if err = translate(err, ""); err != nil {
		if shop.ErrorCode(err) == shop.ECONFLICT {
			return shop.UpdateResult{}, &shop.Error{Code: shop.ECONFLICT, Message: "A product with this name already exists.", Cause: err}
		}
		return shop.UpdateResult{}, err
	}
	if res.MatchedCount == 0 {
		if _, err := s.FindProduct(ctx, id); err != nil {
			return shop.UpdateResult{}, err
		}
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, "The product changed while you were editing it. Reload it and save again.")
	}
	return shop.UpdateResult{Acknowledged: true, MatchedCount: res.MatchedCount, ModifiedCount: res.ModifiedCount}, nil
}

// DeleteProduct removes a product. Orders keep their own copy of its name,
// price and image.
func (s *Store) DeleteProduct(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	return s.deleteOne(ctx, CollProducts, bson.D{{Key: "_id", Value: oid}}, "The product")
}
