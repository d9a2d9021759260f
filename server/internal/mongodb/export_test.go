package mongodb

import (
	"context"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
)

// HoldCount is the number of stock holds the store has on a product.
func HoldCount(tb testing.TB, s *Store, productID string) int {
	tb.Helper()
	var p mirror.Product
	if err := s.products.c.FindOne(context.Background(), bson.D{{Key: "_id", Value: mustOID(productID)}}).Decode(&p); err != nil {
		tb.Fatal(err)
	}
	return len(p.Holds)
}

// AfterImportRead makes f run in each import between its read of the
// current products and its writes: orders placed there are placed while
// the import runs.
func AfterImportRead(s *Store, f func()) { s.afterImportRead = f }

// ChangeBehindTheMirror changes a product in the store only, as a write the
// mirror never heard of would: the sample check's business.
func ChangeBehindTheMirror(tb testing.TB, s *Store, productID string, set bson.D) {
	tb.Helper()
	if _, err := s.products.c.UpdateOne(context.Background(), bson.D{{Key: "_id", Value: mustOID(productID)}}, bson.D{{Key: "$set", Value: set}}); err != nil {
		tb.Fatal(err)
	}
}

// InsertBehindTheMirror stores a product the mirror never heard of.
func InsertBehindTheMirror(tb testing.TB, s *Store, name string) {
	tb.Helper()
	if _, err := s.products.c.InsertOne(context.Background(), mirror.Product{ID: newID(), Name: name, Price: 1, Available: 1, Minimum: 1}); err != nil {
		tb.Fatal(err)
	}
}

// SetAdminCount sets the admins' count, as a crash between a count and a
// role write could leave it.
func SetAdminCount(tb testing.TB, s *Store, n int64) {
	tb.Helper()
	if _, err := s.db.Collection(CollCounters).UpdateOne(context.Background(), bson.D{{Key: "_id", Value: adminCounterID}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "count", Value: n}}}}); err != nil {
		tb.Fatal(err)
	}
}

// LoadProductsMirror reads the products into their mirror again, as
// start-up does.
func LoadProductsMirror(tb testing.TB, s *Store) {
	if err := s.products.mem.Load(context.Background()); err != nil {
		tb.Fatal(err)
	}
}
