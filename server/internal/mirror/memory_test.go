package mirror

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// The mirrors' memory at bench:scale:large's size (issue 46), measured as
// the live heap they hold after a collection: 202,000 orders from 20,000
// customers (twenty with 500 each) over 100,000 products, a purchase each
// (a quarter of the orders in carts of 2 to 6), a tenth paid, a tenth
// shipped; and 100,000 products of thirty specifications and four
// pictures. The data is shaped as the large bench's requests make it.
//
//	go test -run '^$' -bench '^BenchmarkMirrorMemory' -benchtime 1x ./server/internal/mirror/
func BenchmarkMirrorMemoryOrders(b *testing.B) {
	for range b.N {
		om, gm := Orders("orders").Init(), Groups("groups").Init()
		heap := liveHeap(func() {
			orders, groups := scaleOrderDocs(202_000, 20_000, 100_000)
			om.Load(orders)
			gm.Load(groups)
		})
		_, oest := om.Size()
		_, gest := gm.Size()
		b.ReportMetric(float64(heap)/1e6, "heap-MB")
		b.ReportMetric(float64(oest)/1e6, "orders-estimate-MB")
		b.ReportMetric(float64(gest)/1e6, "groups-estimate-MB")
		runtime.KeepAlive(om)
		runtime.KeepAlive(gm)
	}
}

func BenchmarkMirrorMemoryProducts(b *testing.B) {
	for range b.N {
		m := Products("service").Init()
		heap := liveHeap(func() { m.Load(scaleProductDocs(100_000)) })
		_, est := m.Size()
		b.ReportMetric(float64(heap)/1e6, "heap-MB")
		b.ReportMetric(float64(est)/1e6, "estimate-MB")
		runtime.KeepAlive(m)
	}
}

// liveHeap is how much more live heap there is after fill than before it
// (fill makes the documents, as a store's decoder would, and loads them).
func liveHeap(fill func()) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	fill()
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

func testID(kind byte, n int) ID {
	var id ID
	id[0] = kind
	binary.BigEndian.PutUint64(id[4:], uint64(n))
	return id
}

// scaleOrderDocs are orders and their purchases as the large bench's
// POST /order and /checkout store them, decoded afresh (each string its
// own copy, as the store's decoder gives them).
func scaleOrderDocs(n, customers, products int) ([]Order, []Group) {
	r := rand.New(rand.NewPCG(5, 6))
	base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	var orders []Order
	var groups []Group
	for p := 0; len(orders) < n; p++ {
		size := 1
		if p%13 == 12 {
			size = 2 + r.IntN(5)
		}
		size = min(size, n-len(orders))
		c := 20 + p%(customers-20)
		if len(orders) < 20*500 {
			c = len(orders) / 500
		}
		at := base.Add(time.Duration(p) * time.Second)
		g := Group{ID: testID(2, p), Number: int64(p + 1), Email: fmt.Sprintf("buyer%05d@scale.test", c), CreatedAt: at}
		if size > 1 {
			g.PONumber = "PO-" + strconv.Itoa(p)
		}
		paid, shipped := p%10 == 3, p%10 == 7
		for range size {
			pr := r.IntN(products)
			o := Order{ID: testID(1, len(orders)), Number: int64(len(orders) + 1), Name: fmt.Sprintf("Buyer %05d", c), Email: fmt.Sprintf("buyer%05d@scale.test", c),
				Image: fmt.Sprintf("https://media.scale.test/parts/%06d-1.jpg", pr), ProductID: testID(3, pr), ProductName: fmt.Sprintf("Heavy Lathe %05d", pr),
				ProductPrice: 1234.5, ProductQuantity: 2, Amount: 246900, Address: fmt.Sprintf("Unit %d, Mill Road, Leeds", p%90+1),
				Mobile: fmt.Sprintf("+44 113 496 0%03d", p%1000), Pending: true, CreatedAt: at, Group: g.ID}
			if paid {
				t := at.Add(time.Hour)
				o.Paid, o.PaidAt, o.TransactionID, o.PaymentIntentID = true, &t, fmt.Sprintf("pi_test_%024d", p), fmt.Sprintf("pi_test_%024d", p)
			}
			if shipped {
				t := at.Add(2 * time.Hour)
				o.Shipped, o.ShippedAt, o.Carrier, o.TrackingNumber = true, &t, "DHL", fmt.Sprintf("JD%016d", p)
			}
			orders = append(orders, o)
			g.OrderIDs = append(g.OrderIDs, o.ID)
			g.Total += 2469
		}
		if paid {
			t := at.Add(time.Hour)
			g.Paid, g.PaidAt, g.TransactionID, g.PaymentIntentID = true, &t, fmt.Sprintf("pi_test_%024d", p), fmt.Sprintf("pi_test_%024d", p)
		}
		if shipped {
			t := at.Add(2 * time.Hour)
			g.Shipped, g.ShippedAt, g.Carrier, g.TrackingNumber = true, &t, "DHL", fmt.Sprintf("JD%016d", p)
		}
		groups = append(groups, g)
	}
	return orders, groups
}

// scaleProductDocs are the large bench's catalogue as the import stores
// it: thirty specifications and four pictures a product, ten categories.
func scaleProductDocs(n int) []Product {
	kinds := []string{"Lathe", "Pump", "Press", "Drill", "Band Saw", "Compressor", "Grinder", "Welder", "Hoist", "Mixer"}
	sizes := []string{"Compact", "Heavy", "Pro", "XL", "Mk II"}
	specNames := []string{"Power", "Weight", "Length", "Width", "Height", "Speed", "Pressure", "Flow", "Voltage", "Capacity"}
	units := []string{"kW", "kg", "mm", "mm", "mm", "rpm", "bar", "l/min", "V", "kg"}
	words := []string{"bearings", "gearbox", "hydraulics", "pneumatics", "coolant", "spindle", "chuck", "clutch", "impeller", "inverter"}
	r := rand.New(rand.NewPCG(3, 4))
	base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	out := make([]Product, n)
	for i := range out {
		kind := kinds[(i/len(sizes))%len(kinds)]
		name := fmt.Sprintf("%s %s %06d", sizes[i%len(sizes)], kind, i)
		specs := make([]Spec, 30)
		for j := range specs {
			specs[j] = Spec{Name: specNames[j%len(specNames)] + " " + strconv.Itoa(j), Value: strconv.Itoa(1 + r.IntN(5000)), Unit: units[j%len(units)]}
		}
		pics := make([]string, 4)
		for k := range pics {
			pics[k] = fmt.Sprintf("https://media.scale.test/parts/%06d-%d.jpg", i, k+1)
		}
		out[i] = Product{ID: testID(3, i), Name: name, Price: float64(50 + r.IntN(20000)), Image: pics[0], Images: pics,
			Description: fmt.Sprintf("%s for workshops and plants: cast frame, %d kW drive, %s and %s, two-year warranty.", name, 1+r.IntN(40),
				words[r.IntN(len(words))], words[r.IntN(len(words))]),
			Available: 1_000_000, Minimum: 1, Email: "owner@scale.test", CreatedAt: base.Add(time.Duration(i) * time.Millisecond),
			UpdatedAt: base.Add(time.Duration(i) * time.Millisecond), SKU: fmt.Sprintf("SC-%06d", i), Category: kind + "s", Specs: PackSpecs(specs)}
	}
	return out
}
