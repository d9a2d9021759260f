package app

import (
	"context"

	"storefront/server/internal/shop"
)

// Addresses is the signed-in buyer's address book (issue 49): GET, POST,
// PATCH and DELETE /addresses, and the one resolution of a purchase's
// delivery (Deliver) that POST /order, POST /checkout and POST
// /checkout/preview share.
type Addresses struct {
	Store  shop.AddressStore
	Owners *Owners // an address saved for an account being deleted is erased again
	// Companies decides who manages and uses a company's addresses (issue
	// 45, company_addresses.go); nil: no companies.
	Companies *Companies
}

// bookRetries is how often a change is tried again when another write to
// the same book came first (each try is one guarded write).
const bookRetries = 8

// List answers GET /addresses: the caller's addresses, the default first.
func (a *Addresses) List(ctx context.Context, caller shop.Caller) ([]shop.Address, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return nil, err
	}
	book, err := a.Store.FindAddressBook(ctx, caller.Email)
	if err != nil {
		return nil, err
	}
	return defaultFirst(book.Addresses), nil
}

// defaultFirst lists the default address first, the others as saved.
func defaultFirst(list []shop.Address) []shop.Address {
	out := make([]shop.Address, 0, len(list))
	for _, ad := range list {
		if ad.IsDefault {
			out = append(out, ad)
		}
	}
	for _, ad := range list {
		if !ad.IsDefault {
			out = append(out, ad)
		}
	}
	return out
}

// change applies fn to the book under key (the caller's e-mail, or a
// company's: companyBook) and saves it with one guarded write, read again
// and retried when another write came first. owner is the account whose
// book it is (nil: a company's).
func (a *Addresses) change(ctx context.Context, key string, owner shop.Caller, fn func([]shop.Address) ([]shop.Address, error)) ([]shop.Address, error) {
	for attempt := 0; ; attempt++ {
		book, err := a.Store.FindAddressBook(ctx, key)
		if err != nil {
			return nil, err
		}
		next, err := fn(append([]shop.Address(nil), book.Addresses...))
		if err != nil {
			return nil, err
		}
		saved, err := a.Store.SaveAddressBook(ctx, key, book.Revision, withOneDefault(next))
		if shop.ErrorCode(err) == shop.ECONFLICT && attempt < bookRetries {
			continue
		}
		if err != nil {
			return nil, err
		}
		if owner != nil {
			if err := a.Owners.Keep(ctx, owner, func(ctx context.Context, _ *shop.User) error { return a.Store.EraseAddresses(ctx, key) }); err != nil {
				return nil, err
			}
		}
		return saved.Addresses, nil
	}
}

// withOneDefault keeps exactly one default in a book that has addresses:
// the last one marked (the one just saved as default), else the first.
func withOneDefault(list []shop.Address) []shop.Address {
	def := -1
	for i := range list {
		if list[i].IsDefault {
			def = i
		}
	}
	if def < 0 && len(list) > 0 {
		def = 0
	}
	for i := range list {
		list[i].IsDefault = i == def
	}
	return list
}

// Add answers POST /addresses: the new address (the default when it is the
// first, or when asked).
func (a *Addresses) Add(ctx context.Context, caller shop.Caller, d shop.AddressDraft) (shop.Address, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Address{}, err
	}
	return a.add(ctx, caller.Email, caller, d)
}

// add adds an address to the book under key (change's).
func (a *Addresses) add(ctx context.Context, key string, owner shop.Caller, d shop.AddressDraft) (shop.Address, error) {
	ad, err := d.Apply(shop.Address{})
	if err != nil {
		return shop.Address{}, err
	}
	ad.ID = a.Store.NewAddressID()
	saved, err := a.change(ctx, key, owner, func(list []shop.Address) ([]shop.Address, error) {
		if len(list) >= shop.MaxAddresses {
			return nil, shop.Errorf(shop.ECONFLICT, shop.MsgAddressBookFull, shop.MaxAddresses)
		}
		if ad.IsDefault {
			for i := range list {
				list[i].IsDefault = false
			}
		}
		return append(list, ad), nil
	})
	if err != nil {
		return shop.Address{}, err
	}
	return find(saved, ad.ID)
}

// Update answers PATCH /addresses/{id}: the fields sent replace the saved
// ones; isDefault true makes it the default (false is refused while it is
// the only one, which must stay the default).
func (a *Addresses) Update(ctx context.Context, caller shop.Caller, id string, d shop.AddressDraft) (shop.Address, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Address{}, err
	}
	return a.update(ctx, caller.Email, caller, id, d)
}

// update changes an address of the book under key (change's).
func (a *Addresses) update(ctx context.Context, key string, owner shop.Caller, id string, d shop.AddressDraft) (shop.Address, error) {
	saved, err := a.change(ctx, key, owner, func(list []shop.Address) ([]shop.Address, error) {
		i := indexOf(list, id)
		if i < 0 {
			return nil, shop.NotFound(shop.MsgAddressNoun)
		}
		ad, err := d.Apply(list[i])
		if err != nil {
			return nil, err
		}
		if ad.IsDefault {
			for j := range list {
				list[j].IsDefault = false
			}
		} else if list[i].IsDefault {
			// Unmarking the default makes the first other one the default.
			for j := range list {
				if j != i {
					list[j].IsDefault = true
					break
				}
			}
		}
		list[i] = ad
		return list, nil
	})
	if err != nil {
		return shop.Address{}, err
	}
	return find(saved, id)
}

// Delete answers DELETE /addresses/{id}; when it was the default, the
// first one left becomes it.
func (a *Addresses) Delete(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	return a.remove(ctx, caller.Email, caller, id)
}

// remove deletes an address of the book under key (change's).
func (a *Addresses) remove(ctx context.Context, key string, owner shop.Caller, id string) (shop.DeleteResult, error) {
	_, err := a.change(ctx, key, owner, func(list []shop.Address) ([]shop.Address, error) {
		i := indexOf(list, id)
		if i < 0 {
			return nil, shop.NotFound(shop.MsgAddressNoun)
		}
		return append(list[:i], list[i+1:]...), nil
	})
	if err != nil {
		return shop.DeleteResult{}, err
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}

func indexOf(list []shop.Address, id string) int {
	for i := range list {
		if list[i].ID == id {
			return i
		}
	}
	return -1
}

func find(list []shop.Address, id string) (shop.Address, error) {
	if i := indexOf(list, id); i >= 0 {
		return list[i], nil
	}
	return shop.Address{}, shop.NotFound(shop.MsgAddressNoun)
}

// Deliver resolves where a purchase ships: with an addressId, the caller's
// saved address (or their company's: issue 45) gives the order's address (its text), mobile (its phone)
// and country, and sending the address or mobile as well, or another
// country, is 400 (as is an id that is not one of the caller's
// addresses). Without one, d is left as typed. POST /order, POST
// /checkout and POST /checkout/preview call it before they check the rest
// of their body: the checkout body is one schema.
func (a *Addresses) Deliver(ctx context.Context, caller shop.Caller, d *shop.Delivery) error {
	d.Trim()
	if d.AddressID == "" {
		return nil
	}
	if err := shop.RequireSignedIn(caller); err != nil {
		return err
	}
	unknown := shop.Invalid(shop.MsgDeliveryInvalid, map[string]string{"addressId": shop.FieldAddressUnknown})
	if a == nil {
		return unknown
	}
	book, err := a.Store.FindAddressBook(ctx, caller.Email)
	if err != nil {
		return err
	}
	i := indexOf(book.Addresses, d.AddressID)
	if i < 0 {
		return a.deliverToCompany(ctx, caller, d, unknown)
	}
	return d.UseAddress(book.Addresses[i])
}
