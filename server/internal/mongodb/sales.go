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

// OrdersCreatedBetween returns the orders created at or after from and
// before to, oldest first.
func (s *Store) OrdersCreatedBetween(ctx context.Context, from, to time.Time) ([]shop.Order, error) {
	filter, sort := createdBetween(from, to)
	docs, err := s.orders.find(ctx, "createdAt", mirror.CreatedBetween(from, to), filter, sort)
	return mirror.ShopAll[shop.Order](docs), err
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
