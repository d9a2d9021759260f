package shop

import (
	"context"
	"strconv"
	"time"
)

// SalesStore reads what the admin's sales figures and order export are
// computed from.
type SalesStore interface {
	Versions
	// EachPaidSince calls fn with every order paid at or after since, in
	// no order. fn must be quick and must not call the store: embedded, it
	// runs under the orders' read lock, so nothing is copied but the sale.
	EachPaidSince(ctx context.Context, since time.Time, fn func(PaidSale)) error
	// UnpaidTotal sums the orders not paid, shipped or not.
	UnpaidTotal(ctx context.Context) (UnpaidSum, error)
	// EachOrderCreatedBetween calls fn with the orders created at or after
	// from and before to, oldest first, a batch at a time (memory bounded
	// whatever the range holds); an error of fn stops it and is returned.
	EachOrderCreatedBetween(ctx context.Context, from, to time.Time, fn func([]Order) error) error
	LowStockProducts(ctx context.Context) ([]Product, error)
}

// PaidSale is what the sales figures read of a paid order.
type PaidSale struct {
	ProductID, ProductName string
	Quantity, Amount       int64 // Amount in cents
	CreatedAt, PaidAt      time.Time
	// Purchase is the purchase it is a line of (comparable, not shown).
	Purchase [12]byte
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
