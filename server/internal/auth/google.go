package auth

import (
	"context"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

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
// verified email.
type Google struct {
	clientID string
	issuers  []string
	jwksURL  string
	client   *http.Client
	now      func() time.Time

	mu      sync.Mutex
	keys    map[string]*rsa.PublicKey
	fetched time.Time
}

// NewGoogle returns a verifier; issuers nil means Google's.
func NewGoogle(clientID, jwksURL string, issuers []string) *Google {
	if jwksURL == "" {
		jwksURL = GoogleJWKSURL
	}
	if len(issuers) == 0 {
		issuers = GoogleIssuers
	}
	return &Google{clientID: clientID, issuers: issuers, jwksURL: jwksURL,
		client: &http.Client{Timeout: 10 * time.Second}, now: time.Now}
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
	var c googleClaims
	_, err := jwt.ParseWithClaims(credential, &c, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		return g.key(ctx, kid)
	}, jwt.WithValidMethods([]string{"RS256"}), jwt.WithAudience(g.clientID), jwt.WithExpirationRequired(),
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
	return shop.VerifiedIdentity{Subject: c.Subject, Email: c.Email, Name: c.Name}, nil
}

// key returns the public key with this id, fetching the key set when the id
// is unknown (keys rotate) but at most once a minute.
func (g *Google) key(ctx context.Context, kid string) (*rsa.PublicKey, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if k, ok := g.keys[kid]; ok && g.now().Sub(g.fetched) < time.Hour {
		return k, nil
	}
	if g.now().Sub(g.fetched) > time.Minute || g.keys == nil {
		keys, err := g.fetch(ctx)
		if err != nil {
			return nil, err
		}
		g.keys, g.fetched = keys, g.now()
	}
	if k, ok := g.keys[kid]; ok {
		return k, nil
	}
	return nil, fmt.Errorf("unknown key id %q", kid)
}

func (g *Google) fetch(ctx context.Context) (map[string]*rsa.PublicKey, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.jwksURL, nil)
	if err != nil {
		return nil, err
	}
	res, err := g.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch Google's keys: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetch Google's keys: status %d", res.StatusCode)
	}
	var set struct {
		Keys []struct {
			Kid, Kty, N, E string
		} `json:"keys"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&set); err != nil {
		return nil, fmt.Errorf("read Google's keys: %w", err)
	}
	keys := map[string]*rsa.PublicKey{}
	for _, k := range set.Keys {
		if k.Kty != "RSA" {
			continue
		}
		n, err1 := base64.RawURLEncoding.DecodeString(k.N)
		e, err2 := base64.RawURLEncoding.DecodeString(k.E)
		if err1 != nil || err2 != nil || len(e) > 4 {
			continue
		}
		keys[k.Kid] = &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
	}
	return keys, nil
}
