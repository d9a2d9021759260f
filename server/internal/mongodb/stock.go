package mongodb

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// Placing an order takes stock on the product, then stores the order;
// cancelling deletes the order, then gives the stock back. There are no
// multi-document transactions, so a crash between the two steps would lose
// the stock for good. Each step on the product therefore records a hold,
// {order, qty, at}, in the same single-document write that moves the stock:
// "this product's stock excludes qty for that order". A hold is settled by
// whether its order exists:
//
//   - the order exists: the stock is right; the hold can go;
//   - it does not (never stored, or deleted): qty comes back with the hold.
//
// A placing hold (cancel false) is settled by the order's existence alone.
// A cancelling hold (cancel true) is written before the order's delete and
// given back after it; it replaces the order's placing hold, so that an
// order never has two holds to give back.
//
// On MongoDB each write is atomic per document with its filter as the
// guard, and a placing hold is dropped as soon as the order is stored
// (KeepStock). Embedded, the single writer computes each write from the
// exact mirror under the write slot (no read-back), and drops the placing
// holds whose orders exist in the product's next stock write instead: a
// placed order costs two writes, as it would without holds.
// RecoverStock settles what a crash left.

func stockIDs(productID, orderID string) (mirror.ID, mirror.ID, error) {
	pid, err := objectID(productID)
	if err != nil {
		return pid, pid, err
	}
	oid, err := objectID(orderID)
	return pid, oid, err
}

// stockWrite is the embedded write of a product's new stock and holds.
func stockWrite(p mirror.Product, available int64, holds []mirror.StockHold, at time.Time) (bson.D, mirror.Product) {
	p = p.WithStock(available, holds, at)
	set := bson.D{{Key: "avaialbequantit", Value: available}}
	if !at.IsZero() {
		set = append(set, bson.E{Key: "updatedAt", Value: p.UpdatedAt})
	}
	if len(holds) == 0 {
		return bson.D{{Key: "$set", Value: set}, {Key: "$unset", Value: bson.D{{Key: "stockHolds", Value: ""}}}}, p
	}
	return bson.D{{Key: "$set", Value: append(set, bson.E{Key: "stockHolds", Value: holds})}}, p
}

// noHoldOf is the filter "the product has no hold of this order". (As
// $nor rather than {"stockHolds.order": {$ne: order}}, which means the same
// on MongoDB, and which FerretDB v1 reads as "some hold is another
// order's" once a product has two holds.)
func noHoldOf(order mirror.ID) bson.E {
	return bson.E{Key: "$nor", Value: bson.A{bson.D{{Key: "stockHolds.order", Value: order}}}}
}

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
	at := s.now()
	hold := mirror.StockHold{Order: oid, Qty: qty, At: at}
	_, err = s.products.update(ctx, pid, guard[mirror.Product]{
		filter: bson.D{{Key: "avaialbequantit", Value: bson.D{{Key: "$gte", Value: qty}}}, noHoldOf(oid)},
		check:  mirror.CanReserve(oid, qty),
		apply: func(p mirror.Product) (bson.D, mirror.Product) {
			return stockWrite(p, p.Available-qty, append(mirror.SettledHolds(p.Holds, oid, s.orders.mem.Mem), hold), at)
		},
	}, bson.D{
		{Key: "$inc", Value: bson.D{{Key: "avaialbequantit", Value: -qty}}},
		{Key: "$push", Value: bson.D{{Key: "stockHolds", Value: hold}}},
		{Key: "$set", Value: bson.D{{Key: "updatedAt", Value: at}}},
	})
	return err
}

// HoldStock records a cancelling hold of qty for an order about to be
// deleted, in place of its placing hold; the stock itself comes back with
// ReleaseStock once the order is gone.
func (s *Store) HoldStock(ctx context.Context, productID, orderID string, qty int64) error {
	pid, oid, err := stockIDs(productID, orderID)
	if err != nil {
		return err
	}
	hold := mirror.StockHold{Order: oid, Qty: qty, At: s.now(), Cancel: true}
	_, err = s.products.update(ctx, pid, guard[mirror.Product]{
		filter: bson.D{noHoldOf(oid)},
		check:  mirror.CanHold(oid, s.Embedded()),
		apply: func(p mirror.Product) (bson.D, mirror.Product) {
			return stockWrite(p, p.Available, append(mirror.SettledHolds(p.Holds, oid, s.orders.mem.Mem), hold), time.Time{})
		},
	}, bson.D{{Key: "$push", Value: bson.D{{Key: "stockHolds", Value: hold}}}})
	return err
}

// KeepStock drops the order's hold: the stock stays as it is. Embedded,
// a placing hold is left for the product's next stock write to drop.
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
	h, ok := mirror.HoldOf(p, oid)
	if !ok || (!giveBack && !h.Cancel && s.Embedded()) {
		return nil
	}
	update := bson.D{{Key: "$pull", Value: bson.D{{Key: "stockHolds", Value: h}}}}
	if giveBack {
		update = append(update,
			bson.E{Key: "$inc", Value: bson.D{{Key: "avaialbequantit", Value: h.Qty}}},
			bson.E{Key: "$set", Value: bson.D{{Key: "updatedAt", Value: s.now()}}})
	}
	_, err = s.products.update(ctx, pid, guard[mirror.Product]{
		// The order's hold is still there: one per order on MongoDB, never
		// changed.
		filter: bson.D{{Key: "stockHolds.order", Value: oid}},
		check:  mirror.HoldIs(oid, h),
		apply: func(p mirror.Product) (bson.D, mirror.Product) {
			holds := slices.DeleteFunc(slices.Clone(p.Holds), func(x mirror.StockHold) bool { return x == h })
			if len(holds) == 0 {
				holds = nil
			}
			if giveBack {
				return stockWrite(p, p.Available+h.Qty, holds, s.now())
			}
			return stockWrite(p, p.Available, holds, time.Time{})
		},
	}, update)
	if err == mirror.ErrSettled {
		return nil // settled in between, by the other step or by recovery
	}
	return err
}

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

// RecoverStock settles the holds made before cutoff: a hold whose order
// does not exist gives its stock back; a cancelling hold whose order exists
// (the delete did not happen) is dropped, and so, on MongoDB, is a placing
// one (embedded, the product's next stock write drops it, and start-up
// writes nothing for it). It reports how many holds gave stock back, and
// how many were dropped.
func (s *Store) RecoverStock(ctx context.Context, cutoff time.Time) (released, dropped int, err error) {
	old := func(h mirror.StockHold) bool { return h.At.Before(cutoff) }
	match := mirror.HoldsBefore(cutoff)
	if orders := s.orders.mem; orders != nil {
		// Embedded, a placing hold whose order exists is settled (the
		// product's next stock write drops it): only the products with
		// another are read. Most products ever ordered keep one (84,739 of
		// the large bench's 100,000), and copying them all took 0.7 s of
		// each start and of each minute's sweep.
		match = func(p *mirror.Product) bool {
			return slices.ContainsFunc(p.Holds, func(h mirror.StockHold) bool {
				return old(h) && (h.Cancel || !orders.Mem.Has(h.Order))
			})
		}
	}
	docs, _, err := s.products.list(ctx, listQuery[mirror.Product]{
		index: mirror.IndexHolds, limit: 1 << 30, match: match,
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
			o, err := s.orders.get(ctx, h.Order)
			switch shop.ErrorCode(err) {
			case "":
				if !h.Cancel && s.Embedded() {
					continue // (start-up gave the order its group: migratePurchases)
				}
				if !h.Cancel && o.Group.IsZero() {
					// A spec order stored, its group of one maybe not (issue
					// 43: the group goes before the hold): stored now.
					if err := s.EnsureSingleGroup(ctx, o.Shop()); err != nil {
						return released, dropped, fmt.Errorf("store the group of order %s: %w", h.Order.Hex(), err)
					}
				}
				err = s.KeepStock(ctx, p.ID.Hex(), h.Order.Hex())
				dropped++
			case shop.ENOTFOUND:
				err = s.ReleaseStock(ctx, p.ID.Hex(), h.Order.Hex())
				released++
			}
			if err != nil {
				return released, dropped, fmt.Errorf("settle the stock held on %s for order %s: %w", p.ID.Hex(), h.Order.Hex(), err)
			}
		}
	}
	return released, dropped, nil
}
