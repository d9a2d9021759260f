package app_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// company is an approved company of a test: its id, its applicant (its
// first company admin) and the site's admin.
type company struct {
	id         string
	owner      shop.Caller
	siteAdmin  shop.Caller
	companies  *app.Companies
	store      *mongodb.Store
	membersNow func() map[string]shop.CompanyRole
}

func mustCompany(t *testing.T, s *mongodb.Store) company {
	t.Helper()
	ctx := context.Background()
	c := &app.Companies{Companies: s, Log: discard}
	owner := &shop.User{ID: "0123456789abcdef01234567", Email: "ann@acme.test", Name: "Ann"}
	site := &shop.User{ID: "0123456789abcdef01234568", Email: "ops@shop.test", Name: "Ops", Role: shop.RoleAdmin}
	co, err := c.Apply(ctx, owner, shop.CompanyApplication{Name: "Acme Mills", TaxID: "GB123", BillingAddress: "1 Mill Road"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Update(ctx, site, co.ID, shop.CompanyChange{Status: shop.CompanyApproved}); err != nil {
		t.Fatal(err)
	}
	return company{id: co.ID, owner: owner, siteAdmin: site, companies: c, store: s, membersNow: func() map[string]shop.CompanyRole {
		list, err := s.ListMembers(ctx, co.ID)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]shop.CompanyRole{}
		for _, m := range list {
			out[m.Email] = m.Role
		}
		return out
	}}
}

// mustJoin makes email a member of the company in role.
func (co company) mustJoin(t *testing.T, email string, role shop.CompanyRole) shop.Caller {
	t.Helper()
	if _, err := co.store.InsertMember(context.Background(), shop.Member{Email: email, Company: co.id, Role: role}); err != nil {
		t.Fatal(err)
	}
	return &shop.User{ID: "0123456789abcdef0123456a", Email: email, Name: email}
}

// admins is the number of company admins, checked against the stored count.
func (co company) admins(t *testing.T) int {
	t.Helper()
	n := 0
	for _, r := range co.membersNow() {
		if r == shop.RoleCompanyAdmin {
			n++
		}
	}
	counted, err := co.store.CompanyAdmins(context.Background(), co.id)
	if err != nil {
		t.Fatal(err)
	}
	if counted != n {
		t.Fatalf("the company counts %d admins, and has %d", counted, n)
	}
	return n
}

func wantLastAdmin(t *testing.T, what string, err error) {
	t.Helper()
	if shop.ErrorCode(err) != shop.ECONFLICT || shop.ErrorMessage(err) != shop.MsgLastCompanyAdmin {
		t.Fatalf("%s: %v, want 409 %q", what, err, shop.MsgLastCompanyAdmin)
	}
}

// A company never loses its last company admin to a demotion or a
// removal (409), even by the site's admins, and two demotions at once of
// its last two admins do not both win.
func TestCompanies_KeepACompanyAdmin(t *testing.T) {
	t.Parallel()
	s := openStore(t, t.TempDir(), newClock())
	ctx := context.Background()
	co := mustCompany(t, s)
	bo := co.mustJoin(t, "bo@acme.test", shop.RoleCompanyAdmin)
	co.mustJoin(t, "cy@acme.test", shop.RoleBuyer)
	if n := co.admins(t); n != 2 {
		t.Fatalf("%d admins, want 2", n)
	}
	if _, err := co.companies.UpdateMember(ctx, co.owner, co.id, bo.Email, shop.MemberDraft{Role: shop.RoleBuyer}); err != nil {
		t.Fatalf("demoting one of two admins: %v", err)
	}
	_, err := co.companies.UpdateMember(ctx, co.siteAdmin, co.id, co.owner.Email, shop.MemberDraft{Role: shop.RoleBuyer})
	wantLastAdmin(t, "demoting the last admin", err)
	_, err = co.companies.RemoveMember(ctx, co.siteAdmin, co.id, co.owner.Email)
	wantLastAdmin(t, "removing the last admin", err)
	if n := co.admins(t); n != 1 {
		t.Fatalf("%d admins, want 1", n)
	}

	t.Run("ConcurrentDemotions", func(t *testing.T) {
		mongotest.RequireMongoDB(t, s)
		concurrentDemotions(ctx, t, co, bo)
	})
}

// concurrentDemotions: five rounds of the last two admins demoted and
// removed at once; one of each pair wins.
func concurrentDemotions(ctx context.Context, t *testing.T, co company, bo shop.Caller) {
	for round := range 5 {
		if _, err := co.companies.UpdateMember(ctx, co.siteAdmin, co.id, bo.Email, shop.MemberDraft{Role: shop.RoleCompanyAdmin}); err != nil {
			t.Fatalf("round %d: promoting: %v", round, err)
		}
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, email := range []string{co.owner.Email, bo.Email} {
			wg.Go(func() {
				if i == 0 {
					_, errs[i] = co.companies.UpdateMember(ctx, co.siteAdmin, co.id, email, shop.MemberDraft{Role: shop.RoleBuyer})
				} else {
					_, errs[i] = co.companies.RemoveMember(ctx, co.siteAdmin, co.id, email)
				}
			})
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) {
			t.Fatalf("round %d: a demotion and a removal of the last two admins at once: %v, %v; want one refused", round, errs[0], errs[1])
		}
		for _, err := range errs {
			if err != nil {
				wantLastAdmin(t, "the second at once", err)
			}
		}
		if n := co.admins(t); n != 1 {
			t.Fatalf("round %d: %d admins, want 1", round, n)
		}
		// back to Ann alone as admin, Bo a member
		members := co.membersNow()
		if _, ok := members[bo.Email]; !ok {
			co.mustJoin(t, bo.Email, shop.RoleBuyer)
		} else if members[bo.Email] == shop.RoleCompanyAdmin {
			if _, err := co.companies.UpdateMember(ctx, co.siteAdmin, co.id, co.owner.Email, shop.MemberDraft{Role: shop.RoleCompanyAdmin}); err != nil {
				t.Fatal(err)
			}
			if _, err := co.companies.UpdateMember(ctx, co.siteAdmin, co.id, bo.Email, shop.MemberDraft{Role: shop.RoleBuyer}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The last company admin's account is erased all the same (an erasure is
// never refused); the site's admins then appoint another from its
// members, who manages the company from then on.
func TestCompanies_SiteAdminsAppointAnAdminAfterTheLastIsErased(t *testing.T) {
	t.Parallel()
	s := openStore(t, t.TempDir(), newClock())
	ctx := context.Background()
	co := mustCompany(t, s)
	cy := co.mustJoin(t, "cy@acme.test", shop.RoleBuyer)
	if err := s.EraseMembership(ctx, co.owner.Email); err != nil {
		t.Fatal(err)
	}
	if n := co.admins(t); n != 0 {
		t.Fatalf("%d admins after the last one's erasure, want 0", n)
	}
	if _, err := co.companies.UpdateMember(ctx, cy, co.id, cy.Email, shop.MemberDraft{Role: shop.RoleCompanyAdmin}); shop.ErrorCode(err) != shop.EFORBIDDEN {
		t.Fatalf("a member appointing themselves: %v, want 403", err)
	}
	if _, err := co.companies.UpdateMember(ctx, co.siteAdmin, co.id, cy.Email, shop.MemberDraft{Role: shop.RoleCompanyAdmin}); err != nil {
		t.Fatalf("the site's admin appointing a company admin: %v", err)
	}
	if n := co.admins(t); n != 1 {
		t.Fatalf("%d admins, want 1", n)
	}
	dee := co.mustJoin(t, "dee@acme.test", shop.RoleBuyer)
	if _, err := co.companies.RemoveMember(ctx, cy, co.id, dee.Email); err != nil {
		t.Fatalf("the appointed admin managing the members: %v", err)
	}
	other := &shop.User{ID: "0123456789abcdef0123456b", Email: "eve@else.test"}
	if _, err := co.companies.RemoveMember(ctx, other, co.id, cy.Email); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("a stranger: %v, want 404", err)
	}
}

// Invitations are bounded (a sender's per hour, 429; a company's waiting
// ones, 409), erased with the account that sent them or was invited, and
// pruned once expired or used a day ago.
func TestCompanies_InvitationsBoundedErasedAndPruned(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	ctx := context.Background()
	co := mustCompany(t, s)
	co.companies.Now = clock.Now
	invite := func(who shop.Caller, i int) error {
		_, err := co.companies.Invite(ctx, who, co.id, shop.MemberDraft{Email: fmt.Sprintf("guest%d@else.test", i), Role: shop.RoleBuyer})
		return err
	}
	sent := 0
	for hour := range 3 {
		for range shop.InvitationsPerHour {
			if sent == shop.MaxPendingInvitations {
				break
			}
			if err := invite(co.owner, sent); err != nil {
				t.Fatalf("invitation %d: %v", sent, err)
			}
			sent++
		}
		if hour < 2 {
			err := invite(co.owner, 999)
			want := fmt.Sprintf(shop.MsgInvitingTooFast, shop.InvitationsPerHour, "60 minutes")
			if shop.ErrorCode(err) != shop.ERATELIMIT || shop.ErrorMessage(err) != want {
				t.Fatalf("invitation %d within the hour: %v, want 429 %q", shop.InvitationsPerHour+1, err, want)
			}
			clock.Add(time.Hour)
		}
	}
	err := invite(co.siteAdmin, 1000)
	if want := fmt.Sprintf(shop.MsgInvitationsPending, shop.MaxPendingInvitations); shop.ErrorCode(err) != shop.ECONFLICT || shop.ErrorMessage(err) != want {
		t.Fatalf("invitation %d waiting: %v, want 409 %q", shop.MaxPendingInvitations+1, err, want)
	}
	// erased by sender and by address
	if err := s.InsertInvitation(ctx, shop.Invitation{Hash: "to-ann", Company: co.id, Email: co.owner.Email, Role: shop.RoleBuyer, By: co.siteAdmin.Email,
		ExpiresAt: clock.Now().Add(shop.InvitationTTL)}); err != nil {
		t.Fatal(err)
	}
	if n, err := s.EraseInvitations(ctx, co.owner.Email); err != nil || n != shop.MaxPendingInvitations+1 {
		t.Fatalf("erased %d invitations (%v), want %d", n, err, shop.MaxPendingInvitations+1)
	}
	if n, err := s.PendingInvitations(ctx, co.id, clock.Now()); err != nil || n != 0 {
		t.Fatalf("%d invitations after the erasure (%v)", n, err)
	}
	// pruned: used a day ago, or expired; the rest kept
	for _, h := range []string{"used", "waiting", "late"} {
		ttl := shop.InvitationTTL
		if h == "late" {
			ttl = time.Hour
		}
		if err := s.InsertInvitation(ctx, shop.Invitation{Hash: h, Company: co.id, Email: h + "@else.test", Role: shop.RoleBuyer, By: co.owner.Email,
			ExpiresAt: clock.Now().Add(ttl)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.UseInvitation(ctx, "used", clock.Now()); err != nil {
		t.Fatal(err)
	}
	if n, err := co.companies.PruneInvitations(ctx); err != nil || n != 0 {
		t.Fatalf("pruned %d at once (%v), want 0", n, err)
	}
	clock.Add(shop.InvitationUsedKept + time.Minute)
	if n, err := co.companies.PruneInvitations(ctx); err != nil || n != 2 {
		t.Fatalf("pruned %d (%v), want the used and the expired one", n, err)
	}
	if n, err := s.PendingInvitations(ctx, co.id, clock.Now()); err != nil || n != 1 {
		t.Fatalf("%d waiting (%v), want 1", n, err)
	}
}

// A join is checked against an account deletion in progress (the
// membership undone, 401), and a join that a crash cut short between the
// invitation's use and the membership can be made again by the invited
// address; a removed member's invitation cannot.
func TestCompanies_AcceptKeepsOwnersAndRecovers(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	ctx := context.Background()
	co := mustCompany(t, s)
	co.companies.Now = clock.Now
	invitation := func(email string) string {
		t.Helper()
		raw, token, err := shop.NewAccountToken(shop.TokenVerifyEmail, clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := s.InsertInvitation(ctx, shop.Invitation{Hash: token.Hash, Company: co.id, Email: email, Role: shop.RoleBuyer, By: co.owner.Email,
			ExpiresAt: clock.Now().Add(shop.InvitationTTL)}); err != nil {
			t.Fatal(err)
		}
		return raw
	}
	gone := &shop.User{ID: "0123456789abcdef0123456c", Email: "gone@acme.test"} // an account erased meanwhile
	co.companies.Owners = &app.Owners{Users: s, Erasure: s}
	if _, err := co.companies.Accept(ctx, gone, shop.InvitationAccept{Token: invitation(gone.Email)}); shop.ErrorCode(err) != shop.EUNAUTHORIZED {
		t.Fatalf("joining for an erased account: %v, want 401", err)
	}
	if _, ok := co.membersNow()[gone.Email]; ok {
		t.Fatal("an erased account's membership was kept")
	}
	co.companies.Owners = nil

	raw := invitation("bo@acme.test")
	hash, err := shop.ParseAccountToken(raw)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.UseInvitation(ctx, hash, clock.Now()); err != nil { // used; the membership never written
		t.Fatal(err)
	}
	clock.Add(time.Minute)
	bo := &shop.User{ID: "0123456789abcdef0123456d", Email: "bo@acme.test"}
	if _, err := co.companies.Accept(ctx, bo, shop.InvitationAccept{Token: raw}); err != nil {
		t.Fatalf("joining again after a join cut short: %v", err)
	}
	if _, err := co.companies.RemoveMember(ctx, co.owner, co.id, bo.Email); err != nil {
		t.Fatal(err)
	}
	if _, err := co.companies.Accept(ctx, bo, shop.InvitationAccept{Token: raw}); shop.ErrorCode(err) != shop.EINVALID {
		t.Fatalf("a removed member's invitation: %v, want 400", err)
	}
}
