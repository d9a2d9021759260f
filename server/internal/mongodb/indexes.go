package mongodb

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// indexes are declared here, next to the collections they serve, and created
// at start-up (creating an existing index is a no-op).
var indexes = map[string][]mongo.IndexModel{
	CollProducts: {
		{Keys: bson.D{{Key: "name", Value: 1}}, Options: options.Index().SetName("name_unique").SetUnique(true)},
		{Keys: bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("catalogue_order")},
		{Keys: bson.D{{Key: "price", Value: 1}}, Options: options.Index().SetName("price")},
	},
	CollReviews: {
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
		{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetName("email")},
	},
	CollUsers: {
		{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetName("email_unique").SetUnique(true)},
	},
	CollProfiles: {
		{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetName("email_unique").SetUnique(true)},
	},
	CollOrders: {
		{Keys: bson.D{{Key: "email", Value: 1}, {Key: "createdAt", Value: -1}}, Options: options.Index().SetName("customer_newest_first")},
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
	},
	CollTestIntents: {
		{Keys: bson.D{{Key: "orderId", Value: 1}, {Key: "amount", Value: 1}}, Options: options.Index().SetName("one_per_order_amount").SetUnique(true)},
	},
	CollContacts: {
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
	},
	CollImages + ".files": {
		{Keys: bson.D{{Key: "metadata.sha256", Value: 1}}, Options: options.Index().SetName("sha256")},
	},
}

func (s *Store) createIndexes(ctx context.Context) error {
	for coll, models := range indexes {
		// One at a time: FerretDB v1.24 panics on a createIndexes command that
		// names several indexes which already exist (every restart).
		for _, m := range models {
			err := s.write(ctx, coll, func(ctx context.Context) error {
				_, err := s.db.Collection(coll).Indexes().CreateOne(ctx, m)
				return err
			})
			if err != nil {
				return fmt.Errorf("create indexes of %s: %w", coll, err)
			}
		}
	}
	return nil
}
