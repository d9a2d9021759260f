package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/shop"
)

var _ shop.ProfileStore = (*Store)(nil)

type profileDoc struct {
	ID        bson.ObjectID `bson:"_id,omitempty"`
	Name      string        `bson:"name"`
	Email     string        `bson:"email"`
	Image     string        `bson:"image"`
	Address   string        `bson:"address"`
	Education string        `bson:"education"`
	Linkdin   string        `bson:"linkdin"`
}

func (d profileDoc) profile() shop.Profile {
	return shop.Profile{ID: d.ID.Hex(), Name: d.Name, Email: d.Email, Image: d.Image, Address: d.Address, Education: d.Education, Linkdin: d.Linkdin}
}

func (s *Store) profiles() *mongo.Collection { return s.db.Collection(CollProfiles) }

// FindProfileByEmail returns the profile of this email.
func (s *Store) FindProfileByEmail(ctx context.Context, email string) (shop.Profile, error) {
	var d profileDoc
	if err := s.profiles().FindOne(ctx, bson.D{{Key: "email", Value: shop.NormalizeEmail(email)}}).Decode(&d); err != nil {
		return shop.Profile{}, translate(err, "The profile")
	}
	return d.profile(), nil
}

// FindProfile returns the profile with this id.
func (s *Store) FindProfile(ctx context.Context, id string) (shop.Profile, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Profile{}, err
	}
	var d profileDoc
	if err := s.profiles().FindOne(ctx, bson.D{{Key: "_id", Value: oid}}).Decode(&d); err != nil {
		return shop.Profile{}, translate(err, "The profile")
	}
	return d.profile(), nil
}

// SaveProfile replaces (or creates) the profile of p.Email.
func (s *Store) SaveProfile(ctx context.Context, p shop.Profile) (shop.UpdateResult, error) {
	email := shop.NormalizeEmail(p.Email)
	set := bson.D{{Key: "name", Value: p.Name}, {Key: "email", Value: email}, {Key: "image", Value: p.Image},
		{Key: "address", Value: p.Address}, {Key: "education", Value: p.Education}, {Key: "linkdin", Value: p.Linkdin}}
	var res *mongo.UpdateResult
	err := s.write(ctx, CollProfiles, func(ctx context.Context) error {
		var err error
		res, err = s.profiles().UpdateOne(ctx, bson.D{{Key: "email", Value: email}}, bson.D{{Key: "$set", Value: set}}, options.UpdateOne().SetUpsert(true))
		return err
	})
	if err != nil {
		return shop.UpdateResult{}, translate(err, "")
	}
	out := shop.UpdateResult{Acknowledged: true, MatchedCount: res.MatchedCount, ModifiedCount: res.ModifiedCount}
	if oid, ok := res.UpsertedID.(bson.ObjectID); ok {
		out.UpsertedID = oid.Hex()
	}
	return out, nil
}

// DeleteProfile removes the profile with this id if it belongs to email.
func (s *Store) DeleteProfile(ctx context.Context, id, email string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	return s.deleteOne(ctx, CollProfiles, bson.D{{Key: "_id", Value: oid}, {Key: "email", Value: shop.NormalizeEmail(email)}}, "The profile")
}
