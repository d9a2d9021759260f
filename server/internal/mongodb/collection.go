package mongodb

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// collection is one collection's documents of type D with _id of type K:
// the driver's handle and, in embedded mode, its mirror's table. Its
// methods are the only places that choose between the two, so that each
// store method states its query once and the mode stays out of it.
type collection[K comparable, D any] struct {
	s    *Store
	name string
	c    *mongo.Collection
	mem  *mirror.Table[K, D] // embedded mode only
	what string              // names a missing document: "The product"
}

func newCollection[K comparable, D any](s *Store, name, what string, m *mirror.Mirror[K, D]) *collection[K, D] {
	t := &collection[K, D]{s: s, name: name, c: s.db.Collection(name), what: what}
	if s.Embedded() && m != nil {
		t.mem = mirror.NewTable(s.env, m, source[K, D]{t}, what)
		s.mirrors.Add(t.mem)
	}
	return t
}

// loadsAfterStart makes Open answer before this collection's mirror is
// loaded (mirror.Table.LoadsAfterStart).
func (t *collection[K, D]) loadsAfterStart() *collection[K, D] {
	if t.mem != nil {
		t.mem.LoadsAfterStart()
	}
	return t
}

// source is what the mirror's table reads from the store.
type source[K comparable, D any] struct{ t *collection[K, D] }

func (r source[K, D]) FindByID(ctx context.Context, id K) (D, error) {
	return r.t.findOne(ctx, bson.D{{Key: "_id", Value: id}})
}

// FindByIDs reads each document by its _id where FerretDB v1 looks the
// _id up (an ObjectID or a string); other keys (the audit trail's numbers)
// it finds only by reading the whole collection, so those are read in one
// pass for all the ids.
func (r source[K, D]) FindByIDs(ctx context.Context, ids []K) (map[K]D, error) {
	out := make(map[K]D, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	switch any(ids[0]).(type) {
	case mirror.ID, string:
		for _, id := range ids {
			d, err := r.FindByID(ctx, id)
			if shop.ErrorCode(err) == shop.ENOTFOUND {
				continue
			}
			if err != nil {
				return nil, err
			}
			out[id] = d
		}
		return out, nil
	}
	docs, err := r.t.findAll(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}})
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		out[r.t.mem.Mem.IDOf(&d)] = d
	}
	return out, nil
}

func (r source[K, D]) All(ctx context.Context) ([]D, error) { return r.t.all(ctx) }

// Count is the collection's number of documents; the embedded store's is
// counted by SQLite (embedded.Server.CountDocuments: FerretDB's count reads
// every document).
func (r source[K, D]) Count(ctx context.Context) (int64, error) {
	if e := r.t.s.embedded; e != nil {
		return e.CountDocuments(ctx, r.t.s.dbName, r.t.name)
	}
	return r.t.c.EstimatedDocumentCount(ctx)
}

// guard is a write's precondition, stated for both stores: as a filter that
// MongoDB checks atomically with the write (DESIGN rule 1), and as a check
// of the current document, which the embedded store's single writer makes
// against its exact mirror under the write slot before writing by _id
// alone (rule 4, mirror.Table.Guarded). With MongoDB, the same check
// explains why a guarded write matched nothing.
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
		return t.mem.Get(ctx, id)
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
		return t.mem.GetBy(ctx, index, key)
	}
	return t.findOne(ctx, filter)
}

// insert stores a new document.
func (t *collection[K, D]) insert(ctx context.Context, d D) error {
	var ids []K
	if t.mem != nil {
		ids = []K{t.mem.Mem.IDOf(&d)}
	}
	return t.mutate(ctx, ids, func(ctx context.Context, w *mirror.Writing) error {
		if _, err := t.c.InsertOne(ctx, d); w.Stored(err) != nil {
			return w.Err()
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
	t.mem.Mem.Put(stored)
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
			ids = append(ids, t.mem.Mem.IDOf(&docs[i]))
		}
	}
	return t.mutate(ctx, ids, func(ctx context.Context, w *mirror.Writing) error {
		if _, err := t.c.InsertMany(ctx, docs); w.Stored(err) != nil {
			return w.Err()
		}
		if t.mem == nil {
			return nil
		}
		stored := make([]D, len(docs))
		for i, d := range docs {
			var err error
			if stored[i], err = roundTrip(d); err != nil {
				return err
			}
		}
		t.mem.Mem.PutMany(stored)
		return nil
	})
}

// update applies update to the document id names if the guard holds, and
// reports what the driver did. ENOTFOUND when there is no such document;
// the guard's error when it does not hold.
func (t *collection[K, D]) update(ctx context.Context, id K, g guard[D], update bson.D) (shop.UpdateResult, error) {
	var res *mongo.UpdateResult
	if t.mem != nil {
		var next func(D) (any, D)
		if g.apply != nil {
			next = func(cur D) (any, D) { return g.apply(cur) }
		}
		err := t.mem.Update(ctx, id, g.check, next, update, func(ctx context.Context, update any) (int64, error) {
			var err error
			if res, err = t.c.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}}, update); err != nil {
				return 0, err
			}
			return res.MatchedCount, nil
		})
		if err != nil {
			return shop.UpdateResult{}, translate(err, t.what)
		}
		return updateResult(res), nil
	}
	filter := append(bson.D{{Key: "_id", Value: id}}, g.filter...)
	for attempt := 0; ; attempt++ {
		err := t.mutate(ctx, nil, func(ctx context.Context, w *mirror.Writing) error {
			var err error
			res, err = t.c.UpdateOne(ctx, filter, update)
			return w.Stored(err)
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
		d, err := t.mem.Remove(ctx, id, g.check, func(ctx context.Context) (int64, error) {
			res, err := t.c.DeleteOne(ctx, bson.D{{Key: "_id", Value: id}})
			if err != nil {
				return 0, err
			}
			return res.DeletedCount, nil
		})
		return d, translate(err, t.what)
	}
	filter := append(bson.D{{Key: "_id", Value: id}}, g.filter...)
	for attempt := 0; ; attempt++ {
		err := t.mutate(ctx, nil, func(ctx context.Context, w *mirror.Writing) error {
			return w.Stored(t.c.FindOneAndDelete(ctx, filter).Decode(&d))
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
		return t.mem.Page(ctx, q.index, q.group, q.desc, q.skip, q.limit, q.match)
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
		return t.mem.Count(ctx)
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

// mutate runs fn, a write of the documents ids, under the write slot:
// embedded, as the mirror's table does it (mirror.Table.Mutate: read back
// after a failure); with MongoDB, as one write.
func (t *collection[K, D]) mutate(ctx context.Context, ids []K, fn func(ctx context.Context, w *mirror.Writing) error) error {
	if t.mem != nil {
		return t.mem.Mutate(ctx, ids, fn)
	}
	write := func(ctx context.Context) error {
		return t.s.write(ctx, t.name, func(ctx context.Context) error { return fn(ctx, mirror.NewWriting(t.s.env, t.name)) })
	}
	if t.s.env.Fault(t.name, mirror.FaultDelayCommit) != nil {
		wctx := context.WithoutCancel(ctx)
		t.s.env.Delayed(func() { _ = write(wctx) })
		return mirror.ErrDelayedCommit
	}
	return write(ctx)
}

// find returns every document matching: embedded, walked in the mirror's
// order index (its documents in no order when index is "id"); with MongoDB,
// the filter in sort order.
func (t *collection[K, D]) find(ctx context.Context, index string, match func(*D) bool, filter, sort bson.D) ([]D, error) {
	if t.mem != nil {
		return t.mem.Find(index, match), nil
	}
	opts := options.Find()
	if sort != nil {
		opts.SetSort(sort)
	}
	return t.findAll(ctx, filter, opts)
}

// each calls fn with every document matching, in no order, without
// collecting them: embedded, over the mirror under its read lock (so fn must
// not call the store); with MongoDB, the filter's documents decoded one at a
// time with only the projection's fields.
func (t *collection[K, D]) each(ctx context.Context, match func(*D) bool, filter, projection bson.D, fn func(*D)) error {
	if t.mem != nil {
		t.mem.Each(match, fn)
		return nil
	}
	cur, err := t.c.Find(ctx, filter, options.Find().SetProjection(projection))
	if err != nil {
		return translate(err, "")
	}
	defer cur.Close(ctx)
	for cur.Next(ctx) {
		var d D
		if err := cur.Decode(&d); err != nil {
			return translate(err, "")
		}
		fn(&d)
	}
	return translate(cur.Err(), "")
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

// newID returns a fresh ObjectID, as the driver makes them.
func newID() mirror.ID { return mirror.ID(bson.NewObjectID()) }

// idFromHex parses an ObjectID's 24 hexadecimal digits, as the driver does.
func idFromHex(s string) (mirror.ID, error) {
	oid, err := bson.ObjectIDFromHex(s)
	return mirror.ID(oid), err
}
