package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// Order numbers come from one counter document, {_id: "orders", seq}, taken
// with a single atomic $inc (findOneAndUpdate, upsert): seq counts the
// numbers handed out, and a number is orderNumberBase + its seq, so the
// first order is 1001. Embedded, the $inc goes through the write slot like
// every write, which FerretDB's read-modify-write needs to stay atomic.
const (
	orderCounterID  = "orders"
	orderNumberBase = 1000
)

type counterDoc struct {
	ID  string `bson:"_id"`
	Seq int64  `bson:"seq"`
}

// nextOrderNumber returns the number of a new order: with MongoDB one $inc
// of the counter (several instances share it), embedded the next of a block
// of mirror.NumberBlockSize taken at once (mirror.NumberBlock).
func (s *Store) nextOrderNumber(ctx context.Context) (int64, error) {
	if s.embedded == nil {
		return s.takeOrderNumbers(ctx, 1)
	}
	return s.numbers.Next(func(n int64) (int64, error) { return s.takeOrderNumbers(ctx, n) })
}

// returnOrderNumbers gives the numbers of the block not handed out back to
// the counter, if it has not moved since (embedded, at stop).
func (s *Store) returnOrderNumbers(ctx context.Context) error {
	return translate(s.numbers.Return(func(next, last int64) error {
		return s.write(ctx, CollCounters, func(ctx context.Context) error {
			_, err := s.db.Collection(CollCounters).UpdateOne(ctx,
				bson.D{{Key: "_id", Value: orderCounterID}, {Key: "seq", Value: last - orderNumberBase}},
				bson.D{{Key: "$set", Value: bson.D{{Key: "seq", Value: next - 1 - orderNumberBase}}}})
			return err
		})
	}), "")
}

// takeOrderNumbers reserves n consecutive order numbers and returns the last.
func (s *Store) takeOrderNumbers(ctx context.Context, n int64) (int64, error) {
	return s.takeNumbers(ctx, orderCounterID, orderNumberBase, n)
}

// Quotes and claims are numbered from their own counters, one $inc each
// (they are few: no block), from 1001 like orders.
const (
	quoteCounterID = "quotes"
	claimCounterID = "claims"
)

// takeNumbers reserves n consecutive numbers of the counter and returns the
// last (base + the counter's seq).
func (s *Store) takeNumbers(ctx context.Context, counter string, base, n int64) (int64, error) {
	var c counterDoc
	take := func(ctx context.Context) error {
		return s.db.Collection(CollCounters).FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: counter}},
			bson.D{{Key: "$inc", Value: bson.D{{Key: "seq", Value: n}}}},
			options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)).Decode(&c)
	}
	err := s.write(ctx, CollCounters, take)
	if isDuplicate(err) { // two first upserts at once on MongoDB: the counter exists now
		err = s.write(ctx, CollCounters, take)
	}
	if err != nil {
		return 0, translate(err, "")
	}
	return base + c.Seq, nil
}

// unnumbered are the orders stored before order numbers, oldest first
// (served by the index unnumbered).
var (
	unnumbered  = bson.D{{Key: "number", Value: bson.D{{Key: "$exists", Value: false}}}}
	oldestFirst = bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}
)

// numberOrders gives each order stored before order numbers its number, in
// createdAt (then _id) order, continuing the counter. It runs at start; when
// no order lacks a number it costs one pass over the orders' mirror
// (embedded) or one indexed query that finds nothing (MongoDB).
func (s *Store) numberOrders(ctx context.Context) error {
	var missing []mirror.Order
	if s.orders.mem != nil {
		missing = s.orders.mem.Find("createdAt", mirror.Unnumbered)
	} else {
		cur, err := s.orders.c.Find(ctx, unnumbered, options.Find().SetSort(oldestFirst).
			SetProjection(bson.D{{Key: "_id", Value: 1}, {Key: "createdAt", Value: 1}}))
		if err != nil {
			return translate(err, "")
		}
		if err := cur.All(ctx, &missing); err != nil {
			return translate(err, "")
		}
	}
	if len(missing) == 0 {
		return nil
	}
	start := time.Now()
	last, err := s.takeOrderNumbers(ctx, int64(len(missing)))
	if err != nil {
		return err
	}
	next := last - int64(len(missing)) + 1
	numbered := 0
	for _, d := range missing {
		number := next
		next++
		set := bson.D{{Key: "$set", Value: bson.D{{Key: "number", Value: number}}}}
		_, err := s.orders.update(ctx, d.ID, guard[mirror.Order]{
			filter: unnumbered,
			check:  mirror.NotNumbered,
			apply: func(o mirror.Order) (bson.D, mirror.Order) {
				o.Number = number
				return set, o
			},
		}, set)
		switch shop.ErrorCode(err) {
		case "":
			numbered++
		case shop.ECONFLICT, shop.ENOTFOUND:
			// Numbered or deleted meanwhile (another instance on the same
			// MongoDB): its number is skipped.
		default:
			return err
		}
	}
	s.log.Info("numbered the orders stored before order numbers", "orders", numbered, "took", time.Since(start).Round(time.Millisecond))
	return nil
}
