package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"storefront/server/internal/auth"
	"storefront/server/internal/httpapi"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/shop"
	"storefront/server/internal/wiring"
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
	res, out := exchange(tb, req)
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
	a := account{ID: s.User.ID, Email: email, Token: s.Token}
	if email == adminEmail { // admin once the address is verified, as an owner does; with a second factor (ADMIN_MFA=required)
		ts.mustVerify(tb, email)
		ts.mustEnrol(tb, a)
	}
	return a
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
	t.Parallel()
	ts := mustServe(t)
	admin := ts.mustRegister(t, "Boss", adminEmail)
	alice := ts.mustRegister(t, "Alice", "alice@shop.test")
	bob := ts.mustRegister(t, "Bob", "bob@shop.test")
	target := ts.mustRegister(t, "Target", "target@shop.test")
	ts.mustVerify(t, target.Email)
	ts.mustVerify(t, bob.Email)
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
		// Bob's existing token now carries admin rights: roles are read on
		// each call; the admin pages ask for his second factor first.
		res, body = ts.send(t, "GET", "/user", bob.Token, nil)
		if p := mustProblem(t, res, body, 403); p.Code != shop.EMFAREQUIRED {
			t.Fatalf("promoted bob without a second factor: %s", body)
		}
		ts.mustEnrol(t, bob)
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
				if k != "_id" && k != "email" && k != "name" && k != "role" && k != "provider" && k != "createdAt" && k != "emailVerified" && k != "roleHistory" && k != "mfa" {
					t.Fatalf("user answer has %q", k)
				}
			}
		}
	})
}

func TestRegister(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	t.Run("OK_AdminFromConfigOnceVerified", func(t *testing.T) {
		res, body := ts.send(t, "POST", "/auth/register", "", map[string]string{"name": "Boss", "email": "BOSS@shop.test", "password": "secret123"})
		if res.StatusCode != 201 || !strings.Contains(string(body), `"role":""`) || !strings.Contains(string(body), `"emailVerified":false`) {
			t.Fatalf("an ADMIN_EMAILS sign-up is an admin before verifying: %d %s", res.StatusCode, body)
		}
		ts.mustVerify(t, adminEmail)
		if u, err := ts.store.FindUserByEmail(context.Background(), adminEmail); err != nil || !u.IsAdmin() || !u.EmailVerified {
			t.Fatalf("after verifying: %+v %v", u, err)
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
		res, body := exchange(t, req)
		mustProblem(t, res, body, 415)
	})
}

func TestLogin(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	ts := mustServe(t)
	user := ts.mustRegister(t, "Faye", "faye@shop.test")
	sign := func(method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
		s, err := jwt.NewWithClaims(method, claims).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	claims, err := ts.tokens.ParseClaims(user.Token)
	if err != nil || claims.SessionID == "" {
		t.Fatalf("the sign-up's token names no session: %+v %v", claims, err)
	}
	valid := jwt.MapClaims{"iss": "storefront", "sub": user.ID, "email": user.Email, "sid": claims.SessionID, "iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()}
	expired := jwt.MapClaims{"iss": "storefront", "sub": user.ID, "email": user.Email, "sid": claims.SessionID, "iat": time.Now().Add(-48 * time.Hour).Unix(), "exp": time.Now().Add(-time.Hour).Unix()}
	if res, _ := ts.send(t, "GET", "/admin/"+user.Email, sign(jwt.SigningMethodHS256, []byte(testSecret), valid), nil); res.StatusCode != 200 {
		t.Fatalf("a well-made token is refused: %d", res.StatusCode)
	}
	// Issue 44: a token from before sessions were recorded names none; it
	// is refused (its holder signs in again, and has one from then on).
	old := jwt.MapClaims{"iss": "storefront", "sub": user.ID, "email": user.Email, "iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()}
	res, body := ts.send(t, "GET", "/admin/"+user.Email, sign(jwt.SigningMethodHS256, []byte(testSecret), old), nil)
	mustProblem(t, res, body, 401)
	for name, token := range map[string]string{
		"AlgNone":   sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, valid),
		"NoSession": sign(jwt.SigningMethodHS256, []byte(testSecret), old),
		"OtherSession": sign(jwt.SigningMethodHS256, []byte(testSecret), jwt.MapClaims{"iss": "storefront", "sub": user.ID, "email": user.Email,
			"sid": "not-a-session", "iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()}),
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
		if _, err := ts.store.BeginDeletion(context.Background(), user.ID, shop.AnySession, time.Now(), false); err != nil {
			t.Fatal(err)
		}
		if err := ts.store.FinishDeletion(context.Background(), user.ID); err != nil {
			t.Fatal(err)
		}
		res, body := ts.send(t, "GET", "/admin/"+user.Email, user.Token, nil)
		mustProblem(t, res, body, 401)
	})
}

func TestGoogleSignIn(t *testing.T) {
	t.Parallel()
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
	other := newStrangerGoogle(t)
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

// from sends a JSON request straight to h as if from the client address
// addr (the API trusts no proxy header: the address is the connection's).
func from(tb testing.TB, h http.Handler, addr, method, path string, body any) (*http.Response, []byte) {
	tb.Helper()
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = addr + ":1234"
	return serveIn(tb, h, req)
}

func login(email, password string) map[string]string {
	return map[string]string{"email": email, "password": password}
}

func mustRetryAfter(tb testing.TB, res *http.Response) int {
	tb.Helper()
	n, err := strconv.Atoi(res.Header.Get("Retry-After"))
	if err != nil || n < 1 {
		tb.Fatalf("Retry-After %q, want whole seconds", res.Header.Get("Retry-After"))
	}
	return n
}

// limitServer is the accounts API with chosen limits and password hash
// slots, called in process (from) so that tests choose the client address.
type limitServer struct {
	http.Handler
	store *mongodb.Store
}

func mustServeLimits(tb testing.TB, limits httpapi.Limits, hashes *auth.HashLimit) *limitServer {
	tb.Helper()
	store := mongotest.MustOpen(tb)
	tokens, err := auth.NewTokens([]byte(testSecret))
	if err != nil {
		tb.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	api := httpapi.New(httpapi.Config{PublicURL: "http://shop.test", CORSOrigins: []string{allowedOrigin}, PaymentMode: "test", Limits: limits},
		wiring.Services(store, wiring.Options{PublicURL: "http://shop.test", Tokens: tokens, Passwords: auth.Argon2{Limit: hashes},
			AdminEmails: []string{adminEmail}, Log: log}))
	return &limitServer{Handler: api.Handler(), store: store}
}

// Wrong passwords from many addresses do not lock the owner out (they used
// to: five from anywhere made the right password answer 429).
func TestLogin_GuessesFromManyAddressesDoNotLockOutTheOwner(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	owner := ts.mustRegister(t, "Olive", "olive@shop.test")
	for i := 1; i <= 6; i++ {
		res, body := from(t, ts.Config.Handler, fmt.Sprintf("10.0.0.%d", i), "POST", "/auth/login", login(owner.Email, fmt.Sprint("guess", i)))
		mustProblem(t, res, body, 401)
	}
	res, body := from(t, ts.Config.Handler, "10.0.0.99", "POST", "/auth/login", login(owner.Email, "secret123"))
	if res.StatusCode != 200 || !strings.Contains(string(body), `"token"`) {
		t.Fatalf("the owner after 6 guesses from 6 addresses: %d %s", res.StatusCode, body)
	}
}

// One address guessing one account's password is refused after 5 wrong
// guesses; the account's owner elsewhere is not, and right passwords never
// count against the budget.
func TestLogin_GuessesFromOneAddressLimited(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	owner := ts.mustRegister(t, "Gus", "gus@shop.test")
	h := ts.Config.Handler
	for i := 1; i <= 5; i++ {
		res, body := from(t, h, "10.0.1.1", "POST", "/auth/login", login(owner.Email, fmt.Sprint("guess", i)))
		mustProblem(t, res, body, 401)
	}
	res, body := from(t, h, "10.0.1.1", "POST", "/auth/login", login(owner.Email, "guess6"))
	mustProblem(t, res, body, 429)
	if s := mustRetryAfter(t, res); s > 60 {
		t.Fatalf("Retry-After %d s, want at most the guess interval (60 s)", s)
	}
	// The same address may still try other accounts.
	res, body = from(t, h, "10.0.1.1", "POST", "/auth/login", login("nobody@shop.test", "guess"))
	mustProblem(t, res, body, 401)
	// The owner elsewhere signs in, again and again.
	for i := 0; i < 7; i++ {
		if res, body := from(t, h, "10.0.1.2", "POST", "/auth/login", login(owner.Email, "secret123")); res.StatusCode != 200 {
			t.Fatalf("owner sign-in %d from another address: %d %s", i+1, res.StatusCode, body)
		}
	}
}

// fakeTime is the limiters' clock; sleeping records the wait (the clock
// stays, so that the turns of attempts lined up one after another show).
type fakeTime struct {
	mu    sync.Mutex
	now   time.Time
	slept []time.Duration
}

func (f *fakeTime) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeTime) Sleep(ctx context.Context, d time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.slept = append(f.slept, d)
	return ctx.Err()
}

func (f *fakeTime) waits() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.slept)
}

// Beyond an account's budget of wrong passwords (from anywhere), attempts
// on it are slowed down, not refused: each waits its turn, one interval
// after the one before, and is then checked; the owner's right password
// gets in (later) and gives its turn back.
func TestLogin_GuessesOverTheAccountBudgetSlowDown(t *testing.T) {
	t.Parallel()
	clock := &fakeTime{now: time.Unix(1_700_000_000, 0)}
	ts := mustServeLimits(t, httpapi.Limits{
		LoginAccount: ratelimit.Rate{Burst: 3, Interval: time.Minute}, LoginAccountMaxWait: 3 * time.Minute,
		Now: clock.Now, Sleep: clock.Sleep,
	}, auth.NewHashLimit(2, time.Minute))
	const email = "vera@shop.test"
	if res, body := from(t, ts, "10.0.2.1", "POST", "/auth/register", map[string]string{"name": "Vera", "email": email, "password": "secret123"}); res.StatusCode != 201 {
		t.Fatalf("register: %d %s", res.StatusCode, body)
	}
	addr := 10
	guess := func() (*http.Response, []byte) {
		addr++ // a guesser spread over many addresses
		return from(t, ts, fmt.Sprintf("10.0.2.%d", addr), "POST", "/auth/login", login(email, fmt.Sprint("guess", addr)))
	}
	for i := 0; i < 3; i++ { // the budget: no wait
		res, body := guess()
		mustProblem(t, res, body, 401)
	}
	if w := clock.waits(); len(w) != 0 {
		t.Fatalf("waited within the budget: %v", w)
	}
	for i := 0; i < 2; i++ { // beyond it: lined up, still checked
		res, body := guess()
		mustProblem(t, res, body, 401)
	}
	res, body := from(t, ts, "10.0.2.200", "POST", "/auth/login", login(email, "secret123"))
	if res.StatusCode != 200 {
		t.Fatalf("the owner beyond the budget: %d %s", res.StatusCode, body)
	}
	if w, want := clock.waits(), []time.Duration{time.Minute, 2 * time.Minute, 3 * time.Minute}; !slices.Equal(w, want) {
		t.Fatalf("turns %v, want %v (one interval apart)", w, want)
	}
	// The owner's success gave its turn back: the next guess waits 3 min
	// (not 4), and one more would wait longer than allowed: 429.
	if res, body := guess(); res.StatusCode != 401 {
		t.Fatalf("guess after the owner: %d %s", res.StatusCode, body)
	}
	if w := clock.waits(); w[len(w)-1] != 3*time.Minute {
		t.Fatalf("turns %v: the owner's sign-in counted against the account", w)
	}
	res, body = guess()
	mustProblem(t, res, body, 429)
	if s := mustRetryAfter(t, res); s != 60 {
		t.Fatalf("Retry-After %d, want 60 (when the line is short enough again)", s)
	}
	// Time passing refills the budget.
	clock.mu.Lock()
	clock.now = clock.now.Add(time.Hour)
	clock.mu.Unlock()
	n := len(clock.waits())
	if res, body := guess(); res.StatusCode != 401 || len(clock.waits()) != n {
		t.Fatalf("an hour later: %d %s, waits %v", res.StatusCode, body, clock.waits())
	}
}

// Sign-ups are limited per client address (each is an account and a 19 MiB
// password hash): the default allows 10 at once. Bad input does not count.
func TestRegister_LimitedPerAddress(t *testing.T) {
	t.Parallel()
	ts := mustServe(t)
	h := ts.Config.Handler
	signUp := func(addr string, i int) (*http.Response, []byte) {
		return from(t, h, addr, "POST", "/auth/register", map[string]string{"name": "Flood", "email": fmt.Sprintf("flood%d@shop.test", i), "password": "secret123"})
	}
	for i := 0; i < 3; i++ {
		res, body := from(t, h, "10.0.3.1", "POST", "/auth/register", map[string]string{"name": "Typo", "email": "not-an-email", "password": "secret123"})
		mustProblem(t, res, body, 400)
	}
	for i := 0; i < 10; i++ {
		if res, body := signUp("10.0.3.1", i); res.StatusCode != 201 {
			t.Fatalf("sign-up %d: %d %s", i+1, res.StatusCode, body)
		}
	}
	res, body := signUp("10.0.3.1", 10)
	mustProblem(t, res, body, 429)
	mustRetryAfter(t, res)
	if _, err := ts.store.FindUserByEmail(context.Background(), "flood10@shop.test"); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("a refused sign-up created its account: %v", err)
	}
	if res, body := signUp("10.0.3.2", 11); res.StatusCode != 201 {
		t.Fatalf("another address: %d %s", res.StatusCode, body)
	}
}

// With every password hash slot busy, sign-in, the no-account check and
// sign-up answer 503 with Retry-After after a short wait, instead of piling
// up hashes (19 MiB each) without bound; and those attempts do not count
// against any limit.
func TestAccounts_HashSlotsBusy503(t *testing.T) {
	t.Parallel()
	hashes := auth.NewHashLimit(2, 20*time.Millisecond)
	ts := mustServeLimits(t, httpapi.Limits{SignUp: ratelimit.Rate{Burst: 2, Interval: time.Hour}}, hashes)
	const email = "busy@shop.test"
	if res, body := from(t, ts, "10.0.4.1", "POST", "/auth/register", map[string]string{"name": "Busy", "email": email, "password": "secret123"}); res.StatusCode != 201 {
		t.Fatalf("register: %d %s", res.StatusCode, body)
	}
	var held []func()
	for range hashes.Concurrency() {
		release, err := hashes.Acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, release)
	}
	for i := 0; i < 6; i++ { // more than any budget: none of them counts
		for _, c := range []struct {
			path string
			body any
		}{
			{"/auth/login", login(email, "secret123")},
			{"/auth/login", login(email, "wrong-one")},
			{"/auth/login", login("nobody@shop.test", "secret123")},
			{"/auth/register", map[string]string{"name": "New", "email": "new@shop.test", "password": "secret123"}},
		} {
			res, body := from(t, ts, "10.0.4.2", "POST", c.path, c.body)
			mustProblem(t, res, body, 503)
			mustRetryAfter(t, res)
		}
	}
	for _, release := range held {
		release()
	}
	if res, body := from(t, ts, "10.0.4.2", "POST", "/auth/login", login(email, "secret123")); res.StatusCode != 200 {
		t.Fatalf("login once a slot is free: %d %s", res.StatusCode, body)
	}
	if res, body := from(t, ts, "10.0.4.2", "POST", "/auth/register", map[string]string{"name": "New", "email": "new@shop.test", "password": "secret123"}); res.StatusCode != 201 {
		t.Fatalf("sign-up once a slot is free: %d %s", res.StatusCode, body)
	}
}
