package httpapi_test

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
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

func newTestGoogle(tb testing.TB) *testGoogle {
	tb.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
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
