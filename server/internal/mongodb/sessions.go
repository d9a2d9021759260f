package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// The sessions (shop.SessionStore, issue 44): one document each under a
// random _id, read by _id on every signed-in call (embedded: the mirror),
// an account's served by the index user_sessions (embedded: the mirror's
// userId lists).

var _ shop.SessionStore = (*Store)(nil)

// CollSessions holds the sessions.
const CollSessions = "sessions"

// CreateSession stores a new session.
func (s *Store) CreateSession(ctx context.Context, sess shop.Session) error {
	uid, err := objectID(sess.UserID)
	if err != nil {
		return err
	}
	return translate(s.sessions.insert(ctx, mirror.Session{ID: sess.ID, UserID: uid, Version: sess.Version,
		CreatedAt: sess.CreatedAt.UTC().Truncate(time.Millisecond), LastUsedAt: sess.LastUsedAt.UTC().Truncate(time.Millisecond),
		UserAgent: sess.UserAgent, IP: sess.IP, SecondFactor: sess.SecondFactor}), "")
}

// FindSession returns the session with this id.
func (s *Store) FindSession(ctx context.Context, id string) (shop.Session, error) {
	d, err := s.sessions.get(ctx, id)
	return d.Shop(), err
}

// TouchSession records a use of the session.
func (s *Store) TouchSession(ctx context.Context, id string, at time.Time) error {
	_, err := s.sessions.update(ctx, id, guard[mirror.Session]{}, bson.D{{Key: "$set", Value: bson.D{{Key: "lastUsedAt", Value: at.UTC().Truncate(time.Millisecond)}}}})
	return err
}

// sessionsOf lists an account's sessions, newest first.
func (s *Store) sessionsOf(ctx context.Context, uid mirror.ID) ([]mirror.Session, error) {
	group := uid.Hex()
	docs, _, err := s.sessions.list(ctx, listQuery[mirror.Session]{index: "userId", group: &group, desc: true,
		filter: bson.D{{Key: "userId", Value: uid}}, sort: newestFirst, limit: 1000})
	return docs, err
}

// SessionsOf returns the account's sessions, newest first.
func (s *Store) SessionsOf(ctx context.Context, userID string) ([]shop.Session, error) {
	uid, err := objectID(userID)
	if err != nil {
		return nil, err
	}
	docs, err := s.sessionsOf(ctx, uid)
	return mirror.ShopAll[shop.Session](docs), err
}

// DeleteSession ends the account's session.
func (s *Store) DeleteSession(ctx context.Context, id, userID string) error {
	uid, err := objectID(userID)
	if err != nil {
		return err
	}
	_, err = s.sessions.remove(ctx, id, guard[mirror.Session]{filter: bson.D{{Key: "userId", Value: uid}}, check: mirror.SessionOf(uid)})
	return err
}

// DeleteSessionsOf ends the account's sessions but keep.
func (s *Store) DeleteSessionsOf(ctx context.Context, userID, keep string) (int, error) {
	uid, err := objectID(userID)
	if err != nil {
		return 0, err
	}
	docs, err := s.sessionsOf(ctx, uid)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range docs {
		if d.ID == keep {
			continue
		}
		if _, err := s.sessions.remove(ctx, d.ID, guard[mirror.Session]{}); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return n, err
		}
		n++
	}
	return n, nil
}

// PruneSessions deletes the expired sessions.
func (s *Store) PruneSessions(ctx context.Context, idleBefore, maxBefore time.Time) (int, error) {
	n := 0
	for _, f := range []bson.D{
		{{Key: "lastUsedAt", Value: bson.D{{Key: "$lt", Value: idleBefore.UTC()}}}},
		{{Key: "createdAt", Value: bson.D{{Key: "$lt", Value: maxBefore.UTC()}}}},
	} {
		docs, err := s.sessions.find(ctx, "id", mirror.SessionExpired(idleBefore, maxBefore), f, nil)
		if err != nil {
			return n, err
		}
		for _, d := range docs {
			if _, err := s.sessions.remove(ctx, d.ID, guard[mirror.Session]{}); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
				return n, err
			}
			n++
		}
	}
	return n, nil
}
