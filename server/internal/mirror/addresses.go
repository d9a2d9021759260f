package mirror

import (
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// AddressBook is an account's saved addresses under its e-mail (issue 49).
type AddressBook struct {
	Email     string        `bson:"_id"`
	Addresses []AddressLine `bson:"addresses"`
	Revision  int64         `bson:"revision"`
	UpdatedAt time.Time     `bson:"updatedAt"`
}

// AddressLine is one saved address.
type AddressLine struct {
	ID        ID     `bson:"id"`
	Label     string `bson:"label,omitempty"`
	Name      string `bson:"name"`
	Company   string `bson:"company,omitempty"`
	Line1     string `bson:"line1"`
	Line2     string `bson:"line2,omitempty"`
	City      string `bson:"city"`
	Postcode  string `bson:"postcode,omitempty"`
	Country   string `bson:"country"`
	Phone     string `bson:"phone"`
	IsDefault bool   `bson:"isDefault"`
}

// Shop is the document as the domain has it.
func (d AddressBook) Shop() shop.AddressBook {
	b := shop.AddressBook{Revision: d.Revision, Addresses: make([]shop.Address, len(d.Addresses))}
	for i, a := range d.Addresses {
		b.Addresses[i] = shop.Address{ID: a.ID.Hex(), Label: a.Label, Name: a.Name, Company: a.Company, Line1: a.Line1, Line2: a.Line2,
			City: a.City, Postcode: a.Postcode, Country: a.Country, Phone: a.Phone, IsDefault: a.IsDefault}
	}
	return b
}

// AddressBooks keeps the address books by e-mail.
func AddressBooks(name string) *Mirror[string, AddressBook] {
	return &Mirror[string, AddressBook]{Name: name, IDOf: func(d *AddressBook) string { return d.Email }, CmpID: strings.Compare}
}

// AtRevision is an address book change's precondition: the book is still
// at the revision the change read.
func AtRevision(rev int64) func(AddressBook) error {
	return func(d AddressBook) error {
		if d.Revision != rev {
			return shop.Errorf(shop.ECONFLICT, "The address book changed meanwhile.")
		}
		return nil
	}
}
