package shop

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Two-step sign-in (issue 44; OWASP ASVS 5.0 6.3.3, 6.4.3): a TOTP
// authenticator (RFC 6238) and ten single-use recovery codes. The secret is
// kept sealed, the codes and the sign-in's second-step token as keyed
// hashes; none is ever logged or audited.

// EMFAREQUIRED is the code of an admin-only call refused because the admin
// has no second factor while ADMIN_MFA=required (403).
const EMFAREQUIRED = "mfa_required"

// Admin MFA policies (ADMIN_MFA).
const (
	AdminMFARequired = "required"
	AdminMFAOptional = "optional"
)

// The second step's limits.
const (
	MFALoginTTL      = 5 * time.Minute // how long an mfaToken lasts
	MaxMFATries      = 5               // wrong codes one mfaToken allows
	RecoveryCodes    = 10              // codes made at enrolment
	PendingTOTPTTL   = time.Hour       // how long a set-up waits for its first code
	maxMFACodeLength = 64

	// Wrong second-step codes are counted per account across sign-ins
	// (MFAFailures): MFAFreeFails may be wrong in a row, then each further
	// one waits twice as long as the last, from MFABackoffFirst up to
	// MFABackoffMax; the owner is mailed when the count reaches MFAFailsMailed.
	MFAFreeFails    = 5
	MFABackoffFirst = time.Minute
	MFABackoffMax   = time.Hour
	MFAFailsMailed  = 10
)

// What a person reads about the second factor.
const (
	MsgMFAOn          = "Two-step sign-in is on already."
	MsgMFAOff         = "Two-step sign-in is not on for this account."
	MsgMFANotStarted  = "Start setting up two-step sign-in first (or again: the set-up lasts an hour)."
	MsgMFAWrongCode   = "The code is not correct."
	MsgMFACodeUsed    = "This code has been used already. Wait for the next one."
	MsgMFALoginEnded  = "This sign-in has expired or was used. Please sign in again."
	MsgMFARequired    = "This store requires two-step sign-in of its admins. Turn it on in Dashboard → Account to use the admin pages."
	MsgMFAAdminKeeps  = "Admins must keep two-step sign-in on in this store (ADMIN_MFA=required)."
	MsgMFAResetSelf   = "Another admin must remove your second factor (or run storefront admin reset-mfa on the server)."
	MsgMFACodeMissing = "Enter the 6-digit code from your authenticator app, or a recovery code."
	MsgMFALocked      = "Too many wrong codes have been entered for this account. Please try again in %s."
	MsgMFABusy        = "Another sign-in to this account is checking a code right now. Please try again."
)

// TOTPFactor is an account's second factor as stored.
type TOTPFactor struct {
	Secret    string    // sealed
	EnabledAt time.Time // when it was turned on
	LastStep  int64     // the last 30-second step whose code was accepted
	Recovery  []string  // keyed hashes of the unused recovery codes
	// Session is the session that turned it on: the one session begun
	// without the second step that goes on after it (Session.SecondFactor).
	Session string
}

// PendingTOTP is a set-up waiting for its first code.
type PendingTOTP struct {
	Secret    string // sealed
	CreatedAt time.Time
}

// MFAChallenge is a sign-in waiting for its second step.
type MFAChallenge struct {
	Hash      string // keyed hash of the mfaToken
	ExpiresAt time.Time
	Tries     int
}

// Usable reports whether the challenge is the one hashed, unexpired at now
// and not out of tries.
func (c *MFAChallenge) Usable(hash string, now time.Time) bool {
	return c != nil && c.Hash == hash && now.Before(c.ExpiresAt) && c.Tries < MaxMFATries
}

// MFAFailures counts an account's wrong second-step codes in a row,
// whatever the sign-in (a new challenge does not reset it); a passed second
// step ends it.
type MFAFailures struct {
	Count  int
	LastAt time.Time
}

// MFABackoff is how long after the last wrong code the next may be tried,
// when count codes were wrong in a row.
func MFABackoff(count int) time.Duration {
	if count < MFAFreeFails {
		return 0
	}
	d := MFABackoffFirst
	for i := MFAFreeFails; i < count && d < MFABackoffMax; i++ {
		d *= 2
	}
	return min(d, MFABackoffMax)
}

// LockedFor is how long the account's second step still waits at now
// (0: a code may be tried).
func (f *MFAFailures) LockedFor(now time.Time) time.Duration {
	if f == nil {
		return 0
	}
	return max(f.LastAt.Add(MFABackoff(f.Count)).Sub(now), 0)
}

// Failed is the count after one more wrong code at now.
func (f *MFAFailures) Failed(now time.Time) MFAFailures {
	n := MFAFailures{Count: 1, LastAt: now}
	if f != nil {
		n.Count = f.Count + 1
	}
	return n
}

// Counted is the count, 0 for none.
func (f *MFAFailures) Counted() int {
	if f == nil {
		return 0
	}
	return f.Count
}

// ErrMFALocked refuses a code while the account's second step waits (429).
func ErrMFALocked(wait time.Duration) error {
	wait = max(wait.Round(time.Second), time.Second)
	return &Error{Code: ERATELIMIT, RetryAfter: wait, Message: fmt.Sprintf(MsgMFALocked, waitWords(wait))}
}

// waitWords says a wait as a person reads it: "45 seconds", "3 minutes".
func waitWords(d time.Duration) string {
	if d < time.Minute {
		return plural(int((d+time.Second-1)/time.Second), "second")
	}
	return plural(int((d+time.Minute-1)/time.Minute), "minute")
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// TOTPEnrolment is the answer of POST /account/mfa/totp.
type TOTPEnrolment struct {
	Secret     string `json:"secret"`
	OtpauthURL string `json:"otpauthUrl"`
}

// RecoveryCodeList is the answer of POST /account/mfa/totp/confirm.
type RecoveryCodeList struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

// MFAChallengeAnswer is POST /auth/login's answer for an account with a
// second factor: no session yet.
type MFAChallengeAnswer struct {
	MFARequired bool   `json:"mfaRequired"`
	MFAToken    string `json:"mfaToken"`
}

// CodeInput is the input of POST /account/mfa/totp/confirm.
type CodeInput struct {
	Code string `json:"code"`
}

// MFALogin is the input of POST /auth/login/mfa.
type MFALogin struct {
	MFAToken string `json:"mfaToken"`
	Code     string `json:"code"`
}

// MFADisable is the input of DELETE /account/mfa.
type MFADisable struct {
	Password string `json:"password"`
	Code     string `json:"code"`
}

// NormalizeCode is a code as typed: spaces gone, lower case (recovery
// codes are case-insensitive).
func NormalizeCode(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// IsTOTPCode reports whether a normalised code is an authenticator's six
// digits (else it is taken for a recovery code).
func IsTOTPCode(code string) bool {
	if len(code) != 6 {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// CheckCode checks a code's shape, under field.
func CheckCode(code, field string) error {
	f := map[string]string{}
	switch {
	case code == "":
		f[field] = MsgMFACodeMissing
	case len(code) > maxMFACodeLength:
		f[field] = MsgMFAWrongCode
	}
	return Invalid("The code is not valid.", f)
}

// ErrWrongCode is a wrong code given in field (a 400, like a wrong current
// password: not a 401 that would end the session). It counts against the
// limits.
func ErrWrongCode(field string) error {
	return &Error{Code: EINVALID, Message: MsgMFAWrongCode, Fields: map[string]string{field: MsgMFAWrongCode}}
}

// ErrCodeUsed is a TOTP code of a step already used.
func ErrCodeUsed(field string) error {
	return &Error{Code: EINVALID, Message: MsgMFACodeUsed, Fields: map[string]string{field: MsgMFACodeUsed}}
}

// IsWrongCode reports whether err is ErrWrongCode or ErrCodeUsed.
func IsWrongCode(err error) bool {
	m := ErrorMessage(err)
	return ErrorCode(err) == EINVALID && (m == MsgMFAWrongCode || m == MsgMFACodeUsed)
}

// ErrMFALoginEnded is the one answer to an mfaToken used, expired, out of
// tries or unknown.
func ErrMFALoginEnded() error { return Errorf(EUNAUTHORIZED, MsgMFALoginEnded) }

// ErrMFARequired refuses an admin-only call to an admin without a second
// factor while ADMIN_MFA=required.
func ErrMFARequired() error { return Errorf(EMFAREQUIRED, MsgMFARequired) }

// MFAStore keeps the second factor on the account's document; each change
// is one guarded write on it.
type MFAStore interface {
	// SetPendingTOTP stores a set-up (replacing one), while the account has
	// no second factor (ECONFLICT, MsgMFAOn, otherwise).
	SetPendingTOTP(ctx context.Context, userID string, p PendingTOTP) error
	// EnableTOTP turns the set-up whose sealed secret is pending on as f,
	// if the account still holds it and no second factor.
	EnableTOTP(ctx context.Context, userID, pending string, f TOTPFactor) (User, error)
	// DisableMFA removes the second factor (and a set-up or sign-in in
	// progress). With step > 0 or recoveryHash, only if that step is newer
	// than the last used or that recovery code unused (ErrCodeUsed, else).
	DisableMFA(ctx context.Context, userID string, step int64, recoveryHash string) (User, error)
	// StartMFALogin stores a sign-in's second step, replacing one.
	StartMFALogin(ctx context.Context, userID string, c MFAChallenge) error
	// FindUserByMFALogin returns the account whose second step has this hash.
	FindUserByMFALogin(ctx context.Context, hash string) (User, error)
	// PassMFALogin ends the second step hash (usable at now) with a TOTP
	// step newer than the last used, or an unused recovery code's hash
	// (then used up): ErrMFALoginEnded, or ErrCodeUsed.
	PassMFALogin(ctx context.Context, userID, hash string, now time.Time, fails int, step int64, recoveryHash string) (User, error)
	// The two writes below also go only while the account's wrong codes
	// still number fails (ECONFLICT, MsgMFABusy, otherwise): another
	// sign-in counted one meanwhile. PassMFALogin ends the count.
	//
	// FailMFALogin counts a wrong code against the second step and the
	// account (its count becomes next); the last try ends the second step.
	FailMFALogin(ctx context.Context, userID, hash string, now time.Time, fails int, next MFAFailures) (User, error)
}
