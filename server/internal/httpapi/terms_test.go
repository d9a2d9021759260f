package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

// Payment on account (issue 45) over HTTP, by role: an admin grants terms
// (validated, audited); checking out on account is for members of a
// company with terms; the statement is the company admin's and the
// admins'; a payment is recorded by admins only, audited; every refusal
// is a problem document and changes nothing.
func TestTerms_ByRole(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ctx := context.Background()
	boss := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.quickAccount(t, "Ann", "ann@quarry.test")       // the company's admin
	bob := ts.quickAccount(t, "Bob", "bob@quarry.test")       // a buyer
	amy := ts.quickAccount(t, "Amy", "amy@quarry.test")       // an approver
	carl := ts.quickAccount(t, "Carl", "carl@elsewhere.test") // a customer of no company
	dora := ts.quickAccount(t, "Dora", "dora@other.test")     // another company's admin
	id := ts.mustCompany(t, ann, boss, "Quarry Works Ltd")
	ts.mustJoin(t, ann, id, bob, "buyer", nil)
	ts.mustJoin(t, ann, id, amy, "approver", nil)
	other := ts.mustCompany(t, dora, boss, "Other Ltd")
	pump := ts.mustTieredProduct(t, "Slurry pump", "pumps", 40000, nil)

	onAccount := func(token string) (int, []byte) {
		b := checkoutBody(pump.ID, 1)
		delete(b, "company")
		b["payment"] = "account"
		res, body := ts.send(t, "POST", "/checkout", token, b)
		return res.StatusCode, body
	}

	t.Run("Terms_AdminOnly_Validated_Audited", func(t *testing.T) {
		for _, who := range []account{{}, carl, bob, ann} {
			res, body := ts.send(t, "PATCH", "/companies/"+id, who.Token, map[string]any{"termsDays": 30, "creditLimit": 1000})
			if res.StatusCode != 401 && res.StatusCode != 403 {
				t.Fatalf("terms set by %q: %d %s", who.Email, res.StatusCode, body)
			}
			mustProblem(t, res, body, res.StatusCode)
		}
		res, body := ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"termsDays": 45, "creditLimit": -1})
		p := mustProblem(t, res, body, 400)
		if p.Errors["termsDays"] != shop.FieldTermsDays || !strings.HasPrefix(p.Errors["creditLimit"], shop.FieldCreditLimit) {
			t.Fatalf("bad terms: %s", body)
		}
		// no terms yet: on account is refused to the member, nothing placed
		if code, body := onAccount(bob.Token); code != 403 || !strings.Contains(string(body), shop.MsgNoTerms) {
			t.Fatalf("on account without terms: %d %s", code, body)
		}
		res, body = ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"termsDays": 30, "creditLimit": 1000})
		if res.StatusCode != 200 || !strings.Contains(string(body), `"termsDays":30`) || !strings.Contains(string(body), `"creditLimit":1000`) {
			t.Fatalf("terms: %d %s", res.StatusCode, body)
		}
		found := false
		_ = ts.store.EachAudit(ctx, func(e shop.AuditEntry) bool {
			if e.Action == "company.update" && e.Status == 200 && e.TargetID == id {
				for _, ch := range e.Changes {
					found = found || ch.Field == "creditLimit"
				}
			}
			return true
		})
		if !found {
			t.Fatal("no audit entry of the credit limit's change")
		}
	})

	var groupID string
	t.Run("Checkout_OnAccount_MembersOfACompanyWithTermsOnly", func(t *testing.T) {
		if code, body := onAccount(carl.Token); code != 403 || !strings.Contains(string(body), shop.MsgNoTerms) {
			t.Fatalf("a customer on account: %d %s", code, body)
		}
		if code, body := onAccount(dora.Token); code != 403 {
			t.Fatalf("a member of a company without terms on account: %d %s", code, body)
		}
		b := checkoutBody(pump.ID, 1)
		delete(b, "company")
		b["payment"] = "cheque"
		res, body := ts.send(t, "POST", "/checkout", bob.Token, b)
		if p := mustProblem(t, res, body, 400); p.Errors["payment"] != shop.FieldPaymentMethod {
			t.Fatalf("an unknown payment: %s", body)
		}
		code, body := onAccount(bob.Token)
		if code != 201 {
			t.Fatalf("on account: %d %s", code, body)
		}
		groupID = decode[checkedOut](t, body).GroupID
		_, body = ts.send(t, "GET", "/groups/"+groupID, bob.Token, nil)
		if !strings.Contains(string(body), `"state":"on_account"`) || !strings.Contains(string(body), `"payment":"account"`) || !strings.Contains(string(body), `"payable":false`) {
			t.Fatalf("the purchase on account: %s", body)
		}
		// $400 held of $1,000: a second $400 fits, a third is refused (409, asking for a card)
		if code, body := onAccount(amy.Token); code != 201 {
			t.Fatalf("the second: %d %s", code, body)
		}
		code, body = onAccount(bob.Token)
		if code != 409 || !strings.Contains(string(body), "Pay this purchase by card instead.") {
			t.Fatalf("beyond the limit: %d %s", code, body)
		}
		// the card path is as before (absent payment: card)
		ts.mustMemberCheckout(t, bob.Token, pump.ID, 1)
	})

	// POST /order takes payment "account" by the checkout's path: the same
	// refusals (no terms 403, beyond the credit left 409), problem documents.
	t.Run("Order_OnAccount_TheCheckoutsPath", func(t *testing.T) {
		order := func(token, payment string) (int, []byte) {
			res, body := ts.send(t, "POST", "/order", token, map[string]any{"productId": pump.ID, "productQuantity": "1",
				"address": "1 Quarry Road, Leeds", "mobile": "+44 113 496 0000", "payment": payment})
			mustProblem(t, res, body, res.StatusCode)
			return res.StatusCode, body
		}
		if code, body := order(carl.Token, "account"); code != 403 || !strings.Contains(string(body), shop.MsgNoTerms) {
			t.Fatalf("a customer's order on account: %d %s", code, body)
		}
		if code, body := order(bob.Token, "cheque"); code != 400 || !strings.Contains(string(body), `"payment":"must be`) {
			t.Fatalf("an unknown payment: %d %s", code, body)
		}
		if code, body := order(bob.Token, "account"); code != 409 || !strings.Contains(string(body), "Pay this purchase by card instead.") {
			t.Fatalf("an order beyond the credit left: %d %s", code, body)
		}
	})

	t.Run("Statement_CompanyAdminAndAdminsOnly", func(t *testing.T) {
		for _, c := range []struct {
			who    account
			status int
		}{{account{}, 401}, {carl, 404}, {dora, 404}, {bob, 403}, {amy, 403}} {
			res, body := ts.send(t, "GET", "/companies/"+id+"/statement", c.who.Token, nil)
			mustProblem(t, res, body, c.status)
		}
		for _, who := range []account{ann, boss} {
			res, body := ts.send(t, "GET", "/companies/"+id+"/statement", who.Token, nil)
			if res.StatusCode != 200 || !strings.Contains(string(body), `"outstanding":800`) || !strings.Contains(string(body), `"creditLimit":1000`) ||
				!strings.Contains(string(body), `"aging":{"current":800,"d1_30":0,"d31_60":0,"d61_90":0,"d90plus":0}`) {
				t.Fatalf("the statement to %s: %d %s", who.Email, res.StatusCode, body)
			}
		}
		res, body := ts.send(t, "GET", "/admin/aging", boss.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"name":"Quarry Works Ltd"`) {
			t.Fatalf("the aging report: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "GET", "/admin/aging", ann.Token, nil)
		mustProblem(t, res, body, 403)
		res, body = ts.send(t, "GET", "/admin/aging.csv", boss.Token, nil)
		if res.StatusCode != 200 || !strings.HasPrefix(string(body), "company,companyId,termsDays,creditLimit,outstanding,current,d1_30,d31_60,d61_90,d90plus\n") ||
			!strings.Contains(string(body), "Quarry Works Ltd,"+id+",30,1000,800,800,0,0,0,0\n") {
			t.Fatalf("the aging CSV: %d %s", res.StatusCode, body)
		}
		_ = other
	})

	t.Run("Payments_AdminsOnly_Audited", func(t *testing.T) {
		if res, body := ts.send(t, "PUT", "/groups/"+groupID+"/ship", boss.Token, map[string]any{"carrier": "DHL", "trackingNumber": "JD0001"}); res.StatusCode != 200 {
			t.Fatalf("ship: %d %s", res.StatusCode, body)
		}
		_, body := ts.send(t, "GET", "/groups/"+groupID, bob.Token, nil)
		number := decode[struct {
			InvoiceNumber int64 `json:"invoiceNumber"`
		}](t, body).InvoiceNumber
		if number == 0 {
			t.Fatalf("the shipped purchase on account has no invoice: %s", body)
		}
		pay := map[string]any{"amount": 400, "reference": "BACS 1", "date": "2026-12-01", "invoices": []int64{number}}
		for _, c := range []struct {
			who    account
			status int
		}{{account{}, 401}, {carl, 403}, {bob, 403}, {amy, 403}, {ann, 403}, {dora, 403}} {
			res, body := ts.send(t, "POST", "/companies/"+id+"/payments", c.who.Token, pay)
			mustProblem(t, res, body, c.status)
		}
		res, body := ts.send(t, "POST", "/companies/"+id+"/payments", boss.Token, map[string]any{"amount": 399, "reference": "BACS 1", "date": "2026-12-01", "invoices": []int64{number}})
		if p := mustProblem(t, res, body, 400); p.Detail != "The amount must equal the outstanding total of the invoices named: $400.00." {
			t.Fatalf("a wrong amount: %s", body)
		}
		res, body = ts.send(t, "POST", "/companies/"+other+"/payments", boss.Token, pay)
		mustProblem(t, res, body, 400) // not that company's invoice
		res, body = ts.send(t, "POST", "/companies/"+id+"/payments", boss.Token, pay)
		if res.StatusCode != 201 || !strings.Contains(string(body), `"reference":"BACS 1"`) {
			t.Fatalf("the payment: %d %s", res.StatusCode, body)
		}
		_, body = ts.send(t, "GET", "/groups/"+groupID, bob.Token, nil)
		if !strings.Contains(string(body), `"paid":true`) {
			t.Fatalf("the purchase after its payment: %s", body)
		}
		_, body = ts.send(t, "GET", "/companies/"+id+"/statement", ann.Token, nil)
		if !strings.Contains(string(body), `"outstanding":400`) || !strings.Contains(string(body), `"paid":true`) {
			t.Fatalf("the statement after the payment: %s", body)
		}
		found := false
		_ = ts.store.EachAudit(ctx, func(e shop.AuditEntry) bool {
			found = found || e.Action == "company.payment" && e.Status == 201 && e.TargetID == id
			return true
		})
		if !found {
			t.Fatal("no audit entry of the payment")
		}
	})
}
