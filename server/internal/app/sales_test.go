package app_test

import (
	"context"
	"reflect"
	"testing"

	"storefront/server/internal/app"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// TestSales_FiguresAfterWrites: the figures after each kind of write to
// the orders (placed, paid, paid in the next month, shipped, cancelled, a
// replacement of amount 0, a purchase of two lines, a product renamed
// between orders), each answer computed anew and checked whole (issue 46:
// embedded, they are sums the orders' mirror keeps with every write).
func TestSales_FiguresAfterWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := testclock.At("2026-10-15T12:00:00Z")
	s := mongotest.MustOpenWith(t, func(c *mongodb.Config) { c.Clock = clock.Now })
	sales := &app.Sales{Store: s, Now: clock.Now}
	admin := &shop.User{Email: "boss@shop.test", Role: shop.RoleAdmin}
	product := func(name string, price shop.Cents) string {
		t.Helper()
		id, err := s.InsertProduct(ctx, shop.ProductDraft{Name: name, Price: price, Description: "A machine.", Available: 50, Minimum: 1, Email: "ops@shop.test"})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	press, pump := product("Drill Press", 100_00), product("Water Pump", 25_50)
	order := func(productID, name string, qty, amount int64, group string) string {
		t.Helper()
		o, err := s.InsertOrder(ctx, shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: productID, ProductName: name,
			ProductPrice: shop.Cents(amount / max(qty, 1)), ProductQuantity: qty, Amount: amount, Group: group, Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
		if err != nil {
			t.Fatal(err)
		}
		return o.ID
	}
	pay := func(id, transaction string) {
		t.Helper()
		if _, err := s.MarkOrderPaid(ctx, id, transaction); err != nil {
			t.Fatal(err)
		}
	}
	month := func(m string, revenue shop.Dollars, orders, purchases, units int64) shop.MonthSales {
		return shop.MonthSales{Month: m, Revenue: revenue, Orders: orders, Purchases: purchases, Units: units}
	}
	check := func(step string, months int, want shop.Sales) {
		t.Helper()
		got, err := sales.Figures(ctx, admin, months)
		if err != nil {
			t.Fatal(err)
		}
		got.LowStock = nil
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n got %+v\nwant %+v", step, got, want)
		}
	}
	none := []shop.ProductSales{}

	check("no orders", 2, shop.Sales{Months: []shop.MonthSales{month("2026-09", 0, 0, 0, 0), month("2026-10", 0, 0, 0, 0)}, TopProducts: none})
	a := order(press, "Drill Press", 2, 200_00, "")
	b := order(pump, "Water Pump", 2, 51_00, "")
	check("placed", 1, shop.Sales{Months: []shop.MonthSales{month("2026-10", 0, 0, 0, 0)}, TopProducts: none, Unpaid: shop.UnpaidSum{Count: 2, Amount: 251_00}})
	pay(a, "pi_a")
	check("paid", 1, shop.Sales{Months: []shop.MonthSales{month("2026-10", 200_00, 1, 1, 2)},
		TopProducts: []shop.ProductSales{{ProductID: press, Name: "Drill Press", Units: 2, Revenue: 200_00}}, Unpaid: shop.UnpaidSum{Count: 1, Amount: 51_00}})

	// Placed on October's last second, paid on November's first: November's.
	clock.Set("2026-10-31T23:59:59Z")
	c := order(press, "Drill Press", 3, 300_00, "")
	clock.Set("2026-11-01T00:00:00Z")
	pay(c, "pi_c")
	october := month("2026-10", 200_00, 1, 1, 2)
	check("paid across the month's end", 2, shop.Sales{Months: []shop.MonthSales{october, month("2026-11", 300_00, 1, 1, 3)},
		TopProducts: []shop.ProductSales{{ProductID: press, Name: "Drill Press", Units: 5, Revenue: 500_00}}, Unpaid: shop.UnpaidSum{Count: 1, Amount: 51_00}})
	check("November alone", 1, shop.Sales{Months: []shop.MonthSales{month("2026-11", 300_00, 1, 1, 3)},
		TopProducts: []shop.ProductSales{{ProductID: press, Name: "Drill Press", Units: 3, Revenue: 300_00}}, Unpaid: shop.UnpaidSum{Count: 1, Amount: 51_00}})

	// Shipped unpaid: still unpaid. Cancelled: gone.
	if _, err := s.ShipOrder(ctx, b); err != nil {
		t.Fatal(err)
	}
	d := order(pump, "Water Pump", 1, 25_50, "")
	check("another placed", 1, shop.Sales{Months: []shop.MonthSales{month("2026-11", 300_00, 1, 1, 3)},
		TopProducts: []shop.ProductSales{{ProductID: press, Name: "Drill Press", Units: 3, Revenue: 300_00}}, Unpaid: shop.UnpaidSum{Count: 2, Amount: 76_50}})
	marker := s.NewOrderID()
	if _, err := s.BeginCancel(ctx, d, marker); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteUnpaidOrder(ctx, d, marker); err != nil {
		t.Fatal(err)
	}
	unpaid := shop.UnpaidSum{Count: 1, Amount: 51_00}
	check("shipped and cancelled", 1, shop.Sales{Months: []shop.MonthSales{month("2026-11", 300_00, 1, 1, 3)},
		TopProducts: []shop.ProductSales{{ProductID: press, Name: "Drill Press", Units: 3, Revenue: 300_00}}, Unpaid: unpaid})

	// A replacement (amount 0, paid): in no figure.
	pay(order(pump, "Water Pump", 1, 0, ""), "replacement:1")
	check("a replacement", 1, shop.Sales{Months: []shop.MonthSales{month("2026-11", 300_00, 1, 1, 3)},
		TopProducts: []shop.ProductSales{{ProductID: press, Name: "Drill Press", Units: 3, Revenue: 300_00}}, Unpaid: unpaid})

	// A purchase of two lines, the press renamed before it: one purchase,
	// two orders, and the press named as its latest order.
	clock.Set("2026-11-03T09:30:00Z")
	group := s.NewOrderID()
	e, f := order(press, "Drill Press Mk II", 1, 100_00, group), order(pump, "Water Pump", 4, 102_00, group)
	pay(e, "pi_ef")
	check("a purchase's first line paid", 1, shop.Sales{Months: []shop.MonthSales{month("2026-11", 400_00, 2, 2, 4)},
		TopProducts: []shop.ProductSales{{ProductID: press, Name: "Drill Press Mk II", Units: 4, Revenue: 400_00}}, Unpaid: shop.UnpaidSum{Count: 2, Amount: 153_00}})
	pay(f, "pi_ef")
	check("both lines paid", 2, shop.Sales{Months: []shop.MonthSales{october, month("2026-11", 502_00, 3, 2, 8)},
		TopProducts: []shop.ProductSales{{ProductID: press, Name: "Drill Press Mk II", Units: 6, Revenue: 600_00}, {ProductID: pump, Name: "Water Pump", Units: 4, Revenue: 102_00}},
		Unpaid:      unpaid})
	// A new month: an empty one, the others as they were.
	clock.Set("2026-12-01T00:00:00Z")
	check("a new month", 3, shop.Sales{Months: []shop.MonthSales{october, month("2026-11", 502_00, 3, 2, 8), month("2026-12", 0, 0, 0, 0)},
		TopProducts: []shop.ProductSales{{ProductID: press, Name: "Drill Press Mk II", Units: 6, Revenue: 600_00}, {ProductID: pump, Name: "Water Pump", Units: 4, Revenue: 102_00}},
		Unpaid:      unpaid})
}
