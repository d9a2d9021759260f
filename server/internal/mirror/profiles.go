package mirror

import (
	"storefront/server/internal/shop"
)

type Profile struct {
	ID        ID     `bson:"_id,omitempty"`
	Name      string `bson:"name"`
	Email     string `bson:"email"`
	Image     string `bson:"image"`
	Address   string `bson:"address"`
	Education string `bson:"education"`
	Linkdin   string `bson:"linkdin"`
}

// Shop is the document as the domain has it.
func (d Profile) Shop() shop.Profile {
	return shop.Profile{ID: d.ID.Hex(), Name: d.Name, Email: d.Email, Image: d.Image, Address: d.Address, Education: d.Education, Linkdin: d.Linkdin}
}

// Profiles keeps the profiles by id and by email.
func Profiles(name string) *Mirror[ID, Profile] {
	return &Mirror[ID, Profile]{
		Name: name, IDOf: func(d *Profile) ID { return d.ID }, CmpID: CompareIDs,
		Keys: []*KeyIndex[ID, Profile]{
			{Name: "email", Key: func(d *Profile) (string, bool) { return d.Email, true }},
		},
	}
}

// ProfileOf is a profile's deletion's precondition: it belongs to email
// (MongoDB: {email: email}).
func ProfileOf(email string) func(Profile) error {
	return func(p Profile) error {
		if p.Email != email {
			return shop.Errorf(shop.ENOTFOUND, "The profile was not found.")
		}
		return nil
	}
}
