package mirror

import (
	"time"
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
