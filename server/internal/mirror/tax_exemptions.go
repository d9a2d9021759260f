package mirror

import (
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// TaxExemption is an account's tax exemption under its e-mail (issue 49):
// one document per account, so that at most one application is open; its
// certificate's bytes are kept apart under the application's id.
type TaxExemption struct {
	Email       string          `bson:"_id"`
	ID          ID              `bson:"id"` // the application's, new with each
	Name        string          `bson:"name"`
	Number      string          `bson:"number"`
	Country     string          `bson:"country"`
	Status      string          `bson:"status"`
	Reason      string          `bson:"reason,omitempty"`
	Certificate CertificateFile `bson:"certificate"`
	CreatedAt   time.Time       `bson:"createdAt"`
	DecidedAt   *time.Time      `bson:"decidedAt,omitempty"`
}

// CertificateFile describes an application's certificate.
type CertificateFile struct {
	Filename    string `bson:"filename"`
	ContentType string `bson:"contentType"`
	Size        int64  `bson:"size"`
}

// Shop is the document as the domain has it.
func (d TaxExemption) Shop() shop.TaxExemption {
	return shop.TaxExemption{ID: d.ID.Hex(), Email: d.Email, Name: d.Name, Number: d.Number, Country: d.Country,
		Status: shop.TaxExemptionStatus(d.Status), Reason: d.Reason, CreatedAt: d.CreatedAt.UTC(), DecidedAt: utcPtr(d.DecidedAt),
		Certificate: shop.CertificateFile{Filename: d.Certificate.Filename, ContentType: d.Certificate.ContentType, Size: d.Certificate.Size}}
}

// TaxExemptions keeps the exemptions by e-mail, by application id (PATCH
// /tax-exemptions/{id}) and newest first, all or in one status (the admins' list).
func TaxExemptions(name string) *Mirror[string, TaxExemption] {
	byDate := func(a, b *TaxExemption) int { return a.CreatedAt.Compare(b.CreatedAt) }
	return &Mirror[string, TaxExemption]{
		Name: name, IDOf: func(d *TaxExemption) string { return d.Email }, CmpID: strings.Compare,
		Keys: []*KeyIndex[string, TaxExemption]{
			{Name: "id", Key: func(d *TaxExemption) (string, bool) { return d.ID.Hex(), true }},
		},
		Orders: []*OrderIndex[string, TaxExemption]{
			{Name: "createdAt", Cmp: byDate},
			{Name: "status,createdAt", Group: func(d *TaxExemption) string { return d.Status }, Cmp: byDate},
		},
	}
}

// ExemptionAt is a change's precondition: the account's exemption is
// still the application id in status (what the change read).
func ExemptionAt(id ID, status string) func(TaxExemption) error {
	return func(d TaxExemption) error {
		switch {
		case d.ID != id:
			return shop.Errorf(shop.ECONFLICT, shop.MsgExemptionChanged)
		case d.Status != status:
			return shop.Errorf(shop.ECONFLICT, shop.MsgExemptionDecided, d.Status)
		}
		return nil
	}
}
