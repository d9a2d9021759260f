package shop

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"time"
)

// SalesStore reads what the admin's sales figures and order export are
// computed from.
type SalesStore interface {
	Versions
	// PaidSales returns the figures of the orders paid in the months
	// calendar months (UTC) from first (the first month's first day), by
	// paidAt, replacements (amount 0) left out: each month's (Months, in
	// order, Month filled in) and the TopProductsShown products of the
	// most revenue (TopProducts: ranked by CompareProductSales, each named
	// as its latest order counted, by createdAt and then _id).
	PaidSales(ctx context.Context, first time.Time, months int) (PaidSales, error)
	// UnpaidTotal sums the orders not paid, shipped or not.
	UnpaidTotal(ctx context.Context) (UnpaidSum, error)
	// EachOrderCreatedBetween calls fn with the orders created at or after
	// from and before to, oldest first, a batch at a time (memory bounded
	// whatever the range holds); an error of fn stops it and is returned.
	EachOrderCreatedBetween(ctx context.Context, from, to time.Time, fn func([]Order) error) error
	LowStockProducts(ctx context.Context) ([]Product, error)
}

// PaidSales is the paid orders' share of the sales figures.
type PaidSales struct {
	Months      []MonthSales
	TopProducts []ProductSales
}

// Sales is the answer of GET /admin/sales.
type Sales struct {
	Months      []MonthSales   `json:"months"`
	TopProducts []ProductSales `json:"topProducts"`
	Unpaid      UnpaidSum      `json:"unpaid"`
	LowStock    []LowStock     `json:"lowStock"`
}

// MonthSales is one calendar month (UTC) of paid orders, by paidAt:
// Orders counts their lines, Purchases the purchases they made up (a cart
// of three products is one purchase of three orders).
type MonthSales struct {
	Month     string  `json:"month"` // YYYY-MM
	Revenue   Dollars `json:"revenue"`
	Orders    int64   `json:"orders"`
	Purchases int64   `json:"purchases"`
	Units     int64   `json:"units"`
}

// ProductSales is one product's paid sales over the period.
type ProductSales struct {
	ProductID string  `json:"productId"`
	Name      string  `json:"name"`
	Units     int64   `json:"units"`
	Revenue   Dollars `json:"revenue"`
}

// CompareProductSales ranks the products of the sales figures: the most
// revenue first, then the most units, then by name and id.
func CompareProductSales(a, b ProductSales) int {
	return cmp.Or(cmp.Compare(b.Revenue, a.Revenue), cmp.Compare(b.Units, a.Units), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ProductID, b.ProductID))
}

// TopProductSales sorts ps by CompareProductSales and keeps the first
// TopProductsShown (an empty list, not nil, for none).
func TopProductSales(ps []ProductSales) []ProductSales {
	slices.SortFunc(ps, CompareProductSales)
	return append([]ProductSales{}, ps[:min(len(ps), TopProductsShown)]...)
}

// UnpaidSum is the orders not paid: how many, and their total.
type UnpaidSum struct {
	Count  int64   `json:"count"`
	Amount Dollars `json:"amount"`
}

// LowStock is a product no one can buy: its stock is below its minimum order.
type LowStock struct {
	ID        string `json:"_id"`
	Name      string `json:"name"`
	Available int64  `json:"avaialbequantit"`
	Minimum   int64  `json:"minimumquantity"`
}

// Dollars is an amount in cents that JSON writes as dollars with two
// decimals (1234.50).
type Dollars int64

// String is the amount in dollars with two decimals, no currency sign.
func (d Dollars) String() string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	cents := strconv.FormatInt(int64(d%100), 10)
	if len(cents) == 1 {
		cents = "0" + cents
	}
	return sign + strconv.FormatInt(int64(d/100), 10) + "." + cents
}

// MarshalJSON writes the amount as a JSON number in dollars.
func (d Dollars) MarshalJSON() ([]byte, error) { return []byte(d.String()), nil }

// Sales page limits.
const (
	MinSalesMonths, MaxSalesMonths, DefaultSalesMonths = 1, 24, 6
	TopProductsShown                                   = 5
)

// ErrSalesPeriod answers a months value that is not a whole number from
// MinSalesMonths to MaxSalesMonths.
func ErrSalesPeriod() error {
	return Invalid("The period is not valid.", map[string]string{"months": "must be a whole number from 1 to 24"})
}
