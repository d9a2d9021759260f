package app_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/invoice"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// accountShop is the lifecycle with companies, credit and invoices, and a
// company with terms whose member buys on account.
type accountShop struct {
	s         *mongodb.Store
	lc        lifecycle
	terms     *app.Terms
	company   string
	buyer     *shop.User
	admin     *shop.User
	clock     *testclock.Clock
	productID string
}

func newAccountShop(t *testing.T, limit shop.Cents, terms int, stock int64) accountShop {
	t.Helper()
	ctx := context.Background()
	clock := testclock.At("2026-05-04T08:00:00Z")
	s := openStore(t, t.TempDir(), clock)
	lc := newLifecycle(s, lifecycleOpts{})
	invoices := &app.Invoices{Store: s, Orders: s, Groups: s, Companies: s, Drawer: invoice.Drawer{}, Now: clock.Now, Log: discard}
	lc.orders.Invoices = invoices
	lc.purchases.Members, lc.purchases.Credit, lc.purchases.Now = s, s, clock.Now
	pid, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Excavator bucket", Price: 60000, Description: "A bucket.", Available: stock, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	id := s.NewCompanyID()
	buyer := &shop.User{Email: "bob@quarry.test", Name: "Bob", EmailVerified: true}
	if _, err := s.InsertMember(ctx, shop.Member{Email: buyer.Email, Company: id, Role: shop.RoleCompanyAdmin}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.InsertCompany(ctx, shop.Company{ID: id, Name: "Quarry Works Ltd", TaxID: "GB1", BillingAddress: "1 Quarry Road"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateCompany(ctx, id, shop.CompanyChange{Status: shop.CompanyApproved, TermsDays: &terms, CreditLimit: &limit}); err != nil {
		t.Fatal(err)
	}
	tm := &app.Terms{Store: s, Companies: s, Groups: s, Invoices: s, Purchases: lc.purchases, Mail: newOutbox(s, false), NewID: s.NewGroupID, Now: clock.Now, Log: discard}
	return accountShop{s: s, lc: lc, terms: tm, company: id, buyer: buyer, admin: &shop.User{Email: "boss@shop.test", Role: shop.RoleAdmin}, clock: clock, productID: pid}
}

func (a accountShop) checkout(qty int64, payment shop.PaymentMethod) (shop.Group, error) {
	return a.lc.purchases.Checkout(context.Background(), a.buyer, shop.CheckoutDraft{Items: []shop.CheckoutItem{{ProductID: a.productID, Quantity: qty}},
		Delivery: shop.Delivery{Address: "1 Quarry Road, Leeds", Mobile: "+44 113 496 0000"}, Payment: payment})
}

func (a accountShop) committed(t *testing.T) shop.Cents {
	t.Helper()
	co, err := a.s.FindCompany(context.Background(), a.company)
	if err != nil {
		t.Fatal(err)
	}
	var sum shop.Cents
	for _, v := range co.Held {
		sum += v
	}
	if sum != co.Committed {
		t.Fatalf("the company's committed credit is %s, its holds sum to %s", co.Committed.Dollars(), sum.Dollars())
	}
	return co.Committed
}

func (a accountShop) stock(t *testing.T) int64 {
	t.Helper()
	p, err := a.s.FindProduct(context.Background(), a.productID)
	if err != nil {
		t.Fatal(err)
	}
	return p.Available
}

// On account: confirmed without a card, credit held once, given back once
// by the cancel; never payable by card.
func TestAccount_CheckoutHoldsCreditAndTheCancelGivesItBackOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 100000, 30, 10)
	grp, err := a.checkout(1, shop.PayOnAccount)
	if err != nil {
		t.Fatal(err)
	}
	if grp.State != shop.PurchaseOnAccount || grp.Payable || grp.Payment != shop.PayOnAccount {
		t.Fatalf("a purchase on account: state %s, payable %v, payment %q", grp.State, grp.Payable, grp.Payment)
	}
	if got := a.committed(t); got != 60000 {
		t.Fatalf("committed %s after a $600 purchase on account, want 600", got.Dollars())
	}
	if _, err := a.lc.payments.CreateIntent(ctx, a.buyer, grp.ID); !strings.Contains(shop.ErrorMessage(err), shop.MsgOnAccountNoCard) {
		t.Fatalf("a card payment of a purchase on account: %v", err)
	}
	if _, err := a.lc.purchases.Cancel(ctx, a.buyer, grp.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := a.lc.purchases.Cancel(ctx, a.buyer, grp.ID); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("a second cancel: %v", err)
	}
	if got, stock := a.committed(t), a.stock(t); got != 0 || stock != 10 {
		t.Fatalf("after the cancel: committed %s, stock %d; want 0 and 10", got.Dollars(), stock)
	}
}

// Beyond the credit left: a 409 that asks for a card; nothing is reserved
// (neither credit nor stock, no purchase). A card checkout is unaffected.
func TestAccount_BeyondTheLimitAsksForACardAndReservesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 100000, 30, 10)
	if _, err := a.checkout(1, shop.PayOnAccount); err != nil {
		t.Fatal(err)
	}
	_, err := a.checkout(1, shop.PayOnAccount)
	want := "This purchase comes to $600.00 with tax, and Quarry Works Ltd has $400.00 of credit left on account. Pay this purchase by card instead."
	if shop.ErrorCode(err) != shop.ECONFLICT || shop.ErrorMessage(err) != want {
		t.Fatalf("beyond the limit: %v, want 409 %q", err, want)
	}
	if got, stock := a.committed(t), a.stock(t); got != 60000 || stock != 9 {
		t.Fatalf("after the refusal: committed %s, stock %d; want 600 and 9", got.Dollars(), stock)
	}
	list, n, err := a.lc.purchases.List(ctx, a.buyer, shop.PurchaseQuery{Limit: 10})
	if err != nil || n != 1 || len(list) != 1 {
		t.Fatalf("purchases after a refused one: %d (%v)", n, err)
	}
	if grp, err := a.checkout(1, ""); err != nil || grp.State != shop.PurchasePlaced || grp.Payment != "" {
		t.Fatalf("a card checkout: %+v %v", grp.State, err)
	}
}

// A customer who is in no company, or whose company has no terms, cannot
// buy on account (403).
func TestAccount_NoTermsNoAccount(t *testing.T) {
	t.Parallel()
	a := newAccountShop(t, 100000, 0, 10)
	if _, err := a.checkout(1, shop.PayOnAccount); shop.ErrorCode(err) != shop.EFORBIDDEN || shop.ErrorMessage(err) != shop.MsgNoTerms {
		t.Fatalf("on account without terms: %v", err)
	}
	a.buyer = &shop.User{Email: "carl@elsewhere.test", Name: "Carl"}
	if _, err := a.checkout(1, shop.PayOnAccount); shop.ErrorCode(err) != shop.EFORBIDDEN {
		t.Fatalf("on account for a customer of no company: %v", err)
	}
	if got, stock := a.committed(t), a.stock(t); got != 0 || stock != 10 {
		t.Fatalf("after the refusals: committed %s, stock %d", got.Dollars(), stock)
	}
}

// Several checkouts on account at once never hold more than the limit:
// $1,000 of credit, four $600 checkouts, exactly one goes through.
func TestAccount_ConcurrentCheckoutsNeverExceedTheLimit(t *testing.T) {
	t.Parallel()
	a := newAccountShop(t, 100000, 30, 10)
	mongotest.RequireMongoDB(t, a.s)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = a.checkout(1, shop.PayOnAccount)
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case shop.ErrorCode(err) != shop.ECONFLICT:
			t.Errorf("a refused checkout answered %v, want 409", err)
		}
	}
	if got, stock := a.committed(t), a.stock(t); ok != 1 || got != 60000 || stock != 9 {
		t.Fatalf("%d checkouts went through, committed %s, stock %d; want 1, 600, 9", ok, got.Dollars(), stock)
	}
}

// On account is exempt from UNPAID_LIMIT and from the reservation's
// expiry.
func TestAccount_NeitherCountedNorExpired(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 1000000, 30, 10)
	a.lc.purchases.UnpaidLimit, a.lc.purchases.ReservationTTL = 1, time.Hour
	for range 2 {
		if _, err := a.checkout(1, shop.PayOnAccount); err != nil {
			t.Fatalf("on account past UNPAID_LIMIT 1: %v", err)
		}
	}
	a.clock.Add(5 * time.Hour)
	if reminded, expired, err := a.lc.purchases.Expire(ctx); err != nil || reminded+expired != 0 {
		t.Fatalf("the expiry swept purchases on account: reminded %d, expired %d, %v", reminded, expired, err)
	}
	if got := a.committed(t); got != 120000 {
		t.Fatalf("committed %s, want 1200", got.Dollars())
	}
}

// A crash after the credit is held and before the purchase's lines are
// placed leaves the group placing: the recovery sweep undoes it and gives
// the credit back, once however often it runs. A cancel a crash
// interrupted is finished the same way.
func TestAccount_ACrashBetweenTheCreditAndThePurchaseIsRepaired(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 100000, 30, 10)
	gid := a.s.NewGroupID()
	grp, err := a.s.InsertGroup(ctx, shop.Group{ID: gid, Email: a.buyer.Email, Placing: true, Total: 60000, Payment: shop.PayOnAccount, CompanyID: a.company})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.s.HoldCredit(ctx, a.company, grp.ID, grp.Total); err != nil {
		t.Fatal(err)
	}
	if _, err := a.s.HoldCredit(ctx, a.company, grp.ID, grp.Total); err != nil { // the step again: not held twice
		t.Fatal(err)
	}
	if got := a.committed(t); got != 60000 {
		t.Fatalf("committed %s after holding one purchase's credit twice, want 600", got.Dollars())
	}
	for range 2 {
		if _, _, err := a.lc.purchases.Recover(ctx, a.clock.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	if got := a.committed(t); got != 0 {
		t.Fatalf("committed %s after the sweep, want 0", got.Dollars())
	}
	if _, err := a.s.FindGroup(ctx, gid); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("the undone checkout's group: %v", err)
	}

	placed, err := a.checkout(1, shop.PayOnAccount)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.s.BeginCancelGroup(ctx, placed.ID, a.s.NewGroupID()); err != nil { // the cancel's mark, then a crash
		t.Fatal(err)
	}
	for range 2 {
		if _, _, err := a.lc.purchases.Recover(ctx, a.clock.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	if got, stock := a.committed(t), a.stock(t); got != 0 || stock != 10 {
		t.Fatalf("after the sweep finished the cancel: committed %s, stock %d", got.Dollars(), stock)
	}
}

// shipOnAccount places a purchase of qty on account and ships it; it
// returns its invoice.
func (a accountShop) shipOnAccount(t *testing.T, qty int64, po string) shop.Invoice {
	t.Helper()
	ctx := context.Background()
	grp, err := a.lc.purchases.Checkout(ctx, a.buyer, shop.CheckoutDraft{Items: []shop.CheckoutItem{{ProductID: a.productID, Quantity: qty}},
		Delivery: shop.Delivery{Address: "1 Quarry Road, Leeds", Mobile: "+44 113 496 0000"}, Payment: shop.PayOnAccount, PONumber: po})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.lc.purchases.Ship(ctx, a.admin, grp.ID, shop.Tracking{Carrier: "DHL", TrackingNumber: "T1"}); err != nil {
		t.Fatal(err)
	}
	shown, err := a.lc.purchases.Show(ctx, a.buyer, grp.ID)
	if err != nil || shown.InvoiceNumber == 0 {
		t.Fatalf("the shipped purchase on account has no invoice: %+v %v", shown.InvoiceNumber, err)
	}
	inv, err := a.s.FindInvoice(ctx, shown.InvoiceNumber)
	if err != nil {
		t.Fatal(err)
	}
	return inv
}

// Shipped, a purchase on account is invoiced unpaid, due its terms after
// the ship date, with its PO number. A recorded payment must equal the
// named invoices' outstanding total (else 400 naming it, nothing paid), and
// settles exactly those: they and their orders become paid, their credit
// goes back; the other stays owed.
func TestAccount_APaymentSettlesExactlyTheInvoicesNamed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 1000000, 30, 10)
	i1, i2, i3 := a.shipOnAccount(t, 1, "PO-1"), a.shipOnAccount(t, 2, "PO-2"), a.shipOnAccount(t, 1, "PO-3")
	if i1.DueDate == nil || !i1.DueDate.Equal(i1.IssuedAt.AddDate(0, 0, 30)) || i1.PONumber != "PO-1" || i1.CompanyID != a.company {
		t.Fatalf("the invoice on account: due %v issued %v PO %q company %q", i1.DueDate, i1.IssuedAt, i1.PONumber, i1.CompanyID)
	}
	if got := a.committed(t); got != 240000 {
		t.Fatalf("committed %s, want 2400", got.Dollars())
	}
	draft := shop.AccountPaymentDraft{Amount: 100000, Reference: "BACS 7781", Date: "2026-05-20", Invoices: []int64{i1.Number, i3.Number}}
	_, err := a.terms.RecordPayment(ctx, a.admin, a.company, draft)
	if shop.ErrorCode(err) != shop.EINVALID || shop.ErrorMessage(err) != "The amount must equal the outstanding total of the invoices named: $1,200.00." {
		t.Fatalf("a payment of the wrong amount: %v", err)
	}
	if got := a.committed(t); got != 240000 {
		t.Fatalf("a refused payment changed the credit: %s", got.Dollars())
	}
	if _, err := a.terms.RecordPayment(ctx, &shop.User{Email: a.buyer.Email}, a.company, draft); shop.ErrorCode(err) != shop.EFORBIDDEN {
		t.Fatalf("a payment recorded by a customer: %v", err)
	}
	draft.Amount = 120000
	if _, err := a.terms.RecordPayment(ctx, a.admin, a.company, draft); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		inv  shop.Invoice
		paid bool
	}{{i1, true}, {i2, false}, {i3, true}} {
		g, err := a.lc.purchases.Show(ctx, a.buyer, c.inv.SubjectID)
		if err != nil {
			t.Fatal(err)
		}
		if g.Paid != c.paid || g.TransactionID != map[bool]string{true: g.TransactionID, false: ""}[c.paid] {
			t.Fatalf("invoice %d: paid %v, want %v", c.inv.Number, g.Paid, c.paid)
		}
		for _, o := range g.Orders {
			if o.Paid != c.paid {
				t.Fatalf("invoice %d's order %d: paid %v, want %v", c.inv.Number, o.Number, o.Paid, c.paid)
			}
		}
	}
	if got := a.committed(t); got != 120000 {
		t.Fatalf("committed %s after paying $1,200 of $2,400, want 1200", got.Dollars())
	}
	// The same invoices again: not owed any more.
	if _, err := a.terms.RecordPayment(ctx, a.admin, a.company, draft); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("paying paid invoices again: %v", err)
	}
	st, err := a.terms.Statement(ctx, a.buyer, a.company)
	if err != nil {
		t.Fatal(err)
	}
	if st.Outstanding != 120000 || len(st.Invoices) != 3 || st.Invoices[1].Paid || !st.Invoices[0].Paid || len(st.Payments) != 1 || st.Payments[0].Reference != "BACS 7781" {
		t.Fatalf("the statement: %+v", st)
	}
}

// The aging buckets on fixed dates: each unpaid invoice by its days
// overdue, what is not invoiced yet as current.
func TestAccount_AgingOnFixedDates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 1000000, 15, 20)
	// 2026-05-04: three shipped (due 2026-05-19), one placed (not invoiced).
	a.shipOnAccount(t, 1, "")
	a.clock.Set("2026-05-24T08:00:00Z")
	a.shipOnAccount(t, 2, "") // due 2026-06-08
	if _, err := a.checkout(1, shop.PayOnAccount); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		now  string
		want shop.Aging
	}{
		{"2026-05-24T08:00:00Z", shop.Aging{Current: 180000, D1_30: 60000}},                  // the first 5 days overdue
		{"2026-07-10T08:00:00Z", shop.Aging{Current: 60000, D31_60: 180000}},                 // 52 and 32 days
		{"2026-08-20T08:00:00Z", shop.Aging{Current: 60000, D61_90: 120000, D90Plus: 60000}}, // 93 and 73 days
	} {
		a.clock.Set(c.now)
		st, err := a.terms.Statement(ctx, a.admin, a.company)
		if err != nil {
			t.Fatal(err)
		}
		if st.Aging != c.want || st.Outstanding != 240000 {
			t.Errorf("at %s: aging %+v outstanding %s, want %+v and 2400", c.now, st.Aging, st.Outstanding.Dollars(), c.want)
		}
	}
}

// Reminders: once within three days before the due date, once a day after
// it; the sweep running again sends neither again, and a paid invoice is
// not reminded.
func TestAccount_RemindersBeforeAndAfterTheDueDateOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 1000000, 15, 20)
	inv := a.shipOnAccount(t, 1, "PO-9") // due 2026-05-19 08:00
	count := func() (due, overdue int) {
		list, _, err := a.s.ListMail(ctx, 100, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range list {
			switch m.Kind {
			case shop.LetterInvoiceDue:
				due++
			case shop.LetterInvoiceOverdue:
				overdue++
			}
		}
		return
	}
	for _, c := range []struct {
		now          string
		due, overdue int
	}{
		{"2026-05-15T08:00:00Z", 0, 0}, // four days before
		{"2026-05-17T08:00:00Z", 1, 0},
		{"2026-05-18T08:00:00Z", 1, 0},
		{"2026-05-19T09:00:00Z", 1, 0}, // due an hour ago
		{"2026-05-20T09:00:00Z", 1, 1},
		{"2026-05-22T09:00:00Z", 1, 1},
	} {
		a.clock.Set(c.now)
		for range 2 {
			if _, err := a.terms.Remind(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if due, overdue := count(); due != c.due || overdue != c.overdue {
			t.Fatalf("at %s: %d due and %d overdue reminders, want %d and %d", c.now, due, overdue, c.due, c.overdue)
		}
	}
	_ = inv
}

// Issue 45, approvals joined with payment on account: a buyer's purchase
// on account above their limit holds its credit as it is placed and waits
// for approval; approved, it is on account with the credit held once;
// declined, the credit goes back with the stock.
func TestAccount_AboveTheLimitAwaitsApprovalWithItsCreditHeld(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newAccountShop(t, 500_000_00, 30, 10)
	limit := shop.Cents(500_00) // $500; two buckets cost $1,200
	buyer := &shop.User{Email: "ann@quarry.test", Name: "Ann", EmailVerified: true}
	approver := &shop.User{Email: "val@quarry.test", Name: "Val", EmailVerified: true}
	for _, m := range []shop.Member{{Email: buyer.Email, Company: a.company, Role: shop.RoleBuyer, Limit: &limit}, {Email: approver.Email, Company: a.company, Role: shop.RoleApprover}} {
		if _, err := a.s.InsertMember(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	checkout := func() shop.Group {
		t.Helper()
		g, err := a.lc.purchases.Checkout(ctx, buyer, shop.CheckoutDraft{Items: []shop.CheckoutItem{{ProductID: a.productID, Quantity: 2}},
			Delivery: shop.Delivery{Address: "1 Quarry Road, Leeds", Mobile: "+44 113 496 0000"}, Payment: shop.PayOnAccount})
		if err != nil {
			t.Fatal(err)
		}
		if !g.AwaitingApproval || g.Described().State != shop.PurchaseAwaitingApproval {
			t.Fatalf("a purchase of %s above a limit of %s: %+v", g.Total.Dollars(), limit.Dollars(), g.Described())
		}
		return g
	}

	first := checkout()
	if got := a.committed(t); got != first.Total {
		t.Fatalf("awaiting approval, the credit held is %s, want the purchase's %s", got.Dollars(), first.Total.Dollars())
	}
	approved, err := a.lc.purchases.Approve(ctx, approver, first.ID)
	if err != nil {
		t.Fatal(err)
	}
	if approved.State != shop.PurchaseOnAccount || approved.Payable {
		t.Fatalf("approved: state %s, payable %v; want on_account, not payable by card", approved.State, approved.Payable)
	}
	if got := a.committed(t); got != first.Total {
		t.Fatalf("approved, the credit held is %s, want %s (held once)", got.Dollars(), first.Total.Dollars())
	}

	second := checkout()
	if got := a.committed(t); got != first.Total+second.Total {
		t.Fatalf("two purchases, the credit held is %s", got.Dollars())
	}
	if _, err := a.lc.purchases.Decline(ctx, approver, second.ID, shop.ApprovalDecline{Reason: "Not this quarter."}); err != nil {
		t.Fatal(err)
	}
	if got := a.committed(t); got != first.Total {
		t.Fatalf("declined, the credit held is %s, want the first purchase's %s", got.Dollars(), first.Total.Dollars())
	}
	if got := a.stock(t); got != 10-2 {
		t.Fatalf("stock %d after one purchase approved and one declined, want 8", got)
	}
}
