package mirror

import (
	"fmt"
	"maps"
)

// Tally is a sum the mirror keeps up to date with its documents (issue 46:
// the sales figures after a write, without a walk of 200,000 orders): each
// document contributes to zero or more entries, and every Put, PutMany,
// Remove and Load takes the old version's contributions away and adds the
// new one's, under the mirror's lock. So it is exactly the sum over the
// documents of the moment, as a rebuild would give (Diff compares it).
//
// Entries are in groups (a month), each group holding its total and its
// entries by key (a purchase, a product): the number of a group's keys
// counts the distinct keys of its contributions. An entry or a group whose
// contributions are all gone is gone.
type Tally[D any] struct {
	Name string
	// Of calls add with each contribution of d: its group, its key (""
	// adds to the group's total only) and its values. It must depend on
	// d alone.
	Of     func(d *D, add func(group, key string, v TallyValues))
	groups map[string]*TallyGroup
}

// TallyValues are what a contribution adds (amounts, quantities).
type TallyValues [2]int64

// TallyEntry is a sum of contributions: how many, and their values.
type TallyEntry struct {
	N int64
	V TallyValues
}

func (e *TallyEntry) add(sign int64, v TallyValues) {
	e.N += sign
	for i := range v {
		e.V[i] += sign * v[i]
	}
}

// TallyGroup is one group of a tally: the total of its contributions and
// each key's sum.
type TallyGroup struct {
	Total TallyEntry
	Keys  map[string]*TallyEntry
}

func (t *Tally[D]) init() { t.groups = map[string]*TallyGroup{} }

// apply adds d's contributions (sign 1) or takes them away (sign -1).
func (t *Tally[D]) apply(d *D, sign int64) {
	t.Of(d, func(group, key string, v TallyValues) {
		g := t.groups[group]
		if g == nil {
			g = &TallyGroup{Keys: map[string]*TallyEntry{}}
			t.groups[group] = g
		}
		g.Total.add(sign, v)
		if key != "" {
			e := g.Keys[key]
			if e == nil {
				e = &TallyEntry{}
				g.Keys[key] = e
			}
			if e.add(sign, v); e.N == 0 {
				delete(g.Keys, key)
			}
		}
		if g.Total.N == 0 {
			delete(t.groups, group)
		}
	})
}

// replace moves d's contributions from old (nil: none) to d.
func (t *Tally[D]) replace(old, d *D) {
	if old != nil {
		t.apply(old, -1)
	}
	if d != nil {
		t.apply(d, 1)
	}
}

func (t *Tally[D]) diff(want *Tally[D]) error {
	if len(t.groups) != len(want.groups) {
		return fmt.Errorf("tally %s: %d groups in memory, %d from the store", t.Name, len(t.groups), len(want.groups))
	}
	for name, w := range want.groups {
		g := t.groups[name]
		if g == nil || g.Total != w.Total || !maps.EqualFunc(g.Keys, w.Keys, func(a, b *TallyEntry) bool { return *a == *b }) {
			return fmt.Errorf("tally %s differs in group %q", t.Name, name)
		}
	}
	return nil
}

// TallyView reads a mirror's tallies and order indexes at one moment
// (Mirror.ReadTallies); it holds the mirror's read lock, so it is valid
// only in the function given it.
type TallyView[K comparable, D any] struct{ m *Mirror[K, D] }

// Group returns the named tally's group (nil when it has no contributions).
// It must not be changed.
func (v TallyView[K, D]) Group(tally, group string) *TallyGroup {
	for _, t := range v.m.Tallies {
		if t.Name == tally {
			return t.groups[group]
		}
	}
	panic("mirror " + v.m.Name + " has no tally " + tally)
}

// Last returns the last document of the named order index's group (by its
// order: the index's values, then _id) that match accepts.
func (v TallyView[K, D]) Last(index, group string, match func(*D) bool) (D, bool) {
	m := v.m
	list := m.orderIndex(index).lists[group]
	var d D
	for j := len(list) - 1; j >= 0; j-- {
		if d = m.docs[list[j]]; match(&d) {
			return d, true
		}
	}
	var zero D
	return zero, false
}

// ReadTallies calls fn with a view of the tallies under the read lock, all
// of them as of one moment; fn must not call back into the mirror, nor
// keep the view or anything it returns.
func (m *Mirror[K, D]) ReadTallies(fn func(TallyView[K, D])) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	fn(TallyView[K, D]{m})
}
