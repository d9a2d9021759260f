package shop

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"time"
)

// TaxExemption is an account's tax exemption (collection `tax_exemptions`,
// one document per account under its e-mail; issue 49): a resale or
// exemption certificate with its number and country, reviewed by an admin.
// While it is approved, the account's purchases are charged no tax and
// their invoices name it. An account holds at most one open (pending or
// approved) exemption; after a decline, applying again replaces it.
type TaxExemption struct {
	ID      string             `json:"_id"` // the application's own id, new with each application
	Email   string             `json:"email"`
	Name    string             `json:"name"`
	Number  string             `json:"number"`
	Country string             `json:"country"`
	Status  TaxExemptionStatus `json:"status"`
	// Reason is the admin's, with a decision (required to decline).
	Reason      string          `json:"reason,omitempty"`
	Certificate CertificateFile `json:"certificate"`
	CreatedAt   time.Time       `json:"createdAt"`
	DecidedAt   *time.Time      `json:"decidedAt,omitempty"`
}

// Ref is what a purchase placed under the exemption keeps of it.
func (t TaxExemption) Ref() *TaxExemptRef {
	return &TaxExemptRef{Number: t.Number, Country: t.Country}
}

// TaxExemptRef names the exemption a purchase was placed under: its
// certificate's number and country, as the invoice prints them.
type TaxExemptRef struct {
	Number  string `json:"number"`
	Country string `json:"country"`
}

// Text is the exemption as an invoice prints it.
func (r TaxExemptRef) Text() string {
	return "Tax exempt: certificate " + r.Number + " (" + r.Country + ")"
}

// CertificateFile describes a stored certificate; its bytes are read
// apart, by the application's id.
type CertificateFile struct {
	Filename    string `json:"filename"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
}

// TaxExemptionStatus is where an application stands.
type TaxExemptionStatus string

// An application is pending until an admin approves or declines it; an
// approved one may be declined later (its certificate lapsed).
const (
	ExemptionPending  TaxExemptionStatus = "pending"
	ExemptionApproved TaxExemptionStatus = "approved"
	ExemptionDeclined TaxExemptionStatus = "declined"
)

// Open reports whether the exemption stands in the way of a new
// application (pending or approved).
func (s TaxExemptionStatus) Open() bool { return s == ExemptionPending || s == ExemptionApproved }

// Tax exemption limits.
const (
	MaxCertificateBytes    = 5 << 20
	MaxExemptionNumberLen  = 60
	MaxExemptionReasonLen  = 500
	MaxCertificateFilename = 120
)

// The certificate types, by their bytes.
const (
	CertificatePDF  = "application/pdf"
	CertificateJPEG = "image/jpeg"
	CertificatePNG  = "image/png"
)

// SniffCertificate is the type of a certificate's bytes: a PDF, a JPEG or
// a PNG, by their content, never by the name or the declared type; ""
// for anything else.
func SniffCertificate(data []byte) string {
	if bytes.HasPrefix(data, []byte("%PDF-")) {
		return CertificatePDF
	}
	switch ct := http.DetectContentType(data); ct {
	case CertificateJPEG, CertificatePNG:
		return ct
	}
	return ""
}

// CertificateExtension is the file extension of a certificate type.
func CertificateExtension(contentType string) string {
	switch contentType {
	case CertificatePDF:
		return ".pdf"
	case CertificateJPEG:
		return ".jpg"
	case CertificatePNG:
		return ".png"
	}
	return ""
}

// TaxExemptionDraft is the input of POST /account/tax-exemption besides the
// certificate's bytes.
type TaxExemptionDraft struct {
	Number   string
	Country  string
	Filename string
}

// Validate trims and checks the number and the country, and gives the
// certificate a file name safe to serve back (its stem as sent, the
// extension of its real type).
func (d *TaxExemptionDraft) Validate(contentType string) error {
	d.Number, d.Country = strings.TrimSpace(d.Number), strings.ToUpper(strings.TrimSpace(d.Country))
	stem := d.Filename
	if i := strings.LastIndexAny(stem, `/\`); i >= 0 {
		stem = stem[i+1:]
	}
	if i := strings.LastIndexByte(stem, '.'); i > 0 {
		stem = stem[:i]
	}
	stem = strings.Map(func(r rune) rune {
		switch {
		case r < 0x20 || r == 0x7f || r == '"' || r == ';' || r == '\\':
			return '_'
		}
		return r
	}, strings.TrimSpace(stem))
	if r := []rune(stem); len(r) > MaxCertificateFilename {
		stem = string(r[:MaxCertificateFilename])
	}
	if stem == "" || stem == "." {
		stem = "certificate"
	}
	d.Filename = stem + CertificateExtension(contentType)
	f := map[string]string{}
	checkText(f, "number", d.Number, MaxExemptionNumberLen, FieldRequired, FieldTooLong)
	switch {
	case d.Country == "":
		f["country"] = FieldRequired
	case !IsCountry(d.Country):
		f["country"] = FieldCountry
	}
	return Invalid(MsgExemptionInvalid, f)
}

// TaxExemptionDecision is the input of PATCH /tax-exemptions/{id}.
type TaxExemptionDecision struct {
	Status TaxExemptionStatus `json:"status"`
	Reason string             `json:"reason"`
}

// Validate checks the decision: approved or declined, a reason to decline.
func (d *TaxExemptionDecision) Validate() error {
	d.Reason = strings.TrimSpace(d.Reason)
	f := map[string]string{}
	switch d.Status {
	case ExemptionApproved:
		checkText(f, "reason", d.Reason, MaxExemptionReasonLen, "", FieldTooLong)
	case ExemptionDeclined:
		checkText(f, "reason", d.Reason, MaxExemptionReasonLen, FieldExemptionReason, FieldTooLong)
	default:
		f["status"] = FieldExemptionStatus
	}
	return Invalid(MsgExemptionDecisionBad, f)
}

// CanDecide says why an application in status from cannot be decided to
// to (ECONFLICT), or nil: a pending one is approved or declined, an
// approved one may be declined.
func CanDecide(from, to TaxExemptionStatus) error {
	switch {
	case from == ExemptionPending:
		return nil
	case from == ExemptionApproved && to == ExemptionDeclined:
		return nil
	}
	return Errorf(ECONFLICT, MsgExemptionDecided, from)
}

// Taxing is how a purchase is taxed: at Rate (TAX_RATE, hundredths of a
// percent), or not at all under Exemption, its buyer's approved tax
// exemption when it was placed (issue 49). Every way of placing a
// purchase computes its tax with it.
type Taxing struct {
	Rate      int64
	Exemption *TaxExemptRef
}

// Of is the tax on a line of amount cents.
func (t Taxing) Of(amount int64) int64 {
	if t.Exemption != nil {
		return 0
	}
	return TaxOf(amount, t.Rate)
}

// EffectiveRate is the rate the buyer pays: 0 when exempt.
func (t Taxing) EffectiveRate() int64 {
	if t.Exemption != nil {
		return 0
	}
	return t.Rate
}

// TaxExemptionStore keeps the exemptions and their certificates.
type TaxExemptionStore interface {
	NewTaxExemptionID() string
	// FindTaxExemptionOf returns email's exemption (ENOTFOUND: none).
	FindTaxExemptionOf(ctx context.Context, email string) (TaxExemption, error)
	// FindTaxExemption returns the exemption whose application has this id.
	FindTaxExemption(ctx context.Context, id string) (TaxExemption, error)
	// SaveTaxApplication stores a pending application (t.ID its new id)
	// with one guarded write: the account's first (an insert), or one
	// replacing a declined application with the id replacing (ECONFLICT
	// when the account's exemption is not that declined one any more).
	// The certificate's bytes are stored first, under t.ID.
	SaveTaxApplication(ctx context.Context, t TaxExemption, replacing string, certificate []byte) (TaxExemption, error)
	// ListTaxExemptions returns applications newest first, in one status
	// ("" all).
	ListTaxExemptions(ctx context.Context, status TaxExemptionStatus, limit, skip int) ([]TaxExemption, int64, error)
	// DecideTaxExemption sets the status and reason in one write guarded by
	// the application's id and the status read (ECONFLICT when either
	// changed meanwhile).
	DecideTaxExemption(ctx context.Context, t TaxExemption, d TaxExemptionDecision) (TaxExemption, error)
	// TaxCertificate returns an application's certificate bytes.
	TaxCertificate(ctx context.Context, id string) ([]byte, error)
	// DeleteTaxCertificate removes an application's certificate (none:
	// nothing to do).
	DeleteTaxCertificate(ctx context.Context, id string) error
	// EraseTaxExemption removes email's exemption and its certificate (an
	// account's deletion; none: nothing to do). Purchases keep the number
	// they were placed under.
	EraseTaxExemption(ctx context.Context, email string) error
}

// Tax exemption messages.
const (
	MsgExemptionNoun        = "The tax exemption"
	MsgExemptionInvalid     = "The tax exemption application is not valid."
	MsgExemptionDecisionBad = "The decision is not valid."
	MsgExemptionPending     = "Your tax exemption certificate is waiting for review already: you can send another once it is decided."
	MsgExemptionApproved    = "Your purchases are tax exempt already: you can send another certificate if this one is declined."
	MsgExemptionDecided     = "This application is %s already."
	MsgExemptionChanged     = "The tax exemption changed meanwhile. Please reload it."
	MsgCertificateType      = "The certificate must be a PDF, JPEG or PNG file."
	MsgCertificateTooLarge  = "The certificate is larger than 5 MB."
	MsgCertificateRequired  = "Attach the certificate (a PDF, JPEG or PNG file of at most 5 MB) as the form field \"certificate\"."
	FieldExemptionReason    = "is required to decline: the buyer reads it"
	FieldExemptionStatus    = "must be approved or declined"
)

// TaxExemptionStanding is GET /account/tax-exemption's answer: whether the
// caller's purchases are exempt now, and their exemption (nil: none).
type TaxExemptionStanding struct {
	Exempt    bool          `json:"exempt"`
	Exemption *TaxExemption `json:"exemption"`
}
