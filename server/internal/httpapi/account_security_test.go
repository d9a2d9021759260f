package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"storefront/server/internal/httpapi"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
	"storefront/server/internal/testwait"
)

// Issue 29: e-mail verification, password reset without account
// enumeration, sessions that end, admin only once verified, Google linking
// only to verified accounts. Account deletion and uploads have files of
// their own.

// me is GET /auth/me as token: its status and the account.
func (ts *testServer) me(tb testing.TB, token string) (int, shop.User) {
	tb.Helper()
	res, body := ts.send(tb, "GET", "/auth/me", token, nil)
	if res.StatusCode != 200 {
		return res.StatusCode, shop.User{}
	}
	return 200, decode[struct{ User shop.User }](tb, body).User
}

// signIn is POST /auth/login: its status and the token.
func (ts *testServer) signIn(tb testing.TB, email, password string) (int, string) {
	tb.Helper()
	res, body := ts.send(tb, "POST", "/auth/login", "", login(email, password))
	return res.StatusCode, decode[struct{ Token string }](tb, body).Token
}

// user is the account as the store has it.
func (ts *testServer) user(tb testing.TB, email string) shop.User {
	tb.Helper()
	u, err := ts.store.FindUserByEmail(context.Background(), email)
	if err != nil {
		tb.Fatalf("%s: %v", email, err)
	}
	return u
}

// dump is every stored document, as text, but the audit trail and the
// sessions' last use (what a refused request may write: issue 44).
func (ts *testServer) dump(tb testing.TB) string {
	tb.Helper()
	d, err := ts.store.Dump(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	var keep []string
	for _, line := range strings.Split(d, "\n") {
		if !strings.HasPrefix(line, "audit ") && !strings.HasPrefix(line, "audit_chain ") && !strings.HasPrefix(line, "sessions ") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

// mustHoldNoToken fails when a token is readable anywhere in the store or
// in the admins' outbox, and checks that its hash is what is kept.
func (ts *testServer) mustHoldNoToken(tb testing.TB, token, adminToken string, hashKept bool) {
	tb.Helper()
	d := ts.dump(tb)
	if strings.Contains(d, token) {
		tb.Fatalf("the store holds the token %s", token)
	}
	if hashKept != strings.Contains(d, shop.HashAccountToken(token)) {
		tb.Fatalf("the token's hash kept: %v, want %v", !hashKept, hashKept)
	}
	_, body := ts.send(tb, "GET", "/admin/outbox", adminToken, nil)
	if strings.Contains(string(body), token) || !strings.Contains(string(body), "token="+shop.RedactedToken) {
		tb.Fatalf("the admins' outbox shows a live token, or no redacted link: %s", body)
	}
}

func TestVerifyEmail(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-06-01T10:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now})
	admin := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.mustRegister(t, "Ann", "ann@shop.test")
	verify := func(token string) (*http.Response, []byte) {
		return ts.send(t, "POST", "/auth/verify-email", "", map[string]string{"token": token})
	}
	var first string
	t.Run("OK_TheMailedLinkVerifies", func(t *testing.T) {
		if _, u := ts.me(t, ann.Token); u.EmailVerified {
			t.Fatal("verified at sign-up")
		}
		first = ts.mailbox.mustToken(t, ann.Email, shop.LetterVerifyEmail, "verify-email")
		m := ts.mailbox.to(ann.Email, shop.LetterVerifyEmail)[0]
		if !strings.Contains(m.HTML, `href="`+siteURL+"/verify-email?token="+first+`"`) || m.Subject == "" {
			t.Fatalf("the HTML part lacks the link: %s", m.HTML)
		}
		res, body := verify(first)
		if res.StatusCode != 200 || string(body) != `{"email":"ann@shop.test","emailVerified":true}` {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		if _, u := ts.me(t, ann.Token); !u.EmailVerified || u.IsAdmin() {
			t.Fatalf("after the link: %+v", u)
		}
	})
	t.Run("ErrSingleUse", func(t *testing.T) {
		res, body := verify(first)
		if p := mustProblem(t, res, body, 400); p.Errors["token"] == "" {
			t.Fatalf("%+v", p)
		}
	})
	t.Run("ErrUnknownOrMalformed", func(t *testing.T) {
		for _, token := range []string{"not-a-token", strings.Repeat("A", 43), strings.Repeat("x", 500), " "} {
			res, body := verify(token)
			mustProblem(t, res, body, 400)
		}
	})
	t.Run("ErrExpiredAfter24Hours", func(t *testing.T) {
		bea := ts.mustRegister(t, "Bea", "bea@shop.test")
		token := ts.mailbox.mustToken(t, bea.Email, shop.LetterVerifyEmail, "verify-email")
		clock.Add(24*time.Hour + time.Second)
		defer clock.Add(-24*time.Hour - time.Second)
		res, body := verify(token)
		mustProblem(t, res, body, 400)
		if ts.user(t, bea.Email).EmailVerified {
			t.Fatal("an expired link verified the address")
		}
	})
	t.Run("OK_StoredOnlyAsItsHash", func(t *testing.T) {
		cal := ts.mustRegister(t, "Cal", "cal@shop.test")
		token := ts.mailbox.mustToken(t, cal.Email, shop.LetterVerifyEmail, "verify-email")
		ts.mustHoldNoToken(t, token, admin.Token, true)
		if res, body := verify(token); res.StatusCode != 200 {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		ts.mustHoldNoToken(t, token, admin.Token, false) // used: not even its hash
	})
	t.Run("OK_ResendReplacesTheLink_Limited", func(t *testing.T) {
		dan := ts.mustRegister(t, "Dan", "dan@shop.test")
		old := ts.mailbox.mustToken(t, dan.Email, shop.LetterVerifyEmail, "verify-email")
		for i := 0; i < 3; i++ {
			if res, body := ts.send(t, "POST", "/auth/verify-email/resend", dan.Token, nil); res.StatusCode != 202 {
				t.Fatalf("resend %d: %d %s", i+1, res.StatusCode, body)
			}
		}
		if n := len(ts.mailbox.to(dan.Email, shop.LetterVerifyEmail)); n != 4 {
			t.Fatalf("%d verification e-mails, want 4", n)
		}
		res, body := ts.send(t, "POST", "/auth/verify-email/resend", dan.Token, nil)
		mustProblem(t, res, body, 429)
		mustRetryAfter(t, res)
		res, body = verify(old)
		mustProblem(t, res, body, 400) // the link before no longer works
		if res, body := verify(ts.mailbox.mustToken(t, dan.Email, shop.LetterVerifyEmail, "verify-email")); res.StatusCode != 200 {
			t.Fatalf("the newest link: %d %s", res.StatusCode, body)
		}
	})
	t.Run("ErrResendOnceVerified", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/auth/verify-email/resend", ann.Token, nil)
		mustProblem(t, res, body, 409)
		res, body = ts.send(t, "POST", "/auth/verify-email/resend", "", nil)
		mustProblem(t, res, body, 401)
	})
}

// The owner of a fresh store: register the ADMIN_EMAILS address, open the
// link, and only then an admin. Whoever registers the address first without
// its mailbox never is.
func TestAdminOnlyOnceVerified(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	res, body := ts.send(t, "POST", "/auth/register", "", map[string]string{"name": "Squatter", "email": adminEmail, "password": "secret123"})
	if res.StatusCode != 201 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	squatter := decode[struct{ Token string }](t, body).Token
	for _, path := range []string{"/user", "/orders", "/admin/outbox"} {
		res, body := ts.send(t, "GET", path, squatter, nil)
		mustProblem(t, res, body, 403)
	}
	if err := ts.deps.Accounts.PromoteConfiguredAdmins(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ts.user(t, adminEmail).IsAdmin() {
		t.Fatal("start-up made an unverified ADMIN_EMAILS account an admin")
	}
	ts.mustVerify(t, adminEmail)
	// an admin now, who must turn two-step sign-in on first (ADMIN_MFA=required)
	res, body = ts.send(t, "GET", "/user", squatter, nil)
	if p := mustProblem(t, res, body, 403); p.Code != shop.EMFAREQUIRED {
		t.Fatalf("once verified, without a second factor: %s", body)
	}
	ts.mustEnrol(t, account{Email: adminEmail, Token: squatter})
	if res, body := ts.send(t, "GET", "/user", squatter, nil); res.StatusCode != 200 {
		t.Fatalf("once verified: %d %s", res.StatusCode, body)
	}

	t.Run("OK_PromotedAtStartOnlyWhenVerified", func(t *testing.T) {
		late := ts.mustRegister(t, "Late", "late@shop.test")
		ts.mustVerify(t, late.Email)
		unverified := ts.mustRegister(t, "Unverified", "unverified@shop.test")
		accounts := ts.deps.Accounts
		saved := accounts.AdminEmails
		accounts.AdminEmails = []string{adminEmail, late.Email, unverified.Email, "nobody@shop.test"}
		defer func() { accounts.AdminEmails = saved }()
		if err := accounts.PromoteConfiguredAdmins(context.Background()); err != nil {
			t.Fatal(err)
		}
		if !ts.user(t, late.Email).IsAdmin() || ts.user(t, unverified.Email).IsAdmin() {
			t.Fatal("start-up promoted the wrong accounts")
		}
	})
	t.Run("OK_ResetVerifiesAndPromotes", func(t *testing.T) {
		ts := mustServe(t)
		ts.send(t, "POST", "/auth/register", "", map[string]string{"name": "Owner", "email": adminEmail, "password": "secret123"})
		ts.send(t, "POST", "/auth/password/forgot", "", map[string]string{"email": adminEmail})
		token := ts.mailbox.mustToken(t, adminEmail, shop.LetterPasswordReset, "reset-password")
		if res, body := ts.send(t, "POST", "/auth/password/reset", "", map[string]string{"token": token, "password": "new-secret"}); res.StatusCode != 200 {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		if u := ts.user(t, adminEmail); !u.IsAdmin() || !u.EmailVerified {
			t.Fatalf("after a reset from the mailed link: %+v", u)
		}
	})
	t.Run("OK_GoogleSignUpIsVerified", func(t *testing.T) {
		ts := mustServe(t)
		res, body := ts.send(t, "POST", "/auth/google", "", map[string]string{"credential": ts.google.idToken(t, adminEmail, nil)})
		if res.StatusCode != 200 || !strings.Contains(string(body), `"role":"admin"`) || !strings.Contains(string(body), `"emailVerified":true`) {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
	})
}

func TestForgotPassword(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-06-01T10:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now})
	admin := ts.mustRegister(t, "Boss", adminEmail)
	ann := ts.mustRegister(t, "Ann", "ann@shop.test")
	forgot := func(addr, email string) (*http.Response, []byte) {
		return from(t, ts.Config.Handler, addr, "POST", "/auth/password/forgot", map[string]string{"email": email})
	}
	reset := func(token, password string) (*http.Response, []byte) {
		return ts.send(t, "POST", "/auth/password/reset", "", map[string]string{"token": token, "password": password})
	}

	t.Run("OK_SameAnswerForUnknownAddresses", func(t *testing.T) {
		resKnown, known := forgot("10.1.0.1", "ANN@shop.test")
		resUnknown, unknown := forgot("10.1.0.2", "nobody@shop.test")
		if resKnown.StatusCode != 202 || resUnknown.StatusCode != 202 || !bytes.Equal(known, unknown) {
			t.Fatalf("known %d %s, unknown %d %s", resKnown.StatusCode, known, resUnknown.StatusCode, unknown)
		}
		for _, h := range []string{"Content-Type", "Content-Length", "Cache-Control"} {
			if resKnown.Header.Get(h) != resUnknown.Header.Get(h) {
				t.Errorf("%s differs: %q and %q", h, resKnown.Header.Get(h), resUnknown.Header.Get(h))
			}
		}
		ts.mailbox.mustToken(t, ann.Email, shop.LetterPasswordReset, "reset-password")
		ts.deps.Accounts.Wait()
		if n := len(ts.mailbox.to("nobody@shop.test", shop.LetterPasswordReset)); n != 0 {
			t.Fatalf("%d e-mails to an address without an account", n)
		}
	})
	t.Run("OK_TheAnswerDoesNotWaitForTheAccount", func(t *testing.T) {
		// With the e-mail stuck, an address with an account answers as soon
		// as one without: the work comes after the answer.
		release := ts.mailbox.holdDeliveries()
		done := make(chan int, 1)
		go func() {
			res, _ := forgot("10.1.0.3", ann.Email)
			done <- res.StatusCode
		}()
		select {
		case status := <-done:
			release()
			ts.deps.Accounts.Wait()
			if status != 202 {
				t.Fatalf("status %d", status)
			}
		case <-time.After(10 * time.Second):
			release()
			t.Fatal("the answer for an address with an account waited for its e-mail")
		}
	})
	var token string
	t.Run("OK_ResetSetsThePasswordAndEndsEverySession", func(t *testing.T) {
		n := len(ts.mailbox.to(ann.Email, shop.LetterPasswordReset))
		forgot("10.1.0.4", ann.Email)
		if !testwait.Until(10*time.Second, func() bool { return len(ts.mailbox.to(ann.Email, shop.LetterPasswordReset)) > n }) {
			t.Fatal("no reset e-mail")
		}
		token = ts.mailbox.mustToken(t, ann.Email, shop.LetterPasswordReset, "reset-password")
		ts.mustHoldNoToken(t, token, admin.Token, true)
		_, second := ts.signIn(t, ann.Email, "secret123")
		res, body := reset(token, "brand-new-secret")
		if res.StatusCode != 200 || string(body) != `{"email":"ann@shop.test"}` {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		for _, old := range []string{ann.Token, second} {
			if status, _ := ts.me(t, old); status != 401 {
				t.Fatalf("a token from before the reset: %d", status)
			}
		}
		if status, _ := ts.signIn(t, ann.Email, "secret123"); status != 401 {
			t.Fatalf("the old password: %d", status)
		}
		status, fresh := ts.signIn(t, ann.Email, "brand-new-secret")
		if _, u := ts.me(t, fresh); status != 200 || !u.EmailVerified {
			t.Fatalf("the new password: %d %+v", status, u)
		}
		if len(ts.mailbox.to(ann.Email, shop.LetterPasswordChanged)) != 1 {
			t.Fatal("no password-changed e-mail")
		}
		ts.mustHoldNoToken(t, token, admin.Token, false)
	})
	t.Run("ErrTokenSingleUse", func(t *testing.T) {
		res, body := reset(token, "another-secret")
		mustProblem(t, res, body, 400)
		if status, _ := ts.signIn(t, ann.Email, "brand-new-secret"); status != 200 {
			t.Fatal("a used token changed the password")
		}
	})
	t.Run("ErrTokenExpiresIn30Minutes", func(t *testing.T) {
		bob := ts.mustRegister(t, "Bob", "bob@shop.test")
		forgot("10.1.0.5", bob.Email)
		token := ts.mailbox.mustToken(t, bob.Email, shop.LetterPasswordReset, "reset-password")
		clock.Add(30*time.Minute + time.Second)
		defer clock.Add(-30*time.Minute - time.Second)
		res, body := reset(token, "too-late-secret")
		mustProblem(t, res, body, 400)
		if status, _ := ts.signIn(t, bob.Email, "secret123"); status != 200 {
			t.Fatal("an expired token changed the password")
		}
	})
	t.Run("ErrUnknownTokenOrBadPassword", func(t *testing.T) {
		res, body := reset("no-such-token", "whatever1")
		mustProblem(t, res, body, 400)
		forgot("10.1.0.6", ann.Email)
		ts.deps.Accounts.Wait()
		res, body = reset(ts.mailbox.mustToken(t, ann.Email, shop.LetterPasswordReset, "reset-password"), "short")
		if p := mustProblem(t, res, body, 400); p.Errors["password"] != "Must be 6 characters or longer" {
			t.Fatalf("%+v", p)
		}
	})
	t.Run("ErrMalformedAddress", func(t *testing.T) {
		res, body := forgot("10.1.0.7", "not-an-email")
		if p := mustProblem(t, res, body, 400); p.Errors["email"] != "Provide a valid Email" {
			t.Fatalf("%+v", p)
		}
	})
}

// Reset requests are limited per address (an address without an account
// counts the same, so a 429 tells nothing) and per client address.
func TestForgotPassword_Limited(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ts.mustRegister(t, "Ann", "ann@shop.test")
	forgot := func(addr, email string) (*http.Response, []byte) {
		return from(t, ts.Config.Handler, addr, "POST", "/auth/password/forgot", map[string]string{"email": email})
	}
	for _, email := range []string{"ann@shop.test", "nobody@shop.test"} {
		for i := 0; i < 3; i++ {
			if res, body := forgot(fmt.Sprintf("10.2.%d.1", i), email); res.StatusCode != 202 {
				t.Fatalf("%s, request %d: %d %s", email, i+1, res.StatusCode, body)
			}
		}
		res, body := forgot("10.2.9.1", email)
		mustProblem(t, res, body, 429)
		mustRetryAfter(t, res)
	}
	for i := 0; i < 5; i++ {
		if res, body := forgot("10.2.10.1", fmt.Sprintf("someone%d@shop.test", i)); res.StatusCode != 202 {
			t.Fatalf("request %d: %d %s", i+1, res.StatusCode, body)
		}
	}
	res, body := forgot("10.2.10.1", "someone-else@shop.test")
	mustProblem(t, res, body, 429)
}

func TestPasswordChange(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ann := ts.mustRegister(t, "Ann", "ann@shop.test")
	_, other := ts.signIn(t, ann.Email, "secret123")
	change := func(token, current, next string) (*http.Response, []byte) {
		return ts.send(t, "POST", "/auth/password/change", token, map[string]string{"currentPassword": current, "password": next})
	}
	t.Run("ErrWrongCurrentPassword_NothingChanges", func(t *testing.T) {
		before := ts.user(t, ann.Email)
		res, body := change(ann.Token, "not-it", "new-secret")
		if p := mustProblem(t, res, body, 400); p.Errors["currentPassword"] != shop.MsgWrongPassword {
			t.Fatalf("%+v", p)
		}
		if after := ts.user(t, ann.Email); !reflect.DeepEqual(before, after) {
			t.Fatal("a refused change changed the account")
		}
		if status, _ := ts.me(t, ann.Token); status != 200 {
			t.Fatal("a wrong current password ended the session")
		}
	})
	var fresh string
	t.Run("OK_FreshSessionOthersEnd", func(t *testing.T) {
		res, body := change(ann.Token, "secret123", "new-secret")
		s := decode[struct {
			Token string
			User  shop.User
		}](t, body)
		if res.StatusCode != 200 || s.Token == "" || s.User.Email != ann.Email {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		fresh = s.Token
		for _, old := range []string{ann.Token, other} {
			if status, _ := ts.me(t, old); status != 401 {
				t.Fatalf("a token from before the change: %d", status)
			}
		}
		if status, _ := ts.me(t, fresh); status != 200 {
			t.Fatal("the fresh token is refused")
		}
		if status, _ := ts.signIn(t, ann.Email, "new-secret"); status != 200 {
			t.Fatal("the new password is refused")
		}
		if len(ts.mailbox.to(ann.Email, shop.LetterPasswordChanged)) != 1 {
			t.Fatal("no password-changed e-mail")
		}
	})
	t.Run("OK_SpecRefreshKeepsWorking", func(t *testing.T) {
		res, body := ts.send(t, "PUT", "/user/"+ann.Email, fresh, map[string]string{"email": ann.Email})
		refreshed := decode[struct{ Token string }](t, body).Token
		if res.StatusCode != 200 || refreshed == "" {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		if status, _ := ts.me(t, refreshed); status != 200 {
			t.Fatal("the refreshed token is refused")
		}
	})
	t.Run("ErrGuessesLimited", func(t *testing.T) {
		for i := 0; i < 4; i++ { // and the wrong guess above: 5
			res, body := change(fresh, fmt.Sprint("guess", i), "whatever1")
			mustProblem(t, res, body, 400)
		}
		res, body := change(fresh, "new-secret", "whatever1")
		mustProblem(t, res, body, 429)
	})
}

func TestSignOutEverywhere(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	ann := ts.mustRegister(t, "Ann", "ann@shop.test")
	bob := ts.mustRegister(t, "Bob", "bob@shop.test")
	_, laptop := ts.signIn(t, ann.Email, "secret123")
	res, body := ts.send(t, "POST", "/auth/sign-out-everywhere", laptop, nil)
	if res.StatusCode != 204 || len(body) != 0 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	for _, token := range []string{ann.Token, laptop} {
		if status, _ := ts.me(t, token); status != 401 {
			t.Fatalf("a token of the account: %d", status)
		}
	}
	if status, _ := ts.me(t, bob.Token); status != 200 {
		t.Fatal("another account's session ended")
	}
	// A token made by hand with the old session version stays refused.
	u := ts.user(t, ann.Email)
	old, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": "storefront", "sub": u.ID, "email": u.Email,
		"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix(), "sv": u.SessionVersion - 1}).SignedString([]byte(testSecret))
	if status, _ := ts.me(t, old); status != 401 {
		t.Fatalf("an older session version: %d", status)
	}
	if status, token := ts.signIn(t, ann.Email, "secret123"); status != 200 || func() int { s, _ := ts.me(t, token); return s }() != 200 {
		t.Fatal("signing in again does not work")
	}
	res, body = ts.send(t, "POST", "/auth/sign-out-everywhere", "", nil)
	mustProblem(t, res, body, 401)
}

// Someone who registers the victim's address first keeps its password: a
// Google sign-in must not join that account until the address is verified.
func TestGoogleSignIn_JoinsOnlyVerifiedAccounts(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	const victim = "victim@gmail.test"
	ts.mustRegister(t, "Attacker", victim)
	before := ts.user(t, victim)
	res, body := ts.send(t, "POST", "/auth/google", "", map[string]string{"credential": ts.google.idToken(t, victim, nil)})
	mustProblem(t, res, body, 409)
	if strings.Contains(string(body), `"token"`) {
		t.Fatalf("a session for the unverified account: %s", body)
	}
	if after := ts.user(t, victim); !reflect.DeepEqual(before, after) {
		t.Fatalf("the refused sign-in changed the account:\n%+v\n%+v", before, after)
	}
	// The owner resets the password from their mailbox: the address is
	// verified, the squatter's sessions and password are gone, and Google
	// joins the account.
	from(t, ts.Config.Handler, "10.3.0.1", "POST", "/auth/password/forgot", map[string]string{"email": victim})
	token := ts.mailbox.mustToken(t, victim, shop.LetterPasswordReset, "reset-password")
	if res, body := ts.send(t, "POST", "/auth/password/reset", "", map[string]string{"token": token, "password": "owners-secret"}); res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	res, body = ts.send(t, "POST", "/auth/google", "", map[string]string{"credential": ts.google.idToken(t, victim, nil)})
	if res.StatusCode != 200 || !strings.Contains(string(body), before.ID) {
		t.Fatalf("Google on the verified account: %d %s", res.StatusCode, body)
	}
}

// A Google account from before addresses were verified is verified by its
// next Google sign-in.
func TestGoogleSignIn_VerifiesAnOlderGoogleAccount(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	if _, err := ts.store.CreateUser(context.Background(), shop.User{Email: "old@gmail.test", Name: "Old", Provider: shop.ProviderGoogle}); err != nil {
		t.Fatal(err)
	}
	res, body := ts.send(t, "POST", "/auth/google", "", map[string]string{"credential": ts.google.idToken(t, "old@gmail.test", nil)})
	if res.StatusCode != 200 || !ts.user(t, "old@gmail.test").EmailVerified {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
}

// The outbox, enabled or not, never shows an admin a live token, and the
// tokens are random: two sign-ups never share one.
func TestAccountTokens_Random(t *testing.T) {
	t.Parallel()
	ts := mustServeWith(t, serveOptions{limits: httpapi.Limits{SignUp: ratelimit.Rate{Burst: 100, Interval: time.Hour}}})
	seen := map[string]bool{}
	for i := 0; i < 20; i++ {
		email := fmt.Sprintf("u%d@shop.test", i)
		ts.mustRegister(t, "U", email)
		token := ts.mailbox.mustToken(t, email, shop.LetterVerifyEmail, "verify-email")
		if seen[token] || len(token) < 22 { // 128 bits in base64url are 22 characters
			t.Fatalf("token %q: repeated or short", token)
		}
		seen[token] = true
	}
}

// TestAccountSecurityAuthorisation: the new calls × roles; a refusal
// changes no account.
func TestAccountSecurityAuthorisation(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail) // verified
	alice := ts.mustRegister(t, "Alice", "alice@shop.test")
	roles := []struct {
		name  string
		token string
	}{{"anonymous", ""}, {"customer", alice.Token}, {"admin", admin.Token}}
	cases := []struct {
		method, path string
		body         any
		want         [3]int
	}{
		{"POST", "/auth/verify-email", map[string]string{"token": "not-a-token"}, [3]int{400, 400, 400}},
		{"POST", "/auth/verify-email/resend", nil, [3]int{401, 202, 409}},
		{"POST", "/auth/password/change", map[string]string{"currentPassword": "wrong-one", "password": "whatever1"}, [3]int{401, 400, 400}},
		{"POST", "/auth/password/reset", map[string]string{"token": "not-a-token", "password": "whatever1"}, [3]int{400, 400, 400}},
		{"DELETE", "/account", map[string]string{"password": "wrong-one"}, [3]int{401, 400, 400}},
		{"POST", "/auth/sign-out-everywhere", nil, [3]int{401, 401, 401}}, // after the rows above: no token still works
	}
	for _, c := range cases {
		for i, role := range roles {
			if c.path == "/auth/sign-out-everywhere" && role.token != "" {
				continue
			}
			t.Run(fmt.Sprintf("%s %s as %s", c.method, c.path, role.name), func(t *testing.T) {
				before := ts.users(t)
				res, body := ts.send(t, c.method, c.path, role.token, c.body)
				if res.StatusCode != c.want[i] {
					t.Fatalf("status %d, want %d: %s", res.StatusCode, c.want[i], body)
				}
				if res.StatusCode >= 400 {
					mustProblem(t, res, body, c.want[i])
					if after := ts.users(t); !reflect.DeepEqual(before, after) {
						t.Fatalf("a refused request changed the users:\nbefore %+v\nafter  %+v", before, after)
					}
				}
			})
		}
	}
	for _, role := range roles[1:] {
		if status, _ := ts.me(t, role.token); status != 200 {
			t.Fatalf("%s: a refused request ended the session", role.name)
		}
	}
}
