package main

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"storefront/server/internal/auth"
	"storefront/server/internal/testwait"
)

var verifyLink = regexp.MustCompile(`/verify-email\?token=([A-Za-z0-9_-]+)`)

// verifyFromLog opens the verification link mailed to email, as an owner
// on a machine without SMTP_URL does: from the server's log, where the
// outbox shows each message's recipient, subject and links. An ADMIN_EMAILS
// account becomes an admin then.
func (a *apiClient) verifyFromLog(logs fmt.Stringer, email string) {
	a.tb.Helper()
	var token string
	found := testwait.Until(30*time.Second, func() bool {
		for _, line := range strings.Split(logs.String(), "\n") {
			if m := verifyLink.FindStringSubmatch(line); m != nil && strings.Contains(line, "to="+email+" ") {
				token = m[1]
			}
		}
		return token != ""
	})
	if !found {
		a.tb.Fatalf("no verification link for %s in the log:\n%s", email, logs.String())
	}
	a.mustCall("POST", "/auth/verify-email", "", fmt.Sprintf(`{"token":%q}`, token), 200, nil)
}

// totpSteps are the last 30-second step whose code each authenticator
// (by secret) has sent: a code is accepted once per step.
var totpSteps sync.Map

// totpCode is a code of secret the server has not seen: the step of now,
// or the one after the last sent (accepted one step either side of now).
func (a *apiClient) totpCode(secret string) string {
	a.tb.Helper()
	var step int64
	testwait.Until(45*time.Second, func() bool {
		now := time.Now().Unix() / 30
		last, _ := totpSteps.Load(secret)
		step = now
		if l, ok := last.(int64); ok && l >= now {
			step = l + 1
		}
		return step <= now+1
	})
	totpSteps.Store(secret, step)
	code, err := auth.TOTPCode(secret, time.Unix(step*30, 0))
	if err != nil {
		a.tb.Fatal(err)
	}
	return code
}

// enrolMFA turns two-step sign-in on for the account of token (ADMIN_MFA
// is required by default: an admin's calls ask for it) and answers the
// authenticator's secret.
func (a *apiClient) enrolMFA(token string) string {
	a.tb.Helper()
	var e struct{ Secret string }
	a.mustCall("POST", "/account/mfa/totp", token, "", 200, &e)
	a.mustCall("POST", "/account/mfa/totp/confirm", token, fmt.Sprintf(`{"code":%q}`, a.totpCode(e.Secret)), 200, nil)
	return e.Secret
}

// signIn signs in with the password and, for an account with two-step
// sign-in (secret), its second step; it answers the token.
func (a *apiClient) signIn(email, secret string) string {
	a.tb.Helper()
	var s struct {
		Token    string `json:"token"`
		MFAToken string `json:"mfaToken"`
	}
	a.mustCall("POST", "/auth/login", "", fmt.Sprintf(`{"email":%q,"password":%q}`, email, testPassword), 200, &s)
	if s.MFAToken != "" {
		a.mustCall("POST", "/auth/login/mfa", "", fmt.Sprintf(`{"mfaToken":%q,"code":%q}`, s.MFAToken, a.totpCode(secret)), 200, &s)
	}
	return s.Token
}
