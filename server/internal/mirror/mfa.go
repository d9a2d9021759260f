package mirror

import (
	"slices"
	"time"

	"storefront/server/internal/shop"
)

// The second factor as stored on the account (issue 44), and the
// preconditions of its writes; their MongoDB filters are in
// internal/mongodb's mfa.go.

// TOTPFactor is shop.TOTPFactor as stored.
type TOTPFactor struct {
	Secret    string    `bson:"secret"`
	EnabledAt time.Time `bson:"enabledAt"`
	LastStep  int64     `bson:"lastStep"`
	Recovery  []string  `bson:"recovery"`
	Session   string    `bson:"session,omitempty"`
}

// PendingTOTP is shop.PendingTOTP as stored.
type PendingTOTP struct {
	Secret    string    `bson:"secret"`
	CreatedAt time.Time `bson:"createdAt"`
}

// MFAChallenge is shop.MFAChallenge as stored.
type MFAChallenge struct {
	Hash      string    `bson:"hash"`
	ExpiresAt time.Time `bson:"expiresAt"`
	Tries     int       `bson:"tries"`
}

// MFAFailures is shop.MFAFailures as stored.
type MFAFailures struct {
	Count  int       `bson:"count"`
	LastAt time.Time `bson:"lastAt"`
}

// NewMFAFailures is the count as stored.
func NewMFAFailures(f shop.MFAFailures) *MFAFailures {
	return &MFAFailures{Count: f.Count, LastAt: f.LastAt.UTC().Truncate(time.Millisecond)}
}

func (f *MFAFailures) shop() *shop.MFAFailures {
	if f == nil {
		return nil
	}
	return &shop.MFAFailures{Count: f.Count, LastAt: f.LastAt.UTC()}
}

// NewTOTPFactor is the factor as stored.
func NewTOTPFactor(f shop.TOTPFactor) *TOTPFactor {
	return &TOTPFactor{Secret: f.Secret, EnabledAt: f.EnabledAt.UTC().Truncate(time.Millisecond), LastStep: f.LastStep,
		Recovery: append([]string{}, f.Recovery...), Session: f.Session}
}

// NewPendingTOTP is the set-up as stored.
func NewPendingTOTP(p shop.PendingTOTP) *PendingTOTP {
	return &PendingTOTP{Secret: p.Secret, CreatedAt: p.CreatedAt.UTC().Truncate(time.Millisecond)}
}

// NewMFAChallenge is the second step as stored.
func NewMFAChallenge(c shop.MFAChallenge) *MFAChallenge {
	return &MFAChallenge{Hash: c.Hash, ExpiresAt: c.ExpiresAt.UTC().Truncate(time.Millisecond), Tries: c.Tries}
}

func (f *TOTPFactor) shop() *shop.TOTPFactor {
	if f == nil {
		return nil
	}
	return &shop.TOTPFactor{Secret: f.Secret, EnabledAt: f.EnabledAt.UTC(), LastStep: f.LastStep, Recovery: slices.Clone(f.Recovery), Session: f.Session}
}

func (p *PendingTOTP) shop() *shop.PendingTOTP {
	if p == nil {
		return nil
	}
	return &shop.PendingTOTP{Secret: p.Secret, CreatedAt: p.CreatedAt.UTC()}
}

func (c *MFAChallenge) shop() *shop.MFAChallenge {
	if c == nil {
		return nil
	}
	return &shop.MFAChallenge{Hash: c.Hash, ExpiresAt: c.ExpiresAt.UTC(), Tries: c.Tries}
}

// NoSecondFactor is a set-up's start: the account is live and has no
// second factor.
func NoSecondFactor(d User) error {
	if err := Live(d); err != nil {
		return err
	}
	if d.TOTP != nil {
		return shop.Errorf(shop.ECONFLICT, shop.MsgMFAOn)
	}
	return nil
}

// PendingIs is a set-up's confirmation: the account still holds this
// set-up (its sealed secret) and no second factor.
func PendingIs(sealed string) func(User) error {
	return func(d User) error {
		if err := NoSecondFactor(d); err != nil {
			return err
		}
		if d.PendingTOTP == nil || d.PendingTOTP.Secret != sealed {
			return shop.Errorf(shop.ECONFLICT, shop.MsgMFANotStarted)
		}
		return nil
	}
}

// CodeUnused is a code's use: the account has a second factor, and the
// code's TOTP step is newer than the last used (step > 0), or its recovery
// code is unused (recoveryHash set).
func CodeUnused(step int64, recoveryHash string) func(User) error {
	return func(d User) error {
		if err := Live(d); err != nil {
			return err
		}
		switch {
		case d.TOTP == nil:
			return shop.Errorf(shop.ECONFLICT, shop.MsgMFAOff)
		case step > 0 && step <= d.TOTP.LastStep:
			return shop.ErrCodeUsed("code")
		case recoveryHash != "" && !slices.Contains(d.TOTP.Recovery, recoveryHash):
			return shop.ErrWrongCode("code")
		}
		return nil
	}
}

// MFALoginOpen is a second step's: the account holds the challenge hash,
// unexpired at now and with tries left.
func MFALoginOpen(hash string, now time.Time) func(User) error {
	return func(d User) error {
		if d.DeletingAt != nil || !d.MFALogin.shop().Usable(hash, now) {
			return shop.ErrMFALoginEnded()
		}
		return nil
	}
}

// MFAFailsAre is a second step's write: MFALoginOpen, and the account's
// wrong codes still number fails (none counted meanwhile).
func MFAFailsAre(hash string, now time.Time, fails int) func(User) error {
	return func(d User) error {
		if err := MFALoginOpen(hash, now)(d); err != nil {
			return err
		}
		if d.MFAFails.shop().Counted() != fails {
			return shop.Errorf(shop.ECONFLICT, shop.MsgMFABusy)
		}
		return nil
	}
}

// MFALoginPasses is a second step passed: MFAFailsAre, and CodeUnused.
func MFALoginPasses(hash string, now time.Time, fails int, step int64, recoveryHash string) func(User) error {
	return func(d User) error {
		if err := MFAFailsAre(hash, now, fails)(d); err != nil {
			return err
		}
		return CodeUnused(step, recoveryHash)(d)
	}
}
