package embedded

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
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

// ScanFields reads FerretDB's stored form: an ObjectID as its hex digits,
// a date as milliseconds, nested fields by path, a missing one as nil, and
// a collection FerretDB has not made as nothing.
func TestScanFields_ReadsFerretDBsForm(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := mustStart(t, t.TempDir())
	defer r.stop()
	id, product := bson.NewObjectID(), bson.NewObjectID()
	at := time.Date(2026, 11, 28, 7, 0, 0, 123e6, time.UTC)
	docs := []any{
		bson.D{{Key: "_id", Value: id}, {Key: "uploadDate", Value: at}, {Key: "n", Value: int64(7)},
			{Key: "metadata", Value: bson.D{{Key: "productId", Value: product}, {Key: "sha256", Value: "abc"}}}},
		bson.D{{Key: "_id", Value: "a string"}},
	}
	if _, err := r.db.Collection("documents.files").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	var got [][]any
	err := r.e.ScanFields(ctx, "storefront", "documents.files", []string{"_id", "uploadDate", "metadata.productId", "metadata.sha256", "n"}, func(vals []any) error {
		got = append(got, slices.Clone(vals))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(got, func(a, b []any) int { return strings.Compare(a[0].(string), b[0].(string)) })
	want := [][]any{
		{id.Hex(), at.UnixMilli(), product.Hex(), "abc", int64(7)},
		{"a string", nil, nil, nil, nil},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ScanFields read %v, want %v", got, want)
	}
	if err := r.e.ScanFields(ctx, "storefront", "nothing.yet", []string{"_id"}, func([]any) error { t.Fatal("a row of no table"); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := r.e.ScanFields(ctx, "storefront", "documents.files", []string{"a'b"}, func([]any) error { return nil }); err == nil {
		t.Fatal("a path with a quote was read")
	}
}
