package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.ShippingStore = (*Store)(nil)

// CollShipping are the shipping methods (issue 48): a few documents,
// mirrored, listed whole.
const CollShipping = "shipping_methods"

// ListShippingMethods returns every method by name.
func (s *Store) ListShippingMethods(ctx context.Context) ([]shop.ShippingMethod, error) {
	docs, err := s.shipping.find(ctx, "name", func(*mirror.ShippingMethod) bool { return true }, bson.D{}, byName)
	return mirror.ShopAll[shop.ShippingMethod](docs), err
}

// FindShippingMethod returns the method with this id.
func (s *Store) FindShippingMethod(ctx context.Context, id string) (shop.ShippingMethod, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.ShippingMethod{}, err
	}
	d, err := s.shipping.get(ctx, oid)
	return d.Shop(), err
}

// InsertShippingMethod stores a new method.
func (s *Store) InsertShippingMethod(ctx context.Context, m shop.ShippingMethod) (shop.ShippingMethod, error) {
	doc := mirror.ShippingMethodOf(newID(), m, 1)
	if err := s.shipping.insert(ctx, doc); err != nil {
		return shop.ShippingMethod{}, translate(err, "")
	}
	return doc.Shop(), nil
}

// ReplaceShippingMethod stores m over the method as read, guarded by the
// revision read.
func (s *Store) ReplaceShippingMethod(ctx context.Context, read, m shop.ShippingMethod) (shop.ShippingMethod, error) {
	oid, err := objectID(read.ID)
	if err != nil {
		return shop.ShippingMethod{}, err
	}
	cur, err := s.shipping.get(ctx, oid)
	if err != nil {
		return shop.ShippingMethod{}, err
	}
	if err := mirror.ShippingRevision(read.Revision)(cur); err != nil { // (read is what the caller decided on)
		return shop.ShippingMethod{}, err
	}
	next := mirror.ShippingMethodOf(oid, m, cur.Revision+1)
	set := bson.D{{Key: "name", Value: next.Name}, {Key: "kind", Value: next.Kind}, {Key: "countries", Value: next.Countries},
		{Key: "rates", Value: next.Rates}, {Key: "days", Value: next.Days}, {Key: "revision", Value: next.Revision}}
	update := bson.D{}
	if next.FreeOver != nil {
		set = append(set, bson.E{Key: "freeOver", Value: *next.FreeOver})
	} else {
		update = append(update, bson.E{Key: "$unset", Value: bson.D{{Key: "freeOver", Value: ""}}})
	}
	update = append(bson.D{{Key: "$set", Value: set}}, update...)
	if _, err := s.shipping.update(ctx, oid, guard[mirror.ShippingMethod]{filter: bson.D{{Key: "revision", Value: read.Revision}},
		check: mirror.ShippingRevision(read.Revision)}, update); err != nil {
		return shop.ShippingMethod{}, err
	}
	return next.Shop(), nil
}

// DeleteShippingMethod removes a method (purchases keep their delivery
// line: its name and price are stored on them).
func (s *Store) DeleteShippingMethod(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if _, err := s.shipping.remove(ctx, oid, guard[mirror.ShippingMethod]{}); err != nil {
		return shop.DeleteResult{}, err
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}
