package mongodb_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

func mustUser(tb testing.TB, s *mongodb.Store, email, role string) shop.User {
	tb.Helper()
	u, err := s.CreateUser(context.Background(), shop.User{Email: email, Name: email, Role: role, Provider: shop.ProviderPassword, PasswordHash: "h",
		EmailVerified: true})
	if err != nil {
		tb.Fatal(err)
	}
	return u
}

// removeUser removes an account as DELETE /user/{id} does in the store: an
// admin's role first (counted), then the deletion's marker and its end.
func removeUser(ctx context.Context, s *mongodb.Store, u shop.User) error {
	if u.IsAdmin() {
		if _, err := s.DemoteUser(ctx, u.Email, shop.RoleChange{By: "x@shop.test"}); err != nil {
			return err
		}
	}
	if _, err := s.BeginDeletion(ctx, u.ID, shop.AnySession, time.Now(), false); err != nil {
		return err
	}
	return s.FinishDeletion(ctx, u.ID)
}

// mustAdmins checks that the store has exactly n admins, and counts n.
func mustAdmins(tb testing.TB, s *mongodb.Store, n int) {
	tb.Helper()
	ctx := context.Background()
	admins, err := s.AdminEmails(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	count, err := s.AdminCount(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	if len(admins) != n || count != int64(n) {
		tb.Fatalf("admins %v counted %d, want %d", admins, count, n)
	}
}

// Roles: each change is recorded and counted; the last admin can neither
// be demoted nor removed.
func TestRoles_CountAndRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	s := mongotest.MustOpenAt(t, dir)
	ada := mustUser(t, s, "ada@shop.test", shop.RoleAdmin)
	bob := mustUser(t, s, "bob@shop.test", shop.RoleCustomer)
	mustAdmins(t, s, 1)

	if _, err := s.DemoteUser(ctx, ada.Email, shop.RoleChange{By: "x@shop.test"}); !shop.IsNoAdminLeft(err) {
		t.Fatalf("the last admin demoted: %v", err)
	}
	if err := removeUser(ctx, s, ada); !shop.IsNoAdminLeft(err) {
		t.Fatalf("the last admin removed: %v", err)
	}
	// An admin's deletion never begins before its role has gone (counted).
	if _, err := s.BeginDeletion(ctx, ada.ID, shop.AnySession, time.Now(), false); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("an admin's deletion began: %v", err)
	}
	mustAdmins(t, s, 1)

	res, err := s.PromoteUser(ctx, bob.Email, shop.RoleChange{By: ada.Email})
	if err != nil || res.ModifiedCount != 1 {
		t.Fatalf("promote: %+v %v", res, err)
	}
	if res, err := s.PromoteUser(ctx, bob.Email, shop.RoleChange{By: ada.Email}); err != nil || res.ModifiedCount != 0 {
		t.Fatalf("promote an admin again: %+v %v", res, err)
	}
	mustAdmins(t, s, 2)
	if _, err := s.DemoteUser(ctx, bob.Email, shop.RoleChange{By: ada.Email}); err != nil {
		t.Fatal(err)
	}
	mustAdmins(t, s, 1)
	u, _ := s.FindUserByEmail(ctx, bob.Email)
	if len(u.RoleHistory) != 2 || u.RoleHistory[0].Role != shop.RoleAdmin || u.RoleHistory[1].Role != shop.RoleCustomer ||
		u.RoleHistory[1].By != ada.Email || u.RoleHistory[1].Email != bob.Email || u.RoleHistory[1].At.IsZero() {
		t.Fatalf("history: %+v", u.RoleHistory)
	}
	if a, _ := s.FindUserByEmail(ctx, ada.Email); len(a.RoleHistory) != 1 || a.RoleHistory[0].By != shop.RoleByConfiguration {
		t.Fatalf("a created admin's history: %+v", a.RoleHistory)
	}

	// A customer is removed without touching the count; an admin with two.
	if _, err := s.PromoteUser(ctx, bob.Email, shop.RoleChange{By: ada.Email}); err != nil {
		t.Fatal(err)
	}
	bob, _ = s.FindUserByEmail(ctx, bob.Email)
	if err := removeUser(ctx, s, bob); err != nil {
		t.Fatal(err)
	}
	mustAdmins(t, s, 1)

	// A crash between a count and a role write leaves the count off: the
	// next start sets it from the users.
	carl := mustUser(t, s, "carl@shop.test", shop.RoleAdmin)
	_ = carl
	mongodb.SetAdminCount(t, s, 7)
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	s = mongotest.MustOpenAt(t, dir)
	mustAdmins(t, s, 2)
}

// With exactly two admins, two demotions at once, or a demotion and a
// removal at once, leave exactly one admin, every time.
func TestRoles_ConcurrentNeverLeavesNoAdmin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := mongotest.MustOpen(t)
	mongotest.RequireMongoDB(t, s)
	last := mustUser(t, s, "first@shop.test", shop.RoleAdmin)
	for i := range 50 {
		next := mustUser(t, s, fmt.Sprintf("admin%d@shop.test", i), shop.RoleAdmin)
		mustAdmins(t, s, 2)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		wg.Add(2)
		go func() {
			defer wg.Done()
			_, errs[0] = s.DemoteUser(ctx, last.Email, shop.RoleChange{By: next.Email})
		}()
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				_, errs[1] = s.DemoteUser(ctx, next.Email, shop.RoleChange{By: last.Email})
			} else {
				errs[1] = removeUser(ctx, s, next)
			}
		}()
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !shop.IsNoAdminLeft(err):
				t.Fatalf("iteration %d: %v", i, err)
			}
		}
		if ok != 1 {
			t.Fatalf("iteration %d: %d of two succeeded (%v)", i, ok, errs)
		}
		mustAdmins(t, s, 1)
		admins, _ := s.AdminEmails(ctx)
		if last, _ = s.FindUserByEmail(ctx, admins[0]); !last.IsAdmin() {
			t.Fatalf("iteration %d: %+v", i, last)
		}
	}
}
