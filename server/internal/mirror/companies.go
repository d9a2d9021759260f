package mirror

import (
	"slices"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Company is a company as stored in `companies` (issue 45).
type Company struct {
	ID             ID         `bson:"_id"`
	Name           string     `bson:"name"`
	TaxID          string     `bson:"taxId"`
	BillingAddress string     `bson:"billingAddress"`
	Status         string     `bson:"status"`
	CreatedAt      time.Time  `bson:"createdAt"`
	DecidedAt      *time.Time `bson:"decidedAt,omitempty"`
	PriceList      *PriceList `bson:"priceList,omitempty"`
	PORequired     bool       `bson:"poRequired,omitempty"`
	// Payment on account (shop/terms.go), in cents: the terms, the limit,
	// the credit held (the sum of Held, by purchase id), the payments
	// recorded and the invoice numbers of those being settled.
	TermsDays   int              `bson:"termsDays,omitempty"`
	CreditLimit int64            `bson:"creditLimitCents,omitempty"`
	Committed   int64            `bson:"committedCents,omitempty"`
	Held        map[string]int64 `bson:"held,omitempty"`
	Payments    []AccountPayment `bson:"payments,omitempty"`
	Settling    []int64          `bson:"settling,omitempty"`
	// Admins counts its company admins (mongodb's company_admins.go).
	Admins int `bson:"admins"`
}

// AccountPayment is a recorded bank payment as stored on its company.
type AccountPayment struct {
	ID        ID        `bson:"id"`
	Amount    int64     `bson:"amountCents"`
	Reference string    `bson:"reference"`
	Date      string    `bson:"date"`
	Invoices  []int64   `bson:"invoices"`
	Groups    []ID      `bson:"groups"`
	By        string    `bson:"by"`
	CreatedAt time.Time `bson:"createdAt"`
}

// PriceList is a company's price list as stored: percentages in percent,
// prices in dollars, as the API writes them.
type PriceList struct {
	PercentOff float64         `bson:"percentOff"`
	Categories []CategoryPrice `bson:"categories"`
	Products   []FixedPrice    `bson:"products"`
}

// CategoryPrice is a stored percentage off a category.
type CategoryPrice struct {
	Category   string  `bson:"category"`
	PercentOff float64 `bson:"percentOff"`
}

// FixedPrice is a stored fixed price of a product.
type FixedPrice struct {
	ProductID string  `bson:"productId"`
	Price     float64 `bson:"price"`
}

// PriceListOf is a price list as stored (nil: none).
func PriceListOf(l *shop.PriceList) *PriceList {
	if l == nil {
		return nil
	}
	d := &PriceList{PercentOff: shop.Cents(l.PercentOff).Float(), Categories: make([]CategoryPrice, len(l.Categories)), Products: make([]FixedPrice, len(l.Products))}
	for i, c := range l.Categories {
		d.Categories[i] = CategoryPrice{Category: c.Category, PercentOff: shop.Cents(c.PercentOff).Float()}
	}
	for i, p := range l.Products {
		d.Products[i] = FixedPrice{ProductID: p.ProductID, Price: p.Price.Float()}
	}
	return d
}

// Shop is the price list as the domain has it.
func (d *PriceList) Shop() *shop.PriceList {
	if d == nil {
		return nil
	}
	l := &shop.PriceList{PercentOff: shop.Percent(shop.CentsFromFloat(d.PercentOff)), Categories: make([]shop.CategoryPrice, len(d.Categories)), Products: make([]shop.FixedPrice, len(d.Products))}
	for i, c := range d.Categories {
		l.Categories[i] = shop.CategoryPrice{Category: c.Category, PercentOff: shop.Percent(shop.CentsFromFloat(c.PercentOff))}
	}
	for i, p := range d.Products {
		l.Products[i] = shop.FixedPrice{ProductID: p.ProductID, Price: shop.CentsFromFloat(p.Price)}
	}
	return l
}

// Shop is the document as the domain has it.
func (d Company) Shop() shop.Company {
	c := shop.Company{ID: d.ID.Hex(), Name: d.Name, TaxID: d.TaxID, BillingAddress: d.BillingAddress,
		Status: shop.CompanyStatus(d.Status), CreatedAt: d.CreatedAt.UTC(), DecidedAt: utcPtr(d.DecidedAt),
		PriceList: d.PriceList.Shop(), PORequired: d.PORequired,
		TermsDays: d.TermsDays, CreditLimit: shop.Cents(d.CreditLimit), Committed: shop.Cents(d.Committed)}
	if len(d.Held) > 0 {
		c.Held = make(shop.Held, len(d.Held))
		for k, v := range d.Held {
			c.Held[k] = shop.Cents(v)
		}
	}
	for _, p := range d.Payments {
		ap := shop.AccountPayment{ID: p.ID.Hex(), Amount: shop.Cents(p.Amount), Reference: p.Reference, Date: p.Date,
			Invoices: append([]int64{}, p.Invoices...), By: p.By, CreatedAt: p.CreatedAt.UTC()}
		for _, g := range p.Groups {
			ap.Groups = append(ap.Groups, g.Hex())
		}
		ap.Settling = slices.ContainsFunc(p.Invoices, func(n int64) bool { return slices.Contains(d.Settling, n) })
		c.Payments = append(c.Payments, ap)
	}
	return c
}

// CreditHoldable is HoldCredit's precondition: the company buys on
// account, the purchase holds nothing yet (ErrHeldAlready), and the credit
// left covers amount (MongoDB: {status: approved, termsDays: {$gt: 0},
// held.<id>: {$exists: false}, creditLimitCents: limit, committedCents:
// {$lte: limit - amount}}, with the limit read).
func CreditHoldable(purchase string, amount int64) func(Company) error {
	return func(c Company) error {
		co := c.Shop()
		switch {
		case !co.OnAccount():
			return shop.Errorf(shop.ECONFLICT, shop.MsgNoTerms)
		case c.Held[purchase] > 0:
			return ErrHeldAlready
		case c.Committed+amount > c.CreditLimit:
			return shop.CreditRefusal(co, shop.Cents(amount))
		}
		return nil
	}
}

// ErrHeldAlready: the purchase holds its credit already (a step done
// again after a crash): no error to the caller.
var ErrHeldAlready = shop.Errorf(shop.ECONFLICT, "The purchase holds its credit already.")

// CreditHeld is ReleaseCredit's: the purchase holds amount (MongoDB:
// {held.<id>: amount}).
func CreditHeld(purchase string, amount int64) func(Company) error {
	return func(c Company) error {
		if c.Held[purchase] != amount || amount == 0 {
			return shop.Errorf(shop.ENOTFOUND, "The purchase holds no credit.")
		}
		return nil
	}
}

// NotSettling is BeginAccountPayment's: none of the invoices is in a
// payment being settled (MongoDB: {settling: {$nin: invoices}}).
func NotSettling(invoices []int64) func(Company) error {
	return func(c Company) error {
		for _, n := range invoices {
			if slices.Contains(c.Settling, n) {
				return shop.Errorf(shop.ECONFLICT, shop.MsgInvoiceSettling)
			}
		}
		return nil
	}
}

// HasSettling matches a company with a payment being settled.
func HasSettling(c *Company) bool { return len(c.Settling) > 0 }

// Companies keeps the companies by id, newest first, and by status.
func Companies(name string) *Mirror[ID, Company] {
	byDate := func(a, b *Company) int { return a.CreatedAt.Compare(b.CreatedAt) }
	return &Mirror[ID, Company]{
		Name: name, IDOf: func(d *Company) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, Company]{
			{Name: "createdAt", Cmp: byDate},
			{Name: "status,createdAt", Group: func(d *Company) string { return d.Status }, Cmp: byDate},
		},
	}
}

// Pending is a decision's precondition: the application is not decided.
func Pending(c Company) error {
	if c.Status != string(shop.CompanyPending) {
		return shop.Errorf(shop.ECONFLICT, shop.MsgCompanyDecided)
	}
	return nil
}

// CompanyAdminsLeft is the precondition of taking an admin from an
// approved company: another stays.
func CompanyAdminsLeft(c Company) error {
	if c.Admins < 2 {
		return shop.Errorf(shop.ECONFLICT, shop.MsgLastCompanyAdmin)
	}
	return nil
}

// CompanyAdminsCounted is an erasure's drop's: the count is above 0.
func CompanyAdminsCounted(c Company) error {
	if c.Admins < 1 {
		return shop.Errorf(shop.ECONFLICT, "The company has no admin counted.")
	}
	return nil
}

// Member is a membership as stored in `memberships`, under the e-mail.
type Member struct {
	Email    string    `bson:"_id"`
	Company  ID        `bson:"company"`
	Role     string    `bson:"role"`
	Limit    *float64  `bson:"limit,omitempty"` // dollars
	JoinedAt time.Time `bson:"joinedAt"`
}

// Shop is the document as the domain has it.
func (d Member) Shop() shop.Member {
	m := shop.Member{Email: d.Email, Company: d.Company.Hex(), Role: shop.CompanyRole(d.Role), JoinedAt: d.JoinedAt.UTC()}
	if d.Limit != nil {
		c := shop.CentsFromFloat(*d.Limit)
		m.Limit = &c
	}
	return m
}

// DollarsOf is a limit as stored.
func DollarsOf(c *shop.Cents) *float64 {
	if c == nil {
		return nil
	}
	f := c.Float()
	return &f
}

// Members keeps the memberships by e-mail and each company's, oldest first.
func Members(name string) *Mirror[string, Member] {
	return &Mirror[string, Member]{
		Name: name, IDOf: func(d *Member) string { return d.Email }, CmpID: strings.Compare,
		Orders: []*OrderIndex[string, Member]{
			{Name: "company,joinedAt", Group: func(d *Member) string { return d.Company.Hex() }, Cmp: func(a, b *Member) int { return a.JoinedAt.Compare(b.JoinedAt) }},
		},
	}
}

// MemberOf is a member's change's precondition: the membership is of this
// company.
func MemberOf(company ID) func(Member) error {
	return func(m Member) error {
		if m.Company != company {
			return shop.Errorf(shop.ENOTFOUND, "The member was not found.")
		}
		return nil
	}
}

// MemberIs is a counted change's precondition: the membership is of this
// company, in this role (a change of role meanwhile would miscount).
func MemberIs(company ID, role string) func(Member) error {
	return func(m Member) error {
		if err := MemberOf(company)(m); err != nil {
			return err
		}
		if m.Role != role {
			return shop.Errorf(shop.ECONFLICT, shop.MsgMemberChanged)
		}
		return nil
	}
}

// Invitation is an invitation as stored in `invitations`, under its
// token's hash.
type Invitation struct {
	Hash      string     `bson:"_id"`
	Company   ID         `bson:"company"`
	Email     string     `bson:"email"`
	Role      string     `bson:"role"`
	Limit     *float64   `bson:"limit,omitempty"`
	By        string     `bson:"by"`
	ExpiresAt time.Time  `bson:"expiresAt"`
	UsedAt    *time.Time `bson:"usedAt,omitempty"`
}

// Shop is the document as the domain has it.
func (d Invitation) Shop() shop.Invitation {
	inv := shop.Invitation{Hash: d.Hash, Company: d.Company.Hex(), Email: d.Email, Role: shop.CompanyRole(d.Role), By: d.By,
		ExpiresAt: d.ExpiresAt.UTC(), UsedAt: utcPtr(d.UsedAt)}
	if d.Limit != nil {
		c := shop.CentsFromFloat(*d.Limit)
		inv.Limit = &c
	}
	return inv
}

// Invitations keeps the invitations by hash.
func Invitations(name string) *Mirror[string, Invitation] {
	return &Mirror[string, Invitation]{Name: name, IDOf: func(d *Invitation) string { return d.Hash }, CmpID: strings.Compare}
}

// Usable is an invitation's use's precondition: unused and unexpired at now.
func Usable(now time.Time) func(Invitation) error {
	return func(inv Invitation) error {
		if inv.UsedAt != nil || !now.Before(inv.ExpiresAt) {
			return shop.ErrBadAccountToken()
		}
		return nil
	}
}

// Used is a release's precondition: the invitation was used.
func Used(inv Invitation) error {
	if inv.UsedAt == nil {
		return shop.Errorf(shop.ECONFLICT, "The invitation is not used.")
	}
	return nil
}
