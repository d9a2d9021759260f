package mirror

import (
	"errors"
	"time"

	"storefront/server/internal/shop"
)

type User struct {
	ID             ID        `bson:"_id,omitempty"`
	Email          string    `bson:"email"`
	Name           string    `bson:"name"`
	Role           string    `bson:"role"`
	Provider       string    `bson:"provider"`
	PasswordHash   string    `bson:"passwordHash,omitempty"`
	CreatedAt      time.Time `bson:"createdAt"`
	EmailVerified  bool      `bson:"emailVerified,omitempty"`
	SessionVersion int64     `bson:"sessionVersion,omitempty"`
	// The mailed tokens, by their hashes (accounts.go).
	VerifyToken   *AccountToken `bson:"verifyToken,omitempty"`
	ResetToken    *AccountToken `bson:"resetToken,omitempty"`
	DeletingAt    *time.Time    `bson:"deletingAt,omitempty"`
	DeleteReviews bool          `bson:"deleteReviews,omitempty"`
	RoleHistory   []RoleChange  `bson:"roleHistory,omitempty"`
	// Notifications: an admin's choice of e-mails; absent, the defaults.
	Notifications *Notifications `bson:"notifications,omitempty"`
	// The second factor (issue 44, mfa.go).
	TOTP        *TOTPFactor   `bson:"totp,omitempty"`
	PendingTOTP *PendingTOTP  `bson:"totpPending,omitempty"`
	MFALogin    *MFAChallenge `bson:"mfaLogin,omitempty"`
	MFAFails    *MFAFailures  `bson:"mfaFails,omitempty"`
}

// Notifications are an admin's notification settings as stored.
type Notifications struct {
	NewOrder     bool `bson:"newOrder"`
	Payment      bool `bson:"payment"`
	QuoteRequest bool `bson:"quoteRequest"`
	Claim        bool `bson:"claim"`
	Digest       bool `bson:"digest"`
}

// NewNotifications is the settings as stored.
func NewNotifications(n shop.NotificationSettings) *Notifications {
	v := Notifications(n)
	return &v
}

func (n *Notifications) settings() *shop.NotificationSettings {
	if n == nil {
		return nil
	}
	v := shop.NotificationSettings(*n)
	return &v
}

// RoleChange is one change of the account's role as stored.
type RoleChange struct {
	Email string    `bson:"email"`
	Role  string    `bson:"role"`
	By    string    `bson:"by"`
	At    time.Time `bson:"at"`
}

// NewRoleChange is the record as stored.
func NewRoleChange(c shop.RoleChange) RoleChange {
	return RoleChange{Email: c.Email, Role: c.Role, By: c.By, At: c.At.UTC().Truncate(time.Millisecond)}
}

func roleHistory(h []RoleChange) []shop.RoleChange {
	if len(h) == 0 {
		return nil
	}
	out := make([]shop.RoleChange, len(h))
	for i, c := range h {
		out[i] = shop.RoleChange{Email: c.Email, Role: c.Role, By: c.By, At: c.At.UTC()}
	}
	return out
}

// Shop is the document as the domain has it.
func (d User) Shop() shop.User {
	return shop.User{ID: d.ID.Hex(), Email: d.Email, Name: d.Name, Role: d.Role, Provider: d.Provider,
		PasswordHash: d.PasswordHash, CreatedAt: d.CreatedAt.UTC(), EmailVerified: d.EmailVerified,
		SessionVersion: d.SessionVersion, DeletingAt: utcPtr(d.DeletingAt), DeleteReviews: d.DeleteReviews,
		RoleHistory: roleHistory(d.RoleHistory), Notifications: d.Notifications.settings(),
		MFA: d.TOTP != nil, TOTP: d.TOTP.shop(), PendingTOTP: d.PendingTOTP.shop(), MFALogin: d.MFALogin.shop(),
		MFAFails: d.MFAFails.shop()}
}

// Users keeps the accounts by id, by email (sign-in), by the hashes of
// their mailed tokens (verification, reset) and by date (the admins' list).
func Users(name string) *Mirror[ID, User] {
	return &Mirror[ID, User]{
		Name: name, IDOf: func(d *User) ID { return d.ID }, CmpID: CompareIDs,
		Keys: []*KeyIndex[ID, User]{
			{Name: "email", Key: func(d *User) (string, bool) { return d.Email, true }},
			{Name: "verifyToken", Key: func(d *User) (string, bool) { return tokenHash(d.VerifyToken) }},
			{Name: "resetToken", Key: func(d *User) (string, bool) { return tokenHash(d.ResetToken) }},
			{Name: "mfaLogin", Key: func(d *User) (string, bool) {
				if d.MFALogin == nil || d.MFALogin.Hash == "" {
					return "", false
				}
				return d.MFALogin.Hash, true
			}},
		},
		Orders: []*OrderIndex[ID, User]{
			{Name: "createdAt", Cmp: func(a, b *User) int { return a.CreatedAt.Compare(b.CreatedAt) }},
			{Name: "role", Group: func(d *User) string { return d.Role }, Cmp: func(a, b *User) int { return a.CreatedAt.Compare(b.CreatedAt) }},
		},
	}
}

// AccountToken is a mailed token as stored: its hash and expiry.
type AccountToken struct {
	Hash      string    `bson:"hash"`
	ExpiresAt time.Time `bson:"expiresAt"`
}

func (t *AccountToken) Token() *shop.AccountToken {
	if t == nil {
		return nil
	}
	return &shop.AccountToken{Hash: t.Hash, ExpiresAt: t.ExpiresAt}
}

// tokenHash is a mirror key: the hash of a token the account holds.
func tokenHash(t *AccountToken) (string, bool) {
	if t == nil || t.Hash == "" {
		return "", false
	}
	return t.Hash, true
}

func (d User) TokenOf(kind shop.TokenKind) *AccountToken {
	if kind == shop.TokenResetPassword {
		return d.ResetToken
	}
	return d.VerifyToken
}

// The accounts' preconditions, each checked by both stores (see orders.go);
// their MongoDB filters are in internal/mongodb's accounts.go.

// ErrAccountChanged answers a write whose account changed meanwhile.
var ErrAccountChanged = shop.Errorf(shop.ECONFLICT, "Your account changed at the same time. Please try again.")

// TokenUsable lets a write through only with a usable token of kind
// (usableToken).
func TokenUsable(kind shop.TokenKind, hash string, now time.Time) func(User) error {
	return func(d User) error {
		if d.DeletingAt != nil || !d.TokenOf(kind).Token().Usable(hash, now) {
			return shop.ErrBadAccountToken()
		}
		return nil
	}
}

// Live lets a write through while the account is not being deleted
// (notDeleting).
func Live(d User) error {
	if d.DeletingAt != nil {
		return shop.NotFound("The user")
	}
	return nil
}

// Unverified is a new verification token's: live, and the address not
// verified yet.
func Unverified(d User) error {
	if err := Live(d); err != nil {
		return err
	}
	if d.EmailVerified {
		return shop.Errorf(shop.ECONFLICT, "Your e-mail address is verified already.")
	}
	return nil
}

// SessionIs is a password change's: neither the session version nor the
// password changed since the session read them, and the account is live.
func SessionIs(version int64, passwordHash string) func(User) error {
	return func(d User) error {
		if d.SessionVersion != version || d.PasswordHash != passwordHash || d.DeletingAt != nil {
			return ErrAccountChanged
		}
		return nil
	}
}

// Verified is a promotion's: the address is verified, the account live.
func Verified(d User) error {
	if !d.EmailVerified || d.DeletingAt != nil {
		return shop.Errorf(shop.ECONFLICT, "The address %s is not verified yet.", d.Email)
	}
	return nil
}

// RoleIs is a role change's: the account has the role from.
func RoleIs(from string) func(User) error {
	return func(d User) error {
		if d.Role != from {
			return ErrAccountChanged
		}
		return nil
	}
}

// NotAdmin is a promotion's: the account is live, not an admin yet, and
// its address verified (the filter notAdmin).
func NotAdmin(d User) error {
	if d.Role == shop.RoleAdmin {
		return errAlreadyAdmin
	}
	if err := Live(d); err != nil {
		return err
	}
	if !d.EmailVerified {
		return shop.Errorf(shop.EFORBIDDEN, shop.MsgPromoteUnverified, d.Email)
	}
	return nil
}

// errAlreadyAdmin answers a promotion of an admin; the store reads it as
// "nothing to do".
var errAlreadyAdmin = shop.Errorf(shop.ECONFLICT, "This account is an admin already.")

// IsAlreadyAdmin reports whether err is NotAdmin's refusal of an admin.
func IsAlreadyAdmin(err error) bool { return errors.Is(err, errAlreadyAdmin) }

// AdminsLeft is a demotion's or an admin's removal's, on the admins' count
// (the counter {_id: "admins", count}): it may only go down from 2 or more
// (the filter count >= 2), so that no write leaves the store with no admin.
func AdminsLeft(count int64) error {
	if count < 2 {
		return shop.ErrNoAdminLeft()
	}
	return nil
}

// CustomerStill is a customer's removal's: the account was not made an
// admin meanwhile.
func CustomerStill(d User) error {
	if d.Role == shop.RoleAdmin {
		return ErrAccountChanged
	}
	return nil
}

// DeletionMayBegin is a deletion's start's: the session is current (any
// session for shop.AnySession, an admin's deletion), no deletion has
// begun, and the account is no admin (its role went first).
func DeletionMayBegin(version int64) func(User) error {
	return func(d User) error {
		switch {
		case d.DeletingAt != nil && version == shop.AnySession:
			return shop.NotFound("The user")
		case d.DeletingAt != nil || (version != shop.AnySession && d.SessionVersion != version):
			return shop.ErrSessionEnded()
		case d.Role == shop.RoleAdmin:
			return ErrAccountChanged
		}
		return nil
	}
}

// DeletionBegun is a deletion's end's.
func DeletionBegun(d User) error {
	if d.DeletingAt == nil {
		return ErrAccountChanged
	}
	return nil
}

// DeletingBefore matches the accounts whose deletion began at or before
// cutoff (beingDeleted).
func DeletingBefore(cutoff time.Time) func(*User) bool {
	return func(d *User) bool { return d.DeletingAt != nil && !d.DeletingAt.After(cutoff) }
}

// NewAccountToken is a mailed token as stored: its hash and expiry.
func NewAccountToken(t shop.AccountToken) *AccountToken {
	return &AccountToken{Hash: t.Hash, ExpiresAt: t.ExpiresAt.UTC().Truncate(time.Millisecond)}
}
