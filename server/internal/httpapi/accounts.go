package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/app"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/shop"
)

const callerKey = "caller"

// caller is the signed-in user of the request, or nil.
func caller(c *gin.Context) shop.Caller {
	if v, ok := c.Get(callerKey); ok {
		return v.(shop.Caller)
	}
	return nil
}

// authenticate is the one middleware that turns a bearer token into the
// caller; routes behind it refuse requests without a valid token (401).
func (s *Server) authenticate(c *gin.Context) {
	token, ok := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		s.fail(c, shop.Errorf(shop.EUNAUTHORIZED, "Please sign in."))
		return
	}
	who, err := s.accounts.Authenticate(c.Request.Context(), strings.TrimSpace(token))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Set(callerKey, who)
}

// identify is authenticate for a route anyone may call whose answer
// depends on who calls: without a token the caller is anonymous; a token
// that is sent must be valid (401), so that a lapsed session is told
// rather than answered as a stranger.
func (s *Server) identify(c *gin.Context) {
	if c.GetHeader("Authorization") == "" {
		return
	}
	s.authenticate(c)
}

// requireAdmin guards the admin group (403 for anyone else, and, while
// ADMIN_MFA=required, 403 mfa_required for an admin without a second
// factor). The services check the role again: this is the route's
// declaration of who may call it.
func (s *Server) requireAdmin(c *gin.Context) {
	if err := s.accounts.RequireAdminMFA(caller(c)); err != nil {
		s.fail(c, err)
	}
}

// Limits are the sign-up and sign-in limits of Config; a zero field takes
// its default (server.go).
type Limits struct {
	SignUp       ratelimit.Rate // sign-ups per client address
	Login        ratelimit.Rate // sign-in attempts per client address
	LoginGuesses ratelimit.Rate // wrong passwords per account per client address
	// LoginAccount counts wrong passwords per account from any address;
	// beyond it, sign-ins to that account line up one per interval, each
	// waiting at most LoginAccountMaxWait.
	LoginAccount        ratelimit.Rate
	LoginAccountMaxWait time.Duration

	// UploadRequests and UploadKiB are the upload quota per account: upload
	// requests, and their kibibytes (counted as sent, identical bytes too).
	UploadRequests ratelimit.Rate
	UploadKiB      ratelimit.Rate

	// Orders is purchases placed per account (ORDER_BURST, ORDER_INTERVAL);
	// a client address may place ordersClientFactor times as many.
	Orders ratelimit.Rate

	// Now and Sleep replace the limiters' clock and sleep (tests).
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
}

func (l Limits) limiter(r, def ratelimit.Rate) *ratelimit.Limiter {
	lim := ratelimit.NewRate(r.Or(def))
	if l.Now != nil {
		lim.SetClock(l.Now)
	}
	if l.Sleep != nil {
		lim.SetSleep(l.Sleep)
	}
	return lim
}

// limited refuses a request over the limiter's rate for key with 429; the
// observer hears the refusal by the limit's name.
func (s *Server) limited(c *gin.Context, l *ratelimit.Limiter, limit, key string) bool {
	ok, wait := l.Allow(key)
	if ok {
		return false
	}
	s.rateLimited(limit)
	s.fail(c, tooMany(wait))
	return true
}

// The rate limits, as the metrics name them.
const (
	limitSignUp       = "signup"
	limitLogin        = "login"
	limitLoginGuesses = "login_guesses"
	limitLoginAccount = "login_account"
	limitCard         = "test_card"
	limitContact      = "contact"
	// the account's own security, and uploads
	limitPasswordReset        = "password_reset"         // reset requests per client address
	limitPasswordResetAddress = "password_reset_address" // reset requests per e-mail address
	limitAccountToken         = "account_token"          // verification and reset links used, per client address
	limitVerifyResend         = "verify_resend"          // verification links sent again, per account
	limitUpload               = "upload"                 // upload requests per account
	limitUploadBytes          = "upload_bytes"           // uploaded bytes per account
	limitOrders               = "orders"                 // purchases placed per account
	limitOrdersClient         = "orders_client"          // purchases placed per client address
)

func (s *Server) rateLimited(limit string) {
	if s.observer != nil {
		s.observer.RateLimited(limit)
	}
}

func tooMany(wait time.Duration) error {
	secs := retrySeconds(wait)
	return &shop.Error{Code: shop.ERATELIMIT, RetryAfter: wait,
		Message: fmt.Sprintf("Too many attempts. Please try again in %d seconds.", secs)}
}

// spentNothing reports whether a request failed before it could cost a
// password hash or change anything (bad input, or busy): such a request
// gives its token back.
func spentNothing(err error) bool {
	switch shop.ErrorCode(err) {
	case shop.EINVALID, shop.EUNSUPPORTED, shop.ETOOLARGE, shop.EUNAVAILABLE:
		return true
	}
	return false
}

// register is limited per client address: every sign-up is an account and
// a password hash.
func (s *Server) register(c *gin.Context) {
	ip := c.ClientIP()
	if s.limited(c, s.signUpPerClient, limitSignUp, ip) {
		return
	}
	var r shop.Registration
	err := decodeJSON(c, &r)
	var sess app.Session
	if err == nil {
		sess, err = s.accounts.Register(c.Request.Context(), r)
	}
	if err != nil {
		if spentNothing(err) {
			s.signUpPerClient.Return(ip)
		}
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, sess)
}

// login is limited per client address (all attempts), per account and
// client address (wrong passwords: a guesser at one address is refused),
// and per account (wrong passwords from anywhere: beyond the budget,
// attempts line up and wait their turn, so that a guesser spread over many
// addresses gets one guess per interval while the owner still gets in).
// Only wrong passwords count against the account: other attempts give their
// tokens back.
func (s *Server) login(c *gin.Context) {
	ip := c.ClientIP()
	if s.limited(c, s.loginPerClient, limitLogin, ip) {
		return
	}
	var cr shop.Credentials
	if err := decodeJSON(c, &cr); err != nil {
		s.fail(c, err)
		return
	}
	account := shop.NormalizeEmail(cr.Email)
	guessKey := account + "\x00" + ip
	if s.limited(c, s.loginGuesses, limitLoginGuesses, guessKey) {
		return
	}
	if err := s.loginPerAccount.Wait(c.Request.Context(), account, s.loginMaxWait); err != nil {
		s.loginGuesses.Return(guessKey)
		var tooLong *ratelimit.TooLongError
		if errors.As(err, &tooLong) {
			s.rateLimited(limitLoginAccount)
			err = tooMany(tooLong.RetryAfter)
		} else {
			err = &shop.Error{Code: shop.EUNAVAILABLE, Message: "The sign-in ended before its turn came.", Cause: err}
		}
		s.fail(c, err)
		return
	}
	in, err := s.accounts.Login(c.Request.Context(), cr)
	s.auditActor(c, in.UserID, cr.Email)
	if shop.ErrorCode(err) != shop.EUNAUTHORIZED { // not a wrong password
		s.loginGuesses.Return(guessKey)
		s.loginPerAccount.Return(account)
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, in.Body())
}

func (s *Server) googleSignIn(c *gin.Context) {
	if s.limited(c, s.loginPerClient, limitLogin, c.ClientIP()) {
		return
	}
	var body struct {
		Credential string `json:"credential"`
	}
	if err := decodeJSON(c, &body); err != nil {
		s.fail(c, err)
		return
	}
	in, err := s.accounts.SignInWithGoogle(c.Request.Context(), body.Credential)
	s.auditActor(c, in.UserID, "")
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, in.Body())
}

// refreshUser answers PUT /user/{email} with {result, token, user}.
func (s *Server) refreshUser(c *gin.Context) {
	var body struct {
		Name  *string `json:"name"`
		Email string  `json:"email"` // the original client sends it; the path and token decide
	}
	if err := decodeJSON(c, &body); err != nil {
		s.fail(c, err)
		return
	}
	sess, res, err := s.accounts.Refresh(c.Request.Context(), caller(c), c.Param("email"), body.Name)
	s.reply(c, http.StatusOK, gin.H{"result": res, "token": sess.Token, "user": sess.User}, err)
}

// me answers GET /auth/me with the signed-in account, as the store has it.
func (s *Server) me(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"user": caller(c)})
}

func (s *Server) adminStatus(c *gin.Context) {
	admin, err := s.accounts.IsAdmin(c.Request.Context(), caller(c), c.Param("email"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"admin": admin})
}

func (s *Server) listUsers(c *gin.Context) {
	listPage(s, c, 100, 500, s.accounts.ListUsers)
}

func (s *Server) makeAdmin(c *gin.Context) {
	res, err := s.accounts.MakeAdmin(c.Request.Context(), caller(c), c.Param("email"))
	s.reply(c, http.StatusOK, res, err)
}

func (s *Server) makeCustomer(c *gin.Context) {
	res, err := s.accounts.MakeCustomer(c.Request.Context(), caller(c), c.Param("email"))
	s.reply(c, http.StatusOK, res, err)
}

func (s *Server) deleteUser(c *gin.Context) {
	res, err := s.accounts.DeleteUser(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
}

// queryInt reads the whole-number query parameter name: def when it is
// absent, ok false when it is not a whole number from lo to hi.
func queryInt(c *gin.Context, name string, def, lo, hi int) (n int, ok bool) {
	v := c.Query(name)
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	return n, err == nil && n >= lo && n <= hi
}

// page reads limit and skip for admin lists.
func page(c *gin.Context, def, max int) (limit, skip int, err error) {
	f := map[string]string{}
	limit, ok := queryInt(c, "limit", def, 1, max)
	if !ok {
		f["limit"] = "must be a whole number between 1 and " + strconv.Itoa(max)
	}
	if skip, ok = queryInt(c, "skip", 0, 0, shop.MaxListSkip); !ok {
		f["skip"] = "must be a whole number between 0 and " + strconv.Itoa(shop.MaxListSkip)
	}
	return limit, skip, shop.Invalid("The list parameters are not valid.", f)
}
