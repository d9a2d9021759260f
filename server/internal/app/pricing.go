package app

import (
	"context"
	"fmt"

	"storefront/server/internal/shop"
)

// buyer is who places a purchase as far as prices and limits go: their
// membership of a company (issue 45) and that company, when they have one.
type buyer struct {
	member  *shop.Member
	company *shop.Company
}

// buyerOf looks up the caller's membership and company (none for an
// anonymous caller, or when memberships are not wired).
func (p *Purchases) buyerOf(ctx context.Context, caller shop.Caller) (buyer, error) {
	if p.Members == nil || caller == nil {
		return buyer{}, nil
	}
	m, err := p.Members.FindMember(ctx, caller.Email)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return buyer{}, nil
	}
	if err != nil {
		return buyer{}, err
	}
	co, err := p.Members.FindCompany(ctx, m.Company)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return buyer{member: &m}, nil
	}
	if err != nil {
		return buyer{}, err
	}
	return buyer{member: &m, company: &co}, nil
}

// approved is the buyer's company while it is approved, or nil.
func (b buyer) approved() *shop.Company {
	if b.company == nil || b.company.Status != shop.CompanyApproved {
		return nil
	}
	return b.company
}

// priceList is the buyer's company's price list (nil: list prices).
func (b buyer) priceList() *shop.PriceList {
	if co := b.approved(); co != nil {
		return co.PriceList
	}
	return nil
}

// unitPrice is what one piece of pr costs this buyer in a line of qty:
// the one pricing function (shop.Product.UnitPriceFor) with their price list.
func (b buyer) unitPrice(pr shop.Product, qty int64) shop.Cents {
	return pr.UnitPriceFor(qty, b.priceList())
}

// aboveLimit reports whether a purchase whose total (tax included) is
// above the buyer's limit per purchase set by their company, which then
// waits for an approver (issue 45). Where no one can approve it (the
// company is not approved) it is refused (409).
func (b buyer) aboveLimit(total shop.Cents) (bool, error) {
	if b.member == nil || b.member.Limit == nil || total <= *b.member.Limit {
		return false, nil
	}
	if b.approved() == nil {
		return false, shop.Errorf(shop.ECONFLICT, shop.MsgAboveLimit, shop.Money(total), shop.Money(*b.member.Limit))
	}
	return true, nil
}

// companyID is the company a purchase of this buyer is placed for: their
// approved company's id, or "".
func (b buyer) companyID() string {
	if co := b.approved(); co != nil {
		return co.ID
	}
	return ""
}

// Prices answers GET /prices: the caller's unit prices of these products
// (their company's when they are a member of an approved one; list prices
// with volume breaks for anyone else). Ids of no product are left out.
func (p *Purchases) Prices(ctx context.Context, caller shop.Caller, rawIDs string) ([]shop.ProductPrice, error) {
	ids, err := shop.ParsePriceIDs(rawIDs)
	if err != nil {
		return nil, err
	}
	b, err := p.buyerOf(ctx, caller)
	if err != nil {
		return nil, err
	}
	out := make([]shop.ProductPrice, 0, len(ids))
	for _, id := range ids {
		pr, err := p.Products.FindProduct(ctx, id)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, pr.PriceOf(b.priceList()))
	}
	return out, nil
}

// purchaseTerms applies the buyer's company's rules to a purchase's PO
// number and company (issue 45): for a member of an approved company the
// company is its name (a free text is refused: 400), and a PO number is
// required when the company says so (400). It returns the company to
// record on the purchase.
func (b buyer) purchaseTerms(poNumber, company string) (string, error) {
	co := b.approved()
	if co == nil {
		return company, nil
	}
	f := map[string]string{}
	if company != "" {
		f["company"] = fmt.Sprintf(shop.FieldCompanySetByMembership, co.Name)
	}
	if co.PORequired && poNumber == "" {
		f["poNumber"] = fmt.Sprintf(shop.FieldPORequired, co.Name)
	}
	if err := shop.Invalid(shop.MsgPurchaseTermsInvalid, f); err != nil {
		return "", err
	}
	return co.Name, nil
}
