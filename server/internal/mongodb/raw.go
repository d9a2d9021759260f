package mongodb

import (
	"bytes"
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"storefront/server/internal/mirror"
)

// Raw runs fn with the database handle, around the mirrors: for the backup
// toolkit (internal/backup) alone, whose restore is followed by closing the
// store so that the next Open loads the mirrors from what it wrote. With a
// collection named, fn is a write of it: serialised with the store's
// writes, and the collection's version moves; with "", fn only reads.
func (s *Store) Raw(ctx context.Context, collection string, fn func(ctx context.Context, db *mongo.Database) error) error {
	if collection == "" {
		return fn(ctx, s.db)
	}
	s.aroundMirrors.Store(true) // no snapshot of them until RefreshMirrors
	return s.write(ctx, collection, func(ctx context.Context) error { return fn(ctx, s.db) })
}

// DecodeStored checks that doc decodes as a document of the named
// collection, as this store reads it (nil for a collection it does not
// know).
func DecodeStored(collection string, doc bson.Raw) error {
	decode, ok := documentTypes[collection]
	if !ok {
		return nil
	}
	return decode(doc)
}

func decodeAs[D any](doc bson.Raw) error {
	var d D
	dec := bson.NewDecoder(bson.NewDocumentReader(bytes.NewReader(doc)))
	dec.SetRegistry(eitherForm)
	return dec.Decode(&d)
}

// eitherForm reads a document of either store's form (a backup of the
// embedded store holds packed specs); built once, not per document.
var eitherForm = registry(false)

// documentTypes decode a document of each collection into its BSON type.
var documentTypes = map[string]func(bson.Raw) error{
	CollProducts:    decodeAs[mirror.Product],
	CollReviews:     decodeAs[mirror.Review],
	CollUsers:       decodeAs[mirror.User],
	CollProfiles:    decodeAs[mirror.Profile],
	CollOrders:      decodeAs[mirror.Order],
	CollContacts:    decodeAs[mirror.Message],
	CollTestIntents: decodeAs[mirror.TestIntent],
	CollEvents:      decodeAs[eventDoc],
	CollCounters:    decodeAs[counterDoc],
	CollQuotes:      decodeAs[mirror.Quote],
	CollClaims:      decodeAs[mirror.Claim],
	CollOutbox:      decodeAs[mirror.Mail],
	collImageFiles:  decodeAs[mirror.ImageFile],
	collImageChunks: decodeAs[imageChunkDoc],

	CollCancellations:   decodeAs[mirror.Cancellation], // issue 36
	CollGroups:          decodeAs[mirror.Group],        // issue 34
	CollCarts:           decodeAs[mirror.Cart],         // issue 34
	CollInvoices:        decodeAs[mirror.Invoice],      // issue 34
	collInvoiceFiles:    decodeAs[invoiceFileDoc],      // issue 34
	collInvoiceChunks:   decodeAs[imageChunkDoc],       // issue 34
	CollIntents:         decodeAs[mirror.IntentRecord], // issue 43
	CollSessions:        decodeAs[mirror.Session],      // issue 44
	CollAudit:           decodeAs[mirror.AuditEntry],   // issue 44
	collAuditChain:      decodeAs[auditChainDoc],       // issue 44
	CollAddresses:       decodeAs[mirror.AddressBook],  // issue 49
	CollTaxExemptions:   decodeAs[mirror.TaxExemption], // issue 49
	CollTaxCertificates: decodeAs[certificateDoc],      // issue 49
	collDocumentFiles:   decodeAs[documentFileDoc],     // issue 48
	collDocumentChunks:  decodeAs[imageChunkDoc],       // issue 48
}

// KnownCollections are the collections this store keeps.
func KnownCollections() []string { return append([]string(nil), collectionNames...) }
