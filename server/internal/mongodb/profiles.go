package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.ProfileStore = (*Store)(nil)

// FindProfileByEmail returns the profile of this email.
func (s *Store) FindProfileByEmail(ctx context.Context, email string) (shop.Profile, error) {
	email = shop.NormalizeEmail(email)
	d, err := s.profiles.getBy(ctx, "email", email, bson.D{{Key: "email", Value: email}})
	return d.Shop(), err
}

// FindProfile returns the profile with this id.
func (s *Store) FindProfile(ctx context.Context, id string) (shop.Profile, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Profile{}, err
	}
	d, err := s.profiles.get(ctx, oid)
	return d.Shop(), err
}

// SaveProfile replaces (or creates) the profile of p.Email.
func (s *Store) SaveProfile(ctx context.Context, p shop.Profile) (shop.UpdateResult, error) {
	email := shop.NormalizeEmail(p.Email)
	set := bson.D{{Key: "name", Value: p.Name}, {Key: "email", Value: email}, {Key: "image", Value: p.Image},
		{Key: "address", Value: p.Address}, {Key: "education", Value: p.Education}, {Key: "linkdin", Value: p.Linkdin}}
	if s.profiles.mem == nil {
		var res *mongo.UpdateResult
		err := s.write(ctx, CollProfiles, func(ctx context.Context) error {
			var err error
			res, err = s.profiles.c.UpdateOne(ctx, bson.D{{Key: "email", Value: email}}, bson.D{{Key: "$set", Value: set}}, options.UpdateOne().SetUpsert(true))
			return err
		})
		if err != nil {
			return shop.UpdateResult{}, translate(err, "")
		}
		out := updateResult(res)
		if oid, ok := res.UpsertedID.(bson.ObjectID); ok {
			out.UpsertedID = oid.Hex()
		}
		return out, nil
	}
	// Embedded: the email's profile is looked up in the mirror and written by
	// _id, both under the write slot, so two saves cannot both insert.
	var out shop.UpdateResult
	err := s.profiles.mutate(ctx, nil, func(ctx context.Context, w *mirror.Writing) error {
		cur, ok := s.profiles.mem.Mem.Lookup("email", email)
		if !ok {
			doc := mirror.Profile{ID: newID(), Name: p.Name, Email: email, Image: p.Image, Address: p.Address, Education: p.Education, Linkdin: p.Linkdin}
			w.Touch(doc.ID)
			if _, err := s.profiles.c.InsertOne(ctx, doc); w.Stored(err) != nil {
				return w.Err()
			}
			if err := s.profiles.remember(doc); err != nil {
				return err
			}
			out = shop.UpdateResult{Acknowledged: true, UpsertedID: doc.ID.Hex()}
			return nil
		}
		w.Touch(cur.ID)
		res, err := s.profiles.c.UpdateOne(ctx, bson.D{{Key: "_id", Value: cur.ID}}, bson.D{{Key: "$set", Value: set}})
		if w.Stored(err) != nil {
			return w.Err()
		}
		out = updateResult(res)
		return s.profiles.mem.Reload(ctx, cur.ID)
	})
	return out, translate(err, "")
}

// DeleteProfile removes the profile with this id if it belongs to email.
func (s *Store) DeleteProfile(ctx context.Context, id, email string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	email = shop.NormalizeEmail(email)
	_, err = s.profiles.remove(ctx, oid, guard[mirror.Profile]{
		filter: bson.D{{Key: "email", Value: email}},
		check:  mirror.ProfileOf(email),
	})
	if err != nil {
		return shop.DeleteResult{}, err
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}
