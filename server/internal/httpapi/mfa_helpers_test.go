package httpapi_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/auth"
	"storefront/server/internal/shop"
)

// The tests' authenticator (issue 44): ADMIN_MFA=required is the default,
// so every admin the tests make turns two-step sign-in on through the API,
// with codes computed here, and the tests sign in with them.

// totpSecrets are the secrets of the accounts' authenticators, by e-mail.
type totpSecrets struct {
	mu      sync.Mutex
	secrets map[string]string
}

func (s *totpSecrets) set(email, secret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.secrets == nil {
		s.secrets = map[string]string{}
	}
	s.secrets[email] = secret
}

func (s *totpSecrets) get(email string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.secrets[email]
}

// session signs u in as a sign-in does (a session recorded on the server),
// without its password.
func (ts *testServer) session(tb testing.TB, u shop.User) string {
	tb.Helper()
	s, err := ts.deps.Accounts.StartSession(context.Background(), u)
	if err != nil {
		tb.Fatal(err)
	}
	return s.Token
}

// mustEnrol turns two-step sign-in on for a through the API (its session
// stays, its others end) and answers the recovery codes.
func (ts *testServer) mustEnrol(tb testing.TB, a account) []string {
	tb.Helper()
	res, body := ts.send(tb, "POST", "/account/mfa/totp", a.Token, nil)
	if res.StatusCode != 200 {
		tb.Fatalf("POST /account/mfa/totp as %s: %d %s", a.Email, res.StatusCode, body)
	}
	e := decode[shop.TOTPEnrolment](tb, body)
	code, err := auth.TOTPCode(e.Secret, ts.now())
	if err != nil {
		tb.Fatal(err)
	}
	res, body = ts.send(tb, "POST", "/account/mfa/totp/confirm", a.Token, map[string]string{"code": code})
	if res.StatusCode != 200 {
		tb.Fatalf("POST /account/mfa/totp/confirm as %s: %d %s", a.Email, res.StatusCode, body)
	}
	ts.totp.set(a.Email, e.Secret)
	return decode[shop.RecoveryCodeList](tb, body).RecoveryCodes
}

// totpCode is a code of email's authenticator that the server has not
// seen used: the step of now, or the next one after the last used (a
// code is accepted once per 30-second step, one step either side of now).
func (ts *testServer) totpCode(tb testing.TB, email string) string {
	tb.Helper()
	secret := ts.totp.get(email)
	u := ts.user(tb, email)
	if secret == "" || u.TOTP == nil {
		tb.Fatalf("%s has no authenticator", email)
	}
	now := ts.now().Unix() / 30
	step := max(now, u.TOTP.LastStep+1)
	if step > now+1 {
		tb.Fatalf("%s used the next step's code already: move the clock 30 s", email)
	}
	code, err := auth.TOTPCode(secret, time.Unix(step*30, 0))
	if err != nil {
		tb.Fatal(err)
	}
	return code
}

// The secrets no audit entry may hold: the tests' passwords, tokens (JWTs,
// mailed links', mfaTokens: long base64url), card numbers, recovery codes,
// password hashes, and e-mail addresses (entries name people by id).
var (
	testPasswords = []string{"secret123", "new-secret", "not-the-password", "wrong-one", "guess-it", "not-it", "wrong-password"}
	secretShapes  = regexp.MustCompile(`eyJ[A-Za-z0-9_-]{10,}|[A-Za-z0-9_-]{40,}|\b\d{12,19}\b|\b[a-z2-9]{5}-[a-z2-9]{5}\b|\$argon2|@`)
)

// mustAuditHoldNoSecret searches every entry of the server's audit trail.
func (ts *testServer) mustAuditHoldNoSecret(tb testing.TB) {
	tb.Helper()
	ts.totp.mu.Lock()
	secrets := append([]string{}, testPasswords...)
	for _, s := range ts.totp.secrets {
		secrets = append(secrets, s)
	}
	ts.totp.mu.Unlock()
	err := ts.store.EachAudit(context.Background(), func(e shop.AuditEntry) bool {
		e.Prev, e.Hash = "", "" // (the chain's own hashes)
		if e.Checkpoint != nil {
			e.Checkpoint.Hash = ""
		}
		b, _ := json.Marshal(e)
		text := string(b)
		for _, s := range secrets {
			if strings.Contains(text, s) {
				tb.Errorf("audit entry %d holds a secret (%q): %s", e.Seq, s, text)
			}
		}
		if m := secretShapes.FindString(strings.ReplaceAll(text, e.ActorKey, "")); m != "" {
			tb.Errorf("audit entry %d holds what looks like a secret or an address (%q): %s", e.Seq, m, text)
		}
		return true
	})
	_ = err // a test that closed its store has no trail left to read
}
