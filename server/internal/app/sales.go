package app

import (
	"context"
	"time"

	"storefront/server/internal/shop"
)

// Sales computes the admin's sales figures and reads the orders to export,
// in Go over the store's indexed reads and sums (no aggregation pipelines).
type Sales struct {
	Store shop.SalesStore
	Now   func() time.Time // the clock; nil: time.Now
	// Groups and Invoices give the export each order's purchase (its number
	// as the buyer sees it, PO reference, company) and invoice number (issue
	// 49); either may be nil.
	Groups   shop.GroupStore
	Invoices *Invoices
}

func (s *Sales) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Version grows with every write to the orders or the products: the figures
// read from them are fresh while it is unchanged.
func (s *Sales) Version() uint64 {
	return s.Store.DataVersion(shop.OrderData) + s.Store.DataVersion(shop.ProductData) // both only grow
}

// Month is the calendar month (UTC) of the clock, YYYY-MM: the figures of
// the same months and orders differ from one month to the next.
func (s *Sales) Month() string { return s.now().Format("2006-01") }

// Figures answers GET /admin/sales for the last months calendar months
// (UTC), this one included. Revenue counts paid orders by paidAt;
// replacement orders (amount 0) are left out of every figure but the export.
// The store keeps the paid and unpaid sums up to date as orders are written
// (embedded: the orders' mirror's tallies), so that the first answer after
// a write reads sums, not every order (issue 46).
func (s *Sales) Figures(ctx context.Context, caller shop.Caller, months int) (shop.Sales, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.Sales{}, err
	}
	if months < shop.MinSalesMonths || months > shop.MaxSalesMonths {
		return shop.Sales{}, shop.ErrSalesPeriod()
	}
	now := s.now()
	first := time.Date(now.Year(), now.Month()-time.Month(months-1), 1, 0, 0, 0, 0, time.UTC)
	paid, err := s.Store.PaidSales(ctx, first, months)
	if err != nil {
		return shop.Sales{}, err
	}
	out := shop.Sales{Months: paid.Months, TopProducts: paid.TopProducts, LowStock: []shop.LowStock{}}
	if out.Unpaid, err = s.Store.UnpaidTotal(ctx); err != nil {
		return shop.Sales{}, err
	}

	low, err := s.Store.LowStockProducts(ctx)
	if err != nil {
		return shop.Sales{}, err
	}
	for _, p := range low {
		out.LowStock = append(out.LowStock, shop.LowStock{ID: p.ID, Name: p.Name, Available: p.Available, Minimum: p.Minimum})
	}
	return out, nil
}

// ExportRange is the dates of GET /admin/orders.csv, inclusive, in UTC.
type ExportRange struct {
	From, To time.Time // midnight UTC of each day
}

// ParseExportRange reads from and to (YYYY-MM-DD, inclusive). An empty from
// is the first order's day; an empty to is today.
func (s *Sales) ParseExportRange(from, to string) (ExportRange, error) {
	f := map[string]string{}
	var r ExportRange
	parse := func(field, v string, def time.Time) time.Time {
		if v == "" {
			return def
		}
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			f[field] = "must be a date as YYYY-MM-DD"
		}
		return t
	}
	today := s.now().Truncate(24 * time.Hour)
	r.From = parse("from", from, time.Time{})
	r.To = parse("to", to, today)
	if len(f) == 0 && r.To.Before(r.From) {
		f["to"] = "must not be before from"
	}
	if len(f) > 0 {
		return ExportRange{}, shop.Invalid("The date range is not valid.", f)
	}
	return r, nil
}

// ExportLine is one row of the export: an order (its invoice number filled
// in once paid) and the purchase it is a line of (issue 49; zero when the
// order's group is not stored).
type ExportLine struct {
	shop.Order
	Purchase shop.Group
}

// ExportOrders calls fn with the orders created in the range's days,
// oldest first, a batch at a time (GET /admin/orders.csv streams them),
// each with its purchase and invoice number.
func (s *Sales) ExportOrders(ctx context.Context, caller shop.Caller, r ExportRange, fn func([]ExportLine) error) error {
	if err := shop.RequireAdmin(caller); err != nil {
		return err
	}
	var lines []ExportLine
	// The purchases of the batch before: a purchase's lines are placed
	// together, so they mostly fall in one batch or the next (memory stays
	// bounded by the batch, not by the export).
	var groups, before map[string]shop.Group
	return s.Store.EachOrderCreatedBetween(ctx, r.From, r.To.AddDate(0, 0, 1), func(orders []shop.Order) error {
		if err := s.Invoices.Number(ctx, orders); err != nil {
			return err
		}
		before, groups = groups, make(map[string]shop.Group, len(orders))
		lines = lines[:0]
		for _, o := range orders {
			line := ExportLine{Order: o}
			if id := shop.PurchaseOf(o); s.Groups != nil && id != "" {
				g, seen := groups[id]
				if !seen {
					if g, seen = before[id]; !seen {
						var err error
						g, err = s.Groups.FindGroup(ctx, id) // (by _id: the mirror's)
						switch shop.ErrorCode(err) {
						case "", shop.ENOTFOUND:
						default:
							return err
						}
					}
					groups[id] = g
				}
				line.Purchase = g
			}
			lines = append(lines, line)
		}
		return fn(lines)
	})
}
