package app

import (
	"context"

	"storefront/server/internal/shop"
)

// A company's addresses (issue 45): the address book's own steps (one
// guarded write per change, the default kept, the same limits) on the book
// under companyBook(id). Its company admins (and the site's admins) manage
// them; its members read them, and a member of an approved company picks
// one at checkout by its id, as one of their own (Deliver).

// companyBook is the key of company id's address book: no e-mail address
// has this form, so it is no one's own book.
func companyBook(id string) string { return "company:" + id }

// companyMember is nil when the caller may read company id's addresses: a
// member of it (any role), or an admin. 404 to anyone else.
func (a *Addresses) companyMember(ctx context.Context, caller shop.Caller, id string) error {
	if err := shop.RequireSignedIn(caller); err != nil {
		return err
	}
	if shop.CheckID(id) != nil || a.Companies == nil {
		return shop.NotFound(shop.MsgCompanyNoun)
	}
	store := a.Companies.Companies
	if !caller.IsAdmin() {
		m, err := store.FindMember(ctx, caller.Email)
		if shop.ErrorCode(err) == shop.ENOTFOUND || err == nil && m.Company != id {
			return shop.NotFound(shop.MsgCompanyNoun)
		}
		if err != nil {
			return err
		}
	}
	_, err := store.FindCompany(ctx, id)
	return err
}

// companyAdmin is nil when the caller manages company id's addresses: an
// admin of the approved company (Companies.companyAdmin's rule: 403 to its
// other members, 404 to outsiders), or a site admin.
func (a *Addresses) companyAdmin(ctx context.Context, caller shop.Caller, id string) error {
	if a.Companies == nil {
		if err := shop.RequireSignedIn(caller); err != nil {
			return err
		}
		return shop.NotFound(shop.MsgCompanyNoun)
	}
	_, _, err := a.Companies.companyAdmin(ctx, caller, id)
	return err
}

// CompanyList answers GET /companies/{id}/addresses: the company's
// addresses, the default first.
func (a *Addresses) CompanyList(ctx context.Context, caller shop.Caller, id string) ([]shop.Address, error) {
	if err := a.companyMember(ctx, caller, id); err != nil {
		return nil, err
	}
	book, err := a.Store.FindAddressBook(ctx, companyBook(id))
	if err != nil {
		return nil, err
	}
	return defaultFirst(book.Addresses), nil
}

// CompanyAdd answers POST /companies/{id}/addresses (Add's rules).
func (a *Addresses) CompanyAdd(ctx context.Context, caller shop.Caller, id string, d shop.AddressDraft) (shop.Address, error) {
	if err := a.companyAdmin(ctx, caller, id); err != nil {
		return shop.Address{}, err
	}
	return a.add(ctx, companyBook(id), nil, d)
}

// CompanyUpdate answers PATCH /companies/{id}/addresses/{addressId}
// (Update's rules).
func (a *Addresses) CompanyUpdate(ctx context.Context, caller shop.Caller, id, addressID string, d shop.AddressDraft) (shop.Address, error) {
	if err := a.companyAdmin(ctx, caller, id); err != nil {
		return shop.Address{}, err
	}
	return a.update(ctx, companyBook(id), nil, addressID, d)
}

// CompanyDelete answers DELETE /companies/{id}/addresses/{addressId}.
func (a *Addresses) CompanyDelete(ctx context.Context, caller shop.Caller, id, addressID string) (shop.DeleteResult, error) {
	if err := a.companyAdmin(ctx, caller, id); err != nil {
		return shop.DeleteResult{}, err
	}
	return a.remove(ctx, companyBook(id), nil, addressID)
}

// deliverToCompany is Deliver for an addressId that is not one of the
// caller's own: one of their company's, when they are a member of an
// approved company; otherwise unknown (400).
func (a *Addresses) deliverToCompany(ctx context.Context, caller shop.Caller, d *shop.Delivery, unknown error) error {
	if a.Companies == nil {
		return unknown
	}
	store := a.Companies.Companies
	m, err := store.FindMember(ctx, caller.Email)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return unknown
	}
	if err != nil {
		return err
	}
	co, err := store.FindCompany(ctx, m.Company)
	if shop.ErrorCode(err) == shop.ENOTFOUND || err == nil && co.Status != shop.CompanyApproved {
		return unknown
	}
	if err != nil {
		return err
	}
	book, err := a.Store.FindAddressBook(ctx, companyBook(co.ID))
	if err != nil {
		return err
	}
	i := indexOf(book.Addresses, d.AddressID)
	if i < 0 {
		return unknown
	}
	return d.UseAddress(book.Addresses[i])
}
