package mongodb

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/embedded"
	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// BenchmarkEngine is the measured choice of the embedded engine (docs/architecture.md,
// "The embedded engine: the measured choice"): FerretDB v1.24 with SQLite as it comes, with SQLite
// URL parameters, with an SQLite index on FerretDB's _id expression, and the
// store as built (that index, mirrors, writes by _id alone), each at 10,000
// products and 20,000 orders. Run it with go tool task bench:engine.
func BenchmarkEngine(b *testing.B) {
	for range b.N {
		var rows []string
		for _, v := range []struct {
			name, params string
			idIndex      bool
		}{
			{"FerretDB v1.24.0 + SQLite as it comes (WAL, synchronous FULL)", "", false},
			{"+ SQLite URL `_pragma=synchronous(normal)`", "_pragma=synchronous(normal)", false},
			{"+ SQLite URL `_pragma=cache_size(-262144)&_pragma=mmap_size(1073741824)`", "_pragma=cache_size(-262144)&_pragma=mmap_size(1073741824)", false},
			{"+ SQLite index on FerretDB's own `_id` expression", "", true},
		} {
			rows = append(rows, benchRawEngine(b, v.name, v.params, v.idIndex))
		}
		rows = append(rows, benchStore(b))
		fmt.Printf("\n| 10,000 products, 20,000 orders, p50 / p95 | find by _id | update by _id | guarded update {_id, stock ≥ n} | My Order (orders by email, newest 20) | search (name regex, 20) | insert order |\n|---|---|---|---|---|---|---|\n%s\n",
			strings.Join(rows, "\n"))
	}
}

const (
	engineProducts = 10_000
	engineOrders   = 20_000
)

// fillRaw inserts the data set with the driver, in batches.
func fillRaw(b *testing.B, db *mongo.Database) ([]mirror.ID, []string) {
	ctx := context.Background()
	at := time.Now().UTC().Truncate(time.Millisecond)
	var ids []mirror.ID
	var batch []any
	flush := func(c *mongo.Collection) {
		if len(batch) > 0 {
			if _, err := c.InsertMany(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	for i := range engineProducts {
		d := newProductDoc(shop.ProductDraft{Name: fmt.Sprintf("Heavy Lathe %05d", i), Price: 10050, Image: "http://shop.test/images/0123456789abcdef01234567",
			Description: strings.Repeat("Cast frame, two-year warranty. ", 6), Available: 1_000_000, Minimum: 1, Email: "ops@shop.test"}, at, nil)
		ids = append(ids, d.ID)
		batch = append(batch, d)
		if len(batch) == 500 {
			flush(db.Collection(CollProducts))
		}
	}
	flush(db.Collection(CollProducts))
	var emails []string
	for i := range engineOrders {
		email := fmt.Sprintf("buyer%02d@shop.test", i%50)
		if i < 50 {
			emails = append(emails, email)
		}
		batch = append(batch, mirror.Order{ID: newID(), Name: "Buyer", Email: email, ProductID: ids[i%len(ids)], ProductName: "Heavy Lathe",
			ProductPrice: 100.5, ProductQuantity: 2, Amount: 20100, Address: "1 Mill Road", Mobile: "+44 113 496 0000", Pending: true, CreatedAt: at.Add(time.Duration(i) * time.Millisecond)})
		if len(batch) == 500 {
			flush(db.Collection(CollOrders))
		}
	}
	flush(db.Collection(CollOrders))
	return ids, emails
}

func benchRawEngine(b *testing.B, name, params string, idIndex bool) string {
	ctx := context.Background()
	e, err := embedded.Start(ctx, b.TempDir(), "storefront", params, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		b.Fatal(err)
	}
	defer e.Stop()
	client, err := mongo.Connect(options.Client().ApplyURI(e.URI()))
	if err != nil {
		b.Fatal(err)
	}
	defer client.Disconnect(ctx)
	db := client.Database("storefront")
	ids, emails := fillRaw(b, db)
	if idIndex {
		if err := e.IndexIDs(ctx, "storefront"); err != nil {
			b.Fatal(err)
		}
	}
	products, orders := db.Collection(CollProducts), db.Collection(CollOrders)
	samples := 30
	if idIndex {
		samples = 300
	}
	cell := func(op func(i int) error) string { return timed(b, samples, op) }
	find := cell(func(i int) error { return products.FindOne(ctx, bson.D{{Key: "_id", Value: ids[i*37%len(ids)]}}).Err() })
	update := cell(func(i int) error {
		_, err := products.UpdateOne(ctx, bson.D{{Key: "_id", Value: ids[i*37%len(ids)]}}, bson.D{{Key: "$inc", Value: bson.D{{Key: "avaialbequantit", Value: -1}}}})
		return err
	})
	guarded := timed(b, 30, func(i int) error {
		_, err := products.UpdateOne(ctx, bson.D{{Key: "_id", Value: ids[i*41%len(ids)]}, {Key: "avaialbequantit", Value: bson.D{{Key: "$gte", Value: 1}}}},
			bson.D{{Key: "$inc", Value: bson.D{{Key: "avaialbequantit", Value: -1}}}})
		return err
	})
	mine := timed(b, 30, func(i int) error {
		cur, err := orders.Find(ctx, bson.D{{Key: "email", Value: emails[i%len(emails)]}}, options.Find().SetSort(newestFirst).SetLimit(20))
		if err != nil {
			return err
		}
		var docs []mirror.Order
		return cur.All(ctx, &docs)
	})
	search := timed(b, 30, func(i int) error {
		cur, err := products.Find(ctx, bson.D{{Key: "name", Value: bson.D{{Key: "$regex", Value: fmt.Sprintf("lathe %d", i)}, {Key: "$options", Value: "i"}}}},
			options.Find().SetSort(productSorts["createdAt"].mongo).SetLimit(20))
		if err != nil {
			return err
		}
		var docs []mirror.Product
		return cur.All(ctx, &docs)
	})
	insert := cell(func(i int) error {
		_, err := orders.InsertOne(ctx, mirror.Order{ID: newID(), Email: emails[0], ProductID: ids[0], CreatedAt: time.Now().UTC().Truncate(time.Millisecond)})
		return err
	})
	fmt.Fprintf(os.Stderr, "  %s: done\n", name)
	return fmt.Sprintf("| %s | %s | %s | %s | %s | %s | %s |", name, find, update, guarded, mine, search, insert)
}

// benchStore measures the store as built, on the same data set.
func benchStore(b *testing.B) string {
	ctx := context.Background()
	dir := b.TempDir()
	e, err := embedded.Start(ctx, dir, "storefront", "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		b.Fatal(err)
	}
	client, err := mongo.Connect(options.Client().ApplyURI(e.URI()))
	if err != nil {
		b.Fatal(err)
	}
	oids, emails := fillRaw(b, client.Database("storefront"))
	_ = client.Disconnect(ctx)
	e.Stop()
	s, err := Open(ctx, Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close(ctx)
	ids := make([]string, len(oids))
	for i, id := range oids {
		ids[i] = id.Hex()
	}
	find := timed(b, 1000, func(i int) error { _, err := s.FindProduct(ctx, ids[i*37%len(ids)]); return err })
	update := timed(b, 300, func(i int) error { return s.HoldStock(ctx, ids[i*37%len(ids)], s.NewOrderID(), 1) })
	guarded := timed(b, 300, func(i int) error { return s.ReserveStock(ctx, ids[i*41%len(ids)], s.NewOrderID(), 1) })
	mine := timed(b, 1000, func(i int) error { _, _, err := s.ListOrders(ctx, emails[i%len(emails)], 20, 0); return err })
	search := timed(b, 1000, func(i int) error {
		_, _, err := s.ListProducts(ctx, shop.ProductQuery{Q: fmt.Sprintf("lathe %d", i), Limit: 20, Sort: "createdAt"})
		return err
	})
	insert := timed(b, 300, func(i int) error {
		_, err := s.InsertOrder(ctx, shop.Order{Name: "Buyer", Email: emails[0], ProductID: ids[0], ProductName: "Heavy Lathe", ProductQuantity: 1, Amount: 10050, Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
		return err
	})
	return fmt.Sprintf("| **chosen: that index + in-memory mirrors, writes by `_id` alone** (Store methods) | %s | %s | %s | %s | %s | %s |", find, update, guarded, mine, search, insert)
}

// timed runs op n times and returns "p50 / p95".
func timed(b *testing.B, n int, op func(i int) error) string {
	d := make([]time.Duration, n)
	for i := range n {
		t0 := time.Now()
		if err := op(i); err != nil {
			b.Fatal(err)
		}
		d[i] = time.Since(t0)
	}
	slices.Sort(d)
	p := func(q int) string {
		v := d[max((n*q+99)/100-1, 0)]
		if v < time.Microsecond {
			return "< 1 µs"
		}
		if v < time.Millisecond {
			return fmt.Sprintf("%d µs", v.Microseconds())
		}
		return fmt.Sprintf("%.0f ms", float64(v.Microseconds())/1000)
	}
	return p(50) + " / " + p(95)
}
