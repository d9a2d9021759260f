package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

// StockHold is one order's hold on a product's stock.
type StockHold struct {
	Order  ID        `bson:"order"`
	Qty    int64     `bson:"qty"`
	At     time.Time `bson:"at"`
	Cancel bool      `bson:"cancel,omitempty"`
}

// HoldOf returns the order's hold: its cancelling one if it has one.
func HoldOf(p Product, order ID) (StockHold, bool) {
	var found StockHold
	ok := false
	for _, h := range p.Holds {
		if h.Order == order && (!ok || h.Cancel) {
			found, ok = h, true
		}
	}
	return found, ok
}

// ErrHeld and ErrSettled answer a stock step whose order's hold is not as
// the step expects.
var (
	ErrHeld    = shop.Errorf(shop.ECONFLICT, "The order is already being changed. Please try again.")
	ErrSettled = shop.Errorf(shop.ECONFLICT, "The stock hold was settled already.")
)

// CanReserve is ReserveStock's precondition: stock enough, and no hold of
// the order yet (MongoDB: {avaialbequantit: {$gte: qty}} and noHoldOf).
func CanReserve(order ID, qty int64) func(Product) error {
	return func(p Product) error {
		if p.Available < qty {
			return shop.Errorf(shop.ECONFLICT, "Only %d of %s left in stock.", p.Available, p.Name)
		}
		if _, held := HoldOf(p, order); held {
			return ErrHeld
		}
		return nil
	}
}

// CanHold is HoldStock's: no cancelling hold of the order (on MongoDB, no
// hold of it at all: noHoldOf; embedded, its placing hold is replaced).
func CanHold(order ID, embedded bool) func(Product) error {
	return func(p Product) error {
		if h, held := HoldOf(p, order); held && (h.Cancel || !embedded) {
			return ErrHeld
		}
		return nil
	}
}

// HoldIs is a settle's: the order's hold is still h (MongoDB: the hold of
// the order is there, one per order, never changed).
func HoldIs(order ID, h StockHold) func(Product) error {
	return func(p Product) error {
		if cur, held := HoldOf(p, order); !held || cur != h {
			return ErrSettled
		}
		return nil
	}
}

// HoldsBefore matches the products with a hold made before cutoff
// (staleHolds).
func HoldsBefore(cutoff time.Time) func(*Product) bool {
	return func(p *Product) bool {
		for _, h := range p.Holds {
			if h.At.Before(cutoff) {
				return true
			}
		}
		return false
	}
}

// SettledHolds returns holds without the placing holds whose orders exist
// (in the orders' mirror: embedded only) and without drop's holds, as a new
// slice (nil when empty, as the store gives back an absent field).
func SettledHolds(holds []StockHold, drop ID, orders *Mirror[ID, Order]) []StockHold {
	var out []StockHold
	for _, h := range holds {
		if h.Order == drop {
			continue
		}
		if !h.Cancel {
			if _, placed := orders.Get(h.Order); placed {
				continue
			}
		}
		out = append(out, h)
	}
	return out
}
