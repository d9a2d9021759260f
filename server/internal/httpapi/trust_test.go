package httpapi_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"storefront/server/internal/auth"
	"storefront/server/internal/httpapi"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// Issue 44: two-step sign-in, sessions recorded on the server, the audit
// trail. One test per row of the issue's table, and for mfa_required, the
// mfaToken's expiry, single use and tries, a recovery code used once and
// the chain finding an edited entry.

// signInAnswer is POST /auth/login's answer, either kind.
type signInAnswer struct {
	Token       string
	User        shop.User
	MFARequired bool
	MFAToken    string
}

func (ts *testServer) firstStep(tb testing.TB, email, password string) signInAnswer {
	tb.Helper()
	res, body := ts.send(tb, "POST", "/auth/login", "", login(email, password))
	if res.StatusCode != 200 {
		tb.Fatalf("sign in %s: %d %s", email, res.StatusCode, body)
	}
	return decode[signInAnswer](tb, body)
}

func (ts *testServer) secondStep(tb testing.TB, mfaToken, code string) (*http.Response, []byte) {
	tb.Helper()
	return ts.send(tb, "POST", "/auth/login/mfa", "", map[string]string{"mfaToken": mfaToken, "code": code})
}

// POST /account/mfa/totp, POST /account/mfa/totp/confirm, POST /auth/login
// and POST /auth/login/mfa: set-up, the second step with a TOTP code (once
// per step) and with a recovery code (once).
func TestMFA_EnrolAndSignIn(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-11-02T10:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now})
	ann := ts.mustRegister(t, "Ann", "ann@shop.test")

	t.Run("ErrRoles", func(t *testing.T) {
		for _, path := range []string{"/account/mfa/totp", "/account/mfa/totp/confirm"} {
			res, body := ts.send(t, "POST", path, "", map[string]string{"code": "123456"})
			mustProblem(t, res, body, 401)
		}
		res, body := ts.send(t, "POST", "/account/mfa/totp/confirm", ann.Token, map[string]string{"code": "123456"})
		if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgMFANotStarted {
			t.Fatalf("confirm before a start: %s", body)
		}
	})

	res, body := ts.send(t, "POST", "/account/mfa/totp", ann.Token, nil)
	e := decode[shop.TOTPEnrolment](t, body)
	if res.StatusCode != 200 || e.Secret == "" || !strings.HasPrefix(e.OtpauthURL, "otpauth://totp/") || !strings.Contains(e.OtpauthURL, "secret="+e.Secret) ||
		res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("start: %d %s", res.StatusCode, body)
	}
	if _, u := ts.me(t, ann.Token); u.MFA {
		t.Fatal("a set-up is in force before its first code")
	}
	// a wrong code is a 400 under code, and nothing changes
	res, body = ts.send(t, "POST", "/account/mfa/totp/confirm", ann.Token, map[string]string{"code": "000000"})
	if p := mustProblem(t, res, body, 400); p.Errors["code"] != shop.MsgMFAWrongCode {
		t.Fatalf("a wrong first code: %s", body)
	}
	other := ts.mustSignIn(t, ann.Email, "secret123") // a second device, before two-step sign-in
	code, _ := auth.TOTPCode(e.Secret, clock.Now())
	res, body = ts.send(t, "POST", "/account/mfa/totp/confirm", ann.Token, map[string]string{"code": code})
	codes := decode[shop.RecoveryCodeList](t, body).RecoveryCodes
	if res.StatusCode != 200 || len(codes) != 10 || len(slices.Compact(slices.Sorted(slices.Values(codes)))) != 10 {
		t.Fatalf("confirm: %d %s", res.StatusCode, body)
	}
	ts.totp.set(ann.Email, e.Secret)
	if status, u := ts.me(t, ann.Token); status != 200 || !u.MFA {
		t.Fatalf("after confirming: %d %+v", status, u)
	}
	if status, _ := ts.me(t, other); status != 401 {
		t.Fatalf("a session begun without the second factor lives on: %d", status)
	}
	// One the deletion of the others missed (more than a page of them, or a
	// failed write) ends all the same: it never passed the second step.
	u := ts.user(t, ann.Email)
	missed, err := auth.NewOpaqueToken()
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.store.CreateSession(context.Background(), shop.Session{ID: missed, UserID: ann.ID, Version: u.SessionVersion,
		CreatedAt: clock.Now().Add(-time.Minute), LastUsedAt: clock.Now()}); err != nil {
		t.Fatal(err)
	}
	missedToken, err := ts.tokens.IssueClaims(shop.SessionClaims{UserID: ann.ID, Email: ann.Email, Version: u.SessionVersion, SessionID: missed,
		Expires: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if status, _ := ts.me(t, missedToken); status != 401 {
		t.Fatalf("a session begun before two-step sign-in, and not deleted, lives on: %d", status)
	}
	res, body = ts.send(t, "POST", "/account/mfa/totp", ann.Token, nil)
	if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgMFAOn {
		t.Fatalf("a second start: %s", body)
	}
	if u := ts.user(t, ann.Email); u.TOTP == nil || strings.Contains(u.TOTP.Secret, e.Secret) || slices.Contains(u.TOTP.Recovery, codes[0]) {
		t.Fatal("the secret or a recovery code is stored readable")
	}

	t.Run("OK_TOTPCodeOncePerStep", func(t *testing.T) {
		clock.Add(30 * time.Second)
		first := ts.firstStep(t, ann.Email, "secret123")
		if !first.MFARequired || first.MFAToken == "" || first.Token != "" {
			t.Fatalf("the first step of an account with a second factor: %+v", first)
		}
		res, body := ts.secondStep(t, first.MFAToken, "123 456")
		if p := mustProblem(t, res, body, 400); p.Errors["code"] != shop.MsgMFAWrongCode {
			t.Fatalf("a wrong code: %s", body)
		}
		code := ts.totpCode(t, ann.Email)
		res, body = ts.secondStep(t, first.MFAToken, code)
		s := decode[signInAnswer](t, body)
		if res.StatusCode != 200 || s.Token == "" || !s.User.MFA {
			t.Fatalf("the second step: %d %s", res.StatusCode, body)
		}
		if status, _ := ts.me(t, s.Token); status != 200 {
			t.Fatal("the new session does not work")
		}
		// the same code again, in another sign-in within its step
		again := ts.firstStep(t, ann.Email, "secret123")
		res, body = ts.secondStep(t, again.MFAToken, code)
		if p := mustProblem(t, res, body, 400); p.Errors["code"] != shop.MsgMFACodeUsed {
			t.Fatalf("a code used twice: %s", body)
		}
	})
	t.Run("OK_RecoveryCodeOnce", func(t *testing.T) {
		first := ts.firstStep(t, ann.Email, "secret123")
		res, body := ts.secondStep(t, first.MFAToken, strings.ToUpper(codes[3]))
		if res.StatusCode != 200 || decode[signInAnswer](t, body).Token == "" {
			t.Fatalf("a recovery code: %d %s", res.StatusCode, body)
		}
		if u := ts.user(t, ann.Email); len(u.TOTP.Recovery) != 9 {
			t.Fatalf("%d recovery codes left, want 9", len(u.TOTP.Recovery))
		}
		again := ts.firstStep(t, ann.Email, "secret123")
		res, body = ts.secondStep(t, again.MFAToken, codes[3])
		if p := mustProblem(t, res, body, 400); p.Errors["code"] != shop.MsgMFAWrongCode {
			t.Fatalf("a recovery code used twice: %s", body)
		}
	})
	t.Run("OK_PasswordResetKeepsTheSecondFactor", func(t *testing.T) {
		ts.send(t, "POST", "/auth/password/forgot", "", map[string]string{"email": ann.Email})
		token := ts.mailbox.mustToken(t, ann.Email, shop.LetterPasswordReset, "reset-password")
		if res, body := ts.send(t, "POST", "/auth/password/reset", "", map[string]string{"token": token, "password": "secret123"}); res.StatusCode != 200 {
			t.Fatalf("reset: %d %s", res.StatusCode, body)
		}
		if status, _ := ts.me(t, ann.Token); status != 401 {
			t.Fatal("a reset left a session")
		}
		if first := ts.firstStep(t, ann.Email, "secret123"); !first.MFARequired || first.Token != "" {
			t.Fatalf("a reset removed the second step: %+v", first)
		}
	})
}

func (ts *testServer) mustSignIn(tb testing.TB, email, password string) string {
	tb.Helper()
	status, token := ts.signIn(tb, email, password)
	if status != 200 || token == "" {
		tb.Fatalf("sign in %s: %d", email, status)
	}
	return token
}

// The mfaToken lasts 5 minutes, works once and allows 5 wrong codes.
func TestMFA_TokenExpiresWorksOnceAndAllowsFiveTries(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-11-02T10:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now})
	bo := ts.mustRegister(t, "Bo", "bo@shop.test")
	ts.mustEnrol(t, bo)
	clock.Add(30 * time.Second)

	t.Run("ErrExpired", func(t *testing.T) {
		first := ts.firstStep(t, bo.Email, "secret123")
		clock.Add(shop.MFALoginTTL + time.Second)
		res, body := ts.secondStep(t, first.MFAToken, ts.totpCode(t, bo.Email))
		if p := mustProblem(t, res, body, 401); p.Detail != shop.MsgMFALoginEnded {
			t.Fatalf("an expired mfaToken: %s", body)
		}
	})
	t.Run("ErrUsedTwice", func(t *testing.T) {
		clock.Add(30 * time.Second)
		first := ts.firstStep(t, bo.Email, "secret123")
		if res, body := ts.secondStep(t, first.MFAToken, ts.totpCode(t, bo.Email)); res.StatusCode != 200 {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		clock.Add(30 * time.Second)
		res, body := ts.secondStep(t, first.MFAToken, ts.totpCode(t, bo.Email))
		mustProblem(t, res, body, 401)
	})
	t.Run("ErrSixthTry", func(t *testing.T) {
		clock.Add(30 * time.Second)
		first := ts.firstStep(t, bo.Email, "secret123")
		for i := range shop.MaxMFATries {
			res, body := ts.secondStep(t, first.MFAToken, fmt.Sprintf("00000%d", i))
			mustProblem(t, res, body, 400)
		}
		res, body := ts.secondStep(t, first.MFAToken, ts.totpCode(t, bo.Email))
		if p := mustProblem(t, res, body, 401); p.Detail != shop.MsgMFALoginEnded {
			t.Fatalf("a right code after 5 wrong ones: %s", body)
		}
		// a new sign-in has its own tries, once the account's back-off
		// after five wrong codes in a row is over (the account's count,
		// app's TestLoginMFA_WrongCodesCountPerAccountAcrossSignIns)
		next := ts.firstStep(t, bo.Email, "secret123")
		res, body = ts.secondStep(t, next.MFAToken, ts.totpCode(t, bo.Email))
		if p := mustProblem(t, res, body, 429); p.Detail != fmt.Sprintf(shop.MsgMFALocked, "1 minute") {
			t.Fatalf("a new sign-in at once: %s", body)
		}
		clock.Add(shop.MFABackoffFirst)
		if res, body := ts.secondStep(t, next.MFAToken, ts.totpCode(t, bo.Email)); res.StatusCode != 200 {
			t.Fatalf("a new sign-in: %d %s", res.StatusCode, body)
		}
	})
	t.Run("ErrUnknownToken", func(t *testing.T) {
		res, body := ts.secondStep(t, "not-a-token", "123456")
		mustProblem(t, res, body, 401)
	})
}

// DELETE /account/mfa: the password and a code; refused for an admin while
// ADMIN_MFA=required.
func TestMFA_TurnOff(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-11-02T10:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now})
	admin := ts.mustRegister(t, "Boss", adminEmail)
	cy := ts.mustRegister(t, "Cy", "cy@shop.test")
	ts.mustEnrol(t, cy)
	clock.Add(30 * time.Second)
	res, body := ts.send(t, "DELETE", "/account/mfa", cy.Token, map[string]string{"password": "wrong-one", "code": ts.totpCode(t, cy.Email)})
	if p := mustProblem(t, res, body, 400); p.Errors["password"] != shop.MsgWrongPassword {
		t.Fatalf("a wrong password: %s", body)
	}
	res, body = ts.send(t, "DELETE", "/account/mfa", cy.Token, map[string]string{"password": "secret123", "code": "000000"})
	if p := mustProblem(t, res, body, 400); p.Errors["code"] != shop.MsgMFAWrongCode {
		t.Fatalf("a wrong code: %s", body)
	}
	res, body = ts.send(t, "DELETE", "/account/mfa", cy.Token, map[string]string{"password": "secret123", "code": ts.totpCode(t, cy.Email)})
	if res.StatusCode != 204 {
		t.Fatalf("turn off: %d %s", res.StatusCode, body)
	}
	if first := ts.firstStep(t, cy.Email, "secret123"); first.MFARequired || first.Token == "" {
		t.Fatalf("signing in after turning it off: %+v", first)
	}
	res, body = ts.send(t, "DELETE", "/account/mfa", admin.Token, map[string]string{"password": "secret123", "code": ts.totpCode(t, admin.Email)})
	if p := mustProblem(t, res, body, 403); p.Detail != shop.MsgMFAAdminKeeps {
		t.Fatalf("an admin turning it off: %s", body)
	}
}

// ADMIN_MFA=required: every admin-only call answers 403 mfa_required to an
// admin without a second factor, and the answer changes nothing; optional
// (development) lets them in.
func TestMFA_Required(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{shop.AdminMFARequired, shop.AdminMFAOptional} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			ts := mustServeWith(t, serveOptions{adminMFA: mode})
			boss := ts.mustRegister(t, "Boss", adminEmail) // enrolled
			dee := ts.mustRegister(t, "Dee", "dee@shop.test")
			ts.mustVerify(t, dee.Email)
			if res, body := ts.send(t, "PUT", "/user/admin/"+dee.Email, boss.Token, nil); res.StatusCode != 200 {
				t.Fatalf("promote: %d %s", res.StatusCode, body)
			}
			_, cfg := ts.get(t, "/config")
			if !strings.Contains(string(cfg), `"adminMfa":"`+mode+`"`) {
				t.Fatalf("GET /config: %s", cfg)
			}
			for _, c := range []struct{ method, path string }{
				{"GET", "/user"}, {"GET", "/orders"}, {"GET", "/admin/audit"}, {"GET", "/admin/sales"}, {"PUT", "/user/admin/" + boss.Email},
				{"POST", "/user/" + boss.Email + "/sign-out"}, {"DELETE", "/user/" + boss.ID},
			} {
				before := ts.dump(t)
				res, body := ts.send(t, c.method, c.path, dee.Token, nil)
				if mode == shop.AdminMFAOptional {
					if res.StatusCode == 403 {
						t.Errorf("%s %s with ADMIN_MFA=optional: %s", c.method, c.path, body)
					}
					continue
				}
				if p := mustProblem(t, res, body, 403); p.Code != shop.EMFAREQUIRED || p.Detail != shop.MsgMFARequired {
					t.Errorf("%s %s: %s", c.method, c.path, body)
				}
				if ts.dump(t) != before {
					t.Errorf("%s %s refused changed the store", c.method, c.path)
				}
			}
			// Outside the admin pages too: held back, the admin acts as a customer
			// (another's orders and purchases refused, every company not listed),
			// while GET /admin/{email} of oneself still says admin, so the client
			// leads it to the Account page.
			carol := ts.mustRegister(t, "Carol", "carol@shop.test")
			ts.mustVerify(t, carol.Email)
			ts.mustOrder(t, carol.Token, ts.mustProduct(t, "Held pump", 10_00, 10, 1).ID, 1)
			for _, path := range []string{"/order?email=" + carol.Email, "/groups?email=" + carol.Email} {
				res, body := ts.send(t, "GET", path, dee.Token, nil)
				if mode == shop.AdminMFARequired && res.StatusCode != 403 || mode == shop.AdminMFAOptional && res.StatusCode != 200 {
					t.Errorf("GET %s by an admin without a second factor (%s): %d %s", path, mode, res.StatusCode, body)
				}
			}
			if res, body := ts.send(t, "POST", "/companies", carol.Token, map[string]any{"name": "Carol Ltd", "taxId": "GB123456789",
				"billingAddress": "1 Mill Lane, Leeds"}); res.StatusCode != 201 {
				t.Fatalf("apply: %d %s", res.StatusCode, body)
			}
			res, body := ts.send(t, "GET", "/companies", dee.Token, nil)
			if leaked := strings.Contains(string(body), "GB123456789"); res.StatusCode != 200 && res.StatusCode != 404 || leaked != (mode == shop.AdminMFAOptional) {
				t.Errorf("GET /companies by an admin without a second factor (%s): %d %s", mode, res.StatusCode, body)
			}
			if res, body := ts.send(t, "GET", "/admin/"+dee.Email, dee.Token, nil); res.StatusCode != 200 || !strings.Contains(string(body), `"admin":true`) {
				t.Errorf("GET /admin/{own email}: %d %s", res.StatusCode, body)
			}
			if mode == shop.AdminMFARequired {
				ts.mustEnrol(t, dee)
				if res, body := ts.send(t, "GET", "/user", dee.Token, nil); res.StatusCode != 200 {
					t.Fatalf("enrolled: %d %s", res.StatusCode, body)
				}
			}
		})
	}
}

// POST /user/{email}/mfa/reset: another admin removes a second factor;
// every session of the account ends.
func TestMFA_AdminResets(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	boss := ts.mustRegister(t, "Boss", adminEmail)
	eli := ts.mustRegister(t, "Eli", "eli@shop.test")
	fred := ts.mustRegister(t, "Fred", "fred@shop.test")
	ts.mustEnrol(t, eli)
	path := "/user/" + eli.Email + "/mfa/reset"
	for _, c := range []struct {
		token  string
		status int
	}{{"", 401}, {fred.Token, 403}} {
		res, body := ts.send(t, "POST", path, c.token, nil)
		mustProblem(t, res, body, c.status)
	}
	res, body := ts.send(t, "POST", "/user/"+boss.Email+"/mfa/reset", boss.Token, nil)
	if p := mustProblem(t, res, body, 409); p.Detail != shop.MsgMFAResetSelf {
		t.Fatalf("one's own: %s", body)
	}
	res, body = ts.send(t, "POST", "/user/nobody@shop.test/mfa/reset", boss.Token, nil)
	mustProblem(t, res, body, 404)
	res, body = ts.send(t, "POST", path, boss.Token, nil)
	if res.StatusCode != 200 {
		t.Fatalf("reset: %d %s", res.StatusCode, body)
	}
	if status, _ := ts.me(t, eli.Token); status != 401 {
		t.Fatal("the account's sessions did not end")
	}
	if first := ts.firstStep(t, eli.Email, "secret123"); first.MFARequired || first.User.MFA {
		t.Fatalf("after the reset: %+v", first)
	}
	res, body = ts.send(t, "POST", path, boss.Token, nil)
	mustProblem(t, res, body, 409)
}

// GET /account/sessions, DELETE /account/sessions/{id}, POST
// /user/{email}/sign-out, SESSION_IDLE and SESSION_MAX, and lastUsedAt
// written at most once a minute.
func TestSessions(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-11-02T10:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now, sessionIdle: 7 * 24 * time.Hour, sessionMax: 30 * 24 * time.Hour})
	boss := ts.mustRegister(t, "Boss", adminEmail)
	gus := ts.mustRegister(t, "Gus", "gus@shop.test")
	clock.Add(time.Minute)
	laptop := ts.mustSignIn(t, gus.Email, "secret123")
	list := func(token string) []shop.Session {
		t.Helper()
		res, body := ts.send(t, "GET", "/account/sessions", token, nil)
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("GET /account/sessions: %d %s", res.StatusCode, body)
		}
		return decode[[]shop.Session](t, body)
	}
	res, body := ts.send(t, "GET", "/account/sessions", "", nil)
	mustProblem(t, res, body, 401)
	got := list(laptop)
	if len(got) != 2 || !got[0].Current || got[1].Current || !got[0].CreatedAt.After(got[1].CreatedAt) || got[0].IP == "" || got[0].UserAgent == "" {
		t.Fatalf("sessions, newest first, this one current: %+v", got)
	}
	first := got[1]

	t.Run("LastUsedAtOnceAMinute", func(t *testing.T) {
		ts.me(t, gus.Token) // its first use a minute after it began: recorded
		used := list(laptop)[1].LastUsedAt
		if !used.Equal(clock.Now()) {
			t.Fatalf("not recorded a minute after: %v", used)
		}
		clock.Add(30 * time.Second)
		ts.me(t, gus.Token)
		if s := list(laptop)[1]; !s.LastUsedAt.Equal(used) {
			t.Fatalf("written within the minute: %v, was %v", s.LastUsedAt, used)
		}
		clock.Add(31 * time.Second)
		ts.me(t, gus.Token)
		if s := list(laptop)[1]; !s.LastUsedAt.Equal(clock.Now()) {
			t.Fatalf("not written after a minute: %v, now %v", s.LastUsedAt, clock.Now())
		}
	})
	t.Run("EndOne", func(t *testing.T) {
		res, body := ts.send(t, "DELETE", "/account/sessions/"+first.ID, boss.Token, nil)
		mustProblem(t, res, body, 404) // another account's
		if status, _ := ts.me(t, gus.Token); status != 200 {
			t.Fatal("another account ended it")
		}
		if res, body := ts.send(t, "DELETE", "/account/sessions/"+first.ID, laptop, nil); res.StatusCode != 204 {
			t.Fatalf("end: %d %s", res.StatusCode, body)
		}
		if status, _ := ts.me(t, gus.Token); status != 401 {
			t.Fatal("an ended session's token still works")
		}
		if got := list(laptop); len(got) != 1 || !got[0].Current {
			t.Fatalf("after ending one: %+v", got)
		}
	})
	t.Run("Idle", func(t *testing.T) {
		phone := ts.mustSignIn(t, gus.Email, "secret123")
		clock.Add(6 * 24 * time.Hour)
		if status, _ := ts.me(t, phone); status != 200 {
			t.Fatal("ended before SESSION_IDLE")
		}
		clock.Add(6 * 24 * time.Hour) // the phone was used 6 days ago; the laptop 12
		if status, _ := ts.me(t, laptop); status != 401 {
			t.Fatal("a session unused for SESSION_IDLE still works")
		}
		if status, _ := ts.me(t, phone); status != 200 {
			t.Fatal("a session used within SESSION_IDLE ended")
		}
		for range 4 { // used every 6 days, it still ends SESSION_MAX after it began
			clock.Add(6 * 24 * time.Hour)
			ts.me(t, phone)
		}
		if status, _ := ts.me(t, phone); status != 401 {
			t.Fatal("a session past SESSION_MAX still works")
		}
		if n, err := ts.deps.Accounts.PruneSessions(context.Background()); err != nil || n < 2 {
			t.Fatalf("pruned %d: %v", n, err)
		}
	})
	t.Run("AdminEndsAll", func(t *testing.T) {
		a, b := ts.mustSignIn(t, gus.Email, "secret123"), ts.mustSignIn(t, gus.Email, "secret123")
		res, body := ts.send(t, "POST", "/user/"+gus.Email+"/sign-out", a, nil)
		mustProblem(t, res, body, 403)
		boss := ts.mustSignInMFA(t, boss.Email)
		if res, body := ts.send(t, "POST", "/user/"+gus.Email+"/sign-out", boss, nil); res.StatusCode != 204 {
			t.Fatalf("sign out: %d %s", res.StatusCode, body)
		}
		for _, tok := range []string{a, b} {
			if status, _ := ts.me(t, tok); status != 401 {
				t.Fatal("a session outlived the admin's sign-out")
			}
		}
		res, body = ts.send(t, "POST", "/user/nobody@shop.test/sign-out", boss, nil)
		mustProblem(t, res, body, 404)
	})
}

// mustSignInMFA signs an account with a second factor in, both steps.
func (ts *testServer) mustSignInMFA(tb testing.TB, email string) string {
	tb.Helper()
	first := ts.firstStep(tb, email, "secret123")
	res, body := ts.secondStep(tb, first.MFAToken, ts.totpCode(tb, email))
	if res.StatusCode != 200 {
		tb.Fatalf("second step %s: %d %s", email, res.StatusCode, body)
	}
	return decode[signInAnswer](tb, body).Token
}

// GET /admin/audit, /admin/audit.csv and /admin/audit/verify: who did what
// is recorded (by account id; an erased account shows as Former customer),
// filtered and exported; refusals from one client are counted into one
// entry a minute; an edited or removed entry breaks the chain; retention
// prunes with a checkpoint.
func TestAudit(t *testing.T) {
	t.Parallel()
	clock := testclock.At("2026-11-02T10:00:00Z")
	ts := mustServeWith(t, serveOptions{clock: clock.Now})
	boss := ts.mustRegister(t, "Boss", adminEmail)
	hal := ts.mustRegister(t, "Hal", "hal@shop.test")
	ts.signIn(t, hal.Email, "not-the-password")
	ts.signIn(t, "nobody@shop.test", "not-the-password")
	p := ts.mustProduct(t, "Audited Lathe", 120000, 5, 1)
	if res, body := ts.send(t, "PUT", "/service/"+p.ID, boss.Token, validProduct(p.Image)); res.StatusCode != 200 {
		t.Fatalf("edit: %d %s", res.StatusCode, body)
	}
	for range 7 { // a flood of refusals
		ts.send(t, "GET", "/user", hal.Token, nil)
	}
	entries := func(query string) []shop.AuditEntry {
		t.Helper()
		res, body := ts.send(t, "GET", "/admin/audit"+query, boss.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("GET /admin/audit%s: %d %s", query, res.StatusCode, body)
		}
		return decode[[]shop.AuditEntry](t, body)
	}
	has := func(list []shop.AuditEntry, action, outcome, actor string) *shop.AuditEntry {
		for i, e := range list {
			if e.Action == action && e.Outcome == outcome && e.Actor == actor {
				return &list[i]
			}
		}
		return nil
	}
	all := entries("")
	for i := 1; i < len(all); i++ {
		if all[i].Seq >= all[i-1].Seq {
			t.Fatal("not newest first")
		}
	}
	if e := has(all, "sign-in", shop.OutcomeFailure, hal.Email); e == nil || e.ActorID != hal.ID || e.Status != 401 {
		t.Errorf("a failed sign-in: %+v", e)
	}
	if e := has(all, "sign-in", shop.OutcomeFailure, shop.ActorUnknown); e == nil || e.ActorKey == "" || strings.Contains(e.ActorKey, "nobody") {
		t.Errorf("a sign-in with an unknown address: %+v", e)
	}
	if e := has(all, "mfa.turned-on", shop.OutcomeSuccess, boss.Email); e == nil {
		t.Error("no entry for turning two-step sign-in on")
	}
	edit := has(all, "product.update", shop.OutcomeSuccess, boss.Email)
	if edit == nil || edit.TargetKind != "product" || edit.TargetID != p.ID || edit.ActorRole != "admin" || edit.IP == "" ||
		!slices.ContainsFunc(edit.Changes, func(c shop.AuditChange) bool { return c.Field == "price" && c.After != "" }) {
		t.Errorf("an admin's edit: %+v", edit)
	}
	refused := 0
	for _, e := range all {
		if e.Action == shop.ActionRefused && e.ActorID == hal.ID {
			refused++
			if e.Count != 1 || e.TargetID != "GET /user" {
				t.Errorf("the first refusal: %+v", e)
			}
		}
	}
	if refused != 1 {
		t.Errorf("%d entries for 7 refusals within a minute, want 1 until the minute is over", refused)
	}
	clock.Add(time.Minute)
	ts.deps.Audit.FlushRefusals(context.Background(), false)
	if list := entries("?action=authorization.refused"); len(list) != 2 || list[0].Count != 6 {
		t.Errorf("after the minute: %+v", list)
	}

	t.Run("Filters", func(t *testing.T) {
		for _, e := range entries("?actor=" + hal.Email) {
			if e.ActorID != hal.ID {
				t.Errorf("actor filter: %+v", e)
			}
		}
		if list := entries("?actor=nobody@shop.test"); len(list) != 1 || list[0].Action != "sign-in" {
			t.Errorf("an unknown address: %+v", list)
		}
		if list := entries("?action=product.&target=" + p.ID); len(list) != 1 || list[0].Action != "product.update" {
			t.Errorf("action and target: %+v", list)
		}
		if list := entries("?from=2026-11-03"); len(list) != 0 {
			t.Errorf("from tomorrow: %+v", list)
		}
		if list := entries("?from=2026-11-02&to=2026-11-02&limit=2"); len(list) != 2 {
			t.Errorf("a page of 2 of today: %d", len(list))
		}
		res, body := ts.send(t, "GET", "/admin/audit?limit=101", boss.Token, nil)
		mustProblem(t, res, body, 400)
		res, body = ts.send(t, "GET", "/admin/audit?from=yesterday", boss.Token, nil)
		mustProblem(t, res, body, 400)
		res, body = ts.send(t, "GET", "/admin/audit", hal.Token, nil)
		mustProblem(t, res, body, 403)
	})
	t.Run("CSV", func(t *testing.T) {
		res, body := ts.send(t, "GET", "/admin/audit.csv?action=product.", boss.Token, nil)
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
		if err != nil || len(rows) != 2 || rows[0][0] != "seq" || rows[1][2] != boss.Email || rows[1][5] != "product.update" {
			t.Fatalf("%v %q", err, rows)
		}
	})
	t.Run("FormerCustomer", func(t *testing.T) {
		if res, body := ts.send(t, "DELETE", "/user/"+hal.ID, boss.Token, nil); res.StatusCode != 200 {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		for _, e := range entries("?actor=" + hal.ID) {
			if e.Actor != shop.FormerCustomer {
				t.Errorf("an erased account's entry: %+v", e)
			}
		}
		if list := entries("?action=user.delete"); len(list) != 1 || list[0].Target != shop.FormerCustomer || list[0].TargetID != hal.ID {
			t.Errorf("the deletion: %+v", list)
		}
	})
	verify := func() shop.AuditVerdict {
		t.Helper()
		res, body := ts.send(t, "GET", "/admin/audit/verify", boss.Token, nil)
		if res.StatusCode != 200 {
			t.Fatalf("verify: %d %s", res.StatusCode, body)
		}
		return decode[shop.AuditVerdict](t, body)
	}
	t.Run("EditedEntryFound", func(t *testing.T) {
		v := verify()
		if !v.OK {
			t.Fatalf("before: %+v", v)
		}
		target := entries("?action=product.update")[0]
		ts.rawAudit(t, func(ctx context.Context, c *mongo.Collection) error {
			_, err := c.UpdateOne(ctx, bson.D{{Key: "_id", Value: target.Seq}}, bson.D{{Key: "$set", Value: bson.D{{Key: "outcome", Value: "failure"}}}})
			return err
		})
		if v := verify(); v.OK || v.Seq != target.Seq || v.Problem == "" {
			t.Fatalf("an edited entry: %+v", v)
		}
		ts.rawAudit(t, func(ctx context.Context, c *mongo.Collection) error {
			_, err := c.UpdateOne(ctx, bson.D{{Key: "_id", Value: target.Seq}}, bson.D{{Key: "$set", Value: bson.D{{Key: "outcome", Value: "success"}}}})
			return err
		})
		if v := verify(); !v.OK {
			t.Fatalf("put back: %+v", v)
		}
	})
	t.Run("Retention", func(t *testing.T) {
		clock.Add(shop.DefaultAuditRetention + time.Hour)
		before := verify()
		n, err := ts.deps.Audit.Prune(context.Background())
		if err != nil || n < 10 {
			t.Fatalf("pruned %d: %v", n, err)
		}
		v := verify()
		if !before.OK || !v.OK || v.Entries > before.Entries-int64(n)+3 {
			t.Fatalf("before %+v, after pruning %d: %+v", before, n, v)
		}
		if list := entries("?action=" + shop.ActionCheckpoint); len(list) != 1 || list[0].Checkpoint == nil || list[0].Count != n {
			t.Fatalf("the checkpoint: %+v", list)
		}
	})
	t.Run("RemovedEntryFound", func(t *testing.T) {
		for range 3 {
			ts.signIn(t, "nobody@shop.test", "not-the-password")
		}
		if v := verify(); !v.OK {
			t.Fatalf("before: %+v", v)
		}
		middle := entries("?action=sign-in")[1]
		ts.rawAudit(t, func(ctx context.Context, c *mongo.Collection) error {
			_, err := c.DeleteOne(ctx, bson.D{{Key: "_id", Value: middle.Seq}})
			return err
		})
		if v := verify(); v.OK || v.Seq != middle.Seq {
			t.Fatalf("a removed entry: %+v", v)
		}
	})
}

// rawAudit changes the stored trail behind the store's back (as someone
// with the database would).
func (ts *testServer) rawAudit(tb testing.TB, fn func(ctx context.Context, c *mongo.Collection) error) {
	tb.Helper()
	err := ts.store.Raw(context.Background(), mongodb.CollAudit, func(ctx context.Context, db *mongo.Database) error {
		return fn(ctx, db.Collection(mongodb.CollAudit))
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// Every admin write (and every export) is in the audit trail's table: each
// route that refuses a customer with "Only an admin may do this." is.
func TestAudit_EveryAdminWriteIsAudited(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	cu := ts.mustRegister(t, "Cu", "cu@shop.test")
	engine := ts.Config.Handler.(*gin.Engine)
	audited := httpapi.AuditedRoutes()
	param := regexp.MustCompile(`:[a-z]+`)
	admin := 0
	for _, r := range engine.Routes() {
		if (r.Method == "GET" && !strings.HasSuffix(r.Path, ".csv") && !strings.HasSuffix(r.Path, "/verify")) || r.Path == "/auth/sign-out-everywhere" || r.Path == "/cart" {
			continue // (the customer's session must live on)
		}
		path := strings.ReplaceAll(param.ReplaceAllString(r.Path, "0123456789abcdef01234567"), "0123456789abcdef01234567.pdf", "1.pdf")
		res, body := ts.send(t, r.Method, path, cu.Token, nil)
		if res.StatusCode != 403 || httpProblem(body).Detail != "Only an admin may do this." {
			continue
		}
		admin++
		if _, ok := audited[r.Method+" "+r.Path]; !ok {
			t.Errorf("the admin's %s %s is not audited", r.Method, r.Path)
		}
	}
	if admin < 24 {
		t.Fatalf("found %d admin routes", admin)
	}
}

// Google sign-in of an account with a second factor goes through the
// second step as well.
func TestMFA_GoogleSignInTakesTheSecondStep(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	const email = "gil@gmail.test"
	res, body := ts.send(t, "POST", "/auth/google", "", map[string]string{"credential": ts.google.idToken(t, email, nil)})
	if res.StatusCode != 200 {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	gil := account{Email: email, Token: decode[signInAnswer](t, body).Token}
	codes := ts.mustEnrol(t, gil)
	res, body = ts.send(t, "POST", "/auth/google", "", map[string]string{"credential": ts.google.idToken(t, email, nil)})
	first := decode[signInAnswer](t, body)
	if res.StatusCode != 200 || !first.MFARequired || first.Token != "" {
		t.Fatalf("Google's first step: %d %s", res.StatusCode, body)
	}
	res, body = ts.secondStep(t, first.MFAToken, codes[0])
	if res.StatusCode != 200 || decode[signInAnswer](t, body).Token == "" {
		t.Fatalf("the second step: %d %s", res.StatusCode, body)
	}
	// a Google account (no password) turns it off with a code alone
	res, body = ts.send(t, "DELETE", "/account/mfa", gil.Token, map[string]string{"code": codes[1]})
	if res.StatusCode != 204 {
		t.Fatalf("turn off: %d %s", res.StatusCode, body)
	}
}
