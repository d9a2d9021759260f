package httpapi_test

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
)

// Roles (issue 36): an admin returns another admin to customer; never
// themselves, an ADMIN_EMAILS address or the last admin; each change is
// recorded in GET /user.
func TestRoles(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	boss := ts.mustRegister(t, "Boss", adminEmail) // ADMIN_EMAILS
	alice := ts.mustRegister(t, "Alice", "alice@roles.test")
	bob := ts.mustRegister(t, "Bob", "bob@roles.test")
	ada := ts.mustRegister(t, "Ada", "ada@roles.test")
	ts.mustVerify(t, ada.Email)
	ts.mustVerify(t, bob.Email)
	if res, body := ts.send(t, "PUT", "/user/admin/"+ada.Email, boss.Token, nil); res.StatusCode != 200 {
		t.Fatalf("promote ada: %d %s", res.StatusCode, body)
	}

	roles := []struct{ name, token string }{{"visitor", ""}, {"customer", alice.Token}, {"another customer", bob.Token}}
	for _, role := range roles {
		t.Run("Refused as "+role.name, func(t *testing.T) {
			want := 403
			if role.token == "" {
				want = 401
			}
			before := ts.users(t)
			res, body := ts.send(t, "PUT", "/user/customer/"+ada.Email, role.token, nil)
			mustProblem(t, res, body, want)
			if after := ts.users(t); !reflect.DeepEqual(before, after) {
				t.Fatal("a refused demotion changed the users")
			}
		})
	}

	t.Run("OK_AdminDemotesAndTheChangeIsRecorded", func(t *testing.T) {
		res, body := ts.send(t, "PUT", "/user/customer/"+ada.Email, boss.Token, nil)
		if r := decode[shop.UpdateResult](t, body); res.StatusCode != 200 || r.ModifiedCount != 1 {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		// Her token no longer carries admin rights.
		if res, _ := ts.send(t, "GET", "/user", ada.Token, nil); res.StatusCode != 403 {
			t.Fatalf("a demoted admin lists users: %d", res.StatusCode)
		}
		_, body = ts.send(t, "GET", "/user", boss.Token, nil)
		for _, u := range decode[[]shop.User](t, body) {
			switch u.Email {
			case ada.Email:
				h := u.RoleHistory
				if u.Role != shop.RoleCustomer || len(h) != 2 || h[0].Role != shop.RoleAdmin || h[1].Role != shop.RoleCustomer ||
					h[0].By != boss.Email || h[1].By != boss.Email || h[1].At.IsZero() || h[1].Email != ada.Email {
					t.Fatalf("ada: %+v", u)
				}
			case boss.Email:
				if len(u.RoleHistory) != 1 || u.RoleHistory[0].By != shop.RoleByConfiguration {
					t.Fatalf("boss: %+v", u)
				}
			}
		}
		// A customer already: nothing to do.
		res, body = ts.send(t, "PUT", "/user/customer/"+ada.Email, boss.Token, nil)
		if r := decode[shop.UpdateResult](t, body); res.StatusCode != 200 || r.ModifiedCount != 0 {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
	})

	refused := func(t *testing.T, token, email, detail string) {
		t.Helper()
		before := ts.users(t)
		res, body := ts.send(t, "PUT", "/user/customer/"+email, token, nil)
		if p := mustProblem(t, res, body, 409); p.Detail != detail {
			t.Fatalf("detail %q, want %q", p.Detail, detail)
		}
		if after := ts.users(t); !reflect.DeepEqual(before, after) {
			t.Fatal("a refused demotion changed the users")
		}
	}
	t.Run("ErrSelf", func(t *testing.T) { refused(t, boss.Token, boss.Email, shop.MsgDemoteSelf) })
	t.Run("ErrSetByConfiguration", func(t *testing.T) {
		if res, body := ts.send(t, "PUT", "/user/admin/"+bob.Email, boss.Token, nil); res.StatusCode != 200 {
			t.Fatalf("promote bob: %d %s", res.StatusCode, body)
		}
		ts.mustEnrol(t, bob)
		refused(t, bob.Token, boss.Email, fmt.Sprintf(shop.MsgDemoteConfigured, boss.Email))
	})
	t.Run("ErrUnknownAndInvalid", func(t *testing.T) {
		res, body := ts.send(t, "PUT", "/user/customer/nobody@roles.test", boss.Token, nil)
		mustProblem(t, res, body, 404)
		res, body = ts.send(t, "PUT", "/user/customer/not-an-email", boss.Token, nil)
		mustProblem(t, res, body, 400)
	})
}

// The last admin: with two admins, each demoting the other at once, or one
// demoting while the other removes them, one admin is always left; the
// refused call answers 409 (the store's count said no), 403 (its caller
// was no longer an admin when it arrived) or 401 (its caller's account was
// removed, with its sessions, before it arrived).
func TestRoles_LastAdmin(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	mongotest.RequireMongoDB(t, ts.store)
	ctx := context.Background()
	// Accounts made in the store (sign-ups are rate limited), signed in
	// with a token of their own; none is in ADMIN_EMAILS.
	account := func(email, role string) account {
		u, err := ts.store.CreateUser(ctx, shop.User{Email: email, Name: "N", Role: role, Provider: shop.ProviderPassword, EmailVerified: true})
		if err != nil {
			t.Fatal(err)
		}
		a := account{ID: u.ID, Email: u.Email, Token: ts.session(t, u)}
		ts.mustEnrol(t, a) // a second factor before any is an admin: the admins' calls ask for one
		return a
	}
	last := account("first@roles.test", shop.RoleAdmin)
	for i := range 20 {
		next := account(fmt.Sprintf("next%d@roles.test", i), shop.RoleCustomer)
		if res, body := ts.send(t, "PUT", "/user/admin/"+next.Email, last.Token, nil); res.StatusCode != 200 {
			t.Fatalf("promote: %d %s", res.StatusCode, body)
		}
		var wg sync.WaitGroup
		status := make([]int, 2)
		details := make([]string, 2)
		call := func(k int, method, path, token string) {
			defer wg.Done()
			res, body := ts.send(t, method, path, token, nil)
			status[k] = res.StatusCode
			if res.StatusCode != 200 {
				details[k] = mustProblem(t, res, body, res.StatusCode).Detail
			}
		}
		wg.Add(2)
		go call(0, "PUT", "/user/customer/"+next.Email, last.Token)
		if i%2 == 0 {
			go call(1, "PUT", "/user/customer/"+last.Email, next.Token)
		} else {
			go call(1, "DELETE", "/user/"+last.ID, next.Token)
		}
		wg.Wait()
		admins, err := ts.store.AdminEmails(ctx)
		if err != nil || len(admins) != 1 {
			t.Fatalf("iteration %d: admins %v %v (answers %v %v)", i, admins, err, status, details)
		}
		ok := 0
		for k, s := range status {
			switch {
			case s == 200:
				ok++
			case s == 409 && details[k] == shop.MsgNoAdminLeft, s == 403:
			case s == 401 && k == 0 && i%2 == 1:
				// The removal came first and ended the removed admin's
				// sessions: their own call no longer signs in.
			default:
				t.Fatalf("iteration %d: %v %v", i, status, details)
			}
		}
		if ok != 1 {
			t.Fatalf("iteration %d: %v %v", i, status, details)
		}
		if admins[0] == next.Email {
			last = next
		}
	}
}
