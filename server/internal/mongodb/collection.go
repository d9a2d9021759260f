package mongodb

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/shop"
)

// collection is one collection's documents of type D with _id of type K:
// the driver's handle and, in embedded mode, its mirror. Its methods are the
// only places that choose between the two, so that each store method states
// its query once and the mode stays out of it.
type collection[K comparable, D any] struct {
	s    *Store
	name string
	c    *mongo.Collection
	mem  *mirror[K, D] // embedded mode only
	what string        // names a missing document: "The product"
	// ready is closed once a mirror that start-up does not wait for
	// (loadsAfterStart) is loaded; nil when Open loads it, or there is none.
	ready chan struct{}
	// stale are the documents a failed write left out of the mirror
	// because they could not be read back (mutate.go).
	stale staleSet[K]
}

// loadsAfterStart makes Open answer before this collection's mirror is
// loaded: for a big collection that no request path of a shopper reads
// (the outbox), so that start-up does not wait for it. Until it is loaded,
// its reads and its guarded writes wait; its inserts go ahead.
func (t *collection[K, D]) loadsAfterStart() *collection[K, D] {
	if t.mem != nil {
		t.ready = make(chan struct{})
	}
	return t
}

// await waits until the mirror is loaded (at once for one loaded at start).
func (t *collection[K, D]) await(ctx context.Context) error {
	if t.ready == nil {
		return nil
	}
	select {
	case <-t.ready:
		return nil
	case <-ctx.Done():
		return translate(ctx.Err(), "")
	}
}

func newCollection[K comparable, D any](s *Store, name, what string, m *mirror[K, D]) *collection[K, D] {
	t := &collection[K, D]{s: s, name: name, c: s.db.Collection(name), what: what}
	if s.Embedded() && m != nil {
		t.mem = m.init()
		s.mirrors = append(s.mirrors, t)
	}
	return t
}

// guard is a write's precondition, stated twice: as a filter that MongoDB
// checks atomically with the write (DESIGN rule 1), and as a check of the
// current document, which the embedded store's single writer makes against
// its exact mirror under the write slot before writing by _id alone (rule
// 4). With MongoDB, check also explains why a guarded write matched nothing.
type guard[D any] struct {
	filter bson.D
	check  func(cur D) error // nil when the filter cannot fail on an existing document
	// apply, embedded only, computes the write from the current document
	// under the write slot: the update to send by _id and the document it
	// leaves, which goes into the mirror without reading it back. nil: the
	// update passed to update is sent, and the document is read back.
	apply func(cur D) (update bson.D, next D)
}

// get returns the document with this _id.
func (t *collection[K, D]) get(ctx context.Context, id K) (D, error) {
	if t.mem != nil {
		if err := t.await(ctx); err != nil {
			var zero D
			return zero, err
		}
		if d, ok := t.mem.get(id); ok {
			return d, nil
		}
		var zero D
		if t.stale.has(id) {
			return zero, errStale
		}
		return zero, t.notFound()
	}
	return t.findOne(ctx, bson.D{{Key: "_id", Value: id}})
}

// findOne reads from the store, never from the mirror.
func (t *collection[K, D]) findOne(ctx context.Context, filter bson.D) (D, error) {
	var d D
	if err := t.c.FindOne(ctx, filter).Decode(&d); err != nil {
		return d, translate(err, t.what)
	}
	return d, nil
}

// getBy returns the document whose unique key is key: from the mirror's
// named index, or with MongoDB by filter (served by a unique index, see
// indexes.go).
func (t *collection[K, D]) getBy(ctx context.Context, index, key string, filter bson.D) (D, error) {
	if t.mem != nil {
		if err := t.await(ctx); err != nil {
			var zero D
			return zero, err
		}
		if d, ok := t.mem.lookup(index, key); ok {
			return d, nil
		}
		var zero D
		if t.staleDocuments() > 0 {
			return zero, errStale // the one it looks for may be the stale one
		}
		return zero, t.notFound()
	}
	return t.findOne(ctx, filter)
}

func (t *collection[K, D]) notFound() error {
	return shop.Errorf(shop.ENOTFOUND, "%s was not found.", t.what)
}

// insert stores a new document.
func (t *collection[K, D]) insert(ctx context.Context, d D) error {
	var ids []K
	if t.mem != nil {
		ids = []K{t.mem.idOf(&d)}
	}
	return t.mutate(ctx, ids, func(ctx context.Context, w *writing) error {
		if _, err := t.c.InsertOne(ctx, d); w.stored(err) != nil {
			return w.err
		}
		return t.remember(d)
	})
}

// remember puts a document just written into the mirror, as the store would
// give it back. Callers hold the write slot.
func (t *collection[K, D]) remember(d D) error {
	if t.mem == nil {
		return nil
	}
	stored, err := roundTrip(d)
	if err != nil {
		return err
	}
	t.mem.put(stored)
	return nil
}

// insertMany stores new documents in one command. An ordered insert stops
// at the first failure, the ones before it stored: mutate reads every one
// of them back.
func (t *collection[K, D]) insertMany(ctx context.Context, docs []D) error {
	if len(docs) == 0 {
		return nil
	}
	var ids []K
	if t.mem != nil {
		for i := range docs {
			ids = append(ids, t.mem.idOf(&docs[i]))
		}
	}
	return t.mutate(ctx, ids, func(ctx context.Context, w *writing) error {
		if _, err := t.c.InsertMany(ctx, docs); w.stored(err) != nil {
			return w.err
		}
		for _, d := range docs {
			if err := t.remember(d); err != nil {
				return err
			}
		}
		return nil
	})
}

// update applies update to the document id names if the guard holds, and
// reports what the driver did. ENOTFOUND when there is no such document;
// the guard's error when it does not hold.
func (t *collection[K, D]) update(ctx context.Context, id K, g guard[D], update bson.D) (shop.UpdateResult, error) {
	var res *mongo.UpdateResult
	if t.mem != nil {
		if err := t.await(ctx); err != nil { // before the write slot, which the loader takes
			return shop.UpdateResult{}, err
		}
		err := t.mutate(ctx, []K{id}, func(ctx context.Context, w *writing) error {
			cur, err := t.guarded(id, g)
			if err != nil {
				return err
			}
			update := update
			var next D
			if g.apply != nil {
				update, next = g.apply(cur)
			}
			res, err = t.c.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}}, update)
			if w.stored(err) != nil {
				return w.err
			}
			if g.apply != nil && res.MatchedCount == 1 {
				t.mem.put(next)
				return nil
			}
			if err := t.reload(ctx, id); err != nil {
				return err
			}
			if res.MatchedCount == 0 {
				return t.notFound()
			}
			return nil
		})
		if err != nil {
			return shop.UpdateResult{}, translate(err, t.what)
		}
		return updateResult(res), nil
	}
	filter := append(bson.D{{Key: "_id", Value: id}}, g.filter...)
	for attempt := 0; ; attempt++ {
		err := t.mutate(ctx, nil, func(ctx context.Context, w *writing) error {
			var err error
			res, err = t.c.UpdateOne(ctx, filter, update)
			return w.stored(err)
		})
		if err != nil {
			return shop.UpdateResult{}, translate(err, t.what)
		}
		if res.MatchedCount == 1 {
			return updateResult(res), nil
		}
		if err := t.explain(ctx, id, g, attempt); err != nil {
			return shop.UpdateResult{}, err
		}
	}
}

// remove deletes the document id names if the guard holds, and returns it.
func (t *collection[K, D]) remove(ctx context.Context, id K, g guard[D]) (D, error) {
	var d D
	if t.mem != nil {
		if err := t.await(ctx); err != nil { // before the write slot, which the loader takes
			return d, err
		}
		err := t.mutate(ctx, []K{id}, func(ctx context.Context, w *writing) error {
			cur, err := t.guarded(id, g)
			if err != nil {
				return err
			}
			res, err := t.c.DeleteOne(ctx, bson.D{{Key: "_id", Value: id}})
			if w.stored(err) != nil {
				return w.err
			}
			if res.DeletedCount != 1 { // never expected: the mirror follows the store
				t.mem.remove(id)
				t.s.log.Error("a document in memory was not in the store", "collection", t.name, "id", idText(id))
				return t.notFound()
			}
			t.mem.remove(id)
			d = cur
			return nil
		})
		return d, translate(err, t.what)
	}
	filter := append(bson.D{{Key: "_id", Value: id}}, g.filter...)
	for attempt := 0; ; attempt++ {
		err := t.mutate(ctx, nil, func(ctx context.Context, w *writing) error {
			return w.stored(t.c.FindOneAndDelete(ctx, filter).Decode(&d))
		})
		if err == nil {
			return d, nil
		}
		if !errors.Is(err, mongo.ErrNoDocuments) {
			return d, translate(err, t.what)
		}
		if err := t.explain(ctx, id, g, attempt); err != nil {
			return d, err
		}
	}
}

// guarded returns the mirror's copy of the document if the guard holds on
// it. Callers hold the write slot, so it stays so until their write.
func (t *collection[K, D]) guarded(id K, g guard[D]) (D, error) {
	cur, ok := t.mem.get(id)
	if !ok {
		return cur, t.notFound()
	}
	if g.check != nil {
		if err := g.check(cur); err != nil {
			return cur, err
		}
	}
	return cur, nil
}

// explain says why a guarded write on MongoDB matched nothing: the document
// is missing, or the guard's check fails on it now. When it passes now, the
// document changed in between; the caller tries again, a few times.
func (t *collection[K, D]) explain(ctx context.Context, id K, g guard[D], attempt int) error {
	cur, err := t.findOne(ctx, bson.D{{Key: "_id", Value: id}})
	if err != nil {
		return err
	}
	if g.check != nil {
		if err := g.check(cur); err != nil {
			return err
		}
	}
	if attempt >= 2 {
		return shop.Errorf(shop.ECONFLICT, "%s changed at the same time. Please try again.", t.what)
	}
	return nil
}

// reload puts the stored document into the mirror (or removes it when it
// is gone): after an update, the mirror holds exactly what the store does.
func (t *collection[K, D]) reload(ctx context.Context, id K) error {
	d, err := t.findOne(ctx, bson.D{{Key: "_id", Value: id}})
	switch {
	case err == nil:
		t.mem.put(d)
	case shop.ErrorCode(err) == shop.ENOTFOUND:
		t.mem.remove(id)
	default:
		return err
	}
	return nil
}

// listQuery is one page of a sorted list, stated for both modes: the
// mirror's order index (and group, and match) and MongoDB's filter and sort,
// which indexes.go pairs with the index that serves it.
type listQuery[D any] struct {
	index        string        // mirror order index
	group        *string       // that index's group (a customer's email), or all
	desc         bool          // the index's order reversed
	match        func(*D) bool // mirror filter; nil: all
	filter, sort bson.D        // MongoDB
	skip, limit  int
}

// list returns one page and the number of all matches.
func (t *collection[K, D]) list(ctx context.Context, q listQuery[D]) ([]D, int64, error) {
	if t.mem != nil {
		if err := t.await(ctx); err != nil {
			return nil, 0, err
		}
		if t.staleDocuments() > 0 {
			return nil, 0, errStale
		}
		docs, total := t.mem.page(q.index, q.group, q.desc, q.skip, q.limit, q.match)
		return docs, total, nil
	}
	filter := q.filter
	if filter == nil {
		filter = bson.D{}
	}
	opts := options.Find().SetLimit(int64(q.limit)).SetSkip(int64(q.skip))
	if len(q.sort) > 0 { // the driver cannot encode an empty (nil) sort
		opts.SetSort(q.sort)
	}
	cur, err := t.c.Find(ctx, filter, opts)
	if err != nil {
		return nil, 0, translate(err, "")
	}
	docs := []D{}
	if err := cur.All(ctx, &docs); err != nil {
		return nil, 0, translate(err, "")
	}
	total, err := t.countOf(ctx, filter)
	if err != nil {
		return nil, 0, err
	}
	return docs, total, nil
}

// countOf counts the documents filter matches on MongoDB: an unfiltered
// count from the collection's metadata (estimatedDocumentCount: a count of
// documents scans the whole collection), a filtered one with the index that
// serves the filter (indexes.go).
func (t *collection[K, D]) countOf(ctx context.Context, filter bson.D) (int64, error) {
	var n int64
	var err error
	if len(filter) == 0 {
		n, err = t.c.EstimatedDocumentCount(ctx)
	} else {
		n, err = t.c.CountDocuments(ctx, filter)
	}
	return n, translate(err, "")
}

// count returns the number of documents.
func (t *collection[K, D]) count(ctx context.Context) (int64, error) {
	if t.mem != nil {
		if err := t.await(ctx); err != nil {
			return 0, err
		}
		if t.staleDocuments() > 0 {
			return 0, errStale
		}
		return int64(t.mem.len()), nil
	}
	return t.countOf(ctx, nil)
}

// all reads every document from the store.
func (t *collection[K, D]) all(ctx context.Context) ([]D, error) {
	return t.findAll(ctx, bson.D{})
}

// findAll reads every document of filter from the store, never the mirror.
func (t *collection[K, D]) findAll(ctx context.Context, filter bson.D, opts ...options.Lister[options.FindOptions]) ([]D, error) {
	cur, err := t.c.Find(ctx, filter, opts...)
	if err != nil {
		return nil, translate(err, "")
	}
	var docs []D
	if err := cur.All(ctx, &docs); err != nil {
		return nil, translate(err, "")
	}
	return docs, nil
}

// mirrored is a collection with a mirror, as Open loads it and Check
// compares it.
type mirrored interface {
	collectionName() string
	hasIndex(name string) bool
	load(ctx context.Context) error
	loadedAfterStart() bool
	loadBehind(ctx context.Context) error
	check(ctx context.Context) error
	stats() MirrorStats
	staleDocuments() int64
	repairStale(ctx context.Context) error
	sample(ctx context.Context, n int) (int, error)
}

func (t *collection[K, D]) collectionName() string { return t.name }

func (t *collection[K, D]) hasIndex(name string) bool {
	if name == "id" {
		return true
	}
	for _, k := range t.mem.keys {
		if k.name == name {
			return true
		}
	}
	for _, o := range t.mem.orders {
		if o.name == name {
			return true
		}
	}
	return false
}

func (t *collection[K, D]) load(ctx context.Context) error {
	docs, err := t.all(ctx)
	if err != nil {
		return fmt.Errorf("load %s: %w", t.name, err)
	}
	t.mem.load(docs)
	return nil
}

func (t *collection[K, D]) loadedAfterStart() bool { return t.ready != nil }

// loadBehind loads a mirror that start-up did not wait for, while the store
// serves. Documents inserted meanwhile are in the mirror already and may or
// may not be in what the store read: they go back in after the load, as the
// newer. Nothing else changes the collection until ready is closed.
func (t *collection[K, D]) loadBehind(ctx context.Context) error {
	docs, err := t.all(ctx)
	if err != nil {
		return fmt.Errorf("load %s: %w", t.name, err)
	}
	return t.install(ctx, docs)
}

// install makes docs, read from the store, the mirror's content, keeping the
// documents inserted since: the second half of loadBehind.
func (t *collection[K, D]) install(ctx context.Context, docs []D) error {
	return t.s.write(ctx, "", func(context.Context) error {
		var inserted []D
		t.mem.each(func(d *D) { inserted = append(inserted, *d) })
		t.mem.load(docs)
		for _, d := range inserted {
			t.mem.put(d)
		}
		close(t.ready)
		return nil
	})
}

// check rebuilds the mirror from the store in one pass and compares it with
// the live one that the writes have maintained one by one.
func (t *collection[K, D]) check(ctx context.Context) error {
	if err := t.await(ctx); err != nil {
		return err
	}
	var err error
	werr := t.s.write(ctx, "", func(ctx context.Context) error {
		var docs []D
		if docs, err = t.all(ctx); err != nil {
			return err
		}
		want := t.mem.fresh()
		want.load(docs)
		err = t.mem.diff(want)
		return nil
	})
	if werr != nil {
		return werr
	}
	return err
}

func (t *collection[K, D]) stats() MirrorStats {
	n, b := t.mem.size()
	return MirrorStats{Collection: t.name, Documents: n, Bytes: b}
}

// roundTrip returns d as the store gives it back: times in milliseconds and
// UTC, empty values as decoded.
func roundTrip[D any](d D) (D, error) {
	var out D
	raw, err := bson.Marshal(d)
	if err != nil {
		return out, err
	}
	err = bson.Unmarshal(raw, &out)
	return out, err
}

func updateResult(r *mongo.UpdateResult) shop.UpdateResult {
	return shop.UpdateResult{Acknowledged: true, MatchedCount: r.MatchedCount, ModifiedCount: r.ModifiedCount}
}

func compareOID(a, b bson.ObjectID) int { return bytes.Compare(a[:], b[:]) }
