package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.AddressStore = (*Store)(nil)

// NewAddressID returns the id of an address about to be saved.
func (s *Store) NewAddressID() string { return newID().Hex() }

// FindAddressBook returns email's address book (read by _id, the e-mail);
// an empty one at revision 0 when none is stored.
func (s *Store) FindAddressBook(ctx context.Context, email string) (shop.AddressBook, error) {
	d, err := s.addresses.get(ctx, shop.NormalizeEmail(email))
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return shop.AddressBook{Addresses: []shop.Address{}}, nil
	}
	return d.Shop(), err
}

// SaveAddressBook replaces email's addresses with one write guarded by the
// revision read: an update {_id, revision}, or at revision 0 the book's
// first insert (a duplicate _id: another first save came first).
func (s *Store) SaveAddressBook(ctx context.Context, email string, revision int64, addresses []shop.Address) (shop.AddressBook, error) {
	doc := mirror.AddressBook{Email: shop.NormalizeEmail(email), Addresses: make([]mirror.AddressLine, len(addresses)), Revision: revision + 1,
		UpdatedAt: s.now()}
	for i, a := range addresses {
		id, err := objectID(a.ID)
		if err != nil {
			return shop.AddressBook{}, err
		}
		doc.Addresses[i] = mirror.AddressLine{ID: id, Label: a.Label, Name: a.Name, Company: a.Company, Line1: a.Line1, Line2: a.Line2,
			City: a.City, Postcode: a.Postcode, Country: a.Country, Phone: a.Phone, IsDefault: a.IsDefault}
	}
	changed := shop.Errorf(shop.ECONFLICT, "The address book changed meanwhile.")
	if revision == 0 {
		if err := translate(s.addresses.insert(ctx, doc), ""); err != nil {
			if shop.ErrorCode(err) == shop.ECONFLICT {
				return shop.AddressBook{}, changed
			}
			return shop.AddressBook{}, err
		}
	} else {
		g := guard[mirror.AddressBook]{filter: bson.D{{Key: "revision", Value: revision}}, check: mirror.AtRevision(revision)}
		set := bson.D{{Key: "$set", Value: bson.D{{Key: "addresses", Value: doc.Addresses}, {Key: "revision", Value: doc.Revision},
			{Key: "updatedAt", Value: doc.UpdatedAt}}}}
		if _, err := s.addresses.update(ctx, doc.Email, g, set); err != nil {
			if shop.ErrorCode(err) == shop.ENOTFOUND {
				return shop.AddressBook{}, changed // (erased meanwhile: read again)
			}
			return shop.AddressBook{}, err
		}
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}

// EraseAddresses deletes email's address book (none: nothing to do).
func (s *Store) EraseAddresses(ctx context.Context, email string) error {
	_, err := s.addresses.remove(ctx, shop.NormalizeEmail(email), guard[mirror.AddressBook]{})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}
