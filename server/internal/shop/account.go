package shop

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// The account's own security: e-mail verification, password reset and
// change, sessions that end, and deletion (OWASP's Forgot Password and
// Authentication cheat sheets).

// TokenKind names what a mailed single-use token is for.
type TokenKind string

// The mailed tokens: a verification link and a password reset link.
const (
	TokenVerifyEmail   TokenKind = "verify"
	TokenResetPassword TokenKind = "reset"
)

// How long a mailed token lasts.
const (
	VerifyTokenTTL = 24 * time.Hour
	ResetTokenTTL  = 30 * time.Minute
	// accountTokenBytes is the token's randomness: 256 bits (OWASP asks
	// for at least 128).
	accountTokenBytes = 32
	// maxAccountTokenLen bounds what a request may send as a token.
	maxAccountTokenLen = 128
	// FreshSignIn is how recent a Google sign-in must be to confirm an
	// account's deletion.
	FreshSignIn = 10 * time.Minute
)

// TTL is how long a token of this kind lasts.
func (k TokenKind) TTL() time.Duration {
	if k == TokenResetPassword {
		return ResetTokenTTL
	}
	return VerifyTokenTTL
}

// AccountToken is a mailed token as stored: its hash, never the token.
type AccountToken struct {
	Hash      string
	ExpiresAt time.Time
}

// NewAccountToken draws a random token of kind, lasting from now; raw goes
// into the link, t into the store.
func NewAccountToken(kind TokenKind, now time.Time) (raw string, t AccountToken, err error) {
	b := make([]byte, accountTokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", AccountToken{}, err
	}
	raw = base64.RawURLEncoding.EncodeToString(b)
	return raw, AccountToken{Hash: HashAccountToken(raw), ExpiresAt: now.Add(kind.TTL()).UTC().Truncate(time.Millisecond)}, nil
}

// HashAccountToken is how a token is stored and looked up: a SHA-256 of it
// (the token has 256 random bits, so no salt or slow hash is needed).
func HashAccountToken(raw string) string {
	sum := sha256.Sum256([]byte(raw))
	return hex.EncodeToString(sum[:])
}

// Usable reports whether a stored token is there, is the one hashed, and
// has not expired at now.
func (t *AccountToken) Usable(hash string, now time.Time) bool {
	return t != nil && t.Hash == hash && now.Before(t.ExpiresAt)
}

// ParseAccountToken checks a token's shape as a request sends it and
// returns its hash; any other token is refused like a used one.
func ParseAccountToken(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > maxAccountTokenLen {
		return "", ErrBadAccountToken()
	}
	return HashAccountToken(raw), nil
}

// ErrBadAccountToken is the one answer to a used, expired or unknown token.
func ErrBadAccountToken() error {
	return &Error{Code: EINVALID, Message: "This link has been used, has expired or is not valid. Please ask for a new one.",
		Fields: map[string]string{"token": "is used, expired or not valid"}}
}

// MsgWrongPassword is the answer to a wrong current password (a change, a
// deletion): a 400 under the field, not a 401, which would end the session.
const MsgWrongPassword = "The password is not correct."

// ErrWrongPassword is a wrong password given in field.
func ErrWrongPassword(field string) error {
	return &Error{Code: EINVALID, Message: MsgWrongPassword, Fields: map[string]string{field: MsgWrongPassword}}
}

// IsWrongPassword reports whether err is ErrWrongPassword: such a request
// counts against the guess limits.
func IsWrongPassword(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == EINVALID && e.Message == MsgWrongPassword
}

// ErrSessionEnded is the answer to a token whose session has ended.
func ErrSessionEnded() error {
	return Errorf(EUNAUTHORIZED, "Your session is not valid. Please sign in again.")
}

// checkNewPassword puts a new password's problem into f under field.
func checkNewPassword(f map[string]string, field, p string) {
	switch {
	case p == "":
		f[field] = "Password is Required"
	case utf8.RuneCountInString(p) < MinPasswordLen:
		f[field] = "Must be 6 characters or longer"
	case len(p) > MaxPasswordLen:
		f[field] = "Password is too long"
	}
}

// EmailRequest is the input of POST /auth/password/forgot.
type EmailRequest struct {
	Email string `json:"email"`
}

// Validate checks the address's shape only: whether an account has it is
// never told.
func (r *EmailRequest) Validate() error {
	r.Email = NormalizeEmail(r.Email)
	f := map[string]string{}
	switch {
	case r.Email == "":
		f["email"] = "Email is Required"
	case !IsEmail(r.Email):
		f["email"] = "Provide a valid Email"
	}
	return Invalid("The e-mail address is not valid.", f)
}

// TokenInput is the input of POST /auth/verify-email.
type TokenInput struct {
	Token string `json:"token"`
}

// PasswordReset is the input of POST /auth/password/reset.
type PasswordReset struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// Validate checks the new password (the token is checked by the store).
func (r *PasswordReset) Validate() error {
	f := map[string]string{}
	checkNewPassword(f, "password", r.Password)
	return Invalid("The new password is not valid.", f)
}

// PasswordChange is the input of POST /auth/password/change.
type PasswordChange struct {
	CurrentPassword string `json:"currentPassword"`
	Password        string `json:"password"`
}

// Validate checks both fields' shape.
func (c *PasswordChange) Validate() error {
	f := map[string]string{}
	switch {
	case c.CurrentPassword == "":
		f["currentPassword"] = "Password is Required"
	case len(c.CurrentPassword) > MaxPasswordLen:
		f["currentPassword"] = "Password is too long"
	}
	checkNewPassword(f, "password", c.Password)
	return Invalid("The password change is not valid.", f)
}

// AccountDeletion is the input of DELETE /account: the password, or a fresh
// Google ID token, confirms it; DeleteReviews asks for the reviews to go
// too (else they stay under FormerCustomer).
type AccountDeletion struct {
	Password      string `json:"password"`
	GoogleIDToken string `json:"googleIdToken"`
	DeleteReviews bool   `json:"deleteReviews"`
}

// Validate asks for exactly one confirmation.
func (d *AccountDeletion) Validate() error {
	d.GoogleIDToken = strings.TrimSpace(d.GoogleIDToken)
	f := map[string]string{}
	switch {
	case d.Password == "" && d.GoogleIDToken == "":
		f["password"] = "Password is Required"
	case d.Password != "" && d.GoogleIDToken != "":
		f["googleIdToken"] = "send the password or a Google sign-in, not both"
	case len(d.Password) > MaxPasswordLen:
		f["password"] = "Password is too long"
	case len(d.GoogleIDToken) > MaxCredentialSize:
		f["googleIdToken"] = "is too long"
	}
	return Invalid("The account deletion is not confirmed.", f)
}

// What a deleted account leaves behind.
const (
	// FormerCustomer signs the reviews a deleted account leaves.
	FormerCustomer = "Former customer"
	// ErasedMarker replaces the personal fields (name, e-mail, address,
	// mobile) of the orders, quotes and claims a deleted account leaves.
	// It is not an e-mail address, so no account can ever own them.
	ErasedMarker = "[deleted account]"
)

// ErrLastAdmin refuses the deletion of the store's last admin.
func ErrLastAdmin() error {
	return Errorf(ECONFLICT, "You are the only admin of this store. Make another account an admin before deleting yours.")
}

// AccountStore is the security side of the accounts' persistence. Each
// change is one conditional write on the user's document.
type AccountStore interface {
	// CreateUserWithToken inserts u with a verification token (ECONFLICT
	// when the email is taken).
	CreateUserWithToken(ctx context.Context, u User, verify AccountToken) (User, error)
	// FindUserByToken returns the account holding a token of kind with this hash.
	FindUserByToken(ctx context.Context, kind TokenKind, hash string) (User, error)
	// SetAccountToken stores a new token of kind (replacing the last); a
	// verification token only while the address is unverified (ECONFLICT).
	SetAccountToken(ctx context.Context, userID string, kind TokenKind, t AccountToken) error
	// VerifyEmail marks the address verified, if the account holds this
	// verification token unexpired at now (else ErrBadAccountToken), and
	// makes it an admin when promote; the token goes.
	VerifyEmail(ctx context.Context, userID, hash string, now time.Time, promote bool) (User, error)
	// ResetPassword sets passwordHash, marks the address verified (admin
	// when promote) and ends every session, if the account holds this
	// reset token unexpired at now (else ErrBadAccountToken); both tokens go.
	ResetPassword(ctx context.Context, userID, hash string, now time.Time, passwordHash string, promote bool) (User, error)
	// ChangePassword replaces the password and ends every session, if the
	// account still has this session version and password (else ECONFLICT).
	ChangePassword(ctx context.Context, userID string, version int64, oldHash, newHash string) (User, error)
	// EndSessions raises the session version: every token issued so far ends.
	EndSessions(ctx context.Context, userID string) (User, error)
	// MarkVerified marks the address verified (a Google sign-in), and an
	// admin when promote.
	MarkVerified(ctx context.Context, userID string, promote bool) (User, error)
	// PromoteVerifiedUser makes the account with this email an admin if its
	// address is verified (ECONFLICT when it is not).
	PromoteVerifiedUser(ctx context.Context, email string) (UpdateResult, error)
	// BeginDeletion marks the account being deleted and ends its sessions,
	// if it is not an admin (an admin's role goes first, counted), if it
	// has this session version (any, with AnySession: an admin's deletion)
	// and is not being deleted already.
	BeginDeletion(ctx context.Context, userID string, version int64, at time.Time, deleteReviews bool) (User, error)
	// UsersBeingDeleted returns the accounts whose deletion began before cutoff.
	UsersBeingDeleted(ctx context.Context, cutoff time.Time) ([]User, error)
	// FinishDeletion deletes an account whose deletion has begun.
	FinishDeletion(ctx context.Context, userID string) error
}

// ErasureStore replaces or removes what a deleted account leaves in other
// collections, one conditional write per document (the guard: it is still
// the account's).
type ErasureStore interface {
	// EraseOrder replaces the order's personal fields with ErasedMarker.
	EraseOrder(ctx context.Context, id, email string) error
	// EraseQuotes and EraseClaims do so for every quote and claim of email.
	EraseQuotes(ctx context.Context, email string) (int, error)
	EraseClaims(ctx context.Context, email string) (int, error)
	// EraseCancellations replaces the e-mail of email's cancellation records.
	EraseCancellations(ctx context.Context, email string) (int, error)
	// EraseReviews signs email's reviews FormerCustomer (without their
	// photo), or deletes them when remove.
	EraseReviews(ctx context.Context, email string, remove bool) (int, error)
	// EraseTestIntents replaces the e-mail of email's test-mode payments.
	EraseTestIntents(ctx context.Context, email string) (int, error)
	// EraseGroups replaces the e-mail of email's order groups; EraseCart
	// deletes email's cart (issue 34).
	EraseGroups(ctx context.Context, email string) (int, error)
	EraseCart(ctx context.Context, email string) error
	// EraseIntentRecords replaces the e-mail of the records of email's
	// payment intents (issue 43).
	EraseIntentRecords(ctx context.Context, email string) (int, error)
	// EraseMembership deletes email's membership of a company (issue 45).
	EraseMembership(ctx context.Context, email string) error
	// EraseInvitations deletes the invitations to email and those it sent
	// (review finding 5).
	EraseInvitations(ctx context.Context, email string) (int, error)
}

// tokenParam finds the value of a token query parameter in a link.
var tokenParam = regexp.MustCompile(`([?&]token=)[^\s&"'<>]+`)

// RedactedToken replaces a token in the stored copy of a sent e-mail.
const RedactedToken = "REDACTED"

// HasRedactedToken says whether s holds a link whose token was redacted.
func HasRedactedToken(s string) bool {
	return strings.Contains(s, "token="+RedactedToken)
}

// RedactTokens replaces the value of every `token=` query parameter in s,
// so that a stored e-mail holds no live link.
func RedactTokens(s string) string {
	return tokenParam.ReplaceAllString(s, "${1}"+RedactedToken)
}

// VerifyEmailLink is the link of a verification e-mail.
func VerifyEmailLink(siteURL, token string) string {
	return siteURL + "/verify-email?token=" + token
}

// ResetPasswordLink is the link of a password reset e-mail.
func ResetPasswordLink(siteURL, token string) string {
	return siteURL + "/reset-password?token=" + token
}

// ForgotPasswordLink is where someone whose password changed without them
// gets it back.
func ForgotPasswordLink(siteURL string) string { return siteURL + "/forgot-password" }
