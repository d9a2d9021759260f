package mongodb

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// TestQueries_StaticIndexes checks each query of the queries table against
// the keys of the MongoDB index it names, without a MongoDB (the wire
// server's explain does not show MongoDB's plans; the GitHub workflow's
// MongoDB job runs TestQueries' check of the winning plan): the index is
// used (its first key is tested by the filter, or it gives the sort), and
// the sort is the index's order (the keys after those the filter tests for
// equality, all in the index's direction or all reversed), so that no sort
// happens in memory. Fields the index does not hold are tested on the
// documents the index found (issue 46: every query of the large bench has
// its index).
func TestQueries_StaticIndexes(t *testing.T) {
	t.Parallel()
	for _, q := range queries {
		t.Run(q.path, func(t *testing.T) {
			keys := bson.D{{Key: "_id", Value: 1}}
			if q.index != "_id_" {
				i := slices.IndexFunc(indexes[q.collection], func(m indexModel) bool { return indexName(m) == q.index })
				if i < 0 {
					t.Fatalf("%s has no index %q", q.collection, q.index)
				}
				keys = indexes[q.collection][i].Keys.(bson.D)
			}
			if err := servedBy(q.filter, q.sort, keys); err != nil {
				t.Fatalf("%s %v: %v", q.index, keys, err)
			}
		})
	}
	// The check itself refuses what no index serves.
	for _, c := range []struct {
		filter, sort, keys bson.D
	}{
		{bson.D{{Key: "email", Value: "a@b.test"}}, nil, bson.D{{Key: "createdAt", Value: -1}}},                                                 // not used
		{bson.D{}, bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: -1}}, bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}}, // mixed directions
		{bson.D{{Key: "email", Value: "a"}}, bson.D{{Key: "price", Value: 1}}, bson.D{{Key: "email", Value: 1}, {Key: "createdAt", Value: 1}}},  // sorted in memory
	} {
		if servedBy(c.filter, c.sort, c.keys) == nil {
			t.Errorf("%v sorted by %v is said to be served by %v", c.filter, c.sort, c.keys)
		}
	}
}

// servedBy says why the index of keys does not serve filter and sort, or nil.
func servedBy(filter, sort bson.D, keys bson.D) error {
	equal, ranged := map[string]bool{}, map[string]bool{}
	if err := filterFields(filter, equal, ranged); err != nil {
		return err
	}
	// the keys the filter tests for equality, from the first
	n := 0
	for n < len(keys) && equal[keys[n].Key] {
		n++
	}
	// a sort key the filter fixes orders nothing
	var order bson.D
	for _, s := range sort {
		if !equal[s.Key] {
			order = append(order, s)
		}
	}
	if len(order) > 0 {
		rest := keys[n:]
		if len(order) > len(rest) {
			return fmt.Errorf("the sort %v is not the index's order after the keys the filter fixes, %v", sort, rest)
		}
		dir := 0
		for i, s := range order {
			if s.Key != rest[i].Key {
				return fmt.Errorf("the sort %v is not the index's order after the keys the filter fixes, %v", sort, rest)
			}
			d := sign(s.Value) * sign(rest[i].Value)
			if dir == 0 {
				dir = d
			} else if d != dir {
				return fmt.Errorf("the sort %v mixes the index's directions %v", sort, rest)
			}
		}
		return nil
	}
	if first := keys[0].Key; !equal[first] && !ranged[first] {
		return fmt.Errorf("the filter %v does not test the index's first key %s, and there is no sort it gives", filter, first)
	}
	return nil
}

func sign(v any) int {
	switch n := v.(type) {
	case int:
		return map[bool]int{true: 1, false: -1}[n > 0]
	case int32:
		return map[bool]int{true: 1, false: -1}[n > 0]
	case int64:
		return map[bool]int{true: 1, false: -1}[n > 0]
	}
	return 0
}

// filterFields sorts the fields filter tests into equal and ranged (an
// operator other than $eq and $in).
func filterFields(filter bson.D, equal, ranged map[string]bool) error {
	for _, e := range filter {
		switch e.Key {
		case "$and", "$or":
			branches, ok := e.Value.(bson.A)
			if !ok {
				return fmt.Errorf("%s of %T", e.Key, e.Value)
			}
			for _, b := range branches {
				d, ok := b.(bson.D)
				if !ok {
					return fmt.Errorf("%s branch of %T", e.Key, b)
				}
				if err := filterFields(d, equal, ranged); err != nil {
					return err
				}
			}
			continue
		}
		if e.Key == "$expr" {
			continue // tested on the documents found
		}
		if strings.HasPrefix(e.Key, "$") {
			return fmt.Errorf("the operator %s cannot be checked against keys", e.Key)
		}
		ops, isOps := e.Value.(bson.D)
		if !isOps || len(ops) == 0 || !strings.HasPrefix(ops[0].Key, "$") {
			equal[e.Key] = true
			continue
		}
		for _, op := range ops {
			switch op.Key {
			case "$eq", "$in":
				equal[e.Key] = true
			case "$exists":
				if op.Value == false {
					equal[e.Key] = true // null in the index: one point
				} else {
					ranged[e.Key] = true
				}
			default:
				ranged[e.Key] = true
			}
		}
	}
	return nil
}
