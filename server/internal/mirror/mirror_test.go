package mirror

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/server/internal/shop"
)

// doc is a test document: an order of a customer at a time.
type doc struct {
	ID    int
	Email string
	At    int
	fold  string
}

func testMirror() *Mirror[int, doc] {
	byAt := func(a, b *doc) int { return cmp.Compare(a.At, b.At) }
	return &Mirror[int, doc]{
		Name: "docs", IDOf: func(d *doc) int { return d.ID }, CmpID: cmp.Compare[int],
		Prepare: func(d *doc) { d.fold = strings.ToLower(d.Email) },
		Keys: []*KeyIndex[int, doc]{
			{Name: "email", Key: func(d *doc) (string, bool) { return d.Email, d.Email != "" }},
		},
		Orders: []*OrderIndex[int, doc]{
			{Name: "at", Cmp: byAt},
			{Name: "email,at", Group: func(d *doc) string { return d.Email }, Cmp: byAt},
		},
	}
}

func ids(docs []doc) []int {
	out := []int{}
	for _, d := range docs {
		out = append(out, d.ID)
	}
	return out
}

func TestMirror_IndexesFollowPutAndRemove(t *testing.T) {
	t.Parallel()
	m := testMirror().Init()
	m.Put(doc{ID: 1, Email: "a", At: 30})
	m.Put(doc{ID: 2, Email: "b", At: 10})
	m.Put(doc{ID: 3, Email: "c", At: 20})
	m.Put(doc{ID: 4, Email: "", At: 20}) // ties with 3: _id decides
	if page, total := m.Page("at", nil, true, 0, 10, nil); total != 4 || !slices.Equal(ids(page), []int{1, 4, 3, 2}) {
		t.Fatalf("newest first: %v (%d)", ids(page), total)
	}
	if page, total := m.Page("at", nil, false, 1, 2, nil); total != 4 || !slices.Equal(ids(page), []int{3, 4}) {
		t.Fatalf("oldest first, skip 1, limit 2: %v (%d)", ids(page), total)
	}
	match := func(d *doc) bool { return d.At >= 20 }
	if page, total := m.Page("at", nil, false, 1, 1, match); total != 3 || !slices.Equal(ids(page), []int{4}) {
		t.Fatalf("matching, skip 1, limit 1: %v (%d)", ids(page), total)
	}
	if d, ok := m.Lookup("email", "c"); !ok || d.ID != 3 || d.fold != "c" {
		t.Fatalf("by email: %+v %v", d, ok)
	}
	if _, ok := m.Lookup("email", ""); ok {
		t.Fatal("a document without a key is in the key index")
	}
	// Moving 3 to b's customer and before b, renaming a, removing 4: every
	// index agrees with a rebuild.
	m.Put(doc{ID: 3, Email: "b", At: 5})
	m.Put(doc{ID: 1, Email: "A", At: 30})
	m.Remove(4)
	b := "b"
	if page, total := m.Page("email,at", &b, false, 0, 10, nil); total != 2 || !slices.Equal(ids(page), []int{3, 2}) {
		t.Fatalf("b's, oldest first: %v (%d)", ids(page), total)
	}
	if _, ok := m.Lookup("email", "a"); ok {
		t.Fatal("the old key is still in the key index")
	}
	want := m.Fresh()
	want.Load([]doc{{ID: 2, Email: "b", At: 10}, {ID: 3, Email: "b", At: 5}, {ID: 1, Email: "A", At: 30}})
	if err := m.Diff(want); err != nil {
		t.Fatal(err)
	}
	want.Put(doc{ID: 9, At: 1})
	if err := m.Diff(want); err == nil || !strings.Contains(err.Error(), "3 documents in memory, 4 in the store") {
		t.Fatalf("Diff = %v, want the count", err)
	}
	if !m.HasIndex("id") || !m.HasIndex("email,at") || m.HasIndex("price") {
		t.Fatal("HasIndex")
	}
	if n, bytes := m.Size(); n != 3 || bytes <= 0 {
		t.Fatalf("Size = %d, %d", n, bytes)
	}
}

// source is a store in memory, whose reads can be made to fail.
type source struct {
	mu   sync.Mutex
	docs map[int]doc
	fail bool
}

var errDown = errors.New("the store is not answering")

func (s *source) FindByIDs(ctx context.Context, ids []int) (map[int]doc, error) {
	out := map[int]doc{}
	for _, id := range ids {
		d, err := s.FindByID(ctx, id)
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

func (s *source) FindByID(_ context.Context, id int) (doc, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail {
		return doc{}, errDown
	}
	d, ok := s.docs[id]
	if !ok {
		return d, shop.Errorf(shop.ENOTFOUND, "not found")
	}
	return d, nil
}

func (s *source) All(context.Context) ([]doc, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail {
		return nil, errDown
	}
	return slices.Collect(maps.Values(s.docs)), nil
}

func (s *source) Count(context.Context) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return int64(len(s.docs)), nil
}

func (s *source) set(d doc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[d.ID] = d
}

func (s *source) failReads(fail bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = fail
}

// newTable is a table of a store in memory, with one write at a time.
func newTable(t *testing.T, docs ...doc) (*Table[int, doc], *source) {
	t.Helper()
	src := &source{docs: map[int]doc{}}
	for _, d := range docs {
		src.docs[d.ID] = d
	}
	slot := NewSlot()
	env := &Env{Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Write: func(ctx context.Context, _ string, fn func(context.Context) error) error {
			release, err := slot.Take(ctx)
			if err != nil {
				return err
			}
			defer release()
			return fn(ctx)
		}}
	tab := NewTable(env, testMirror(), Source[int, doc](src), "The doc")
	if err := tab.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	return tab, src
}

// A write that fails after the store took it leaves the document read back;
// when it cannot be read, stale: its reads answer "unavailable", never "not
// found", until a repair reads it.
func TestTable_AFailedWriteIsReadBackOrStale(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tab, src := newTable(t, doc{ID: 1, Email: "a", At: 1})

	err := tab.Mutate(ctx, []int{1}, func(_ context.Context, w *Writing) error {
		src.set(doc{ID: 1, Email: "a", At: 2}) // the store took it
		return w.Stored(errors.New("timeout after the write"))
	})
	if err == nil {
		t.Fatal("the write's error was lost")
	}
	if d, err := tab.Get(ctx, 1); err != nil || d.At != 2 {
		t.Fatalf("after the failed write: %+v %v, want the store's copy", d, err)
	}

	src.failReads(true)
	_ = tab.Mutate(ctx, []int{1}, func(_ context.Context, w *Writing) error {
		src.mu.Lock()
		src.docs[1] = doc{ID: 1, Email: "a", At: 3}
		src.mu.Unlock()
		return w.Stored(errors.New("timeout after the write"))
	})
	if _, err := tab.Get(ctx, 1); err != ErrStale {
		t.Fatalf("a stale document: %v, want ErrStale", err)
	}
	if _, _, err := tab.Page(ctx, "at", nil, false, 0, 10, nil); err != ErrStale {
		t.Fatalf("a list with a stale document: %v, want ErrStale", err)
	}
	if err := tab.Mutate(ctx, []int{1}, func(context.Context, *Writing) error { return nil }); shop.ErrorCode(err) != shop.EUNAVAILABLE {
		t.Fatalf("a write while stale: %v, want unavailable", err)
	}
	src.failReads(false)
	if err := tab.RepairStale(ctx); err != nil {
		t.Fatal(err)
	}
	if d, err := tab.Get(ctx, 1); err != nil || d.At != 3 || tab.StaleDocuments() != 0 {
		t.Fatalf("after the repair: %+v %v (%d stale)", d, err, tab.StaleDocuments())
	}
	if err := tab.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestTable_APanicAfterTheWriteIsReadBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tab, src := newTable(t, doc{ID: 1, Email: "a", At: 1})
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("the panic was swallowed")
			}
		}()
		_ = tab.Mutate(ctx, []int{1}, func(_ context.Context, w *Writing) error {
			src.set(doc{ID: 1, Email: "b", At: 1})
			w.Touch(2)
			src.set(doc{ID: 2, Email: "c", At: 1})
			_ = w.Stored(nil)
			panic("after the write")
		})
	}()
	if err := tab.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// The load after start keeps what was inserted while it read (here in the
// worst order: inserted after the store is read, before what was read is
// installed); reads wait for it.
func TestTable_LoadBehindKeepsInsertsMadeWhileLoading(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tab, src := newTable(t, doc{ID: 1, At: 1}, doc{ID: 2, At: 2})
	tab.Mem.Load(nil)
	tab.LoadsAfterStart()
	waiting, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := tab.Get(waiting, 1); shop.ErrorCode(err) != shop.EUNAVAILABLE {
		t.Fatalf("read before the load: %v, want unavailable", err)
	}
	read, err := src.All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	err = tab.Mutate(ctx, nil, func(_ context.Context, w *Writing) error { // an insert goes ahead
		src.set(doc{ID: 3, At: 3})
		_ = w.Stored(nil)
		tab.Mem.Put(doc{ID: 3, At: 3})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.install(ctx, read); err != nil {
		t.Fatal(err)
	}
	if page, total, err := tab.Page(ctx, "at", nil, true, 0, 10, nil); err != nil || total != 3 || !slices.Equal(ids(page), []int{3, 2, 1}) {
		t.Fatalf("after the load: %v (%d) %v", ids(page), total, err)
	}
	if err := tab.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestTable_TheSampleFindsAndRepairsDifferences(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tab, src := newTable(t, doc{ID: 1, At: 1}, doc{ID: 2, At: 2})
	if n, err := tab.Sample(ctx, 10); err != nil || n != 0 {
		t.Fatalf("Sample = %d, %v; want no difference", n, err)
	}
	src.set(doc{ID: 1, At: 9}) // behind the mirror's back
	src.set(doc{ID: 5, At: 5})
	if n, err := tab.Sample(ctx, 10); err != nil || n != 2 {
		t.Fatalf("Sample = %d, %v; want the changed document and the count", n, err)
	}
	if err := tab.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// The sample reads the store outside the write slot, so that writes do not
// wait for its reads (FerretDB finds the audit trail's numbered entries
// only by reading the whole collection: 11 s of held slot at 19,000
// entries); a document that differs is read again under the slot, where no
// write can come between, before it is repaired.
func TestTable_TheSampleReadsOutsideTheWriteSlot(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tab, src := newTable(t, doc{ID: 1, At: 1}, doc{ID: 2, At: 2}, doc{ID: 3, At: 3})
	write := tab.env.Write
	slots := 0
	tab.env.Write = func(ctx context.Context, c string, fn func(context.Context) error) error {
		slots++
		return write(ctx, c, fn)
	}
	if n, err := tab.Sample(ctx, 10); err != nil || n != 0 || slots != 1 {
		t.Fatalf("Sample = %d, %v with the slot taken %d times; want no difference, the slot only for the count", n, err, slots)
	}
	slots = 0
	src.set(doc{ID: 2, At: 9}) // behind the mirror's back
	if n, err := tab.Sample(ctx, 10); err != nil || n != 1 || slots != 2 {
		t.Fatalf("Sample = %d, %v with the slot taken %d times; want the one difference read again under it, and the count", n, err, slots)
	}
	if d, _ := tab.Mem.Get(2); d.At != 9 {
		t.Fatalf("after the sample: %+v, want the store's", d)
	}
}

func TestSlot_OneAtATimeAndNotWhenGone(t *testing.T) {
	t.Parallel()
	s := NewSlot()
	release, err := s.Take(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := s.Take(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a second take: %v, want to wait until gone", err)
	}
	release()
	gone, stop := context.WithCancel(context.Background())
	stop()
	if _, err := s.Take(gone); !errors.Is(err, context.Canceled) {
		t.Fatalf("take when gone: %v", err)
	}
	if release, err := s.Take(context.Background()); err != nil {
		t.Fatalf("the slot was kept by a refused take: %v", err)
	} else {
		release()
	}
}

// TestMergeSorted: the binary-search merge gives what a merge step by step
// gives, equal elements of a first, for random lists of every shape.
func TestMergeSorted(t *testing.T) {
	type el struct{ key, src, pos int }
	cmp := func(x, y el) int { return x.key - y.key }
	stepwise := func(a, b []el) []el {
		var out []el
		i, j := 0, 0
		for i < len(a) && j < len(b) {
			if cmp(b[j], a[i]) < 0 {
				out = append(out, b[j])
				j++
			} else {
				out = append(out, a[i])
				i++
			}
		}
		out = append(out, a[i:]...)
		return append(out, b[j:]...)
	}
	r := rand.New(rand.NewPCG(7, 8))
	for round := range 2000 {
		list := func(src, n int) []el {
			out := make([]el, n)
			for k := range out {
				out[k] = el{key: r.IntN(1 + round%40), src: src}
			}
			slices.SortStableFunc(out, cmp)
			for k := range out {
				out[k].pos = k
			}
			return out
		}
		a, b := list(0, r.IntN(60)), list(1, r.IntN(12))
		if got, want := mergeSorted(a, b, cmp), stepwise(a, b); !slices.Equal(got, want) {
			t.Fatalf("round %d: merged %v and %v into %v, want %v", round, a, b, got, want)
		}
	}
}

// A mirror that start-up does not wait for (the outbox) is kept undecoded
// by a snapshot's load, and decoded after start from the snapshot, not
// read from the store; what was inserted meanwhile stays.
func TestSnapshot_AMirrorLoadedAfterStartIsDecodedAfterStart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tab, src := newTable(t, doc{ID: 1, At: 1, Email: "a"}, doc{ID: 2, At: 2, Email: "b"})
	set := NewSet(tab.env)
	set.Add(tab)
	path, at := filepath.Join(t.TempDir(), "mirrors.snapshot"), SnapshotStore{Database: "shop", Generation: 7}
	if err := set.WriteSnapshot(path, at); err != nil {
		t.Fatal(err)
	}
	next := NewTable(tab.env, testMirror(), Source[int, doc](src), "The doc").LoadsAfterStart()
	started := NewSet(tab.env)
	started.Add(next)
	if err := started.LoadSnapshot(ctx, path, at); err != nil {
		t.Fatal(err)
	}
	if next.loaded() || next.fromSnapshot == nil {
		t.Fatal("the mirror loaded after start was decoded at start")
	}
	// Only the snapshot can give it its documents now; an insert goes ahead.
	src.failReads(true)
	err := next.Mutate(ctx, nil, func(_ context.Context, w *Writing) error {
		src.set(doc{ID: 3, At: 3})
		_ = w.Stored(nil)
		next.Mem.Put(doc{ID: 3, At: 3})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := next.LoadBehind(ctx); err != nil {
		t.Fatal(err)
	}
	if page, total, err := next.Page(ctx, "at", nil, false, 0, 10, nil); err != nil || total != 3 || !slices.Equal(ids(page), []int{1, 2, 3}) {
		t.Fatalf("after the load: %v (%d) %v", ids(page), total, err)
	}
	src.failReads(false)
	if err := next.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// A store stopped while a mirror's copy from the snapshot is being decoded
// after start (a quick session: a seed, an admin command) still installs
// it, so that the stop writes its snapshot.
func TestSnapshot_TheDecodeAfterStartFinishesWhenStopped(t *testing.T) {
	t.Parallel()
	tab, src := newTable(t, doc{ID: 1, At: 1})
	next := NewTable(tab.env, testMirror(), Source[int, doc](src), "The doc").LoadsAfterStart()
	ctx, stop := context.WithCancel(context.Background())
	next.fromSnapshot = func() ([]doc, error) {
		stop() // the store stops while it decodes
		return []doc{{ID: 1, At: 1}}, nil
	}
	if err := next.LoadBehind(ctx); err != nil {
		t.Fatal(err)
	}
	if !next.loaded() {
		t.Fatal("the copy decoded while the store stopped was not installed")
	}
}

// A snapshot holds the documents in the order of the mirror's first sorted
// index (so that a load's sorts find their lists in order), and reads back
// into the same mirror; a mirror whose first index does not hold each of
// its documents once writes no snapshot.
func TestSnapshot_DocumentsInTheFirstIndexsOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(3, 4))
	var docs []doc
	for id := range 300 {
		docs = append(docs, doc{ID: 1000 - id, At: r.IntN(50), Email: fmt.Sprintf("c%d", id)}) // ties on At: the id decides
	}
	tab, src := newTable(t, docs...)
	set := NewSet(tab.env)
	set.Add(tab)
	path, at := filepath.Join(t.TempDir(), "mirrors.snapshot"), SnapshotStore{Database: "shop", Generation: 3}
	if err := set.WriteSnapshot(path, at); err != nil {
		t.Fatal(err)
	}
	// the file's documents, in its order
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := bufio.NewReader(f)
	if _, err := readHeader(rd); err != nil {
		t.Fatal(err)
	}
	var order []doc
	for {
		table, _, payload, err := readRecord(rd, nil)
		if err != nil {
			t.Fatal(err)
		}
		if table != 0 {
			break // the trailer
		}
		for len(payload) > 0 {
			one, rest, err := nextDoc(payload)
			if err != nil {
				t.Fatal(err)
			}
			var d doc
			if err := tab.codec.decode(one, &d); err != nil {
				t.Fatal(err)
			}
			order, payload = append(order, d), rest
		}
	}
	byAtThenID := func(a, b doc) int { return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.ID, b.ID)) }
	if len(order) != len(docs) || !slices.IsSortedFunc(order, byAtThenID) {
		t.Fatalf("the snapshot holds %d documents, in the first index's order: %v", len(order), slices.IsSortedFunc(order, byAtThenID))
	}
	// read back: the same mirror
	back := NewTable(tab.env, testMirror(), Source[int, doc](src), "The doc")
	loaded := NewSet(tab.env)
	loaded.Add(back)
	if err := loaded.LoadSnapshot(ctx, path, at); err != nil {
		t.Fatal(err)
	}
	if err := back.Mem.Diff(tab.Mem); err != nil {
		t.Fatal(err)
	}
	// an index that lost a document: no snapshot (the one there stays)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	first := tab.Mem.Orders[0]
	first.lists[""] = first.lists[""][1:]
	if err := set.WriteSnapshot(path, SnapshotStore{Database: "shop", Generation: 4}); err == nil || !strings.Contains(err.Error(), "holds 299 of its 300 documents") {
		t.Fatalf("a mirror whose index lost a document wrote its snapshot: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("the refused snapshot replaced the one there")
	}
}
