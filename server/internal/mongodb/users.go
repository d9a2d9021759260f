package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.UserStore = (*Store)(nil)

// CreateUser inserts a new account; the unique email index refuses a second
// account with the same email (ECONFLICT).
func (s *Store) CreateUser(ctx context.Context, u shop.User) (shop.User, error) {
	doc := s.newUserDoc(u)
	if doc.Role == shop.RoleAdmin { // ADMIN_EMAILS, at a first Google sign-in
		doc.RoleHistory = []mirror.RoleChange{mirror.NewRoleChange(shop.RoleChange{Email: doc.Email, Role: shop.RoleAdmin,
			By: shop.RoleByConfiguration, At: doc.CreatedAt})}
	}
	created, err := s.insertUser(ctx, doc)
	if err == nil && created.IsAdmin() {
		err = s.giveAdmin(ctx) // after the document: a crash between leaves the count low (roles.go)
	}
	return created, err
}

// newUserDoc is the document of a new account.
func (s *Store) newUserDoc(u shop.User) mirror.User {
	if u.CreatedAt.IsZero() {
		u.CreatedAt = s.now()
	}
	return mirror.User{ID: newID(), Email: shop.NormalizeEmail(u.Email), Name: u.Name, Role: u.Role, Provider: u.Provider,
		PasswordHash: u.PasswordHash, CreatedAt: u.CreatedAt.UTC().Truncate(time.Millisecond), EmailVerified: u.EmailVerified}
}

// insertUser stores a new account's document.
func (s *Store) insertUser(ctx context.Context, doc mirror.User) (shop.User, error) {
	if err := translate(s.users.insert(ctx, doc), ""); err != nil {
		if isDuplicate(err) {
			return shop.User{}, &shop.Error{Code: shop.ECONFLICT, Message: "An account with this email already exists.", Cause: err}
		}
		return shop.User{}, err
	}
	return doc.Shop(), nil
}

// FindUserByID returns the account with this id.
func (s *Store) FindUserByID(ctx context.Context, id string) (shop.User, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.User{}, err
	}
	d, err := s.users.get(ctx, oid)
	return d.Shop(), err
}

// FindUserByEmail returns the account with this email.
func (s *Store) FindUserByEmail(ctx context.Context, email string) (shop.User, error) {
	email = shop.NormalizeEmail(email)
	d, err := s.users.getBy(ctx, "email", email, bson.D{{Key: "email", Value: email}})
	return d.Shop(), err
}

// ListUsers returns a page of accounts, oldest first, and their number.
func (s *Store) ListUsers(ctx context.Context, limit, skip int) ([]shop.User, int64, error) {
	docs, total, err := s.users.list(ctx, listQuery[mirror.User]{index: "createdAt",
		sort: bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, skip: skip, limit: limit})
	return mirror.ShopAll[shop.User](docs), total, err
}

// SetUserName renames the account.
func (s *Store) SetUserName(ctx context.Context, id, name string) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return s.users.update(ctx, oid, guard[mirror.User]{}, bson.D{{Key: "$set", Value: bson.D{{Key: "name", Value: name}}}})
}

// adminUsers finds the admins (served by the index role).
var adminUsers = bson.D{{Key: "role", Value: shop.RoleAdmin}}

// admins returns the admins' accounts, oldest first.
func (s *Store) admins(ctx context.Context) ([]mirror.User, error) {
	role := shop.RoleAdmin
	docs, _, err := s.users.list(ctx, listQuery[mirror.User]{index: "role", group: &role, filter: adminUsers,
		sort: bson.D{{Key: "role", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, limit: 1000})
	return docs, err
}

// Admins returns the admins' accounts, with their notification settings,
// oldest first (served by the index role).
func (s *Store) Admins(ctx context.Context) ([]shop.User, error) {
	docs, err := s.admins(ctx)
	return mirror.ShopAll[shop.User](docs), err
}

// SetNotifications stores an account's notification settings.
func (s *Store) SetNotifications(ctx context.Context, id string, n shop.NotificationSettings) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	return s.users.update(ctx, oid, guard[mirror.User]{}, bson.D{{Key: "$set", Value: bson.D{{Key: "notifications", Value: mirror.NewNotifications(n)}}}})
}

// AdminEmails returns the admins' addresses, oldest account first.
func (s *Store) AdminEmails(ctx context.Context) ([]string, error) {
	docs, err := s.admins(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(docs))
	for i, d := range docs {
		out[i] = d.Email
	}
	return out, nil
}
