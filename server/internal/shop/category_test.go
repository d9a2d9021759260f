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
	terms, nameN, skuN := shop.SearchTerms("Ball Bearing", "BB-62", "A ball bearing for pumps.", []shop.Spec{{Name: "Seal", Value: "2RS rubber"}})
	if !slices.Equal(terms, []string{"ball", "bearing", "bb", "62", "a", "for", "pumps", "2rs", "rubber"}) || nameN != 2 || skuN != 2 {
		t.Fatalf("terms %v %d %d", terms, nameN, skuN)
	}
	for words, want := range map[string]int{"bear": shop.RankName, "bb": shop.RankSKU, "ball 62": shop.RankSKU, "pump": shop.RankOther} {
		if got := shop.SearchRank(shop.QueryWords(words), terms, nameN, skuN); got != want {
			t.Errorf("rank of %q = %d, want %d", words, got, want)
		}
	}
	if got := shop.QueryWords("bear bearings Bear x"); !slices.Equal(got, []string{"bearings", "x"}) {
		t.Errorf("QueryWords: %v", got)
	}
}
