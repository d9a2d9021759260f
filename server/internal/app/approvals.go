package app

import (
	"context"

	"storefront/server/internal/shop"
)

// Approvals (issue 45). A purchase above its buyer's limit per purchase
// (checkout, single order, accepted quote) is placed awaiting approval:
// its stock held, not payable, not shippable, neither expiring nor
// counted against UNPAID_LIMIT (mirror.Unsettled). The company's approvers
// and admins are e-mailed. One of them approves it (ApproveGroup, one
// guarded write; then proceedAfterApproval) or declines it with a reason
// (the one cancel, decided by BeginDeclineGroup: only while it still
// awaits approval), so that an approval, a decline and the buyer's cancel
// decide it once between them and the stock moves once.
//
// Who: an approver or an admin of the company the purchase was placed
// for, never its own buyer (who may cancel it). Anyone else: 404, like a
// purchase they cannot see; its buyer, a site admin and the company's
// buyers: 403. A site admin does not approve a company's spending (they
// may cancel the purchase, DELETE /groups/{id}).

// approver is the caller's right to approve or decline the purchase id:
// the purchase, or the refusal.
func (p *Purchases) approver(ctx context.Context, caller shop.Caller, id string) (shop.Group, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Group{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Group{}, shop.NotFound(shop.MsgGroupNoun)
	}
	grp, err := p.find(ctx, id)
	if err != nil {
		return shop.Group{}, err
	}
	own := caller.Email == shop.NormalizeEmail(grp.Email)
	m, err := p.memberOf(ctx, caller, grp.CompanyID)
	switch {
	case err != nil:
		return shop.Group{}, err
	case own:
		return shop.Group{}, shop.Errorf(shop.EFORBIDDEN, shop.MsgOwnApproval)
	case m != nil && m.Role.MayApprove():
		return grp, nil
	case m != nil || caller.IsAdmin():
		return shop.Group{}, shop.Errorf(shop.EFORBIDDEN, shop.MsgNotApprover)
	}
	return shop.Group{}, shop.NotFound(shop.MsgGroupNoun)
}

// memberOf is the caller's membership of the company (nil: none, or
// company "").
func (p *Purchases) memberOf(ctx context.Context, caller shop.Caller, company string) (*shop.Member, error) {
	if company == "" || p.Members == nil {
		return nil, nil
	}
	m, err := p.Members.FindMember(ctx, caller.Email)
	if shop.ErrorCode(err) == shop.ENOTFOUND || err == nil && m.Company != company {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Approve answers POST /groups/{id}/approve: one guarded write approves
// the purchase (once: a second approval, or one after a decline or a
// cancel, is 409), and it proceeds.
func (p *Purchases) Approve(ctx context.Context, caller shop.Caller, id string) (shop.Group, error) {
	grp, err := p.approver(ctx, caller, id)
	if err != nil {
		return shop.Group{}, err
	}
	approved, err := p.Groups.ApproveGroup(ctx, grp.ID, caller.Email)
	if err != nil {
		return shop.Group{}, err
	}
	return p.proceedAfterApproval(ctx, approved)
}

// proceedAfterApproval is what an approved purchase becomes: an ordinary
// placed, unpaid purchase, its reservation running from its approval, or,
// bought on account, a purchase on account (terms.go: its credit was held
// as it was placed; PutOnAccount holds it at most once, so asking again
// here costs nothing and covers a purchase whose hold went missing); its
// buyer is e-mailed what comes next.
func (p *Purchases) proceedAfterApproval(ctx context.Context, grp shop.Group) (shop.Group, error) {
	if grp.Payment == shop.PayOnAccount {
		if err := p.PutOnAccount(ctx, grp); err != nil {
			return grp.Described(), err
		}
	}
	described, err := p.describe(ctx, grp)
	if err != nil {
		return grp.Described(), err
	}
	p.Orders.Mail.Send(ctx, shop.Letter{Kind: shop.LetterPurchaseApproved, To: described.Email, Group: &described})
	return described, nil
}

// Decline answers POST /groups/{id}/decline {reason}: the purchase is
// cancelled by the one cancel (its stock back once), decided only while
// it still awaits approval, and its buyer is e-mailed the reason.
func (p *Purchases) Decline(ctx context.Context, caller shop.Caller, id string, d shop.ApprovalDecline) (shop.DeleteResult, error) {
	grp, err := p.approver(ctx, caller, id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.DeleteResult{}, err
	}
	if err := stillAwaiting(grp); err != nil {
		return shop.DeleteResult{}, err
	}
	described, derr := p.describe(ctx, grp)
	res, err := p.cancelWith(ctx, grp, &shop.Cancellation{By: shop.CancelledByApprover, Reason: shop.CancelReason(d.Reason)}, p.Groups.BeginDeclineGroup)
	if err != nil {
		return res, err
	}
	if derr == nil {
		p.Orders.Mail.Send(ctx, shop.Letter{Kind: shop.LetterPurchaseDeclined, To: described.Email, Group: &described, Why: d.Reason})
	}
	return res, nil
}

// stillAwaiting refuses, before anything is settled, a decline of a
// purchase that no longer awaits approval, or whose cancel is under way
// (the guarded write decides it again: mirror.GroupAwaitingApproval).
func stillAwaiting(grp shop.Group) error {
	switch {
	case grp.Cancelling != "":
		return shop.Errorf(shop.ECONFLICT, shop.MsgGroupCanceling)
	case !grp.AwaitingApproval || grp.Paid || grp.Shipped:
		return shop.Errorf(shop.ECONFLICT, shop.MsgNotAwaitingApproval)
	}
	return nil
}

// tellApprovers e-mails the approvers and admins of the company a new
// purchase awaits approval from (not its buyer), each with its page.
func (p *Purchases) tellApprovers(ctx context.Context, grp shop.Group) {
	if !grp.AwaitingApproval || grp.CompanyID == "" || p.Members == nil {
		return
	}
	members, err := p.Members.ListMembers(ctx, grp.CompanyID)
	if err != nil {
		p.Orders.Log.ErrorContext(ctx, "a purchase's approvers could not be listed to be e-mailed", "group", grp.ID, "error", err)
		return
	}
	var letters []shop.Letter
	for _, m := range members {
		if m.Role.MayApprove() && shop.NormalizeEmail(m.Email) != shop.NormalizeEmail(grp.Email) {
			letters = append(letters, shop.Letter{Kind: shop.LetterApprovalRequested, To: m.Email, Group: &grp})
		}
	}
	p.Orders.Mail.Send(ctx, letters...)
}

// companyMayRead reports whether the caller may read a purchase of their
// company: its admins every one, its approvers those awaiting approval
// and those they approved (issue 45).
func (p *Purchases) companyMayRead(ctx context.Context, caller shop.Caller, grp shop.Group) (bool, error) {
	m, err := p.memberOf(ctx, caller, grp.CompanyID)
	if err != nil || m == nil {
		return false, err
	}
	switch m.Role {
	case shop.RoleCompanyAdmin:
		return true, nil
	case shop.RoleApprover:
		return grp.AwaitingApproval || grp.ApprovedBy == caller.Email, nil
	}
	return false, nil
}

// visible is Get, and to the buyer's company's admins and approvers the
// purchases companyMayRead lets them read (to anyone else it does not
// exist).
func (p *Purchases) visible(ctx context.Context, caller shop.Caller, id string) (shop.Group, error) {
	grp, err := p.Get(ctx, caller, id)
	if shop.ErrorCode(err) != shop.ENOTFOUND || caller == nil {
		return grp, err
	}
	found, ferr := p.find(ctx, id)
	if ferr != nil {
		return shop.Group{}, err
	}
	if ok, merr := p.companyMayRead(ctx, caller, found); merr != nil || ok {
		return found, merr
	}
	return shop.Group{}, err
}

// CompanyPurchases answers GET /companies/{id}/purchases: a page of the
// company's purchases with their orders, newest first: every one to its
// company admins (and to site admins), those awaiting approval
// (awaiting) to its approvers too; 403 to its buyers, 404 to anyone else.
func (p *Purchases) CompanyPurchases(ctx context.Context, caller shop.Caller, company string, awaiting bool, limit, skip int) ([]shop.Group, int64, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return nil, 0, err
	}
	if err := shop.CheckID(company); err != nil {
		return nil, 0, shop.NotFound(shop.MsgCompanyNoun)
	}
	m, err := p.memberOf(ctx, caller, company)
	switch {
	case err != nil:
		return nil, 0, err
	case m == nil && !caller.IsAdmin():
		return nil, 0, shop.NotFound(shop.MsgCompanyNoun)
	case m != nil && !caller.IsAdmin() && m.Role != shop.RoleCompanyAdmin && !(awaiting && m.Role == shop.RoleApprover):
		if m.Role == shop.RoleApprover {
			return nil, 0, shop.Errorf(shop.EFORBIDDEN, shop.MsgApproverListsAwaiting)
		}
		return nil, 0, shop.Errorf(shop.EFORBIDDEN, shop.MsgNotCompanyAdmin)
	}
	page, total, err := p.Groups.ListCompanyGroups(ctx, company, awaiting, limit, skip)
	if err != nil {
		return nil, 0, err
	}
	for i := range page {
		if page[i], err = p.describe(ctx, page[i]); err != nil {
			return nil, 0, err
		}
	}
	return page, total, nil
}
