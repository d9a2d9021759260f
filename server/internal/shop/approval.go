package shop

import "strings"

// Approvals (issue 45): a purchase above its buyer's limit per purchase
// waits for an approver (or a company admin) of the buyer's company, who
// approves it (it proceeds: payable from then) or declines it with a
// reason (it is cancelled, its stock back, its buyer told why).

// ApprovalDecline is POST /groups/{id}/decline's body.
type ApprovalDecline struct {
	Reason string `json:"reason"`
}

// MaxDeclineReasonLen is the longest reason a decline gives.
const MaxDeclineReasonLen = 500

// Validate checks the decline (trimming its reason).
func (d *ApprovalDecline) Validate() error {
	d.Reason = strings.TrimSpace(d.Reason)
	f := map[string]string{}
	checkText(f, "reason", d.Reason, MaxDeclineReasonLen, FieldRequired, atMost(MaxDeclineReasonLen))
	return Invalid("The decline is not valid.", f)
}

// MayApprove reports whether a member of a company in this role may
// approve or decline its buyers' purchases.
func (r CompanyRole) MayApprove() bool { return r == RoleApprover || r == RoleCompanyAdmin }

// CancelledByApprover: a purchase declined by an approver of its buyer's
// company (its cancellation's Reason is the approver's).
const CancelledByApprover CancelledBy = "approver"

// The approvals' e-mails: to the company's approvers and admins, a
// purchase waits for them (Link: its page); to its buyer, it was approved,
// or declined (Why: the approver's reason).
const (
	LetterApprovalRequested LetterKind = "approval_requested"
	LetterPurchaseApproved  LetterKind = "purchase_approved"
	LetterPurchaseDeclined  LetterKind = "purchase_declined"
)

// The approvals' messages.
const (
	MsgAwaitingApproval      = "This purchase is above your limit per purchase and waits for your company's approval. We e-mail you once it is approved; then you can pay."
	MsgShipAwaitingApproval  = "This purchase waits for its buyer's company to approve it; it cannot ship before."
	MsgNotAwaitingApproval   = "This purchase does not wait for approval (it was approved, declined or cancelled)."
	MsgNotApprover           = "Only an approver or an admin of the buyer's company may approve or decline its purchases."
	MsgApproverListsAwaiting = "An approver lists the company's purchases awaiting approval (awaitingApproval=true); the company's admins list them all."
	MsgOwnApproval           = "You cannot approve or decline your own purchase; another approver or company admin of your company can. You may cancel it."
)
