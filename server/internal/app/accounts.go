// Package app holds the services: each request's business rules, including
// who may do what, over the domain's store interfaces.
package app

import (
	"context"
	"log/slog"
	"slices"
	"strings"

	"storefront/server/internal/shop"
)

// TokenIssuer makes and checks session tokens.
type TokenIssuer interface {
	Issue(userID, email string) (string, error)
	Parse(token string) (userID string, err error)
}

// PasswordHasher hashes and checks passwords. Hashes are costly (memory and
// CPU), so an implementation bounds how many run at once: when no slot frees
// up in time (or ctx ends) it answers an EUNAVAILABLE *shop.Error, with a
// RetryAfter.
type PasswordHasher interface {
	HashContext(ctx context.Context, password string) (string, error)
	CheckContext(ctx context.Context, hash, password string) (bool, error)
	// CheckNoAccountContext spends the time of a check, so that an unknown
	// email answers as slowly as a wrong password.
	CheckNoAccountContext(ctx context.Context, password string) error
}

// IdentityVerifier checks a third party's ID token (Google).
type IdentityVerifier interface {
	Enabled() bool
	Verify(ctx context.Context, credential string) (shop.VerifiedIdentity, error)
}

// Accounts is sign-up, sign-in and user management.
type Accounts struct {
	Users       shop.UserStore
	Tokens      TokenIssuer
	Passwords   PasswordHasher
	Google      IdentityVerifier
	AdminEmails []string // normalised
	Log         *slog.Logger
	Telemetry   shop.Telemetry // counts sign-ups and failed sign-ins; may be nil
}

// Session is the answer to a sign-in: a token and the account.
type Session struct {
	Token string    `json:"token"`
	User  shop.User `json:"user"`
}

func (a *Accounts) roleFor(email string) string {
	if slices.Contains(a.AdminEmails, shop.NormalizeEmail(email)) {
		return shop.RoleAdmin
	}
	return shop.RoleCustomer
}

func (a *Accounts) session(u shop.User) (Session, error) {
	tok, err := a.Tokens.Issue(u.ID, u.Email)
	if err != nil {
		return Session{}, err
	}
	return Session{Token: tok, User: u}, nil
}

// Register creates an email and password account.
func (a *Accounts) Register(ctx context.Context, r shop.Registration) (Session, error) {
	if err := r.Validate(); err != nil {
		return Session{}, err
	}
	hash, err := a.Passwords.HashContext(ctx, r.Password)
	if err != nil {
		return Session{}, err
	}
	u, err := a.Users.CreateUser(ctx, shop.User{Email: r.Email, Name: r.Name, Role: a.roleFor(r.Email),
		Provider: shop.ProviderPassword, PasswordHash: hash})
	if err != nil {
		return Session{}, err
	}
	shop.Tell(a.Telemetry, shop.EventSignup)
	return a.session(u)
}

// Login checks an email and password; any mismatch is the same error.
func (a *Accounts) Login(ctx context.Context, c shop.Credentials) (Session, error) {
	if err := c.Validate(); err != nil {
		return Session{}, err
	}
	u, err := a.Users.FindUserByEmail(ctx, c.Email)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND || (err == nil && u.PasswordHash == ""):
		// no account, or one without a password (Google): the same time
		// and answer as a wrong password
		if err := a.Passwords.CheckNoAccountContext(ctx, c.Password); err != nil {
			return Session{}, err
		}
		shop.Tell(a.Telemetry, shop.EventLoginFailure)
		return Session{}, shop.ErrBadCredentials()
	case err != nil:
		return Session{}, err
	}
	ok, err := a.Passwords.CheckContext(ctx, u.PasswordHash, c.Password)
	switch {
	case err != nil:
		return Session{}, err
	case !ok:
		shop.Tell(a.Telemetry, shop.EventLoginFailure)
		return Session{}, shop.ErrBadCredentials()
	}
	return a.session(u)
}

// SignInWithGoogle verifies a Google ID token and signs its owner in,
// creating the account on first use.
func (a *Accounts) SignInWithGoogle(ctx context.Context, credential string) (Session, error) {
	if a.Google == nil || !a.Google.Enabled() {
		return Session{}, shop.Errorf(shop.EUNAVAILABLE, "Sign-in with Google is not configured on this store.")
	}
	credential = strings.TrimSpace(credential)
	if credential == "" || len(credential) > shop.MaxCredentialSize {
		return Session{}, shop.Invalid("The Google credential is missing.", map[string]string{"credential": "is required"})
	}
	id, err := a.Google.Verify(ctx, credential)
	if err != nil {
		a.Log.InfoContext(ctx, "google sign-in refused", "reason", err.Error())
		return Session{}, shop.Errorf(shop.EUNAUTHORIZED, "Google sign-in could not be verified.")
	}
	email := shop.NormalizeEmail(id.Email)
	u, err := a.Users.FindUserByEmail(ctx, email)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		name := strings.TrimSpace(id.Name)
		if name == "" {
			name = strings.SplitN(email, "@", 2)[0]
		}
		u, err = a.Users.CreateUser(ctx, shop.User{Email: email, Name: truncateRunes(name, shop.MaxUserNameLen), Role: a.roleFor(email), Provider: shop.ProviderGoogle})
		switch {
		case shop.ErrorCode(err) == shop.ECONFLICT: // created by a concurrent first sign-in
			u, err = a.Users.FindUserByEmail(ctx, email)
		case err == nil:
			shop.Tell(a.Telemetry, shop.EventSignup)
		}
	}
	if err != nil {
		return Session{}, err
	}
	return a.session(u)
}

// Authenticate turns a bearer token into the caller, as the store has them
// now: a deleted account's token no longer works, and a role change takes
// effect at once.
func (a *Accounts) Authenticate(ctx context.Context, token string) (shop.Caller, error) {
	id, err := a.Tokens.Parse(token)
	if err != nil {
		return nil, shop.Errorf(shop.EUNAUTHORIZED, "Your session is not valid. Please sign in again.")
	}
	u, err := a.Users.FindUserByID(ctx, id)
	switch code := shop.ErrorCode(err); code {
	case "":
		return &u, nil
	case shop.ENOTFOUND, shop.EINVALID:
		return nil, shop.Errorf(shop.EUNAUTHORIZED, "Your session is not valid. Please sign in again.")
	default:
		return nil, err
	}
}

// Refresh answers PUT /user/{email}: only the bearer of a valid token for
// that same email gets a fresh token (and may rename the account).
func (a *Accounts) Refresh(ctx context.Context, caller shop.Caller, email string, name *string) (Session, shop.UpdateResult, error) {
	if err := shop.RequireSelf(caller, email); err != nil {
		return Session{}, shop.UpdateResult{}, err
	}
	u := *caller
	res := shop.UpdateResult{Acknowledged: true, MatchedCount: 1}
	if name != nil {
		n := strings.TrimSpace(*name)
		if n == "" || len([]rune(n)) > shop.MaxUserNameLen {
			return Session{}, res, shop.Invalid("The account is not valid.", map[string]string{"name": "must be 1 to 80 characters"})
		}
		if n != u.Name {
			var err error
			if res, err = a.Users.SetUserName(ctx, u.ID, n); err != nil {
				return Session{}, res, err
			}
			u.Name = n
		}
	}
	s, err := a.session(u)
	return s, res, err
}

// IsAdmin answers GET /admin/{email} for the user themself or an admin.
func (a *Accounts) IsAdmin(ctx context.Context, caller shop.Caller, email string) (bool, error) {
	if err := shop.RequireSelfOrAdmin(caller, email); err != nil {
		return false, err
	}
	if caller.Email == shop.NormalizeEmail(email) {
		return caller.IsAdmin(), nil
	}
	u, err := a.Users.FindUserByEmail(ctx, email)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return false, nil
	}
	return u.IsAdmin(), err
}

// ListUsers is the admin's list of accounts.
func (a *Accounts) ListUsers(ctx context.Context, caller shop.Caller, limit, skip int) ([]shop.User, int64, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return nil, 0, err
	}
	return a.Users.ListUsers(ctx, limit, skip)
}

// MakeAdmin promotes the account with this email.
func (a *Accounts) MakeAdmin(ctx context.Context, caller shop.Caller, email string) (shop.UpdateResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.UpdateResult{}, err
	}
	if !shop.IsEmail(shop.NormalizeEmail(email)) {
		return shop.UpdateResult{}, shop.Invalid("The email is not valid.", map[string]string{"email": "Provide a valid Email"})
	}
	return a.Users.SetUserRole(ctx, email, shop.RoleAdmin)
}

// DeleteUser removes an account; an admin cannot remove their own.
func (a *Accounts) DeleteUser(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.DeleteResult{}, err
	}
	if strings.EqualFold(id, caller.ID) {
		return shop.DeleteResult{}, shop.Errorf(shop.ECONFLICT, "You cannot remove your own account.")
	}
	return a.Users.DeleteUser(ctx, id)
}

// PromoteConfiguredAdmins gives ADMIN_EMAILS accounts that already exist the
// admin role (accounts created later get it at creation).
func (a *Accounts) PromoteConfiguredAdmins(ctx context.Context) error {
	for _, e := range a.AdminEmails {
		if _, err := a.Users.SetUserRole(ctx, e, shop.RoleAdmin); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return err
		}
	}
	return nil
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
