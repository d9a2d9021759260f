package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// Invitations' bounds and erasure (review finding 5): counted from the
// mirror in embedded mode (a company's waiting ones, a sender's of the last
// hour), with MongoDB by the indexes company_invitations and
// invitations_by; erased with the account by address and by sender;
// pruned hourly.

// PendingInvitations counts the company's unused invitations unexpired at now.
func (s *Store) PendingInvitations(ctx context.Context, companyID string, now time.Time) (int, error) {
	cid, err := objectID(companyID)
	if err != nil {
		return 0, err
	}
	docs, err := s.invitations.find(ctx, "id", func(d *mirror.Invitation) bool {
		return d.Company == cid && d.UsedAt == nil && now.Before(d.ExpiresAt)
	}, bson.D{{Key: "company", Value: cid}, {Key: "expiresAt", Value: bson.D{{Key: "$gt", Value: now.UTC()}}},
		{Key: "usedAt", Value: bson.D{{Key: "$exists", Value: false}}}}, nil)
	return len(docs), err
}

// InvitationsBy counts the invitations by sent that expire after
// expiringAfter, and the soonest of those expiries.
func (s *Store) InvitationsBy(ctx context.Context, by string, expiringAfter time.Time) (int, time.Time, error) {
	docs, err := s.invitations.find(ctx, "id", func(d *mirror.Invitation) bool {
		return d.By == by && d.ExpiresAt.After(expiringAfter)
	}, bson.D{{Key: "by", Value: by}, {Key: "expiresAt", Value: bson.D{{Key: "$gt", Value: expiringAfter.UTC()}}}}, nil)
	var soonest time.Time
	for _, d := range docs {
		if soonest.IsZero() || d.ExpiresAt.Before(soonest) {
			soonest = d.ExpiresAt
		}
	}
	return len(docs), soonest, err
}

// EraseInvitations deletes the invitations to email and those it sent.
func (s *Store) EraseInvitations(ctx context.Context, email string) (int, error) {
	email = shop.NormalizeEmail(email)
	return s.removeInvitations(ctx, func(d *mirror.Invitation) bool { return d.Email == email || d.By == email },
		bson.D{{Key: "$or", Value: bson.A{bson.D{{Key: "email", Value: email}}, bson.D{{Key: "by", Value: email}}}}})
}

// PruneInvitations deletes the invitations expired at now and those used
// before usedBefore.
func (s *Store) PruneInvitations(ctx context.Context, now, usedBefore time.Time) (int, error) {
	return s.removeInvitations(ctx, func(d *mirror.Invitation) bool {
		return !now.Before(d.ExpiresAt) || d.UsedAt != nil && d.UsedAt.Before(usedBefore)
	}, bson.D{{Key: "$or", Value: bson.A{bson.D{{Key: "expiresAt", Value: bson.D{{Key: "$lte", Value: now.UTC()}}}},
		bson.D{{Key: "usedAt", Value: bson.D{{Key: "$lt", Value: usedBefore.UTC()}}}}}}})
}

func (s *Store) removeInvitations(ctx context.Context, match func(*mirror.Invitation) bool, filter bson.D) (int, error) {
	docs, err := s.invitations.find(ctx, "id", match, filter, nil)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range docs {
		if _, err := s.invitations.remove(ctx, d.Hash, guard[mirror.Invitation]{}); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return n, err
		}
		n++
	}
	return n, nil
}

// FindInvitation returns the invitation with this hash.
func (s *Store) FindInvitation(ctx context.Context, hash string) (shop.Invitation, error) {
	d, err := s.invitations.get(ctx, hash)
	return d.Shop(), err
}
