package mirror

import (
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"storefront/server/internal/shop"
)

// StampIndex keeps every document's stamp (what the sitemap reads of a
// product: its id in hex, its category, its times in UTC) as values, in
// catalogue order: createdAt, then the id (a 24-digit hex id sorts as
// its bytes, so this is the createdAt order index's order). The sitemap
// reads all of them as one copy of this list (CopyStamps): a walk of the
// createdAt index looked each product up and copied it, 40 ms at 100,000
// products (issue 46), on the first read of the sitemap after every order.
// A change moves one entry: an update in place (createdAt does not change),
// an insert by binary search.
type StampIndex[K comparable, D any] struct {
	Name  string
	Stamp func(*D) shop.ProductStamp
	list  []shop.ProductStamp
}

func (x *StampIndex[K, D]) init() { x.list = nil }

func compareStamps(a, b shop.ProductStamp) int {
	if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// find returns where s is, or would be, in the list.
func (x *StampIndex[K, D]) find(s shop.ProductStamp) (int, bool) {
	return slices.BinarySearchFunc(x.list, s, compareStamps)
}

// put replaces old's stamp (nil: a new document) with d's.
func (x *StampIndex[K, D]) put(old, d *D) {
	s := x.Stamp(d)
	if old != nil {
		o := x.Stamp(old)
		if i, ok := x.find(o); ok {
			if compareStamps(o, s) == 0 {
				s.ID = x.list[i].ID // the same string: nothing new held
				x.list[i] = s
				return
			}
			x.list = slices.Delete(x.list, i, i+1)
		}
	}
	i, ok := x.find(s)
	if ok {
		x.list[i] = s
		return
	}
	x.list = slices.Insert(x.list, i, s)
}

// putMany is put of each pair (olds[i] nil: new), in one pass over the
// list when they are many (an import's batch): an entry that moves or goes
// is dropped in one sweep, and the new ones are sorted and merged in.
func (x *StampIndex[K, D]) putMany(olds, news []*D) {
	if len(news) < 32 {
		for i := range news {
			x.put(olds[i], news[i])
		}
		return
	}
	drop := map[string]bool{}
	var add []shop.ProductStamp
	for i, d := range news {
		s := x.Stamp(d)
		if olds[i] != nil {
			o := x.Stamp(olds[i])
			if j, ok := x.find(o); ok {
				if compareStamps(o, s) == 0 {
					s.ID = x.list[j].ID
					x.list[j] = s
					continue
				}
				drop[o.ID] = true
			}
		}
		add = append(add, s)
	}
	if len(drop) > 0 {
		x.list = slices.DeleteFunc(x.list, func(s shop.ProductStamp) bool { return drop[s.ID] })
	}
	slices.SortFunc(add, compareStamps)
	x.list = mergeSorted(x.list, add, compareStamps)
}

func (x *StampIndex[K, D]) remove(old *D) {
	if i, ok := x.find(x.Stamp(old)); ok {
		x.list = slices.Delete(x.list, i, i+1)
	}
}

// load builds the list of docs (prepared) in one sort.
func (x *StampIndex[K, D]) load(docs []D) {
	x.list = make([]shop.ProductStamp, len(docs))
	for i := range docs {
		x.list[i] = x.Stamp(&docs[i])
	}
	slices.SortFunc(x.list, compareStamps)
}

func (x *StampIndex[K, D]) diff(want *StampIndex[K, D]) error {
	if len(x.list) != len(want.list) {
		return fmt.Errorf("stamp index %s: %d stamps in memory, %d from the store", x.Name, len(x.list), len(want.list))
	}
	for i, s := range want.list {
		if got := x.list[i]; got.ID != s.ID || got.Category != s.Category || !got.CreatedAt.Equal(s.CreatedAt) || !got.UpdatedAt.Equal(s.UpdatedAt) {
			return fmt.Errorf("stamp index %s differs at %d: memory %+v, store %+v", x.Name, i, got, s)
		}
	}
	return nil
}

// size is the list's memory and its ids' (the categories are the
// documents').
func (x *StampIndex[K, D]) size() int64 {
	var s shop.ProductStamp
	return int64(cap(x.list))*int64(unsafe.Sizeof(s)) + int64(len(x.list))*32
}

// CopyStamps returns every document's stamp in catalogue order (a copy:
// the caller owns it), under the read lock; false when the mirror keeps
// no stamps.
func (m *Mirror[K, D]) CopyStamps() ([]shop.ProductStamp, bool) {
	if m.Stamps == nil {
		return nil, false
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	return append(make([]shop.ProductStamp, 0, len(m.Stamps.list)), m.Stamps.list...), true
}
