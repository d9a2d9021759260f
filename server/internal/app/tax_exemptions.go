package app

import (
	"context"

	"storefront/server/internal/shop"
)

// TaxExemptions is buying tax-exempt (issue 49): a buyer sends a resale or
// exemption certificate (POST /account/tax-exemption), an admin approves
// or declines it (GET, PATCH /tax-exemptions), and while it is approved
// the buyer's purchases are charged no tax (ExemptionOf, which
// Purchases.taxing asks for every purchase) and their invoices name it.
type TaxExemptions struct {
	Store  shop.TaxExemptionStore
	Owners *Owners // an application made for an account being deleted is erased again
	Mail   *Outbox // tells the buyer of a decision; may be nil
}

// Apply answers POST /account/tax-exemption: a pending application with
// its certificate (a PDF, JPEG or PNG of at most 5 MB, by its bytes). An
// account has at most one open (pending or approved) exemption; after a
// decline it may apply again. One guarded write decides it.
func (t *TaxExemptions) Apply(ctx context.Context, caller shop.Caller, d shop.TaxExemptionDraft, certificate []byte) (shop.TaxExemption, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.TaxExemption{}, err
	}
	if len(certificate) > shop.MaxCertificateBytes {
		return shop.TaxExemption{}, shop.Errorf(shop.ETOOLARGE, shop.MsgCertificateTooLarge)
	}
	ct := shop.SniffCertificate(certificate)
	if ct == "" {
		return shop.TaxExemption{}, shop.Errorf(shop.EUNSUPPORTED, shop.MsgCertificateType)
	}
	if err := d.Validate(ct); err != nil {
		return shop.TaxExemption{}, err
	}
	replacing := ""
	switch cur, err := t.Store.FindTaxExemptionOf(ctx, caller.Email); {
	case shop.ErrorCode(err) == shop.ENOTFOUND:
	case err != nil:
		return shop.TaxExemption{}, err
	case cur.Status == shop.ExemptionPending:
		return shop.TaxExemption{}, shop.Errorf(shop.ECONFLICT, shop.MsgExemptionPending)
	case cur.Status == shop.ExemptionApproved:
		return shop.TaxExemption{}, shop.Errorf(shop.ECONFLICT, shop.MsgExemptionApproved)
	default:
		replacing = cur.ID
	}
	saved, err := t.Store.SaveTaxApplication(ctx, shop.TaxExemption{ID: t.Store.NewTaxExemptionID(), Email: caller.Email, Name: caller.Name,
		Number: d.Number, Country: d.Country, Certificate: shop.CertificateFile{Filename: d.Filename, ContentType: ct}}, replacing, certificate)
	if err != nil {
		return shop.TaxExemption{}, err
	}
	if err := t.Owners.Keep(ctx, caller, func(ctx context.Context, _ *shop.User) error {
		return t.Store.EraseTaxExemption(ctx, caller.Email)
	}); err != nil {
		return shop.TaxExemption{}, err
	}
	return saved, nil
}

// Mine answers GET /account/tax-exemption: the caller's exemption (none:
// null) and whether their purchases are exempt now.
func (t *TaxExemptions) Mine(ctx context.Context, caller shop.Caller) (shop.TaxExemptionStanding, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.TaxExemptionStanding{}, err
	}
	cur, err := t.Store.FindTaxExemptionOf(ctx, caller.Email)
	switch shop.ErrorCode(err) {
	case "":
		return shop.TaxExemptionStanding{Exempt: cur.Status == shop.ExemptionApproved, Exemption: &cur}, nil
	case shop.ENOTFOUND:
		return shop.TaxExemptionStanding{}, nil
	}
	return shop.TaxExemptionStanding{}, err
}

// ExemptionOf is the approved exemption a purchase placed now for email is
// made under (nil: it is taxed).
func (t *TaxExemptions) ExemptionOf(ctx context.Context, email string) (*shop.TaxExemptRef, error) {
	cur, err := t.Store.FindTaxExemptionOf(ctx, email)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND:
		return nil, nil
	case err != nil:
		return nil, err
	case cur.Status == shop.ExemptionApproved:
		return cur.Ref(), nil
	}
	return nil, nil
}

// List answers GET /tax-exemptions?status= (admins), newest first.
func (t *TaxExemptions) List(ctx context.Context, caller shop.Caller, status shop.TaxExemptionStatus, limit, skip int) ([]shop.TaxExemption, int64, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return nil, 0, err
	}
	return t.Store.ListTaxExemptions(ctx, status, limit, skip)
}

// Decide answers PATCH /tax-exemptions/{id} (admins): approve or decline a
// pending application, or decline an approved one; one write guarded by
// the application and the status read decides it. The buyer is e-mailed.
// Purchases placed before keep the tax they were placed with.
func (t *TaxExemptions) Decide(ctx context.Context, caller shop.Caller, id string, d shop.TaxExemptionDecision) (shop.TaxExemption, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.TaxExemption{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.TaxExemption{}, err
	}
	cur, err := t.Store.FindTaxExemption(ctx, id)
	if err != nil {
		return shop.TaxExemption{}, err
	}
	if err := shop.CanDecide(cur.Status, d.Status); err != nil {
		return shop.TaxExemption{}, err
	}
	decided, err := t.Store.DecideTaxExemption(ctx, cur, d)
	if err != nil {
		return shop.TaxExemption{}, err
	}
	t.Mail.Send(ctx, shop.Letter{Kind: shop.LetterTaxExemptionDecided, To: decided.Email, Exemption: &decided})
	return decided, nil
}

// Certificate answers GET /tax-exemptions/{id}/certificate: the
// application and its certificate's bytes, to an admin and to the buyer
// who sent it (to anyone else it does not exist).
func (t *TaxExemptions) Certificate(ctx context.Context, caller shop.Caller, id string) (shop.TaxExemption, []byte, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.TaxExemption{}, nil, err
	}
	cur, err := t.Store.FindTaxExemption(ctx, id)
	if err != nil {
		return shop.TaxExemption{}, nil, err
	}
	if err := shop.RequireOwnerOrAdminOrHide(caller, cur.Email, shop.MsgExemptionNoun); err != nil {
		return shop.TaxExemption{}, nil, err
	}
	data, err := t.Store.TaxCertificate(ctx, cur.ID)
	return cur, data, err
}
