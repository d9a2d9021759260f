package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// The account's own security: e-mail verification, password reset and
// change, sign out everywhere, and deletion. The limits are per client
// address, per account and, for reset requests, per e-mail address (counted
// alike whether an account has it or not, so a 429 tells nothing).

// accepted is the answer to a request whose work (an e-mail) follows.
type accepted struct {
	Message string `json:"message"`
}

// The answer to every well-formed reset request, account or not.
const resetRequested = "If an account uses this address, we have sent it a link to choose a new password. The link works for 30 minutes."

// verifyEmail answers POST /auth/verify-email {token}.
func (s *Server) verifyEmail(c *gin.Context) {
	if s.limited(c, s.tokenPerClient, limitAccountToken, c.ClientIP()) {
		return
	}
	body, ok := bind[shop.TokenInput](s, c)
	if !ok {
		return
	}
	u, err := s.accounts.VerifyEmail(c.Request.Context(), body.Token)
	s.reply(c, http.StatusOK, gin.H{"email": u.Email, "emailVerified": u.EmailVerified}, err)
}

// resendVerification answers POST /auth/verify-email/resend.
func (s *Server) resendVerification(c *gin.Context) {
	who := caller(c)
	if s.limited(c, s.resendPerAccount, limitVerifyResend, who.ID) {
		return
	}
	err := s.accounts.ResendVerification(c.Request.Context(), who)
	if spentNothing(err) || shop.ErrorCode(err) == shop.ECONFLICT {
		s.resendPerAccount.Return(who.ID)
	}
	s.reply(c, http.StatusAccepted, accepted{Message: "We have sent a new link to " + who.Email + "."}, err)
}

// forgotPassword answers POST /auth/password/forgot {email} with the same
// 202 for every well-formed address; the work follows the answer.
func (s *Server) forgotPassword(c *gin.Context) {
	ip := c.ClientIP()
	if s.limited(c, s.resetPerClient, limitPasswordReset, ip) {
		return
	}
	body, ok := bind[shop.EmailRequest](s, c)
	if !ok {
		return
	}
	if s.limited(c, s.resetPerAddress, limitPasswordResetAddress, shop.NormalizeEmail(body.Email)) {
		return
	}
	err := s.accounts.RequestPasswordReset(c.Request.Context(), body)
	if spentNothing(err) {
		s.resetPerClient.Return(ip)
	}
	s.reply(c, http.StatusAccepted, accepted{Message: resetRequested}, err)
}

// resetPassword answers POST /auth/password/reset {token, password}:
// the e-mail address, and no token (the person signs in as usual).
func (s *Server) resetPassword(c *gin.Context) {
	if s.limited(c, s.tokenPerClient, limitAccountToken, c.ClientIP()) {
		return
	}
	body, ok := bind[shop.PasswordReset](s, c)
	if !ok {
		return
	}
	u, err := s.accounts.ResetPassword(c.Request.Context(), body)
	s.auditActor(c, u.ID, "")
	s.reply(c, http.StatusOK, gin.H{"email": u.Email}, err)
}

// guessed runs a call that checks the caller's password: a wrong one counts
// against the account's guesses from this client address, as a sign-in's.
func (s *Server) guessed(c *gin.Context, call func() error) {
	key := caller(c).Email + "\x00" + c.ClientIP()
	if s.limited(c, s.loginGuesses, limitLoginGuesses, key) {
		return
	}
	err := call()
	if !shop.IsWrongPassword(err) {
		s.loginGuesses.Return(key)
	}
	if err != nil {
		s.fail(c, err)
	}
}

// changePassword answers POST /auth/password/change with a fresh session.
func (s *Server) changePassword(c *gin.Context) {
	body, ok := bind[shop.PasswordChange](s, c)
	if !ok {
		return
	}
	s.guessed(c, func() error {
		sess, err := s.accounts.ChangePassword(c.Request.Context(), caller(c), body)
		if err == nil {
			c.JSON(http.StatusOK, sess)
		}
		return err
	})
}

// signOutEverywhere answers POST /auth/sign-out-everywhere: every token of
// the account ends, this one included.
func (s *Server) signOutEverywhere(c *gin.Context) {
	if err := s.accounts.SignOutEverywhere(c.Request.Context(), caller(c)); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// deleteAccount answers DELETE /account {password | googleIdToken, deleteReviews}.
func (s *Server) deleteAccount(c *gin.Context) {
	body, ok := bind[shop.AccountDeletion](s, c)
	if !ok {
		return
	}
	s.guessed(c, func() error {
		err := s.accounts.DeleteAccount(c.Request.Context(), caller(c), body)
		if err == nil {
			c.JSON(http.StatusOK, shop.DeleteResult{Acknowledged: true, DeletedCount: 1})
		}
		return err
	})
}
