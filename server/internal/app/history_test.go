package app_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/anishathalye/porcupine"
	"pgregory.net/rapid"

	"storefront/server/internal/app"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/payment"
	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// TestHistories drives the app layer with randomized concurrent histories
// against the real embedded store: customers place, cancel and pay orders;
// admins ship them, approve replacement claims, edit products; customers
// accept and decline quotes; ops import the catalogue; everyone reads the
// stock. Faults are injected throughout: store writes that fail after they
// committed, panics between the store and its in-memory copy, read-backs
// that fail (the copy goes stale for a while), cancelled request contexts
// and a slow payment provider.
//
// rapid generates each history's plan (products, stock, quotes, claims, and
// each worker's operations); the workers run it concurrently. Afterwards:
//   - porcupine checks the history for linearizability against a sequential
//     model of the products' stock and their orders (historyModel), the last
//     operation being a read of every product's stock and every order;
//   - each product's stock plus the quantities of its live orders equals its
//     starting stock plus what edits and imports added;
//   - Check finds the in-memory copy equal to the store;
//   - a restart reads back the same products and orders.
//
// In go tool task test it runs for -histories (20 s); go tool task soak --
// DURATION runs it longer and prints "operations N, faults N, violations N".
func TestHistories(t *testing.T) {
	t.Parallel()
	mongotest.RequireMongoDB(t, mongotest.MustOpen(t))
	deadline := time.Now().Add(*historiesFor)
	var stats historyStats
	defer func() {
		line := fmt.Sprintf("operations %d, faults %d, violations %d", stats.ops.Load(), stats.faults.Load(), stats.violations.Load())
		t.Log(line)
		if *historiesSummary != "" {
			_ = os.WriteFile(*historiesSummary, []byte(line+"\n"), 0o644)
		}
	}()
	// Rounds of rapid's checks (-rapid.checks, 100 by default) until the
	// time is up; the checks left in the last round pass at once.
	for round := 0; round == 0 || time.Now().Before(deadline) && !t.Failed(); round++ {
		rapid.Check(t, func(rt *rapid.T) {
			if time.Now().After(deadline) {
				return
			}
			runHistory(t, rt, &stats)
		})
	}
}

var (
	historiesFor     = flag.Duration("histories", 20*time.Second, "TestHistories: how long to generate and check histories")
	historiesSummary = flag.String("histories.summary", "", "TestHistories: write the last line (operations, faults, violations) to this file")
)

type historyStats struct {
	ops, faults, violations atomic.Int64
}

// The operations of a history.
const (
	opPlace   = "place"
	opCancel  = "cancel"
	opPay     = "pay"
	opShip    = "ship"
	opApprove = "approve"
	opAccept  = "accept"
	opDecline = "decline"
	opEdit    = "edit"
	opImport  = "import"
	opRead    = "read"
	opFinal   = "final"
	// Issue 43: a cart, and the calls on a purchase (a group of one, a
	// cart's, a quote's): its payment, cancel, shipment and expiry.
	opCheckout    = "checkout"
	opGroupPay    = "group-pay"
	opGroupCancel = "group-cancel"
	opGroupShip   = "group-ship"
	opExpire      = "expire"
	// A second buyer's orders, and an admin's deletion of that account,
	// which cancels its unpaid purchases (its later orders are refused).
	opPlaceBob  = "place-bob"
	opDeleteBob = "delete-bob"
	// Issue 45: a company's buyer (Cora, limit $0) orders above her limit,
	// so each of her purchases awaits approval; her company's approver
	// approves or declines it, and she may cancel it.
	opPlaceOver     = "place-over"
	opGroupApprove  = "group-approve"
	opGroupDeclineA = "group-decline"
	opCoraCancel    = "cora-cancel"
	// Issue 48: Ann buys with freight on quote: the purchase awaits its
	// freight price (it cannot be paid, never expires, does not count
	// against UNPAID_LIMIT) until an admin prices it, once.
	opPlaceFreight = "place-freight"
	opPriceFreight = "price-freight"
)

var opKinds = []string{opPlace, opPlace, opPlace, opPlace, opCancel, opCancel, opCancel, opPay, opPay, opShip, opApprove,
	opAccept, opDecline, opEdit, opImport, opRead, opRead, opRead,
	opCheckout, opCheckout, opGroupPay, opGroupCancel, opGroupShip, opExpire, opPlaceBob, opPlaceBob, opDeleteBob,
	opPlaceOver, opPlaceOver, opGroupApprove, opGroupDeclineA, opCoraCancel, opPlaceFreight, opPlaceFreight, opPriceFreight}

// step is one planned operation of a worker.
type step struct {
	Kind    string
	Product int   // index into the history's products
	Qty     int64 // place: pieces; edit, import: the change of stock asked for
	Pick    int   // which known order, claim or quote (modulo how many there are)
	Cancel  bool  // run it with a context that ends after a moment
}

// plan is what rapid generates for one history.
type plan struct {
	Stock    []int64  // each product's starting stock
	Quotes   [][2]int // quotes: items of (product, quantity), one or two
	Claims   []int    // claimed shipped orders: their product
	Workers  [][]step
	FaultPct int // chance, in percent, that a store write fails after committing or panics
}

func planGen() *rapid.Generator[plan] {
	return rapid.Custom(func(t *rapid.T) plan {
		var p plan
		products := rapid.IntRange(1, 3).Draw(t, "products")
		for i := range products {
			p.Stock = append(p.Stock, rapid.Int64Range(0, 24).Draw(t, fmt.Sprintf("stock%d", i)))
		}
		for i := range rapid.IntRange(0, 3).Draw(t, "quotes") {
			q := []int{rapid.IntRange(0, products-1).Draw(t, fmt.Sprintf("quote%d.product", i)), rapid.IntRange(1, 6).Draw(t, fmt.Sprintf("quote%d.qty", i))}
			p.Quotes = append(p.Quotes, [2]int{q[0], q[1]})
			if products > 1 && rapid.Bool().Draw(t, fmt.Sprintf("quote%d.second", i)) {
				second := (q[0] + 1) % products
				p.Quotes = append(p.Quotes, [2]int{-1 - second, rapid.IntRange(1, 6).Draw(t, fmt.Sprintf("quote%d.qty2", i))})
			}
		}
		for i := range rapid.IntRange(0, 3).Draw(t, "claims") {
			p.Claims = append(p.Claims, rapid.IntRange(0, products-1).Draw(t, fmt.Sprintf("claim%d", i)))
		}
		p.FaultPct = rapid.IntRange(0, 8).Draw(t, "faultPct")
		for w := range rapid.IntRange(2, 4).Draw(t, "workers") {
			var steps []step
			for i := range rapid.IntRange(4, 16).Draw(t, fmt.Sprintf("w%d.steps", w)) {
				name := fmt.Sprintf("w%d.%d", w, i)
				s := step{
					Kind:    rapid.SampledFrom(opKinds).Draw(t, name+".kind"),
					Product: rapid.IntRange(0, products-1).Draw(t, name+".product"),
					Qty:     rapid.Int64Range(1, 5).Draw(t, name+".qty"),
					Pick:    rapid.IntRange(0, 1<<20).Draw(t, name+".pick"),
					Cancel:  rapid.IntRange(0, 9).Draw(t, name+".cancel") == 0,
				}
				if s.Kind == opEdit || s.Kind == opImport {
					s.Qty = rapid.Int64Range(-6, 10).Draw(t, name+".change")
				}
				steps = append(steps, s)
			}
			p.Workers = append(p.Workers, steps)
		}
		return p
	})
}

// quoteItems turns the plan's flat quote list into quotes of one or two
// items (a negative product marks the second item of the quote before).
func (p plan) quoteItems() [][][2]int {
	var out [][][2]int
	for _, q := range p.Quotes {
		if q[0] < 0 {
			last := out[len(out)-1]
			out[len(out)-1] = append(last, [2]int{-1 - q[0], q[1]})
			continue
		}
		out = append(out, [][2]int{q})
	}
	return out
}

// faultHook injects the plan's store faults: after a store write, with the
// plan's chance, an error (as if the store answered it after committing)
// or a panic; and read-backs fail during the windows readsFail opens.
type faultHook struct {
	pct       int
	injected  atomic.Int64
	readsFail atomic.Bool
	off       atomic.Bool
}

var errInjected = errors.New("injected: the store's answer was lost after the write")

func (f *faultHook) hook(collection, step string) error {
	if f.off.Load() {
		return nil
	}
	switch step {
	case mongodb.FaultReadBack:
		if f.readsFail.Load() {
			f.injected.Add(1)
			return errInjected
		}
	case mongodb.FaultDelayCommit:
		if rand.IntN(200) < f.pct {
			f.injected.Add(1)
			return errInjected
		}
	case mongodb.FaultAfterWrite:
		if rand.IntN(100) < f.pct {
			f.injected.Add(1)
			if rand.IntN(3) == 0 {
				panic("injected: a panic between the store's write and its in-memory copy")
			}
			return errInjected
		}
	}
	return nil
}

// slowProvider is the test-mode provider answering after a random moment,
// as a far-away Stripe does: cancels and payments interleave in its waits.
type slowProvider struct{ shop.PaymentProvider }

func pause() { time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond) }

func (p slowProvider) GetIntent(ctx context.Context, id string) (shop.PaymentIntent, error) {
	pause()
	return p.PaymentProvider.GetIntent(ctx, id)
}

func (p slowProvider) CancelIntent(ctx context.Context, id string) (shop.PaymentIntent, error) {
	pause()
	return p.PaymentProvider.CancelIntent(ctx, id)
}

// recorder is a worker's order store: it remembers the ids of the orders
// its current operation is about to place, so that an operation whose
// outcome is unknown still names them.
type recorder struct {
	shop.OrderStore
	ids []string
}

func (r *recorder) NewOrderID() string {
	id := r.OrderStore.NewOrderID()
	r.ids = append(r.ids, id)
	return id
}

// groupRecorder remembers the id of the group a checkout is about to store.
type groupRecorder struct {
	shop.GroupStore
	ids []string
}

func (r *groupRecorder) NewGroupID() string {
	id := r.GroupStore.NewGroupID()
	r.ids = append(r.ids, id)
	return id
}

// worker is one client of the history: its own services over the shared
// store (each services' order ids go through its recorder).
type worker struct {
	id        int
	rec       *recorder
	grec      *groupRecorder
	orders    *app.Orders
	payments  *app.Payments
	purchases *app.Purchases
	accounts  *app.Accounts
	quotes    *app.Quotes
	claims    *app.Claims
	catalog   *app.Catalogue
	testMode  *payment.TestMode
}

// history is one run: the store, the people, what is known so far, and
// the operations recorded.
type history struct {
	store    *mongodb.Store
	dataDir  string
	faults   *faultHook
	start    time.Time
	customer *shop.User
	bob      *shop.User // a second buyer, whose account an admin may delete
	cora     *shop.User // a company's buyer whose purchases await approval (issue 45)
	val      *shop.User // and its approver
	admin    *shop.User
	products []shop.Product

	mu        sync.Mutex
	ops       []porcupine.Operation
	orders    []knownOrder // placed and answered: what cancel, pay and ship pick from
	bobs      []string     // bob's orders placed and answered (only the deletion acts on them)
	bobsTried []string     // and every one tried, known or not
	coras     []string     // Cora's purchases placed and answered (approved, declined or cancelled by her)
	bought    []string     // the purchases placed and answered: what the purchase calls pick from
	freights  []string     // those placed with freight on quote (issue 48): what pricing picks from
	freight   string       // the freight method's id
	claims    []knownClaim
	quotes    []knownQuote
	cancels   atomic.Int64 // contexts that ended during an operation
	unknowns  int
}

type knownOrder struct {
	id      string
	product int
	qty     int64
}

type knownClaim struct {
	id      string
	product int
	qty     int64
}

type knownQuote struct {
	id       string
	items    [][2]int
	revision int64 // the pricing the customer accepts (it is never re-priced here)
}

func (h *history) now() int64 { return time.Since(h.start).Nanoseconds() }

func (h *history) record(client int, in hin, call int64, out hout) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ret := h.now()
	if out.Result == resUnknown {
		// It may take effect after its caller's answer, until the history
		// ends: a delayed commit lands later, a recovery sweep finishes what
		// it began.
		ret = math.MaxInt64 / 2
		h.unknowns++
	}
	h.ops = append(h.ops, porcupine.Operation{ClientId: client, Input: in, Call: call, Output: out, Return: ret})
}

func (h *history) productIndex(id string) int {
	for i, p := range h.products {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// runHistory runs and checks one history. Violations are logged on t as
// well as failing rt: a history that fails once may not fail again when
// rapid replays it (the interleaving differs), and rapid then reports only
// the replay.
func runHistory(t *testing.T, rt *rapid.T, stats *historyStats) {
	p := planGen().Draw(rt, "plan")
	ctx := context.Background()
	faults := &faultHook{pct: p.FaultPct}
	dataDir, err := os.MkdirTemp("", "histories-")
	if err != nil {
		rt.Fatal(err)
	}
	defer os.RemoveAll(dataDir)
	cfg := mongotest.Config(dataDir) // embedded, or MONGODB_URI's MongoDB (the replica-set job)
	cfg.Faults = faults.hook
	store, err := mongodb.Open(ctx, cfg)
	if err != nil {
		rt.Fatal(err)
	}
	defer func() { _ = store.Close(ctx) }()
	faults.off.Store(true) // the set-up runs without faults
	h := &history{store: store, dataDir: dataDir, faults: faults,
		customer: &shop.User{Email: "ann@shop.test", Name: "Ann"}, bob: &shop.User{Email: "bob@shop.test", Name: "Bob"},
		cora: &shop.User{Email: "cora@quarry.test", Name: "Cora"}, val: &shop.User{Email: "val@quarry.test", Name: "Val"},
		admin: &shop.User{Email: "boss@shop.test", Name: "Boss", Role: "admin"}}
	for _, who := range []**shop.User{&h.customer, &h.bob, &h.cora, &h.val} { // (stored: a purchase checks its buyer's account after its insert)
		u, err := store.CreateUser(ctx, shop.User{Email: (*who).Email, Name: (*who).Name, Provider: shop.ProviderPassword})
		if err != nil {
			rt.Fatal(err)
		}
		*who = &u
	}
	init := h.setUp(rt, p)
	h.start = time.Now()
	faults.off.Store(false)

	// Read-backs fail for a while in some histories: the in-memory copy
	// goes stale, and recovers.
	stopWindows := make(chan struct{})
	var windows sync.WaitGroup
	if p.FaultPct > 0 && rand.IntN(3) == 0 {
		windows.Go(func() {
			for {
				select {
				case <-stopWindows:
					return
				case <-time.After(time.Duration(5+rand.IntN(20)) * time.Millisecond):
				}
				faults.readsFail.Store(true)
				time.Sleep(time.Duration(rand.IntN(5)) * time.Millisecond)
				faults.readsFail.Store(false)
			}
		})
	}
	var wg sync.WaitGroup
	for i, steps := range p.Workers {
		w := h.newWorker(i)
		wg.Go(func() {
			for _, s := range steps {
				h.run(w, s)
			}
		})
	}
	wg.Wait()
	close(stopWindows)
	windows.Wait()
	faults.off.Store(true)
	store.WaitDelayedWrites() // the writes whose callers saw an error have landed

	// What the faults left is settled as the recovery sweep would, once the
	// copy has caught up with the store.
	if !testwait.Until(30*time.Second, func() bool { return len(store.StaleDocuments()) == 0 }) {
		rt.Fatalf("the in-memory copy still has stale documents 30 s after the faults ended: %v", store.StaleDocuments())
	}
	h.recover(rt)
	final := h.final(rt, len(p.Workers))

	stats.ops.Add(int64(len(h.ops)))
	stats.faults.Add(faults.injected.Load() + h.cancels.Load())
	violations := h.check(t, rt, init, final)
	stats.violations.Add(int64(violations))
	if violations > 0 {
		rt.Fatalf("%d violations in a history of %d operations (%d with an unknown outcome)", violations, len(h.ops), h.unknowns)
	}
}

// setUp stores the plan's products, the shipped orders its claims are
// about, the claims and the priced quotes, and returns the model's state
// after it.
func (h *history) setUp(rt *rapid.T, p plan) mstate {
	ctx := context.Background()
	s := h.store
	for i, stock := range p.Stock {
		id, err := s.InsertProduct(ctx, shop.ProductDraft{Name: fmt.Sprintf("Machine %d", i), Price: shop.Cents(10000 * (i + 1)),
			Description: "A machine for the histories.", Image: "http://shop.test/images/0123456789abcdef01234567", Available: stock + int64(len(p.Claims)), Minimum: 1, Email: "ops@shop.test"})
		if err != nil {
			rt.Fatal(err)
		}
		prod, _ := s.FindProduct(ctx, id)
		h.products = append(h.products, prod)
	}
	method, err := s.InsertShippingMethod(ctx, shop.ShippingMethod{Name: "Freight", Kind: shop.ShippingFreight, Days: 5})
	if err != nil {
		rt.Fatal(err)
	}
	h.freight = method.ID
	w := h.newWorker(-1)
	init := mstate{orders: map[string]mord{}, claims: map[string]bool{}, quotes: map[string]string{}}
	for _, product := range p.Claims {
		prod := h.products[product]
		ord, err := w.orders.Place(ctx, h.customer, shop.OrderDraft{ProductID: prod.ID, ProductQuantity: "1", Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}})
		if err != nil {
			rt.Fatal(err)
		}
		if _, err := s.MarkGroupPaid(ctx, ord.ID, "pi_setup_"+ord.ID); err != nil {
			rt.Fatal(err)
		}
		if _, err := s.ShipGroup(ctx, ord.ID, shop.Tracking{}); err != nil {
			rt.Fatal(err)
		}
		if _, err := w.purchases.FindAndSync(ctx, ord.ID); err != nil {
			rt.Fatal(err)
		}
		claim, err := w.claims.Make(ctx, h.customer, shop.ClaimDraft{OrderID: ord.ID, Reason: "It arrived broken."})
		if err != nil {
			rt.Fatal(err)
		}
		h.claims = append(h.claims, knownClaim{id: claim.ID, product: product, qty: 1})
		init.orders[ord.ID] = mord{product: product, qty: 1, paid: true, shipped: true, purchase: ord.ID}
	}
	for _, items := range p.quoteItems() {
		q := shop.Quote{Email: h.customer.Email, Name: h.customer.Name, Message: "Price, please."}
		for _, it := range items {
			q.Items = append(q.Items, shop.QuoteItem{ProductID: h.products[it[0]].ID, ProductName: h.products[it[0]].Name, Quantity: int64(it[1])})
		}
		quote, err := s.InsertQuote(ctx, q)
		if err != nil {
			rt.Fatal(err)
		}
		price := shop.Cents(9000)
		for i := range quote.Items {
			quote.Items[i].UnitPrice = &price
		}
		priced, err := s.PriceQuote(ctx, quote.ID, quote.Items, nil, "2099-01-01", "", nil)
		if err != nil {
			rt.Fatal(err)
		}
		h.quotes = append(h.quotes, knownQuote{id: quote.ID, items: items, revision: priced.Revision})
		init.quotes[quote.ID] = "quoted"
	}
	for _, prod := range h.products {
		cur, err := s.FindProduct(ctx, prod.ID)
		if err != nil {
			rt.Fatal(err)
		}
		init.stock = append(init.stock, cur.Available)
	}
	return init.withKey()
}

func (h *history) newWorker(id int) *worker {
	s := h.store
	rec := &recorder{OrderStore: s}
	testMode := &payment.TestMode{Intents: s}
	grec := &groupRecorder{GroupStore: s}
	lc := newLifecycle(s, lifecycleOpts{orders: rec, groups: grec, provider: slowProvider{testMode}, testMode: testMode})
	orders, payments := lc.orders, lc.payments
	owners := &app.Owners{Users: s, Erasure: s}
	lc.purchases.Owners = owners
	lc.purchases.Shipping = s // (none named: free delivery; the freight method: on quote)
	lc.purchases.UnpaidLimit = historyUnpaidLimit
	none := shop.Cents(0)
	lc.purchases.Members = quarry{ // issue 45: Cora's every purchase is above her limit
		h.cora.Email: {Email: h.cora.Email, Company: quarryID, Role: shop.RoleBuyer, Limit: &none},
		h.val.Email:  {Email: h.val.Email, Company: quarryID, Role: shop.RoleApprover},
	}
	accounts := &app.Accounts{Owners: owners, Sessions: s, Purchases: lc.purchases, Orders: orders, Users: s, Erasure: s, Profiles: s, Log: discard}
	return &worker{id: id, rec: rec, grec: grec, accounts: accounts, orders: orders, payments: payments, purchases: lc.purchases, testMode: testMode,
		quotes:  &app.Quotes{Quotes: s, Products: s, Orders: orders, Groups: s, Log: discard},
		claims:  &app.Claims{Claims: s, Orders: orders, Log: discard},
		catalog: &app.Catalogue{Products: s}}
}

// Outcomes of an operation, as the model reads them.
const (
	resOK      = "ok"
	resRefused = "refused" // a definite answer that nothing was done (not found, conflict, invalid)
	resUnknown = "unknown" // a store error, a timeout, a panic: it may or may not have happened
)

// hin is an operation's input, as the model reads it.
type hin struct {
	Kind    string
	Product int
	Qty     int64
	Order   string   // cancel, pay, ship
	IDs     []string // the orders the operation was about to place
	Claim   string
	Quote   string
	Items   [][2]int // accept, checkout: (product, quantity)
	Group   string   // checkout, and the purchase calls: the purchase's id
	Delta   int64    // edit, import: the stock change asked for
	Moved   bool     // import: it was about to move the stock by Delta
}

// hout is what an operation answered.
type hout struct {
	Result string
	Code   string
	Stock  int64     // read
	Final  *snapshot // final
	Detail string
}

// snapshot is every product's stock and every order, read at the end.
type snapshot struct {
	stock  []int64
	orders map[string]mord
}

// outcome classifies an error (nil: ok).
func outcome(err error) (string, string) {
	if err == nil {
		return resOK, ""
	}
	code := shop.ErrorCode(err)
	switch code {
	case shop.ENOTFOUND, shop.ECONFLICT, shop.EINVALID, shop.EPAYMENT, shop.EFORBIDDEN, shop.EUNAUTHORIZED:
		return resRefused, code
	}
	return resUnknown, code
}

// run runs one step of a worker and records it. A panic (injected) is the
// operation's unknown outcome, as the HTTP middleware would answer 500.
func (h *history) run(w *worker, s step) {
	ctx := context.Background()
	if s.Cancel {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(rand.IntN(2000))*time.Microsecond)
		defer func() {
			if ctx.Err() != nil {
				h.cancels.Add(1)
			}
			cancel()
		}()
	}
	in := hin{Kind: s.Kind, Product: s.Product, Qty: s.Qty}
	w.rec.ids, w.grec.ids = nil, nil
	call := h.now()
	var out hout
	func() {
		defer func() {
			if r := recover(); r != nil {
				out = hout{Result: resUnknown, Detail: fmt.Sprint(r)}
			}
		}()
		out = h.do(ctx, w, s, &in)
	}()
	in.IDs = append(in.IDs, w.rec.ids...)
	if in.Kind == opPlaceBob && len(in.IDs) > 0 { // (the deletion may cancel one whose outcome was unknown)
		h.mu.Lock()
		h.bobsTried = append(h.bobsTried, in.IDs...)
		h.mu.Unlock()
	}
	if in.Kind == opCheckout && len(w.grec.ids) > 0 {
		in.Group = w.grec.ids[0]
	}
	if in.Kind == "" {
		return // nothing to do (no order, claim or quote known yet)
	}
	h.record(w.id, in, call, out)
}

// do performs the step; in is completed with what the model needs.
func (h *history) do(ctx context.Context, w *worker, s step, in *hin) hout {
	prod := h.products[s.Product]
	res := func(err error) hout {
		r, code := outcome(err)
		detail := ""
		if err != nil {
			detail = shop.ErrorMessage(err)
		}
		return hout{Result: r, Code: code, Detail: detail}
	}
	pick := func(n int) int { return s.Pick % n }
	h.mu.Lock()
	orders, claims, quotes, bought := slicesClone(h.orders), slicesClone(h.claims), slicesClone(h.quotes), slicesClone(h.bought)
	h.mu.Unlock()
	switch s.Kind {
	case opPlace:
		ord, err := w.orders.Place(ctx, h.customer, shop.OrderDraft{ProductID: prod.ID, ProductQuantity: shop.NumberText(fmt.Sprint(s.Qty)),
			Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}})
		if err == nil {
			h.remember(knownOrder{id: ord.ID, product: s.Product, qty: s.Qty})
			h.rememberPurchase(ord.ID)
		}
		return res(err)
	case opPlaceBob:
		ord, err := w.orders.Place(ctx, h.bob, shop.OrderDraft{ProductID: prod.ID, ProductQuantity: shop.NumberText(fmt.Sprint(s.Qty)),
			Delivery: shop.Delivery{Address: "2 Mill Road", Mobile: "+44 113 496 0001"}})
		if err == nil {
			h.mu.Lock()
			h.bobs = append(h.bobs, ord.ID)
			h.mu.Unlock()
		}
		return res(err)
	case opDeleteBob:
		_, err := w.accounts.DeleteUser(ctx, h.admin, h.bob.ID)
		return res(err)
	case opPlaceOver:
		ord, err := w.orders.Place(ctx, h.cora, shop.OrderDraft{ProductID: prod.ID, ProductQuantity: shop.NumberText(fmt.Sprint(s.Qty)),
			Delivery: shop.Delivery{Address: "3 Quarry Road", Mobile: "+44 113 496 0002"}})
		if err == nil {
			h.mu.Lock()
			h.coras = append(h.coras, ord.ID)
			h.mu.Unlock()
		}
		return res(err)
	case opGroupApprove, opGroupDeclineA, opCoraCancel:
		h.mu.Lock()
		coras := slicesClone(h.coras)
		h.mu.Unlock()
		if len(coras) == 0 {
			in.Kind = ""
			return hout{}
		}
		in.Group = coras[pick(len(coras))]
		switch s.Kind {
		case opGroupApprove:
			_, err := w.purchases.Approve(ctx, h.val, in.Group)
			return res(err)
		case opGroupDeclineA:
			_, err := w.purchases.Decline(ctx, h.val, in.Group, shop.ApprovalDecline{Reason: "Over budget."})
			return res(err)
		}
		_, err := w.purchases.Cancel(ctx, h.cora, in.Group)
		return res(err)
	case opPlaceFreight:
		ord, err := w.orders.Place(ctx, h.customer, shop.OrderDraft{ProductID: prod.ID, ProductQuantity: shop.NumberText(fmt.Sprint(s.Qty)),
			Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000", ShippingMethodID: h.freight}})
		if err == nil {
			h.remember(knownOrder{id: ord.ID, product: s.Product, qty: s.Qty})
			h.rememberPurchase(ord.ID)
			h.mu.Lock()
			h.freights = append(h.freights, ord.ID)
			h.mu.Unlock()
		}
		return res(err)
	case opPriceFreight:
		h.mu.Lock()
		freights := slicesClone(h.freights)
		h.mu.Unlock()
		if len(freights) == 0 {
			in.Kind = ""
			return hout{}
		}
		in.Group = freights[pick(len(freights))]
		price := shop.Cents(25000)
		_, err := w.purchases.PriceFreight(ctx, h.admin, in.Group, shop.FreightDraft{Price: &price})
		return res(err)
	case opCheckout:
		if len(h.products) < 2 {
			in.Kind = ""
			return hout{}
		}
		d := shop.CheckoutDraft{Delivery: shop.Delivery{Address: "1 Mill Road", Mobile: "+44 113 496 0000"}}
		for i := range min(len(h.products), 2+s.Pick%2) {
			p := (s.Product + i) % len(h.products)
			q := 1 + (s.Qty+int64(i))%3
			in.Items = append(in.Items, [2]int{p, int(q)})
			d.Items = append(d.Items, shop.CheckoutItem{ProductID: h.products[p].ID, Quantity: q})
		}
		grp, err := w.purchases.Checkout(ctx, h.customer, d)
		if err == nil {
			for i, id := range grp.OrderIDs {
				h.remember(knownOrder{id: id, product: in.Items[i][0], qty: int64(in.Items[i][1])})
			}
			h.rememberPurchase(grp.ID)
		}
		return res(err)
	case opGroupPay, opGroupCancel, opGroupShip, opExpire:
		if len(bought) == 0 {
			in.Kind = ""
			return hout{}
		}
		in.Group = bought[pick(len(bought))]
		switch s.Kind {
		case opGroupCancel:
			_, err := w.purchases.Cancel(ctx, h.customer, in.Group)
			return res(err)
		case opGroupShip:
			_, err := w.purchases.Ship(ctx, h.admin, in.Group, shop.Tracking{Carrier: "UPS"})
			return res(err)
		case opExpire:
			return res(w.purchases.ExpireListed(ctx, in.Group))
		}
		return res(h.payPurchase(ctx, w, in.Group))
	case opCancel, opPay, opShip:
		if len(orders) == 0 {
			in.Kind = ""
			return hout{}
		}
		o := orders[pick(len(orders))]
		in.Order, in.Product = o.id, o.product
		switch s.Kind {
		case opCancel:
			_, err := w.orders.Cancel(ctx, h.customer, o.id)
			return res(err)
		case opShip:
			_, err := w.orders.Ship(ctx, h.admin, o.id)
			return res(err)
		}
		return res(h.pay(ctx, w, o.id))
	case opApprove:
		if len(claims) == 0 {
			in.Kind = ""
			return hout{}
		}
		c := claims[pick(len(claims))]
		in.Claim, in.Product, in.Qty = c.id, c.product, c.qty
		cl, err := w.claims.Decide(ctx, h.admin, c.id, shop.ClaimDecision{Status: shop.ClaimApproved})
		if err == nil {
			h.remember(knownOrder{id: cl.ReplacementOrderID, product: c.product, qty: c.qty})
			h.rememberPurchase(cl.ReplacementOrderID)
		}
		return res(err)
	case opAccept, opDecline:
		if len(quotes) == 0 {
			in.Kind = ""
			return hout{}
		}
		q := quotes[pick(len(quotes))]
		in.Quote, in.Items = q.id, q.items
		if s.Kind == opDecline {
			_, err := w.quotes.Decline(ctx, h.customer, q.id)
			return res(err)
		}
		ids, err := w.quotes.Accept(ctx, h.customer, q.id, shop.AcceptDraft{Address: "1 Mill Road", Mobile: "+44 113 496 0000", Revision: &q.revision})
		if err == nil {
			for i, id := range ids {
				h.remember(knownOrder{id: id, product: q.items[i][0], qty: int64(q.items[i][1])})
			}
			h.rememberPurchase(q.id)
		}
		return res(err)
	case opEdit:
		cur, err := w.catalog.Find(ctx, prod.ID)
		if err != nil {
			in.Kind = "" // nothing asked: a failed read changes nothing
			return hout{}
		}
		next := max(cur.Available+s.Qty, 0)
		in.Delta = next - cur.Available
		readAt := cur.UpdatedAt
		_, err = w.catalog.EditProduct(ctx, h.admin, prod.ID, shop.RawProduct{Available: shop.NumberText(fmt.Sprint(next)),
			Description: fmt.Sprintf("Edited to %d.", next)}, &readAt)
		return res(err)
	case opImport:
		cur, err := w.catalog.Find(ctx, prod.ID)
		if err != nil {
			in.Kind = ""
			return hout{}
		}
		d := shop.ProductDraft{Name: cur.Name, Price: cur.Price + 100, Image: cur.Image, Description: cur.Description,
			Available: max(cur.Available+s.Qty, 0), Minimum: cur.Minimum, Email: cur.Email}
		counts, err := h.store.ImportProducts(ctx, []shop.ProductDraft{d}, shop.ImportOptions{
			Moved: func(_ string, _, delta int64) { in.Delta, in.Moved = delta, true }})
		switch {
		case err != nil:
			return res(err)
		case counts.Refused > 0:
			return hout{Result: resRefused, Code: shop.ECONFLICT}
		}
		return hout{Result: resOK}
	case opRead:
		cur, err := w.catalog.Find(ctx, prod.ID)
		if err != nil {
			in.Kind = "" // an unanswered read says nothing
			return hout{}
		}
		return hout{Result: resOK, Stock: cur.Available}
	}
	panic("unknown step " + s.Kind)
}

// pay pays an order in test mode as the client does: the intent, the card
// (4242 4242 4242 4242), and PATCH /pay.
func (h *history) pay(ctx context.Context, w *worker, orderID string) error {
	secret, err := w.orders.CreateIntent(ctx, h.customer, orderID)
	if err != nil {
		return err
	}
	pi, err := w.payments.ConfirmTestCard(ctx, secret, shop.TestCard{Number: "4242424242424242", ExpMonth: 12, ExpYear: time.Now().Year() + 3, CVC: "123"})
	if err != nil {
		return err
	}
	_, err = w.orders.ConfirmPaid(ctx, h.customer, orderID, pi.ID)
	return err
}

// payPurchase pays a purchase in test mode as the client does: the
// intent for {groupId}, the card, and PATCH /groups/{id}/pay.
func (h *history) payPurchase(ctx context.Context, w *worker, id string) error {
	secret, err := w.payments.CreateIntent(ctx, h.customer, id)
	if err != nil {
		return err
	}
	pi, err := w.payments.ConfirmTestCard(ctx, secret, shop.TestCard{Number: "4242424242424242", ExpMonth: 12, ExpYear: time.Now().Year() + 3, CVC: "123"})
	if err != nil {
		return err
	}
	_, err = w.payments.Confirm(ctx, h.customer, id, pi.ID)
	return err
}

func (h *history) rememberPurchase(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.bought = append(h.bought, id)
}

func (h *history) remember(o knownOrder) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.orders = append(h.orders, o)
}

func slicesClone[T any](s []T) []T { return append([]T(nil), s...) }

// recover settles what the faults left, as the recovery sweep does.
func (h *history) recover(rt *rapid.T) {
	ctx := context.Background()
	cutoff := time.Now().Add(time.Second)
	w := h.newWorker(-1)
	if _, _, err := h.store.RecoverStock(ctx, cutoff); err != nil {
		rt.Fatalf("recover the stock: %v", err)
	}
	if _, err := h.store.RecoverCancels(ctx, cutoff); err != nil {
		rt.Fatalf("recover the cancels: %v", err)
	}
	if _, _, err := w.quotes.Recover(ctx, cutoff); err != nil {
		rt.Fatalf("recover the quotes: %v", err)
	}
	if _, _, err := w.claims.Recover(ctx, cutoff); err != nil {
		rt.Fatalf("recover the claims: %v", err)
	}
	if _, _, err := w.purchases.Recover(ctx, cutoff); err != nil {
		rt.Fatalf("recover the purchases: %v", err)
	}
	if _, err := w.accounts.FinishDeletions(ctx, cutoff); err != nil {
		rt.Fatalf("finish the deletions: %v", err)
	}
}

// final reads every product's stock and every order, and records it as
// the history's last operation.
func (h *history) final(rt *rapid.T, client int) *snapshot {
	call := h.now()
	snap := h.read(rt)
	h.record(client, hin{Kind: opFinal}, call, hout{Result: resOK, Final: snap})
	return snap
}

func (h *history) read(rt *rapid.T) *snapshot {
	ctx := context.Background()
	snap := &snapshot{orders: map[string]mord{}}
	for _, prod := range h.products {
		cur, err := h.store.FindProduct(ctx, prod.ID)
		if err != nil {
			rt.Fatal(err)
		}
		snap.stock = append(snap.stock, cur.Available)
	}
	bobs := map[string]bool{} // (by id: the deletion erases what would tell)
	h.mu.Lock()
	for _, id := range h.bobsTried {
		bobs[id] = true
	}
	h.mu.Unlock()
	list, _, err := h.store.ListOrders(ctx, "", 1<<20, 0)
	if err != nil {
		rt.Fatal(err)
	}
	for _, o := range list {
		awaiting := false
		if o.AboveLimit { // issue 45: whether its purchase still awaits approval
			switch grp, err := h.store.FindGroup(ctx, shop.PurchaseOf(o)); shop.ErrorCode(err) {
			case "":
				awaiting = grp.AwaitingApproval
			case shop.ENOTFOUND: // its group of one, lost to a fault, is made from it when next read: awaiting
				awaiting = !o.Paid && !o.Shipped
			default:
				rt.Fatal(err)
			}
		}
		freight := false
		if o.Shipping != nil && o.Shipping.OnQuote { // issue 48: whether its purchase still awaits its freight price
			switch grp, err := h.store.FindGroup(ctx, shop.PurchaseOf(o)); shop.ErrorCode(err) {
			case "":
				freight = grp.AwaitingFreight
			case shop.ENOTFOUND: // its group of one, made from it when next read (shop.GroupOfOne)
				freight = !o.Paid
			default:
				rt.Fatal(err)
			}
		}
		snap.orders[o.ID] = mord{product: h.productIndex(o.ProductID), qty: o.ProductQuantity, paid: o.Paid, shipped: o.Shipped, purchase: shop.PurchaseOf(o),
			bob: bobs[o.ID], cora: o.Email == h.cora.Email, awaiting: awaiting, freight: freight}
	}
	return snap
}

// check runs every check of a finished history and returns how many failed.
func (h *history) check(t *testing.T, rt *rapid.T, init mstate, final *snapshot) int {
	violations := 0
	fail := func(format string, args ...any) {
		violations++
		msg := fmt.Sprintf(format, args...)
		t.Log("VIOLATION: " + msg)
		rt.Error(msg)
	}
	model := historyModel(init)
	result, info := porcupine.CheckOperationsVerbose(model, h.ops, time.Minute)
	switch result {
	case porcupine.Illegal:
		path := ""
		if f, err := os.CreateTemp("", "history-*.html"); err == nil {
			if porcupine.Visualize(model, info, f) == nil {
				path = " (porcupine's visualisation: " + f.Name() + ")"
			}
			f.Close()
		}
		fail("the history is not linearizable against the model%s, from %s:\n%s%s", path, init.key, describeHistory(h.ops), explainIllegal(init, info))
	case porcupine.Unknown:
		rt.Logf("porcupine could not decide the history in a minute; %d operations", len(h.ops))
	}

	// Conservation: stock plus live orders is the start plus what edits and
	// imports added (those of unknown outcome may or may not count).
	for p := range h.products {
		held := int64(0)
		for _, o := range final.orders {
			if o.product == p {
				held += o.qty
			}
		}
		possible := map[int64]bool{init.stock[p] + initHeld(init, p): true}
		for _, op := range h.ops {
			in, out := op.Input.(hin), op.Output.(hout)
			if (in.Kind != opEdit && in.Kind != opImport) || in.Product != p || in.Delta == 0 {
				continue
			}
			if in.Kind == opImport && !in.Moved {
				continue
			}
			next := map[int64]bool{}
			for v := range possible {
				switch out.Result {
				case resOK:
					next[v+in.Delta] = true
				case resUnknown:
					next[v], next[v+in.Delta] = true, true
				default:
					next[v] = true
				}
			}
			possible = next
		}
		if !possible[final.stock[p]+held] {
			fail("product %d: stock %d plus %d in live orders is %d; from the start and the changes it could be %v",
				p, final.stock[p], held, final.stock[p]+held, keys(possible))
		}
	}

	ctx := context.Background()
	h.checkCancellations(rt, init, final, fail)
	if err := h.store.Check(ctx); err != nil {
		fail("the in-memory copy differs from the store: %v", err)
	}
	// A restart reads back the same products and orders.
	before, _, err := h.store.ListProducts(ctx, shop.ProductQuery{Limit: 100})
	if err != nil {
		rt.Fatal(err)
	}
	if err := h.store.Close(ctx); err != nil {
		rt.Fatal(err)
	}
	reopened, err := mongodb.Open(ctx, mongotest.Config(h.dataDir))
	if err != nil {
		rt.Fatal(err)
	}
	h.store = reopened
	// Embedded, the restart reads the snapshot the clean stop left (issue
	// 46), which must hold exactly what the store does.
	if reopened.Embedded() && reopened.MirrorsFrom() != "snapshot" {
		fail("the restart read its in-memory copy from the %s, not from the snapshot of the clean stop", reopened.MirrorsFrom())
	}
	if err := reopened.Check(ctx); err != nil {
		fail("after a restart, the in-memory copy read from the snapshot differs from the store: %v", err)
	}
	if _, _, err := reopened.RecoverStock(ctx, time.Now().Add(time.Second)); err != nil {
		rt.Fatal(err)
	}
	after, _, err := reopened.ListProducts(ctx, shop.ProductQuery{Limit: 100})
	if err != nil {
		rt.Fatal(err)
	}
	if fmt.Sprint(before) != fmt.Sprint(after) {
		fail("the products after a restart differ:\n  before %+v\n  after  %+v", before, after)
	}
	if again := h.read(rt); fmt.Sprint(sortedOrders(again.orders)) != fmt.Sprint(sortedOrders(final.orders)) || fmt.Sprint(again.stock) != fmt.Sprint(final.stock) {
		fail("the orders or stock after a restart differ:\n  before %v %v\n  after  %v %v", final.stock, sortedOrders(final.orders), again.stock, sortedOrders(again.orders))
	}
	_ = reopened.Close(ctx)
	h.store = nil
	return violations
}

// checkCancellations: one cancellation record for each order the history
// knew that is gone (only a cancel removes one of those), and none for an
// order that stands or that the history never knew.
func (h *history) checkCancellations(rt *rapid.T, init mstate, final *snapshot, fail func(string, ...any)) {
	recs, _, err := h.store.ListCancellations(context.Background(), "", 1<<20, 0)
	if err != nil {
		rt.Fatal(err)
	}
	known := map[string]bool{}
	for id := range init.orders {
		known[id] = true
	}
	for _, o := range h.orders {
		known[o.id] = true
	}
	for _, id := range h.bobs {
		known[id] = true
	}
	for _, id := range h.coras { // (a single order's purchase: its id)
		known[id] = true
	}
	// Bob's orders whose outcome was unknown may have been cancelled by
	// his account's deletion (a record) or never stored; one refused after
	// the deletion began was undone without a record.
	tried := map[string]bool{}
	for _, id := range h.bobsTried {
		tried[id] = true
	}
	records := map[string]int{}
	for _, c := range recs {
		records[c.OrderID]++
		if _, live := final.orders[c.OrderID]; live {
			fail("order %s stands but has a cancellation record", c.OrderID)
		}
		if !known[c.OrderID] && !tried[c.OrderID] {
			fail("a cancellation record of order %s, which the history never cancelled", c.OrderID)
		}
	}
	for id := range known {
		if _, live := final.orders[id]; !live && records[id] != 1 {
			fail("order %s was cancelled and has %d cancellation records", id, records[id])
		}
	}
}

func initHeld(init mstate, p int) int64 {
	n := int64(0)
	for _, o := range init.orders {
		if o.product == p {
			n += o.qty
		}
	}
	return n
}

func keys(m map[int64]bool) []int64 {
	out := make([]int64, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func sortedOrders(m map[string]mord) []string {
	out := make([]string, 0, len(m))
	for id, o := range m {
		out = append(out, fmt.Sprintf("%s:%+v", id, o))
	}
	sort.Strings(out)
	return out
}

func describeHistory(ops []porcupine.Operation) string {
	sorted := slicesClone(ops)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Call < sorted[j].Call })
	var b strings.Builder
	for _, op := range sorted {
		fmt.Fprintf(&b, "  [%8d, %8d] client %d: %s\n", op.Call/1000, op.Return/1000, op.ClientId, describeOp(op.Input, op.Output))
	}
	return b.String()
}

func describeOp(input, output any) string {
	in, out := input.(hin), output.(hout)
	what := in.Kind
	switch in.Kind {
	case opPlace:
		what = fmt.Sprintf("place %d of product %d %v", in.Qty, in.Product, in.IDs)
	case opCancel, opPay, opShip:
		what = fmt.Sprintf("%s %s", in.Kind, in.Order)
	case opApprove:
		what = fmt.Sprintf("approve claim %s (%d of product %d) %v", in.Claim, in.Qty, in.Product, in.IDs)
	case opAccept, opDecline:
		what = fmt.Sprintf("%s quote %s %v %v", in.Kind, in.Quote, in.Items, in.IDs)
	case opEdit, opImport:
		what = fmt.Sprintf("%s product %d by %+d (moved %v)", in.Kind, in.Product, in.Delta, in.Moved)
	case opCheckout:
		what = fmt.Sprintf("checkout %v as %s %v", in.Items, in.Group, in.IDs)
	case opGroupPay, opGroupCancel, opGroupShip, opExpire, opGroupApprove, opGroupDeclineA, opCoraCancel:
		what = fmt.Sprintf("%s %s", in.Kind, in.Group)
	case opPlaceOver:
		what = fmt.Sprintf("cora places %d of product %d %v", in.Qty, in.Product, in.IDs)
	case opPlaceFreight:
		what = fmt.Sprintf("place %d of product %d with freight on quote %v", in.Qty, in.Product, in.IDs)
	case opPriceFreight:
		what = fmt.Sprintf("price the freight of %s", in.Group)
	case opPlaceBob:
		what = fmt.Sprintf("bob places %d of product %d %v", in.Qty, in.Product, in.IDs)
	case opRead:
		what = fmt.Sprintf("read product %d -> %d", in.Product, out.Stock)
	case opFinal:
		return fmt.Sprintf("final %v %v", out.Final.stock, sortedOrders(out.Final.orders))
	}
	if out.Detail != "" {
		return fmt.Sprintf("%s: %s (%s %s)", what, out.Result, out.Code, out.Detail)
	}
	return fmt.Sprintf("%s: %s", what, out.Result)
}

// explainIllegal replays the longest linearization porcupine found and
// names the model's states along it: where an illegal history got stuck.
func explainIllegal(init mstate, info porcupine.LinearizationInfo) string {
	var longest []porcupine.Operation
	for _, partition := range info.PartialLinearizationsOperations() {
		for _, lin := range partition {
			if len(lin) > len(longest) {
				longest = lin
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the longest linearization found (%d operations):\n", len(longest))
	states := []mstate{init}
	for _, op := range longest {
		var next []mstate
		for _, st := range states {
			for _, n := range stepModel(st, op.Input.(hin), op.Output.(hout)) {
				next = append(next, n.(mstate))
			}
		}
		states = next
		fmt.Fprintf(&b, "  %s\n    -> %d states:", describeOp(op.Input, op.Output), len(states))
		for _, st := range states {
			fmt.Fprintf(&b, " {%s}", st.key)
		}
		b.WriteString("\n")
	}
	return b.String()
}
