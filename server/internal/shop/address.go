package shop

import (
	"context"
	"regexp"
	"strings"
)

// Address is one address of an account's address book (issue 49): where a
// purchase ships, chosen at checkout and on the Purchase path instead of
// typing it again. Its text is what an order's `address` holds.
type Address struct {
	ID        string `json:"_id"`
	Label     string `json:"label"`
	Name      string `json:"name"`
	Company   string `json:"company"`
	Line1     string `json:"line1"`
	Line2     string `json:"line2"`
	City      string `json:"city"`
	Postcode  string `json:"postcode"`
	Country   string `json:"country"` // ISO 3166-1 alpha-2, upper case
	Phone     string `json:"phone"`
	IsDefault bool   `json:"isDefault"`
}

// Text is the address as an order's `address` holds it: its parts on one
// line, those given, in the order a label prints them.
func (a Address) Text() string {
	city := strings.TrimSpace(a.City + " " + a.Postcode)
	parts := make([]string, 0, 6)
	for _, p := range []string{a.Name, a.Company, a.Line1, a.Line2, city, a.Country} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// AddressBook is an account's saved addresses (collection `addresses`, one
// document per account under its e-mail): every change is one guarded
// write on it, whatever it changes (the default moves with one write).
type AddressBook struct {
	Addresses []Address
	// Revision is raised by every write; a write names the revision it read.
	Revision int64
}

// Address book limits.
const (
	MaxAddresses       = 20
	MaxAddressLabelLen = 40
	MaxAddressNameLen  = 100
	MaxAddressLineLen  = 120
	MaxCityLen         = 80
	MaxPostcodeLen     = 20
)

var countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)

// IsCountry reports whether s is a country code: two letters A-Z (ISO
// 3166-1 alpha-2, upper case).
func IsCountry(s string) bool { return countryPattern.MatchString(s) }

// AddressDraft is the input of POST /addresses, and of PATCH
// /addresses/{id} (each field sent replaces the saved one).
type AddressDraft struct {
	Label     *string `json:"label"`
	Name      *string `json:"name"`
	Company   *string `json:"company"`
	Line1     *string `json:"line1"`
	Line2     *string `json:"line2"`
	City      *string `json:"city"`
	Postcode  *string `json:"postcode"`
	Country   *string `json:"country"`
	Phone     *string `json:"phone"`
	IsDefault *bool   `json:"isDefault"`
}

// Apply returns a with the draft's fields, trimmed (the country upper
// case), and checks the result.
func (d AddressDraft) Apply(a Address) (Address, error) {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = strings.TrimSpace(*v)
		}
	}
	set(&a.Label, d.Label)
	set(&a.Name, d.Name)
	set(&a.Company, d.Company)
	set(&a.Line1, d.Line1)
	set(&a.Line2, d.Line2)
	set(&a.City, d.City)
	set(&a.Postcode, d.Postcode)
	set(&a.Country, d.Country)
	set(&a.Phone, d.Phone)
	a.Country = strings.ToUpper(a.Country)
	if d.IsDefault != nil {
		a.IsDefault = *d.IsDefault
	}
	return a, a.Validate()
}

// Validate checks an address: a name, a first line, a city, a country and
// a phone are required; the whole text must fit an order's address.
func (a Address) Validate() error {
	f := map[string]string{}
	checkText(f, "label", a.Label, MaxAddressLabelLen, "", FieldTooLong)
	checkText(f, "name", a.Name, MaxAddressNameLen, FieldRequired, FieldTooLong)
	checkText(f, "company", a.Company, MaxCompanyLen, "", FieldTooLong)
	checkText(f, "line1", a.Line1, MaxAddressLineLen, FieldRequired, FieldTooLong)
	checkText(f, "line2", a.Line2, MaxAddressLineLen, "", FieldTooLong)
	checkText(f, "city", a.City, MaxCityLen, FieldRequired, FieldTooLong)
	checkText(f, "postcode", a.Postcode, MaxPostcodeLen, "", FieldTooLong)
	switch {
	case a.Country == "":
		f["country"] = FieldRequired
	case !IsCountry(a.Country):
		f["country"] = FieldCountry
	}
	switch {
	case a.Phone == "":
		f["phone"] = FieldRequired
	case !IsPhone(a.Phone):
		f["phone"] = FieldPhone
	}
	if len(f) == 0 && len([]rune(a.Text())) > MaxAddressLen {
		f["line1"] = FieldAddressTooLong
	}
	return Invalid(MsgAddressInvalid, f)
}

// Delivery is where a purchase ships, as POST /order, POST /checkout and
// POST /checkout/preview take it: a saved address (AddressID), or the
// address and mobile typed in; the country either way.
type Delivery struct {
	AddressID string `json:"addressId"`
	Address   string `json:"address"`
	Mobile    string `json:"mobile"`
	Country   string `json:"country"`
	// ShippingMethodID is the delivery option chosen (issue 48); "": the
	// store's default (DEFAULT_SHIPPING_METHOD; unset: free delivery).
	ShippingMethodID string `json:"shippingMethodId"`
}

// Trim trims the fields (the country upper case).
func (d *Delivery) Trim() {
	d.AddressID, d.Address, d.Mobile = strings.TrimSpace(d.AddressID), strings.TrimSpace(d.Address), strings.TrimSpace(d.Mobile)
	d.Country = strings.ToUpper(strings.TrimSpace(d.Country))
	d.ShippingMethodID = strings.TrimSpace(d.ShippingMethodID)
}

// UseAddress fills d from the saved address a (d.AddressID's): its text,
// its phone and its country. Sending the address or the mobile as well, or
// another country, is refused (400): the saved address is what ships.
func (d *Delivery) UseAddress(a Address) error {
	f := map[string]string{}
	if d.Address != "" {
		f["address"] = FieldNotWithAddressID
	}
	if d.Mobile != "" {
		f["mobile"] = FieldNotWithAddressID
	}
	if d.Country != "" && d.Country != a.Country {
		f["country"] = "must be the saved address's country (" + a.Country + ") or left out"
	}
	if err := Invalid(MsgDeliveryInvalid, f); err != nil {
		return err
	}
	d.Address, d.Mobile, d.Country = a.Text(), a.Phone, a.Country
	return nil
}

// check adds the problems of a typed-in delivery to f: an address and a
// mobile are required, a country is two letters when given.
func (d *Delivery) check(f map[string]string) {
	checkText(f, "address", d.Address, MaxAddressLen, FieldRequired, FieldTooLong)
	switch {
	case d.Mobile == "":
		f["mobile"] = FieldRequired
	case !IsPhone(d.Mobile):
		f["mobile"] = FieldPhone
	}
	if d.Country != "" && !IsCountry(d.Country) {
		f["country"] = FieldCountry
	}
	if d.ShippingMethodID != "" && CheckID(d.ShippingMethodID) != nil {
		f["shippingMethodId"] = FieldNotAMethod
	}
}

// AddressStore keeps the address books.
type AddressStore interface {
	// FindAddressBook returns email's address book (an empty one, revision
	// 0, when none is stored).
	FindAddressBook(ctx context.Context, email string) (AddressBook, error)
	// SaveAddressBook replaces email's addresses if the book is still at
	// revision (0: none stored yet), raising it: ECONFLICT when another
	// write came first.
	SaveAddressBook(ctx context.Context, email string, revision int64, addresses []Address) (AddressBook, error)
	// NewAddressID returns the id of an address about to be saved.
	NewAddressID() string
	// EraseAddresses deletes email's address book (an account's deletion).
	EraseAddresses(ctx context.Context, email string) error
}

// Address messages.
const (
	MsgAddressInvalid     = "The address is not valid."
	MsgAddressNoun        = "The address"
	MsgAddressBookFull    = "Your address book is full (%d addresses). Delete one you no longer use, then save this one."
	MsgDeliveryInvalid    = "The delivery address is not valid."
	FieldCountry          = "must be a two-letter country code, such as US or GB"
	FieldPhone            = "must be a phone number"
	FieldAddressTooLong   = "makes the address longer than 300 characters in all"
	FieldNotWithAddressID = "must not be sent with addressId: the saved address is used"
	FieldAddressUnknown   = "is not one of your saved addresses"
)
