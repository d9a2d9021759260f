package app_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/app"
	"storefront/server/internal/auth"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/shop"
	"storefront/server/internal/testclock"
)

// mfaAccounts is the accounts service of a test: the store, its clock,
// random factor keys and an outbox.
func mfaAccounts(t *testing.T, s *mongodb.Store, clock *testclock.Clock) *app.Accounts {
	t.Helper()
	tokens, err := auth.NewTokens([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	return &app.Accounts{Users: s, Sessions: s, Factors: auth.RandomFactors(), Tokens: tokens, Mail: newOutbox(s, false),
		SiteURL: "https://shop.test", Now: clock.Now, Log: discard}
}

// mustTOTPUser is an account with two-step sign-in on; it answers the
// account and its authenticator's secret.
func mustTOTPUser(t *testing.T, s *mongodb.Store, a *app.Accounts, email string) (shop.User, string) {
	t.Helper()
	ctx := context.Background()
	u, err := s.CreateUser(ctx, shop.User{Email: email, Name: "Owner", Provider: shop.ProviderPassword})
	if err != nil {
		t.Fatal(err)
	}
	secret, _, err := a.Factors.NewTOTP(email)
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := a.Factors.Seal(secret)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetPendingTOTP(ctx, u.ID, shop.PendingTOTP{Secret: sealed, CreatedAt: a.Now()}); err != nil {
		t.Fatal(err)
	}
	if u, err = s.EnableTOTP(ctx, u.ID, sealed, shop.TOTPFactor{Secret: sealed, EnabledAt: a.Now()}); err != nil {
		t.Fatal(err)
	}
	return u, secret
}

// tryCode signs u in again with the password (a new second step) and
// gives code.
func tryCode(t *testing.T, a *app.Accounts, u shop.User, code string) error {
	t.Helper()
	ctx := context.Background()
	token, err := a.StartSecondStep(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.LoginMFA(ctx, shop.MFALogin{MFAToken: token, Code: code})
	return err
}

func mailsOf(t *testing.T, s *mongodb.Store, kind shop.LetterKind) int {
	t.Helper()
	n := 0
	for _, m := range outbox(t, s) {
		if m.Kind == kind {
			n++
		}
	}
	return n
}

// Wrong second-step codes count against the account whatever the sign-in
// (each correct password starting a new second step does not reset them):
// past five, each try waits twice as long as the last (429, even with the
// right code), and the owner is mailed once at ten. A passed second step
// ends the count.
func TestLoginMFA_WrongCodesCountPerAccountAcrossSignIns(t *testing.T) {
	t.Parallel()
	clock := newClock()
	s := openStore(t, t.TempDir(), clock)
	a := mfaAccounts(t, s, clock)
	u, secret := mustTOTPUser(t, s, a, "owner@shop.test")
	right := func() string {
		code, err := auth.TOTPCode(secret, clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		return code
	}
	wrong := func() string { // a code no step near now has
		for i := 0; ; i++ {
			code := fmt.Sprintf("%06d", i)
			if _, ok := a.Factors.CheckTOTP(secret, code, clock.Now()); !ok {
				return code
			}
		}
	}
	for i := 1; i <= shop.MFAFreeFails; i++ {
		if err := tryCode(t, a, u, wrong()); shop.ErrorMessage(err) != shop.MsgMFAWrongCode {
			t.Fatalf("wrong code %d: %v, want %q", i, err, shop.MsgMFAWrongCode)
		}
	}
	locked := func(words string, wait time.Duration) {
		t.Helper()
		err := tryCode(t, a, u, right())
		var e *shop.Error
		if shop.ErrorCode(err) != shop.ERATELIMIT || shop.ErrorMessage(err) != fmt.Sprintf(shop.MsgMFALocked, words) {
			t.Fatalf("after the wrong codes: %v, want 429 %q", err, fmt.Sprintf(shop.MsgMFALocked, words))
		}
		if errors.As(err, &e); e.RetryAfter != wait {
			t.Fatalf("Retry-After %v, want %v", e.RetryAfter, wait)
		}
	}
	locked("1 minute", time.Minute)
	clock.Add(30 * time.Second)
	locked("30 seconds", 30*time.Second)
	for i, wait := range []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute, 16 * time.Minute} {
		clock.Add(wait)
		if err := tryCode(t, a, u, wrong()); shop.ErrorMessage(err) != shop.MsgMFAWrongCode {
			t.Fatalf("wrong code %d after %v: %v", shop.MFAFreeFails+1+i, wait, err)
		}
		locked(fmt.Sprintf("%d minutes", 2*wait/time.Minute), 2*wait)
	}
	if n := mailsOf(t, s, shop.LetterMFAFailures); n != 1 {
		t.Fatalf("%d e-mails to the owner after %d wrong codes, want 1", n, shop.MFAFailsMailed)
	}
	for range 3 { // the back-off stops growing at an hour; the owner is told once
		clock.Add(shop.MFABackoffMax)
		if err := tryCode(t, a, u, wrong()); shop.ErrorMessage(err) != shop.MsgMFAWrongCode {
			t.Fatal(err)
		}
	}
	locked("60 minutes", shop.MFABackoffMax)
	if n := mailsOf(t, s, shop.LetterMFAFailures); n != 1 {
		t.Fatalf("%d e-mails to the owner, want 1", n)
	}
	clock.Add(shop.MFABackoffMax)
	if err := tryCode(t, a, u, right()); err != nil {
		t.Fatalf("the right code once the wait is over: %v", err)
	}
	if got, _ := s.FindUserByEmail(context.Background(), u.Email); got.MFAFails != nil {
		t.Fatalf("count after a passed second step: %+v, want none", got.MFAFails)
	}
	clock.Add(time.Minute)
	for i := 1; i <= shop.MFAFreeFails; i++ {
		if err := tryCode(t, a, u, wrong()); shop.ErrorMessage(err) != shop.MsgMFAWrongCode {
			t.Fatalf("wrong code %d of a new count: %v", i, err)
		}
	}
}
