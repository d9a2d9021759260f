package mirror

import (
	"errors"
	"slices"
	"testing"
)

// A word index record reads back as written, and a damaged one is refused
// (the snapshot is then not used), whatever byte is cut or changed.
func TestSnapshotWords_RoundTripAndDamage(t *testing.T) {
	t.Parallel()
	w := &WordIndex[int, doc]{Name: "test"}
	w.init()
	docs := map[int][]string{1: {"gearbox", "lathe"}, 2: {"lathe", "pump"}, 3: {"pump"}, 4: nil}
	for id, terms := range docs {
		s := w.slotOf(id)
		for i, term := range terms {
			w.posts[term] = append(w.posts[term], newPost(s, uint8(i%3)))
		}
	}
	w.sortTerms()
	ordinal := map[int]uint32{3: 0, 1: 1, 4: 2, 2: 3}
	b, err := w.encodeSnapshot(ordinal)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeSnapshotWords(b)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.terms, []string{"gearbox", "lathe", "pump"}) || got.max != 4 {
		t.Fatalf("terms %v, max %d", got.terms, got.max)
	}
	// lathe: document 1 (position 1) tier 1, document 2 (position 3) tier 0.
	if !slices.Equal(got.posts[1], []post{newPost(1, 1), newPost(3, 0)}) {
		t.Fatalf("lathe's postings %v", got.posts[1])
	}
	var in WordIndex[int, doc]
	in.install(got, []int{3, 1, 4, 2})
	if err := in.diff(w); err != nil {
		t.Fatal(err)
	}
	in.posts["lathe"] = append(in.posts["lathe"], newPost(2, 0)) // (an append moves the list)
	if !slices.Equal(in.posts["pump"], got.posts[2]) || got.posts[2][0] != newPost(0, 0) {
		t.Fatalf("an append to one term's list changed another's: %v", in.posts["pump"])
	}

	for cut := range len(b) {
		if _, err := decodeSnapshotWords(b[:cut]); !errors.Is(err, errWordsRecord) {
			t.Fatalf("cut at %d of %d: %v", cut, len(b), err)
		}
	}
	if _, err := decodeSnapshotWords(append(slices.Clone(b), 0)); !errors.Is(err, errWordsRecord) {
		t.Fatalf("a byte too many: %v", err)
	}
	unsorted := slices.Clone(b)
	unsorted[2] = 'z' // "gearbox" → "zearbox", after "lathe"
	if _, err := decodeSnapshotWords(unsorted); !errors.Is(err, errWordsRecord) {
		t.Fatalf("unsorted terms: %v", err)
	}
}
