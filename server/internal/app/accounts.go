// Package app holds the services: each request's business rules, including
// who may do what, over the domain's store interfaces.
package app

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// TokenIssuer makes and checks session tokens, which carry the account's
// session version.
type TokenIssuer interface {
	IssueSession(userID, email string, version int64) (string, error)
	ParseSession(token string) (userID string, version int64, err error)
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

// Accounts is sign-up, sign-in and user management, and the account's own
// security (accounts_security.go) and deletion (account_deletion.go).
type Accounts struct {
	Users       shop.UserStore
	Tokens      TokenIssuer
	Passwords   PasswordHasher
	Google      IdentityVerifier
	AdminEmails []string // normalised
	Log         *slog.Logger
	Telemetry   shop.Telemetry // counts sign-ups and failed sign-ins; may be nil
	// SiteURL is the client's public origin: the mailed links open its pages.
	SiteURL string
	Mail    *Outbox          // the account's e-mails; may be nil
	Now     func() time.Time // the tokens' clock; nil: time.Now

	// What a deletion changes besides the account: unpaid orders are
	// cancelled through Orders (their stock returns), the rest erased.
	Orders *Orders
	// Groups cancels a deleted account's unpaid order groups whole (issue 34); may be nil.
	Groups   *Groups
	Erasure  shop.ErasureStore
	Profiles shop.ProfileStore
	Admins   shop.AdminDirectory
	// Owners tells the writes made for an account whose deletion has begun
	// (owners.go).
	Owners *Owners

	later jobs // password reset requests, after their answer
}

// Session is the answer to a sign-in: a token and the account.
type Session struct {
	Token string    `json:"token"`
	User  shop.User `json:"user"`
}

// configuredAdmin reports whether ADMIN_EMAILS names the address: it gets
// the admin role once the address is verified, never before.
func (a *Accounts) configuredAdmin(email string) bool {
	return slices.Contains(a.AdminEmails, shop.NormalizeEmail(email))
}

// roleOnceVerified is the role of a new account whose address is verified.
func (a *Accounts) roleOnceVerified(email string) string {
	if a.configuredAdmin(email) {
		return shop.RoleAdmin
	}
	return shop.RoleCustomer
}

func (a *Accounts) now() time.Time {
	if a.Now != nil {
		return a.Now().UTC()
	}
	return time.Now().UTC()
}

func (a *Accounts) session(u shop.User) (Session, error) {
	tok, err := a.Tokens.IssueSession(u.ID, u.Email, u.SessionVersion)
	if err != nil {
		return Session{}, err
	}
	return Session{Token: tok, User: u}, nil
}

// Register creates an email and password account, unverified and so never
// an admin yet, and mails it a verification link.
func (a *Accounts) Register(ctx context.Context, r shop.Registration) (Session, error) {
	if err := r.Validate(); err != nil {
		return Session{}, err
	}
	hash, err := a.Passwords.HashContext(ctx, r.Password)
	if err != nil {
		return Session{}, err
	}
	raw, token, err := shop.NewAccountToken(shop.TokenVerifyEmail, a.now())
	if err != nil {
		return Session{}, err
	}
	u, err := a.Users.CreateUserWithToken(ctx, shop.User{Email: r.Email, Name: r.Name, Role: shop.RoleCustomer,
		Provider: shop.ProviderPassword, PasswordHash: hash}, token)
	if err != nil {
		return Session{}, err
	}
	shop.Tell(a.Telemetry, shop.EventSignup)
	a.mailLink(ctx, shop.LetterVerifyEmail, u, shop.VerifyEmailLink(a.SiteURL, raw))
	return a.session(u)
}

// Login checks an email and password; any mismatch is the same error.
func (a *Accounts) Login(ctx context.Context, c shop.Credentials) (Session, error) {
	if err := c.Validate(); err != nil {
		return Session{}, err
	}
	u, err := a.Users.FindUserByEmail(ctx, c.Email)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND || (err == nil && (u.PasswordHash == "" || u.DeletingAt != nil)):
		// no account, one without a password (Google) or one being
		// deleted: the same time and answer as a wrong password
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

// GoogleEnabled reports whether this store signs in with Google
// (GOOGLE_CLIENT_ID); without, the route is absent.
func (a *Accounts) GoogleEnabled() bool { return a != nil && a.Google != nil && a.Google.Enabled() }

// SignInWithGoogle verifies a Google ID token (Google vouches for the
// address: email_verified) and signs its owner in, creating the account on
// first use, verified. It joins an existing password account only when that
// account's address is verified: else whoever made it, perhaps someone
// else before the owner, would keep its password.
func (a *Accounts) SignInWithGoogle(ctx context.Context, credential string) (Session, error) {
	if !a.GoogleEnabled() {
		return Session{}, shop.Errorf(shop.ENOTFOUND, shop.MsgGoogleOff)
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
		u, err = a.Users.CreateUser(ctx, shop.User{Email: email, Name: truncateRunes(name, shop.MaxUserNameLen), Role: a.roleOnceVerified(email),
			Provider: shop.ProviderGoogle, EmailVerified: true})
		switch {
		case shop.ErrorCode(err) == shop.ECONFLICT: // created by a concurrent first sign-in
			u, err = a.Users.FindUserByEmail(ctx, email)
		case err == nil:
			shop.Tell(a.Telemetry, shop.EventSignup)
			return a.session(u)
		}
	}
	if err != nil {
		return Session{}, err
	}
	switch {
	case u.DeletingAt != nil:
		return Session{}, shop.Errorf(shop.ECONFLICT, "This account is being deleted. Please try again in a minute.")
	case !u.EmailVerified && u.PasswordHash != "":
		return Session{}, shop.Errorf(shop.ECONFLICT, "An account with this e-mail address already exists and its address is not verified yet. "+
			"Sign in with its password (or use Forgot password), verify the address from the e-mail we send, then continue with Google.")
	case !u.EmailVerified: // a Google account from before addresses were verified
		if u, err = a.Users.MarkVerified(ctx, u.ID, a.configuredAdmin(u.Email)); err != nil {
			return Session{}, err
		}
	}
	return a.session(u)
}

// Authenticate turns a bearer token into the caller, as the store has them
// now: a deleted account's token no longer works, and a role change takes
// effect at once.
func (a *Accounts) Authenticate(ctx context.Context, token string) (shop.Caller, error) {
	id, version, err := a.Tokens.ParseSession(token)
	if err != nil {
		return nil, shop.ErrSessionEnded()
	}
	u, err := a.Users.FindUserByID(ctx, id)
	switch code := shop.ErrorCode(err); code {
	case "":
		if u.SessionVersion != version || u.DeletingAt != nil { // signed out everywhere, a new password, a deletion
			return nil, shop.ErrSessionEnded()
		}
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
	return a.Users.PromoteUser(ctx, email, shop.RoleChange{By: caller.Email, At: a.now()})
}

// MakeCustomer returns another admin to customer (PUT /user/customer/{email}).
// Never oneself, never an ADMIN_EMAILS address, never the last admin (the
// store decides that one with one conditional write).
func (a *Accounts) MakeCustomer(ctx context.Context, caller shop.Caller, email string) (shop.UpdateResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.UpdateResult{}, err
	}
	email = shop.NormalizeEmail(email)
	if !shop.IsEmail(email) {
		return shop.UpdateResult{}, shop.Invalid("The email is not valid.", map[string]string{"email": "Provide a valid Email"})
	}
	switch {
	case email == caller.Email:
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgDemoteSelf)
	case a.configuredAdmin(email):
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgDemoteConfigured, email)
	}
	return a.Users.DemoteUser(ctx, email, shop.RoleChange{By: caller.Email, At: a.now()})
}

// DeleteUser deletes another account (DELETE /user/{id}) as its owner's
// own deletion does (account_deletion.go): the same marker, the same
// erasure. An admin cannot remove their own account here, and the last
// admin is never removed.
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
	u, err := a.Users.FindUserByID(ctx, id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if u.DeletingAt != nil {
		return shop.DeleteResult{}, shop.NotFound("The user")
	}
	if err := a.deleteAccount(ctx, u, shop.AnySession, false, caller.Email); err != nil {
		if shop.IsNoAdminLeft(err) {
			return shop.DeleteResult{}, shop.ErrNoAdminLeft()
		}
		return shop.DeleteResult{}, err
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}

// PromoteConfiguredAdmins gives the ADMIN_EMAILS accounts that exist and
// whose address is verified the admin role (the others get it when they
// verify it).
func (a *Accounts) PromoteConfiguredAdmins(ctx context.Context) error {
	for _, e := range a.AdminEmails {
		_, err := a.Users.PromoteVerifiedUser(ctx, e)
		switch shop.ErrorCode(err) {
		case "", shop.ENOTFOUND:
		case shop.ECONFLICT:
			a.Log.InfoContext(ctx, "an ADMIN_EMAILS account becomes admin once its address is verified", "email", e)
		default:
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
