package backup

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mongodb"
)

// Backup and restore read and write whole collections as BSON documents, in
// mongodump's layout. They reach the database through Store.Raw, around the
// mirrors, so a restore is followed by closing the store, and the next Open
// loads the mirrors from what was written.

// collectionNames lists the database's collections, system ones left out,
// sorted by name.
func collectionNames(ctx context.Context, s *mongodb.Store) ([]string, error) {
	var names []string
	err := s.Raw(ctx, "", func(ctx context.Context, db *mongo.Database) (err error) {
		names, err = db.ListCollectionNames(ctx, bson.D{})
		return err
	})
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

// countDocuments counts a collection's documents (0 for a missing one).
func countDocuments(ctx context.Context, s *mongodb.Store, collection string) (n int64, err error) {
	err = s.Raw(ctx, "", func(ctx context.Context, db *mongo.Database) error {
		n, err = db.Collection(collection).CountDocuments(ctx, bson.D{})
		return err
	})
	return n, err
}

// exportCollection calls fn with each document of the collection, exactly
// as stored, in _id order.
func exportCollection(ctx context.Context, s *mongodb.Store, collection string, fn func(doc bson.Raw) error) error {
	return s.Raw(ctx, "", func(ctx context.Context, db *mongo.Database) error {
		return export(ctx, db, collection, fn)
	})
}

func export(ctx context.Context, db *mongo.Database, collection string, fn func(doc bson.Raw) error) error {
	cur, err := db.Collection(collection).Find(ctx, bson.D{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
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

// indexSpecs are the collection's indexes as listIndexes answers them
// (key, name, unique, …), the form mongodump keeps in its metadata.
func indexSpecs(ctx context.Context, s *mongodb.Store, collection string) (specs []bson.Raw, err error) {
	err = s.Raw(ctx, "", func(ctx context.Context, db *mongo.Database) error {
		specs, err = listIndexes(ctx, db, collection)
		return err
	})
	return specs, err
}

func listIndexes(ctx context.Context, db *mongo.Database, collection string) ([]bson.Raw, error) {
	cur, err := db.Collection(collection).Indexes().List(ctx)
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

// indexModel turns an index specification from listIndexes or mongodump's
// metadata into a model to create; ok is false for the _id index, which
// every collection has.
func indexModel(spec bson.Raw) (model mongo.IndexModel, ok bool, err error) {
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

// ensureIndex creates the index unless the collection has one of its name
// (Open makes this store's own).
func ensureIndex(ctx context.Context, s *mongodb.Store, collection string, m mongo.IndexModel) error {
	if s.Embedded() && !mongodb.IsUnique(m) {
		return nil // the embedded store makes only unique indexes (mongodb.Store.onlyUnique)
	}
	specs, err := indexSpecs(ctx, s, collection)
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
	return s.Raw(ctx, collection, func(ctx context.Context, db *mongo.Database) error {
		_, err := db.Collection(collection).Indexes().CreateOne(ctx, m)
		return err
	})
}

// importDocuments inserts documents into the collection as they are, in
// order, one write at a time.
func importDocuments(ctx context.Context, s *mongodb.Store, collection string, docs []bson.Raw) error {
	if len(docs) == 0 {
		return nil
	}
	batch := make([]any, len(docs))
	for i, d := range docs {
		batch[i] = d
	}
	return s.Raw(ctx, collection, func(ctx context.Context, db *mongo.Database) error {
		_, err := db.Collection(collection).InsertMany(ctx, batch)
		return err
	})
}

// clearCollection deletes every document of the collection and keeps its
// indexes (restore --drop).
func clearCollection(ctx context.Context, s *mongodb.Store, collection string) error {
	return s.Raw(ctx, collection, func(ctx context.Context, db *mongo.Database) error {
		_, err := db.Collection(collection).DeleteMany(ctx, bson.D{})
		return err
	})
}

// validateDocument checks that doc decodes as a document of the named
// collection, as the store reads it, and has an _id. Collections the store
// does not know need only an _id.
func validateDocument(collection string, doc bson.Raw) error {
	if _, err := doc.LookupErr("_id"); err != nil {
		return errors.New("the document has no _id")
	}
	return mongodb.DecodeStored(collection, doc)
}
