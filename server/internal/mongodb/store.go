// Package mongodb is the store: the official MongoDB driver v2 against
// MONGODB_URI, or against an embedded FerretDB (SQLite) under DATA_DIR.
package mongodb

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/shop"
)

// Config says which database to use.
type Config struct {
	URI     string // empty: start the embedded store under DataDir
	DB      string
	DataDir string
	Logger  *slog.Logger
}

// Collections whose changes the read caches follow.
const (
	CollProducts = "service"
	CollReviews  = "reviews"
	CollImages   = "images"
	CollUsers    = "users"
	CollProfiles = "profiles"
	CollOrders   = "orders"
	CollContacts = "contacts"
	// Test-mode payment intents and processed Stripe webhook events.
	CollTestIntents = "test_payment_intents"
	CollEvents      = "stripe_events"
)

// Store is the database handle shared by every collection's methods.
type Store struct {
	client   *mongo.Client
	db       *mongo.Database
	images   *mongo.GridFSBucket
	embedded *embeddedServer // nil with MONGODB_URI

	// writeSlot serialises writes in embedded mode: FerretDB v1 applies
	// updates as read-modify-write without locking, so a conditional update
	// is only atomic when no other write runs at the same time. nil with a
	// real MongoDB, which is atomic per document by itself.
	writeSlot chan struct{}

	versions map[string]*atomic.Uint64
	log      *slog.Logger
}

// Open connects (starting the embedded server when cfg.URI is empty), pings
// and creates the indexes.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.DB == "" {
		cfg.DB = "storefront"
	}
	s := &Store{log: cfg.Logger, versions: map[string]*atomic.Uint64{}}
	for _, c := range []string{CollProducts, CollReviews, CollImages, CollUsers, CollProfiles, CollOrders, CollTestIntents, CollEvents, CollContacts} {
		s.versions[c] = new(atomic.Uint64)
	}
	uri := cfg.URI
	if uri == "" {
		e, err := startEmbedded(ctx, cfg.DataDir, cfg.Logger)
		if err != nil {
			return nil, err
		}
		s.embedded = e
		s.writeSlot = make(chan struct{}, 1)
		uri = e.uri
	}
	client, err := mongo.Connect(options.Client().ApplyURI(uri).
		SetServerSelectionTimeout(10 * time.Second).
		SetAppName("storefront"))
	if err != nil {
		s.closeEmbedded()
		return nil, fmt.Errorf("connect to the database: %w", err)
	}
	s.client = client
	s.db = client.Database(cfg.DB)
	s.images = s.db.GridFSBucket(options.GridFSBucket().SetName(CollImages))
	if err := s.Ping(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, fmt.Errorf("reach the database: %w", err)
	}
	if err := s.createIndexes(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, err
	}
	return s, nil
}

// Embedded reports whether the store runs in-process. Only then is this
// process the sole writer, so caches need no expiry.
func (s *Store) Embedded() bool { return s.embedded != nil }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return s.client.Ping(ctx, nil)
}

// Close disconnects and, in embedded mode, stops the embedded server so that
// its files are closed cleanly and DATA_DIR is released.
func (s *Store) Close(ctx context.Context) error {
	var err error
	if s.client != nil {
		err = s.client.Disconnect(ctx)
	}
	s.closeEmbedded()
	return err
}

func (s *Store) closeEmbedded() {
	if s.embedded != nil {
		s.embedded.stop()
	}
}

// Version is a counter that grows with every write this process makes to
// the collection; read caches compare it to know they are stale.
func (s *Store) Version(collection string) uint64 {
	if v, ok := s.versions[collection]; ok {
		return v.Load()
	}
	return 0
}

// write runs one write, serialised in embedded mode, and bumps the
// collection's version afterwards (also on error: a failed write may still
// have changed something, and a spurious cache miss costs little).
func (s *Store) write(ctx context.Context, collection string, fn func(context.Context) error) error {
	if s.writeSlot != nil {
		select {
		case s.writeSlot <- struct{}{}:
			defer func() { <-s.writeSlot }()
		case <-ctx.Done():
			return translate(ctx.Err(), "")
		}
	}
	err := fn(ctx)
	if v, ok := s.versions[collection]; ok {
		v.Add(1)
	}
	return err
}

// translate turns driver errors into the domain's, at this boundary only.
// what names the thing for a not-found message ("" when not applicable).
func translate(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, mongo.ErrNoDocuments), errors.Is(err, mongo.ErrFileNotFound):
		return &shop.Error{Code: shop.ENOTFOUND, Message: what + " was not found.", Cause: err}
	case mongo.IsDuplicateKeyError(err):
		return &shop.Error{Code: shop.ECONFLICT, Message: "It already exists.", Cause: err}
	case errors.Is(err, context.Canceled):
		return &shop.Error{Code: shop.EUNAVAILABLE, Message: "The request was cancelled.", Cause: err}
	case errors.Is(err, context.DeadlineExceeded), mongo.IsTimeout(err), mongo.IsNetworkError(err):
		return &shop.Error{Code: shop.EUNAVAILABLE, Message: "The database is not answering. Please try again shortly.", Cause: err}
	default:
		return fmt.Errorf("database: %w", err)
	}
}

// Dump returns every document of every collection as extended JSON, for
// diagnostics and for tests that prove what is (not) stored.
func (s *Store) Dump(ctx context.Context) (string, error) {
	names, err := s.db.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return "", translate(err, "")
	}
	var out strings.Builder
	for _, name := range names {
		cur, err := s.db.Collection(name).Find(ctx, bson.D{})
		if err != nil {
			return "", translate(err, "")
		}
		var docs []bson.Raw
		if err := cur.All(ctx, &docs); err != nil {
			return "", translate(err, "")
		}
		for _, d := range docs {
			out.WriteString(name + " " + d.String() + "\n")
		}
	}
	return out.String(), nil
}

// updateOne applies update to the one document filter matches, in one write
// (serialised in embedded mode); none matched is ENOTFOUND naming what.
func (s *Store) updateOne(ctx context.Context, collection string, filter, update bson.D, what string) (shop.UpdateResult, error) {
	var res *mongo.UpdateResult
	err := s.write(ctx, collection, func(ctx context.Context) error {
		var err error
		res, err = s.db.Collection(collection).UpdateOne(ctx, filter, update)
		return err
	})
	if err != nil {
		return shop.UpdateResult{}, translate(err, "")
	}
	if res.MatchedCount == 0 {
		return shop.UpdateResult{}, shop.Errorf(shop.ENOTFOUND, "%s was not found.", what)
	}
	return shop.UpdateResult{Acknowledged: true, MatchedCount: res.MatchedCount, ModifiedCount: res.ModifiedCount}, nil
}

// deleteOne removes the one document filter matches; none is ENOTFOUND.
func (s *Store) deleteOne(ctx context.Context, collection string, filter bson.D, what string) (shop.DeleteResult, error) {
	var res *mongo.DeleteResult
	err := s.write(ctx, collection, func(ctx context.Context) error {
		var err error
		res, err = s.db.Collection(collection).DeleteOne(ctx, filter)
		return err
	})
	if err != nil {
		return shop.DeleteResult{}, translate(err, "")
	}
	if res.DeletedCount == 0 {
		return shop.DeleteResult{}, shop.Errorf(shop.ENOTFOUND, "%s was not found.", what)
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: res.DeletedCount}, nil
}

// findPage decodes one page of a collection into D and counts all matches.
func findPage[D any](ctx context.Context, c *mongo.Collection, filter, sort bson.D, limit, skip int) ([]D, int64, error) {
	cur, err := c.Find(ctx, filter, options.Find().SetSort(sort).SetLimit(int64(limit)).SetSkip(int64(skip)))
	if err != nil {
		return nil, 0, translate(err, "")
	}
	var docs []D
	if err := cur.All(ctx, &docs); err != nil {
		return nil, 0, translate(err, "")
	}
	total, err := c.CountDocuments(ctx, filter)
	if err != nil {
		return nil, 0, translate(err, "")
	}
	return docs, total, nil
}

// newestFirst is the sort of lists shown latest on top.
var newestFirst = bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}
