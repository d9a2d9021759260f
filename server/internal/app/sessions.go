package app

import (
	"cmp"
	"context"
	"time"

	"storefront/server/internal/shop"
)

// Sessions recorded on the server (issue 44): a sign-in stores a session
// (who, from where, when) and its token names it; every signed-in call
// reads it by _id, refuses it once it has ended or expired (SESSION_IDLE
// since its last use, SESSION_MAX since it began), and records its use at
// most once a minute. The account's session version stays: raising it (a
// new password, a reset, signing out everywhere) ends every session at
// once, and the session documents it leaves behind are deleted with it.

func (a *Accounts) sessionIdle() time.Duration { return cmp.Or(a.SessionIdle, shop.DefaultSessionIdle) }
func (a *Accounts) sessionMax() time.Duration  { return cmp.Or(a.SessionMax, shop.DefaultSessionMax) }

// StartSession records a new session of u, from the request's origin, and
// answers its token.
func (a *Accounts) StartSession(ctx context.Context, u shop.User) (Session, error) {
	id, err := a.Factors.NewToken()
	if err != nil {
		return Session{}, err
	}
	now := a.now()
	o := shop.OriginOf(ctx)
	// With the factor on, every way here passed it: the sign-in's second
	// step, or a session that holds it (a new password's fresh session).
	if err := a.Sessions.CreateSession(ctx, shop.Session{ID: id, UserID: u.ID, Version: u.SessionVersion, CreatedAt: now, LastUsedAt: now,
		UserAgent: o.UserAgent, IP: o.IP, SecondFactor: u.TOTP != nil}); err != nil {
		return Session{}, err
	}
	u.SessionID = id
	return a.tokenFor(u, now)
}

// tokenFor answers a token for u's session (u.SessionID), which began at
// began: it lasts until the session's longest end (counted from the real
// time: the tokens' own clock, when the services' is a test's).
func (a *Accounts) tokenFor(u shop.User, began time.Time) (Session, error) {
	left := max(began.Add(a.sessionMax()).Sub(a.now()), time.Minute)
	tok, err := a.Tokens.IssueClaims(shop.SessionClaims{UserID: u.ID, Email: u.Email, Version: u.SessionVersion, SessionID: u.SessionID,
		Expires: time.Now().Add(left)})
	if err != nil {
		return Session{}, err
	}
	return Session{Token: tok, User: u}, nil
}

// Authenticate turns a bearer token into the caller, as the store has them
// now: a deleted account's token no longer works, and a role change takes
// effect at once. The token's session must be stored and live.
func (a *Accounts) Authenticate(ctx context.Context, token string) (shop.Caller, error) {
	c, err := a.Tokens.ParseClaims(token)
	if err != nil || c.SessionID == "" { // no session named: a token from before sessions were recorded
		return nil, shop.ErrSessionEnded()
	}
	sess, err := a.Sessions.FindSession(ctx, c.SessionID)
	switch code := shop.ErrorCode(err); code {
	case "":
	case shop.ENOTFOUND, shop.EINVALID:
		return nil, shop.ErrSessionEnded()
	default:
		return nil, err
	}
	now := a.now()
	if sess.UserID != c.UserID || !sess.Live(now, a.sessionIdle(), a.sessionMax()) {
		return nil, shop.ErrSessionEnded()
	}
	u, err := a.Users.FindUserByID(ctx, c.UserID)
	switch code := shop.ErrorCode(err); code {
	case "":
		if u.SessionVersion != c.Version || u.DeletingAt != nil { // signed out everywhere, a new password, a deletion
			return nil, shop.ErrSessionEnded()
		}
		if !passedSecondFactor(u, sess) { // begun before two-step sign-in was turned on
			return nil, shop.ErrSessionEnded()
		}
	case shop.ENOTFOUND, shop.EINVALID:
		return nil, shop.ErrSessionEnded()
	default:
		return nil, err
	}
	if now.Sub(sess.LastUsedAt) >= shop.SessionTouchEvery {
		if err := a.Sessions.TouchSession(ctx, sess.ID, now); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			a.Log.WarnContext(ctx, "a session's last use was not recorded", "error", err)
		}
	}
	u.SessionID = sess.ID
	u.AdminHeld = u.HasAdminRole() && a.MFARequired() && u.TOTP == nil
	return &u, nil
}

// passedSecondFactor reports whether sess may go on for u: u has no second
// factor, or sess began with it, or sess turned it on. Turning it on also
// deletes the account's other sessions, but this holds whether or not
// that deletion reached them all.
func passedSecondFactor(u shop.User, sess shop.Session) bool {
	return u.TOTP == nil || sess.SecondFactor || sess.ID == u.TOTP.Session
}

// ListSessions answers GET /account/sessions: the caller's live sessions,
// newest first, the request's own marked current.
func (a *Accounts) ListSessions(ctx context.Context, caller shop.Caller) ([]shop.Session, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return nil, err
	}
	all, err := a.Sessions.SessionsOf(ctx, caller.ID)
	if err != nil {
		return nil, err
	}
	now := a.now()
	out := []shop.Session{}
	for _, s := range all {
		if s.Version != caller.SessionVersion || !s.Live(now, a.sessionIdle(), a.sessionMax()) || !passedSecondFactor(*caller, s) {
			continue
		}
		s.Current = s.ID == caller.SessionID
		out = append(out, s)
	}
	return out, nil
}

// EndSession answers DELETE /account/sessions/{id}: that session of the
// caller ends at once (its token answers 401); another account's session
// answers as a missing one.
func (a *Accounts) EndSession(ctx context.Context, caller shop.Caller, id string) error {
	if err := shop.RequireSignedIn(caller); err != nil {
		return err
	}
	if id == "" || len(id) > 64 {
		return shop.NotFound("The session")
	}
	return a.Sessions.DeleteSession(ctx, id, caller.ID)
}

// dropSessions deletes the account's session documents but keep's (their
// tokens end at once); with the session version raised they had ended.
func (a *Accounts) dropSessions(ctx context.Context, userID, keep string) {
	if _, err := a.Sessions.DeleteSessionsOf(context.WithoutCancel(ctx), userID, keep); err != nil {
		a.Log.ErrorContext(ctx, "ended sessions were left for the sweep", "error", err)
	}
}

// SignOutUser answers POST /user/{email}/sign-out: an admin ends every
// session of that account.
func (a *Accounts) SignOutUser(ctx context.Context, caller shop.Caller, email string) (shop.User, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.User{}, err
	}
	u, err := a.findByEmail(ctx, email)
	if err != nil {
		return shop.User{}, err
	}
	if _, err := a.Users.EndSessions(ctx, u.ID); err != nil {
		return shop.User{}, err
	}
	a.dropSessions(ctx, u.ID, "")
	return u, nil
}

// UserByEmail is the account with this address (the audit trail's target).
func (a *Accounts) UserByEmail(ctx context.Context, email string) (shop.User, error) {
	return a.Users.FindUserByEmail(ctx, email)
}

// findByEmail is the account with this address (400 for one that is not an
// address, 404 for none).
func (a *Accounts) findByEmail(ctx context.Context, email string) (shop.User, error) {
	email = shop.NormalizeEmail(email)
	if !shop.IsEmail(email) {
		return shop.User{}, shop.Invalid("The email is not valid.", map[string]string{"email": "Provide a valid Email"})
	}
	return a.Users.FindUserByEmail(ctx, email)
}

// PruneSessions deletes the sessions past SESSION_IDLE or SESSION_MAX (the
// hourly sweep).
func (a *Accounts) PruneSessions(ctx context.Context) (int, error) {
	now := a.now()
	return a.Sessions.PruneSessions(ctx, now.Add(-a.sessionIdle()), now.Add(-a.sessionMax()))
}
