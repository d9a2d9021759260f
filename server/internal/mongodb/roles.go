package mongodb

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// Roles. The store never ends with no admin: the admins are counted in one
// counter document, {_id: "admins", count}, and every write that takes an
// admin away (a demotion, the removal of an admin, an admin deleting their
// account) first takes one from the count with ONE conditional write, the
// guard count >= 2 (mirror.AdminsLeft). Two such writes at once on the last
// two admins: the first takes the count to 1, the second matches nothing
// and is refused. Embedded, the write goes through the write slot like
// every write, which keeps FerretDB's read-modify-write atomic; MongoDB
// applies a filtered update to one document atomically.
//
// The count and the role are two writes, ordered so that a crash between
// them can only leave the count too LOW: a count too high (2 with one admin
// left) is the one state that would let the last admin go, a count too low
// only refuses a demotion that was allowed until the next start.
//   - taking an admin away: the count first (-1, guarded), then the role or
//     the document (guarded: still an admin); when that second write fails,
//     the count is given back (+1).
//   - making an admin: the role first (guarded: not an admin yet), then the
//     count (+1).
//
// At start (Open) the count is set from the users (recountAdmins), which
// repairs what a crash left. With several instances on one MongoDB, an
// instance starting while another is between a count and a role write may
// count one admin too many until the next start; the embedded store has one
// process and no such window.
const adminCounterID = "admins"

type adminCountDoc struct {
	ID    string `bson:"_id"`
	Count int64  `bson:"count"`
}

// adminsLeft is the filter of mirror.AdminsLeft: the count may go down.
var adminsLeft = bson.D{{Key: "_id", Value: adminCounterID}, {Key: "count", Value: bson.D{{Key: "$gte", Value: int64(2)}}}}

// notAdmin is the filter of mirror.NotAdmin.
var notAdmin = bson.D{{Key: "role", Value: bson.D{{Key: "$ne", Value: shop.RoleAdmin}}}, notDeleting, {Key: "emailVerified", Value: true}}

// isAdmin is the filter of mirror.RoleIs(shop.RoleAdmin).
var isAdmin = bson.D{{Key: "role", Value: shop.RoleAdmin}}

// takeAdmin takes one admin from the count if at least one stays: the one
// conditional write that decides whether an admin may go.
func (s *Store) takeAdmin(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		var res *mongo.UpdateResult
		err := s.write(ctx, CollCounters, func(ctx context.Context) error {
			var err error
			res, err = s.db.Collection(CollCounters).UpdateOne(ctx, adminsLeft, bson.D{{Key: "$inc", Value: bson.D{{Key: "count", Value: int64(-1)}}}})
			return err
		})
		if err != nil {
			return translate(err, "")
		}
		if res.MatchedCount == 1 {
			return nil
		}
		// Why it matched nothing: the check on the count as it is now.
		n, err := s.adminCount(ctx)
		if err != nil {
			return err
		}
		if err := mirror.AdminsLeft(n); err != nil {
			return err
		}
		if attempt >= 2 {
			return shop.Errorf(shop.ECONFLICT, "The admins changed at the same time. Please try again.")
		}
	}
}

// giveAdmin adds one admin to the count.
func (s *Store) giveAdmin(ctx context.Context) error {
	give := func(ctx context.Context) error {
		_, err := s.db.Collection(CollCounters).UpdateOne(ctx, bson.D{{Key: "_id", Value: adminCounterID}},
			bson.D{{Key: "$inc", Value: bson.D{{Key: "count", Value: int64(1)}}}}, options.UpdateOne().SetUpsert(true))
		return err
	}
	ctx = context.WithoutCancel(ctx) // the role is written: count it
	err := s.write(ctx, CollCounters, give)
	if isDuplicate(err) { // two first upserts at once on MongoDB: the counter exists now
		err = s.write(ctx, CollCounters, give)
	}
	return translate(err, "")
}

// adminCount reads the admins' count (0 when there is no counter yet).
func (s *Store) adminCount(ctx context.Context) (int64, error) {
	var c adminCountDoc
	err := s.db.Collection(CollCounters).FindOne(ctx, bson.D{{Key: "_id", Value: adminCounterID}}).Decode(&c)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return 0, nil
	}
	return c.Count, translate(err, "")
}

// AdminCount is the admins' count as stored (for the tests and the health
// of the roles).
func (s *Store) AdminCount(ctx context.Context) (int64, error) { return s.adminCount(ctx) }

// recountAdmins sets the count from the users, at start: it repairs a
// count a crash between a count and a role write left too low.
func (s *Store) recountAdmins(ctx context.Context) error {
	admins, err := s.AdminEmails(ctx)
	if err != nil {
		return err
	}
	n := int64(len(admins))
	before, err := s.adminCount(ctx)
	if err != nil {
		return err
	}
	if before == n {
		return nil
	}
	err = s.write(ctx, CollCounters, func(ctx context.Context) error {
		_, err := s.db.Collection(CollCounters).UpdateOne(ctx, bson.D{{Key: "_id", Value: adminCounterID}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "count", Value: n}}}}, options.UpdateOne().SetUpsert(true))
		return err
	})
	if err != nil {
		return translate(err, "")
	}
	if before != 0 || n != 0 {
		s.log.Info("set the admins' count from the users", "was", before, "admins", n)
	}
	return nil
}

// roleSet is the update that gives the account role and records it.
func roleSet(role string, rec shop.RoleChange) bson.D {
	return bson.D{
		{Key: "$set", Value: bson.D{{Key: "role", Value: role}}},
		{Key: "$push", Value: bson.D{{Key: "roleHistory", Value: mirror.NewRoleChange(rec)}}},
	}
}

// promote makes the account an admin (guarded: not one yet, not being
// deleted) and then counts it. changed is false when it was an admin
// already.
func (s *Store) promote(ctx context.Context, u shop.User, rec shop.RoleChange) (changed bool, err error) {
	rec.Email, rec.Role = u.Email, shop.RoleAdmin
	if rec.At.IsZero() {
		rec.At = s.now()
	}
	_, err = s.users.update(ctx, mustOID(u.ID), guard[mirror.User]{filter: notAdmin, check: mirror.NotAdmin}, roleSet(shop.RoleAdmin, rec))
	if mirror.IsAlreadyAdmin(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, s.giveAdmin(ctx)
}

// PromoteUser makes the account with this email an admin and records it.
func (s *Store) PromoteUser(ctx context.Context, email string, rec shop.RoleChange) (shop.UpdateResult, error) {
	u, err := s.FindUserByEmail(ctx, email)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	changed, err := s.promote(ctx, u, rec)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	res := shop.UpdateResult{Acknowledged: true, MatchedCount: 1}
	if changed {
		res.ModifiedCount = 1
	}
	return res, nil
}

// DemoteUser returns the admin with this email to customer and records it:
// the count first (guarded), then the role (guarded: still an admin).
func (s *Store) DemoteUser(ctx context.Context, email string, rec shop.RoleChange) (shop.UpdateResult, error) {
	u, err := s.FindUserByEmail(ctx, email)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	if !u.IsAdmin() {
		return shop.UpdateResult{Acknowledged: true, MatchedCount: 1}, nil
	}
	if err := s.takeAdmin(ctx); err != nil {
		return shop.UpdateResult{}, err
	}
	rec.Email, rec.Role = u.Email, shop.RoleCustomer
	if rec.At.IsZero() {
		rec.At = s.now()
	}
	res, err := s.users.update(ctx, mustOID(u.ID), guard[mirror.User]{filter: isAdmin, check: mirror.RoleIs(shop.RoleAdmin)},
		roleSet(shop.RoleCustomer, rec))
	if err != nil {
		if gerr := s.giveAdmin(ctx); gerr != nil {
			s.log.Error("the admins' count is one low until the next start", "error", gerr)
		}
		return shop.UpdateResult{}, err
	}
	return res, nil
}
