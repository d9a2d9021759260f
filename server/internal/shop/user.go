package shop

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"
)

// Roles. A user without a role is a customer.
const (
	RoleAdmin    = "admin"
	RoleCustomer = ""
)

// Sign-in providers.
const (
	ProviderPassword = "password"
	ProviderGoogle   = "google"
)

// User is an account (collection `users`). The password hash never leaves
// the server: it has no JSON name.
type User struct {
	ID        string    `json:"_id"`
	Email     string    `json:"email"`
	Name      string    `json:"name"`
	Role      string    `json:"role"`
	Provider  string    `json:"provider"`
	CreatedAt time.Time `json:"createdAt"`
	// EmailVerified: the owner of the address opened a mailed link, reset
	// the password from one, or signed in with Google (email_verified).
	EmailVerified bool   `json:"emailVerified"`
	PasswordHash  string `json:"-"`
	// SessionVersion is in every token issued; raising it ends them all.
	SessionVersion int64 `json:"-"`
	// DeletingAt marks an account whose deletion has begun (its sessions
	// ended in the same write); DeleteReviews is the customer's choice.
	DeletingAt    *time.Time `json:"-"`
	DeleteReviews bool       `json:"-"`
	// RoleHistory is each change of the account's role, oldest first.
	RoleHistory []RoleChange `json:"roleHistory,omitempty"`
	// Notifications: an admin's choice of e-mails (nil: the defaults).
	Notifications *NotificationSettings `json:"-"`
	// MFA: a second factor is on (TOTP); the factor, a set-up in progress
	// and a sign-in's second step never leave the server (mfa.go).
	MFA         bool          `json:"mfa"`
	TOTP        *TOTPFactor   `json:"-"`
	PendingTOTP *PendingTOTP  `json:"-"`
	MFALogin    *MFAChallenge `json:"-"`
	MFAFails    *MFAFailures  `json:"-"`
	// SessionID is the session of the request a caller makes (not stored).
	SessionID string `json:"-"`
	// AdminHeld marks a request of an admin whose admin powers wait for a
	// second factor (ADMIN_MFA=required and none set): it acts as a
	// customer everywhere, and the admin pages answer 403 mfa_required
	// (not stored; set by Authenticate).
	AdminHeld bool `json:"-"`
}

// RoleChange records one change of an account's role: to which role, by
// whom (an admin's email, or RoleByConfiguration) and when.
type RoleChange struct {
	Email string    `json:"email"`
	Role  string    `json:"role"`
	By    string    `json:"by"`
	At    time.Time `json:"at"`
}

// RoleByConfiguration is the By of a promotion that ADMIN_EMAILS made.
const RoleByConfiguration = "ADMIN_EMAILS"

// The refusals of a demotion (PUT /user/customer/{email}) and of removing
// an admin.
const (
	MsgDemoteSelf       = "You cannot return yourself to customer. Another admin can."
	MsgDemoteConfigured = "%s is an admin set by configuration (ADMIN_EMAILS). Change the configuration to remove it."
	MsgNoAdminLeft      = "The store must keep at least one admin. Make another account an admin first."
	// MsgPromoteUnverified refuses PUT /user/admin/{email} for an address
	// nobody has verified (403): whoever registered it may not own it.
	MsgPromoteUnverified = "%s has not verified their e-mail address yet. They must verify it (the link we e-mailed them) before they can be made an admin."
)

// AnySession is the session version of a deletion that no session of the
// account asked for: an admin's (DELETE /user/{id}).
const AnySession int64 = -1

// ErrNoAdminLeft refuses a demotion or removal that would leave no admin.
func ErrNoAdminLeft() error { return errNoAdminLeft }

var errNoAdminLeft = Errorf(ECONFLICT, MsgNoAdminLeft)

// IsNoAdminLeft reports whether err is ErrNoAdminLeft.
func IsNoAdminLeft(err error) bool { return errors.Is(err, errNoAdminLeft) }

// IsAdmin reports whether the user acts as an admin: the admin role, not
// held back for a missing second factor (AdminHeld). Every admin check of
// the services is this one, so that no call outside the admin pages keeps
// an admin's powers that the admin pages refuse.
func (u User) IsAdmin() bool { return u.Role == RoleAdmin && !u.AdminHeld }

// HasAdminRole reports the role alone (GET /admin/{email} of oneself: the
// client leads an admin held back to the Account page to turn it on).
func (u User) HasAdminRole() bool { return u.Role == RoleAdmin }

// Account field limits.
const (
	MaxUserNameLen    = 80
	MinPasswordLen    = 6
	MaxPasswordLen    = 256
	MaxCredentialSize = 8 << 10
)

// NormalizeEmail is the form in which emails are stored and compared.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// Registration is the input of POST /auth/register.
type Registration struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Password string `json:"password"`
}

// Validate applies the sign-up form's rules on the server.
func (r *Registration) Validate() error {
	r.Name = strings.TrimSpace(r.Name)
	r.Email = NormalizeEmail(r.Email)
	f := map[string]string{}
	checkText(f, "name", r.Name, MaxUserNameLen, "Name is Required", "Name is too long")
	switch {
	case r.Email == "":
		f["email"] = "Email is Required"
	case !IsEmail(r.Email):
		f["email"] = "Provide a valid Email"
	}
	switch {
	case r.Password == "":
		f["password"] = "Password is Required"
	case utf8.RuneCountInString(r.Password) < MinPasswordLen:
		f["password"] = "Must be 6 characters or longer"
	case len(r.Password) > MaxPasswordLen:
		f["password"] = "Password is too long"
	}
	return Invalid("The sign-up form is not valid.", f)
}

// Credentials is the input of POST /auth/login.
type Credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// Validate checks the login form's shape only; whether the pair is right is
// answered with one generic error.
func (c *Credentials) Validate() error {
	c.Email = NormalizeEmail(c.Email)
	f := map[string]string{}
	switch {
	case c.Email == "":
		f["email"] = "Email is Required"
	case !IsEmail(c.Email):
		f["email"] = "Provide a valid Email"
	}
	switch {
	case c.Password == "":
		f["password"] = "Password is Required"
	case len(c.Password) > MaxPasswordLen:
		f["password"] = "Password is too long"
	}
	return Invalid("The sign-in form is not valid.", f)
}

// ErrBadCredentials is the one answer to a wrong email or password, so that
// nobody learns which accounts exist.
func ErrBadCredentials() error { return Errorf(EUNAUTHORIZED, "Email or password is incorrect.") }

// VerifiedIdentity is what a trusted identity provider (Google) vouches for:
// only identities whose email the provider has verified.
type VerifiedIdentity struct {
	Subject  string
	Email    string
	Name     string
	IssuedAt time.Time // when the provider signed the person in
}

// UpdateResult mirrors the driver's answer to an update.
type UpdateResult struct {
	Acknowledged  bool   `json:"acknowledged"`
	MatchedCount  int64  `json:"matchedCount"`
	ModifiedCount int64  `json:"modifiedCount"`
	UpsertedID    string `json:"upsertedId,omitempty"`
}

// DeleteResult mirrors the driver's answer to a delete.
type DeleteResult struct {
	Acknowledged bool  `json:"acknowledged"`
	DeletedCount int64 `json:"deletedCount"`
}

// UserStore is the accounts' persistence.
type UserStore interface {
	// CreateUser inserts u (ECONFLICT when the email is taken) and returns it with its id.
	CreateUser(ctx context.Context, u User) (User, error)
	FindUserByID(ctx context.Context, id string) (User, error)
	FindUserByEmail(ctx context.Context, email string) (User, error)
	ListUsers(ctx context.Context, limit, skip int) ([]User, int64, error)
	SetUserName(ctx context.Context, id, name string) (UpdateResult, error)
	// PromoteUser makes the account with this email an admin and records
	// the change (rec.Email and rec.Role are set by the store); an admin
	// already is answered as matched and not modified. Only a verified
	// address is promoted (EFORBIDDEN, MsgPromoteUnverified, otherwise),
	// in the same guarded write.
	PromoteUser(ctx context.Context, email string, rec RoleChange) (UpdateResult, error)
	// DemoteUser returns the admin with this email to customer and records
	// it; ErrNoAdminLeft when no admin would be left (one conditional
	// write on the admins' count decides it).
	DemoteUser(ctx context.Context, email string, rec RoleChange) (UpdateResult, error)
	AccountStore
	MFAStore
}

// Caller is whoever makes a request: nil for an anonymous one, else the
// signed-in user as the store has them now.
type Caller = *User

// RequireSignedIn refuses anonymous callers.
func RequireSignedIn(c Caller) error {
	if c == nil {
		return Errorf(EUNAUTHORIZED, "Please sign in.")
	}
	return nil
}

// RequireAdmin refuses anyone but an admin.
func RequireAdmin(c Caller) error {
	if err := RequireSignedIn(c); err != nil {
		return err
	}
	if !c.IsAdmin() {
		return Errorf(EFORBIDDEN, "Only an admin may do this.")
	}
	return nil
}

// RequireSelf refuses anyone but the user with this email.
func RequireSelf(c Caller, email string) error {
	if err := RequireSignedIn(c); err != nil {
		return err
	}
	if c.Email != NormalizeEmail(email) {
		return Errorf(EFORBIDDEN, "This belongs to another account.")
	}
	return nil
}

// RequireSelfOrAdmin refuses anyone but the owner of email or an admin.
func RequireSelfOrAdmin(c Caller, email string) error {
	if err := RequireSignedIn(c); err != nil {
		return err
	}
	if c.IsAdmin() {
		return nil
	}
	return RequireSelf(c, email)
}

// NotFound is the answer for a missing resource; what names it as the store
// does ("The order"), so that the message is the store's, word for word.
func NotFound(what string) *Error { return Errorf(ENOTFOUND, "%s was not found.", what) }

// RequireOwnerOrHide refuses anyone but the owner (the user whose email is
// on the resource) of a resource addressed by id, with the very error a
// missing one gets (NotFound(what)), so that ids cannot be probed. Calls
// keyed by email use RequireSelf (403) instead: the caller named the
// account.
func RequireOwnerOrHide(c Caller, ownerEmail, what string) error {
	if err := RequireSignedIn(c); err != nil {
		return err
	}
	if c.Email != NormalizeEmail(ownerEmail) {
		return NotFound(what)
	}
	return nil
}

// RequireOwnerOrAdminOrHide is RequireOwnerOrHide that also lets admins in.
func RequireOwnerOrAdminOrHide(c Caller, ownerEmail, what string) error {
	if err := RequireSignedIn(c); err != nil {
		return err
	}
	if c.IsAdmin() {
		return nil
	}
	return RequireOwnerOrHide(c, ownerEmail, what)
}
