package mongodb

import (
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
)

// The documents' ids are mirror.IDs, which must be stored and read as the
// driver's ObjectIDs exactly.
func TestID_IsStoredAsAnObjectID(t *testing.T) {
	t.Parallel()
	oid := bson.NewObjectID()
	type withID struct {
		ID    mirror.ID   `bson:"_id,omitempty"`
		Other mirror.ID   `bson:"other,omitempty"`
		List  []mirror.ID `bson:"list"`
	}
	raw, err := bson.Marshal(withID{ID: mirror.ID(oid), List: []mirror.ID{mirror.ID(oid)}})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := bson.Marshal(bson.D{{Key: "_id", Value: oid}, {Key: "list", Value: bson.A{oid}}})
	if string(raw) != string(want) {
		t.Fatalf("stored as %v, want %v", bson.Raw(raw), bson.Raw(want))
	}
	var back withID
	if err := bson.Unmarshal(raw, &back); err != nil || back.ID != mirror.ID(oid) || !back.Other.IsZero() || back.ID.Hex() != oid.Hex() {
		t.Fatalf("read back %+v, %v", back, err)
	}
	for _, v := range []any{nil, oid.Hex()} {
		raw, _ := bson.Marshal(bson.D{{Key: "other", Value: v}})
		var d withID
		if err := bson.Unmarshal(raw, &d); err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		want := mirror.ID(oid)
		if v == nil {
			want = mirror.ID{}
		}
		if d.Other != want {
			t.Fatalf("%v read as %v", v, d.Other)
		}
	}
	if idText := mirror.IDText(mirror.ID(oid)); idText != oid.Hex() {
		t.Fatalf("IDText = %s", idText)
	}
}
