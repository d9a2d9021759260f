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

// TokenIssuer makes and checks session tokens, which name their session
// and carry the account's session version.
type TokenIssuer interface {
	IssueClaims(c shop.SessionClaims) (string, error)
	ParseClaims(token string) (shop.SessionClaims, error)
}

// SecondFactor is the second factor's cryptography (auth.Factors).
type SecondFactor interface {
	// NewTOTP draws a TOTP secret for account: base32, and its otpauth URL.
	NewTOTP(account string) (secret, url string, err error)
	// CheckTOTP says which step's code code is, near at.
	CheckTOTP(secret, code string, at time.Time) (step int64, ok bool)
	Seal(plain string) (string, error)
	Open(sealed string) (string, error)
	// Hash is a keyed hash of value for purpose.
	Hash(purpose, value string) string
	NewRecoveryCode() (string, error)
	// NewToken draws 256 random bits (a session id, an mfaToken).
	NewToken() (string, error)
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
	// Purchases cancels a deleted account's unpaid purchases whole.
	Purchases *Purchases
	Erasure   shop.ErasureStore
	Profiles  shop.ProfileStore
	// Addresses are erased with the account (issue 49); nil: none are kept.
	Addresses shop.AddressStore
	// TaxExemptions, with their certificates, are erased with the account
	// (issue 49); nil: none are kept.
	TaxExemptions shop.TaxExemptionStore
	Admins        shop.AdminDirectory
	// Owners tells the writes made for an account whose deletion has begun
	// (owners.go).
	Owners *Owners

	// Issue 44: the sessions recorded on the server (sessions.go), the
	// second factor (mfa.go) and the audit trail (audit.go).
	Sessions shop.SessionStore
	Factors  SecondFactor
	// AdminMFA is ADMIN_MFA: shop.AdminMFARequired (the default, also
	// when empty) or shop.AdminMFAOptional.
	AdminMFA string
	// SessionIdle and SessionMax are SESSION_IDLE and SESSION_MAX (0: the
	// defaults).
	SessionIdle, SessionMax time.Duration
	Audit                   *Audit // may be nil

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
	return a.StartSession(ctx, u)
}

// SignIn is the answer to a sign-in's first step: a session, or, for an
// account with a second factor, the second step to take (no session yet).
// UserID names the account signing in ("" when none has the address).
type SignIn struct {
	Session *Session
	MFA     *shop.MFAChallengeAnswer
	UserID  string
}

// Body is what the call answers.
func (s SignIn) Body() any {
	if s.MFA != nil {
		return s.MFA
	}
	return s.Session
}

// signedIn answers a first step passed for u: a session, or its second step.
func (a *Accounts) signedIn(ctx context.Context, u shop.User) (SignIn, error) {
	if u.TOTP != nil {
		ch, err := a.startSecondStep(ctx, u)
		return SignIn{MFA: ch, UserID: u.ID}, err
	}
	s, err := a.StartSession(ctx, u)
	if err != nil {
		return SignIn{UserID: u.ID}, err
	}
	return SignIn{Session: &s, UserID: u.ID}, nil
}

// Login checks an email and password; any mismatch is the same error.
func (a *Accounts) Login(ctx context.Context, c shop.Credentials) (SignIn, error) {
	s, err := a.login(ctx, c)
	if s.UserID == "" && c.Email != "" {
		s.UserID = a.accountOf(ctx, c.Email)
	}
	return s, err
}

func (a *Accounts) login(ctx context.Context, c shop.Credentials) (SignIn, error) {
	if err := c.Validate(); err != nil {
		return SignIn{}, err
	}
	u, err := a.Users.FindUserByEmail(ctx, c.Email)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND || (err == nil && (u.PasswordHash == "" || u.DeletingAt != nil)):
		// no account, one without a password (Google) or one being
		// deleted: the same time and answer as a wrong password
		if err := a.Passwords.CheckNoAccountContext(ctx, c.Password); err != nil {
			return SignIn{}, err
		}
		shop.Tell(a.Telemetry, shop.EventLoginFailure)
		return SignIn{}, shop.ErrBadCredentials()
	case err != nil:
		return SignIn{}, err
	}
	ok, err := a.Passwords.CheckContext(ctx, u.PasswordHash, c.Password)
	switch {
	case err != nil:
		return SignIn{UserID: u.ID}, err
	case !ok:
		shop.Tell(a.Telemetry, shop.EventLoginFailure)
		return SignIn{UserID: u.ID}, shop.ErrBadCredentials()
	}
	return a.signedIn(ctx, u)
}

// GoogleEnabled reports whether this store signs in with Google
// (GOOGLE_CLIENT_ID); without, the route is absent.
func (a *Accounts) GoogleEnabled() bool { return a != nil && a.Google != nil && a.Google.Enabled() }

// SignInWithGoogle verifies a Google ID token (Google vouches for the
// address: email_verified) and signs its owner in, creating the account on
// first use, verified. It joins an existing password account only when that
// account's address is verified: else whoever made it, perhaps someone
// else before the owner, would keep its password.
func (a *Accounts) SignInWithGoogle(ctx context.Context, credential string) (SignIn, error) {
	if !a.GoogleEnabled() {
		return SignIn{}, shop.Errorf(shop.ENOTFOUND, shop.MsgGoogleOff)
	}
	credential = strings.TrimSpace(credential)
	if credential == "" || len(credential) > shop.MaxCredentialSize {
		return SignIn{}, shop.Invalid("The Google credential is missing.", map[string]string{"credential": "is required"})
	}
	id, err := a.Google.Verify(ctx, credential)
	if err != nil {
		a.Log.InfoContext(ctx, "google sign-in refused", "reason", err.Error())
		return SignIn{}, shop.Errorf(shop.EUNAUTHORIZED, "Google sign-in could not be verified.")
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
			return a.signedIn(ctx, u)
		}
	}
	if err != nil {
		return SignIn{}, err
	}
	switch {
	case u.DeletingAt != nil:
		return SignIn{UserID: u.ID}, shop.Errorf(shop.ECONFLICT, "This account is being deleted. Please try again in a minute.")
	case !u.EmailVerified && u.PasswordHash != "":
		return SignIn{UserID: u.ID}, shop.Errorf(shop.ECONFLICT, "An account with this e-mail address already exists and its address is not verified yet. "+
			"Sign in with its password (or use Forgot password), verify the address from the e-mail we send, then continue with Google.")
	case !u.EmailVerified: // a Google account from before addresses were verified
		if u, err = a.Users.MarkVerified(ctx, u.ID, a.configuredAdmin(u.Email)); err != nil {
			return SignIn{UserID: u.ID}, err
		}
	}
	return a.signedIn(ctx, u)
}

// Refresh answers PUT /user/{email}: only the bearer of a valid token for
// that same email gets a fresh token (and may rename the account).
func (a *Accounts) Refresh(ctx context.Context, caller shop.Caller, email string, name *string) (Session, shop.UpdateResult, error) {
	if err := shop.RequireSelf(caller, email); err != nil {
		return Session{}, shop.UpdateResult{}, err
	}
	u := *caller
	began := a.now()
	if sess, err := a.Sessions.FindSession(ctx, caller.SessionID); err == nil {
		began = sess.CreatedAt
	} else if shop.ErrorCode(err) != shop.ENOTFOUND {
		return Session{}, shop.UpdateResult{}, err
	}
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
	s, err := a.tokenFor(u, began)
	return s, res, err
}

// IsAdmin answers GET /admin/{email} for the user themself or an admin.
func (a *Accounts) IsAdmin(ctx context.Context, caller shop.Caller, email string) (bool, error) {
	if err := shop.RequireSelfOrAdmin(caller, email); err != nil {
		return false, err
	}
	if caller.Email == shop.NormalizeEmail(email) {
		return caller.HasAdminRole(), nil // (held back for a second factor: the client leads it to turn one on)
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
