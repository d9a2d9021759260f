package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// placingBefore is StaleGroups' first filter (MongoDB; the sparse index
// group_placing serves it): checkouts whose orders were still being placed.
func placingBefore(cutoff time.Time) bson.D {
	return bson.D{{Key: "placing", Value: true}, {Key: "createdAt", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// cancellingBefore is StaleGroups' second filter (the sparse index
// group_cancelling serves it): cancels begun and not ended.
func cancellingBefore(cutoff time.Time) bson.D {
	return bson.D{{Key: "cancellingAt", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// syncingBefore is StaleGroups' third filter (the sparse index
// group_syncing serves it): a payment or shipment its orders do not all
// show yet.
func syncingBefore(cutoff time.Time) bson.D {
	return bson.D{{Key: "syncingAt", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// StaleGroups returns the groups still placing, being cancelled or syncing
// since before cutoff: a crash (or a step that failed) between the steps of
// a checkout, a cancel, a payment or a shipment. Purchases.Recover settles
// them.
func (s *Store) StaleGroups(ctx context.Context, cutoff time.Time) ([]shop.Group, error) {
	if s.groups.mem != nil {
		docs, err := s.groups.find(ctx, "id", mirror.GroupStaleBefore(cutoff), nil, nil)
		return mirror.ShopAll[shop.Group](docs), err
	}
	seen := map[mirror.ID]bool{}
	var out []shop.Group
	for _, f := range []bson.D{placingBefore(cutoff), cancellingBefore(cutoff), syncingBefore(cutoff)} {
		docs, err := s.groups.find(ctx, "id", nil, f, nil)
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			if !seen[d.ID] {
				seen[d.ID] = true
				out = append(out, d.Shop())
			}
		}
	}
	return out, nil
}
