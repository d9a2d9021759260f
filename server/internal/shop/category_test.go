package shop_test

import (
	"slices"
	"testing"

	"storefront/server/internal/shop"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"Bearings": "bearings", "Café": "cafe", "ÉXTRA": "extra", "Trempé à Cœur": "trempe a coeur", "Straße": "strasse", "Ørsted": "orsted"} {
		if got := shop.Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
	terms, nameN, skuN := shop.SearchTerms(shop.Searchable{Name: "Ball Bearing", SKU: "BB-62", Description: "A ball bearing for pumps.",
		Specs: []shop.Spec{{Name: "Seal", Value: "2RS rubber"}}, Category: "Bearings"})
	m := shop.StemMark
	if want := []string{"ball", "bearing", m + "bear", "bb", "62", "a", "for", "pumps", m + "pump", "2rs", "rubber", "bearings"}; !slices.Equal(terms, want) || nameN != 3 || skuN != 2 {
		t.Fatalf("terms %q %d %d, want %q", terms, nameN, skuN, want)
	}
	for words, want := range map[string]int{"bear": shop.RankName, "bearings": shop.RankName, "bb": shop.RankSKU, "ball 62": shop.RankSKU,
		"pump": shop.RankOther, "pumping": shop.RankOther} {
		if got := shop.SearchRank(shop.StemmedWords(shop.QueryWords(words)), terms, nameN, skuN, false); got != want {
			t.Errorf("rank of %q = %d, want %d", words, got, want)
		}
	}
	if got := shop.QueryWords("bear bearings Bear x"); !slices.Equal(got, []string{"bearings", "x"}) {
		t.Errorf("QueryWords: %v", got)
	}
}

func TestSearchWords_StemsAndTypos(t *testing.T) {
	for in, want := range map[string]string{"pumps": "pump", "bearings": "bear", "generators": "generat", "6205": "6205", "xl": "xl"} {
		if got := shop.Stem(in); got != want {
			t.Errorf("Stem(%q) = %q, want %q", in, got, want)
		}
	}
	for _, c := range []struct {
		word, term string
		want       bool
	}{
		{"generatr", "generators", true},  // a letter dropped
		{"gennerator", "generator", true}, // one added
		{"genarator", "generator", true},  // one changed
		{"gnereator", "generator", false}, // two
		{"egnerator", "generator", true},  // neighbours swapped
		{"pmup", "pump", false},           // under five letters
		{"bearng", "bearings", true},      // a prefix one letter away
		{"bearing", "bearings", false},    // an exact prefix is no typo
	} {
		if got := shop.TypoMatch(c.word, c.term); got != c.want {
			t.Errorf("TypoMatch(%q, %q) = %v, want %v", c.word, c.term, got, c.want)
		}
	}
}
