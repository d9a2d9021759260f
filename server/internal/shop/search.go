package shop

import (
	"strings"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// The catalogue's search (issues 35 and 48). A product is found by its
// terms: the folded words of its name, then of its SKU, then of its
// description, specification values and category. A query's
// word finds a term it is a prefix of ("bear" finds "bearing"), a term
// that is its English stem ("pumps" finds "pump"), and a term whose stem
// is the word's ("bearings" finds "bearing"); when nothing matches, a
// word of at least TypoMinLetters letters, as written, also finds a term
// one typo away from starting with it (TypoMatch).

// maxTermLen bounds a stored term (a longer word is cut: its prefixes
// still match).
const maxTermLen = 64

// StemMark starts the terms that are stems: a product whose term's stem
// differs from it has the stem as a term too, marked, so that a stem
// matches only whole (a prefix search never finds a marked term, and
// "bear" as a stem is not "beard").
const StemMark = "\x01"

// TypoMinLetters is the shortest word that may match with a typo.
const TypoMinLetters = 5

// Stem is a folded word's English stem (Snowball's English stemmer):
// "pumps" → "pump", "bearings" → "bear", "generators" → "generat". A word
// that is not letters (a number, a part number's piece) is its own.
func Stem(word string) string {
	if !Stemmable(word) {
		return word
	}
	return english.Stem(word, true)
}

// Stemmable reports whether Stem runs the stemmer on word (not a number,
// a piece of a part number or a word of two letters, which are their own).
func Stemmable(word string) bool {
	for i := 0; i < len(word); i++ {
		if c := word[i]; c >= '0' && c <= '9' {
			return false
		}
	}
	return len(word) > 2
}

// Searchable is what a product is found by.
type Searchable struct {
	Name, SKU, Description, Category string
	Specs                            []Spec
	OEMNumbers                       []string // issue 48: ranked with the SKU
}

// SearchTerms are the terms a product is found by (stored as
// `searchTerms`): its name's, then its SKU's, then the
// rest's, each term followed by its marked stem when that differs, each
// once. nameN and skuN say how many of the first terms come from the name
// and then the SKU (for the ranking: SearchRank).
func SearchTerms(p Searchable) (terms []string, nameN, skuN int) {
	return SearchTermsStemmed(p, Stem)
}

// SearchTermsStemmed is SearchTerms with stem for Stem (a memo of it: the
// embedded store's word index, which stems the same words of every
// product).
func SearchTermsStemmed(p Searchable, stem func(string) string) (terms []string, nameN, skuN int) {
	seen := map[string]bool{}
	add := func(text string) int {
		n := 0
		for _, w := range SearchWords(text) {
			if len(w) > maxTermLen {
				w = w[:maxTermLen]
				for !utf8.ValidString(w) {
					w = w[:len(w)-1]
				}
			}
			if !seen[w] {
				seen[w] = true
				terms = append(terms, w)
				n++
			}
			if s := stem(w); s != w && !seen[StemMark+s] {
				seen[StemMark+s] = true
				terms = append(terms, StemMark+s)
				n++
			}
		}
		return n
	}
	nameN = add(p.Name)
	skuN = add(p.SKU)
	if len(p.OEMNumbers) > 0 {
		skuN += add(OEMTerms(p.OEMNumbers))
	}
	add(p.Description)
	for _, s := range p.Specs {
		add(s.Value)
	}
	add(p.Category)
	if terms == nil {
		terms = []string{}
	}
	return terms, nameN, skuN
}

// QueryWord is a word of a search and its stem.
type QueryWord struct{ Word, Stem string }

// StemmedWords are words with their stems.
func StemmedWords(words []string) []QueryWord {
	out := make([]QueryWord, len(words))
	for i, w := range words {
		out[i] = QueryWord{w, Stem(w)}
	}
	return out
}

// Matches reports whether the word finds term (a product's: SearchTerms),
// with one typo allowed when typos is set.
func (q QueryWord) Matches(term string, typos bool) bool {
	if strings.HasPrefix(term, StemMark) {
		return term[len(StemMark):] == q.Stem
	}
	return strings.HasPrefix(term, q.Word) || term == q.Stem || typos && TypoMatch(q.Word, term)
}

// TypoMatch reports whether a word of at least TypoMinLetters letters,
// as written, is one typo (a letter added, dropped, changed, or two
// neighbours swapped) away from a prefix of term; an exact prefix is not
// a typo.
func TypoMatch(word, term string) bool {
	w, t := []rune(word), []rune(term)
	if len(w) < TypoMinLetters || strings.HasPrefix(term, word) {
		return false
	}
	for l := len(w) - 1; l <= len(w)+1; l++ {
		if l <= len(t) && oneEdit(w, t[:l]) {
			return true
		}
	}
	return false
}

// oneEdit reports whether a and b differ by exactly one edit (an
// insertion, a deletion, a substitution or a transposition of neighbours).
func oneEdit(a, b []rune) bool {
	la, lb := len(a), len(b)
	switch {
	case la == lb:
		i := 0
		for i < la && a[i] == b[i] {
			i++
		}
		if i == la {
			return false // equal: no typo
		}
		if string(a[i+1:]) == string(b[i+1:]) {
			return true // a letter changed
		}
		return i+1 < la && a[i] == b[i+1] && a[i+1] == b[i] && string(a[i+2:]) == string(b[i+2:])
	case la == lb+1:
		return dropOne(a, b)
	case lb == la+1:
		return dropOne(b, a)
	}
	return false
}

// dropOne reports whether long is short with one letter more.
func dropOne(long, short []rune) bool {
	i := 0
	for i < len(short) && long[i] == short[i] {
		i++
	}
	return string(long[i+1:]) == string(short[i:])
}

// SearchRank is where words match a product whose terms are terms
// (SearchTerms), nameN and skuN of them from its name and SKU: RankName
// when each word finds a name term, RankSKU when each finds a name or SKU
// term, RankOther otherwise.
func SearchRank(words []QueryWord, terms []string, nameN, skuN int, typos bool) int {
	switch {
	case allMatch(words, terms[:nameN], typos):
		return RankName
	case allMatch(words, terms[:nameN+skuN], typos):
		return RankSKU
	}
	return RankOther
}

// Search ranks: a match in the name first, then in the SKU, then the rest.
const (
	RankName = iota
	RankSKU
	RankOther
)

// MatchesWords reports whether each word finds one of terms.
func MatchesWords(words []QueryWord, terms []string, typos bool) bool {
	return allMatch(words, terms, typos)
}

func allMatch(words []QueryWord, terms []string, typos bool) bool {
	for _, w := range words {
		found := false
		for _, t := range terms {
			if w.Matches(t, typos) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// MayTypo reports whether a search of words may match with typos: one of
// them has at least TypoMinLetters letters.
func MayTypo(words []string) bool {
	for _, w := range words {
		if utf8.RuneCountInString(w) >= TypoMinLetters {
			return true
		}
	}
	return false
}
