// Package mirror is the embedded store's in-memory copy of its collections:
// the documents by _id and the indexes that answer the request paths'
// queries (Mirror), and the discipline that keeps that copy exact: writes
// one at a time under the write slot (Slot), the copy changed in the same
// turn as the store and only after the store took the write, read back
// after any failure and marked stale while it cannot be (Table), compared
// with the store by a sample and on demand (Set).
//
// It is pure Go: no driver. The store (internal/mongodb) gives each Table
// the reads it needs (Source), and keeps the driver's half of every query.
package mirror

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"sync"
	"unsafe"
)

// Mirror is the in-process copy of one collection in embedded mode: every
// document by _id, plus the indexes that answer the request paths' queries
// (DESIGN rule 4). FerretDB v1 pushes only a single _id equality down to
// SQLite and decodes the whole collection in Go for any other filter or sort,
// so in embedded mode those queries are answered here instead.
//
// It is exact because this process is the store's only writer (DATA_DIR is
// locked) and its writes are serialised by the write slot: each writer
// changes the mirror in the same critical section as the store write it
// follows, and only after that write succeeded. It is rebuilt from the store
// at start. Readers take mu's read lock and get copies; a document is never
// changed in place, only replaced.
type Mirror[K comparable, D any] struct {
	Name    string
	IDOf    func(*D) K
	CmpID   func(a, b K) int
	Prepare func(*D) // fills fields derived from stored ones (not stored); may be nil
	Keys    []*KeyIndex[K, D]
	Orders  []*OrderIndex[K, D]
	Words   *WordIndex[K, D]   // the search's index; may be nil
	Links   []*LinkIndex[K, D] // reverse look-ups (links.go)
	Stamps  *StampIndex[K, D]  // the sitemap's stamps (stamps.go); may be nil
	Tallies []*Tally[D]        // sums kept up to date (tally.go)
	// strs holds the strings Prepare shares between documents (intern.go;
	// nil: none): Size counts them once.
	strs *strs

	mu   sync.RWMutex
	docs map[K]D
}

// KeyIndex maps a unique key (an email, a name, a digest) to its document.
type KeyIndex[K comparable, D any] struct {
	Name string
	Key  func(*D) (string, bool) // false: the document is not in this index
	ids  map[string]K
}

// OrderIndex keeps the documents sorted by cmp and then _id, ascending,
// optionally in one list per group (a customer's orders). The descending
// sorts the API offers are the exact reverse, since _id breaks ties in both.
type OrderIndex[K comparable, D any] struct {
	Name  string
	Group func(*D) string // nil: one list
	Cmp   func(a, b *D) int
	lists map[string][]K
}

func (m *Mirror[K, D]) Init() *Mirror[K, D] {
	m.docs = map[K]D{}
	for _, k := range m.Keys {
		k.ids = map[string]K{}
	}
	for _, o := range m.Orders {
		o.lists = map[string][]K{}
	}
	if m.Words != nil {
		m.Words.init()
	}
	for _, l := range m.Links {
		l.init()
	}
	if m.Stamps != nil {
		m.Stamps.init()
	}
	for _, t := range m.Tallies {
		t.init()
	}
	return m
}

// Fresh returns an empty mirror with the same definition.
func (m *Mirror[K, D]) Fresh() *Mirror[K, D] {
	n := &Mirror[K, D]{Name: m.Name, IDOf: m.IDOf, CmpID: m.CmpID, Prepare: m.Prepare, strs: m.strs}
	for _, k := range m.Keys {
		n.Keys = append(n.Keys, &KeyIndex[K, D]{Name: k.Name, Key: k.Key})
	}
	for _, o := range m.Orders {
		n.Orders = append(n.Orders, &OrderIndex[K, D]{Name: o.Name, Group: o.Group, Cmp: o.Cmp})
	}
	if m.Words != nil {
		n.Words = &WordIndex[K, D]{Name: m.Words.Name, Terms: m.Words.Terms, Same: m.Words.Same}
	}
	for _, l := range m.Links {
		n.Links = append(n.Links, &LinkIndex[K, D]{Name: l.Name, Targets: l.Targets})
	}
	if m.Stamps != nil {
		n.Stamps = &StampIndex[K, D]{Name: m.Stamps.Name, Stamp: m.Stamps.Stamp}
	}
	for _, t := range m.Tallies {
		n.Tallies = append(n.Tallies, &Tally[D]{Name: t.Name, Of: t.Of})
	}
	return n.Init()
}

func (m *Mirror[K, D]) keyIndex(name string) *KeyIndex[K, D] {
	for _, k := range m.Keys {
		if k.Name == name {
			return k
		}
	}
	panic("mirror " + m.Name + " has no key index " + name)
}

func (m *Mirror[K, D]) orderIndex(name string) *OrderIndex[K, D] {
	for _, o := range m.Orders {
		if o.Name == name {
			return o
		}
	}
	panic("mirror " + m.Name + " has no order index " + name)
}

// Get returns a copy of the document with this id.
func (m *Mirror[K, D]) Get(id K) (D, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	d, ok := m.docs[id]
	return d, ok
}

// Has reports whether a document with this id is held (no copy of it).
func (m *Mirror[K, D]) Has(id K) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	_, ok := m.docs[id]
	return ok
}

// Any reports whether any of the documents with these ids (of those held)
// satisfies pred, under one read lock; pred must not keep the pointer.
func (m *Mirror[K, D]) Any(ids []K, pred func(*D) bool) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for _, id := range ids {
		if d, ok := m.docs[id]; ok && pred(&d) {
			return true
		}
	}
	return false
}

// Lookup returns the document whose key in the named index is key.
func (m *Mirror[K, D]) Lookup(index, key string) (D, bool) {
	k := m.keyIndex(index)
	m.mu.RLock()
	defer m.mu.RUnlock()
	id, ok := k.ids[key]
	if !ok {
		var zero D
		return zero, false
	}
	d, ok := m.docs[id]
	return d, ok
}

// Len returns the number of documents.
func (m *Mirror[K, D]) Len() int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.docs)
}

// Page walks the named order (one group's list when group is non-nil),
// descending when desc, keeps the documents match accepts (all when match is
// nil), and returns those from skip on, at most limit of them, with the
// number of all that match.
func (m *Mirror[K, D]) Page(index string, group *string, desc bool, skip, limit int, match func(*D) bool) ([]D, int64) {
	o := m.orderIndex(index)
	m.mu.RLock()
	defer m.mu.RUnlock()
	g := ""
	if group != nil {
		g = *group
	}
	list := o.lists[g]
	if match == nil {
		total := len(list)
		if skip >= total {
			return []D{}, int64(total)
		}
		n := min(limit, total-skip)
		out := make([]D, n)
		for i := range n {
			j := skip + i
			if desc {
				j = total - 1 - j
			}
			out[i] = m.docs[list[j]]
		}
		return out, int64(total)
	}
	return m.walk(list, desc, match, skip, limit)
}

// Seek returns up to limit documents of the named order index (its one
// list: an index without groups), from the first for which from holds:
// from must be false for a prefix of the list and true after it (a bound
// on the index's order and the _id that breaks its ties), so that a caller
// can walk a long list a page at a time, each page after the last one's
// final document, in O(log n) per page whatever was written between.
func (m *Mirror[K, D]) Seek(index string, from func(d *D, id K) bool, limit int) []D {
	o := m.orderIndex(index)
	m.mu.RLock()
	defer m.mu.RUnlock()
	list := o.lists[""]
	i, _ := slices.BinarySearchFunc(list, true, func(e K, _ bool) int {
		d := m.docs[e]
		if from(&d, e) {
			return 1
		}
		return -1
	})
	out := make([]D, 0, min(limit, len(list)-i))
	for _, id := range list[i:min(len(list), i+limit)] {
		out = append(out, m.docs[id])
	}
	return out
}

// Walk calls fn with every document of the named order index's one list
// (an index without groups), in its order, under the read lock; fn must
// not call back into the mirror, nor keep the pointer.
func (m *Mirror[K, D]) Walk(index string, fn func(*D)) {
	o := m.orderIndex(index)
	m.mu.RLock()
	defer m.mu.RUnlock()
	var d D
	for _, id := range o.lists[""] {
		d = m.docs[id]
		fn(&d)
	}
}

// EachIndexed calls fn with every document of the named order index, all
// its groups' (a partial index's documents: the few it holds, not the
// collection), in no particular order, under the read lock; fn must not
// call back into the mirror, nor keep the pointer.
func (m *Mirror[K, D]) EachIndexed(index string, fn func(*D)) {
	o := m.orderIndex(index)
	m.mu.RLock()
	defer m.mu.RUnlock()
	var d D
	for _, list := range o.lists {
		for _, id := range list {
			d = m.docs[id]
			fn(&d)
		}
	}
}

// Each calls fn with every document, in no particular order, under the read
// lock; fn must not call back into the mirror, and must not keep the
// pointer: it is one variable reused for every document (a fresh one per
// document would be a heap allocation each, 20,000 for the orders).
func (m *Mirror[K, D]) Each(fn func(*D)) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var d D
	for _, d = range m.docs {
		fn(&d)
	}
}

// Put inserts or replaces d. Callers hold the store's write slot.
func (m *Mirror[K, D]) Put(d D) {
	if m.Prepare != nil {
		m.Prepare(&d)
	}
	id := m.IDOf(&d)
	m.mu.Lock()
	defer m.mu.Unlock()
	old, had := m.docs[id]
	var moveKeys []*KeyIndex[K, D]
	var moveOrders []*OrderIndex[K, D]
	for _, k := range m.Keys {
		nk, nok := k.Key(&d)
		if had {
			ok, oks := k.Key(&old)
			if oks == nok && ok == nk {
				continue
			}
			if oks && k.ids[ok] == id {
				delete(k.ids, ok)
			}
		}
		if nok {
			moveKeys = append(moveKeys, k)
		}
	}
	for _, o := range m.Orders {
		if had {
			if o.groupOf(&old) == o.groupOf(&d) && o.Cmp(&old, &d) == 0 {
				continue
			}
			o.remove(m, id, &old) // while docs still holds old, which the search compares
		}
		moveOrders = append(moveOrders, o)
	}
	if m.Words != nil {
		switch {
		case !had:
			m.Words.add(id, &d)
		case !m.Words.same(&old, &d):
			m.Words.remove(id, &old)
			m.Words.add(id, &d)
		}
	}
	for _, l := range m.Links {
		if had {
			l.replace(id, &old, &d)
		} else {
			l.add(id, &d)
		}
	}
	if m.Stamps != nil {
		if had {
			m.Stamps.put(&old, &d)
		} else {
			m.Stamps.put(nil, &d)
		}
	}
	for _, t := range m.Tallies {
		if had {
			t.replace(&old, &d)
		} else {
			t.replace(nil, &d)
		}
	}
	m.docs[id] = d
	for _, k := range moveKeys {
		key, _ := k.Key(&d)
		k.ids[key] = id
	}
	for _, o := range moveOrders {
		o.insert(m, id, &d)
	}
}

// PutMany inserts or replaces docs, as Put does one by one, in one pass
// over each index: a sorted list takes the new entries by one sort and
// one merge, not one shift of the list each (an import of 100,000
// products into a catalogue of 100,000 moved a list's half a hundred
// thousand times). Callers hold the write slot.
func (m *Mirror[K, D]) PutMany(docs []D) {
	if len(docs) < 32 {
		for _, d := range docs {
			m.Put(d)
		}
		return
	}
	docs = slices.Clone(docs)
	ids := make([]K, len(docs))
	for i := range docs {
		if m.Prepare != nil {
			m.Prepare(&docs[i])
		}
		ids[i] = m.IDOf(&docs[i])
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	// The last of a repeated id wins, as with Put one by one.
	last := make(map[K]int, len(docs))
	for i, id := range ids {
		last[id] = i
	}
	type change struct {
		id       K
		old, new *D
	}
	var changes []change
	for i, id := range ids {
		if last[id] != i {
			continue
		}
		c := change{id: id, new: &docs[i]}
		if old, had := m.docs[id]; had {
			c.old = &old
		}
		changes = append(changes, c)
	}
	// Out of the indexes, while docs holds the old versions (the lists'
	// comparisons read them).
	for _, o := range m.Orders {
		gone := map[string]map[K]bool{}
		for _, c := range changes {
			if c.old == nil || o.groupOf(c.old) == NotIndexed {
				continue
			}
			if o.groupOf(c.old) == o.groupOf(c.new) && o.Cmp(c.old, c.new) == 0 {
				continue
			}
			g := o.groupOf(c.old)
			if gone[g] == nil {
				gone[g] = map[K]bool{}
			}
			gone[g][c.id] = true
		}
		for g, set := range gone {
			list := slices.DeleteFunc(o.lists[g], func(id K) bool { return set[id] })
			if len(list) == 0 {
				delete(o.lists, g)
			} else {
				o.lists[g] = list
			}
		}
	}
	var renamed []change // whose search terms change
	if m.Words != nil {
		for _, c := range changes {
			if c.old == nil || !m.Words.same(c.old, c.new) {
				renamed = append(renamed, c)
			}
		}
		var slots []uint32
		var old []*D
		for _, c := range renamed {
			if c.old != nil {
				if s, ok := m.Words.slots[c.id]; ok {
					slots = append(slots, s)
					old = append(old, c.old)
				}
			}
		}
		m.Words.removeMany(slots, old)
	}
	for _, k := range m.Keys {
		for _, c := range changes {
			nk, nok := k.Key(c.new)
			if c.old != nil {
				ok, oks := k.Key(c.old)
				if oks == nok && ok == nk {
					continue
				}
				if oks && k.ids[ok] == c.id {
					delete(k.ids, ok)
				}
			}
			if nok {
				k.ids[nk] = c.id
			}
		}
	}
	for _, l := range m.Links {
		for _, c := range changes {
			l.replace(c.id, c.old, c.new)
		}
	}
	if m.Stamps != nil {
		olds, news := make([]*D, len(changes)), make([]*D, len(changes))
		for i, c := range changes {
			olds[i], news[i] = c.old, c.new
		}
		m.Stamps.putMany(olds, news)
	}
	for _, t := range m.Tallies {
		for _, c := range changes {
			t.replace(c.old, c.new)
		}
	}
	for _, c := range changes {
		m.docs[c.id] = *c.new
	}
	for _, o := range m.Orders {
		add := map[string][]K{}
		for _, c := range changes {
			if c.old != nil && o.groupOf(c.old) == o.groupOf(c.new) && o.Cmp(c.old, c.new) == 0 {
				continue
			}
			if g := o.groupOf(c.new); g != NotIndexed {
				add[g] = append(add[g], c.id)
			}
		}
		scratch := new([2]D) // (one pair for every comparison: o.compare's copies escape, two heap copies each)
		for g, ids := range add {
			cmp := func(a, b K) int {
				scratch[0], scratch[1] = m.docs[a], m.docs[b]
				if c := o.Cmp(&scratch[0], &scratch[1]); c != 0 {
					return c
				}
				return m.CmpID(a, b)
			}
			slices.SortFunc(ids, cmp)
			o.lists[g] = mergeSorted(o.lists[g], ids, cmp)
		}
	}
	if m.Words != nil {
		var added []K
		for _, c := range renamed {
			added = append(added, c.id)
		}
		m.Words.addMany(added, func(id K) *D { d := m.docs[id]; return &d })
	}
}

// mergeSorted merges b into a, both sorted by cmp, into a new list. Each
// of b's ids finds its place in a by binary search, and the runs of a
// between them are copied whole: O(len(b)·log len(a)) comparisons rather
// than one a step, which made an import's batches quadratic (every batch
// of 1,000 compared along every index of up to 100,000 products). Equal
// elements keep a's first, as a merge step by step does.
func mergeSorted[K any](a, b []K, cmp func(x, y K) int) []K {
	out := make([]K, 0, len(a)+len(b))
	i := 0
	for _, id := range b {
		rest := a[i:]
		at := sort.Search(len(rest), func(k int) bool { return cmp(id, rest[k]) < 0 })
		out = append(out, rest[:at]...)
		out = append(out, id)
		i += at
	}
	return append(out, a[i:]...)
}

// Remove deletes the document with this id. Callers hold the write slot.
func (m *Mirror[K, D]) Remove(id K) {
	m.mu.Lock()
	defer m.mu.Unlock()
	old, had := m.docs[id]
	if !had {
		return
	}
	for _, k := range m.Keys {
		if key, ok := k.Key(&old); ok && k.ids[key] == id {
			delete(k.ids, key)
		}
	}
	for _, o := range m.Orders {
		o.remove(m, id, &old)
	}
	if m.Words != nil {
		m.Words.remove(id, &old)
	}
	for _, l := range m.Links {
		l.remove(id, &old)
	}
	if m.Stamps != nil {
		m.Stamps.remove(&old)
	}
	for _, t := range m.Tallies {
		t.replace(&old, nil)
	}
	delete(m.docs, id)
}

// Load replaces the whole content with docs, building each index in one
// pass and one sort: the path taken at start, and by check to compare.
// It prepares docs in place (Prepare): the caller hands them over.
func (m *Mirror[K, D]) Load(docs []D) { m.load(docs, nil) }

// load is Load, with the word index as a snapshot holds it (nil: built
// from the documents), for the documents in the snapshot's order.
func (m *Mirror[K, D]) load(docs []D, words *snapshotWords) {
	n := m.Fresh()
	var wordIDs []K
	if n.Words != nil && words != nil {
		wordIDs = make([]K, len(docs))
	}
	// Each order index is first a list of positions in docs per group,
	// sorted on docs themselves: a comparison by id would look both
	// documents up and copy them (issue 46: that was half of a start's
	// CPU time at 100,000 products and 200,000 orders).
	positions := make([]map[string][]int32, len(n.Orders))
	for j := range positions {
		positions[j] = map[string][]int32{}
	}
	for i := range docs {
		d := &docs[i]
		if n.Prepare != nil {
			n.Prepare(d)
		}
		id := n.IDOf(d)
		n.docs[id] = *d
		for _, k := range n.Keys {
			if key, ok := k.Key(d); ok {
				k.ids[key] = id
			}
		}
		for j, o := range n.Orders {
			if g := o.groupOf(d); g != NotIndexed {
				positions[j][g] = append(positions[j][g], int32(i))
			}
		}
		if wordIDs != nil {
			wordIDs[i] = id
		} else if n.Words != nil {
			n.Words.load(id, d)
		}
		for _, l := range n.Links {
			l.add(id, d)
		}
		for _, t := range n.Tallies {
			t.apply(d, 1)
		}
	}
	if n.Stamps != nil {
		n.Stamps.load(docs)
	}
	if wordIDs != nil {
		n.Words.install(words, wordIDs)
	} else if n.Words != nil {
		n.Words.sortTerms()
	}
	for j, o := range n.Orders {
		for g, list := range positions[j] {
			slices.SortFunc(list, func(a, b int32) int {
				if c := o.Cmp(&docs[a], &docs[b]); c != 0 {
					return c
				}
				return n.CmpID(n.IDOf(&docs[a]), n.IDOf(&docs[b]))
			})
			ids := make([]K, len(list))
			for k, i := range list {
				ids[k] = n.IDOf(&docs[i])
			}
			o.lists[g] = ids
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.docs = n.docs
	for i, k := range m.Keys {
		k.ids = n.Keys[i].ids
	}
	for i, o := range m.Orders {
		o.lists = n.Orders[i].lists
	}
	if m.Words != nil {
		m.Words.terms, m.Words.posts, m.Words.slots, m.Words.ids, m.Words.free = n.Words.terms, n.Words.posts, n.Words.slots, n.Words.ids, n.Words.free
	}
	for i, l := range m.Links {
		l.refs = n.Links[i].refs
	}
	if m.Stamps != nil {
		m.Stamps.list = n.Stamps.list
	}
	for i, t := range m.Tallies {
		t.groups = n.Tallies[i].groups
	}
}

// Diff describes how m differs from want (nil when they are equal): the
// check that incremental maintenance agrees with a rebuild from the store.
func (m *Mirror[K, D]) Diff(want *Mirror[K, D]) error {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if len(m.docs) != len(want.docs) {
		return fmt.Errorf("%s: %d documents in memory, %d in the store", m.Name, len(m.docs), len(want.docs))
	}
	for id, w := range want.docs {
		got, ok := m.docs[id]
		if !ok {
			return fmt.Errorf("%s: %s is in the store, not in memory", m.Name, IDText(id))
		}
		if !reflect.DeepEqual(got, w) {
			return fmt.Errorf("%s: %s differs:\n  memory %+v\n  store  %+v", m.Name, IDText(id), got, w)
		}
	}
	for i, k := range m.Keys {
		if !reflect.DeepEqual(k.ids, want.Keys[i].ids) {
			return fmt.Errorf("%s: key index %s differs (%d keys in memory, %d from the store)", m.Name, k.Name, len(k.ids), len(want.Keys[i].ids))
		}
	}
	if m.Words != nil {
		if err := m.Words.diff(want.Words); err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
	}
	for i, l := range m.Links {
		if err := l.diff(want.Links[i]); err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
	}
	if m.Stamps != nil {
		if err := m.Stamps.diff(want.Stamps); err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
	}
	for i, t := range m.Tallies {
		if err := t.diff(want.Tallies[i]); err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
	}
	for i, o := range m.Orders {
		w := want.Orders[i].lists
		for g, list := range o.lists {
			if len(list) == 0 {
				continue
			}
			if !slices.Equal(list, w[g]) {
				return fmt.Errorf("%s: order index %s differs in group %q", m.Name, o.Name, g)
			}
		}
		for g, list := range w {
			if len(list) > 0 && len(o.lists[g]) == 0 {
				return fmt.Errorf("%s: order index %s lacks group %q", m.Name, o.Name, g)
			}
		}
	}
	return nil
}

// Size estimates the mirror's memory: documents with their strings, and the
// index entries.
func (m *Mirror[K, D]) Size() (entries int, bytes int64) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var zeroK K
	var zeroD D
	idSize := int64(unsafe.Sizeof(zeroK))
	for _, d := range m.docs {
		bytes += int64(unsafe.Sizeof(zeroD)) + idSize + m.strs.unshared(reflect.ValueOf(d))
	}
	bytes += m.strs.size()
	for _, k := range m.Keys {
		for key := range k.ids {
			bytes += int64(len(key)) + 16 + idSize
		}
	}
	for _, o := range m.Orders {
		for g, list := range o.lists {
			bytes += int64(len(g)) + int64(cap(list))*idSize
		}
	}
	for _, l := range m.Links {
		for t, set := range l.refs {
			bytes += int64(len(t)) + 48 + int64(len(set))*(idSize+16)
		}
	}
	if m.Stamps != nil {
		bytes += m.Stamps.size()
	}
	for _, t := range m.Tallies {
		for name, g := range t.groups {
			bytes += int64(len(name)) + 64 + int64(len(g.Keys))*(16+int64(unsafe.Sizeof(TallyEntry{}))+16)
			for key := range g.Keys {
				bytes += int64(len(key))
			}
		}
	}
	if m.Words != nil {
		for t, ps := range m.Words.posts {
			bytes += 2*int64(len(t)) + 32 + int64(cap(ps))*int64(unsafe.Sizeof(post(0)))
		}
		bytes += int64(len(m.Words.slots))*(idSize+4)*2 + int64(cap(m.Words.ids))*idSize
	}
	// Go maps cost about twice their entries.
	return len(m.docs), bytes + int64(len(m.docs))*(idSize+int64(unsafe.Sizeof(zeroD)))
}

// IDText renders an id as the API does: an ObjectID (anything with Hex) in
// hex.
func IDText(id any) string {
	if oid, ok := id.(interface{ Hex() string }); ok {
		return oid.Hex()
	}
	return fmt.Sprint(id)
}

// unshared is the size of v's strings and of what its pointers and slices
// refer to, leaving out the strings p holds (counted once by p.size).
func (p *strs) unshared(v reflect.Value) int64 {
	var n int64
	switch v.Kind() {
	case reflect.String:
		if !p.holds(v.String()) {
			n += int64(v.Len())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			n += p.unshared(v.Field(i))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			n += int64(v.Type().Elem().Size()) + p.unshared(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			n += int64(v.Type().Elem().Size()) + p.unshared(v.Index(i))
		}
	}
	return n
}

// NotIndexed is the group of a document an order index leaves out (a
// partial index: MongoDB's partialFilterExpression).
const NotIndexed = "\x00not indexed"

func (o *OrderIndex[K, D]) groupOf(d *D) string {
	if o.Group == nil {
		return ""
	}
	return o.Group(d)
}

func (o *OrderIndex[K, D]) compare(m *Mirror[K, D], a, b K) int {
	da, db := m.docs[a], m.docs[b]
	if c := o.Cmp(&da, &db); c != 0 {
		return c
	}
	return m.CmpID(a, b)
}

// position is where (d, id) belongs in list, by binary search.
func (o *OrderIndex[K, D]) position(m *Mirror[K, D], list []K, id K, d *D) int {
	i, _ := slices.BinarySearchFunc(list, id, func(e K, _ K) int {
		de := m.docs[e]
		if c := o.Cmp(&de, d); c != 0 {
			return c
		}
		return m.CmpID(e, id)
	})
	return i
}

func (o *OrderIndex[K, D]) insert(m *Mirror[K, D], id K, d *D) {
	g := o.groupOf(d)
	if g == NotIndexed {
		return
	}
	list := o.lists[g]
	o.lists[g] = slices.Insert(list, o.position(m, list, id, d), id)
}

func (o *OrderIndex[K, D]) remove(m *Mirror[K, D], id K, d *D) {
	g := o.groupOf(d)
	if g == NotIndexed {
		return
	}
	list := o.lists[g]
	i := o.position(m, list, id, d)
	if i < len(list) && list[i] == id {
		list = slices.Delete(list, i, i+1)
	} else if j := slices.Index(list, id); j >= 0 { // not where its values say: never expected
		list = slices.Delete(list, j, j+1)
	}
	if len(list) == 0 {
		delete(o.lists, g)
	} else {
		o.lists[g] = list
	}
}

// HasIndex reports whether the mirror answers by the named index ("id":
// its documents by _id) or tally.
func (m *Mirror[K, D]) HasIndex(name string) bool {
	if name == "id" {
		return true
	}
	for _, k := range m.Keys {
		if k.Name == name {
			return true
		}
	}
	for _, o := range m.Orders {
		if o.Name == name {
			return true
		}
	}
	for _, l := range m.Links {
		if l.Name == name {
			return true
		}
	}
	for _, t := range m.Tallies {
		if t.Name == name {
			return true
		}
	}
	return m.Words != nil && m.Words.Name == name
}

// RandomIDs returns up to n ids of the mirror, chosen at random.
func (m *Mirror[K, D]) RandomIDs(n int) []K {
	m.mu.RLock()
	ids := make([]K, 0, len(m.docs))
	for id := range m.docs {
		ids = append(ids, id)
	}
	m.mu.RUnlock()
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	return ids[:min(n, len(ids))]
}

// ShopAll converts documents to the domain's type (each by its Shop), as a
// list of the same length (empty, not nil, for none).
func ShopAll[S any, D interface{ Shop() S }](docs []D) []S {
	out := make([]S, len(docs))
	for i, d := range docs {
		out[i] = d.Shop()
	}
	return out
}
