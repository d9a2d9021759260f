package embedded

import (
	"context"
	"strings"
	"testing"
)

func TestIndexIDs_IDLookupsUseTheIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := mustStart(t, t.TempDir())
	defer r.stop()
	names := []string{"orders", "images.files"}
	for _, n := range names {
		if err := r.db.CreateCollection(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.e.IndexIDs(ctx, "storefront"); err != nil {
		t.Fatal(err)
	}
	plans, err := r.e.IDPlans(ctx, "storefront")
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) < len(names)+1 { // and the products, which start made
		t.Fatalf("%d tables, want one per collection (%d): %v", len(plans), len(names), plans)
	}
	for table, plan := range plans {
		if !strings.Contains(plan, "USING INDEX "+table+idIndexSuffix) {
			t.Errorf("FerretDB's look-up by _id in %s: %q, want a search of %s", table, plan, table+idIndexSuffix)
		}
	}
}
