package app

import (
	"context"
	"strings"

	"storefront/server/internal/shop"
)

// Two-step sign-in (issue 44): a TOTP authenticator and ten recovery codes.
// Turning it on is two calls (a secret, then a first code that proves the
// app has it); a sign-in of an account with it answers an mfaToken (no
// session), and POST /auth/login/mfa trades it and a code for the session.
// The mfaToken lasts 5 minutes, is used once and allows 5 wrong codes; a
// TOTP code is accepted once per 30-second step (the step is recorded in
// the same guarded write that ends the second step); a recovery code once.
// Password resets never remove it (ASVS 6.4.3): only its owner (with the
// password and a code), another admin or the operator's command do.

// Hash purposes of the keyed hashes.
const (
	hashMFAToken = "mfa-token"
	hashRecovery = "recovery-code"
)

// MFARequired reports whether admins must have a second factor
// (ADMIN_MFA=required, the default).
func (a *Accounts) MFARequired() bool { return a.AdminMFA != shop.AdminMFAOptional }

// RequireAdminMFA refuses an admin-only call of an admin without a second
// factor while ADMIN_MFA=required (403, code mfa_required).
func (a *Accounts) RequireAdminMFA(caller shop.Caller) error {
	if err := shop.RequireSignedIn(caller); err != nil {
		return err
	}
	if caller.HasAdminRole() && (caller.AdminHeld || a.MFARequired() && caller.TOTP == nil) {
		return shop.ErrMFARequired()
	}
	return shop.RequireAdmin(caller)
}

// startSecondStep stores a sign-in's second step for u and answers its token.
func (a *Accounts) startSecondStep(ctx context.Context, u shop.User) (*shop.MFAChallengeAnswer, error) {
	raw, err := a.Factors.NewToken()
	if err != nil {
		return nil, err
	}
	if err := a.Users.StartMFALogin(ctx, u.ID, shop.MFAChallenge{Hash: a.Factors.Hash(hashMFAToken, raw), ExpiresAt: a.now().Add(shop.MFALoginTTL)}); err != nil {
		return nil, err
	}
	return &shop.MFAChallengeAnswer{MFARequired: true, MFAToken: raw}, nil
}

// code is a code as typed: a TOTP code's step of u's factor, or a recovery
// code's hash. ErrWrongCode when it is neither.
func (a *Accounts) code(u shop.User, typed, field string) (step int64, recovery string, err error) {
	code := shop.NormalizeCode(typed)
	if err := shop.CheckCode(code, field); err != nil {
		return 0, "", err
	}
	if u.TOTP == nil {
		return 0, "", shop.Errorf(shop.ECONFLICT, shop.MsgMFAOff)
	}
	if shop.IsTOTPCode(code) {
		secret, err := a.Factors.Open(u.TOTP.Secret)
		if err != nil {
			return 0, "", err
		}
		step, ok := a.Factors.CheckTOTP(secret, code, a.now())
		if !ok {
			return 0, "", shop.ErrWrongCode(field)
		}
		if step <= u.TOTP.LastStep {
			return 0, "", shop.ErrCodeUsed(field)
		}
		return step, "", nil
	}
	return 0, a.Factors.Hash(hashRecovery, strings.ReplaceAll(code, "-", "")), nil
}

// LoginMFA answers POST /auth/login/mfa: the second step's token and a
// code (TOTP or recovery) for the session. Wrong codes count against the
// account across sign-ins (shop.MFAFailures): past the free ones each
// waits longer (429), and the owner is mailed once when they reach
// shop.MFAFailsMailed. A sign-in that counted one meanwhile makes this one
// check again.
func (a *Accounts) LoginMFA(ctx context.Context, in shop.MFALogin) (SignIn, error) {
	raw := strings.TrimSpace(in.MFAToken)
	if raw == "" || len(raw) > 128 {
		return SignIn{}, shop.ErrMFALoginEnded()
	}
	hash := a.Factors.Hash(hashMFAToken, raw)
	for attempt := 0; ; attempt++ {
		in, err := a.secondStep(ctx, hash, in.Code)
		if attempt < 3 && shop.ErrorMessage(err) == shop.MsgMFABusy {
			continue
		}
		return in, err
	}
}

// secondStep is one try of LoginMFA on the account as read now.
func (a *Accounts) secondStep(ctx context.Context, hash, code string) (SignIn, error) {
	u, err := a.Users.FindUserByMFALogin(ctx, hash)
	if err != nil {
		return SignIn{}, err
	}
	now := a.now()
	if !u.MFALogin.Usable(hash, now) || u.DeletingAt != nil {
		return SignIn{UserID: u.ID}, shop.ErrMFALoginEnded()
	}
	if wait := u.MFAFails.LockedFor(now); wait > 0 {
		return SignIn{UserID: u.ID}, shop.ErrMFALocked(wait)
	}
	fails := u.MFAFails.Counted()
	step, recovery, err := a.code(u, code, "code")
	if err == nil {
		var passed shop.User
		if passed, err = a.Users.PassMFALogin(ctx, u.ID, hash, now, fails, step, recovery); err == nil {
			u = passed
		}
	}
	if shop.IsWrongCode(err) {
		shop.Tell(a.Telemetry, shop.EventLoginFailure)
		next := u.MFAFails.Failed(now)
		failed, ferr := a.Users.FailMFALogin(ctx, u.ID, hash, now, fails, next)
		switch {
		case ferr == nil && next.Count == shop.MFAFailsMailed:
			a.mailLink(ctx, shop.LetterMFAFailures, failed, shop.ForgotPasswordLink(a.SiteURL))
		case ferr != nil && shop.ErrorCode(ferr) != shop.EUNAUTHORIZED:
			return SignIn{UserID: u.ID}, ferr
		}
	}
	if err != nil {
		return SignIn{UserID: u.ID}, err
	}
	s, err := a.StartSession(ctx, u)
	if err != nil {
		return SignIn{UserID: u.ID}, err
	}
	return SignIn{Session: &s, UserID: u.ID}, nil
}

// StartTOTP answers POST /account/mfa/totp: a new secret for the caller's
// authenticator, not in force until ConfirmTOTP.
func (a *Accounts) StartTOTP(ctx context.Context, caller shop.Caller) (shop.TOTPEnrolment, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.TOTPEnrolment{}, err
	}
	if caller.TOTP != nil {
		return shop.TOTPEnrolment{}, shop.Errorf(shop.ECONFLICT, shop.MsgMFAOn)
	}
	secret, url, err := a.Factors.NewTOTP(caller.Email)
	if err != nil {
		return shop.TOTPEnrolment{}, err
	}
	sealed, err := a.Factors.Seal(secret)
	if err != nil {
		return shop.TOTPEnrolment{}, err
	}
	if err := a.Users.SetPendingTOTP(ctx, caller.ID, shop.PendingTOTP{Secret: sealed, CreatedAt: a.now()}); err != nil {
		return shop.TOTPEnrolment{}, err
	}
	return shop.TOTPEnrolment{Secret: secret, OtpauthURL: url}, nil
}

// ConfirmTOTP answers POST /account/mfa/totp/confirm: the first code turns
// the set-up on and answers the recovery codes, shown this once. Every
// other session of the account ends: they began without the second factor.
func (a *Accounts) ConfirmTOTP(ctx context.Context, caller shop.Caller, in shop.CodeInput) (shop.RecoveryCodeList, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.RecoveryCodeList{}, err
	}
	code := shop.NormalizeCode(in.Code)
	if err := shop.CheckCode(code, "code"); err != nil {
		return shop.RecoveryCodeList{}, err
	}
	switch p := caller.PendingTOTP; {
	case caller.TOTP != nil:
		return shop.RecoveryCodeList{}, shop.Errorf(shop.ECONFLICT, shop.MsgMFAOn)
	case p == nil || a.now().Sub(p.CreatedAt) > shop.PendingTOTPTTL:
		return shop.RecoveryCodeList{}, shop.Errorf(shop.ECONFLICT, shop.MsgMFANotStarted)
	}
	secret, err := a.Factors.Open(caller.PendingTOTP.Secret)
	if err != nil {
		return shop.RecoveryCodeList{}, err
	}
	step, ok := a.Factors.CheckTOTP(secret, code, a.now())
	if !shop.IsTOTPCode(code) || !ok {
		return shop.RecoveryCodeList{}, shop.ErrWrongCode("code")
	}
	codes := make([]string, shop.RecoveryCodes)
	hashes := make([]string, shop.RecoveryCodes)
	for i := range codes {
		if codes[i], err = a.Factors.NewRecoveryCode(); err != nil {
			return shop.RecoveryCodeList{}, err
		}
		hashes[i] = a.Factors.Hash(hashRecovery, strings.ReplaceAll(codes[i], "-", ""))
	}
	if _, err := a.Users.EnableTOTP(ctx, caller.ID, caller.PendingTOTP.Secret,
		shop.TOTPFactor{Secret: caller.PendingTOTP.Secret, EnabledAt: a.now(), LastStep: step, Recovery: hashes, Session: caller.SessionID}); err != nil {
		return shop.RecoveryCodeList{}, err
	}
	a.dropSessions(ctx, caller.ID, caller.SessionID)
	return shop.RecoveryCodeList{RecoveryCodes: codes}, nil
}

// DisableMFA answers DELETE /account/mfa {password, code}: the owner turns
// the second factor off (an account without a password, Google's, with the
// code alone). An admin may not while ADMIN_MFA=required.
func (a *Accounts) DisableMFA(ctx context.Context, caller shop.Caller, in shop.MFADisable) error {
	if err := shop.RequireSignedIn(caller); err != nil {
		return err
	}
	if caller.TOTP == nil {
		return shop.Errorf(shop.ECONFLICT, shop.MsgMFAOff)
	}
	if caller.IsAdmin() && a.MFARequired() {
		return shop.Errorf(shop.EFORBIDDEN, shop.MsgMFAAdminKeeps)
	}
	if caller.PasswordHash != "" {
		if in.Password == "" {
			return shop.Invalid("The password is required.", map[string]string{"password": "Password is Required"})
		}
		if err := a.checkPassword(ctx, caller, in.Password, "password"); err != nil {
			return err
		}
	}
	step, recovery, err := a.code(*caller, in.Code, "code")
	if err != nil {
		return err
	}
	_, err = a.Users.DisableMFA(ctx, caller.ID, step, recovery)
	return err
}

// ResetMFA answers POST /user/{email}/mfa/reset: another admin removes an
// account's second factor (its owner lost the authenticator and the
// codes); every session of the account ends.
func (a *Accounts) ResetMFA(ctx context.Context, caller shop.Caller, email string) (shop.User, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.User{}, err
	}
	if shop.NormalizeEmail(email) == caller.Email {
		return shop.User{}, shop.Errorf(shop.ECONFLICT, shop.MsgMFAResetSelf)
	}
	return a.resetMFA(ctx, email)
}

func (a *Accounts) resetMFA(ctx context.Context, email string) (shop.User, error) {
	u, err := a.findByEmail(ctx, email)
	if err != nil {
		return shop.User{}, err
	}
	if u.TOTP == nil && u.PendingTOTP == nil {
		return u, shop.Errorf(shop.ECONFLICT, shop.MsgMFAOff)
	}
	if u, err = a.Users.DisableMFA(ctx, u.ID, 0, ""); err != nil {
		return shop.User{}, err
	}
	if u, err = a.Users.EndSessions(ctx, u.ID); err != nil {
		return shop.User{}, err
	}
	a.dropSessions(ctx, u.ID, "")
	return u, nil
}

// accountOf is the id of the account with this address, "" when none.
func (a *Accounts) accountOf(ctx context.Context, email string) string {
	u, err := a.Users.FindUserByEmail(ctx, email)
	if err != nil {
		return ""
	}
	return u.ID
}

// The operator's commands (storefront admin verify EMAIL, storefront admin
// reset-mfa EMAIL), run on the server: no store is ever locked out of its
// admin pages. Each is recorded in the audit trail as the operator's.

// OperatorVerify marks the address verified (an ADMIN_EMAILS address then
// becomes admin).
func (a *Accounts) OperatorVerify(ctx context.Context, email string) (shop.User, error) {
	u, err := a.findByEmail(ctx, email)
	if err == nil {
		u, err = a.Users.MarkVerified(ctx, u.ID, a.configuredAdmin(u.Email))
	}
	a.operatorDid(ctx, shop.ActionOperatorCheck, u, err)
	return u, err
}

// OperatorResetMFA removes the account's second factor and ends its
// sessions.
func (a *Accounts) OperatorResetMFA(ctx context.Context, email string) (shop.User, error) {
	u, err := a.resetMFA(ctx, email)
	a.operatorDid(ctx, shop.ActionOperatorMFA, u, err)
	return u, err
}

func (a *Accounts) operatorDid(ctx context.Context, action string, u shop.User, err error) {
	if shop.ErrorCode(err) == shop.ENOTFOUND || shop.ErrorCode(err) == shop.EINVALID || u.ID == "" {
		return // no such account: nothing was done to anyone
	}
	e := shop.AuditEntry{ActorRole: shop.ActorOperator, Action: action, TargetKind: "user", TargetID: u.ID, Outcome: shop.OutcomeSuccess}
	if err != nil {
		e.Outcome = shop.OutcomeFailure
	}
	a.Audit.Record(ctx, e)
}
