package mirror

import (
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Session is a signed-in device (issue 44), under a random _id that its
// token names.
type Session struct {
	ID         string    `bson:"_id"`
	UserID     ID        `bson:"userId"`
	Version    int64     `bson:"sv"`
	CreatedAt  time.Time `bson:"createdAt"`
	LastUsedAt time.Time `bson:"lastUsedAt"`
	UserAgent  string    `bson:"userAgent"`
	IP         string    `bson:"ip"`
	// SecondFactor: shop.Session's (absent: false).
	SecondFactor bool `bson:"mfa,omitempty"`
}

// Shop is the document as the domain has it.
func (d Session) Shop() shop.Session {
	return shop.Session{ID: d.ID, UserID: d.UserID.Hex(), Version: d.Version, CreatedAt: d.CreatedAt.UTC(), LastUsedAt: d.LastUsedAt.UTC(),
		UserAgent: d.UserAgent, IP: d.IP, SecondFactor: d.SecondFactor}
}

// Sessions keeps the sessions by id, and each account's by start.
func Sessions(name string) *Mirror[string, Session] {
	return &Mirror[string, Session]{
		Name: name, IDOf: func(d *Session) string { return d.ID }, CmpID: strings.Compare,
		Orders: []*OrderIndex[string, Session]{
			{Name: "userId", Group: func(d *Session) string { return d.UserID.Hex() }, Cmp: func(a, b *Session) int { return a.CreatedAt.Compare(b.CreatedAt) }},
		},
	}
}

// SessionOf is a session's end by its account: the session is the account's.
func SessionOf(userID ID) func(Session) error {
	return func(d Session) error {
		if d.UserID != userID {
			return shop.NotFound("The session")
		}
		return nil
	}
}

// SessionExpired matches the sessions last used before idleBefore or begun
// before maxBefore.
func SessionExpired(idleBefore, maxBefore time.Time) func(*Session) bool {
	return func(d *Session) bool { return d.LastUsedAt.Before(idleBefore) || d.CreatedAt.Before(maxBefore) }
}
