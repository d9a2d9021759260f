package mirror

import (
	"fmt"
	"maps"
	"slices"
)

// LinkIndex is a reverse look-up (issue 48): for each value a document
// lists (a machine's spare parts and accessories, by id), the documents
// that list it (MongoDB: a multikey index). Its sets are small: a part
// fits tens of machines, not the catalogue.
type LinkIndex[K comparable, D any] struct {
	Name    string
	Targets func(*D) []string // the values a document lists (repeats allowed)
	refs    map[string]map[K]struct{}
}

func (l *LinkIndex[K, D]) init() { l.refs = map[string]map[K]struct{}{} }

func (l *LinkIndex[K, D]) add(id K, d *D) {
	for _, t := range l.Targets(d) {
		set := l.refs[t]
		if set == nil {
			set = map[K]struct{}{}
			l.refs[t] = set
		}
		set[id] = struct{}{}
	}
}

func (l *LinkIndex[K, D]) remove(id K, d *D) {
	for _, t := range l.Targets(d) {
		if set := l.refs[t]; set != nil {
			delete(set, id)
			if len(set) == 0 {
				delete(l.refs, t)
			}
		}
	}
}

// replace moves a document's entries from its old version to its new.
func (l *LinkIndex[K, D]) replace(id K, old, d *D) {
	if old != nil {
		if slices.Equal(l.Targets(old), l.Targets(d)) {
			return
		}
		l.remove(id, old)
	}
	l.add(id, d)
}

func (l *LinkIndex[K, D]) diff(want *LinkIndex[K, D]) error {
	if len(l.refs) != len(want.refs) {
		return fmt.Errorf("link index %s: %d values in memory, %d from the store", l.Name, len(l.refs), len(want.refs))
	}
	for t, set := range want.refs {
		if !maps.Equal(set, l.refs[t]) {
			return fmt.Errorf("link index %s differs at %q", l.Name, t)
		}
	}
	return nil
}

// Linked returns the documents that list target in the named link index,
// sorted by cmp and then _id, from skip on, at most limit of them, with
// the number of all.
func (m *Mirror[K, D]) Linked(index, target string, cmp func(a, b *D) int, skip, limit int) ([]D, int64) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var l *LinkIndex[K, D]
	for _, x := range m.Links {
		if x.Name == index {
			l = x
		}
	}
	if l == nil {
		panic("mirror " + m.Name + ": no link index " + index)
	}
	set := l.refs[target]
	ids := make([]K, 0, len(set))
	for id := range set {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b K) int {
		da, db := m.docs[a], m.docs[b]
		if c := cmp(&da, &db); c != 0 {
			return c
		}
		return m.CmpID(a, b)
	})
	total := int64(len(ids))
	if skip >= len(ids) {
		return []D{}, total
	}
	ids = ids[skip:min(skip+limit, len(ids))]
	out := make([]D, len(ids))
	for i, id := range ids {
		out[i] = m.docs[id]
	}
	return out, total
}
