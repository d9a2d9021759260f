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

// StaleGroups returns the groups still placing, or being cancelled, since
// before cutoff: a crash (or a step that failed) between a checkout's or a
// cancel's steps. Groups.Recover settles them.
func (s *Store) StaleGroups(ctx context.Context, cutoff time.Time) ([]shop.Group, error) {
	placing, err := s.groups.find(ctx, "id", mirror.GroupPlacingBefore(cutoff), placingBefore(cutoff), nil)
	if err != nil {
		return nil, err
	}
	cancelling, err := s.groups.find(ctx, "id", mirror.GroupCancellingBefore(cutoff), cancellingBefore(cutoff), nil)
	if err != nil {
		return nil, err
	}
	return append(mirror.ShopAll[shop.Group](placing), mirror.ShopAll[shop.Group](cancelling)...), nil
}
