package mongodb

import (
	"cmp"
	"context"
	"slices"
	"sort"
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
// indexes.go); embedded, the figures are the orders' mirror's tallies (sums
// it keeps up to date with every write: mirror.TallySalesByPurchase and its
// neighbours) and the export one pass over its createdAt index. Nothing here
// is an aggregation pipeline: FerretDB v1 lacks $month and $dateToString,
// and its $group answers 0 for every accumulator after the first.

// paidSince is the orders paid at or after since (only paid orders have a
// paidAt), served by the sparse index paid_at.
func paidSince(since time.Time) bson.D {
	return bson.D{{Key: "paidAt", Value: bson.D{{Key: "$gte", Value: since}}}}
}

// paidSaleFields is what paidSalesWalked decodes of an order with MongoDB
// (and _id).
var paidSaleFields = bson.D{{Key: "productId", Value: 1}, {Key: "productName", Value: 1}, {Key: "productQuantity", Value: 1},
	{Key: "amount", Value: 1}, {Key: "paid", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "paidAt", Value: 1}, {Key: "group", Value: 1}}

// salesMonths is the figures' months from first, empty.
func salesMonths(first time.Time, months int) []shop.MonthSales {
	out := make([]shop.MonthSales, months)
	for i := range out {
		out[i].Month = first.AddDate(0, i, 0).Format("2006-01")
	}
	return out
}

// PaidSales returns the paid orders' figures of the months from first
// (shop.SalesStore): embedded, from the orders' mirror's tallies; with
// MongoDB, from one pass over the orders paid since first.
func (s *Store) PaidSales(ctx context.Context, first time.Time, months int) (shop.PaidSales, error) {
	if s.orders.mem != nil {
		return s.paidSalesTallied(ctx, first, months)
	}
	return s.paidSalesWalked(ctx, first, months)
}

// paidSalesWalked computes the figures from every order paid since first,
// each counted in the month of mirror.SaleMonth, as the tallies count them.
func (s *Store) paidSalesWalked(ctx context.Context, first time.Time, months int) (shop.PaidSales, error) {
	out := shop.PaidSales{Months: salesMonths(first, months)}
	at := make(map[string]int, months)
	for i, m := range out.Months {
		at[m.Month] = i
	}
	// The product's name is the one on its latest order (mirror.LaterSale).
	type product struct {
		shop.ProductSales
		latestAt time.Time
		latestID mirror.ID
	}
	products := map[mirror.ID]*product{}
	purchases := make([]map[mirror.ID]bool, months)
	err := s.orders.each(ctx, mirror.PaidSince(first), paidSince(first), paidSaleFields, func(d *mirror.Order) {
		month, ok := mirror.SaleMonth(d)
		i, in := at[month]
		if !ok || !in {
			return // a replacement, or paid after this month (a clock behind the store's)
		}
		m := &out.Months[i]
		m.Revenue += shop.Dollars(d.Amount)
		m.Orders++
		m.Units += d.ProductQuantity
		if purchases[i] == nil {
			purchases[i] = map[mirror.ID]bool{}
		}
		if p := mirror.SalePurchase(d); !purchases[i][p] {
			purchases[i][p] = true
			m.Purchases++
		}
		p := products[d.ProductID]
		if p == nil {
			p = &product{ProductSales: shop.ProductSales{ProductID: d.ProductID.Hex(), Name: d.ProductName}, latestAt: d.CreatedAt, latestID: d.ID}
			products[d.ProductID] = p
		} else if mirror.LaterSale(d.CreatedAt, d.ID, p.latestAt, p.latestID) {
			p.Name, p.latestAt, p.latestID = d.ProductName, d.CreatedAt, d.ID
		}
		p.Units += d.ProductQuantity
		p.Revenue += shop.Dollars(d.Amount)
	})
	if err != nil {
		return shop.PaidSales{}, err
	}
	all := make([]shop.ProductSales, 0, len(products))
	for _, p := range products {
		all = append(all, p.ProductSales)
	}
	out.TopProducts = shop.TopProductSales(all)
	return out, nil
}

// paidSalesTallied reads the figures from the orders' mirror's tallies, at
// one moment: each month's sums, and each product's over the months, of
// which only those that can rank in the top need their name (read from the
// product's latest order counted: the index mirror.IndexSalesByProduct).
func (s *Store) paidSalesTallied(ctx context.Context, first time.Time, months int) (shop.PaidSales, error) {
	out := shop.PaidSales{Months: salesMonths(first, months)}
	from, to := out.Months[0].Month, out.Months[months-1].Month
	inPeriod := func(d *mirror.Order) bool {
		month, ok := mirror.SaleMonth(d)
		return ok && month >= from && month <= to // (YYYY-MM compares as text)
	}
	var top []shop.ProductSales
	err := s.orders.mem.ReadTallies(ctx, func(v mirror.TallyView[mirror.ID, mirror.Order]) {
		var groups []*mirror.TallyGroup
		for i := range out.Months {
			m := &out.Months[i]
			if g := v.Group(mirror.TallySalesByPurchase, m.Month); g != nil {
				m.Revenue, m.Orders, m.Purchases, m.Units = shop.Dollars(g.Total.V[0]), g.Total.N, int64(len(g.Keys)), g.Total.V[1]
			}
			if g := v.Group(mirror.TallySalesByProduct, m.Month); g != nil {
				groups = append(groups, g)
			}
		}
		// Each product's sums over the period (amount, units).
		var sums map[string]mirror.TallyValues
		switch len(groups) {
		case 0:
		case 1:
			sums = make(map[string]mirror.TallyValues, len(groups[0].Keys))
			for key, e := range groups[0].Keys {
				sums[key] = e.V
			}
		default:
			n := 0
			for _, g := range groups {
				n += len(g.Keys)
			}
			sums = make(map[string]mirror.TallyValues, n) // (at most n: no growing)
			for _, g := range groups {
				for key, e := range g.Keys {
					t := sums[key]
					sums[key] = mirror.TallyValues{t[0] + e.V[0], t[1] + e.V[1]}
				}
			}
		}
		// The products' ranking before names (revenue, then units): the
		// TopProductsShown best, and every product tied with the last of
		// them, whose names decide the order.
		higher := func(a, b mirror.TallyValues) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }
		best := make([]mirror.TallyValues, 0, shop.TopProductsShown+1)
		for _, t := range sums {
			i := sort.Search(len(best), func(i int) bool { return higher(best[i], t) < 0 })
			if i < shop.TopProductsShown {
				best = slices.Insert(best, i, t)[:min(len(best)+1, shop.TopProductsShown)]
			}
		}
		for key, t := range sums {
			if len(best) == shop.TopProductsShown && higher(t, best[len(best)-1]) < 0 {
				continue
			}
			var id mirror.ID
			copy(id[:], key)
			p := shop.ProductSales{ProductID: id.Hex(), Revenue: shop.Dollars(t[0]), Units: t[1]}
			if d, ok := v.Last(mirror.IndexSalesByProduct, key, inPeriod); ok {
				p.Name = d.ProductName
			}
			top = append(top, p)
		}
	})
	if err != nil {
		return shop.PaidSales{}, err
	}
	out.TopProducts = shop.TopProductSales(top)
	return out, nil
}

// notPaid is every order not paid, shipped or not; the $in over shipped
// lets the index status_newest_first serve it.
var notPaid = bson.D{{Key: "shipped", Value: bson.D{{Key: "$in", Value: bson.A{false, true}}}}, {Key: "paid", Value: false}}

// UnpaidTotal counts and sums the orders not paid, shipped or not:
// embedded, the orders' mirror's tally of them.
func (s *Store) UnpaidTotal(ctx context.Context) (shop.UnpaidSum, error) {
	var sum shop.UnpaidSum
	if s.orders.mem != nil {
		err := s.orders.mem.ReadTallies(ctx, func(v mirror.TallyView[mirror.ID, mirror.Order]) {
			if g := v.Group(mirror.TallyUnpaid, ""); g != nil {
				sum = shop.UnpaidSum{Count: g.Total.N, Amount: shop.Dollars(g.Total.V[0])}
			}
		})
		return sum, err
	}
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
// order, so that no one can buy them, by name. Embedded, the mirror's index
// of them (mirror.IndexUnbuyable). No index compares two
// fields, so with MongoDB it reads the products with less stock than the
// largest minimum of any product (two indexed reads) and compares in Go.
func (s *Store) LowStockProducts(ctx context.Context) ([]shop.Product, error) {
	low := mirror.LowStock
	var docs []mirror.Product
	if m := s.products.mem; m != nil {
		// The products' partial index of those (issue 46: not a walk of
		// the catalogue, 10 ms at 100,000 products).
		if err := m.Await(ctx); err != nil {
			return nil, err
		}
		if m.StaleDocuments() > 0 {
			return nil, mirror.ErrStale
		}
		m.Mem.EachIndexed(mirror.IndexUnbuyable, func(d *mirror.Product) { docs = append(docs, *d) })
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
