package app

import (
	"context"
	"sync"
	"time"

	"storefront/server/internal/shop"
)

// The account's own security: e-mail verification, password reset without
// account enumeration, password change and sessions that end. The mailed
// tokens are random (256 bits), stored as their hash, single-use and short
// lived; each change is one conditional write on the account.

// mailLink sends the account a letter of kind with link.
func (a *Accounts) mailLink(ctx context.Context, kind shop.LetterKind, u shop.User, link string) {
	a.Mail.Send(ctx, shop.Letter{Kind: kind, To: u.Email, Account: &u, Link: link})
}

// VerifyEmail marks the address of the account holding the token verified
// (and, for an ADMIN_EMAILS address, makes it an admin). The token works
// once, for 24 hours.
func (a *Accounts) VerifyEmail(ctx context.Context, token string) (shop.User, error) {
	hash, err := shop.ParseAccountToken(token)
	if err != nil {
		return shop.User{}, err
	}
	u, err := a.Users.FindUserByToken(ctx, shop.TokenVerifyEmail, hash)
	if err != nil {
		return shop.User{}, err
	}
	return a.Users.VerifyEmail(ctx, u.ID, hash, a.now(), a.configuredAdmin(u.Email))
}

// ResendVerification mails the caller a new verification link; the one
// before stops working. The HTTP layer limits how often.
func (a *Accounts) ResendVerification(ctx context.Context, caller shop.Caller) error {
	if err := shop.RequireSignedIn(caller); err != nil {
		return err
	}
	if caller.EmailVerified {
		return shop.Errorf(shop.ECONFLICT, "Your e-mail address is verified already.")
	}
	raw, token, err := shop.NewAccountToken(shop.TokenVerifyEmail, a.now())
	if err != nil {
		return err
	}
	if err := a.Users.SetAccountToken(ctx, caller.ID, shop.TokenVerifyEmail, token); err != nil {
		return err
	}
	a.mailLink(ctx, shop.LetterVerifyEmail, *caller, shop.VerifyEmailLink(a.SiteURL, raw))
	return nil
}

// RequestPasswordReset answers every well-formed address alike, at once:
// whether an account has it, and the reset link, are worked out after the
// answer (later), so neither the answer nor its time tells which
// addresses have accounts.
func (a *Accounts) RequestPasswordReset(ctx context.Context, r shop.EmailRequest) error {
	if err := r.Validate(); err != nil {
		return err
	}
	return a.later.run(ctx, func(ctx context.Context) { a.mailResetLink(ctx, r.Email) })
}

// mailResetLink mails the account with this address a reset link, if there
// is one (a Google account gets one too: it sets a first password).
func (a *Accounts) mailResetLink(ctx context.Context, email string) {
	u, err := a.Users.FindUserByEmail(ctx, email)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND || (err == nil && u.DeletingAt != nil):
		return
	case err != nil:
		a.Log.ErrorContext(ctx, "a password reset could not be prepared", "error", err)
		return
	}
	raw, token, err := shop.NewAccountToken(shop.TokenResetPassword, a.now())
	if err == nil {
		err = a.Users.SetAccountToken(ctx, u.ID, shop.TokenResetPassword, token)
	}
	if err != nil {
		a.Log.ErrorContext(ctx, "a password reset could not be prepared", "error", err)
		return
	}
	a.mailLink(ctx, shop.LetterPasswordReset, u, shop.ResetPasswordLink(a.SiteURL, raw))
}

// ResetPassword sets a new password with a reset token (once, within 30
// minutes): the address is then verified, and every session ends. It
// answers no token: the person signs in as usual.
func (a *Accounts) ResetPassword(ctx context.Context, r shop.PasswordReset) (shop.User, error) {
	hash, err := shop.ParseAccountToken(r.Token)
	if err != nil {
		return shop.User{}, err
	}
	if err := r.Validate(); err != nil {
		return shop.User{}, err
	}
	u, err := a.Users.FindUserByToken(ctx, shop.TokenResetPassword, hash)
	if err != nil {
		return shop.User{}, err
	}
	ph, err := a.Passwords.HashContext(ctx, r.Password)
	if err != nil {
		return shop.User{}, err
	}
	// The second factor stays (ASVS 6.4.3): the next sign-in asks for it.
	if u, err = a.Users.ResetPassword(ctx, u.ID, hash, a.now(), ph, a.configuredAdmin(u.Email)); err != nil {
		return shop.User{}, err
	}
	a.dropSessions(ctx, u.ID, "")
	a.mailLink(ctx, shop.LetterPasswordChanged, u, shop.ForgotPasswordLink(a.SiteURL))
	return u, nil
}

// ChangePassword sets a new password when the current one is right; every
// other session ends, and the answer is a fresh session.
func (a *Accounts) ChangePassword(ctx context.Context, caller shop.Caller, c shop.PasswordChange) (Session, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return Session{}, err
	}
	if err := c.Validate(); err != nil {
		return Session{}, err
	}
	if caller.PasswordHash == "" {
		return Session{}, shop.Invalid("This account has no password yet.", map[string]string{
			"currentPassword": "This account signs in with Google: use Forgot password? to set a first password."})
	}
	if err := a.checkPassword(ctx, caller, c.CurrentPassword, "currentPassword"); err != nil {
		return Session{}, err
	}
	ph, err := a.Passwords.HashContext(ctx, c.Password)
	if err != nil {
		return Session{}, err
	}
	u, err := a.Users.ChangePassword(ctx, caller.ID, caller.SessionVersion, caller.PasswordHash, ph)
	if err != nil {
		return Session{}, err
	}
	a.mailLink(ctx, shop.LetterPasswordChanged, u, shop.ForgotPasswordLink(a.SiteURL))
	s, err := a.StartSession(ctx, u)
	if err == nil {
		a.dropSessions(ctx, u.ID, s.User.SessionID)
	}
	return s, err
}

// checkPassword checks the caller's password, given in field.
func (a *Accounts) checkPassword(ctx context.Context, caller shop.Caller, password, field string) error {
	ok, err := a.Passwords.CheckContext(ctx, caller.PasswordHash, password)
	switch {
	case err != nil:
		return err
	case !ok:
		return shop.ErrWrongPassword(field)
	}
	return nil
}

// SignOutEverywhere ends every session of the caller, this one included.
func (a *Accounts) SignOutEverywhere(ctx context.Context, caller shop.Caller) error {
	if err := shop.RequireSignedIn(caller); err != nil {
		return err
	}
	if _, err := a.Users.EndSessions(ctx, caller.ID); err != nil {
		return err
	}
	a.dropSessions(ctx, caller.ID, "")
	return nil
}

// Wait waits for the work done after an answer (a clean stop).
func (a *Accounts) Wait() { a.later.wg.Wait() }

// jobs runs work after the request that asked for it is answered, at most
// maxJobs at once: beyond that a request waits for a slot, whatever its
// work, so the wait tells nothing either.
type jobs struct {
	once  sync.Once
	slots chan struct{}
	wg    sync.WaitGroup
}

const (
	maxJobs    = 16
	jobTimeout = 30 * time.Second
)

func (j *jobs) run(ctx context.Context, fn func(ctx context.Context)) error {
	j.once.Do(func() { j.slots = make(chan struct{}, maxJobs) })
	select {
	case j.slots <- struct{}{}:
	case <-ctx.Done():
		return &shop.Error{Code: shop.EUNAVAILABLE, Message: "The request was cancelled.", Cause: ctx.Err()}
	}
	j.wg.Go(func() {
		defer func() { <-j.slots }()
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), jobTimeout)
		defer cancel()
		fn(wctx)
	})
	return nil
}
