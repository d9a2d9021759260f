package httpapi_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// Cancellation records (issue 36): a cancelled order's document is
// deleted, and one small record per cancelled order stays for its buyer.

// cancellationsOf are the stored records of the order.
func (ts *testServer) cancellationsOf(t *testing.T, orderID string) []shop.Cancellation {
	t.Helper()
	all, _, err := ts.store.ListCancellations(context.Background(), "", 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []shop.Cancellation
	for _, c := range all {
		if c.OrderID == orderID {
			out = append(out, c)
		}
	}
	return out
}

// listed is GET /cancellations as token.
func (ts *testServer) listed(t *testing.T, token string) (int, []shop.Cancellation) {
	t.Helper()
	res, body := ts.send(t, "GET", "/cancellations", token, nil)
	if res.StatusCode != 200 {
		return res.StatusCode, nil
	}
	return 200, decode[[]shop.Cancellation](t, body)
}

func has(list []shop.Cancellation, orderID string) bool {
	for _, c := range list {
		if c.OrderID == orderID {
			return true
		}
	}
	return false
}

func TestCancellations(t *testing.T) {
	t.Parallel()
	ds := mustServeDesk(t)
	p := ds.mustProduct(t, "Band Saw", 50000, 100, 1)

	t.Run("OK_TheBuyersCancelIsRecordedOnce", func(t *testing.T) {
		id := ds.mustOrder(t, ds.alice.Token, p.ID, 4)
		number := ds.order(t, id).Number
		if res, body := ds.send(t, "DELETE", "/delete/"+id, ds.alice.Token, nil); res.StatusCode != 200 {
			t.Fatalf("cancel: %d %s", res.StatusCode, body)
		}
		// Twice: the second is refused and records nothing.
		res, body := ds.send(t, "DELETE", "/delete/"+id, ds.alice.Token, nil)
		mustProblem(t, res, body, 404)
		got := ds.cancellationsOf(t, id)
		if len(got) != 1 {
			t.Fatalf("%d records of one cancelled order", len(got))
		}
		c := got[0]
		if c.ID != id || c.Number != number || c.ProductName != "Band Saw" || c.ProductQuantity != 4 || c.By != shop.CancelledByBuyer ||
			c.Email != ds.alice.Email || !c.CancelledAt.Equal(ds.clock.Now().Truncate(time.Millisecond)) {
			t.Fatalf("record: %+v", c)
		}
		if _, err := ds.store.FindOrder(context.Background(), id); shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("the order document stays: %v", err)
		}
	})

	t.Run("OK_AnAdminsCancelSaysAdmin", func(t *testing.T) {
		id := ds.mustOrder(t, ds.bob.Token, p.ID, 2)
		if res, body := ds.send(t, "DELETE", "/delete/"+id, ds.admin.Token, nil); res.StatusCode != 200 {
			t.Fatalf("cancel: %d %s", res.StatusCode, body)
		}
		if got := ds.cancellationsOf(t, id); len(got) != 1 || got[0].By != shop.CancelledByAdmin || got[0].Email != ds.bob.Email {
			t.Fatalf("records: %+v", got)
		}
	})

	t.Run("ErrRefusedCancelRecordsNothing", func(t *testing.T) {
		id := ds.mustOrder(t, ds.alice.Token, p.ID, 1)
		// another customer's cancel (404) and a visitor's (401)
		res, body := ds.send(t, "DELETE", "/delete/"+id, ds.bob.Token, nil)
		mustProblem(t, res, body, 404)
		res, body = ds.send(t, "DELETE", "/delete/"+id, "", nil)
		mustProblem(t, res, body, 401)
		// a shipped order cannot be cancelled
		if res, body := ds.send(t, "PUT", "/order/update/"+id, ds.admin.Token, nil); res.StatusCode != 200 {
			t.Fatalf("ship: %d %s", res.StatusCode, body)
		}
		res, body = ds.send(t, "DELETE", "/delete/"+id, ds.alice.Token, nil)
		mustProblem(t, res, body, 409)
		if got := ds.cancellationsOf(t, id); len(got) != 0 {
			t.Fatalf("a refused cancel left %+v", got)
		}
	})

	t.Run("ConcurrentCancelsRecordOnce", func(t *testing.T) {
		mongotest.RequireMongoDB(t, ds.store)
		id := ds.mustOrder(t, ds.alice.Token, p.ID, 3)
		statuses := make([]int, 6)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range statuses {
			token := ds.alice.Token
			if i%2 == 1 {
				token = ds.admin.Token
			}
			wg.Go(func() {
				<-start
				res, _ := ds.send(t, "DELETE", "/delete/"+id, token, nil)
				statuses[i] = res.StatusCode
			})
		}
		close(start)
		wg.Wait()
		ok := 0
		for _, s := range statuses {
			if s == 200 {
				ok++
			}
		}
		if ok != 1 || len(ds.cancellationsOf(t, id)) != 1 {
			t.Fatalf("statuses %v, records %+v", statuses, ds.cancellationsOf(t, id))
		}
	})

	// A crash between a cancel's steps: before the delete, the recovery
	// sweep keeps the order and drops the record, and a later cancel
	// records it once; after the delete, the record stays, once.
	t.Run("RecoveryFinishedCancelsRecordOnce", func(t *testing.T) {
		ctx := context.Background()
		stands := ds.mustOrder(t, ds.alice.Token, p.ID, 5)
		ord := ds.order(t, stands)
		marker := ds.store.NewOrderID()
		if _, err := ds.store.BeginCancel(ctx, stands, marker); err != nil {
			t.Fatal(err)
		}
		if err := ds.store.RecordCancellation(ctx, shop.Cancellation{OrderID: stands, Number: ord.Number, Email: ord.Email,
			ProductName: ord.ProductName, ProductQuantity: ord.ProductQuantity, By: shop.CancelledByBuyer}, marker); err != nil {
			t.Fatal(err)
		}
		// (crash) the sweep at the next start:
		if n, err := ds.store.RecoverCancels(ctx, time.Now().Add(time.Hour)); err != nil || n < 1 {
			t.Fatalf("recover: %d %v", n, err)
		}
		if _, err := ds.store.FindOrder(ctx, stands); err != nil {
			t.Fatalf("the order whose cancel was interrupted before its delete is gone: %v", err)
		}
		if got := ds.cancellationsOf(t, stands); len(got) != 0 {
			t.Fatalf("an order that stands has records %+v", got)
		}
		if res, body := ds.send(t, "DELETE", "/delete/"+stands, ds.alice.Token, nil); res.StatusCode != 200 {
			t.Fatalf("cancel again: %d %s", res.StatusCode, body)
		}
		if got := ds.cancellationsOf(t, stands); len(got) != 1 {
			t.Fatalf("records after the cancel again: %+v", got)
		}

		gone := ds.mustOrder(t, ds.alice.Token, p.ID, 6)
		ord = ds.order(t, gone)
		before := ds.stock(t, p.ID)
		marker = ds.store.NewOrderID()
		if _, err := ds.store.BeginCancel(ctx, gone, marker); err != nil {
			t.Fatal(err)
		}
		if err := ds.store.RecordCancellation(ctx, shop.Cancellation{OrderID: gone, Number: ord.Number, Email: ord.Email,
			ProductName: ord.ProductName, ProductQuantity: ord.ProductQuantity, By: shop.CancelledByBuyer}, marker); err != nil {
			t.Fatal(err)
		}
		if err := ds.store.HoldStock(ctx, p.ID, gone, 6); err != nil {
			t.Fatal(err)
		}
		if _, err := ds.store.DeleteUnpaidOrder(ctx, gone, marker); err != nil {
			t.Fatal(err)
		}
		// (crash before the stock came back) the sweeps at the next start:
		if _, _, err := ds.store.RecoverStock(ctx, time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := ds.store.RecoverCancels(ctx, time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if got := ds.cancellationsOf(t, gone); len(got) != 1 || got[0].ProductQuantity != 6 {
			t.Fatalf("records of the order deleted before the crash: %+v", got)
		}
		if s := ds.stock(t, p.ID); s != before+6 {
			t.Fatalf("stock %d, want %d", s, before+6)
		}
		if err := ds.store.Check(ctx); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("Roles", func(t *testing.T) {
		mine := ds.mustOrder(t, ds.alice.Token, p.ID, 1)
		bobs := ds.mustOrder(t, ds.bob.Token, p.ID, 1)
		for _, id := range []string{mine, bobs} {
			if res, body := ds.send(t, "DELETE", "/delete/"+id, ds.admin.Token, nil); res.StatusCode != 200 {
				t.Fatalf("cancel: %d %s", res.StatusCode, body)
			}
		}
		if status, _ := ds.listed(t, ""); status != 401 {
			t.Fatalf("visitor: %d", status)
		}
		status, alices := ds.listed(t, ds.alice.Token)
		if status != 200 || !has(alices, mine) || has(alices, bobs) {
			t.Fatalf("owner: %d %+v", status, alices)
		}
		for _, c := range alices {
			if c.Email != ds.alice.Email {
				t.Fatalf("alice sees %+v", c)
			}
		}
		status, bobsList := ds.listed(t, ds.bob.Token)
		if status != 200 || has(bobsList, mine) || !has(bobsList, bobs) {
			t.Fatalf("another customer: %d %+v", status, bobsList)
		}
		status, all := ds.listed(t, ds.admin.Token)
		if status != 200 || len(all) != len(alices)+len(bobsList) || !has(all, mine) || !has(all, bobs) {
			t.Fatalf("admin: %d, %d records (alice %d, bob %d)", status, len(all), len(alices), len(bobsList))
		}
		for i := 1; i < len(all); i++ {
			if all[i-1].CancelledAt.Before(all[i].CancelledAt) {
				t.Fatal("not newest first")
			}
		}
		// Paged like the other lists.
		res, body := ds.send(t, "GET", "/cancellations?limit=1&skip=1", ds.admin.Token, nil)
		if page := decode[[]shop.Cancellation](t, body); res.StatusCode != 200 || len(page) != 1 || page[0].ID != all[1].ID ||
			res.Header.Get("X-Total-Count") != fmt.Sprint(len(all)) {
			t.Fatalf("page: %d %s (total %s)", res.StatusCode, body, res.Header.Get("X-Total-Count"))
		}
	})
}
