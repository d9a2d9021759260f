package auth_test

import (
	"context"
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

	"storefront/server/internal/auth"
)

// rotatingKeys is a local key set whose signing key can be replaced, as
// Google rotates its keys.
type rotatingKeys struct {
	mu      sync.Mutex
	kid     string
	key     *rsa.PrivateKey
	fetches int
}

func (k *rotatingKeys) rotate(t *testing.T, kid string) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	k.mu.Lock()
	k.kid, k.key = kid, key
	k.mu.Unlock()
}

func (k *rotatingKeys) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.fetches++
	_ = json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{
		"kid": k.kid, "kty": "RSA", "alg": "RS256", "use": "sig",
		"n": base64.RawURLEncoding.EncodeToString(k.key.N.Bytes()),
		"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(k.key.E)).Bytes()),
	}}})
}

func (k *rotatingKeys) token(t *testing.T, email string) string {
	t.Helper()
	k.mu.Lock()
	defer k.mu.Unlock()
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"iss": "https://accounts.google.com", "aud": "client-1", "sub": "42", "email": email, "email_verified": true,
		"exp": time.Now().Add(time.Hour).Unix(),
	})
	tok.Header["kid"] = k.kid
	s, err := tok.SignedString(k.key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A token signed with a key the verifier has not seen makes it fetch the key
// set again (Google rotates its keys), and a known key is not fetched again.
func TestGoogle_KeyRotation(t *testing.T) {
	keys := &rotatingKeys{}
	keys.rotate(t, "first")
	srv := httptest.NewServer(keys)
	defer srv.Close()
	g := auth.NewGoogle("client-1", srv.URL, nil)
	ctx := context.Background()

	for range 3 {
		if id, err := g.Verify(ctx, keys.token(t, "ada@gmail.test")); err != nil || id.Email != "ada@gmail.test" {
			t.Fatalf("first key: %+v %v", id, err)
		}
	}
	keys.mu.Lock()
	fetched := keys.fetches
	keys.mu.Unlock()
	if fetched != 1 {
		t.Errorf("three sign-ins with one key fetched the key set %d times, want 1", fetched)
	}

	keys.rotate(t, "second")
	if id, err := g.Verify(ctx, keys.token(t, "grace@gmail.test")); err != nil || id.Email != "grace@gmail.test" {
		t.Fatalf("after rotation: %+v %v", id, err)
	}

	// A token signed by a key that is in no key set is refused.
	stranger := &rotatingKeys{}
	stranger.rotate(t, "third")
	if _, err := g.Verify(ctx, stranger.token(t, "eve@gmail.test")); err == nil {
		t.Error("a token signed with an unknown key was accepted")
	}
}
