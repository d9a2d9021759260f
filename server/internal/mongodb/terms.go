package mongodb

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.TermsStore = (*Store)(nil)

// Payment on account (issue 45, shop/terms.go): the credit a company's
// purchases hold is kept on the company, under each purchase's id, so that
// holding and giving back are each one guarded write that a step done
// again (after a crash) cannot repeat.

// HoldCredit holds amount of the company's credit for the purchase, once.
func (s *Store) HoldCredit(ctx context.Context, companyID, purchaseID string, amount shop.Cents) (shop.Company, error) {
	oid, err := objectID(companyID)
	if err != nil {
		return shop.Company{}, err
	}
	cur, err := s.companies.get(ctx, oid)
	if err != nil {
		return shop.Company{}, err
	}
	key := "held." + purchaseID
	g := guard[mirror.Company]{
		filter: bson.D{{Key: "status", Value: string(shop.CompanyApproved)}, {Key: "termsDays", Value: bson.D{{Key: "$gt", Value: 0}}},
			{Key: key, Value: bson.D{{Key: "$exists", Value: false}}}, {Key: "creditLimitCents", Value: cur.CreditLimit},
			// (committedCents is left out while 0: "not above" matches it absent, where $lte would not)
			{Key: "committedCents", Value: bson.D{{Key: "$not", Value: bson.D{{Key: "$gt", Value: cur.CreditLimit - int64(amount)}}}}}},
		check: mirror.CreditHoldable(purchaseID, int64(amount)),
	}
	_, err = s.companies.update(ctx, oid, g, bson.D{
		{Key: "$set", Value: bson.D{{Key: key, Value: int64(amount)}}},
		{Key: "$inc", Value: bson.D{{Key: "committedCents", Value: int64(amount)}}}})
	if err != nil && !errors.Is(err, mirror.ErrHeldAlready) {
		return shop.Company{}, err
	}
	d, err := s.companies.get(ctx, oid)
	return d.Shop(), err
}

// ReleaseCredit gives back what the purchase holds, once.
func (s *Store) ReleaseCredit(ctx context.Context, companyID, purchaseID string) error {
	oid, err := objectID(companyID)
	if err != nil {
		return err
	}
	cur, err := s.companies.get(ctx, oid)
	if err != nil {
		return err
	}
	amount, key := cur.Held[purchaseID], "held."+purchaseID
	if amount == 0 {
		return nil // given back already (or never held)
	}
	_, err = s.companies.update(ctx, oid, guard[mirror.Company]{
		filter: bson.D{{Key: key, Value: amount}}, check: mirror.CreditHeld(purchaseID, amount),
	}, bson.D{
		{Key: "$unset", Value: bson.D{{Key: key, Value: ""}}},
		{Key: "$inc", Value: bson.D{{Key: "committedCents", Value: -amount}}}})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		if _, gerr := s.companies.get(ctx, oid); gerr == nil {
			return nil // given back meanwhile
		}
	}
	return err
}

// BeginAccountPayment records a payment, its invoices settling.
func (s *Store) BeginAccountPayment(ctx context.Context, companyID string, p shop.AccountPayment) error {
	oid, err := objectID(companyID)
	if err != nil {
		return err
	}
	pid, err := objectID(p.ID)
	if err != nil {
		return err
	}
	doc := mirror.AccountPayment{ID: pid, Amount: int64(p.Amount), Reference: p.Reference, Date: p.Date, Invoices: p.Invoices,
		By: p.By, CreatedAt: s.now()}
	for _, g := range p.Groups {
		gid, err := objectID(g)
		if err != nil {
			return err
		}
		doc.Groups = append(doc.Groups, gid)
	}
	numbers := bson.A{}
	for _, n := range p.Invoices {
		numbers = append(numbers, n)
	}
	_, err = s.companies.update(ctx, oid, guard[mirror.Company]{
		filter: bson.D{{Key: "settling", Value: bson.D{{Key: "$nin", Value: numbers}}}}, check: mirror.NotSettling(p.Invoices),
	}, bson.D{
		{Key: "$push", Value: bson.D{{Key: "payments", Value: doc}}},
		{Key: "$addToSet", Value: bson.D{{Key: "settling", Value: bson.D{{Key: "$each", Value: numbers}}}}}})
	return err
}

// FinishAccountPayment ends a payment's settling: its invoice numbers
// leave the company's settling list.
func (s *Store) FinishAccountPayment(ctx context.Context, companyID, paymentID string) error {
	oid, err := objectID(companyID)
	if err != nil {
		return err
	}
	cur, err := s.companies.get(ctx, oid)
	if err != nil {
		return err
	}
	numbers := bson.A{}
	for _, p := range cur.Payments {
		if p.ID.Hex() == paymentID {
			for _, n := range p.Invoices {
				numbers = append(numbers, n)
			}
		}
	}
	if len(numbers) == 0 {
		return shop.Errorf(shop.ENOTFOUND, "The payment was not found.")
	}
	_, err = s.companies.update(ctx, oid, guard[mirror.Company]{},
		bson.D{{Key: "$pullAll", Value: bson.D{{Key: "settling", Value: numbers}}}})
	return err
}

// CompaniesSettling returns the companies with a payment being settled.
func (s *Store) CompaniesSettling(ctx context.Context) ([]shop.Company, error) {
	docs, err := s.companies.find(ctx, "createdAt", mirror.HasSettling,
		companiesSettling, nil)
	return mirror.ShopAll[shop.Company](docs), err
}

// CompanyInvoices returns a company's invoices on account, newest first.
func (s *Store) CompanyInvoices(ctx context.Context, companyID string) ([]shop.Invoice, error) {
	oid, err := objectID(companyID)
	if err != nil {
		return nil, err
	}
	key := oid.Hex()
	docs, _, err := s.invoices.list(ctx, listQuery[mirror.Invoice]{index: "company,number", group: &key, desc: true, limit: 1 << 20,
		filter: bson.D{{Key: "companyId", Value: oid}}, sort: companyInvoicesNewestFirst})
	return mirror.ShopAll[shop.Invoice](docs), err
}

var companyInvoicesNewestFirst = bson.D{{Key: "number", Value: -1}}

// companiesSettling matches a company with an invoice number (≥ 1) in its
// settling list (index settling: multikey, sparse).
var companiesSettling = bson.D{{Key: "settling", Value: bson.D{{Key: "$gt", Value: int64(0)}}}}

func init() {
	// A company's invoices on account (sparse: only those have companyId).
	indexes[CollInvoices] = append(indexes[CollInvoices],
		mongo.IndexModel{Keys: bson.D{{Key: "companyId", Value: 1}, {Key: "number", Value: -1}}, Options: options.Index().SetName("company_invoices").SetSparse(true)})
	indexes[CollCompanies] = append(indexes[CollCompanies],
		mongo.IndexModel{Keys: bson.D{{Key: "settling", Value: 1}}, Options: options.Index().SetName("settling").SetSparse(true)})
	queries = append(queries,
		query{"start-up, sweep: bank payments a crash left settling (app/terms.go)", CollCompanies, companiesSettling, nil, "settling", "createdAt"})
}
