package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"storefront/server/internal/shop"
)

// Companies are business accounts (issue 45): a customer applies, an admin
// approves or declines, and the company's admin invites members by a
// single-use link and sets their roles and limits. Each change is one
// guarded write; a membership is stored under the member's e-mail, so a
// person belongs to at most one company whatever runs at once.
type Companies struct {
	Companies shop.CompanyStore
	Products  shop.ProductStore // a price list's products are checked against it; may be nil
	Mail      *Outbox           // may be nil
	SiteURL   string            // the join link's origin
	Now       func() time.Time
	Log       *slog.Logger
	// Owners refuses a membership made for an account whose deletion has
	// begun (undone; may be nil: no deletions).
	Owners *Owners
}

func (c *Companies) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC()
	}
	return time.Now().UTC()
}

// Apply stores the caller's application, pending; the caller is its
// company admin from now on (shown as pending until approved), and so
// cannot apply twice or join another company meanwhile.
func (c *Companies) Apply(ctx context.Context, caller shop.Caller, a shop.CompanyApplication) (shop.Company, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Company{}, err
	}
	a = a.Normal()
	if err := a.Validate(); err != nil {
		return shop.Company{}, err
	}
	if err := c.leaveDeclined(ctx, caller.Email); err != nil {
		return shop.Company{}, err
	}
	id := c.Companies.NewCompanyID()
	// The membership first: its unique _id decides whether this person may
	// apply; a company without one is never stored.
	if _, err := c.Companies.InsertMember(ctx, shop.Member{Email: caller.Email, Company: id, Role: shop.RoleCompanyAdmin}); err != nil {
		return shop.Company{}, err
	}
	co, err := c.Companies.InsertCompany(ctx, shop.Company{ID: id, Name: a.Name, TaxID: a.TaxID, BillingAddress: a.BillingAddress})
	if err != nil {
		if _, derr := c.Companies.DeleteMember(context.WithoutCancel(ctx), id, caller.Email); derr != nil {
			c.Log.ErrorContext(ctx, "an application's membership could not be withdrawn", "company", id, "error", derr)
		}
		return shop.Company{}, err
	}
	if err := c.keep(ctx, caller); err != nil {
		return shop.Company{}, err
	}
	co.Role = shop.RoleCompanyAdmin
	return co, nil
}

// keep undoes a membership just made for the caller when their account's
// deletion has begun meanwhile (the erasure may have passed memberships).
func (c *Companies) keep(ctx context.Context, caller shop.Caller) error {
	if c.Owners == nil {
		return nil
	}
	return c.Owners.Keep(ctx, caller, func(ctx context.Context, _ *shop.User) error { return c.Companies.EraseMembership(ctx, caller.Email) })
}

// leaveDeclined drops the caller's membership of a declined company (or of
// one never stored: an application whose company insert failed), so that
// they may apply again.
func (c *Companies) leaveDeclined(ctx context.Context, email string) error {
	m, err := c.Companies.FindMember(ctx, email)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	co, err := c.Companies.FindCompany(ctx, m.Company)
	if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
		return err
	}
	if err == nil && co.Status != shop.CompanyDeclined ||
		err != nil && c.now().Sub(m.JoinedAt) < time.Minute { // an application storing its company right now
		return shop.Errorf(shop.ECONFLICT, shop.MsgAlreadyInCompany)
	}
	if _, err := c.Companies.DeleteMember(ctx, m.Company, email); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
		return err
	}
	return nil
}

// membership is the caller's membership and company, or ENOTFOUND.
func (c *Companies) membership(ctx context.Context, caller shop.Caller) (shop.Member, shop.Company, error) {
	m, err := c.Companies.FindMember(ctx, caller.Email)
	if err != nil {
		return shop.Member{}, shop.Company{}, err
	}
	co, err := c.Companies.FindCompany(ctx, m.Company)
	return m, co, err
}

// List answers GET /companies: every company (of one status) to an admin,
// the caller's own (approved, pending or declined) to anyone else.
func (c *Companies) List(ctx context.Context, caller shop.Caller, q shop.CompanyQuery, limit, skip int) ([]shop.Company, int64, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return nil, 0, err
	}
	if caller.IsAdmin() {
		if q.Status != "" && q.Status != shop.CompanyPending && q.Status != shop.CompanyApproved && q.Status != shop.CompanyDeclined {
			return nil, 0, shop.Invalid("The query is not valid.", map[string]string{"status": `must be "pending", "approved" or "declined"`})
		}
		return c.Companies.ListCompanies(ctx, q.Status, limit, skip)
	}
	m, co, err := c.membership(ctx, caller)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return []shop.Company{}, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	co.Role = m.Role
	if q.Status != "" && co.Status != q.Status || skip > 0 {
		return []shop.Company{}, 1, nil
	}
	return []shop.Company{co}, 1, nil
}

// Get answers GET /companies/{id}: to an admin and to the company's own
// admins with every member, to its other members with themselves; 404 to
// anyone else.
func (c *Companies) Get(ctx context.Context, caller shop.Caller, id string) (shop.Company, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Company{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Company{}, err
	}
	m, err := c.Companies.FindMember(ctx, caller.Email)
	if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
		return shop.Company{}, err
	}
	member := err == nil && m.Company == id
	if !member && !caller.IsAdmin() {
		return shop.Company{}, shop.NotFound(shop.MsgCompanyNoun)
	}
	co, err := c.Companies.FindCompany(ctx, id)
	if err != nil {
		return shop.Company{}, err
	}
	if member {
		co.Role = m.Role
	}
	if member && m.Role != shop.RoleCompanyAdmin && !caller.IsAdmin() {
		co.Members = []shop.Member{m}
		return co, nil
	}
	if co.Members, err = c.Companies.ListMembers(ctx, id); err != nil {
		return shop.Company{}, err
	}
	return co, nil
}

// Update answers an admin's PATCH /companies/{id}: a decision on a
// pending application (once; a declined applicant may apply again), the
// company's price list (its products must exist) and its PO rule, in one
// guarded write.
func (c *Companies) Update(ctx context.Context, caller shop.Caller, id string, d shop.CompanyChange) (shop.Company, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.Company{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Company{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.Company{}, err
	}
	if d.PriceList != nil && c.Products != nil {
		f := map[string]string{}
		for i, x := range d.PriceList.Products {
			if _, err := c.Products.FindProduct(ctx, x.ProductID); shop.ErrorCode(err) == shop.ENOTFOUND {
				f[fmt.Sprintf("priceList.products[%d].productId", i)] = "is not a product of this store"
			} else if err != nil {
				return shop.Company{}, err
			}
		}
		if err := shop.Invalid("The change is not valid.", f); err != nil {
			return shop.Company{}, err
		}
	}
	return c.Companies.UpdateCompany(ctx, id, d)
}

// companyAdmin is the caller's membership when they are an admin of the
// approved company id; otherwise 404 to non-members (ids cannot be probed)
// and 403 to its other members. The site's admins manage any approved
// company's members (an empty membership): a company whose last company
// admin's account was erased is left to them to appoint another.
func (c *Companies) companyAdmin(ctx context.Context, caller shop.Caller, id string) (shop.Member, shop.Company, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Member{}, shop.Company{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Member{}, shop.Company{}, err
	}
	m, err := c.Companies.FindMember(ctx, caller.Email)
	if caller.IsAdmin() && (err == nil || shop.ErrorCode(err) == shop.ENOTFOUND) {
		m, err = shop.Member{Email: caller.Email, Company: id, Role: shop.RoleCompanyAdmin}, nil
	}
	if shop.ErrorCode(err) == shop.ENOTFOUND || err == nil && m.Company != id {
		return shop.Member{}, shop.Company{}, shop.NotFound(shop.MsgCompanyNoun)
	}
	if err != nil {
		return shop.Member{}, shop.Company{}, err
	}
	if m.Role != shop.RoleCompanyAdmin {
		return shop.Member{}, shop.Company{}, shop.Errorf(shop.EFORBIDDEN, shop.MsgNotCompanyAdmin)
	}
	co, err := c.Companies.FindCompany(ctx, id)
	if err != nil {
		return shop.Member{}, shop.Company{}, err
	}
	if co.Status != shop.CompanyApproved {
		return shop.Member{}, shop.Company{}, shop.Errorf(shop.ECONFLICT, shop.MsgCompanyNotApproved)
	}
	return m, co, nil
}

// Invite mails a single-use join link to the address (the company's
// admins), valid for InvitationTTL.
func (c *Companies) Invite(ctx context.Context, caller shop.Caller, id string, d shop.MemberDraft) (shop.InvitationSent, error) {
	_, co, err := c.companyAdmin(ctx, caller, id)
	if err != nil {
		return shop.InvitationSent{}, err
	}
	d.Email = shop.NormalizeEmail(d.Email)
	if err := d.Validate(true); err != nil {
		return shop.InvitationSent{}, err
	}
	if m, err := c.Companies.FindMember(ctx, d.Email); err == nil {
		if m.Company == id {
			return shop.InvitationSent{}, shop.Errorf(shop.ECONFLICT, "%s is a member of the company already.", d.Email)
		}
		return shop.InvitationSent{}, shop.Errorf(shop.ECONFLICT, shop.MsgMemberElsewhere)
	} else if shop.ErrorCode(err) != shop.ENOTFOUND {
		return shop.InvitationSent{}, err
	}
	if err := c.mayInvite(ctx, caller, id); err != nil {
		return shop.InvitationSent{}, err
	}
	raw, token, err := shop.NewAccountToken(shop.TokenVerifyEmail, c.now())
	if err != nil {
		return shop.InvitationSent{}, err
	}
	expires := c.now().Add(shop.InvitationTTL).Truncate(time.Millisecond)
	inv := shop.Invitation{Hash: token.Hash, Company: id, Email: d.Email, Role: d.Role, Limit: d.Limit, By: caller.Email, ExpiresAt: expires}
	if err := c.Companies.InsertInvitation(ctx, inv); err != nil {
		return shop.InvitationSent{}, err
	}
	offered := shop.Member{Email: d.Email, Company: id, Role: d.Role, Limit: d.Limit}
	c.Mail.Send(ctx, shop.Letter{Kind: shop.LetterCompanyInvitation, To: d.Email, Company: &co, Member: &offered,
		Link: shop.JoinLink(c.SiteURL, raw)})
	return shop.InvitationSent{Email: d.Email, Role: d.Role, Limit: d.Limit, ExpiresAt: expires}, nil
}

// mayInvite bounds invitations (review finding 5): at most
// MaxPendingInvitations waiting per company (409), and InvitationsPerHour
// sent per person (429).
func (c *Companies) mayInvite(ctx context.Context, caller shop.Caller, id string) error {
	now := c.now()
	n, soonest, err := c.Companies.InvitationsBy(ctx, caller.Email, now.Add(shop.InvitationTTL-time.Hour))
	if err != nil {
		return err
	}
	if n >= shop.InvitationsPerHour {
		return shop.ErrInvitingTooFast(soonest.Sub(now.Add(shop.InvitationTTL - time.Hour)))
	}
	if n, err = c.Companies.PendingInvitations(ctx, id, now); err != nil {
		return err
	}
	if n >= shop.MaxPendingInvitations {
		return shop.Errorf(shop.ECONFLICT, shop.MsgInvitationsPending, shop.MaxPendingInvitations)
	}
	return nil
}

// PruneInvitations deletes the expired invitations and those used more
// than InvitationUsedKept ago (the hourly sweep).
func (c *Companies) PruneInvitations(ctx context.Context) (int, error) {
	now := c.now()
	return c.Companies.PruneInvitations(ctx, now, now.Add(-shop.InvitationUsedKept))
}

// Accept joins the caller to the company of the invitation the token
// names: the invited address only, once, within its time, while the
// company is approved and the caller belongs to no company.
func (c *Companies) Accept(ctx context.Context, caller shop.Caller, a shop.InvitationAccept) (shop.Company, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Company{}, err
	}
	hash, err := shop.ParseAccountToken(a.Token)
	if err != nil {
		return shop.Company{}, err
	}
	if _, err := c.Companies.FindMember(ctx, caller.Email); err == nil {
		return shop.Company{}, shop.Errorf(shop.ECONFLICT, shop.MsgAlreadyInCompany)
	} else if shop.ErrorCode(err) != shop.ENOTFOUND {
		return shop.Company{}, err
	}
	inv, err := c.Companies.UseInvitation(ctx, hash, c.now())
	if err != nil {
		if inv, err = c.rejoin(ctx, caller, hash, err); err != nil {
			return shop.Company{}, err
		}
	}
	release := func() {
		if err := c.Companies.ReleaseInvitation(context.WithoutCancel(ctx), hash); err != nil {
			c.Log.ErrorContext(ctx, "an invitation could not be made usable again", "company", inv.Company, "error", err)
		}
	}
	if inv.Email != shop.NormalizeEmail(caller.Email) {
		release()
		return shop.Company{}, shop.Errorf(shop.EFORBIDDEN, shop.MsgInvitationOther)
	}
	co, err := c.Companies.FindCompany(ctx, inv.Company)
	if err == nil && co.Status != shop.CompanyApproved {
		err = shop.Errorf(shop.ECONFLICT, shop.MsgCompanyNotApproved)
	}
	if err != nil {
		release()
		return shop.Company{}, err
	}
	m, err := c.Companies.InsertMember(ctx, shop.Member{Email: caller.Email, Company: inv.Company, Role: inv.Role, Limit: inv.Limit})
	if err != nil {
		release()
		return shop.Company{}, err
	}
	if err := c.keep(ctx, caller); err != nil {
		return shop.Company{}, err
	}
	co.Role, co.Members = m.Role, []shop.Member{m}
	return co, nil
}

// rejoin is the invitation used by the caller's address within
// InvitationRejoin whose join a crash cut short (the caller has no
// membership: Accept checked), or useErr.
func (c *Companies) rejoin(ctx context.Context, caller shop.Caller, hash string, useErr error) (shop.Invitation, error) {
	inv, err := c.Companies.FindInvitation(ctx, hash)
	now := c.now()
	if err != nil || inv.UsedAt == nil || inv.Email != shop.NormalizeEmail(caller.Email) ||
		!now.Before(inv.ExpiresAt) || now.Sub(*inv.UsedAt) > shop.InvitationRejoin {
		return shop.Invitation{}, useErr
	}
	return inv, nil
}

// UpdateMember sets a member's role and limit (the company's admins; not
// their own, so that a company keeps an admin).
func (c *Companies) UpdateMember(ctx context.Context, caller shop.Caller, id, email string, d shop.MemberDraft) (shop.Member, error) {
	if _, _, err := c.companyAdmin(ctx, caller, id); err != nil {
		return shop.Member{}, err
	}
	if err := d.Validate(false); err != nil {
		return shop.Member{}, err
	}
	if shop.NormalizeEmail(email) == shop.NormalizeEmail(caller.Email) {
		return shop.Member{}, shop.Errorf(shop.ECONFLICT, shop.MsgOwnMembership)
	}
	return c.Companies.UpdateMember(ctx, id, email, d.Role, d.Limit)
}

// RemoveMember removes a member (the company's admins; not themselves).
func (c *Companies) RemoveMember(ctx context.Context, caller shop.Caller, id, email string) (shop.Member, error) {
	if _, _, err := c.companyAdmin(ctx, caller, id); err != nil {
		return shop.Member{}, err
	}
	if shop.NormalizeEmail(email) == shop.NormalizeEmail(caller.Email) {
		return shop.Member{}, shop.Errorf(shop.ECONFLICT, shop.MsgOwnMembership)
	}
	m, err := c.Companies.DeleteMember(ctx, id, email)
	if err == nil { // their invitations go with them: none lets them rejoin, none they sent stays
		if _, err := c.Companies.EraseInvitations(ctx, m.Email); err != nil {
			c.Log.ErrorContext(ctx, "a removed member's invitations were not deleted", "company", id, "error", err)
		}
	}
	return m, err
}
