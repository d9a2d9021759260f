package mirror

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"reflect"
	"sync"
	"time"

	"storefront/server/internal/shop"
)

// Source is what a Table reads from the store it mirrors: the driver's
// side, in internal/mongodb. Its reads go to the store, never to memory.
type Source[K comparable, D any] interface {
	// FindByID reads one document; an error of code shop.ENOTFOUND when
	// there is none.
	FindByID(ctx context.Context, id K) (D, error)
	// FindByIDs reads the documents with these ids that exist, by id, in
	// as few passes as the store allows (the sample's read).
	FindByIDs(ctx context.Context, ids []K) (map[K]D, error)
	// All reads every document.
	All(ctx context.Context) ([]D, error)
	// Count is the number of documents, from the collection's metadata.
	Count(ctx context.Context) (int64, error)
}

// Env is what the tables of one store share.
type Env struct {
	// Write runs fn as one write of collection under the store's write
	// slot (Slot); with collection "", a write that changes no data (a
	// load, a check).
	Write     func(ctx context.Context, collection string, fn func(context.Context) error) error
	Log       *slog.Logger
	Telemetry shop.Telemetry // counts repairs and differences; may be nil
	// Faults is for tests only: see the store's Config.Faults.
	Faults func(collection, step string) error
	// delayed are the writes a FaultDelayCommit left to land later.
	delayed sync.WaitGroup
}

// Delayed runs a write that a FaultDelayCommit held back, a moment later,
// as a server applies a write whose caller has already seen an error (a
// request cancelled or timed out mid-write).
func (e *Env) Delayed(write func()) {
	e.delayed.Go(func() {
		defer func() { _ = recover() }() // (an injected panic: the write's own repair has run; nobody waits for it)
		time.Sleep(time.Duration(rand.IntN(4000)) * time.Microsecond)
		write()
	})
}

// WaitDelayed waits until every delayed write has landed (tests).
func (e *Env) WaitDelayed() { e.delayed.Wait() }

// ErrDelayedCommit is what the caller of a delayed write sees: the store
// did not answer, and the write may still happen (it does, a moment later).
var ErrDelayedCommit = &shop.Error{Code: shop.EUNAVAILABLE, Message: "The database is not answering. Please try again shortly.",
	Cause: errors.New("injected: the caller's request ended before the store applied its write")}

// Fault gives the test fault hook its turn (nil without one).
func (e *Env) Fault(collection, step string) error {
	if e.Faults == nil {
		return nil
	}
	return e.Faults(collection, step)
}

// The steps at which Env.Faults is called.
const (
	FaultAfterWrite = "after-write" // a store write succeeded; the mirror has not followed yet
	FaultReadBack   = "read-back"   // a document is about to be read back after a failed write
	// FaultDelayCommit: a write is about to be sent. An error makes its
	// caller see ErrDelayedCommit at once while the write is sent a moment
	// later (Env.Delayed): the delayed commit of a request that ended.
	FaultDelayCommit = "delay-commit"
)

// Table is one collection's mirror as the embedded store keeps it: the
// in-memory copy (Mem), whether it is loaded yet, and its documents that a
// failed write left uncertain (stale). Its methods are the embedded half
// of every collection method of the store: reads answered from memory,
// writes run by Mutate.
type Table[K comparable, D any] struct {
	Mem  *Mirror[K, D]
	env  *Env
	src  Source[K, D]
	what string // names a missing document: "The product"
	// ready is closed once a mirror that start-up does not wait for
	// (LoadsAfterStart) is loaded; nil when it is loaded at start.
	ready chan struct{}
	// stale are the documents a failed write left out of the mirror
	// because they could not be read back (mutate.go).
	stale staleSet[K]
	// fromSnapshot, set by a snapshot's load for a mirror loaded after
	// start, decodes the snapshot's copy of the collection, which
	// LoadBehind then installs instead of reading the store. Only the
	// one goroutine that loads the mirror after start reads it.
	fromSnapshot func() ([]D, error)
	// codec writes and reads the documents in a snapshot (codec.go).
	codec docCodec[D]
}

// NewTable returns the table of the mirror m, empty until loaded.
func NewTable[K comparable, D any](env *Env, m *Mirror[K, D], src Source[K, D], what string) *Table[K, D] {
	codec, err := newDocCodec[D]()
	if err != nil {
		panic(err) // a mirrored type the snapshot cannot hold: a programming error, found by any test that opens a store
	}
	return &Table[K, D]{Mem: m.Init(), env: env, src: src, what: what, codec: codec}
}

// LoadsAfterStart makes the store answer before this collection's mirror is
// loaded: for a big collection that no request path of a shopper reads
// (the outbox), so that start-up does not wait for it. Until it is loaded,
// its reads and its guarded writes wait; its inserts go ahead.
func (t *Table[K, D]) LoadsAfterStart() *Table[K, D] {
	t.ready = make(chan struct{})
	return t
}

// Await waits until the mirror is loaded (at once for one loaded at start).
func (t *Table[K, D]) Await(ctx context.Context) error {
	if t.ready == nil {
		return nil
	}
	select {
	case <-t.ready:
		return nil
	case <-ctx.Done():
		return contextError(ctx.Err())
	}
}

// contextError is the store's answer to a request that went away or timed
// out (as internal/mongodb's translate words it).
func contextError(err error) error {
	if errors.Is(err, context.Canceled) {
		return &shop.Error{Code: shop.EUNAVAILABLE, Message: "The request was cancelled.", Cause: err}
	}
	return &shop.Error{Code: shop.EUNAVAILABLE, Message: "The database is not answering. Please try again shortly.", Cause: err}
}

// NotFound is the error of a missing document.
func (t *Table[K, D]) NotFound() error {
	return shop.Errorf(shop.ENOTFOUND, "%s was not found.", t.what)
}

// Get returns the document with this _id.
func (t *Table[K, D]) Get(ctx context.Context, id K) (D, error) {
	var zero D
	if err := t.Await(ctx); err != nil {
		return zero, err
	}
	if d, ok := t.Mem.Get(id); ok {
		return d, nil
	}
	if t.stale.has(id) {
		return zero, ErrStale
	}
	return zero, t.NotFound()
}

// GetBy returns the document whose key in the named index is key.
func (t *Table[K, D]) GetBy(ctx context.Context, index, key string) (D, error) {
	var zero D
	if err := t.Await(ctx); err != nil {
		return zero, err
	}
	if d, ok := t.Mem.Lookup(index, key); ok {
		return d, nil
	}
	if t.StaleDocuments() > 0 {
		return zero, ErrStale // the one it looks for may be the stale one
	}
	return zero, t.NotFound()
}

// Page returns one page of the named order index (see Mirror.Page) and the
// number of all matches.
func (t *Table[K, D]) Page(ctx context.Context, index string, group *string, desc bool, skip, limit int, match func(*D) bool) ([]D, int64, error) {
	if err := t.Await(ctx); err != nil {
		return nil, 0, err
	}
	if t.StaleDocuments() > 0 {
		return nil, 0, ErrStale
	}
	docs, total := t.Mem.Page(index, group, desc, skip, limit, match)
	return docs, total, nil
}

// Seek returns up to limit documents of the named order index from the
// first for which from holds (see Mirror.Seek).
func (t *Table[K, D]) Seek(ctx context.Context, index string, from func(d *D, id K) bool, limit int) ([]D, error) {
	if err := t.Await(ctx); err != nil {
		return nil, err
	}
	if t.StaleDocuments() > 0 {
		return nil, ErrStale
	}
	return t.Mem.Seek(index, from, limit), nil
}

// ReadTallies calls fn with a view of the mirror's tallies and order
// indexes at one moment (see Mirror.ReadTallies).
func (t *Table[K, D]) ReadTallies(ctx context.Context, fn func(TallyView[K, D])) error {
	if err := t.Await(ctx); err != nil {
		return err
	}
	if t.StaleDocuments() > 0 {
		return ErrStale
	}
	t.Mem.ReadTallies(fn)
	return nil
}

// Count returns the number of documents.
func (t *Table[K, D]) Count(ctx context.Context) (int64, error) {
	if err := t.Await(ctx); err != nil {
		return 0, err
	}
	if t.StaleDocuments() > 0 {
		return 0, ErrStale
	}
	return int64(t.Mem.Len()), nil
}

// Find returns every document match accepts, walked in the named order
// index (in no order when index is "id").
func (t *Table[K, D]) Find(index string, match func(*D) bool) []D {
	if index == "id" {
		var out []D
		t.Mem.Each(func(d *D) {
			if match(d) {
				out = append(out, *d)
			}
		})
		return out
	}
	docs, _ := t.Mem.Page(index, nil, false, 0, math.MaxInt, match)
	return docs
}

// Each calls fn with every document match accepts, in no order, under the
// mirror's read lock (so fn must not call the store, nor keep the pointer).
func (t *Table[K, D]) Each(match func(*D) bool, fn func(*D)) {
	t.Mem.Each(func(d *D) {
		if match(d) {
			fn(d)
		}
	})
}

// Guarded returns the mirror's copy of the document if check (the write's
// precondition; nil: none) holds on it. Callers hold the write slot, so it
// stays so until their write.
func (t *Table[K, D]) Guarded(id K, check func(D) error) (D, error) {
	cur, ok := t.Mem.Get(id)
	if !ok {
		return cur, t.NotFound()
	}
	if check != nil {
		if err := check(cur); err != nil {
			return cur, err
		}
	}
	return cur, nil
}

// Reload puts the stored document into the mirror (or removes it when it
// is gone): after an update, the mirror holds exactly what the store does.
func (t *Table[K, D]) Reload(ctx context.Context, id K) error {
	d, err := t.src.FindByID(ctx, id)
	switch {
	case err == nil:
		t.Mem.Put(d)
	case shop.ErrorCode(err) == shop.ENOTFOUND:
		t.Mem.Remove(id)
	default:
		return err
	}
	return nil
}

// Mirrored is a table as the store's Set loads, checks and repairs it,
// whatever its types.
type Mirrored interface {
	CollectionName() string
	HasIndex(name string) bool
	Load(ctx context.Context) error
	LoadedAfterStart() bool
	LoadBehind(ctx context.Context) error
	Check(ctx context.Context) error
	Stats() Stats
	StaleDocuments() int64
	RepairStale(ctx context.Context) error
	Sample(ctx context.Context, n int) (int, error)
	loaded() bool
	documents() int
	// reload reads the whole collection into the mirror again, once it is
	// loaded, under the write slot: after writes around it (a restore).
	reload(ctx context.Context) error
}

// Stats is the size of one collection's in-memory copy.
type Stats struct {
	Collection string
	Documents  int
	Bytes      int64 // an estimate
}

// CollectionName is the mirrored collection's.
func (t *Table[K, D]) CollectionName() string { return t.Mem.Name }

// HasIndex reports whether the mirror answers by the named index.
func (t *Table[K, D]) HasIndex(name string) bool { return t.Mem.HasIndex(name) }

// Load reads the whole collection into the mirror (at start).
func (t *Table[K, D]) Load(ctx context.Context) error {
	docs, err := t.src.All(ctx)
	if err != nil {
		return fmt.Errorf("load %s: %w", t.Mem.Name, err)
	}
	t.Mem.Load(docs)
	return nil
}

func (t *Table[K, D]) documents() int { return t.Mem.Len() }

func (t *Table[K, D]) reload(ctx context.Context) error {
	if err := t.Await(ctx); err != nil {
		return err
	}
	return t.env.Write(ctx, "", func(ctx context.Context) error {
		docs, err := t.src.All(ctx)
		if err != nil {
			return fmt.Errorf("load %s: %w", t.Mem.Name, err)
		}
		t.Mem.Load(docs)
		return nil
	})
}

// LoadedAfterStart reports whether start-up does not wait for the mirror.
func (t *Table[K, D]) LoadedAfterStart() bool { return t.ready != nil }

// LoadBehind loads a mirror that start-up did not wait for, while the store
// serves. Documents inserted meanwhile are in the mirror already and may or
// may not be in what the store read: they go back in after the load, as the
// newer. Nothing else changes the collection until ready is closed.
func (t *Table[K, D]) LoadBehind(ctx context.Context) error {
	if decode := t.fromSnapshot; decode != nil {
		t.fromSnapshot = nil
		docs, err := decode()
		if err == nil {
			// Installed even when the store is stopping meanwhile (a second
			// or two at 400,000 e-mails): a mirror not loaded would leave
			// the stop no snapshot to write, and the next start would read
			// the store in full.
			return t.install(context.WithoutCancel(ctx), docs)
		}
		// (its checksum held: a document this build cannot decode)
		t.env.Log.Error("the snapshot's copy of a collection cannot be decoded; reading the store", "collection", t.Mem.Name, "error", err)
	}
	docs, err := t.src.All(ctx)
	if err != nil {
		return fmt.Errorf("load %s: %w", t.Mem.Name, err)
	}
	return t.install(ctx, docs)
}

// install makes docs, read from the store, the mirror's content, keeping the
// documents inserted since: the second half of LoadBehind.
func (t *Table[K, D]) install(ctx context.Context, docs []D) error {
	return t.env.Write(ctx, "", func(context.Context) error {
		var inserted []D
		t.Mem.Each(func(d *D) { inserted = append(inserted, *d) })
		t.Mem.Load(docs)
		for _, d := range inserted {
			t.Mem.Put(d)
		}
		close(t.ready)
		return nil
	})
}

// Check rebuilds the mirror from the store in one pass and compares it with
// the live one that the writes have maintained one by one.
func (t *Table[K, D]) Check(ctx context.Context) error {
	if err := t.Await(ctx); err != nil {
		return err
	}
	var err error
	werr := t.env.Write(ctx, "", func(ctx context.Context) error {
		var docs []D
		if docs, err = t.src.All(ctx); err != nil {
			return err
		}
		want := t.Mem.Fresh()
		want.Load(docs)
		err = t.Mem.Diff(want)
		return nil
	})
	if werr != nil {
		return werr
	}
	return err
}

// Stats is the mirror's size.
func (t *Table[K, D]) Stats() Stats {
	n, b := t.Mem.Size()
	return Stats{Collection: t.Mem.Name, Documents: n, Bytes: b}
}

// The mirror is kept exact by its writes (Mutate). As a check that it
// stays so, the embedded store compares a sample of it with the store at
// start and every SampleEvery (the store's Config.SampleEvery): SampleSize
// random documents of each collection, read by _id, and the number of
// documents. A difference is logged, counted
// (storefront_store_mirror_differences_total) and repaired: the document is
// read back, or the whole collection reloaded when the counts differ.
const (
	SampleEvery = 10 * time.Minute
	SampleSize  = 50
)

// Sample compares n random documents of the mirror, and the number of
// documents, with the store, and repairs what differs. It returns how many
// differences it found.
func (t *Table[K, D]) Sample(ctx context.Context, n int) (int, error) {
	if err := t.Await(ctx); err != nil {
		return 0, err
	}
	found := 0
	ids := t.Mem.RandomIDs(n)
	// The sample is read outside the write slot, so that writes do not
	// wait for it (a store that cannot look a key up reads the whole
	// collection for it: FerretDB v1 the audit trail's numbers). Only a
	// document that differs is read again under the slot, where no write
	// can come between the store's and the mirror's copies.
	read, err := t.src.FindByIDs(ctx, ids)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		stored, inStore := read[id]
		if inStore && t.Mem.Prepare != nil {
			t.Mem.Prepare(&stored)
		}
		if mem, inMem := t.Mem.Get(id); inMem == inStore && (!inMem || reflect.DeepEqual(mem, stored)) {
			continue
		}
		err := t.env.Write(ctx, "", func(ctx context.Context) error {
			stored, err := t.src.FindByID(ctx, id)
			if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
				return err
			}
			mem, inMem := t.Mem.Get(id)
			if err == nil && t.Mem.Prepare != nil {
				t.Mem.Prepare(&stored)
			}
			if inMem == (err == nil) && (!inMem || reflect.DeepEqual(mem, stored)) {
				return nil
			}
			found++
			t.env.Log.Error("the in-memory copy differed from the store; read back", "collection", t.Mem.Name, "id", IDText(id),
				"memory", mem, "store", stored)
			if err == nil {
				t.Mem.Put(stored)
			} else {
				t.Mem.Remove(id)
			}
			return nil
		})
		if err != nil {
			return found, err
		}
	}
	err = t.env.Write(ctx, "", func(ctx context.Context) error {
		stored, err := t.src.Count(ctx)
		if err != nil {
			return err
		}
		if int(stored) == t.Mem.Len() {
			return nil
		}
		found++
		t.env.Log.Error("the in-memory copy holds another number of documents than the store; reloaded", "collection", t.Mem.Name,
			"memory", t.Mem.Len(), "store", stored)
		docs, err := t.src.All(ctx)
		if err != nil {
			return err
		}
		t.Mem.Load(docs)
		return nil
	})
	return found, err
}

// EachString calls add with every string of every document (an address
// that may name a picture, in any field, present or added later), once the
// mirror is loaded.
func (t *Table[K, D]) EachString(ctx context.Context, add func(string)) error {
	if err := t.Await(ctx); err != nil {
		return err
	}
	t.Mem.Each(func(d *D) { walkStrings(reflect.ValueOf(d).Elem(), add) })
	return nil
}

var timeType = reflect.TypeFor[time.Time]()

// walkStrings calls add with every string in v.
func walkStrings(v reflect.Value, add func(string)) {
	switch v.Kind() {
	case reflect.String:
		add(v.String())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkStrings(v.Elem(), add)
		}
	case reflect.Struct:
		if v.Type() == timeType {
			return
		}
		for i := range v.NumField() {
			walkStrings(v.Field(i), add)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // bytes, an ObjectID
		}
		for i := range v.Len() {
			walkStrings(v.Index(i), add)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			walkStrings(it.Key(), add)
			walkStrings(it.Value(), add)
		}
	}
}
