package mongodb

import (
	"context"
	"slices"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// TestQueries checks the queries table in indexes.go: each query's MongoDB index is
// declared, and in the mode under test the query is served by it (the
// mirror has the named index; MongoDB's plan uses the index, with neither a
// collection scan nor an in-memory sort).
func TestQueries(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openAny(t)
	for _, q := range queries {
		t.Run(q.path, func(t *testing.T) {
			if q.index != "_id_" && !slices.ContainsFunc(indexes[q.collection], func(m indexModel) bool { return indexName(m) == q.index }) {
				t.Fatalf("%s has no index %q", q.collection, q.index)
			}
			if s.Embedded() {
				m := s.mirrorOf(q.collection)
				switch {
				case q.mirror == "legacy chunk ids":
					// Start-up reads them (TestImages_GridFSLayout), then by _id.
				case m == nil && q.mirror != "":
					t.Fatalf("%s is not mirrored, but the table names mirror index %q", q.collection, q.mirror)
				case m != nil && !m.HasIndex(q.mirror):
					t.Fatalf("the mirror of %s has no index %q", q.collection, q.mirror)
				case m == nil && !hasOnlyID(q.filter):
					t.Fatalf("%s is read by more than _id on the embedded store: %v", q.collection, q.filter)
				}
				return
			}
			if !s.Atomic() {
				// In mongotest's list of tests that need MongoDB itself (this
				// internal test cannot import mongotest): FerretDB explains
				// its own way.
				t.Skip("needs MongoDB's query planner (explain's winning plan and its index)")
			}
			cmd := bson.D{{Key: "find", Value: q.collection}, {Key: "filter", Value: q.filter}}
			if q.sort != nil {
				cmd = append(cmd, bson.E{Key: "sort", Value: q.sort})
			}
			res, err := s.db.RunCommand(ctx, bson.D{{Key: "explain", Value: cmd}, {Key: "verbosity", Value: "queryPlanner"}}).Raw()
			if err != nil {
				t.Fatal(err)
			}
			winning, err := res.LookupErr("queryPlanner", "winningPlan")
			if err != nil {
				t.Fatalf("no winning plan in %s", res)
			}
			plan := strings.ReplaceAll(winning.String(), " ", "")
			if strings.Contains(plan, `"COLLSCAN"`) || q.sort != nil && strings.Contains(plan, `"stage":"SORT"`) {
				t.Fatalf("plan scans or sorts: %s", plan)
			}
			if q.index != "_id_" && !strings.Contains(plan, q.index) {
				t.Fatalf("plan does not use %s: %s", q.index, plan)
			}
		})
	}
}

func hasOnlyID(filter bson.D) bool {
	return len(filter) == 1 && filter[0].Key == "_id"
}

func indexName(m indexModel) string {
	name, _ := optionsName(m)
	return name
}
