package mongodb

import (
	"fmt"
	"reflect"
	"slices"
	"sync"
	"unsafe"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// mirror is the in-process copy of one collection in embedded mode: every
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
type mirror[K comparable, D any] struct {
	name    string
	idOf    func(*D) K
	cmpID   func(a, b K) int
	prepare func(*D) // fills fields derived from stored ones (bson:"-"); may be nil
	keys    []*keyIndex[K, D]
	orders  []*orderIndex[K, D]

	mu   sync.RWMutex
	docs map[K]D
}

// keyIndex maps a unique key (an email, a name, a digest) to its document.
type keyIndex[K comparable, D any] struct {
	name string
	key  func(*D) (string, bool) // false: the document is not in this index
	ids  map[string]K
}

// orderIndex keeps the documents sorted by cmp and then _id, ascending,
// optionally in one list per group (a customer's orders). The descending
// sorts the API offers are the exact reverse, since _id breaks ties in both.
type orderIndex[K comparable, D any] struct {
	name  string
	group func(*D) string // nil: one list
	cmp   func(a, b *D) int
	lists map[string][]K
}

func (m *mirror[K, D]) init() *mirror[K, D] {
	m.docs = map[K]D{}
	for _, k := range m.keys {
		k.ids = map[string]K{}
	}
	for _, o := range m.orders {
		o.lists = map[string][]K{}
	}
	return m
}

// fresh returns an empty mirror with the same definition.
func (m *mirror[K, D]) fresh() *mirror[K, D] {
	n := &mirror[K, D]{name: m.name, idOf: m.idOf, cmpID: m.cmpID, prepare: m.prepare}
	for _, k := range m.keys {
		n.keys = append(n.keys, &keyIndex[K, D]{name: k.name, key: k.key})
	}
	for _, o := range m.orders {
		n.orders = append(n.orders, &orderIndex[K, D]{name: o.name, group: o.group, cmp: o.cmp})
	}
	return n.init()
}

func (m *mirror[K, D]) keyIndex(name string) *keyIndex[K, D] {
	for _, k := range m.keys {
		if k.name == name {
			return k
		}
	}
	panic("mirror " + m.name + " has no key index " + name)
}

func (m *mirror[K, D]) orderIndex(name string) *orderIndex[K, D] {
	for _, o := range m.orders {
		if o.name == name {
			return o
		}
	}
	panic("mirror " + m.name + " has no order index " + name)
}

// get returns a copy of the document with this id.
func (m *mirror[K, D]) get(id K) (D, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	d, ok := m.docs[id]
	return d, ok
}

// lookup returns the document whose key in the named index is key.
func (m *mirror[K, D]) lookup(index, key string) (D, bool) {
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

// len returns the number of documents.
func (m *mirror[K, D]) len() int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.docs)
}

// page walks the named order (one group's list when group is non-nil),
// descending when desc, keeps the documents match accepts (all when match is
// nil), and returns those from skip on, at most limit of them, with the
// number of all that match.
func (m *mirror[K, D]) page(index string, group *string, desc bool, skip, limit int, match func(*D) bool) ([]D, int64) {
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
	out := []D{}
	var total int64
	for i := range list {
		j := i
		if desc {
			j = len(list) - 1 - i
		}
		d := m.docs[list[j]]
		if !match(&d) {
			continue
		}
		if total >= int64(skip) && len(out) < limit {
			out = append(out, d)
		}
		total++
	}
	return out, total
}

// each calls fn with every document, in no particular order, under the read
// lock; fn must not call back into the mirror, and must not keep the
// pointer: it is one variable reused for every document (a fresh one per
// document would be a heap allocation each, 20,000 for the orders).
func (m *mirror[K, D]) each(fn func(*D)) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var d D
	for _, d = range m.docs {
		fn(&d)
	}
}

// put inserts or replaces d. Callers hold the store's write slot.
func (m *mirror[K, D]) put(d D) {
	if m.prepare != nil {
		m.prepare(&d)
	}
	id := m.idOf(&d)
	m.mu.Lock()
	defer m.mu.Unlock()
	old, had := m.docs[id]
	var moveKeys []*keyIndex[K, D]
	var moveOrders []*orderIndex[K, D]
	for _, k := range m.keys {
		nk, nok := k.key(&d)
		if had {
			ok, oks := k.key(&old)
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
	for _, o := range m.orders {
		if had {
			if o.groupOf(&old) == o.groupOf(&d) && o.cmp(&old, &d) == 0 {
				continue
			}
			o.remove(m, id, &old) // while docs still holds old, which the search compares
		}
		moveOrders = append(moveOrders, o)
	}
	m.docs[id] = d
	for _, k := range moveKeys {
		key, _ := k.key(&d)
		k.ids[key] = id
	}
	for _, o := range moveOrders {
		o.insert(m, id, &d)
	}
}

// remove deletes the document with this id. Callers hold the write slot.
func (m *mirror[K, D]) remove(id K) {
	m.mu.Lock()
	defer m.mu.Unlock()
	old, had := m.docs[id]
	if !had {
		return
	}
	for _, k := range m.keys {
		if key, ok := k.key(&old); ok && k.ids[key] == id {
			delete(k.ids, key)
		}
	}
	for _, o := range m.orders {
		o.remove(m, id, &old)
	}
	delete(m.docs, id)
}

// load replaces the whole content with docs, building each index in one
// pass and one sort: the path taken at start, and by check to compare.
func (m *mirror[K, D]) load(docs []D) {
	n := m.fresh()
	for i := range docs {
		d := docs[i]
		if n.prepare != nil {
			n.prepare(&d)
		}
		id := n.idOf(&d)
		n.docs[id] = d
		for _, k := range n.keys {
			if key, ok := k.key(&d); ok {
				k.ids[key] = id
			}
		}
		for _, o := range n.orders {
			g := o.groupOf(&d)
			o.lists[g] = append(o.lists[g], id)
		}
	}
	for _, o := range n.orders {
		for _, list := range o.lists {
			slices.SortFunc(list, func(a, b K) int { return o.compare(n, a, b) })
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.docs = n.docs
	for i, k := range m.keys {
		k.ids = n.keys[i].ids
	}
	for i, o := range m.orders {
		o.lists = n.orders[i].lists
	}
}

// diff describes how m differs from want (nil when they are equal): the
// check that incremental maintenance agrees with a rebuild from the store.
func (m *mirror[K, D]) diff(want *mirror[K, D]) error {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if len(m.docs) != len(want.docs) {
		return fmt.Errorf("%s: %d documents in memory, %d in the store", m.name, len(m.docs), len(want.docs))
	}
	for id, w := range want.docs {
		got, ok := m.docs[id]
		if !ok {
			return fmt.Errorf("%s: %s is in the store, not in memory", m.name, idText(id))
		}
		if !reflect.DeepEqual(got, w) {
			return fmt.Errorf("%s: %s differs:\n  memory %+v\n  store  %+v", m.name, idText(id), got, w)
		}
	}
	for i, k := range m.keys {
		if !reflect.DeepEqual(k.ids, want.keys[i].ids) {
			return fmt.Errorf("%s: key index %s differs (%d keys in memory, %d from the store)", m.name, k.name, len(k.ids), len(want.keys[i].ids))
		}
	}
	for i, o := range m.orders {
		w := want.orders[i].lists
		for g, list := range o.lists {
			if len(list) == 0 {
				continue
			}
			if !slices.Equal(list, w[g]) {
				return fmt.Errorf("%s: order index %s differs in group %q", m.name, o.name, g)
			}
		}
		for g, list := range w {
			if len(list) > 0 && len(o.lists[g]) == 0 {
				return fmt.Errorf("%s: order index %s lacks group %q", m.name, o.name, g)
			}
		}
	}
	return nil
}

// size estimates the mirror's memory: documents with their strings, and the
// index entries.
func (m *mirror[K, D]) size() (entries int, bytes int64) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var zeroK K
	var zeroD D
	idSize := int64(unsafe.Sizeof(zeroK))
	for _, d := range m.docs {
		bytes += int64(unsafe.Sizeof(zeroD)) + idSize + stringBytes(reflect.ValueOf(d))
	}
	for _, k := range m.keys {
		for key := range k.ids {
			bytes += int64(len(key)) + 16 + idSize
		}
	}
	for _, o := range m.orders {
		for g, list := range o.lists {
			bytes += int64(len(g)) + int64(cap(list))*idSize
		}
	}
	// Go maps cost about twice their entries.
	return len(m.docs), bytes + int64(len(m.docs))*(idSize+int64(unsafe.Sizeof(zeroD)))
}

// idText renders an id as the API does.
func idText(id any) string {
	if oid, ok := id.(bson.ObjectID); ok {
		return oid.Hex()
	}
	return fmt.Sprint(id)
}

func stringBytes(v reflect.Value) int64 {
	var n int64
	switch v.Kind() {
	case reflect.String:
		n += int64(v.Len())
	case reflect.Struct:
		for i := range v.NumField() {
			n += stringBytes(v.Field(i))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			n += int64(v.Type().Elem().Size()) + stringBytes(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			n += int64(v.Type().Elem().Size()) + stringBytes(v.Index(i))
		}
	}
	return n
}

func (o *orderIndex[K, D]) groupOf(d *D) string {
	if o.group == nil {
		return ""
	}
	return o.group(d)
}

func (o *orderIndex[K, D]) compare(m *mirror[K, D], a, b K) int {
	da, db := m.docs[a], m.docs[b]
	if c := o.cmp(&da, &db); c != 0 {
		return c
	}
	return m.cmpID(a, b)
}

// position is where (d, id) belongs in list, by binary search.
func (o *orderIndex[K, D]) position(m *mirror[K, D], list []K, id K, d *D) int {
	i, _ := slices.BinarySearchFunc(list, id, func(e K, _ K) int {
		de := m.docs[e]
		if c := o.cmp(&de, d); c != 0 {
			return c
		}
		return m.cmpID(e, id)
	})
	return i
}

func (o *orderIndex[K, D]) insert(m *mirror[K, D], id K, d *D) {
	g := o.groupOf(d)
	list := o.lists[g]
	o.lists[g] = slices.Insert(list, o.position(m, list, id, d), id)
}

func (o *orderIndex[K, D]) remove(m *mirror[K, D], id K, d *D) {
	g := o.groupOf(d)
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
