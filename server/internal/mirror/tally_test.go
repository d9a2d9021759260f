package mirror

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestTallies_RandomWrites puts, replaces and removes orders at random
// (one by one and in batches) and, after each step, compares the orders'
// tallies with sums computed here from the documents alone, and the whole
// mirror (tallies and the index of counted orders) with one loaded from
// the same documents: an update that forgot to take the old version's
// contribution away, or added it twice, shows at once.
func TestTallies_RandomWrites(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(46, 1))
	m := Orders("orders").Init()
	docs := map[ID]Order{}
	base := time.Date(2026, 9, 28, 0, 0, 0, 0, time.UTC)
	order := func(n int) Order {
		o := Order{ID: testID(2, n), ProductID: testID(1, r.IntN(4)), ProductName: fmt.Sprintf("Lathe %d", r.IntN(3)),
			ProductQuantity: int64(1 + r.IntN(3)), Amount: int64(r.IntN(3)) * 1000, Email: "a@shop.test",
			CreatedAt: base.Add(time.Duration(r.IntN(72)) * 12 * time.Hour)}
		if r.IntN(2) == 0 {
			o.Group = testID(3, r.IntN(3))
		}
		switch r.IntN(3) {
		case 0: // paid, in one of three months (or its paidAt missing)
			o.Paid = true
			if r.IntN(8) > 0 {
				at := o.CreatedAt.Add(time.Duration(r.IntN(20)) * 24 * time.Hour)
				o.PaidAt = &at
			}
		case 1:
			o.Shipped = true
		}
		return o
	}
	months := 0 // the most months paid orders were counted in
	for step := range 600 {
		switch k := r.IntN(10); {
		case k < 5: // a new or replaced order
			o := order(r.IntN(40))
			m.Put(o)
			docs[o.ID] = o
		case k < 7: // removed (perhaps not there)
			id := testID(2, r.IntN(40))
			m.Remove(id)
			delete(docs, id)
		default: // a batch, an id repeated within it perhaps
			batch := make([]Order, 32+r.IntN(8))
			for i := range batch {
				batch[i] = order(r.IntN(40))
			}
			m.PutMany(batch)
			for _, o := range batch {
				docs[o.ID] = o
			}
		}
		for _, tl := range m.Tallies {
			if err := tl.diff(recountTally(tl, docs)); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			if tl.Name == TallySalesByPurchase {
				months = max(months, len(tl.groups))
			}
		}
		fresh := m.Fresh()
		all := make([]Order, 0, len(docs))
		for _, d := range docs {
			all = append(all, d)
		}
		fresh.Load(all)
		if err := m.Diff(fresh); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
	if months < 3 {
		t.Fatalf("the orders were paid in %d months", months)
	}
}

// recountTally is the named tally of the orders' mirror summed here from
// docs, by the figures' rules as written out (not by the tally's Of).
func recountTally(tl *Tally[Order], docs map[ID]Order) *Tally[Order] {
	want := &Tally[Order]{Name: tl.Name}
	want.init()
	add := func(group, key string, amount, units int64) {
		g := want.groups[group]
		if g == nil {
			g = &TallyGroup{Keys: map[string]*TallyEntry{}}
			want.groups[group] = g
		}
		g.Total.N++
		g.Total.V[0] += amount
		g.Total.V[1] += units
		if key != "" {
			e := g.Keys[key]
			if e == nil {
				e = &TallyEntry{}
				g.Keys[key] = e
			}
			e.N++
			e.V[0] += amount
			e.V[1] += units
		}
	}
	for _, d := range docs {
		counted := d.Paid && d.PaidAt != nil && d.Amount != 0
		month := ""
		if counted {
			month = d.PaidAt.UTC().Format("2006-01")
		}
		purchase := d.Group
		if purchase.IsZero() {
			purchase = d.ID
		}
		switch tl.Name {
		case TallyUnpaid:
			if !d.Paid {
				add("", "", d.Amount, 0)
			}
		case TallySalesByPurchase:
			if counted {
				add(month, string(purchase[:]), d.Amount, d.ProductQuantity)
			}
		case TallySalesByProduct:
			if counted {
				add(month, string(d.ProductID[:]), d.Amount, d.ProductQuantity)
			}
		default:
			panic("no recount of " + tl.Name)
		}
	}
	return want
}

// TestTallies_ForgottenSubtraction: the check above fails on a tally that
// adds a replaced document's contribution without taking the old one away.
func TestTallies_ForgottenSubtraction(t *testing.T) {
	t.Parallel()
	m := Orders("orders").Init()
	o := Order{ID: testID(2, 1), Amount: 500, Email: "a@shop.test"}
	m.Put(o)
	docs := map[ID]Order{o.ID: o}
	o.Amount = 700
	m.Tallies[0].apply(&o, 1) // a Put that only adds
	m.docs[o.ID] = o
	docs[o.ID] = o
	if err := m.Tallies[0].diff(recountTally(m.Tallies[0], docs)); err == nil {
		t.Fatal("no difference found")
	}
	fresh := m.Fresh()
	fresh.Load([]Order{o})
	if err := m.Diff(fresh); err == nil {
		t.Fatal("Diff found no difference")
	}
}

// TestTallyView_Last: the last document of an index's group that a match
// accepts, by the index's order and then _id.
func TestTallyView_Last(t *testing.T) {
	t.Parallel()
	m := Orders("orders").Init()
	day := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	paid := func(n int, name string, created time.Time) Order {
		at := created.Add(time.Hour)
		return Order{ID: testID(2, n), ProductID: testID(1, 1), ProductName: name, Amount: 100, Paid: true, PaidAt: &at, CreatedAt: created}
	}
	m.Put(paid(1, "Old", day))
	m.Put(paid(3, "Tied, greater id", day.Add(time.Hour)))
	m.Put(paid(2, "Tied", day.Add(time.Hour)))
	m.Put(paid(4, "Earlier", day.Add(-time.Hour)))
	product := testID(1, 1)
	key := string(product[:])
	m.ReadTallies(func(v TallyView[ID, Order]) {
		if d, ok := v.Last(IndexSalesByProduct, key, func(*Order) bool { return true }); !ok || d.ProductName != "Tied, greater id" {
			t.Errorf("latest: %q %v", d.ProductName, ok)
		}
		if d, ok := v.Last(IndexSalesByProduct, key, func(d *Order) bool { return d.CreatedAt.Before(day.Add(time.Hour)) }); !ok || d.ProductName != "Old" {
			t.Errorf("latest before: %q %v", d.ProductName, ok)
		}
		if _, ok := v.Last(IndexSalesByProduct, key, func(*Order) bool { return false }); ok {
			t.Error("found one none matches")
		}
		if g := v.Group(TallySalesByProduct, "2026-10"); g == nil || g.Total != (TallyEntry{N: 4, V: TallyValues{400, 0}}) {
			t.Errorf("October: %+v", g)
		}
	})
}
