package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.TaxExemptionStore = (*Store)(nil)

// certificateDoc is a tax exemption certificate's bytes (collection
// tax_certificates, under the application's id): never mirrored, read by
// _id alone; at most 5 MB, well within a document.
type certificateDoc struct {
	ID          mirror.ID `bson:"_id"`
	ContentType string    `bson:"contentType"`
	Data        []byte    `bson:"data"`
}

// NewTaxExemptionID returns the id of an application about to be sent.
func (s *Store) NewTaxExemptionID() string { return newID().Hex() }

// FindTaxExemptionOf returns email's exemption (read by _id, the e-mail).
func (s *Store) FindTaxExemptionOf(ctx context.Context, email string) (shop.TaxExemption, error) {
	d, err := s.taxExemptions.get(ctx, shop.NormalizeEmail(email))
	return d.Shop(), err
}

// FindTaxExemption returns the exemption whose application has this id
// (the mirror's index "id"; with MongoDB the unique index on id).
func (s *Store) FindTaxExemption(ctx context.Context, id string) (shop.TaxExemption, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.TaxExemption{}, shop.NotFound(shop.MsgExemptionNoun)
	}
	d, err := s.taxExemptions.getBy(ctx, "id", oid.Hex(), bson.D{{Key: "id", Value: oid}})
	return d.Shop(), err
}

// SaveTaxApplication stores the certificate under the application's id,
// then the application with one guarded write: the account's first
// application is an insert (a duplicate _id: another came first), a later
// one replaces the declined application it read. When the write is
// refused (ECONFLICT), the certificate goes again; after a write of
// unknown fate it stays (an application that landed needs it).
func (s *Store) SaveTaxApplication(ctx context.Context, t shop.TaxExemption, replacing string, certificate []byte) (shop.TaxExemption, error) {
	oid, err := objectID(t.ID)
	if err != nil {
		return shop.TaxExemption{}, err
	}
	if err := s.certificates.insert(ctx, certificateDoc{ID: oid, ContentType: t.Certificate.ContentType, Data: certificate}); err != nil {
		return shop.TaxExemption{}, translate(err, "")
	}
	doc := mirror.TaxExemption{Email: shop.NormalizeEmail(t.Email), ID: oid, Name: t.Name, Number: t.Number, Country: t.Country,
		Status: string(shop.ExemptionPending), CreatedAt: s.now(), Certificate: mirror.CertificateFile{Filename: t.Certificate.Filename,
			ContentType: t.Certificate.ContentType, Size: int64(len(certificate))}}
	if replacing == "" {
		err = translate(s.taxExemptions.insert(ctx, doc), "")
		if shop.ErrorCode(err) == shop.ECONFLICT {
			err = shop.Errorf(shop.ECONFLICT, shop.MsgExemptionChanged)
		}
	} else {
		var old mirror.ID
		if old, err = objectID(replacing); err == nil {
			g := guard[mirror.TaxExemption]{filter: bson.D{{Key: "id", Value: old}, {Key: "status", Value: string(shop.ExemptionDeclined)}},
				check: mirror.ExemptionAt(old, string(shop.ExemptionDeclined))}
			set := bson.D{{Key: "$set", Value: bson.D{{Key: "id", Value: doc.ID}, {Key: "name", Value: doc.Name}, {Key: "number", Value: doc.Number},
				{Key: "country", Value: doc.Country}, {Key: "status", Value: doc.Status}, {Key: "certificate", Value: doc.Certificate},
				{Key: "createdAt", Value: doc.CreatedAt}}}, {Key: "$unset", Value: bson.D{{Key: "reason", Value: ""}, {Key: "decidedAt", Value: ""}}}}
			_, err = s.taxExemptions.update(ctx, doc.Email, g, set)
			if shop.ErrorCode(err) == shop.ENOTFOUND { // erased meanwhile
				err = shop.Errorf(shop.ECONFLICT, shop.MsgExemptionChanged)
			}
		}
	}
	if err != nil {
		if shop.ErrorCode(err) != shop.ECONFLICT { // a write whose fate is unknown may have landed: its certificate stays
			return shop.TaxExemption{}, err
		}
		if derr := s.DeleteTaxCertificate(context.WithoutCancel(ctx), t.ID); derr != nil {
			s.log.ErrorContext(ctx, "a refused application's certificate could not be removed", "application", t.ID, "error", derr)
		}
		return shop.TaxExemption{}, err
	}
	if replacing != "" {
		if err := s.DeleteTaxCertificate(context.WithoutCancel(ctx), replacing); err != nil {
			s.log.ErrorContext(ctx, "a replaced application's certificate could not be removed", "application", replacing, "error", err)
		}
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}

// ListTaxExemptions returns a page of applications, newest first, in one
// status or all.
func (s *Store) ListTaxExemptions(ctx context.Context, status shop.TaxExemptionStatus, limit, skip int) ([]shop.TaxExemption, int64, error) {
	q := listQuery[mirror.TaxExemption]{index: "createdAt", desc: true, sort: newestFirst, skip: skip, limit: limit}
	if status != "" {
		st := string(status)
		q.index, q.group, q.filter = "status,createdAt", &st, bson.D{{Key: "status", Value: st}}
	}
	docs, total, err := s.taxExemptions.list(ctx, q)
	return mirror.ShopAll[shop.TaxExemption](docs), total, err
}

// DecideTaxExemption sets the decision with one write guarded by the
// application's id and the status read.
func (s *Store) DecideTaxExemption(ctx context.Context, t shop.TaxExemption, d shop.TaxExemptionDecision) (shop.TaxExemption, error) {
	oid, err := objectID(t.ID)
	if err != nil {
		return shop.TaxExemption{}, shop.NotFound(shop.MsgExemptionNoun)
	}
	email := shop.NormalizeEmail(t.Email)
	g := guard[mirror.TaxExemption]{filter: bson.D{{Key: "id", Value: oid}, {Key: "status", Value: string(t.Status)}},
		check: mirror.ExemptionAt(oid, string(t.Status))}
	set := bson.D{{Key: "status", Value: string(d.Status)}, {Key: "decidedAt", Value: s.now()}}
	update := bson.D{{Key: "$set", Value: set}}
	if d.Reason != "" {
		update[0].Value = append(set, bson.E{Key: "reason", Value: d.Reason})
	} else {
		update = append(update, bson.E{Key: "$unset", Value: bson.D{{Key: "reason", Value: ""}}})
	}
	if _, err := s.taxExemptions.update(ctx, email, g, update); err != nil {
		return shop.TaxExemption{}, err
	}
	doc, err := s.taxExemptions.get(ctx, email)
	return doc.Shop(), err
}

// TaxCertificate returns an application's certificate bytes.
func (s *Store) TaxCertificate(ctx context.Context, id string) ([]byte, error) {
	oid, err := objectID(id)
	if err != nil {
		return nil, shop.NotFound("The certificate")
	}
	d, err := s.certificates.get(ctx, oid)
	return d.Data, err
}

// DeleteTaxCertificate removes an application's certificate.
func (s *Store) DeleteTaxCertificate(ctx context.Context, id string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	_, err = s.certificates.remove(ctx, oid, guard[certificateDoc]{})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}

// EraseTaxExemption deletes email's exemption, then its certificate (one
// no exemption names is never read).
func (s *Store) EraseTaxExemption(ctx context.Context, email string) error {
	d, err := s.taxExemptions.remove(ctx, shop.NormalizeEmail(email), guard[mirror.TaxExemption]{})
	switch shop.ErrorCode(err) {
	case "":
	case shop.ENOTFOUND:
		return nil
	default:
		return err
	}
	return s.DeleteTaxCertificate(ctx, d.ID.Hex())
}

// The tax exemptions' queries and indexes, added to indexes.go's tables.
func init() {
	queries = append(queries,
		query{"GET /tax-exemptions: every application (admins)", CollTaxExemptions, bson.D{}, newestFirst, "newest_first", "createdAt"},
		query{"GET /tax-exemptions?status=: one status's applications", CollTaxExemptions, bson.D{{Key: "status", Value: "pending"}}, newestFirst, "status_exemptions", "status,createdAt"},
		query{"PATCH /tax-exemptions/{id}: the exemption by its application's id", CollTaxExemptions, bson.D{{Key: "id", Value: someID}}, nil, "exemption_id", "id"},
		query{"POST /order, POST /checkout, GET /account/tax-exemption: an account's exemption by _id (the e-mail)", CollTaxExemptions, bson.D{{Key: "_id", Value: "a@b.test"}}, nil, "_id_", "id"},
		query{"GET /tax-exemptions/{id}/certificate: its bytes by _id", CollTaxCertificates, bson.D{{Key: "_id", Value: someID}}, nil, "_id_", ""},
	)
	indexes[CollTaxExemptions] = append(indexes[CollTaxExemptions],
		mongo.IndexModel{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
		mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("status_exemptions")},
		mongo.IndexModel{Keys: bson.D{{Key: "id", Value: 1}}, Options: options.Index().SetName("exemption_id").SetUnique(true)},
	)
}
