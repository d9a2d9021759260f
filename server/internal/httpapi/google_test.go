package httpapi_test

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

const (
	testSecret     = "test-secret-test-secret-test-secret-0123"
	adminEmail     = "boss@shop.test"
	googleClientID = "storefront-test.apps.googleusercontent.com"
)

// testGoogle is a local stand-in for Google's key set, and signs ID tokens
// the way Google does.
type testGoogle struct {
	*httptest.Server
	key *rsa.PrivateKey
}

// googleKey is the stand-in's signing key and strangerKey another one
// (tokens no server trusts), each made once for the package: a 2048-bit RSA
// key takes a tenth of a second or more to generate.
var (
	googleKey   = sync.OnceValues(func() (*rsa.PrivateKey, error) { return rsa.GenerateKey(rand.Reader, 2048) })
	strangerKey = sync.OnceValues(func() (*rsa.PrivateKey, error) { return rsa.GenerateKey(rand.Reader, 2048) })
)

// newTestGoogle is the stand-in for Google's key set that the test servers trust.
func newTestGoogle(tb testing.TB) *testGoogle { return newGoogleWith(tb, googleKey) }

// newStrangerGoogle signs like Google with a key no test server trusts.
func newStrangerGoogle(tb testing.TB) *testGoogle { return newGoogleWith(tb, strangerKey) }

func newGoogleWith(tb testing.TB, keyOf func() (*rsa.PrivateKey, error)) *testGoogle {
	tb.Helper()
	key, err := keyOf()
	if err != nil {
		tb.Fatal(err)
	}
	g := &testGoogle{key: key}
	g.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{
			"kid": "test-key", "kty": "RSA", "alg": "RS256", "use": "sig",
			"n": base64.RawURLEncoding.EncodeToString(key.N.Bytes()),
			"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(key.E)).Bytes()),
		}}})
	}))
	tb.Cleanup(g.Close)
	return g
}

// idToken signs Google-like claims; change lets a test spoil one of them.
func (g *testGoogle) idToken(tb testing.TB, email string, change func(jwt.MapClaims)) string {
	tb.Helper()
	claims := jwt.MapClaims{
		"iss": "https://accounts.google.com", "aud": googleClientID, "sub": "1234567890",
		"email": email, "email_verified": true, "name": "Grace Hopper",
		"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix(),
	}
	if change != nil {
		change(claims)
	}
	t := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	t.Header["kid"] = "test-key"
	s, err := t.SignedString(g.key)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
