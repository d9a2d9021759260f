package mirror

import (
	"strings"
	"sync"
	"unsafe"

	"storefront/server/internal/shop"
)

// strs holds one copy of each string it is given (interning), so that the
// documents that repeat a value share its bytes: a customer's name,
// e-mail, address and mobile in each of their orders and purchases, a
// product's name and picture in each order of it (issue 46: at 200,000
// orders those copies were a quarter of the orders' memory). A mirror's
// Prepare passes the repeated fields through it.
//
// It keeps every value it has seen while the process runs, those of
// documents since removed included: a value each customer, product and
// address, which their documents mostly still hold anyway.
type strs struct {
	mu    sync.Mutex
	m     map[string]string
	bytes int64 // the strings' lengths
}

func newStrs() *strs { return &strs{m: map[string]string{}} }

// of is the pool's copy of s (its own, not a slice of a larger buffer).
func (p *strs) of(s string) string {
	if s == "" {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if v, ok := p.m[s]; ok {
		return v
	}
	s = strings.Clone(s)
	p.m[s] = s
	p.bytes += int64(len(s))
	return s
}

// holds reports whether s is the pool's copy (nil: no pool).
func (p *strs) holds(s string) bool {
	if p == nil || s == "" {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	v, ok := p.m[s]
	return ok && unsafe.StringData(v) == unsafe.StringData(s)
}

// size estimates the pool's memory: its strings and its table (a map
// entry of two string headers, twice over as Size counts maps).
func (p *strs) size() int64 {
	if p == nil {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bytes + int64(len(p.m))*2*32
}

// all passes each of fields through the pool.
func (p *strs) all(fields ...*string) {
	for _, f := range fields {
		*f = p.of(*f)
	}
}

// stemMemo remembers shop.Stem's answers: a catalogue repeats the same
// words (its specifications' names, its descriptions' words) in every
// product, and Snowball's stemmer was a tenth of a start's CPU time
// (issue 46). It forgets everything past stemMemoSize words.
type stemMemo struct {
	mu sync.Mutex
	m  map[string]string
}

const stemMemoSize = 1 << 16

func newStemMemo() *stemMemo { return &stemMemo{m: map[string]string{}} }

func (s *stemMemo) of(word string) string {
	if !shop.Stemmable(word) {
		return word // (numbers: as many as the products, and their own stems)
	}
	s.mu.Lock()
	stem, ok := s.m[word]
	s.mu.Unlock()
	if ok {
		return stem
	}
	stem = shop.Stem(word)
	s.mu.Lock()
	if len(s.m) >= stemMemoSize {
		clear(s.m)
	}
	s.m[strings.Clone(word)] = strings.Clone(stem)
	s.mu.Unlock()
	return stem
}
