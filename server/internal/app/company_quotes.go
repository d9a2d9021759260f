package app

import (
	"context"
	"slices"

	"storefront/server/internal/shop"
)

// maxMemberQuotes bounds how many of each member's quotes (newest first)
// the company's list is made of.
const maxMemberQuotes = 200

// CompanyQuotes answers GET /companies/{id}/quotes (issue 45): the quotes
// of the company's members, newest first, to its company admins and the
// site's admins (companyAdmin's rule: 403 to its other members, 404 to
// anyone else). A quote belongs to the one who asked for it, so the list
// is of the company's members now. quotes is the quote store (each
// member's quotes are read through its index by e-mail).
func (c *Companies) CompanyQuotes(ctx context.Context, caller shop.Caller, quotes shop.QuoteLister, id string, limit, skip int) ([]shop.Quote, int64, error) {
	if _, _, err := c.companyAdmin(ctx, caller, id); err != nil {
		return nil, 0, err
	}
	members, err := c.Companies.ListMembers(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	var all []shop.Quote
	for _, m := range members {
		list, _, err := quotes.ListQuotes(ctx, m.Email, maxMemberQuotes, 0)
		if err != nil {
			return nil, 0, err
		}
		all = append(all, list...)
	}
	slices.SortStableFunc(all, func(a, b shop.Quote) int { return b.CreatedAt.Compare(a.CreatedAt) })
	total := int64(len(all))
	if skip >= len(all) {
		return []shop.Quote{}, total, nil
	}
	return all[skip:min(len(all), skip+limit)], total, nil
}
