package httpapi_test

import (
	"testing"

	"storefront/server/internal/shop"
)

// The company's quotes (issue 45): its company admins and the site's
// admins list every quote its members asked for, newest first; its other
// members get 403, anyone else 404, anonymous 401 (problem documents).
func TestCompanyQuotes_ByRole(t *testing.T) {
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
	drill := ts.mustProduct(t, "Rock drill", 100_00, 20, 1)
	for _, who := range []account{bob, ann, carl} {
		if res, b := ts.send(t, "POST", "/quotes", who.Token, quoteBody("A price, please.", drill.ID, 2)); res.StatusCode != 201 {
			t.Fatalf("a quote of %s: %d %s", who.Email, res.StatusCode, b)
		}
	}
	base := "/companies/" + id + "/quotes"
	for _, who := range []account{ann, boss} {
		res, b := ts.send(t, "GET", base, who.Token, nil)
		if res.StatusCode != 200 || res.Header.Get("X-Total-Count") != "2" {
			t.Fatalf("the company's quotes to %s: %d %s", who.Email, res.StatusCode, b)
		}
		list := decode[[]shop.Quote](t, b)
		if len(list) != 2 || list[0].Email != ann.Email || list[1].Email != bob.Email {
			t.Fatalf("the company's quotes, newest first, its members' only: %+v", list)
		}
	}
	if res, b := ts.send(t, "GET", base+"?limit=1&skip=1", ann.Token, nil); res.StatusCode != 200 || decode[[]shop.Quote](t, b)[0].Email != bob.Email {
		t.Fatalf("the second page: %d %s", res.StatusCode, b)
	}
	for _, c := range []struct {
		who    account
		status int
	}{{account{}, 401}, {carl, 404}, {dora, 404}, {bob, 403}, {amy, 403}} {
		res, b := ts.send(t, "GET", base, c.who.Token, nil)
		mustProblem(t, res, b, c.status)
	}
}
