package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.CompanyStore = (*Store)(nil)

// The companies of issue 45: companies by id, memberships under the
// member's e-mail (so that a person has at most one: the _id is unique on
// both stores), invitations under their token's hash.

// NewCompanyID returns the id of a company about to be stored.
func (s *Store) NewCompanyID() string { return newID().Hex() }

// InsertCompany stores a new company, pending.
func (s *Store) InsertCompany(ctx context.Context, c shop.Company) (shop.Company, error) {
	id, err := objectID(c.ID)
	if err != nil {
		return shop.Company{}, err
	}
	doc := mirror.Company{ID: id, Name: c.Name, TaxID: c.TaxID, BillingAddress: c.BillingAddress,
		Status: string(shop.CompanyPending), CreatedAt: s.now(), Admins: 1} // its applicant
	if err := s.companies.insert(ctx, doc); err != nil {
		return shop.Company{}, translate(err, "")
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}

// FindCompany returns the company with this id.
func (s *Store) FindCompany(ctx context.Context, id string) (shop.Company, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Company{}, err
	}
	d, err := s.companies.get(ctx, oid)
	return d.Shop(), err
}

// ListCompanies returns companies newest first: of one status, or all.
func (s *Store) ListCompanies(ctx context.Context, status shop.CompanyStatus, limit, skip int) ([]shop.Company, int64, error) {
	q := listQuery[mirror.Company]{index: "createdAt", desc: true, sort: newestFirst, skip: skip, limit: limit}
	if status != "" {
		st := string(status)
		q.index, q.group, q.filter = "status,createdAt", &st, bson.D{{Key: "status", Value: st}}
	}
	docs, total, err := s.companies.list(ctx, q)
	return mirror.ShopAll[shop.Company](docs), total, err
}

var pendingCompany = guard[mirror.Company]{
	filter: bson.D{{Key: "status", Value: string(shop.CompanyPending)}},
	check:  mirror.Pending,
}

// UpdateCompany applies an admin's change in one write: a decision only to
// a pending company (guarded), a price list and the PO rule to any.
func (s *Store) UpdateCompany(ctx context.Context, id string, d shop.CompanyChange) (shop.Company, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Company{}, err
	}
	var set bson.D
	g := guard[mirror.Company]{}
	if d.Status != "" {
		g = pendingCompany
		set = append(set, bson.E{Key: "status", Value: string(d.Status)}, bson.E{Key: "decidedAt", Value: s.now()})
	}
	if d.PriceList != nil {
		set = append(set, bson.E{Key: "priceList", Value: mirror.PriceListOf(d.PriceList)})
	}
	if d.PORequired != nil {
		set = append(set, bson.E{Key: "poRequired", Value: *d.PORequired})
	}
	if d.TermsDays != nil { // issue 45: payment on account (terms.go)
		set = append(set, bson.E{Key: "termsDays", Value: *d.TermsDays})
	}
	if d.CreditLimit != nil {
		set = append(set, bson.E{Key: "creditLimitCents", Value: int64(*d.CreditLimit)})
	}
	if _, err := s.companies.update(ctx, oid, g, bson.D{{Key: "$set", Value: set}}); err != nil {
		return shop.Company{}, err
	}
	c, err := s.companies.get(ctx, oid)
	return c.Shop(), err
}

// InsertMember stores a membership under the e-mail: a second one of the
// same address is refused (the unique _id).
func (s *Store) InsertMember(ctx context.Context, m shop.Member) (shop.Member, error) {
	cid, err := objectID(m.Company)
	if err != nil {
		return shop.Member{}, err
	}
	doc := mirror.Member{Email: shop.NormalizeEmail(m.Email), Company: cid, Role: string(m.Role), Limit: mirror.DollarsOf(m.Limit), JoinedAt: s.now()}
	if err := s.members.insert(ctx, doc); err != nil {
		if isDuplicate(err) {
			return shop.Member{}, &shop.Error{Code: shop.ECONFLICT, Message: shop.MsgAlreadyInCompany, Cause: err}
		}
		return shop.Member{}, translate(err, "")
	}
	if m.Role == shop.RoleCompanyAdmin { // (an applicant's company is stored after, counting them)
		if err := s.giveCompanyAdmin(ctx, cid); err != nil {
			return shop.Member{}, err
		}
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}

// FindMember returns the membership of this address.
func (s *Store) FindMember(ctx context.Context, email string) (shop.Member, error) {
	d, err := s.members.get(ctx, shop.NormalizeEmail(email))
	return d.Shop(), err
}

// ListMembers returns a company's members, oldest first.
func (s *Store) ListMembers(ctx context.Context, companyID string) ([]shop.Member, error) {
	cid, err := objectID(companyID)
	if err != nil {
		return nil, err
	}
	key := cid.Hex()
	docs, _, err := s.members.list(ctx, listQuery[mirror.Member]{index: "company,joinedAt", group: &key,
		filter: bson.D{{Key: "company", Value: cid}}, sort: oldestMembersFirst, limit: 1 << 20})
	return mirror.ShopAll[shop.Member](docs), err
}

var oldestMembersFirst = bson.D{{Key: "joinedAt", Value: 1}, {Key: "_id", Value: 1}}

// UpdateMember sets a member's role and limit (guarded: still of the company).
func (s *Store) UpdateMember(ctx context.Context, companyID, email string, role shop.CompanyRole, limit *shop.Cents) (shop.Member, error) {
	cid, err := objectID(companyID)
	if err != nil {
		return shop.Member{}, err
	}
	email = shop.NormalizeEmail(email)
	update := bson.D{{Key: "$set", Value: bson.D{{Key: "role", Value: string(role)}}}}
	if limit != nil {
		update = bson.D{{Key: "$set", Value: bson.D{{Key: "role", Value: string(role)}, {Key: "limit", Value: limit.Float()}}}}
	} else {
		update = append(update, bson.E{Key: "$unset", Value: bson.D{{Key: "limit", Value: ""}}})
	}
	if err := s.changeMember(ctx, cid, email, role, update); err != nil {
		return shop.Member{}, err
	}
	d, err := s.members.get(ctx, email)
	return d.Shop(), err
}

// DeleteMember removes a member of the company.
func (s *Store) DeleteMember(ctx context.Context, companyID, email string) (shop.Member, error) {
	cid, err := objectID(companyID)
	if err != nil {
		return shop.Member{}, err
	}
	d, err := s.removeMember(ctx, &cid, shop.NormalizeEmail(email), false)
	return d.Shop(), err
}

// EraseMembership deletes the address's membership, if any (an erasure).
func (s *Store) EraseMembership(ctx context.Context, email string) error {
	_, err := s.removeMember(ctx, nil, shop.NormalizeEmail(email), true)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}

// InsertInvitation stores an invitation under its token's hash.
func (s *Store) InsertInvitation(ctx context.Context, inv shop.Invitation) error {
	cid, err := objectID(inv.Company)
	if err != nil {
		return err
	}
	return translate(s.invitations.insert(ctx, mirror.Invitation{Hash: inv.Hash, Company: cid, Email: shop.NormalizeEmail(inv.Email),
		Role: string(inv.Role), Limit: mirror.DollarsOf(inv.Limit), By: inv.By, ExpiresAt: inv.ExpiresAt.UTC().Truncate(time.Millisecond)}), "")
}

// UseInvitation marks an unused, unexpired invitation used, once.
func (s *Store) UseInvitation(ctx context.Context, hash string, now time.Time) (shop.Invitation, error) {
	g := guard[mirror.Invitation]{
		filter: bson.D{{Key: "usedAt", Value: bson.D{{Key: "$exists", Value: false}}}, {Key: "expiresAt", Value: bson.D{{Key: "$gt", Value: now}}}},
		check:  mirror.Usable(now),
	}
	if _, err := s.invitations.update(ctx, hash, g, bson.D{{Key: "$set", Value: bson.D{{Key: "usedAt", Value: now}}}}); err != nil {
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			return shop.Invitation{}, shop.ErrBadAccountToken()
		}
		return shop.Invitation{}, err
	}
	d, err := s.invitations.get(ctx, hash)
	return d.Shop(), err
}

// ReleaseInvitation makes a used invitation usable again.
func (s *Store) ReleaseInvitation(ctx context.Context, hash string) error {
	_, err := s.invitations.update(ctx, hash, guard[mirror.Invitation]{
		filter: bson.D{{Key: "usedAt", Value: bson.D{{Key: "$exists", Value: true}}}}, check: mirror.Used,
	}, bson.D{{Key: "$unset", Value: bson.D{{Key: "usedAt", Value: ""}}}})
	return err
}
