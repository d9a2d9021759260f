package mirror

import (
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
}

// Shop is the document as the domain has it.
func (d User) Shop() shop.User {
	return shop.User{ID: d.ID.Hex(), Email: d.Email, Name: d.Name, Role: d.Role, Provider: d.Provider,
		PasswordHash: d.PasswordHash, CreatedAt: d.CreatedAt.UTC(), EmailVerified: d.EmailVerified,
		SessionVersion: d.SessionVersion, DeletingAt: utcPtr(d.DeletingAt), DeleteReviews: d.DeleteReviews}
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
