package mongodb

import (
	"context"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.SalesStore = (*Store)(nil)

// The admin's sales figures and order export read whole sets of orders.
// With MONGODB_URI each read is one indexed query (the queries table in
// indexes.go); embedded, one pass over the orders' mirror. Nothing here is
// an aggregation pipeline: FerretDB v1 lacks $month and $dateToString, and
// its $group answers 0 for every accumulator after the first.

// paidSince is the orders paid at or after since (only paid orders have a
// paidAt), served by the sparse index paid_at.
func paidSince(since time.Time) bson.D {
	return bson.D{{Key: "paidAt", Value: bson.D{{Key: "$gte", Value: since}}}}
}

// paidSaleFields is what EachPaidSince decodes of an order with MongoDB.
var paidSaleFields = bson.D{{Key: "productId", Value: 1}, {Key: "productName", Value: 1}, {Key: "productQuantity", Value: 1},
	{Key: "amount", Value: 1}, {Key: "paid", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "paidAt", Value: 1}, {Key: "group", Value: 1}}

// EachPaidSince calls fn with every order paid at or after since, in no order.
func (s *Store) EachPaidSince(ctx context.Context, since time.Time, fn func(shop.PaidSale)) error {
	return s.orders.each(ctx, mirror.PaidSince(since), paidSince(since), paidSaleFields, func(d *mirror.Order) {
		purchase := d.Group
		if purchase.IsZero() {
			purchase = d.ID
		}
		fn(shop.PaidSale{ProductID: d.ProductID.Hex(), ProductName: d.ProductName, Quantity: d.ProductQuantity,
			Amount: d.Amount, CreatedAt: d.CreatedAt, PaidAt: *d.PaidAt, Purchase: purchase})
	})
}

// notPaid is every order not paid, shipped or not; the $in over shipped
// lets the index status_newest_first serve it.
var notPaid = bson.D{{Key: "shipped", Value: bson.D{{Key: "$in", Value: bson.A{false, true}}}}, {Key: "paid", Value: false}}

// UnpaidTotal counts and sums the orders not paid, shipped or not.
func (s *Store) UnpaidTotal(ctx context.Context) (shop.UnpaidSum, error) {
	var sum shop.UnpaidSum
	err := s.orders.each(ctx, mirror.NotPaid, notPaid, bson.D{{Key: "amount", Value: 1}, {Key: "paid", Value: 1}},
		func(d *mirror.Order) {
			sum.Count++
			sum.Amount += shop.Dollars(d.Amount)
		})
	return sum, err
}

// createdBetween is the orders created in [from, to), oldest first, served
// by the index newest_first walked backwards.
func createdBetween(from, to time.Time) (bson.D, bson.D) {
	return bson.D{{Key: "createdAt", Value: bson.D{{Key: "$gte", Value: from}, {Key: "$lt", Value: to}}}},
		bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}
}

// exportBatch is how many orders EachOrderCreatedBetween holds at a time.
const exportBatch = 500

// EachOrderCreatedBetween calls fn with the orders created at or after from
// and before to, oldest first, exportBatch at a time: whatever the range
// holds, no more than one batch is in memory (the order export of issue
// 46). Embedded, each batch is sought in the mirror's createdAt index after
// the last one's final order (createdAt, then _id: the index's order), so
// an order placed meanwhile neither repeats nor shifts one; with MongoDB,
// one cursor in the same order (the index newest_first, walked backwards).
// An error of fn stops the walk and is returned.
func (s *Store) EachOrderCreatedBetween(ctx context.Context, from, to time.Time, fn func([]shop.Order) error) error {
	if s.orders.mem != nil {
		after := func(d *mirror.Order, _ mirror.ID) bool { return !d.CreatedAt.Before(from) }
		for {
			docs, err := s.orders.mem.Seek(ctx, "createdAt", after, exportBatch)
			if err != nil {
				return translate(err, "")
			}
			n := len(docs)
			for n > 0 && !docs[n-1].CreatedAt.Before(to) {
				n-- // past the range
			}
			if n > 0 {
				if err := fn(mirror.ShopAll[shop.Order](docs[:n])); err != nil {
					return err
				}
			}
			if n < exportBatch {
				return nil
			}
			last := docs[n-1]
			after = func(d *mirror.Order, id mirror.ID) bool {
				if c := d.CreatedAt.Compare(last.CreatedAt); c != 0 {
					return c > 0
				}
				return mirror.CompareIDs(id, last.ID) > 0
			}
		}
	}
	filter, sort := createdBetween(from, to)
	cur, err := s.orders.c.Find(ctx, filter, options.Find().SetSort(sort).SetBatchSize(exportBatch))
	if err != nil {
		return translate(err, "")
	}
	defer cur.Close(ctx)
	batch := make([]shop.Order, 0, exportBatch)
	for cur.Next(ctx) {
		var d mirror.Order
		if err := cur.Decode(&d); err != nil {
			return translate(err, "")
		}
		if batch = append(batch, d.Shop()); len(batch) == exportBatch {
			if err := fn(batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if err := cur.Err(); err != nil {
		return translate(err, "")
	}
	if len(batch) > 0 {
		return fn(batch)
	}
	return nil
}

// largestMinimum is the highest minimum order of any product, from the
// index minimum_order.
var largestMinimum = options.FindOne().SetSort(bson.D{{Key: "minimumquantity", Value: -1}}).SetProjection(bson.D{{Key: "minimumquantity", Value: 1}})

// belowStock is the products with less stock than n, served by the index stock.
func belowStock(n int64) bson.D {
	return bson.D{{Key: "avaialbequantit", Value: bson.D{{Key: "$lt", Value: n}}}}
}

// LowStockProducts returns the products whose stock is below their minimum
// order, so that no one can buy them, by name. No index compares two
// fields, so with MongoDB it reads the products with less stock than the
// largest minimum of any product (two indexed reads) and compares in Go.
func (s *Store) LowStockProducts(ctx context.Context) ([]shop.Product, error) {
	low := mirror.LowStock
	var docs []mirror.Product
	if s.products.mem != nil {
		var err error
		if docs, err = s.products.find(ctx, "id", low, nil, nil); err != nil {
			return nil, err
		}
	} else {
		var top mirror.Product
		err := s.products.c.FindOne(ctx, bson.D{}, largestMinimum).Decode(&top)
		if err != nil {
			if err = translate(err, ""); shop.ErrorCode(err) == shop.ENOTFOUND {
				return []shop.Product{}, nil // no products
			}
			return nil, err
		}
		candidates, err := s.products.find(ctx, "", nil, belowStock(top.Minimum), nil)
		if err != nil {
			return nil, err
		}
		for _, d := range candidates {
			if low(&d) {
				docs = append(docs, d)
			}
		}
	}
	out := mirror.ShopAll[shop.Product](docs)
	slices.SortFunc(out, func(a, b shop.Product) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out, nil
}
