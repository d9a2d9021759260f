package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// A company keeps a company admin (review finding 4), as the store keeps
// an admin (roles.go): each company document counts its admins (admins),
// and every write that takes an admin from an approved company (a
// demotion, a removal) first takes one from that count with ONE
// conditional write, the guard admins >= 2 (mirror.CompanyAdminsLeft), so
// that two company admins demoting or removing each other at once cannot
// both win. The count and the membership are two writes, ordered so that a
// crash between them leaves the count too low, never too high: taking an
// admin away counts first (given back when the membership write fails);
// making one writes the membership first. At start the counts are set from
// the memberships (recountCompanyAdmins).
//
// An erasure is never refused: the erased member's count is dropped
// unguarded (not below 0), and a company left without a company admin is
// managed by the site's admins, who may invite, promote and remove its
// members (app.Companies.companyAdmin) until they appoint one.

// companyAdminsLeft is the filter of mirror.CompanyAdminsLeft.
var companyAdminsLeft = bson.D{{Key: "admins", Value: bson.D{{Key: "$gte", Value: 2}}}}

// takeCompanyAdmin takes one admin from an approved company's count if one
// stays; from any other company's (its applicant's, a declined one's,
// none) it drops one, as an erasure does.
func (s *Store) takeCompanyAdmin(ctx context.Context, cid mirror.ID) error {
	co, err := s.companies.get(ctx, cid)
	if err != nil || co.Status != string(shop.CompanyApproved) {
		return s.dropCompanyAdmin(ctx, cid)
	}
	_, err = s.companies.update(ctx, cid, guard[mirror.Company]{filter: companyAdminsLeft, check: mirror.CompanyAdminsLeft},
		bson.D{{Key: "$inc", Value: bson.D{{Key: "admins", Value: -1}}}})
	return err
}

// dropCompanyAdmin takes one admin from the company's count, not below 0
// (an erasure, or a company that is not approved); a company that is gone
// has no count.
func (s *Store) dropCompanyAdmin(ctx context.Context, cid mirror.ID) error {
	_, err := s.companies.update(ctx, cid, guard[mirror.Company]{filter: bson.D{{Key: "admins", Value: bson.D{{Key: "$gte", Value: 1}}}},
		check: mirror.CompanyAdminsCounted}, bson.D{{Key: "$inc", Value: bson.D{{Key: "admins", Value: -1}}}})
	if c := shop.ErrorCode(err); c == shop.ENOTFOUND || c == shop.ECONFLICT {
		return nil
	}
	return err
}

// giveCompanyAdmin adds one admin to the company's count (the membership
// is written: count it).
func (s *Store) giveCompanyAdmin(ctx context.Context, cid mirror.ID) error {
	_, err := s.companies.update(context.WithoutCancel(ctx), cid, guard[mirror.Company]{},
		bson.D{{Key: "$inc", Value: bson.D{{Key: "admins", Value: 1}}}})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}

// memberIs is mirror.MemberIs's guard: the membership is of the company,
// in this role.
func memberIs(cid mirror.ID, role string) guard[mirror.Member] {
	return guard[mirror.Member]{filter: bson.D{{Key: "company", Value: cid}, {Key: "role", Value: role}}, check: mirror.MemberIs(cid, role)}
}

// changeMember applies update to a member of the company, counting its
// admins: a demotion (to role) takes one first, a promotion gives one after.
func (s *Store) changeMember(ctx context.Context, cid mirror.ID, email string, role shop.CompanyRole, update bson.D) error {
	cur, err := s.members.get(ctx, email)
	if err != nil {
		return err
	}
	if err := mirror.MemberOf(cid)(cur); err != nil {
		return err
	}
	was := cur.Role == string(shop.RoleCompanyAdmin)
	demote, promote := was && role != shop.RoleCompanyAdmin, !was && role == shop.RoleCompanyAdmin
	if demote {
		if err := s.takeCompanyAdmin(ctx, cid); err != nil {
			return err
		}
	}
	if _, err := s.members.update(ctx, email, memberIs(cid, cur.Role), update); err != nil {
		if demote {
			s.giveBack(ctx, cid)
		}
		return err
	}
	if promote {
		return s.giveCompanyAdmin(ctx, cid)
	}
	return nil
}

// removeMember removes a member of the company (any: cid nil), counting
// its admins; erase drops the count unguarded (an erasure is never
// refused).
func (s *Store) removeMember(ctx context.Context, cid *mirror.ID, email string, erase bool) (mirror.Member, error) {
	cur, err := s.members.get(ctx, email)
	if err != nil {
		return mirror.Member{}, err
	}
	if cid != nil {
		if err := mirror.MemberOf(*cid)(cur); err != nil {
			return mirror.Member{}, err
		}
	}
	admin := cur.Role == string(shop.RoleCompanyAdmin)
	if admin {
		take := s.takeCompanyAdmin
		if erase {
			take = s.dropCompanyAdmin
		}
		if err := take(ctx, cur.Company); err != nil {
			return mirror.Member{}, err
		}
	}
	d, err := s.members.remove(ctx, email, memberIs(cur.Company, cur.Role))
	if err != nil && admin {
		s.giveBack(ctx, cur.Company)
	}
	return d, err
}

// giveBack returns an admin taken for a write that then failed.
func (s *Store) giveBack(ctx context.Context, cid mirror.ID) {
	if err := s.giveCompanyAdmin(ctx, cid); err != nil {
		s.log.ErrorContext(ctx, "a company's admins are counted one too few until the next start", "company", cid.Hex(), "error", err)
	}
}

// recountCompanyAdmins sets each company's count from its memberships, at
// start: it repairs a count a crash between a count and a membership
// write left too low, and counts the companies stored before the count.
func (s *Store) recountCompanyAdmins(ctx context.Context) error {
	cos, _, err := s.companies.list(ctx, listQuery[mirror.Company]{index: "createdAt", sort: newestFirst, limit: 1 << 30})
	if err != nil {
		return err
	}
	for _, co := range cos {
		key := co.ID.Hex()
		members, _, err := s.members.list(ctx, listQuery[mirror.Member]{index: "company,joinedAt", group: &key,
			filter: bson.D{{Key: "company", Value: co.ID}}, sort: oldestMembersFirst, limit: 1 << 20})
		if err != nil {
			return err
		}
		n := 0
		for _, m := range members {
			if m.Role == string(shop.RoleCompanyAdmin) {
				n++
			}
		}
		if n == co.Admins {
			continue
		}
		if _, err := s.companies.update(ctx, co.ID, guard[mirror.Company]{}, bson.D{{Key: "$set", Value: bson.D{{Key: "admins", Value: n}}}}); err != nil {
			return err
		}
	}
	return nil
}

// CompanyAdmins is the company's count of its admins as stored (for the
// tests).
func (s *Store) CompanyAdmins(ctx context.Context, companyID string) (int, error) {
	cid, err := objectID(companyID)
	if err != nil {
		return 0, err
	}
	co, err := s.companies.get(ctx, cid)
	return co.Admins, err
}
