package shop

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Companies (issue 45): a business account with several buyers. A customer
// applies; an admin approves or declines; the applicant is then the
// company's admin, who invites members by a single-use link and sets their
// roles and spending limits. A person belongs to at most one company: a
// membership is stored under the person's e-mail (collection
// `memberships`), so a second one is refused by the store itself.

// CompanyStatus is where a company's application stands.
type CompanyStatus string

const (
	CompanyPending  CompanyStatus = "pending"
	CompanyApproved CompanyStatus = "approved"
	CompanyDeclined CompanyStatus = "declined"
)

// CompanyRole is a member's role in a company.
type CompanyRole string

const (
	// RoleBuyer places orders, up to a spending limit per purchase if one is set.
	RoleBuyer CompanyRole = "buyer"
	// RoleApprover also approves purchases above a buyer's limit.
	RoleApprover CompanyRole = "approver"
	// RoleCompanyAdmin also invites and removes members and sets roles and limits.
	RoleCompanyAdmin CompanyRole = "admin"
)

// Valid reports whether r is one of the roles.
func (r CompanyRole) Valid() bool {
	return r == RoleBuyer || r == RoleApprover || r == RoleCompanyAdmin
}

// Company is a business account (collection `companies`).
type Company struct {
	ID             string        `json:"_id"`
	Name           string        `json:"name"`
	TaxID          string        `json:"taxId"`
	BillingAddress string        `json:"billingAddress"`
	Status         CompanyStatus `json:"status"`
	CreatedAt      time.Time     `json:"createdAt"`
	DecidedAt      *time.Time    `json:"decidedAt,omitempty"`
	// PriceList is the company's own prices (nil: list prices), applied to
	// its members' purchases while the company is approved.
	PriceList *PriceList `json:"priceList,omitempty"`
	// PORequired: its members' purchases must carry a PO number.
	PORequired bool `json:"poRequired"`
	// Payment on account (terms.go): the net terms in days (0: card only),
	// the credit limit, and the credit its purchases on account hold
	// (Committed, the sum of Held), in dollars in JSON.
	TermsDays   int   `json:"termsDays"`
	CreditLimit Cents `json:"creditLimit"`
	Committed   Cents `json:"committed"`
	Held        Held  `json:"-"`
	// Payments are the bank payments recorded (oldest first).
	Payments []AccountPayment `json:"-"`
	// Members, on GET /companies/{id}: every member to the company's admins
	// and to admins, the caller alone to the other members.
	Members []Member `json:"members,omitempty"`
	// Role is the caller's role in it ("" for an admin who is not a member).
	Role CompanyRole `json:"role,omitempty"`
}

// Member is one person's membership of a company (collection
// `memberships`, under the e-mail).
type Member struct {
	Email   string      `json:"email"`
	Company string      `json:"-"`
	Role    CompanyRole `json:"role"`
	// Limit is the most one purchase of theirs may cost, in dollars; nil:
	// no limit.
	Limit    *Cents    `json:"limit"`
	JoinedAt time.Time `json:"joinedAt"`
}

// Invitation is a company admin's invitation of an address (collection
// `invitations`, under the hash of its token).
type Invitation struct {
	Hash      string
	Company   string
	Email     string
	Role      CompanyRole
	Limit     *Cents
	By        string
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// Limits of companies' invitations (review finding 5): how many may wait
// per company, how many one person may send an hour, and how long a used
// one is kept (the hourly sweep deletes it then, and an expired one).
const (
	MaxPendingInvitations = 50
	InvitationsPerHour    = 20
	InvitationUsedKept    = 24 * time.Hour
	// InvitationRejoin is how long after its use an invitation whose
	// address has no membership may be used again by that address (a join
	// that a crash cut short between the two writes; review finding 7).
	InvitationRejoin = 15 * time.Minute
)

// ErrInvitingTooFast refuses an invitation past InvitationsPerHour (429);
// the oldest of the hour's counts again after wait.
func ErrInvitingTooFast(wait time.Duration) error {
	wait = max(wait.Round(time.Second), time.Second)
	return &Error{Code: ERATELIMIT, RetryAfter: wait, Message: fmt.Sprintf(MsgInvitingTooFast, InvitationsPerHour, waitWords(wait))}
}

// Limits of companies.
const (
	MaxCompanyNameLen    = 120
	MaxTaxIDLen          = 40
	MaxBillingAddressLen = 300
	// InvitationTTL is how long an invitation's link works.
	InvitationTTL = 7 * 24 * time.Hour
)

// The companies' messages.
const (
	MsgCompanyNoun        = "The company"
	MsgInvitationNoun     = "The invitation"
	MsgAlreadyInCompany   = "This account already belongs to a company (or has applied for one)."
	MsgCompanyDecided     = "This application has been decided already."
	MsgCompanyNotApproved = "The company is not approved."
	MsgNotCompanyAdmin    = "Only the company's admin may do this."
	MsgOwnMembership      = "You cannot change or remove your own membership; another company admin can."
	MsgInvitationOther    = "This invitation is for another e-mail address. Sign in with the invited address to accept it."
	MsgMemberElsewhere    = "That address already belongs to a company."
	MsgInvitationsPending = "This company has %d invitations waiting to be accepted, the most it may have. Wait for some to be accepted or to expire (after 7 days)."
	MsgInvitingTooFast    = "You have sent %d invitations in the last hour, the most allowed. Please try again in %s."
	MsgLastCompanyAdmin   = "A company must keep at least one company admin: make another member a company admin first."
	MsgMemberChanged      = "This member was changed by someone else at the same time. Please reload and try again."
	// The PO rule and the company on a member's purchase.
	MsgPurchaseTermsInvalid     = "This purchase does not meet your company's rules."
	FieldCompanySetByMembership = "is set by your membership: this purchase is for %s; leave the company out"
	FieldPORequired             = "is required: %s asks for a purchase order number on every purchase"
	// MsgPORequiredSingle refuses the spec's POST /order (which has no PO
	// number) to a member whose company requires one.
	MsgPORequiredSingle = "%s asks for a purchase order number on every purchase. Add the product to the cart and check out with your PO number."
	// MsgAboveLimit refuses a purchase that costs more than its buyer's
	// limit per purchase where no one can approve it (their company is not
	// approved; an approved company's approvers decide it: approval.go).
	MsgAboveLimit = "This purchase comes to %s with tax, above your limit of %s per purchase set by your company. Ask your company admin to raise your limit, or order less."
)

// CompanyApplication is POST /companies' body.
type CompanyApplication struct {
	Name           string `json:"name"`
	TaxID          string `json:"taxId"`
	BillingAddress string `json:"billingAddress"`
}

// Normal is the application with its text trimmed.
func (a CompanyApplication) Normal() CompanyApplication {
	a.Name, a.TaxID, a.BillingAddress = strings.TrimSpace(a.Name), strings.TrimSpace(a.TaxID), strings.TrimSpace(a.BillingAddress)
	return a
}

// Validate checks an application (normalised).
func (a CompanyApplication) Validate() error {
	f := map[string]string{}
	if checkText(f, "name", a.Name, MaxCompanyNameLen, "is required", atMost(MaxCompanyNameLen)) && strings.HasPrefix(a.Name, "$") {
		f["name"] = "must not start with $"
	}
	checkText(f, "taxId", a.TaxID, MaxTaxIDLen, "is required", atMost(MaxTaxIDLen))
	checkText(f, "billingAddress", a.BillingAddress, MaxBillingAddressLen, "is required", atMost(MaxBillingAddressLen))
	return Invalid("The application is not valid.", f)
}

// CompanyChange is PATCH /companies/{id}'s body (admins): a decision on
// a pending application (status), the company's price list (replaced
// whole; an empty one takes nothing off) and whether its purchases need a
// PO number. At least one is given.
type CompanyChange struct {
	Status     CompanyStatus `json:"status"`
	PriceList  *PriceList    `json:"priceList"`
	PORequired *bool         `json:"poRequired"`
	// TermsDays and CreditLimit grant payment on account (terms.go).
	TermsDays   *int   `json:"termsDays"`
	CreditLimit *Cents `json:"creditLimit"`
}

// Validate checks a change (its price list normalised first).
func (d *CompanyChange) Validate() error {
	f := map[string]string{}
	if d.Status != "" && d.Status != CompanyApproved && d.Status != CompanyDeclined {
		f["status"] = `must be "approved" or "declined"`
	}
	if d.PriceList != nil {
		l := d.PriceList.Normal()
		d.PriceList = &l
		for k, v := range l.Problems() {
			f[k] = v
		}
	}
	validTerms(f, d.TermsDays, d.CreditLimit)
	if d.Status == "" && d.PriceList == nil && d.PORequired == nil && d.TermsDays == nil && d.CreditLimit == nil {
		f["status"] = `must be "approved" or "declined" (or give priceList, poRequired, termsDays or creditLimit)`
	}
	return Invalid("The change is not valid.", f)
}

// MemberDraft is an invitation's body, and a member's change: the role and
// the limit per purchase in dollars (null: none).
type MemberDraft struct {
	Email string      `json:"email"`
	Role  CompanyRole `json:"role"`
	Limit *Cents      `json:"limit"`
}

// Validate checks a member's role and limit, and the e-mail when asked.
func (d MemberDraft) Validate(withEmail bool) error {
	f := map[string]string{}
	if withEmail && !IsEmail(d.Email) {
		f["email"] = "must be a valid email address"
	}
	if !d.Role.Valid() {
		f["role"] = `must be "buyer", "approver" or "admin"`
	}
	if d.Limit != nil && (*d.Limit <= 0 || *d.Limit > MaxPrice) {
		f["limit"] = "must be greater than 0 and at most " + MaxPrice.Dollars()
	}
	return Invalid("The member is not valid.", f)
}

// InvitationSent is POST /companies/{id}/invitations' answer.
type InvitationSent struct {
	Email     string      `json:"email"`
	Role      CompanyRole `json:"role"`
	Limit     *Cents      `json:"limit"`
	ExpiresAt time.Time   `json:"expiresAt"`
}

// InvitationAccept is POST /invitations/accept's body.
type InvitationAccept struct {
	Token string `json:"token"`
}

// JoinLink is the link of an invitation e-mail.
func JoinLink(siteURL, token string) string { return siteURL + "/join?token=" + token }

// CompanyQuery filters GET /companies (admins): by status, or all.
type CompanyQuery struct {
	Status CompanyStatus
}

// CompanyStore keeps the companies, their members and invitations. Each
// change is one guarded write.
type CompanyStore interface {
	NewCompanyID() string
	InsertCompany(ctx context.Context, c Company) (Company, error)
	FindCompany(ctx context.Context, id string) (Company, error)
	// ListCompanies returns companies newest first, of one status or all.
	ListCompanies(ctx context.Context, status CompanyStatus, limit, skip int) ([]Company, int64, error)
	// UpdateCompany applies a change in one guarded write: a status only
	// to a pending company, once (ECONFLICT MsgCompanyDecided otherwise).
	UpdateCompany(ctx context.Context, id string, d CompanyChange) (Company, error)
	// InsertMember stores a membership; ECONFLICT MsgAlreadyInCompany when
	// the address has one.
	InsertMember(ctx context.Context, m Member) (Member, error)
	FindMember(ctx context.Context, email string) (Member, error)
	// ListMembers returns a company's members, oldest first.
	ListMembers(ctx context.Context, companyID string) ([]Member, error)
	// UpdateMember sets the role and limit of a member of companyID.
	UpdateMember(ctx context.Context, companyID, email string, role CompanyRole, limit *Cents) (Member, error)
	// DeleteMember removes a member of companyID.
	DeleteMember(ctx context.Context, companyID, email string) (Member, error)
	InsertInvitation(ctx context.Context, inv Invitation) error
	// UseInvitation marks the invitation unused and unexpired at now as
	// used, once, and returns it (EINVALID ErrBadAccountToken otherwise).
	UseInvitation(ctx context.Context, hash string, now time.Time) (Invitation, error)
	// ReleaseInvitation makes a used invitation usable again (its joining
	// failed).
	ReleaseInvitation(ctx context.Context, hash string) error
	// EraseMembership deletes the address's membership, if any.
	EraseMembership(ctx context.Context, email string) error
	// EraseInvitations deletes the invitations to email and those it sent.
	EraseInvitations(ctx context.Context, email string) (int, error)
	// FindInvitation returns the invitation with this hash.
	FindInvitation(ctx context.Context, hash string) (Invitation, error)
	// PendingInvitations counts the company's unused invitations unexpired
	// at now.
	PendingInvitations(ctx context.Context, companyID string, now time.Time) (int, error)
	// InvitationsBy counts the invitations by sent that expire after
	// expiringAfter, and the soonest of those expiries.
	InvitationsBy(ctx context.Context, by string, expiringAfter time.Time) (int, time.Time, error)
	// PruneInvitations deletes the invitations expired at now and those
	// used before usedBefore.
	PruneInvitations(ctx context.Context, now, usedBefore time.Time) (int, error)
}
