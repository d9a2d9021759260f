package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.CartStore = (*Store)(nil)

// FindCart returns email's cart (read by _id, the e-mail).
func (s *Store) FindCart(ctx context.Context, email string) (shop.Cart, error) {
	d, err := s.carts.get(ctx, shop.NormalizeEmail(email))
	return d.Shop(), err
}

// SaveCart replaces email's cart: an update by _id, or the first insert
// (two first saves at once: the second updates).
func (s *Store) SaveCart(ctx context.Context, email string, items []shop.CheckoutItem) (shop.Cart, error) {
	doc := mirror.Cart{Email: shop.NormalizeEmail(email), Items: make([]mirror.CartItem, len(items)), UpdatedAt: s.now()}
	for i, it := range items {
		doc.Items[i] = mirror.CartItem{ProductID: it.ProductID, Quantity: it.Quantity}
	}
	set := bson.D{{Key: "$set", Value: bson.D{{Key: "items", Value: doc.Items}, {Key: "updatedAt", Value: doc.UpdatedAt}}}}
	for attempt := 0; ; attempt++ {
		_, err := s.carts.update(ctx, doc.Email, guard[mirror.Cart]{}, set)
		if shop.ErrorCode(err) != shop.ENOTFOUND {
			if err != nil {
				return shop.Cart{}, err
			}
			break
		}
		err = translate(s.carts.insert(ctx, doc), "")
		if err == nil || shop.ErrorCode(err) != shop.ECONFLICT || attempt > 0 {
			if err != nil {
				return shop.Cart{}, err
			}
			break
		}
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}
