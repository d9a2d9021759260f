package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/MicahParks/keyfunc/v3"
	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/time/rate"

	"storefront/server/internal/shop"
)

// Google's defaults; both are configurable so tests use a local key set.
const (
	GoogleJWKSURL = "https://www.googleapis.com/oauth2/v3/certs"
)

// GoogleIssuers are the issuers Google's ID tokens carry.
var GoogleIssuers = []string{"https://accounts.google.com", "accounts.google.com"}

// Google verifies "Sign in with Google" ID tokens: RS256 signature against
// the issuer's key set, issuer, audience (the client id), expiry, and a
// verified email. The key set is kept by keyfunc (MicahParks/keyfunc with
// jwkset): fetched at the first sign-in, refreshed hourly, and fetched again
// for an unknown key id (keys rotate), at most once a minute.
type Google struct {
	clientID string
	issuers  []string
	jwksURL  string
	now      func() time.Time

	once    sync.Once
	keys    keyfunc.Keyfunc
	keysErr error
}

// NewGoogle returns a verifier; issuers nil means Google's.
func NewGoogle(clientID, jwksURL string, issuers []string) *Google {
	if jwksURL == "" {
		jwksURL = GoogleJWKSURL
	}
	if len(issuers) == 0 {
		issuers = GoogleIssuers
	}
	return &Google{clientID: clientID, issuers: issuers, jwksURL: jwksURL, now: time.Now}
}

// keySet starts the key set's storage once, at the first sign-in, so that a
// store without Google sign-ins never calls Google. Its refresh runs for the
// life of the process.
func (g *Google) keySet() (keyfunc.Keyfunc, error) {
	g.once.Do(func() {
		g.keys, g.keysErr = keyfunc.NewDefaultOverrideCtx(context.Background(), []string{g.jwksURL}, keyfunc.Override{
			Client:            &http.Client{Timeout: 10 * time.Second},
			HTTPTimeout:       10 * time.Second,
			RefreshInterval:   time.Hour,
			RefreshUnknownKID: rate.NewLimiter(rate.Every(time.Minute), 1),
			RateLimitWaitMax:  5 * time.Second,
			RefreshErrorHandlerFunc: func(u string) func(ctx context.Context, err error) {
				return func(ctx context.Context, err error) {
					slog.WarnContext(ctx, "could not refresh Google's sign-in keys", "url", u, "error", err)
				}
			},
		})
	})
	return g.keys, g.keysErr
}

// Enabled reports whether a client id is configured.
func (g *Google) Enabled() bool { return g != nil && g.clientID != "" }

type googleClaims struct {
	Email         string `json:"email"`
	EmailVerified any    `json:"email_verified"` // Google sends a bool; some tokens a string
	Name          string `json:"name"`
	jwt.RegisteredClaims
}

// Verify checks an ID token and returns its identity.
func (g *Google) Verify(ctx context.Context, credential string) (shop.VerifiedIdentity, error) {
	if !g.Enabled() {
		return shop.VerifiedIdentity{}, errors.New("google sign-in is not configured")
	}
	keys, err := g.keySet()
	if err != nil {
		return shop.VerifiedIdentity{}, fmt.Errorf("Google's sign-in keys: %w", err)
	}
	var c googleClaims
	_, err = jwt.ParseWithClaims(credential, &c, keys.KeyfuncCtx(ctx), jwt.WithValidMethods([]string{"RS256"}), jwt.WithAudience(g.clientID), jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(g.now), jwt.WithLeeway(30*time.Second))
	if err != nil {
		return shop.VerifiedIdentity{}, err
	}
	if !slices.Contains(g.issuers, c.Issuer) {
		return shop.VerifiedIdentity{}, fmt.Errorf("unexpected issuer %q", c.Issuer)
	}
	if v := c.EmailVerified; v != true && v != "true" {
		return shop.VerifiedIdentity{}, errors.New("the Google account's email is not verified")
	}
	if c.Email == "" || c.Subject == "" {
		return shop.VerifiedIdentity{}, errors.New("the token names no email")
	}
	id := shop.VerifiedIdentity{Subject: c.Subject, Email: c.Email, Name: c.Name}
	if c.IssuedAt != nil {
		id.IssuedAt = c.IssuedAt.Time
	}
	return id, nil
}
