package auth

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"storefront/server/internal/shop"
)

// TokenTTL is how long a session token is valid when its session sets no
// end (tests): a session's token lasts until the session's longest end
// (SESSION_MAX); the server's record of the session decides sooner.
const TokenTTL = 7 * 24 * time.Hour

const issuer = "storefront"

// Tokens issues and checks session tokens: HS256 JWTs whose subject is the
// user id.
type Tokens struct {
	secret []byte
	now    func() time.Time
}

// NewTokens uses secret, which must be at least 32 bytes.
func NewTokens(secret []byte) (*Tokens, error) {
	if len(secret) < 32 {
		return nil, errors.New("JWT_SECRET must be at least 32 characters")
	}
	return &Tokens{secret: secret, now: time.Now}, nil
}

// LoadSecret returns JWT_SECRET when set; otherwise a random secret created
// once and kept in dataDir/jwt-secret, so tokens survive restarts.
func LoadSecret(envSecret, dataDir string) ([]byte, error) {
	if envSecret != "" {
		return []byte(envSecret), nil
	}
	path := filepath.Join(dataDir, "jwt-secret")
	if b, err := os.ReadFile(path); err == nil {
		if s := strings.TrimSpace(string(b)); len(s) >= 32 {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("%s is damaged: delete it to create a new one (all sessions end)", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	secret := hex.EncodeToString(raw)
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return LoadSecret("", dataDir) // another process created it first
	}
	if err != nil {
		return nil, err
	}
	if _, err := f.WriteString(secret + "\n"); err != nil {
		f.Close()
		return nil, err
	}
	return []byte(secret), f.Close()
}

type claims struct {
	Email string `json:"email"`
	// SessionVersion is the account's session version when the token was
	// issued; a token older than the account's current one has ended.
	SessionVersion int64 `json:"sv,omitempty"`
	// SessionID names the session recorded on the server (issue 44); a
	// token without one is from before sessions were recorded.
	SessionID string `json:"sid,omitempty"`
	jwt.RegisteredClaims
}

// Issue returns a token for the user at session version 0.
func (t *Tokens) Issue(userID, email string) (string, error) {
	return t.IssueSession(userID, email, 0)
}

// IssueSession returns a token for the user at this session version.
func (t *Tokens) IssueSession(userID, email string, version int64) (string, error) {
	return t.IssueClaims(shop.SessionClaims{UserID: userID, Email: email, Version: version})
}

// IssueClaims returns a token carrying c (its session, and its end: TokenTTL
// from now when c.Expires is zero).
func (t *Tokens) IssueClaims(c shop.SessionClaims) (string, error) {
	now := t.now()
	exp := c.Expires
	if exp.IsZero() {
		exp = now.Add(TokenTTL)
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims{
		Email: c.Email, SessionVersion: c.Version, SessionID: c.SessionID,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer: issuer, Subject: c.UserID,
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
		},
	}).SignedString(t.secret)
}

// Parse checks the token's signature (HS256 only), issuer and expiry and
// returns its user id.
func (t *Tokens) Parse(token string) (string, error) {
	id, _, err := t.ParseSession(token)
	return id, err
}

// ParseSession is Parse that also returns the token's session version.
func (t *Tokens) ParseSession(token string) (string, int64, error) {
	c, err := t.ParseClaims(token)
	return c.UserID, c.Version, err
}

// ParseClaims checks a token as Parse does and returns what it carries.
func (t *Tokens) ParseClaims(token string) (shop.SessionClaims, error) {
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(issuer), jwt.WithExpirationRequired(), jwt.WithIssuedAt(),
		jwt.WithTimeFunc(t.now), jwt.WithLeeway(30*time.Second))
	if err != nil {
		return shop.SessionClaims{}, err
	}
	if c.Subject == "" {
		return shop.SessionClaims{}, errors.New("token has no subject")
	}
	out := shop.SessionClaims{UserID: c.Subject, Email: c.Email, Version: c.SessionVersion, SessionID: c.SessionID}
	if c.ExpiresAt != nil {
		out.Expires = c.ExpiresAt.Time
	}
	return out, nil
}
