package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// The accounts' security (shop.AccountStore): mailed tokens kept as hashes
// on the user's document, the session version, and the deletion marker.
// Each change is one conditional write on that document; the tokens are
// found by their hash through the mirror's key indexes (embedded) or the
// sparse indexes verify_token and reset_token (MongoDB).

var _ shop.AccountStore = (*Store)(nil)

// tokenField is the user document's field holding a token of kind (and
// the name of its mirror key index).
func tokenField(kind shop.TokenKind) string {
	if kind == shop.TokenResetPassword {
		return "resetToken"
	}
	return "verifyToken"
}

// The filters that state the guards to MongoDB. Fields left out when empty
// (omitempty) are matched by null.
var (
	notDeleting = bson.E{Key: "deletingAt", Value: nil}
	unverified  = bson.E{Key: "emailVerified", Value: bson.D{{Key: "$ne", Value: true}}}
)

// usableToken is the filter of a token of kind with this hash, unexpired at now.
func usableToken(kind shop.TokenKind, hash string, now time.Time) bson.D {
	f := tokenField(kind)
	return bson.D{{Key: f + ".hash", Value: hash}, {Key: f + ".expiresAt", Value: bson.D{{Key: "$gt", Value: now.UTC()}}}, notDeleting}
}

// sessionVersionIs matches the session version v (0 is stored as nothing).
func sessionVersionIs(v int64) bson.E {
	if v == 0 {
		return bson.E{Key: "sessionVersion", Value: bson.D{{Key: "$in", Value: bson.A{int64(0), nil}}}}
	}
	return bson.E{Key: "sessionVersion", Value: v}
}

// tokenGuard lets a write through only with a usable token of kind.
func tokenGuard(kind shop.TokenKind, hash string, now time.Time) guard[mirror.User] {
	return guard[mirror.User]{
		filter: usableToken(kind, hash, now),
		check:  mirror.TokenUsable(kind, hash, now),
	}
}

// liveAccount lets a write through while the account is not being deleted.
var liveAccount = guard[mirror.User]{
	filter: bson.D{notDeleting},
	check:  mirror.Live,
}

// updateUser applies update under g and returns the account as it is then.
func (s *Store) updateUser(ctx context.Context, id string, g guard[mirror.User], update bson.D) (shop.User, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.User{}, err
	}
	if _, err := s.users.update(ctx, oid, g, update); err != nil {
		return shop.User{}, err
	}
	d, err := s.users.get(ctx, oid)
	return d.Shop(), err
}

// verifiedSet is the $set that marks the address verified (an ADMIN_EMAILS
// account is then promoted by promoteVerified, which counts it).
func verifiedSet() bson.D { return bson.D{{Key: "emailVerified", Value: true}} }

// CreateUserWithToken inserts a new account holding a verification token.
func (s *Store) CreateUserWithToken(ctx context.Context, u shop.User, verify shop.AccountToken) (shop.User, error) {
	doc := s.newUserDoc(u)
	doc.VerifyToken = mirror.NewAccountToken(verify)
	return s.insertUser(ctx, doc)
}

// FindUserByToken returns the account holding a token of kind with this hash.
func (s *Store) FindUserByToken(ctx context.Context, kind shop.TokenKind, hash string) (shop.User, error) {
	f := tokenField(kind)
	d, err := s.users.getBy(ctx, f, hash, bson.D{{Key: f + ".hash", Value: hash}})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return shop.User{}, shop.ErrBadAccountToken()
	}
	return d.Shop(), err
}

// SetAccountToken stores a new token of kind on the account.
func (s *Store) SetAccountToken(ctx context.Context, userID string, kind shop.TokenKind, t shop.AccountToken) error {
	g := liveAccount
	if kind == shop.TokenVerifyEmail {
		g = guard[mirror.User]{filter: bson.D{notDeleting, unverified}, check: mirror.Unverified}
	}
	_, err := s.updateUser(ctx, userID, g, bson.D{{Key: "$set", Value: bson.D{{Key: tokenField(kind), Value: mirror.NewAccountToken(t)}}}})
	return err
}

// VerifyEmail marks the address verified with its token, which goes.
func (s *Store) VerifyEmail(ctx context.Context, userID, hash string, now time.Time, promote bool) (shop.User, error) {
	u, err := s.updateUser(ctx, userID, tokenGuard(shop.TokenVerifyEmail, hash, now), bson.D{
		{Key: "$set", Value: verifiedSet()},
		{Key: "$unset", Value: bson.D{{Key: "verifyToken", Value: ""}}},
	})
	return s.promoteVerified(ctx, u, err, promote)
}

// ResetPassword sets the password with a reset token, marks the address
// verified and ends every session, in one write; both tokens go.
func (s *Store) ResetPassword(ctx context.Context, userID, hash string, now time.Time, passwordHash string, promote bool) (shop.User, error) {
	u, err := s.updateUser(ctx, userID, tokenGuard(shop.TokenResetPassword, hash, now), bson.D{
		{Key: "$set", Value: append(verifiedSet(), bson.E{Key: "passwordHash", Value: passwordHash})},
		{Key: "$unset", Value: bson.D{{Key: "verifyToken", Value: ""}, {Key: "resetToken", Value: ""}}},
		{Key: "$inc", Value: bson.D{{Key: "sessionVersion", Value: int64(1)}}},
	})
	return s.promoteVerified(ctx, u, err, promote)
}

// ChangePassword replaces the password and ends every session, if neither
// changed since the caller's session read them.
func (s *Store) ChangePassword(ctx context.Context, userID string, version int64, oldHash, newHash string) (shop.User, error) {
	return s.updateUser(ctx, userID, guard[mirror.User]{
		filter: bson.D{sessionVersionIs(version), {Key: "passwordHash", Value: oldHash}, notDeleting},
		check:  mirror.SessionIs(version, oldHash),
	}, bson.D{
		{Key: "$set", Value: bson.D{{Key: "passwordHash", Value: newHash}}},
		{Key: "$unset", Value: bson.D{{Key: "resetToken", Value: ""}}},
		{Key: "$inc", Value: bson.D{{Key: "sessionVersion", Value: int64(1)}}},
	})
}

// EndSessions raises the session version.
func (s *Store) EndSessions(ctx context.Context, userID string) (shop.User, error) {
	return s.updateUser(ctx, userID, guard[mirror.User]{}, bson.D{{Key: "$inc", Value: bson.D{{Key: "sessionVersion", Value: int64(1)}}}})
}

// MarkVerified marks the address verified (a Google sign-in vouches for it).
func (s *Store) MarkVerified(ctx context.Context, userID string, promote bool) (shop.User, error) {
	u, err := s.updateUser(ctx, userID, liveAccount, bson.D{
		{Key: "$set", Value: verifiedSet()},
		{Key: "$unset", Value: bson.D{{Key: "verifyToken", Value: ""}}},
	})
	return s.promoteVerified(ctx, u, err, promote)
}

// PromoteVerifiedUser makes the account with this email an admin if its
// address is verified.
func (s *Store) PromoteVerifiedUser(ctx context.Context, email string) (shop.UpdateResult, error) {
	u, err := s.FindUserByEmail(ctx, email)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	if u.IsAdmin() {
		return shop.UpdateResult{Acknowledged: true, MatchedCount: 1}, nil
	}
	if err := mirror.Verified(mirror.User{Email: u.Email, EmailVerified: u.EmailVerified, DeletingAt: u.DeletingAt}); err != nil {
		return shop.UpdateResult{}, err
	}
	return s.PromoteUser(ctx, email, shop.RoleChange{By: shop.RoleByConfiguration})
}

// promoteVerified makes the account just verified an admin (ADMIN_EMAILS)
// and answers it as it is then. The verification and the role are two
// writes: a crash between leaves a verified customer, whom the next start
// promotes (app's PromoteConfiguredAdmins).
func (s *Store) promoteVerified(ctx context.Context, u shop.User, err error, promote bool) (shop.User, error) {
	if err != nil || !promote || u.IsAdmin() {
		return u, err
	}
	if _, err := s.promote(ctx, u, shop.RoleChange{By: shop.RoleByConfiguration}); err != nil {
		return u, err
	}
	return s.FindUserByID(ctx, u.ID)
}

// BeginDeletion marks the account being deleted and ends its sessions, in
// one write: the marker a crash before the end leaves for the next start.
// An admin's deletion of another account (shop.AnySession) checks no
// session version; either checks that the account is no admin (its role
// went first, counted: a promotion meanwhile is refused, not deleted
// uncounted).
func (s *Store) BeginDeletion(ctx context.Context, userID string, version int64, at time.Time, deleteReviews bool) (shop.User, error) {
	filter := bson.D{notDeleting, {Key: "role", Value: bson.D{{Key: "$ne", Value: shop.RoleAdmin}}}}
	if version != shop.AnySession {
		filter = append(filter, sessionVersionIs(version))
	}
	return s.updateUser(ctx, userID, guard[mirror.User]{
		filter: filter,
		check:  mirror.DeletionMayBegin(version),
	}, bson.D{
		{Key: "$set", Value: bson.D{{Key: "deletingAt", Value: at.UTC().Truncate(time.Millisecond)}, {Key: "deleteReviews", Value: deleteReviews}}},
		{Key: "$unset", Value: bson.D{{Key: "verifyToken", Value: ""}, {Key: "resetToken", Value: ""}}},
		{Key: "$inc", Value: bson.D{{Key: "sessionVersion", Value: int64(1)}}},
	})
}

// beingDeleted is the filter of the accounts whose deletion began before
// cutoff (served by the sparse index deleting).
func beingDeleted(cutoff time.Time) bson.D {
	return bson.D{{Key: "deletingAt", Value: bson.D{{Key: "$lte", Value: cutoff.UTC()}}}}
}

var deletingFirst = bson.D{{Key: "deletingAt", Value: 1}}

// UsersBeingDeleted returns the accounts whose deletion began before cutoff.
func (s *Store) UsersBeingDeleted(ctx context.Context, cutoff time.Time) ([]shop.User, error) {
	docs, _, err := s.users.list(ctx, listQuery[mirror.User]{index: "createdAt", filter: beingDeleted(cutoff), sort: deletingFirst, limit: 1000,
		match: mirror.DeletingBefore(cutoff)})
	return mirror.ShopAll[shop.User](docs), err
}

// FinishDeletion deletes an account whose deletion has begun.
func (s *Store) FinishDeletion(ctx context.Context, userID string) error {
	oid, err := objectID(userID)
	if err != nil {
		return err
	}
	_, err = s.users.remove(ctx, oid, guard[mirror.User]{
		filter: bson.D{{Key: "deletingAt", Value: bson.D{{Key: "$ne", Value: nil}}}},
		check:  mirror.DeletionBegun,
	})
	return err
}
