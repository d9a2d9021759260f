package httpapi_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"storefront/server/internal/shop"
)

type companyAnswer struct {
	ID      string        `json:"_id"`
	Name    string        `json:"name"`
	Status  string        `json:"status"`
	Role    string        `json:"role"`
	Members []shop.Member `json:"members"`
}

func companyBody(name string) map[string]any {
	return map[string]any{"name": name, "taxId": "GB123456789", "billingAddress": "1 Quarry Road, Leeds LS1 1AA"}
}

// mustCompany has who apply for a company and the admin approve it.
func (ts *testServer) mustCompany(t *testing.T, who, admin account, name string) string {
	t.Helper()
	res, body := ts.send(t, "POST", "/companies", who.Token, companyBody(name))
	if res.StatusCode != 201 {
		t.Fatalf("apply: %d %s", res.StatusCode, body)
	}
	id := decode[inserted](t, body).InsertedID
	if res, body := ts.send(t, "PATCH", "/companies/"+id, admin.Token, map[string]any{"status": "approved"}); res.StatusCode != 200 {
		t.Fatalf("approve: %d %s", res.StatusCode, body)
	}
	return id
}

// mustJoin invites the account to the company (by its admin) and has it
// accept the mailed link.
func (ts *testServer) mustJoin(t *testing.T, companyAdmin account, id string, who account, role string, limit any) {
	t.Helper()
	res, body := ts.send(t, "POST", "/companies/"+id+"/invitations", companyAdmin.Token, map[string]any{"email": who.Email, "role": role, "limit": limit})
	if res.StatusCode != 201 {
		t.Fatalf("invite %s: %d %s", who.Email, res.StatusCode, body)
	}
	token := ts.mailbox.mustToken(t, who.Email, shop.LetterCompanyInvitation, "join")
	if res, body := ts.send(t, "POST", "/invitations/accept", who.Token, map[string]string{"token": token}); res.StatusCode != 200 {
		t.Fatalf("accept %s: %d %s", who.Email, res.StatusCode, body)
	}
}

// Companies (issue 45): apply, approve, invite by a single-use link, roles
// and limits, each call by role: anonymous, a customer, each company role,
// an admin, and a member of another company.
func TestCompanies_Lifecycle(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	boss := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.quickAccount(t, "Ann", "ann@quarry.test")       // applies: the company's admin
	bob := ts.quickAccount(t, "Bob", "bob@quarry.test")       // invited as a buyer
	carl := ts.quickAccount(t, "Carl", "carl@elsewhere.test") // a customer of no company
	dora := ts.quickAccount(t, "Dora", "dora@other.test")     // another company's admin

	res, body := ts.send(t, "POST", "/companies", ann.Token, companyBody("Quarry Works Ltd"))
	if res.StatusCode != 201 {
		t.Fatalf("apply: %d %s", res.StatusCode, body)
	}
	id := decode[inserted](t, body).InsertedID

	t.Run("Pending_OnlyOneApplication_NoInvitations", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/companies", ann.Token, companyBody("Quarry Works Two"))
		if mustProblem(t, res, body, 409); !strings.Contains(string(body), shop.MsgAlreadyInCompany) {
			t.Fatalf("a second application: %s", body)
		}
		_, body = ts.send(t, "GET", "/companies", ann.Token, nil)
		list := decode[[]companyAnswer](t, body)
		if len(list) != 1 || list[0].Status != "pending" || list[0].Role != "admin" || list[0].Name != "Quarry Works Ltd" {
			t.Fatalf("the applicant's list: %s", body)
		}
		res, body = ts.send(t, "POST", "/companies/"+id+"/invitations", ann.Token, map[string]any{"email": bob.Email, "role": "buyer"})
		if mustProblem(t, res, body, 409); !strings.Contains(string(body), shop.MsgCompanyNotApproved) {
			t.Fatalf("an invitation before approval: %s", body)
		}
	})
	t.Run("Decide_AdminsOnly_Once", func(t *testing.T) {
		res, body := ts.send(t, "PATCH", "/companies/"+id, ann.Token, map[string]any{"status": "approved"})
		mustProblem(t, res, body, 403)
		res, body = ts.send(t, "PATCH", "/companies/"+id, "", map[string]any{"status": "approved"})
		mustProblem(t, res, body, 401)
		res, body = ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"status": "pending"})
		mustProblem(t, res, body, 400)
		res, body = ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"status": "approved", "termsDays": 45})
		mustProblem(t, res, body, 400) // terms are 0, 15, 30 or 60: nothing changes
		_, body = ts.send(t, "GET", "/companies?status=pending", boss.Token, nil)
		if !strings.Contains(string(body), id) {
			t.Fatalf("pending companies: %s", body)
		}
		res, body = ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"status": "approved"})
		if res.StatusCode != 200 || decode[companyAnswer](t, body).Status != "approved" {
			t.Fatalf("approve: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "PATCH", "/companies/"+id, boss.Token, map[string]any{"status": "declined"})
		if mustProblem(t, res, body, 409); !strings.Contains(string(body), shop.MsgCompanyDecided) {
			t.Fatalf("a second decision: %s", body)
		}
		_, body = ts.send(t, "GET", "/companies?status=pending", boss.Token, nil)
		if strings.Contains(string(body), id) {
			t.Fatalf("still pending: %s", body)
		}
	})
	other := ts.mustCompany(t, dora, boss, "Other Plant plc")

	t.Run("Invite_SingleUse_InvitedAddressOnly", func(t *testing.T) {
		for _, who := range []account{bob, carl, dora} { // only the company's admin invites
			res, body := ts.send(t, "POST", "/companies/"+id+"/invitations", who.Token, map[string]any{"email": "x@quarry.test", "role": "buyer"})
			mustProblem(t, res, body, 404)
		}
		// the site's admins manage any company's members (a company whose
		// last company admin was erased gets another from them)
		res, body := ts.send(t, "POST", "/companies/"+id+"/invitations", boss.Token, map[string]any{"email": "x@quarry.test", "role": "buyer"})
		if res.StatusCode != 201 {
			t.Fatalf("the site's admin inviting: %d %s", res.StatusCode, body)
		}
		for _, bad := range []map[string]any{{"email": "not-an-address", "role": "buyer"}, {"email": bob.Email, "role": "owner"},
			{"email": bob.Email, "role": "buyer", "limit": -5}, {"email": bob.Email, "role": "buyer", "name": "Bob"}} {
			res, body := ts.send(t, "POST", "/companies/"+id+"/invitations", ann.Token, bad)
			mustProblem(t, res, body, 400)
		}
		res, body = ts.send(t, "POST", "/companies/"+id+"/invitations", ann.Token, map[string]any{"email": dora.Email, "role": "buyer"})
		if mustProblem(t, res, body, 409); !strings.Contains(string(body), shop.MsgMemberElsewhere) {
			t.Fatalf("inviting another company's member: %s", body)
		}
		res, body = ts.send(t, "POST", "/companies/"+id+"/invitations", ann.Token, map[string]any{"email": "BOB@quarry.test", "role": "buyer", "limit": "500"})
		if res.StatusCode != 201 || !strings.Contains(string(body), `"limit":500`) {
			t.Fatalf("invite: %d %s", res.StatusCode, body)
		}
		token := ts.mailbox.mustToken(t, bob.Email, shop.LetterCompanyInvitation, "join")
		if m := ts.mailbox.to(bob.Email, shop.LetterCompanyInvitation); !strings.Contains(m[0].Subject, "Quarry Works Ltd") || !strings.Contains(m[0].Text, "a buyer, with a limit of $500.00 USD per purchase") {
			t.Fatalf("the invitation: %s / %s", m[0].Subject, m[0].Text)
		}
		res, body = ts.send(t, "POST", "/invitations/accept", carl.Token, map[string]string{"token": token})
		if mustProblem(t, res, body, 403); !strings.Contains(string(body), shop.MsgInvitationOther) {
			t.Fatalf("another address: %s", body)
		}
		res, body = ts.send(t, "POST", "/invitations/accept", "", map[string]string{"token": token})
		mustProblem(t, res, body, 401)
		res, body = ts.send(t, "POST", "/invitations/accept", bob.Token, map[string]string{"token": token})
		if a := decode[companyAnswer](t, body); res.StatusCode != 200 || a.ID != id || a.Role != "buyer" {
			t.Fatalf("accept: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "POST", "/invitations/accept", bob.Token, map[string]string{"token": token})
		mustProblem(t, res, body, 409) // a member already
		res, body = ts.send(t, "POST", "/invitations/accept", carl.Token, map[string]string{"token": "nope"})
		mustProblem(t, res, body, 400)
	})
	t.Run("Get_ByRole", func(t *testing.T) {
		_, body := ts.send(t, "GET", "/companies/"+id, ann.Token, nil)
		if a := decode[companyAnswer](t, body); len(a.Members) != 2 || a.Role != "admin" {
			t.Fatalf("the company admin's view: %s", body)
		}
		_, body = ts.send(t, "GET", "/companies/"+id, boss.Token, nil)
		if a := decode[companyAnswer](t, body); len(a.Members) != 2 || a.Role != "" {
			t.Fatalf("the admin's view: %s", body)
		}
		_, body = ts.send(t, "GET", "/companies/"+id, bob.Token, nil)
		if a := decode[companyAnswer](t, body); len(a.Members) != 1 || a.Members[0].Email != bob.Email || a.Members[0].Limit == nil || *a.Members[0].Limit != 500_00 {
			t.Fatalf("the buyer's view: %s", body)
		}
		for _, who := range []account{carl, dora} {
			res, body := ts.send(t, "GET", "/companies/"+id, who.Token, nil)
			mustProblem(t, res, body, 404)
		}
		res, body := ts.send(t, "GET", "/companies/"+id, "", nil)
		mustProblem(t, res, body, 401)
		_, body = ts.send(t, "GET", "/companies", carl.Token, nil)
		if string(body) != "[]" {
			t.Fatalf("a customer of no company: %s", body)
		}
		_, body = ts.send(t, "GET", "/companies", boss.Token, nil)
		if !strings.Contains(string(body), id) || !strings.Contains(string(body), other) {
			t.Fatalf("every company: %s", body)
		}
		res, body = ts.send(t, "GET", "/companies?status=lost", boss.Token, nil)
		mustProblem(t, res, body, 400)
	})
	t.Run("Members_RolesAndLimits", func(t *testing.T) {
		path := "/companies/" + id + "/members/" + bob.Email
		for _, who := range []account{bob, carl, dora} { // (the site's admins may: app's TestCompanies_*)
			res, body := ts.send(t, "PATCH", path, who.Token, map[string]any{"role": "admin"})
			if who == bob {
				mustProblem(t, res, body, 403)
			} else {
				mustProblem(t, res, body, 404)
			}
		}
		res, body := ts.send(t, "PATCH", "/companies/"+id+"/members/"+ann.Email, ann.Token, map[string]any{"role": "buyer"})
		if mustProblem(t, res, body, 409); !strings.Contains(string(body), shop.MsgOwnMembership) {
			t.Fatalf("changing oneself: %s", body)
		}
		res, body = ts.send(t, "PATCH", "/companies/"+id+"/members/"+dora.Email, ann.Token, map[string]any{"role": "buyer"})
		mustProblem(t, res, body, 404) // another company's member
		res, body = ts.send(t, "PATCH", path, ann.Token, map[string]any{"role": "approver", "limit": 2500.5})
		if m := decode[shop.Member](t, body); res.StatusCode != 200 || m.Role != shop.RoleApprover || m.Limit == nil || *m.Limit != 2500_50 {
			t.Fatalf("update: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "PATCH", path, ann.Token, map[string]any{"role": "approver", "limit": nil})
		if m := decode[shop.Member](t, body); res.StatusCode != 200 || m.Limit != nil {
			t.Fatalf("no limit: %d %s", res.StatusCode, body)
		}
		found := false
		_ = ts.store.EachAudit(context.Background(), func(e shop.AuditEntry) bool {
			if e.Action == "company.member-update" && e.Status == 200 {
				for _, ch := range e.Changes {
					found = found || ch.Field == "role" && ch.After == "approver"
				}
			}
			return true
		})
		if !found {
			t.Fatal("no audit entry of the role's change")
		}
		res, body = ts.send(t, "DELETE", path, bob.Token, nil)
		mustProblem(t, res, body, 403)
		res, body = ts.send(t, "DELETE", path, ann.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("remove: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "GET", "/companies/"+id, bob.Token, nil)
		mustProblem(t, res, body, 404)
		res, body = ts.send(t, "DELETE", path, ann.Token, nil)
		mustProblem(t, res, body, 404)
	})
	t.Run("Declined_MayApplyAgain", func(t *testing.T) {
		eve := ts.quickAccount(t, "Eve", "eve@declined.test")
		res, body := ts.send(t, "POST", "/companies", eve.Token, companyBody("Declined Ltd"))
		first := decode[inserted](t, body).InsertedID
		if res, body := ts.send(t, "PATCH", "/companies/"+first, boss.Token, map[string]any{"status": "declined"}); res.StatusCode != 200 {
			t.Fatalf("decline: %d %s", res.StatusCode, body)
		}
		res, body = ts.send(t, "POST", "/companies", eve.Token, companyBody("Declined Ltd"))
		if res.StatusCode != 201 {
			t.Fatalf("apply again: %d %s", res.StatusCode, body)
		}
		for _, bad := range []map[string]any{{"name": "", "taxId": "X", "billingAddress": "Y"}, {"name": "A", "taxId": "", "billingAddress": "Y"}, {"name": "A", "taxId": "X"}} {
			res, body := ts.send(t, "POST", "/companies", carl.Token, bad)
			mustProblem(t, res, body, 400)
		}
		res, body = ts.send(t, "POST", "/companies", "", companyBody("Nobody Ltd"))
		mustProblem(t, res, body, 401)
	})
}

// A person belongs to at most one company, whatever runs at once: two
// invitations accepted together, or two applications, make one membership.
func TestCompanies_OneCompanyAtOnce(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	boss := ts.mustRegister(t, "Boss", adminEmail)
	a1 := ts.quickAccount(t, "Ann", "ann@one.test")
	a2 := ts.quickAccount(t, "Abe", "abe@two.test")
	fay := ts.quickAccount(t, "Fay", "fay@both.test")
	one := ts.mustCompany(t, a1, boss, "One Ltd")
	two := ts.mustCompany(t, a2, boss, "Two Ltd")
	var tokens []string
	for _, c := range []struct {
		admin account
		id    string
	}{{a1, one}, {a2, two}} {
		if res, body := ts.send(t, "POST", "/companies/"+c.id+"/invitations", c.admin.Token, map[string]any{"email": fay.Email, "role": "buyer"}); res.StatusCode != 201 {
			t.Fatalf("invite: %d %s", res.StatusCode, body)
		}
		tokens = append(tokens, ts.mailbox.mustToken(t, fay.Email, shop.LetterCompanyInvitation, "join"))
	}
	statuses := make([]int, 2)
	var wg sync.WaitGroup
	for i, token := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, _ := ts.send(t, "POST", "/invitations/accept", fay.Token, map[string]string{"token": token})
			statuses[i] = res.StatusCode
		}()
	}
	wg.Wait()
	if statuses[0]+statuses[1] != 200+409 {
		t.Fatalf("two acceptances at once: %v, want one 200 and one 409", statuses)
	}
	members := 0
	for _, id := range []string{one, two} {
		list, err := ts.store.ListMembers(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range list {
			if m.Email == fay.Email {
				members++
			}
		}
	}
	if members != 1 {
		t.Fatalf("Fay is a member of %d companies", members)
	}

	gus := ts.quickAccount(t, "Gus", "gus@twice.test")
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, _ := ts.send(t, "POST", "/companies", gus.Token, companyBody("Twice Ltd"))
			statuses[i] = res.StatusCode
		}()
	}
	wg.Wait()
	if statuses[0]+statuses[1] != 201+409 {
		t.Fatalf("two applications at once: %v, want one 201 and one 409", statuses)
	}
}
