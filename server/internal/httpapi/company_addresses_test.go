package httpapi_test

import (
	"testing"
)

// A company's addresses (issue 45), by role: its company admins and the
// site's admins manage them; its other members read them (403 to change
// them); anyone else gets 404, anonymous 401; every refusal is a problem
// document and changes nothing. A member of the approved company checks
// out to one by its id, as to one of their own; no one else can.
func TestCompanyAddresses_ByRole(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	boss := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.quickAccount(t, "Ann", "ann@quarry.test")       // the company's admin
	bob := ts.quickAccount(t, "Bob", "bob@quarry.test")       // a buyer
	amy := ts.quickAccount(t, "Amy", "amy@quarry.test")       // an approver
	carl := ts.quickAccount(t, "Carl", "carl@elsewhere.test") // a customer of no company
	dora := ts.quickAccount(t, "Dora", "dora@other.test")     // another company's admin
	id := ts.mustCompany(t, ann, boss, "Quarry Works Ltd")
	ts.mustJoin(t, ann, id, bob, "buyer", nil)
	ts.mustJoin(t, ann, id, amy, "approver", nil)
	ts.mustCompany(t, dora, boss, "Other Ltd")
	base := "/companies/" + id + "/addresses"

	list := func(token string) []addressOut {
		t.Helper()
		res, b := ts.send(t, "GET", base, token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("the company's addresses: %d %s", res.StatusCode, b)
		}
		return decode[[]addressOut](t, b)
	}
	res, b := ts.send(t, "POST", base, ann.Token, addressBody("Yard", "3 Quarry Lane"))
	if res.StatusCode != 201 {
		t.Fatalf("the company admin's address: %d %s", res.StatusCode, b)
	}
	yard := decode[addressOut](t, b)
	if res, b := ts.send(t, "POST", base, boss.Token, addressBody("Depot", "9 Depot Road")); res.StatusCode != 201 {
		t.Fatalf("the site admin's address: %d %s", res.StatusCode, b)
	}

	t.Run("Refusals", func(t *testing.T) {
		for _, c := range []struct {
			who    account
			status int
		}{{account{}, 401}, {carl, 404}, {dora, 404}, {bob, 403}, {amy, 403}} {
			res, b := ts.send(t, "POST", base, c.who.Token, addressBody("Mine", "1 Mine Road"))
			mustProblem(t, res, b, c.status)
			res, b = ts.send(t, "PATCH", base+"/"+yard.ID, c.who.Token, map[string]any{"line1": "Stolen"})
			mustProblem(t, res, b, c.status)
			res, b = ts.send(t, "DELETE", base+"/"+yard.ID, c.who.Token, nil)
			mustProblem(t, res, b, c.status)
			if c.status != 403 {
				res, b = ts.send(t, "GET", base, c.who.Token, nil)
				mustProblem(t, res, b, c.status)
			}
		}
		res, b := ts.send(t, "POST", base, ann.Token, map[string]any{"name": "Ann"})
		if p := mustProblem(t, res, b, 400); p.Detail != "The address is not valid." || p.Errors["line1"] != "is required" {
			t.Fatalf("an invalid address: %+v", p)
		}
		if got := list(boss.Token); len(got) != 2 || got[0].ID != yard.ID || got[0].Line1 != "3 Quarry Lane" {
			t.Fatalf("after the refusals: %+v", got)
		}
		if own := ts.addresses(t, ann.Token); len(own) != 0 {
			t.Fatalf("the company's addresses are not its admin's own: %+v", own)
		}
	})

	t.Run("MembersReadAndCheckOutToThem", func(t *testing.T) {
		if got := list(bob.Token); len(got) != 2 {
			t.Fatalf("the buyer reads the company's addresses: %+v", got)
		}
		p := ts.mustProduct(t, "Crusher jaw", 100_00, 20, 1)
		res, b := ts.send(t, "POST", "/checkout", bob.Token, map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 1}}, "addressId": yard.ID})
		if res.StatusCode != 201 {
			t.Fatalf("a member's checkout to the company's address: %d %s", res.StatusCode, b)
		}
		o := ts.order(t, decode[checkedOut](t, b).OrderIDs[0])
		if o.Address != "Ann Smith, Quarry Works Ltd, 3 Quarry Lane, Leeds LS1 4AP, GB" || o.Mobile != "+44 113 496 0000" || o.Country != "GB" {
			t.Fatalf("the company's address on the order: %+v", o)
		}
		// not a member: the id is no address of theirs
		res, b = ts.send(t, "POST", "/checkout", carl.Token, map[string]any{"items": []map[string]any{{"productId": p.ID, "quantity": 1}}, "addressId": yard.ID})
		if p := mustProblem(t, res, b, 400); p.Errors["addressId"] != "is not one of your saved addresses" {
			t.Fatalf("an outsider's checkout to the company's address: %+v", p)
		}
	})

	t.Run("ChangeAndDelete", func(t *testing.T) {
		res, b := ts.send(t, "PATCH", base+"/"+yard.ID, ann.Token, map[string]any{"line1": "4 Quarry Lane"})
		if res.StatusCode != 200 || decode[addressOut](t, b).Line1 != "4 Quarry Lane" {
			t.Fatalf("the change: %d %s", res.StatusCode, b)
		}
		if res, b := ts.send(t, "DELETE", base+"/"+yard.ID, ann.Token, nil); res.StatusCode != 200 {
			t.Fatalf("the delete: %d %s", res.StatusCode, b)
		}
		if got := list(ann.Token); len(got) != 1 || !got[0].IsDefault {
			t.Fatalf("after the delete, the one left is the default: %+v", got)
		}
	})
}
