package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"storefront/server/internal/shop"
)

var _ shop.UserStore = (*Store)(nil)

type userDoc struct {
	ID           bson.ObjectID `bson:"_id,omitempty"`
	Email        string        `bson:"email"`
	Name         string        `bson:"name"`
	Role         string        `bson:"role"`
	Provider     string        `bson:"provider"`
	PasswordHash string        `bson:"passwordHash,omitempty"`
	CreatedAt    time.Time     `bson:"createdAt"`
}

func (d userDoc) user() shop.User {
	return shop.User{ID: d.ID.Hex(), Email: d.Email, Name: d.Name, Role: d.Role, Provider: d.Provider,
		PasswordHash: d.PasswordHash, CreatedAt: d.CreatedAt.UTC()}
}

func (s *Store) users() *mongo.Collection { return s.db.Collection(CollUsers) }

// CreateUser inserts a new account; the unique email index refuses a second
// account with the same email (ECONFLICT).
func (s *Store) CreateUser(ctx context.Context, u shop.User) (shop.User, error) {
	u.Email = shop.NormalizeEmail(u.Email)
	if u.CreatedAt.IsZero() {
		u.CreatedAt = time.Now().UTC()
	}
	doc := userDoc{ID: bson.NewObjectID(), Email: u.Email, Name: u.Name, Role: u.Role, Provider: u.Provider, PasswordHash: u.PasswordHash, CreatedAt: u.CreatedAt}
	err := s.write(ctx, CollUsers, func(ctx context.Context) error {
		_, err := s.users().InsertOne(ctx, doc)
		return err
	})
	if err = translate(err, ""); err != nil {
		if shop.ErrorCode(err) == shop.ECONFLICT {
			return shop.User{}, &shop.Error{Code: shop.ECONFLICT, Message: "An account with this email already exists.", Cause: err}
		}
		return shop.User{}, err
	}
	return doc.user(), nil
}

// FindUserByID returns the account with this id.
func (s *Store) FindUserByID(ctx context.Context, id string) (shop.User, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.User{}, err
	}
	return s.findUser(ctx, bson.D{{Key: "_id", Value: oid}})
}

// FindUserByEmail returns the account with this email.
func (s *Store) FindUserByEmail(ctx context.Context, email string) (shop.User, error) {
	return s.findUser(ctx, bson.D{{Key: "email", Value: shop.NormalizeEmail(email)}})
}

func (s *Store) findUser(ctx context.Context, filter bson.D) (shop.User, error) {
	var d userDoc
	if err := s.users().FindOne(ctx, filter).Decode(&d); err != nil {
		return shop.User{}, translate(err, "The user")
	}
	return d.user(), nil
}

// ListUsers returns a page of accounts, oldest first, and their number.
func (s *Store) ListUsers(ctx context.Context, limit, skip int) ([]shop.User, int64, error) {
	docs, total, err := findPage[userDoc](ctx, s.users(), bson.D{}, bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, limit, skip)
	out := make([]shop.User, len(docs))
	for i, d := range docs {
		out[i] = d.user()
	}
	return out, total, err
}

// SetUserName renames the account.
func (s *Store) SetUserName(ctx context.Context, id, name string) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return s.updateUser(ctx, bson.D{{Key: "_id", Value: oid}}, bson.D{{Key: "name", Value: name}})
}

// SetUserRole gives the account with this email the role.
func (s *Store) SetUserRole(ctx context.Context, email, role string) (shop.UpdateResult, error) {
	return s.updateUser(ctx, bson.D{{Key: "email", Value: shop.NormalizeEmail(email)}}, bson.D{{Key: "role", Value: role}})
}

func (s *Store) updateUser(ctx context.Context, filter, set bson.D) (shop.UpdateResult, error) {
	return s.updateOne(ctx, CollUsers, filter, bson.D{{Key: "$set", Value: set}}, "The user")
}

// DeleteUser removes the account.
func (s *Store) DeleteUser(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	return s.deleteOne(ctx, CollUsers, bson.D{{Key: "_id", Value: oid}}, "The user")
}
