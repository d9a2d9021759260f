package mongodb

import (
	"context"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// The picture sweep (shop.ImageSweepStore): a picture that no document
// refers to 24 h after its last upload is deleted. Each upload records its
// time on the picture (metadata.lastUploadAt; pictures stored before have
// only uploadDate), and the delete is one conditional write on that time,
// so a picture uploaded again while the sweep runs stays.

var _ shop.ImageSweepStore = (*Store)(nil)

// idleSince is the filter of the pictures last uploaded at or before cutoff.
func idleSince(cutoff time.Time) bson.D {
	cutoff = cutoff.UTC()
	return bson.D{{Key: "$or", Value: bson.A{
		bson.D{{Key: "metadata.lastUploadAt", Value: bson.D{{Key: "$lte", Value: cutoff}}}},
		bson.D{{Key: "metadata.lastUploadAt", Value: bson.D{{Key: "$exists", Value: false}}}, {Key: "uploadDate", Value: bson.D{{Key: "$lte", Value: cutoff}}}},
	}}}
}

// TouchImage records an upload of the picture at at.
func (s *Store) TouchImage(ctx context.Context, id string, at time.Time) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	_, err = s.imageFiles.update(ctx, oid, guard[mirror.ImageFile]{}, bson.D{{Key: "$set", Value: bson.D{
		{Key: "metadata.lastUploadAt", Value: at.UTC().Truncate(time.Millisecond)}}}})
	return err
}

// IdleImages returns the pictures last uploaded at or before cutoff. A
// sweep, not a request path: embedded, a walk of the mirror; with MongoDB,
// a scan of the pictures' metadata (their bytes are elsewhere).
func (s *Store) IdleImages(ctx context.Context, cutoff time.Time) ([]string, error) {
	var ids []string
	if m := s.imageFiles.mem; m != nil {
		m.Mem.Each(func(d *mirror.ImageFile) {
			if !d.LastUpload().After(cutoff) {
				ids = append(ids, d.ID.Hex())
			}
		})
		return ids, nil
	}
	docs, err := s.imageFiles.findAll(ctx, idleSince(cutoff), options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}}))
	for _, d := range docs {
		ids = append(ids, d.ID.Hex())
	}
	return ids, err
}

// DeleteIdleImage deletes the picture if it was last uploaded at or before
// cutoff: its file document (the conditional write), then its bytes. A
// crash in between leaves bytes nobody refers to, never a file without them.
func (s *Store) DeleteIdleImage(ctx context.Context, id string, cutoff time.Time) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	if _, err := s.imageFiles.remove(ctx, oid, guard[mirror.ImageFile]{
		filter: idleSince(cutoff),
		check:  mirror.IdleSince(cutoff),
	}); err != nil {
		return err
	}
	return translate(s.write(ctx, collImageChunks, func(ctx context.Context) error {
		if s.Embedded() {
			// By _id alone: the one chunk, or the chunks start-up listed.
			chunks := append([]mirror.ID{oid}, s.legacyChunks[oid]...)
			for _, c := range chunks {
				if _, err := s.imageChunks.c.DeleteOne(ctx, bson.D{{Key: "_id", Value: c}}); err != nil {
					return err
				}
			}
			return nil
		}
		_, err := s.imageChunks.c.DeleteMany(ctx, bson.D{{Key: "files_id", Value: oid}})
		return err
	}), "")
}

// notReferring are the collections whose strings never refer to a picture
// (the pictures themselves, counters, webhook events, the chunks of
// documents' and invoices' bytes).
var notReferring = map[string]bool{collImageFiles: true, collImageChunks: true, CollCounters: true, CollEvents: true,
	collDocumentChunks: true, collInvoiceChunks: true} // (bytes alone: 1.1 GB of them in the large catalogue's store)

// ReferencedImages returns the ids of the pictures any document refers to,
// by an /images/{id} address in any of its strings: every collection is
// read but the pictures' own, so a field added later is never missed.
// Embedded, the mirrored collections are walked in memory, and the others
// (the outbox's bodies too, which its mirror does not hold) searched by
// SQLite for the documents that name a picture (embedded.Server.ScanText).
func (s *Store) ReferencedImages(ctx context.Context) (map[string]bool, error) {
	refs := map[string]bool{}
	add := func(text string) {
		for _, id := range shop.ImageIDsIn(text) {
			refs[id] = true
		}
	}
	walked := map[string]bool{}
	if s.Embedded() {
		for _, walk := range []func() (string, error){
			walker(ctx, s.products, add), walker(ctx, s.orders, add), walker(ctx, s.users, add),
			walker(ctx, s.profiles, add), walker(ctx, s.reviews, add), walker(ctx, s.contacts, add),
			walker(ctx, s.testIntents, add), walker(ctx, s.quotes, add), walker(ctx, s.claims, add),
			// (not the outbox: its mirror holds no e-mail's text or HTML,
			// which may show a picture; it is read from the store below)
		} {
			name, err := walk()
			if err != nil {
				return nil, err
			}
			walked[name] = true
		}
	}
	names, err := s.db.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return nil, translate(err, "")
	}
	for _, name := range names {
		if walked[name] || notReferring[name] || strings.HasPrefix(name, "system.") {
			continue
		}
		if s.embedded != nil {
			// Only the documents whose stored form names a picture are
			// read, by SQLite: FerretDB would decode every document whole
			// (the outbox's 400,000 e-mails, 1 GB; issue 46). Its JSON
			// holds the strings as they are, so the addresses in it are
			// the strings'.
			if err := s.embedded.ScanText(ctx, s.dbName, name, "/images/", func(text string) error { add(text); return nil }); err != nil {
				return nil, err
			}
			continue
		}
		cur, err := s.db.Collection(name).Find(ctx, bson.D{})
		if err != nil {
			return nil, translate(err, "")
		}
		for cur.Next(ctx) {
			walkRaw(cur.Current, add)
		}
		err = cur.Err()
		_ = cur.Close(ctx)
		if err != nil {
			return nil, translate(err, "")
		}
	}
	return refs, nil
}

// walker walks a mirrored collection's strings in memory.
func walker[K comparable, D any](ctx context.Context, t *collection[K, D], add func(string)) func() (string, error) {
	return func() (string, error) { return t.name, t.mem.EachString(ctx, add) }
}

// walkRaw calls add with every string in a stored document.
func walkRaw(doc bson.Raw, add func(string)) {
	elems, err := doc.Elements()
	if err != nil {
		return
	}
	for _, e := range elems {
		walkRawValue(e.Value(), add)
	}
}

func walkRawValue(v bson.RawValue, add func(string)) {
	switch v.Type {
	case bson.TypeString:
		add(v.StringValue())
	case bson.TypeEmbeddedDocument:
		walkRaw(v.Document(), add)
	case bson.TypeArray:
		vals, err := v.Array().Values()
		if err != nil {
			return
		}
		for _, x := range vals {
			walkRawValue(x, add)
		}
	}
}
