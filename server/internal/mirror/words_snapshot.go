package mirror

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// The word index in a snapshot (issue 46): rebuilding it from the
// documents (each product's terms, stemmed, then one posting per term) was
// half of a start's CPU time at 100,000 products. A snapshot holds it
// after its table's documents, each document named by its position among
// them in the file, and a start from the snapshot installs it as it is
// (slot i is the i-th document): the same index a full load builds, since
// a full load also gives the documents their slots in the order it reads
// them, and the index is exact whenever the mirror is (Diff, Check).
//
// The record (its table's index with wordsRecord set): the number of
// terms, then each term in order: its length, its bytes, its number of
// postings, then the postings (position times four plus tier) ascending,
// each as the difference from the one before; all unsigned varints.

// wordsRecord marks a snapshot record that holds its table's word index.
const wordsRecord = 1 << 31

// encodeSnapshot encodes the index with each document named by its
// position: ordinal[id].
func (w *WordIndex[K, D]) encodeSnapshot(ordinal map[K]uint32) ([]byte, error) {
	if len(w.slots) != len(ordinal) {
		return nil, fmt.Errorf("word index %s: %d documents, the table %d", w.Name, len(w.slots), len(ordinal))
	}
	pos := make([]uint32, len(w.ids))
	for id, s := range w.slots {
		o, ok := ordinal[id]
		if !ok {
			return nil, fmt.Errorf("word index %s: a document the table does not hold", w.Name)
		}
		pos[s] = o
	}
	out := binary.AppendUvarint(nil, uint64(len(w.terms)))
	var ps []post
	for _, t := range w.terms {
		ps = ps[:0]
		for _, p := range w.posts[t] {
			ps = append(ps, newPost(pos[p.slot()], p.tier()))
		}
		slices.Sort(ps)
		out = binary.AppendUvarint(out, uint64(len(t)))
		out = append(out, t...)
		out = binary.AppendUvarint(out, uint64(len(ps)))
		prev := post(0)
		for _, p := range ps {
			out = binary.AppendUvarint(out, uint64(p-prev))
			prev = p
		}
	}
	return out, nil
}

// snapshotWords is a word index read from a snapshot: its terms, sorted,
// and each one's postings, by position.
type snapshotWords struct {
	terms []string
	posts [][]post
	max   uint32 // the highest position named (+1); 0 when none
}

var errWordsRecord = errors.New("its word index cannot be read")

// decodeSnapshotWords reads a word index record. The terms share one
// string and the postings one array (each term's list capped at its end,
// so that an append moves it).
func decodeSnapshotWords(b []byte) (*snapshotWords, error) {
	next := func() (uint64, error) {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return 0, errWordsRecord
		}
		b = b[n:]
		return v, nil
	}
	nterms, err := next()
	if err != nil || nterms > uint64(len(b)) {
		return nil, errWordsRecord
	}
	type span struct{ from, to, posts int }
	spans := make([]span, nterms)
	var text []byte
	var all []post
	for i := range spans {
		n, err := next()
		if err != nil || n > uint64(len(b)) {
			return nil, errWordsRecord
		}
		spans[i].from = len(text)
		text = append(text, b[:n]...)
		spans[i].to = len(text)
		b = b[n:]
		np, err := next()
		if err != nil || np == 0 || np > uint64(len(b)) {
			return nil, errWordsRecord
		}
		spans[i].posts = len(all)
		var p uint64
		for range np {
			d, err := next()
			if err != nil || (d == 0 && len(all) > spans[i].posts) {
				return nil, errWordsRecord // (postings are distinct)
			}
			if p += d; p > 1<<32-1 {
				return nil, errWordsRecord
			}
			all = append(all, post(p))
		}
	}
	if len(b) != 0 {
		return nil, errWordsRecord
	}
	all = slices.Clip(all)
	s := string(text)
	w := &snapshotWords{terms: make([]string, nterms), posts: make([][]post, nterms)}
	for i, sp := range spans {
		w.terms[i] = s[sp.from:sp.to]
		if i > 0 && w.terms[i-1] >= w.terms[i] {
			return nil, errWordsRecord // (sorted and distinct)
		}
		end := len(all)
		if i+1 < len(spans) {
			end = spans[i+1].posts
		}
		w.posts[i] = all[sp.posts:end:end]
		if last := w.posts[i][len(w.posts[i])-1].slot() + 1; last > w.max {
			w.max = last
		}
	}
	return w, nil
}

// install makes the index the one read from a snapshot, for the documents
// ids (slot i is ids[i]).
func (w *WordIndex[K, D]) install(from *snapshotWords, ids []K) {
	w.terms, w.ids, w.free = from.terms, ids, nil
	w.posts = make(map[string][]post, len(from.terms))
	for i, t := range from.terms {
		w.posts[t] = from.posts[i]
	}
	w.slots = make(map[K]uint32, len(ids))
	for i, id := range ids {
		w.slots[id] = uint32(i)
	}
}
