package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

type purchaseAnswer struct {
	ID               string  `json:"_id"`
	State            string  `json:"state"`
	Payable          bool    `json:"payable"`
	AwaitingApproval bool    `json:"awaitingApproval"`
	ApprovedBy       string  `json:"approvedBy"`
	CompanyID        string  `json:"companyId"`
	Total            float64 `json:"total"`
}

// approvalsCast is a company (Ann its admin, Val its approver, Bob a buyer
// with a $500 limit, Cleo a buyer without one), a customer of no company,
// another company's admin, and the shop's admin.
type approvalsCast struct {
	*deskServer
	company                         string
	ann, val, bob, cleo, carl, dora account
	drill, bits                     shop.Product
}

func mustApprovalsCast(t *testing.T) approvalsCast {
	t.Helper()
	ds := mustServeDesk(t)
	c := approvalsCast{deskServer: ds,
		ann: ds.quickAccount(t, "Ann", "ann@quarry.test"), val: ds.quickAccount(t, "Val", "val@quarry.test"),
		bob: ds.quickAccount(t, "Bob", "bob@quarry.test"), cleo: ds.quickAccount(t, "Cleo", "cleo@quarry.test"),
		carl: ds.quickAccount(t, "Carl", "carl@elsewhere.test"), dora: ds.quickAccount(t, "Dora", "dora@other.test")}
	c.company = ds.mustCompany(t, c.ann, ds.admin, "Quarry Works Ltd")
	ds.mustCompany(t, c.dora, ds.admin, "Other Plant plc")
	ds.mustJoin(t, c.ann, c.company, c.val, "approver", nil)
	ds.mustJoin(t, c.ann, c.company, c.bob, "buyer", "500")
	ds.mustJoin(t, c.ann, c.company, c.cleo, "buyer", nil)
	c.drill = ds.mustProduct(t, "Core Drill", 20000, 10, 1)
	c.bits = ds.mustProduct(t, "Drill Bits", 5000, 10, 1)
	return c
}

func (c approvalsCast) purchase(t *testing.T, token, id string) purchaseAnswer {
	t.Helper()
	res, body := c.send(t, "GET", "/groups/"+id, token, nil)
	if res.StatusCode != 200 {
		t.Fatalf("GET /groups/%s: %d %s", id, res.StatusCode, body)
	}
	return decode[purchaseAnswer](t, body)
}

// overLimit checks out $600 as Bob (above his $500 limit) and returns the
// purchase's id, awaiting approval.
func (c approvalsCast) overLimit(t *testing.T) string {
	t.Helper()
	b := checkoutBody(c.drill.ID, 2, c.bits.ID, 4)
	delete(b, "company")
	res, body := c.send(t, "POST", "/checkout", c.bob.Token, b)
	if res.StatusCode != 201 || !strings.Contains(string(body), `"awaitingApproval":true`) {
		t.Fatalf("a checkout above the limit: %d %s, want 201 awaiting approval", res.StatusCode, body)
	}
	return decode[checkedOut](t, body).GroupID
}

// TestApprovals_ByRole: a purchase above its buyer's limit (a single
// order, a checkout, an accepted quote) is placed awaiting approval, its
// stock held, not payable; its company's approver and admin are e-mailed
// and may read it; only they approve or decline it (anonymous 401; a
// customer and another company's member 404; its buyer, another buyer and
// the shop's admin 403), once; an approval makes it payable and tells its
// buyer; a decline (with a reason) cancels it, its stock back, its buyer
// told why.
func TestApprovals_ByRole(t *testing.T) {
	t.Parallel()
	c := mustApprovalsCast(t)

	res, body := c.send(t, "POST", "/order", c.bob.Token, orderBody(c.drill.ID, 3)) // $600
	if res.StatusCode != 201 || !strings.Contains(string(body), `"awaitingApproval":true`) {
		t.Fatalf("an order above the limit: %d %s", res.StatusCode, body)
	}
	single := decode[inserted](t, body).InsertedID
	if got := c.purchase(t, c.bob.Token, single); got.State != "awaiting_approval" || got.Payable || got.CompanyID != c.company {
		t.Fatalf("the order's purchase: %+v, want awaiting approval, not payable", got)
	}
	if s := c.stock(t, c.drill.ID); s != 7 {
		t.Fatalf("stock %d while awaiting approval, want 7 (held)", s)
	}
	res, body = c.send(t, "POST", "/create-payment-intent", c.bob.Token, map[string]any{"orderId": single})
	if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgAwaitingApproval {
		t.Fatalf("paying before approval: %q", p.Detail)
	}
	res, body = c.send(t, "PUT", "/groups/"+single+"/ship", c.admin.Token, map[string]any{})
	if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgShipAwaitingApproval {
		t.Fatalf("shipping before approval: %q", p.Detail)
	}
	if !testwait.Until(10*time.Second, func() bool {
		return len(c.mailbox.to(c.ann.Email, shop.LetterApprovalRequested)) == 1 && len(c.mailbox.to(c.val.Email, shop.LetterApprovalRequested)) == 1
	}) {
		t.Fatal("the approver and the company admin were not e-mailed")
	}
	if m := c.mailbox.to(c.val.Email, shop.LetterApprovalRequested)[0]; !strings.Contains(m.Text, siteURL+"/dashboard/order/"+single) {
		t.Fatalf("the approver's e-mail has no link to the purchase: %s", m.Text)
	}
	if n := len(c.mailbox.to(c.cleo.Email, shop.LetterApprovalRequested)) + len(c.mailbox.to(c.bob.Email, shop.LetterApprovalRequested)); n != 0 {
		t.Fatalf("%d approval e-mails to buyers", n)
	}

	t.Run("WhoMayRead", func(t *testing.T) {
		c.purchase(t, c.val.Token, single)
		c.purchase(t, c.ann.Token, single)
		for _, who := range []account{c.cleo, c.carl, c.dora} {
			res, body := c.send(t, "GET", "/groups/"+single, who.Token, nil)
			mustProblem(t, res, body, 404)
		}
		for _, tc := range []struct {
			who    account
			query  string
			status int
		}{
			{c.val, "?awaitingApproval=true", 200}, {c.ann, "", 200}, {c.ann, "?awaitingApproval=true", 200}, {account{Token: c.admin.Token}, "", 200},
			{c.val, "", 403}, {c.cleo, "?awaitingApproval=true", 403}, {c.bob, "", 403}, {c.carl, "", 404}, {c.dora, "?awaitingApproval=true", 404},
			{account{}, "", 401}, {c.ann, "?awaitingApproval=yes", 400},
		} {
			res, body := c.send(t, "GET", "/companies/"+c.company+"/purchases"+tc.query, tc.who.Token, nil)
			if tc.status != 200 {
				mustProblem(t, res, body, tc.status)
				continue
			}
			if list := decode[[]purchaseAnswer](t, body); res.StatusCode != 200 || len(list) != 1 || list[0].ID != single || res.Header.Get("X-Total-Count") != "1" {
				t.Fatalf("%s's company purchases%s: %d %s", tc.who.Email, tc.query, res.StatusCode, body)
			}
		}
	})

	t.Run("WhoMayDecide", func(t *testing.T) {
		for _, tc := range []struct {
			who    account
			status int
			detail string
		}{
			{account{}, 401, ""}, {c.carl, 404, ""}, {c.dora, 404, ""},
			{c.bob, 403, shop.MsgOwnApproval}, {c.cleo, 403, shop.MsgNotApprover}, {account{Token: c.admin.Token}, 403, shop.MsgNotApprover},
		} {
			for _, call := range []string{"approve", "decline"} {
				res, body := c.send(t, "POST", "/groups/"+single+"/"+call, tc.who.Token, map[string]any{"reason": "No."})
				if p := mustProblem(t, res, body, tc.status); tc.detail != "" && p.Detail != tc.detail {
					t.Fatalf("%s by %s: %q", call, tc.who.Email, p.Detail)
				}
			}
		}
		res, body := c.send(t, "POST", "/groups/0123456789abcdef01234567/approve", c.val.Token, nil)
		mustProblem(t, res, body, 404)
		if got := c.purchase(t, c.bob.Token, single); got.State != "awaiting_approval" || c.stock(t, c.drill.ID) != 7 {
			t.Fatalf("after refusals: %+v, stock %d", got, c.stock(t, c.drill.ID))
		}
	})

	t.Run("Approve_Once_Payable", func(t *testing.T) {
		res, body := c.send(t, "POST", "/groups/"+single+"/approve", c.val.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("approve: %d %s", res.StatusCode, body)
		}
		if got := decode[purchaseAnswer](t, body); got.State != "placed" || !got.Payable || got.ApprovedBy != c.val.Email {
			t.Fatalf("approved: %s", body)
		}
		for _, call := range []string{"approve", "decline"} {
			res, body = c.send(t, "POST", "/groups/"+single+"/"+call, c.ann.Token, map[string]any{"reason": "Too late."})
			if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgNotAwaitingApproval {
				t.Fatalf("%s after the approval: %q", call, p.Detail)
			}
		}
		c.purchase(t, c.val.Token, single) // the approver still reads what they approved
		if !testwait.Until(10*time.Second, func() bool { return len(c.mailbox.to(c.bob.Email, shop.LetterPurchaseApproved)) == 1 }) {
			t.Fatal("the buyer was not told of the approval")
		}
		res, body = c.send(t, "POST", "/create-payment-intent", c.bob.Token, map[string]any{"orderId": single})
		if res.StatusCode != 200 {
			t.Fatalf("paying after approval: %d %s", res.StatusCode, body)
		}
		if s := c.stock(t, c.drill.ID); s != 7 {
			t.Fatalf("stock %d after approval, want 7", s)
		}
		// paid, its invoice is its buyer's and the company admin's (not the approver's, nor another's)
		secret := decode[struct {
			ClientSecret string `json:"clientSecret"`
		}](t, body).ClientSecret
		status, pi, detail := c.payWithCard(t, secret, "4242424242424242")
		if status != 200 {
			t.Fatalf("card: %d %s", status, detail)
		}
		if res, body := c.send(t, "PATCH", "/pay/"+single, c.bob.Token, map[string]any{"transactionId": pi}); res.StatusCode != 200 {
			t.Fatalf("pay: %d %s", res.StatusCode, body)
		}
		var n int64
		if !testwait.Until(10*time.Second, func() bool { n = c.invoiceNumbers(t, []string{single})[0]; return n > 0 }) {
			t.Fatal("no invoice")
		}
		pdf := fmt.Sprintf("/invoices/%d.pdf", n)
		for _, who := range []account{c.bob, c.ann} {
			if res, body := c.send(t, "GET", pdf, who.Token, nil); res.StatusCode != 200 {
				t.Fatalf("%s reads the invoice: %d %s", who.Email, res.StatusCode, body)
			}
		}
		for _, who := range []account{c.val, c.cleo, c.dora, c.carl} {
			res, body := c.send(t, "GET", pdf, who.Token, nil)
			mustProblem(t, res, body, 404)
		}
	})

	t.Run("Decline_WithReason_StockBack", func(t *testing.T) {
		id := c.overLimit(t)
		if d, b := c.stock(t, c.drill.ID), c.stock(t, c.bits.ID); d != 5 || b != 6 {
			t.Fatalf("stock %d and %d while awaiting, want 5 and 6", d, b)
		}
		res, body := c.send(t, "POST", "/groups/"+id+"/decline", c.ann.Token, map[string]any{"reason": "  "})
		if p := mustProblem(t, res, body, 400); p.Errors["reason"] != shop.FieldRequired {
			t.Fatalf("a decline without a reason: %s", body)
		}
		res, body = c.send(t, "POST", "/groups/"+id+"/decline", c.ann.Token, map[string]any{"reason": "Over this month's budget."})
		if res.StatusCode != 200 || !strings.Contains(string(body), `"deletedCount":2`) {
			t.Fatalf("decline: %d %s", res.StatusCode, body)
		}
		if d, b := c.stock(t, c.drill.ID), c.stock(t, c.bits.ID); d != 7 || b != 10 {
			t.Fatalf("stock %d and %d after the decline, want 7 and 10", d, b)
		}
		res, body = c.send(t, "POST", "/groups/"+id+"/approve", c.val.Token, nil)
		mustProblem(t, res, body, 404)
		if !testwait.Until(10*time.Second, func() bool { return len(c.mailbox.to(c.bob.Email, shop.LetterPurchaseDeclined)) == 1 }) {
			t.Fatal("the buyer was not told of the decline")
		}
		if m := c.mailbox.to(c.bob.Email, shop.LetterPurchaseDeclined)[0]; !strings.Contains(m.Text, "The reason given: Over this month's budget.") {
			t.Fatalf("the decline's e-mail: %s", m.Text)
		}
		_, body = c.send(t, "GET", "/cancellations", c.bob.Token, nil)
		if !strings.Contains(string(body), `"by":"approver"`) || !strings.Contains(string(body), `"reason":"Over this month's budget."`) {
			t.Fatalf("the cancellation records: %s", body)
		}
	})

	t.Run("AcceptedQuote_AwaitsApproval", func(t *testing.T) {
		q := c.mustQuote(t, c.bob.Token, c.bits.ID, 3)
		c.mustPrice(t, q, "2026-03-31", map[string]float64{c.bits.ID: 200})
		res, body := c.send(t, "POST", "/quotes/"+q+"/accept", c.bob.Token, delivery)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"awaitingApproval":true`) {
			t.Fatalf("accepting a $600 quote: %d %s", res.StatusCode, body)
		}
		if got := c.purchase(t, c.bob.Token, q); got.State != "awaiting_approval" {
			t.Fatalf("the quote's purchase: %+v", got)
		}
	})

	t.Run("AtTheLimit_NoLimit_Placed", func(t *testing.T) {
		for _, tc := range []struct {
			who account
			qty int
		}{{c.bob, 1}, {c.cleo, 4}} { // $500 (the limit), and $1,000 without one
			out := c.mustMemberCheckout(t, tc.who.Token, c.drill.ID, 1, c.bits.ID, tc.qty)
			if got := c.purchase(t, tc.who.Token, out.GroupID); got.State != "placed" || !got.Payable {
				t.Fatalf("%s's checkout: %+v", tc.who.Email, got)
			}
		}
	})
}

// TestApprovals_ApproveDeclineCancelRace: an approval, a decline and the
// buyer's cancel at once decide a purchase awaiting approval once between
// them: never both an approval and a decline, never a decline and a
// cancel, and its stock comes back once, or stays held.
func TestApprovals_ApproveDeclineCancelRace(t *testing.T) {
	t.Parallel()
	c := mustApprovalsCast(t)
	mongotest.RequireMongoDB(t, c.store)
	for round := range 4 {
		id := c.overLimit(t)
		var wg sync.WaitGroup
		var approve, decline, cancel int
		run := func(out *int, method, path string, who account, body any) {
			defer wg.Done()
			res, _ := c.send(t, method, path, who.Token, body)
			*out = res.StatusCode
		}
		wg.Add(3)
		go run(&approve, "POST", "/groups/"+id+"/approve", c.val, nil)
		go run(&decline, "POST", "/groups/"+id+"/decline", c.ann, map[string]any{"reason": "No budget."})
		go run(&cancel, "DELETE", "/groups/"+id, c.bob, nil)
		wg.Wait()
		if approve == 200 && decline == 200 || decline == 200 && cancel == 200 || approve != 200 && decline != 200 && cancel != 200 {
			t.Fatalf("round %d: approve %d, decline %d, cancel %d", round, approve, decline, cancel)
		}
		gone := decline == 200 || cancel == 200
		res, _ := c.send(t, "GET", "/groups/"+id, c.bob.Token, nil)
		if gone != (res.StatusCode == 404) {
			t.Fatalf("round %d: approve %d, decline %d, cancel %d, and the purchase answers %d", round, approve, decline, cancel, res.StatusCode)
		}
		want := map[bool][2]int64{true: {10, 10}, false: {8, 6}}[gone]
		if d, b := c.stock(t, c.drill.ID), c.stock(t, c.bits.ID); d != want[0] || b != want[1] {
			t.Fatalf("round %d (gone %v): stock %d and %d, want %v", round, gone, d, b, want)
		}
		if !gone { // approved and standing: cancelled by its buyer for the next round
			if res, body := c.send(t, "DELETE", "/groups/"+id, c.bob.Token, nil); res.StatusCode != 200 {
				t.Fatalf("round %d: cancel: %d %s", round, res.StatusCode, body)
			}
		}
	}
}
