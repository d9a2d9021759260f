package mirror

import (
	"testing"

	"storefront/server/internal/shop"
)

// While a purchase's cancel is under way, every change of it is refused as
// "being cancelled", whatever else would refuse it: its lines may be gone
// already (TestHistories found a decline of an approved purchase answered
// "does not wait for approval" there, beside a stock read that showed the
// cancel's lines back).
func TestGroupGuards_ACancelUnderWayComesFirst(t *testing.T) {
	t.Parallel()
	marker := ID{1}
	for name, c := range map[string]struct {
		g     Group
		guard func(Group) error
	}{
		"approve or decline an approved purchase": {Group{Cancelling: marker}, GroupAwaitingApproval},
		"price a freight not on quote":            {Group{Cancelling: marker}, GroupAwaitingFreight},
		"pay a purchase awaiting approval":        {Group{Cancelling: marker, AwaitingApproval: true}, GroupPayable},
		"pay a purchase awaiting its freight":     {Group{Cancelling: marker, AwaitingFreight: true}, GroupPayable},
		"ship a purchase awaiting approval":       {Group{Cancelling: marker, AwaitingApproval: true}, GroupShippable},
	} {
		if err := c.guard(c.g); shop.ErrorCode(err) != shop.ECONFLICT || err.(*shop.Error).Message != shop.MsgGroupCanceling {
			t.Errorf("%s, its cancel under way: %v", name, err)
		}
		c.g.Cancelling = ID{}
		if err := c.guard(c.g); err == nil || err.(*shop.Error).Message == shop.MsgGroupCanceling {
			t.Errorf("%s, no cancel under way: %v", name, err)
		}
	}
}
