package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"storefront/server/internal/shop"
)

// send makes a request with an optional bearer token and JSON body.
func (ts *testServer) send(tb testing.TB, method, path, token string, body any) (*http.Response, []byte) {
	tb.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, ts.URL+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if strings.Contains(string(out), "$argon2id") || strings.Contains(string(out), "passwordHash") {
		tb.Fatalf("%s %s leaked a password hash: %s", method, path, out)
	}
	return res, out
}

type account struct {
	ID, Email, Token string
}

func (ts *testServer) mustRegister(tb testing.TB, name, email string) account {
	tb.Helper()
	res, body := ts.send(tb, "POST", "/auth/register", "", map[string]string{"name": name, "email": email, "password": "secret123"})
	if res.StatusCode != 201 {
		tb.Fatalf("register %s: %d %s", email, res.StatusCode, body)
	}
	var s struct {
		Token string
		User  shop.User
	}
	_ = json.Unmarshal(body, &s)
	if s.Token == "" || s.User.ID == "" || s.User.Email != email {
		tb.Fatalf("register answer: %s", body)
	}
	return account{ID: s.User.ID, Email: email, Token: s.Token}
}

// users is the users collection as seen by the store, to prove that a
// refused request changed nothing.
func (ts *testServer) users(tb testing.TB) []shop.User {
	tb.Helper()
	list, _, err := ts.store.ListUsers(context.Background(), 500, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return list
}

func TestAccountsAuthorisation(t *testing.T) {
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.mustRegister(t, "Alice", "alice@shop.test")
	bob := ts.mustRegister(t, "Bob", "bob@shop.test")
	target := ts.mustRegister(t, "Target", "target@shop.test")
	roles := []struct {
		name  string
		token string
	}{{"anonymous", ""}, {"customer", alice.Token}, {"another customer", bob.Token}, {"admin", admin.Token}}

	// Each endpoint: the status per role (same order as roles).
	cases := []struct {
		method, path string
		body         any
		want         [4]int
	}{
		{"PUT", "/user/" + alice.Email, map[string]string{"email": alice.Email}, [4]int{401, 200, 403, 403}},
		{"GET", "/admin/" + alice.Email, nil, [4]int{401, 200, 403, 200}},
		{"GET", "/auth/me", nil, [4]int{401, 200, 200, 200}},
		{"GET", "/user", nil, [4]int{401, 403, 403, 200}},
		{"PUT", "/user/admin/" + target.Email, nil, [4]int{401, 403, 403, 200}},
		{"DELETE", "/user/" + target.ID, nil, [4]int{401, 403, 403, 200}},
	}
	for _, c := range cases {
		for i, role := range roles {
			t.Run(fmt.Sprintf("%s %s as %s", c.method, c.path, role.name), func(t *testing.T) {
				before := ts.users(t)
				res, body := ts.send(t, c.method, c.path, role.token, c.body)
				if res.StatusCode != c.want[i] {
					t.Fatalf("status %d, want %d: %s", res.StatusCode, c.want[i], body)
				}
				if res.StatusCode >= 400 {
					mustProblem(t, res, body, c.want[i])
					if after := ts.users(t); !reflect.DeepEqual(before, after) {
						t.Fatalf("a refused request changed the users:\nbefore %+v\nafter  %+v", before, after)
					}
				}
			})
		}
	}
	t.Run("MakeAdminPromotes", func(t *testing.T) {
		u, err := ts.store.FindUserByEmail(context.Background(), target.Email)
		if shop.ErrorCode(err) != shop.ENOTFOUND {
			t.Fatalf("target was deleted by the table above, got %v %v", u, err)
		}
		res, body := ts.send(t, "PUT", "/user/admin/"+bob.Email, admin.Token, nil)
		var r shop.UpdateResult
		_ = json.Unmarshal(body, &r)
		if res.StatusCode != 200 || r.ModifiedCount != 1 {
			t.Fatalf("promote bob: %d %s", res.StatusCode, body)
		}
		// Bob's existing token now carries admin rights: roles are read on each call.
		if res, _ := ts.send(t, "GET", "/user", bob.Token, nil); res.StatusCode != 200 {
			t.Fatalf("promoted bob lists users: %d", res.StatusCode)
		}
		res, body = ts.send(t, "GET", "/admin/"+bob.Email, bob.Token, nil)
		if res.StatusCode != 200 || !strings.Contains(string(body), `"admin":true`) {
			t.Fatalf("admin check: %s", body)
		}
	})
	t.Run("ErrAdminDeletesSelf", func(t *testing.T) {
		res, body := ts.send(t, "DELETE", "/user/"+admin.ID, admin.Token, nil)
		mustProblem(t, res, body, 409)
	})
	t.Run("OK_RefreshIssuesFreshToken", func(t *testing.T) {
		res, body := ts.send(t, "PUT", "/user/"+alice.Email, alice.Token, map[string]string{"name": "Alice Smith"})
		var out struct {
			Token string
			User  shop.User
		}
		_ = json.Unmarshal(body, &out)
		if res.StatusCode != 200 || out.Token == "" || out.User.Name != "Alice Smith" {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
	})
	t.Run("ErrNoTokenOnEmailAlone", func(t *testing.T) {
		res, body := ts.send(t, "PUT", "/user/"+alice.Email, "", map[string]string{"email": alice.Email})
		if res.StatusCode != 401 || strings.Contains(string(body), "token\"") {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
	})
	t.Run("UserListHasNoSecrets", func(t *testing.T) {
		_, body := ts.send(t, "GET", "/user", admin.Token, nil)
		var list []map[string]any
		_ = json.Unmarshal(body, &list)
		if len(list) < 3 {
			t.Fatalf("users: %s", body)
		}
		for _, u := range list {
			for k := range u {
				if k != "_id" && k != "email" && k != "name" && k != "role" && k != "provider" && k != "createdAt" {
					t.Fatalf("user answer has %q", k)
				}
			}
		}
	})
}

func TestRegister(t *testing.T) {
	ts := mustServe(t)
	t.Run("OK_AdminFromConfig", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/auth/register", "", map[string]string{"name": "Boss", "email": "BOSS@shop.test", "password": "secret123"})
		if res.StatusCode != 201 || !strings.Contains(string(body), `"role":"admin"`) {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
	})
	t.Run("ErrDuplicateEmail", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/auth/register", "", map[string]string{"name": "Again", "email": "boss@SHOP.test", "password": "secret123"})
		mustProblem(t, res, body, 409)
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		for _, c := range []struct {
			body  any
			field string
			msg   string
		}{
			{map[string]string{"email": "a@b.co", "password": "secret1"}, "name", "Name is Required"},
			{map[string]string{"name": "A", "password": "secret1"}, "email", "Email is Required"},
			{map[string]string{"name": "A", "email": "not-an-email", "password": "secret1"}, "email", "Provide a valid Email"},
			{map[string]string{"name": "A", "email": "a@b.co"}, "password", "Password is Required"},
			{map[string]string{"name": "A", "email": "a@b.co", "password": "12345"}, "password", "Must be 6 characters or longer"},
			{map[string]any{"name": "A", "email": "a@b.co", "password": "secret1", "role": "admin"}, "role", "is not a known field"},
			{map[string]any{"name": "A", "email": map[string]string{"$ne": ""}, "password": "secret1"}, "$ne", "operators are not accepted"},
		} {
			res, body := ts.send(t, "POST", "/auth/register", "", c.body)
			p := mustProblem(t, res, body, 400)
			if p.Errors[c.field] != c.msg {
				t.Errorf("%v: errors %v, want %s: %s", c.body, p.Errors, c.field, c.msg)
			}
		}
		if n := len(ts.users(t)); n != 1 {
			t.Fatalf("invalid sign-ups created accounts: %d users", n)
		}
	})
	t.Run("ErrNotJSON", func(t *testing.T) {
		req, _ := http.NewRequest("POST", ts.URL+"/auth/register", strings.NewReader("name=a&email=b"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		res, _ := http.DefaultClient.Do(req)
		body, _ := io.ReadAll(res.Body)
		mustProblem(t, res, body, 415)
	})
}

func TestLogin(t *testing.T) {
	ts := mustServe(t)
	ts.mustRegister(t, "Carol", "carol@shop.test")
	t.Run("OK", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/auth/login", "", map[string]string{"email": "Carol@shop.test", "password": "secret123"})
		if res.StatusCode != 200 || !strings.Contains(string(body), `"token"`) {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
	})
	t.Run("ErrGeneric401", func(t *testing.T) {
		_, wrongPassword := ts.send(t, "POST", "/auth/login", "", map[string]string{"email": "carol@shop.test", "password": "wrong-one"})
		res, noAccount := ts.send(t, "POST", "/auth/login", "", map[string]string{"email": "nobody@shop.test", "password": "wrong-one"})
		p1, p2 := httpProblem(wrongPassword), httpProblem(noAccount)
		if res.StatusCode != 401 || p1.Detail != p2.Detail || p1.Status != 401 {
			t.Fatalf("wrong password %+v vs no account %+v", p1, p2)
		}
	})
	t.Run("ErrRateLimitedPerAccount", func(t *testing.T) {
		ts := mustServe(t)
		ts.mustRegister(t, "Dan", "dan@shop.test")
		for i := 0; i < 5; i++ {
			if res, _ := ts.send(t, "POST", "/auth/login", "", map[string]string{"email": "dan@shop.test", "password": "guess" + fmt.Sprint(i)}); res.StatusCode != 401 {
				t.Fatalf("attempt %d: %d", i+1, res.StatusCode)
			}
		}
		res, body := ts.send(t, "POST", "/auth/login", "", map[string]string{"email": "dan@shop.test", "password": "secret123"})
		mustProblem(t, res, body, 429)
		if res.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		// another account from the same client is not locked out by Dan's
		if res, _ := ts.send(t, "POST", "/auth/login", "", map[string]string{"email": "erin@shop.test", "password": "guess"}); res.StatusCode != 401 {
			t.Fatalf("other account: %d", res.StatusCode)
		}
	})
	t.Run("ErrRateLimitedPerClient", func(t *testing.T) {
		ts := mustServe(t)
		var res *http.Response
		var body []byte
		for i := 0; i < 21; i++ {
			res, body = ts.send(t, "POST", "/auth/login", "", map[string]string{"email": fmt.Sprintf("u%d@shop.test", i), "password": "guess-it"})
		}
		mustProblem(t, res, body, 429)
	})
}

func httpProblem(body []byte) (p struct {
	Status int
	Detail string
}) {
	_ = json.Unmarshal(body, &p)
	return p
}

func TestTokens(t *testing.T) {
	ts := mustServe(t)
	user := ts.mustRegister(t, "Faye", "faye@shop.test")
	sign := func(method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
		s, err := jwt.NewWithClaims(method, claims).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	valid := jwt.MapClaims{"iss": "storefront", "sub": user.ID, "email": user.Email, "iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()}
	expired := jwt.MapClaims{"iss": "storefront", "sub": user.ID, "email": user.Email, "iat": time.Now().Add(-48 * time.Hour).Unix(), "exp": time.Now().Add(-time.Hour).Unix()}
	if res, _ := ts.send(t, "GET", "/admin/"+user.Email, sign(jwt.SigningMethodHS256, []byte(testSecret), valid), nil); res.StatusCode != 200 {
		t.Fatalf("a well-made token is refused: %d", res.StatusCode)
	}
	for name, token := range map[string]string{
		"AlgNone":     sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, valid),
		"WrongSecret": sign(jwt.SigningMethodHS256, []byte("another-secret-another-secret-0000000"), valid),
		"HS512":       sign(jwt.SigningMethodHS512, []byte(testSecret), valid),
		"Expired":     sign(jwt.SigningMethodHS256, []byte(testSecret), expired),
		"Malformed":   "not.a.token",
		"Garbage":     "Bearer",
	} {
		t.Run("Err"+name, func(t *testing.T) {
			res, body := ts.send(t, "GET", "/admin/"+user.Email, token, nil)
			mustProblem(t, res, body, 401)
		})
	}
	t.Run("ErrDeletedUser", func(t *testing.T) {
		if _, err := ts.store.DeleteUser(context.Background(), user.ID); err != nil {
			t.Fatal(err)
		}
		res, body := ts.send(t, "GET", "/admin/"+user.Email, user.Token, nil)
		mustProblem(t, res, body, 401)
	})
}

func TestGoogleSignIn(t *testing.T) {
	ts := mustServe(t)
	t.Run("OK_CreatesAccountOnce", func(t *testing.T) {
		for i := 0; i < 2; i++ {
			res, body := ts.send(t, "POST", "/auth/google", "", map[string]string{"credential": ts.google.idToken(t, "grace@gmail.test", nil)})
			if res.StatusCode != 200 || !strings.Contains(string(body), `"provider":"google"`) {
				t.Fatalf("sign-in %d: %d %s", i+1, res.StatusCode, body)
			}
		}
		if n := len(ts.users(t)); n != 1 {
			t.Fatalf("%d accounts, want 1", n)
		}
	})
	other := newTestGoogle(t)
	for name, credential := range map[string]string{
		"WrongAudience":   ts.google.idToken(t, "x@gmail.test", func(c jwt.MapClaims) { c["aud"] = "someone-else" }),
		"WrongIssuer":     ts.google.idToken(t, "x@gmail.test", func(c jwt.MapClaims) { c["iss"] = "https://evil.example" }),
		"WrongSignature":  other.idToken(t, "x@gmail.test", nil),
		"UnverifiedEmail": ts.google.idToken(t, "x@gmail.test", func(c jwt.MapClaims) { c["email_verified"] = false }),
		"Expired":         ts.google.idToken(t, "x@gmail.test", func(c jwt.MapClaims) { c["exp"] = time.Now().Add(-time.Hour).Unix() }),
	} {
		t.Run("Err"+name, func(t *testing.T) {
			res, body := ts.send(t, "POST", "/auth/google", "", map[string]string{"credential": credential})
			mustProblem(t, res, body, 401)
			if _, err := ts.store.FindUserByEmail(context.Background(), "x@gmail.test"); shop.ErrorCode(err) != shop.ENOTFOUND {
				t.Fatal("a refused Google token created an account")
			}
		})
	}
	t.Run("ErrMissingCredential", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/auth/google", "", map[string]string{})
		mustProblem(t, res, body, 400)
	})
}
