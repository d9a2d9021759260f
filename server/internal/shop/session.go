package shop

import (
	"context"
	"strings"
	"time"
)

// Sessions recorded on the server (issue 44): every token names its
// session, and a session that is not stored (ended, expired, or from before
// sessions were recorded) is refused. OWASP ASVS 5.0 7.4.5 and 7.5.2: a
// person sees their sessions and ends any of them; an admin ends all of an
// account's.

// Session is one signed-in device (collection `sessions`).
type Session struct {
	ID         string    `json:"_id"`
	UserID     string    `json:"-"`
	Version    int64     `json:"-"` // the account's session version when it began
	CreatedAt  time.Time `json:"createdAt"`
	LastUsedAt time.Time `json:"lastUsedAt"`
	UserAgent  string    `json:"userAgent"`
	IP         string    `json:"ip"`
	// SecondFactor: the session began with the account's second factor on
	// (its sign-in passed the second step, or a session that had passed it
	// began this one). A session without it ends once the factor is on, except the
	// one that turned it on (shop.TOTPFactor.Session).
	SecondFactor bool `json:"-"`
	// Current marks the session of the request that lists them.
	Current bool `json:"current"`
}

// SessionClaims are what a session token carries.
type SessionClaims struct {
	UserID, Email, SessionID string
	Version                  int64
	Expires                  time.Time
}

// Session lifetimes: SESSION_IDLE and SESSION_MAX, and how often a
// session's lastUsedAt is written (at most once a minute, not a write per
// request).
const (
	DefaultSessionIdle = 7 * 24 * time.Hour
	DefaultSessionMax  = 30 * 24 * time.Hour
	SessionTouchEvery  = time.Minute
	// maxUserAgentLen bounds what a session keeps of the User-Agent header.
	maxUserAgentLen = 300
)

// Live reports whether the session is still in force at now.
func (s Session) Live(now time.Time, idle, max time.Duration) bool {
	return now.Sub(s.LastUsedAt) < idle && now.Sub(s.CreatedAt) < max
}

// Origin is where a request comes from: the client's address and its
// User-Agent, as sessions and the audit trail record them.
type Origin struct {
	IP        string
	UserAgent string
}

type originKey struct{}

// WithOrigin returns ctx carrying the request's origin.
func WithOrigin(ctx context.Context, o Origin) context.Context {
	ua := strings.ToValidUTF8(o.UserAgent, "")
	if len(ua) > maxUserAgentLen {
		ua = ua[:maxUserAgentLen]
	}
	o.UserAgent = ua
	return context.WithValue(ctx, originKey{}, o)
}

// OriginOf is the origin ctx carries (empty when none: an operator's
// command, a sweep).
func OriginOf(ctx context.Context) Origin {
	o, _ := ctx.Value(originKey{}).(Origin)
	return o
}

// SessionStore keeps the sessions. Each change is one write by _id.
type SessionStore interface {
	CreateSession(ctx context.Context, s Session) error
	FindSession(ctx context.Context, id string) (Session, error)
	// TouchSession records a use of the session at at.
	TouchSession(ctx context.Context, id string, at time.Time) error
	// SessionsOf returns the account's sessions, newest first.
	SessionsOf(ctx context.Context, userID string) ([]Session, error)
	// DeleteSession ends the session if it is the account's (ENOTFOUND otherwise).
	DeleteSession(ctx context.Context, id, userID string) error
	// DeleteSessionsOf ends every session of the account but keep ("" for all).
	DeleteSessionsOf(ctx context.Context, userID, keep string) (int, error)
	// PruneSessions deletes the sessions last used before idleBefore or
	// begun before maxBefore.
	PruneSessions(ctx context.Context, idleBefore, maxBefore time.Time) (int, error)
}
