package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// The second factor (shop.MFAStore, issue 44): on the account's document,
// each change one guarded write. A sign-in's second step is found by its
// token's hash through the mirror's key index mfaLogin (embedded) or the
// sparse index mfa_login (MongoDB).

var _ shop.MFAStore = (*Store)(nil)

// The filters of mirror.NoSecondFactor, PendingIs, CodeUnused and
// MFALoginOpen.
var noSecondFactor = bson.D{{Key: "totp", Value: nil}, notDeleting}

func pendingIs(sealed string) bson.D {
	return append(bson.D{{Key: "totpPending.secret", Value: sealed}}, noSecondFactor...)
}

func codeUnused(step int64, recoveryHash string) bson.D {
	f := bson.D{{Key: "totp", Value: bson.D{{Key: "$ne", Value: nil}}}}
	if step > 0 {
		f = append(f, bson.E{Key: "totp.lastStep", Value: bson.D{{Key: "$lt", Value: step}}})
	}
	if recoveryHash != "" {
		f = append(f, bson.E{Key: "totp.recovery", Value: recoveryHash})
	}
	return f
}

func mfaLoginOpen(hash string, now time.Time) bson.D {
	return bson.D{{Key: "mfaLogin.hash", Value: hash}, {Key: "mfaLogin.expiresAt", Value: bson.D{{Key: "$gt", Value: now.UTC()}}},
		{Key: "mfaLogin.tries", Value: bson.D{{Key: "$lt", Value: shop.MaxMFATries}}}, notDeleting}
}

// mfaFailsAre is mirror.MFAFailsAre's filter: the second step is open and
// the account's wrong codes number fails (no count stored for 0).
func mfaFailsAre(hash string, now time.Time, fails int) bson.D {
	f := mfaLoginOpen(hash, now)
	if fails == 0 {
		return append(f, bson.E{Key: "mfaFails", Value: nil})
	}
	return append(f, bson.E{Key: "mfaFails.count", Value: fails})
}

// codeUse is the update that uses a code: its step is the last used, or
// its recovery code goes.
func codeUse(step int64, recoveryHash string) bson.D {
	var u bson.D
	if step > 0 {
		u = append(u, bson.E{Key: "$set", Value: bson.D{{Key: "totp.lastStep", Value: step}}})
	}
	if recoveryHash != "" {
		u = append(u, bson.E{Key: "$pull", Value: bson.D{{Key: "totp.recovery", Value: recoveryHash}}})
	}
	return u
}

// SetPendingTOTP stores a set-up, replacing one.
func (s *Store) SetPendingTOTP(ctx context.Context, userID string, p shop.PendingTOTP) error {
	_, err := s.updateUser(ctx, userID, guard[mirror.User]{filter: noSecondFactor, check: mirror.NoSecondFactor},
		bson.D{{Key: "$set", Value: bson.D{{Key: "totpPending", Value: mirror.NewPendingTOTP(p)}}}})
	return err
}

// EnableTOTP turns the pending set-up on.
func (s *Store) EnableTOTP(ctx context.Context, userID, pending string, f shop.TOTPFactor) (shop.User, error) {
	return s.updateUser(ctx, userID, guard[mirror.User]{filter: pendingIs(pending), check: mirror.PendingIs(pending)}, bson.D{
		{Key: "$set", Value: bson.D{{Key: "totp", Value: mirror.NewTOTPFactor(f)}}},
		{Key: "$unset", Value: bson.D{{Key: "totpPending", Value: ""}}},
	})
}

// DisableMFA removes the second factor, a set-up and a second step.
func (s *Store) DisableMFA(ctx context.Context, userID string, step int64, recoveryHash string) (shop.User, error) {
	g := liveAccount
	if step > 0 || recoveryHash != "" {
		g = guard[mirror.User]{filter: append(codeUnused(step, recoveryHash), notDeleting), check: mirror.CodeUnused(step, recoveryHash)}
	}
	return s.updateUser(ctx, userID, g, bson.D{{Key: "$unset", Value: bson.D{{Key: "totp", Value: ""}, {Key: "totpPending", Value: ""}, {Key: "mfaLogin", Value: ""}, {Key: "mfaFails", Value: ""}}}})
}

// StartMFALogin stores a sign-in's second step.
func (s *Store) StartMFALogin(ctx context.Context, userID string, c shop.MFAChallenge) error {
	_, err := s.updateUser(ctx, userID, liveAccount, bson.D{{Key: "$set", Value: bson.D{{Key: "mfaLogin", Value: mirror.NewMFAChallenge(c)}}}})
	return err
}

// FindUserByMFALogin returns the account whose second step has this hash.
func (s *Store) FindUserByMFALogin(ctx context.Context, hash string) (shop.User, error) {
	d, err := s.users.getBy(ctx, "mfaLogin", hash, bson.D{{Key: "mfaLogin.hash", Value: hash}})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return shop.User{}, shop.ErrMFALoginEnded()
	}
	return d.Shop(), err
}

// PassMFALogin ends the second step with a code used, and the account's
// count of wrong codes.
func (s *Store) PassMFALogin(ctx context.Context, userID, hash string, now time.Time, fails int, step int64, recoveryHash string) (shop.User, error) {
	filter := append(mfaFailsAre(hash, now, fails), codeUnused(step, recoveryHash)...)
	update := append(codeUse(step, recoveryHash), bson.E{Key: "$unset", Value: bson.D{{Key: "mfaLogin", Value: ""}, {Key: "mfaFails", Value: ""}}})
	return s.updateUser(ctx, userID, guard[mirror.User]{filter: filter, check: mirror.MFALoginPasses(hash, now, fails, step, recoveryHash)}, update)
}

// FailMFALogin counts a wrong code against the second step and the account.
func (s *Store) FailMFALogin(ctx context.Context, userID, hash string, now time.Time, fails int, next shop.MFAFailures) (shop.User, error) {
	return s.updateUser(ctx, userID, guard[mirror.User]{filter: mfaFailsAre(hash, now, fails), check: mirror.MFAFailsAre(hash, now, fails)},
		bson.D{{Key: "$inc", Value: bson.D{{Key: "mfaLogin.tries", Value: 1}}},
			{Key: "$set", Value: bson.D{{Key: "mfaFails", Value: mirror.NewMFAFailures(next)}}}})
}
