package mongodb

import (
	"context"
	"time"

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

// ChangeCart replaces email's cart if it is still the one read: guarded
// by its updatedAt (read nil: by there being none, the insert's unique
// _id). The new updatedAt is later than the one read, so that a write
// guarded by it is never mistaken for it.
func (s *Store) ChangeCart(ctx context.Context, email string, read *time.Time, items []shop.CheckoutItem) (shop.Cart, error) {
	email = shop.NormalizeEmail(email)
	at := s.now()
	if read != nil && !at.After(*read) {
		at = read.Add(time.Millisecond)
	}
	doc := mirror.Cart{Email: email, Items: make([]mirror.CartItem, len(items)), UpdatedAt: at}
	for i, it := range items {
		doc.Items[i] = mirror.CartItem{ProductID: it.ProductID, Quantity: it.Quantity}
	}
	if read == nil {
		if err := translate(s.carts.insert(ctx, doc), ""); err != nil {
			if shop.ErrorCode(err) == shop.ECONFLICT {
				return shop.Cart{}, shop.Errorf(shop.ECONFLICT, msgCartChanged)
			}
			return shop.Cart{}, err
		}
	} else {
		was := read.UTC().Truncate(time.Millisecond)
		g := guard[mirror.Cart]{filter: bson.D{{Key: "updatedAt", Value: was}}, check: mirror.CartAt(was)}
		set := bson.D{{Key: "$set", Value: bson.D{{Key: "items", Value: doc.Items}, {Key: "updatedAt", Value: doc.UpdatedAt}}}}
		if _, err := s.carts.update(ctx, email, g, set); err != nil {
			if shop.ErrorCode(err) == shop.ENOTFOUND {
				return shop.Cart{}, shop.Errorf(shop.ECONFLICT, msgCartChanged)
			}
			return shop.Cart{}, err
		}
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}

// msgCartChanged: another write to the cart came first (the caller reads
// it again and retries).
const msgCartChanged = "The cart changed meanwhile."
