package mongodb

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/shop"
)

// Placing an order takes stock on the product, then stores the order;
// cancelling deletes the order, then gives the stock back. There are no
// multi-document transactions, so a crash between the two steps would lose
// the stock for good. Each step on the product therefore records a hold,
// {order, qty, at}, in the same single-document update that moves the stock:
// "this product's stock excludes qty for that order". The last step drops
// the hold. A hold that outlives its steps (a crash) is settled by
// RecoverStock by whether its order exists:
//
//   - the order exists: the stock is right; drop the hold;
//   - it does not (never stored, or deleted): give qty back with the hold.
//
// On MongoDB these are atomic per document with the filter as the guard;
// embedded, the guard is checked on the mirror under the write slot.

// stockHold is one order's hold on a product's stock.
type stockHold struct {
	Order bson.ObjectID `bson:"order"`
	Qty   int64         `bson:"qty"`
	At    time.Time     `bson:"at"`
}

func holdOf(p productDoc, order bson.ObjectID) (stockHold, bool) {
	for _, h := range p.Holds {
		if h.Order == order {
			return h, true
		}
	}
	return stockHold{}, false
}

func stockIDs(productID, orderID string) (bson.ObjectID, bson.ObjectID, error) {
	pid, err := objectID(productID)
	if err != nil {
		return pid, pid, err
	}
	oid, err := objectID(orderID)
	return pid, oid, err
}

var errHeld = shop.Errorf(shop.ECONFLICT, "The order is already being changed. Please try again.")

// ReserveStock takes qty pieces for order with one guarded write that also
// records the hold, so that concurrent orders never sell more than there is
// and a crash before the order is stored gives them back.
func (s *Store) ReserveStock(ctx context.Context, productID, orderID string, qty int64) error {
	pid, oid, err := stockIDs(productID, orderID)
	if err != nil {
		return err
	}
	if qty < 1 {
		return shop.Errorf(shop.EINVALID, "The quantity must be at least 1.")
	}
	at := now()
	_, err = s.products.update(ctx, pid, guard[productDoc]{
		filter: bson.D{{Key: "avaialbequantit", Value: bson.D{{Key: "$gte", Value: qty}}}, {Key: "stockHolds.order", Value: bson.D{{Key: "$ne", Value: oid}}}},
		check: func(p productDoc) error {
			if p.Available < qty {
				return shop.Errorf(shop.ECONFLICT, "Only %d of %s left in stock.", p.Available, p.Name)
			}
			if _, held := holdOf(p, oid); held {
				return errHeld
			}
			return nil
		},
	}, bson.D{
		{Key: "$inc", Value: bson.D{{Key: "avaialbequantit", Value: -qty}}},
		{Key: "$push", Value: bson.D{{Key: "stockHolds", Value: stockHold{Order: oid, Qty: qty, At: at}}}},
		{Key: "$set", Value: bson.D{{Key: "updatedAt", Value: at}}},
	})
	return err
}

// HoldStock records a hold of qty for an order about to be deleted; the
// stock itself comes back with ReleaseStock once the order is gone.
func (s *Store) HoldStock(ctx context.Context, productID, orderID string, qty int64) error {
	pid, oid, err := stockIDs(productID, orderID)
	if err != nil {
		return err
	}
	_, err = s.products.update(ctx, pid, guard[productDoc]{
		filter: bson.D{{Key: "stockHolds.order", Value: bson.D{{Key: "$ne", Value: oid}}}},
		check: func(p productDoc) error {
			if _, held := holdOf(p, oid); held {
				return errHeld
			}
			return nil
		},
	}, bson.D{{Key: "$push", Value: bson.D{{Key: "stockHolds", Value: stockHold{Order: oid, Qty: qty, At: now()}}}}})
	return err
}

// KeepStock drops the order's hold: the stock stays as it is.
func (s *Store) KeepStock(ctx context.Context, productID, orderID string) error {
	return s.settleHold(ctx, productID, orderID, false)
}

// ReleaseStock gives the order's held quantity back and drops the hold, in
// one write guarded by the hold itself (so it happens at most once).
func (s *Store) ReleaseStock(ctx context.Context, productID, orderID string) error {
	return s.settleHold(ctx, productID, orderID, true)
}

func (s *Store) settleHold(ctx context.Context, productID, orderID string, giveBack bool) error {
	pid, oid, err := stockIDs(productID, orderID)
	if err != nil {
		return err
	}
	p, err := s.products.get(ctx, pid)
	if err != nil {
		return err
	}
	h, ok := holdOf(p, oid)
	if !ok {
		return nil
	}
	update := bson.D{{Key: "$pull", Value: bson.D{{Key: "stockHolds", Value: h}}}}
	if giveBack {
		update = append(update,
			bson.E{Key: "$inc", Value: bson.D{{Key: "avaialbequantit", Value: h.Qty}}},
			bson.E{Key: "$set", Value: bson.D{{Key: "updatedAt", Value: now()}}})
	}
	_, err = s.products.update(ctx, pid, guard[productDoc]{
		// The order's hold is still there: one per order, never changed.
		filter: bson.D{{Key: "stockHolds.order", Value: oid}},
		check: func(p productDoc) error {
			if cur, held := holdOf(p, oid); !held || cur != h {
				return errSettled
			}
			return nil
		},
	}, update)
	if err == errSettled {
		return nil // settled in between, by the other step or by recovery
	}
	return err
}

var errSettled = shop.Errorf(shop.ECONFLICT, "The stock hold was settled already.")

// StaleHolds is how old a hold must be before RecoverStock settles it on a
// shared MongoDB, where another instance may still be between its steps
// (each step's write gives up after far less). Embedded, this process is
// the only writer: at start every hold is stale.
const StaleHolds = 10 * time.Minute

// staleHolds finds the products with a hold made before cutoff (MongoDB;
// the index stock_holds serves it).
func staleHolds(cutoff time.Time) bson.D {
	return bson.D{{Key: "stockHolds.at", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// RecoverStock settles every hold made before cutoff: it gives the stock
// back when the hold's order does not exist, and drops the hold when it
// does. It reports how many holds gave stock back, and how many were kept.
func (s *Store) RecoverStock(ctx context.Context, cutoff time.Time) (released, kept int, err error) {
	old := func(h stockHold) bool { return h.At.Before(cutoff) }
	docs, _, err := s.products.list(ctx, listQuery[productDoc]{
		index: "createdAt", limit: 1 << 30,
		match: func(p *productDoc) bool {
			for _, h := range p.Holds {
				if old(h) {
					return true
				}
			}
			return false
		},
		filter: staleHolds(cutoff),
	})
	if err != nil {
		return 0, 0, err
	}
	for _, p := range docs {
		for _, h := range p.Holds {
			if !old(h) {
				continue
			}
			_, err := s.orders.get(ctx, h.Order)
			switch shop.ErrorCode(err) {
			case "":
				err = s.KeepStock(ctx, p.ID.Hex(), h.Order.Hex())
				kept++
			case shop.ENOTFOUND:
				err = s.ReleaseStock(ctx, p.ID.Hex(), h.Order.Hex())
				released++
			}
			if err != nil {
				return released, kept, fmt.Errorf("settle the stock held on %s for order %s: %w", p.ID.Hex(), h.Order.Hex(), err)
			}
		}
	}
	return released, kept, nil
}
