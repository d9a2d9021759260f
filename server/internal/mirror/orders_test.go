package mirror_test

import (
	"testing"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

func TestOrderShop_ReplacementFor(t *testing.T) {
	claim := mirror.ID{1, 2, 3}
	for _, tc := range []struct {
		name string
		doc  mirror.Order
		want *shop.ClaimRef
	}{
		{"Recorded", mirror.Order{Paid: true, TransactionID: "replacement:1004", ReplacementFor: &mirror.ClaimRef{ClaimID: claim, Number: 1004}},
			&shop.ClaimRef{ClaimID: claim.Hex(), Number: 1004}},
		{"FromBeforeTheField", mirror.Order{Paid: true, TransactionID: "replacement:1001"}, &shop.ClaimRef{Number: 1001}},
		{"PaidByCard", mirror.Order{Paid: true, TransactionID: "pi_123"}, nil},
		{"Unpaid", mirror.Order{}, nil},
		{"NotANumber", mirror.Order{Paid: true, TransactionID: "replacement:x"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.doc.Shop().ReplacementFor
			if (got == nil) != (tc.want == nil) || (got != nil && *got != *tc.want) {
				t.Fatalf("replacementFor %+v, want %+v", got, tc.want)
			}
		})
	}
}
