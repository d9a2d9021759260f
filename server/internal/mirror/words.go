package mirror

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// WordIndex is the search's in-memory index (issue 35): every distinct
// term of the documents, sorted, each with the documents that have it, so
// that the documents with a term starting with a word are one binary
// search and a walk over the terms with that prefix, not a scan of every
// document's terms.
type WordIndex[K comparable, D any] struct {
	Name  string
	Terms func(*D) []string // distinct terms of a document
	terms []string          // sorted, distinct
	posts map[string][]K    // term -> ids (unordered)
}

func (w *WordIndex[K, D]) init() {
	w.terms, w.posts = nil, map[string][]K{}
}

func (w *WordIndex[K, D]) add(id K, d *D) {
	for _, t := range w.Terms(d) {
		ids, ok := w.posts[t]
		if !ok {
			i, _ := slices.BinarySearch(w.terms, t)
			w.terms = slices.Insert(w.terms, i, t)
		}
		w.posts[t] = append(ids, id)
	}
}

func (w *WordIndex[K, D]) remove(id K, d *D) {
	for _, t := range w.Terms(d) {
		ids := w.posts[t]
		i := slices.Index(ids, id)
		if i < 0 {
			continue
		}
		ids[i] = ids[len(ids)-1]
		ids = ids[:len(ids)-1]
		if len(ids) > 0 {
			w.posts[t] = ids
			continue
		}
		delete(w.posts, t)
		if j, found := slices.BinarySearch(w.terms, t); found {
			w.terms = slices.Delete(w.terms, j, j+1)
		}
	}
}

// match returns the ids of the documents in which each word is a prefix
// of one of their terms. Callers hold the mirror's lock.
func (w *WordIndex[K, D]) match(words []string) map[K]struct{} {
	var out map[K]struct{}
	// The word with the fewest terms first: the smallest set to intersect.
	type span struct{ from, to int }
	spans := make([]span, len(words))
	for i, word := range words {
		from := sort.SearchStrings(w.terms, word)
		to := from
		for to < len(w.terms) && strings.HasPrefix(w.terms[to], word) {
			to++
		}
		spans[i] = span{from, to}
	}
	order := make([]int, len(words))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return (spans[a].to - spans[a].from) - (spans[b].to - spans[b].from) })
	for n, i := range order {
		next := map[K]struct{}{}
		for _, t := range w.terms[spans[i].from:spans[i].to] {
			for _, id := range w.posts[t] {
				if n == 0 {
					next[id] = struct{}{}
				} else if _, ok := out[id]; ok {
					next[id] = struct{}{}
				}
			}
		}
		out = next
		if len(out) == 0 {
			break
		}
	}
	return out
}

func (w *WordIndex[K, D]) diff(want *WordIndex[K, D]) error {
	if !slices.Equal(w.terms, want.terms) {
		return fmt.Errorf("word index %s: %d terms in memory, %d from the store", w.Name, len(w.terms), len(want.terms))
	}
	for t, ids := range want.posts {
		got := w.posts[t]
		if len(got) != len(ids) {
			return fmt.Errorf("word index %s: term %q has %d documents in memory, %d from the store", w.Name, t, len(got), len(ids))
		}
		for _, id := range ids {
			if !slices.Contains(got, id) {
				return fmt.Errorf("word index %s: term %q lacks %s in memory", w.Name, t, IDText(id))
			}
		}
	}
	return nil
}

// Search is a page of the documents in which each word (none: every
// document) is a prefix of one of their terms and that match accepts (nil:
// all), walked in the named order (descending when desc), with the number
// of all of them. With rank, they are grouped by rank (0 first) keeping
// that order within a rank.
func (m *Mirror[K, D]) Search(index string, desc bool, words []string, match func(*D) bool, rank func(*D) int, skip, limit int) ([]D, int64) {
	o := m.orderIndex(index)
	m.mu.RLock()
	defer m.mu.RUnlock()
	var found map[K]struct{}
	if len(words) > 0 {
		if m.Words == nil {
			panic("mirror " + m.Name + " has no word index")
		}
		found = m.Words.match(words)
		if len(found) == 0 {
			return []D{}, 0
		}
	}
	list := o.lists[""]
	var ranks [][]K
	out := []D{}
	var total int64
	for i := range list {
		j := i
		if desc {
			j = len(list) - 1 - i
		}
		id := list[j]
		if found != nil {
			if _, ok := found[id]; !ok {
				continue
			}
		}
		d := m.docs[id]
		if match != nil && !match(&d) {
			continue
		}
		if rank != nil {
			r := rank(&d)
			for len(ranks) <= r {
				ranks = append(ranks, nil)
			}
			ranks[r] = append(ranks[r], id)
			total++
			continue
		}
		if total >= int64(skip) && len(out) < limit {
			out = append(out, d)
		}
		total++
	}
	if rank != nil {
		n := 0
		for _, ids := range ranks {
			for _, id := range ids {
				if n >= skip && len(out) < limit {
					out = append(out, m.docs[id])
				}
				n++
			}
		}
	}
	return out, total
}

// GroupLen is the number of documents in one group of the named order.
func (m *Mirror[K, D]) GroupLen(index, group string) int {
	o := m.orderIndex(index)
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(o.lists[group])
}
