package mongodb

import (
	"context"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// HoldCount is the number of stock holds the store has on a product.
func HoldCount(tb testing.TB, s *Store, productID string) int {
	tb.Helper()
	var p productDoc
	if err := s.products.c.FindOne(context.Background(), bson.D{{Key: "_id", Value: mustOID(productID)}}).Decode(&p); err != nil {
		tb.Fatal(err)
	}
	return len(p.Holds)
}
