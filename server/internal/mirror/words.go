package mirror

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"storefront/server/internal/shop"
)

// WordIndex is the search's in-memory index (issue 35): every distinct
// term of the documents, sorted, each with the documents that have it, so
// that the documents with a term starting with a word are one binary
// search and a walk over the terms with that prefix, not a scan of every
// document's terms.
//
// Each document has a small number (its slot) while it is in the index, so
// that a query's matches are bitsets over the slots: one bit set per
// posting of the words' terms, an AND per further word, and for a ranked
// search one set per tier (Tier), so that the ranks' sizes are bit counts
// and a page is a walk of the catalogue order that stops once it is full.
type WordIndex[K comparable, D any] struct {
	Name string
	// Terms are a document's distinct terms and where its tiers end: the
	// terms before ends[0] are of tier 0, those before ends[1] of tier 1,
	// the rest of tier 2. A ranked search ranks a document by the lowest
	// tier t such that each word is a prefix of one of its terms of tier t
	// or lower (products: the name's terms, then the SKU's, then the rest:
	// shop.SearchRank). They are computed when the index changes, not kept
	// with the document (issue 46: a product's sixty-odd terms cost more
	// memory than the rest of it).
	Terms func(*D) (terms []string, ends [wordTiers - 1]int)
	// Same reports whether two versions of a document have the same terms
	// in the same tiers, from the fields they come from (nil: their terms
	// are compared): a stock change leaves the index alone cheaply.
	Same func(a, b *D) bool

	terms []string          // sorted, distinct
	posts map[string][]post // term -> the documents that have it (unordered)
	slots map[K]uint32      // document -> its slot
	ids   []K               // slot -> document (the zero K when free)
	free  []uint32          // slots to reuse
}

// wordTiers is how many tiers a ranked search tells apart.
const wordTiers = 3

// post is one document that has a term, and the term's tier in it: the
// document's slot times four, plus the tier.
type post uint32

func newPost(slot uint32, tier uint8) post { return post(slot<<2 | uint32(tier)) }
func (p post) slot() uint32                { return uint32(p) >> 2 }
func (p post) tier() uint8                 { return uint8(p & 3) }

func (w *WordIndex[K, D]) init() {
	w.terms, w.posts, w.slots, w.ids, w.free = nil, map[string][]post{}, map[K]uint32{}, nil, nil
}

// tierOf is the tier of the i-th term.
func tierOf(i int, ends [wordTiers - 1]int) uint8 {
	for t, e := range ends {
		if i < e {
			return uint8(t)
		}
	}
	return wordTiers - 1
}

// same reports whether two versions of a document have the same terms in
// the same tiers (the index need not change).
func (w *WordIndex[K, D]) same(a, b *D) bool {
	if w.Same != nil {
		return w.Same(a, b)
	}
	ta, ea := w.Terms(a)
	tb, eb := w.Terms(b)
	return slices.Equal(ta, tb) && ea == eb
}

func (w *WordIndex[K, D]) slotOf(id K) uint32 {
	if s, ok := w.slots[id]; ok {
		return s
	}
	var s uint32
	if n := len(w.free); n > 0 {
		s, w.free = w.free[n-1], w.free[:n-1]
		w.ids[s] = id
	} else {
		s = uint32(len(w.ids))
		w.ids = append(w.ids, id)
	}
	w.slots[id] = s
	return s
}

func (w *WordIndex[K, D]) add(id K, d *D) {
	s := w.slotOf(id)
	terms, ends := w.Terms(d)
	for i, t := range terms {
		ps, ok := w.posts[t]
		if !ok {
			t = strings.Clone(t)
			j, _ := slices.BinarySearch(w.terms, t)
			w.terms = slices.Insert(w.terms, j, t)
		}
		w.posts[t] = append(ps, newPost(s, tierOf(i, ends)))
	}
}

func (w *WordIndex[K, D]) remove(id K, d *D) {
	s, ok := w.slots[id]
	if !ok {
		return
	}
	terms, _ := w.Terms(d)
	for _, t := range terms {
		ps := w.posts[t]
		i := slices.IndexFunc(ps, func(p post) bool { return p.slot() == s })
		if i < 0 {
			continue
		}
		ps[i] = ps[len(ps)-1]
		ps = ps[:len(ps)-1]
		if len(ps) > 0 {
			w.posts[t] = ps
			continue
		}
		delete(w.posts, t)
		if j, found := slices.BinarySearch(w.terms, t); found {
			w.terms = slices.Delete(w.terms, j, j+1)
		}
	}
	delete(w.slots, id)
	var zero K
	w.ids[s] = zero
	w.free = append(w.free, s)
}

// removeMany takes documents out (their slots, and their versions whose
// terms the index holds), each term's list filtered once.
func (w *WordIndex[K, D]) removeMany(slots []uint32, docs []*D) {
	if len(slots) < 32 {
		for i, s := range slots {
			w.remove(w.ids[s], docs[i])
		}
		return
	}
	gone := newBitset(len(w.ids))
	terms := map[string]bool{}
	for i, s := range slots {
		gone.set(s)
		ts, _ := w.Terms(docs[i])
		for _, t := range ts {
			terms[t] = true
		}
	}
	var dropped []string
	for t := range terms {
		ps := slices.DeleteFunc(w.posts[t], func(p post) bool { return gone.has(p.slot()) })
		if len(ps) > 0 {
			w.posts[t] = ps
			continue
		}
		delete(w.posts, t)
		dropped = append(dropped, t)
	}
	if len(dropped) > 0 {
		drop := map[string]bool{}
		for _, t := range dropped {
			drop[t] = true
		}
		w.terms = slices.DeleteFunc(w.terms, func(t string) bool { return drop[t] })
	}
	var zero K
	for _, s := range slots {
		delete(w.slots, w.ids[s])
		w.ids[s] = zero
		w.free = append(w.free, s)
	}
}

// addMany adds documents (by id; doc reads each), their new terms merged
// into the sorted terms at once.
func (w *WordIndex[K, D]) addMany(ids []K, doc func(K) *D) {
	if len(ids) < 32 {
		for _, id := range ids {
			w.add(id, doc(id))
		}
		return
	}
	var fresh []string
	for _, id := range ids {
		s := w.slotOf(id)
		terms, ends := w.Terms(doc(id))
		for i, t := range terms {
			ps, ok := w.posts[t]
			if !ok {
				t = strings.Clone(t)
				fresh = append(fresh, t)
			}
			w.posts[t] = append(ps, newPost(s, tierOf(i, ends)))
		}
	}
	slices.Sort(fresh)
	w.terms = mergeSorted(w.terms, fresh, strings.Compare)
}

// load fills an empty index with docs in one pass and one sort.
func (w *WordIndex[K, D]) load(id K, d *D) {
	s := w.slotOf(id)
	terms, ends := w.Terms(d)
	for i, t := range terms {
		ps, ok := w.posts[t]
		if !ok {
			t = strings.Clone(t) // (not the document's text, which it would keep)
		}
		w.posts[t] = append(ps, newPost(s, tierOf(i, ends)))
	}
}

func (w *WordIndex[K, D]) sortTerms() {
	w.terms = make([]string, 0, len(w.posts))
	for t, ps := range w.posts {
		w.terms = append(w.terms, t)
		if cap(ps) > len(ps) {
			// (append's spare room: a quarter of the postings' memory)
			w.posts[t] = slices.Clone(ps)
		}
	}
	slices.Sort(w.terms)
}

// prefixed is the range of the sorted terms that start with word.
func (w *WordIndex[K, D]) prefixed(word string) (from, to int) {
	from = sort.SearchStrings(w.terms, word)
	to = from + sort.Search(len(w.terms)-from, func(i int) bool { return !strings.HasPrefix(w.terms[from+i], word) })
	return from, to
}

// match returns the slots of the documents in which each word is a prefix
// of one of their terms, by tier: sets[t] has those in which each word is a
// prefix of a term of tier t or lower (so sets[wordTiers-1] has them all).
// With ranked false, only that last set is filled. Callers hold the
// mirror's lock.
func (w *WordIndex[K, D]) match(words []string, ranked, typos bool) (sets [wordTiers]bitset) {
	n := len(w.ids)
	first := 0
	if !ranked {
		first = wordTiers - 1
	}
	var cur [wordTiers]bitset
	for t := first; t < wordTiers; t++ {
		sets[t], cur[t] = newBitset(n), newBitset(n)
	}
	for k, word := range words {
		into := &sets
		if k > 0 {
			into = &cur
			for t := first; t < wordTiers; t++ {
				clear(cur[t])
			}
		}
		post := func(term string) {
			for _, p := range w.posts[term] {
				// a term of tier p.tier counts in that tier and every later one
				for t := max(int(p.tier()), first); t < wordTiers; t++ {
					into[t].set(p.slot())
				}
			}
		}
		from, to := w.prefixed(word)
		for _, term := range w.terms[from:to] {
			post(term)
		}
		// its stem, whole: as a term ("pumps" finds "pump") and as another
		// term's marked stem ("bearings" finds "bearing")
		if stem := shop.Stem(word); stem != word {
			post(stem)
		}
		post(shop.StemMark + shop.Stem(word))
		if typos && shop.MayTypo([]string{word}) {
			// one typo away from a term's start: a walk over every term
			// that is not a stem, only when nothing matched without
			plain := sort.SearchStrings(w.terms, "\x02")
			for _, term := range w.terms[plain:] {
				if shop.TypoMatch(word, term) {
					post(term)
				}
			}
		}
		if k > 0 {
			for t := first; t < wordTiers; t++ {
				sets[t].and(cur[t])
			}
		}
		if sets[wordTiers-1].empty() {
			break
		}
	}
	return sets
}

func (w *WordIndex[K, D]) diff(want *WordIndex[K, D]) error {
	if !slices.Equal(w.terms, want.terms) {
		return fmt.Errorf("word index %s: %d terms in memory, %d from the store", w.Name, len(w.terms), len(want.terms))
	}
	type entry struct {
		id   K
		tier uint8
	}
	for t, ps := range want.posts {
		got := w.posts[t]
		if len(got) != len(ps) {
			return fmt.Errorf("word index %s: term %q has %d documents in memory, %d from the store", w.Name, t, len(got), len(ps))
		}
		have := make(map[entry]bool, len(got))
		for _, p := range got {
			have[entry{w.ids[p.slot()], p.tier()}] = true
		}
		for _, p := range ps {
			if id := want.ids[p.slot()]; !have[entry{id, p.tier()}] {
				return fmt.Errorf("word index %s: term %q lacks %s in memory", w.Name, t, IDText(id))
			}
		}
	}
	if len(w.slots) != len(want.slots) {
		return fmt.Errorf("word index %s: %d documents in memory, %d from the store", w.Name, len(w.slots), len(want.slots))
	}
	return nil
}

// Search is a page of the documents in which each word (none: every
// document) is a prefix of one of their terms and that match accepts (nil:
// all), walked in the named order (descending when desc), with the number
// of all of them. Ranked, they are grouped by rank (the word index's tiers:
// 0 first) keeping that order within a rank.
func (m *Mirror[K, D]) Search(index string, desc bool, words []string, match func(*D) bool, ranked bool, skip, limit int) ([]D, int64) {
	return m.SearchTypos(index, desc, words, false, match, ranked, skip, limit)
}

// SearchTypos is Search, with each word of at least shop.TypoMinLetters
// letters also finding the terms one typo away when typos is set.
func (m *Mirror[K, D]) SearchTypos(index string, desc bool, words []string, typos bool, match func(*D) bool, ranked bool, skip, limit int) ([]D, int64) {
	o := m.orderIndex(index)
	m.mu.RLock()
	defer m.mu.RUnlock()
	list := o.lists[""]
	if len(words) == 0 {
		return m.walk(list, desc, match, skip, limit)
	}
	w := m.Words
	if w == nil {
		panic("mirror " + m.Name + " has no word index")
	}
	sets := w.match(words, ranked, typos)
	all := sets[wordTiers-1]
	if match != nil {
		var d D // one for all (see walk)
		for s := range all.each() {
			if d = m.docs[w.ids[s]]; !match(&d) {
				for t := range sets {
					if sets[t] != nil {
						sets[t].unset(s)
					}
				}
			}
		}
	}
	total := all.count()
	out := []D{}
	if total == 0 || limit <= 0 {
		return out, int64(total)
	}
	// pick walks the order and appends the members of set from the
	// skip-th on until the page is full.
	pick := func(set bitset, skip int) {
		if n := set.count(); n*16 < len(list) {
			// few: sort them rather than walk the whole order
			ids := make([]K, 0, n)
			for s := range set.each() {
				ids = append(ids, w.ids[s])
			}
			slices.SortFunc(ids, func(a, b K) int {
				if desc {
					return o.compare(m, b, a)
				}
				return o.compare(m, a, b)
			})
			for _, id := range ids[min(skip, len(ids)):] {
				out = append(out, m.docs[id])
				if len(out) == limit {
					return
				}
			}
			return
		}
		n := 0
		for i := range list {
			j := i
			if desc {
				j = len(list) - 1 - i
			}
			id := list[j]
			if s, ok := w.slots[id]; !ok || !set.has(s) {
				continue
			}
			if n >= skip {
				out = append(out, m.docs[id])
				if len(out) == limit {
					return
				}
			}
			n++
		}
	}
	if !ranked {
		if skip < total {
			pick(all, skip)
		}
		return out, int64(total)
	}
	// Rank r is sets[r] without sets[r-1]: the ranks' sizes are bit counts,
	// and only the ranks the page overlaps are walked.
	before := 0
	for r := 0; r < wordTiers && len(out) < limit; r++ {
		set := sets[r]
		if r > 0 {
			set = slices.Clone(set)
			set.andNot(sets[r-1])
		}
		n := set.count()
		if before+n > skip {
			pick(set, max(skip-before, 0))
		}
		before += n
	}
	return out, int64(total)
}

// walk is a page of the order's documents that match accepts (nil: all),
// with the number of all of them.
func (m *Mirror[K, D]) walk(list []K, desc bool, match func(*D) bool, skip, limit int) ([]D, int64) {
	out := []D{}
	var total int64
	var d D // one variable: a fresh one per document escapes to the heap (match takes its address)
	for i := range list {
		j := i
		if desc {
			j = len(list) - 1 - i
		}
		d = m.docs[list[j]]
		if match != nil && !match(&d) {
			continue
		}
		if total >= int64(skip) && len(out) < limit {
			out = append(out, d)
		}
		total++
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

// bitset is a set of slots.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) set(i uint32)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) unset(i uint32)    { b[i/64] &^= 1 << (i % 64) }
func (b bitset) has(i uint32) bool { return int(i/64) < len(b) && b[i/64]&(1<<(i%64)) != 0 }

func (b bitset) and(o bitset) {
	for i := range b {
		b[i] &= o[i]
	}
}

func (b bitset) andNot(o bitset) {
	for i := range b {
		b[i] &^= o[i]
	}
}

func (b bitset) count() int {
	n := 0
	for _, x := range b {
		n += bits.OnesCount64(x)
	}
	return n
}

func (b bitset) empty() bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// each yields the members in increasing order.
func (b bitset) each() func(yield func(uint32) bool) {
	return func(yield func(uint32) bool) {
		for i, x := range b {
			for x != 0 {
				t := bits.TrailingZeros64(x)
				if !yield(uint32(i*64 + t)) {
					return
				}
				x &= x - 1
			}
		}
	}
}
