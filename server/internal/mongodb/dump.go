package mongodb

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// Backup and restore (cmd/backup) read and write whole collections as BSON
// documents, in mongodump's layout. These methods are theirs alone: they go
// around the mirrors, so a restore is followed by closing the store, and the
// next Open loads the mirrors from what was written.

// CollectionNames lists the database's collections, system ones left out,
// sorted by name.
func (s *Store) CollectionNames(ctx context.Context) ([]string, error) {
	names, err := s.db.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return nil, fmt.Errorf("list collections: %w", err)
	}
	out := names[:0]
	for _, n := range names {
		if !strings.HasPrefix(n, "system.") {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}

// CountDocuments counts a collection's documents (0 for a missing one).
func (s *Store) CountDocuments(ctx context.Context, collection string) (int64, error) {
	return s.db.Collection(collection).CountDocuments(ctx, bson.D{})
}

// ExportCollection calls fn with each document of the collection, exactly
// as stored, in _id order.
func (s *Store) ExportCollection(ctx context.Context, collection string, fn func(doc bson.Raw) error) error {
	cur, err := s.db.Collection(collection).Find(ctx, bson.D{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return fmt.Errorf("read %s: %w", collection, err)
	}
	defer cur.Close(ctx)
	for cur.Next(ctx) {
		if err := fn(cur.Current); err != nil {
			return err
		}
	}
	if err := cur.Err(); err != nil {
		return fmt.Errorf("read %s: %w", collection, err)
	}
	return nil
}

// IndexSpecs are the collection's indexes as listIndexes answers them
// (key, name, unique, …), the form mongodump keeps in its metadata.
func (s *Store) IndexSpecs(ctx context.Context, collection string) ([]bson.Raw, error) {
	cur, err := s.db.Collection(collection).Indexes().List(ctx)
	if err != nil {
		return nil, fmt.Errorf("list the indexes of %s: %w", collection, err)
	}
	var specs []bson.Raw
	for cur.Next(ctx) {
		specs = append(specs, append(bson.Raw(nil), cur.Current...))
	}
	if err := cur.Err(); err != nil {
		return nil, fmt.Errorf("list the indexes of %s: %w", collection, err)
	}
	return specs, nil
}

// IndexModel turns an index specification from listIndexes or mongodump's
// metadata into a model to create; ok is false for the _id index, which
// every collection has.
func IndexModel(spec bson.Raw) (model mongo.IndexModel, ok bool, err error) {
	name, _ := spec.Lookup("name").StringValueOK()
	keys, isDoc := spec.Lookup("key").DocumentOK()
	if name == "" || !isDoc {
		return mongo.IndexModel{}, false, errors.New("an index needs a name and a key document")
	}
	if name == "_id_" {
		return mongo.IndexModel{}, false, nil
	}
	elems, err := keys.Elements()
	if err != nil || len(elems) == 0 {
		return mongo.IndexModel{}, false, fmt.Errorf("index %s: the key document is not valid", name)
	}
	opts := options.Index().SetName(name)
	if v, ok := spec.Lookup("unique").BooleanOK(); ok {
		opts.SetUnique(v)
	}
	if v, ok := spec.Lookup("sparse").BooleanOK(); ok {
		opts.SetSparse(v)
	}
	if v, ok := spec.Lookup("expireAfterSeconds").AsInt64OK(); ok {
		opts.SetExpireAfterSeconds(int32(v))
	}
	if v, ok := spec.Lookup("partialFilterExpression").DocumentOK(); ok {
		opts.SetPartialFilterExpression(v)
	}
	return mongo.IndexModel{Keys: keys, Options: opts}, true, nil
}

// EnsureIndex creates the index unless the collection has one of its name
// (Open makes this store's own).
func (s *Store) EnsureIndex(ctx context.Context, collection string, m mongo.IndexModel) error {
	specs, err := s.IndexSpecs(ctx, collection)
	if err != nil {
		return err
	}
	name := ""
	if m.Options != nil {
		var o options.IndexOptions
		for _, set := range m.Options.List() {
			_ = set(&o)
		}
		if o.Name != nil {
			name = *o.Name
		}
	}
	for _, spec := range specs {
		if n, _ := spec.Lookup("name").StringValueOK(); n == name {
			return nil
		}
	}
	return s.write(ctx, collection, func(ctx context.Context) error {
		_, err := s.db.Collection(collection).Indexes().CreateOne(ctx, m)
		return err
	})
}

// ImportDocuments inserts documents into the collection as they are, in
// order, one write at a time.
func (s *Store) ImportDocuments(ctx context.Context, collection string, docs []bson.Raw) error {
	if len(docs) == 0 {
		return nil
	}
	batch := make([]any, len(docs))
	for i, d := range docs {
		batch[i] = d
	}
	return s.write(ctx, collection, func(ctx context.Context) error {
		_, err := s.db.Collection(collection).InsertMany(ctx, batch)
		return err
	})
}

// ClearCollection deletes every document of the collection and keeps its
// indexes (restore --drop).
func (s *Store) ClearCollection(ctx context.Context, collection string) error {
	return s.write(ctx, collection, func(ctx context.Context) error {
		_, err := s.db.Collection(collection).DeleteMany(ctx, bson.D{})
		return err
	})
}

// ValidateDocument checks that doc decodes as a document of the named
// collection, as this store reads it, and has an _id. Collections this
// store does not know need only an _id.
func ValidateDocument(collection string, doc bson.Raw) error {
	if _, err := doc.LookupErr("_id"); err != nil {
		return errors.New("the document has no _id")
	}
	decode, ok := documentTypes[collection]
	if !ok {
		return nil
	}
	return decode(doc)
}

func decodeAs[D any](doc bson.Raw) error {
	var d D
	return bson.Unmarshal(doc, &d)
}

// documentTypes decode a document of each collection into its BSON type.
var documentTypes = map[string]func(bson.Raw) error{
	CollProducts:    decodeAs[productDoc],
	CollReviews:     decodeAs[reviewDoc],
	CollUsers:       decodeAs[userDoc],
	CollProfiles:    decodeAs[profileDoc],
	CollOrders:      decodeAs[orderDoc],
	CollContacts:    decodeAs[messageDoc],
	CollTestIntents: decodeAs[testIntentDoc],
	CollEvents:      decodeAs[eventDoc],
	CollCounters:    decodeAs[counterDoc],
	CollQuotes:      decodeAs[quoteDoc],
	CollClaims:      decodeAs[claimDoc],
	CollOutbox:      decodeAs[mailDoc],
	collImageFiles:  decodeAs[imageFileDoc],
	collImageChunks: decodeAs[imageChunkDoc],
}

// KnownCollections are the collections this store keeps.
func KnownCollections() []string { return append([]string(nil), collectionNames...) }
