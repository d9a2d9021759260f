package mongodb

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// TestSpecs_StoredPackedOnlyOnTheEmbeddedStore: the embedded store keeps a
// product's specifications in one binary value, MongoDB as DESIGN's array
// of documents; each reads back what was written, through an edit and a
// stock change too, and a document in the other form (a backup moved
// between the stores) reads back the same.
func TestSpecs_StoredPackedOnlyOnTheEmbeddedStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openAny(t)
	specs := []shop.Spec{{Name: "Power", Value: "60", Unit: "kVA"}, {Name: "Fuel", Value: "Diesel"}, {Name: "Weight", Value: "1 250", Unit: "kg"}}
	d := shop.ProductDraft{Name: "Standby Generator G60", Price: 1450000, Description: "A generator.", Available: 5, Minimum: 1,
		Email: "ops@example.com", Specs: specs}
	id, err := s.InsertProduct(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	stored := func() bson.RawValue {
		t.Helper()
		raw, err := s.db.Collection(CollProducts).FindOne(ctx, bson.D{{Key: "_id", Value: mustID(t, id)}}).Raw()
		if err != nil {
			t.Fatal(err)
		}
		return raw.Lookup("specs")
	}
	want := bson.TypeArray
	if s.Embedded() {
		want = bson.TypeBinary
	}
	if got := stored().Type; got != want {
		t.Fatalf("specs stored as %s, want %s", got, want)
	}
	check := func(when string, want []shop.Spec) {
		t.Helper()
		var doc mirror.Product
		if err := s.db.Collection(CollProducts).FindOne(ctx, bson.D{{Key: "_id", Value: mustID(t, id)}}).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		if got := doc.Specs.All(); !slices.Equal(got, mirror.Specs(want).All()) {
			t.Fatalf("%s: the stored specs read %+v, want %+v", when, got, want)
		}
		p, err := s.FindProduct(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(p.Specs, want) && !(len(p.Specs) == 0 && len(want) == 0) {
			t.Fatalf("%s: FindProduct's specs %+v, want %+v", when, p.Specs, want)
		}
	}
	check("inserted", specs)

	// A stock change rewrites the document: the specs stay.
	if err := s.ReserveStock(ctx, id, s.NewOrderID(), 1); err != nil {
		t.Fatal(err)
	}
	check("after a stock change", specs)

	// An edit with other specs, then with none.
	edit := func(specs []shop.Spec) {
		t.Helper()
		read, err := s.FindProduct(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		d.Specs = specs
		if res, err := s.ReplaceProduct(ctx, read, d); err != nil || res.ModifiedCount != 1 {
			t.Fatalf("edit: %+v, %v", res, err)
		}
	}
	edit(specs[:1])
	check("edited", specs[:1])
	edit(nil)
	if got := stored().Type; got != bson.TypeNull {
		t.Fatalf("no specs stored as %s, want null", got)
	}
	check("edited to none", nil)

	// The other store's form, written raw, reads back the same.
	other, err := packSpecs(mirror.Specs(specs).All())
	if err != nil {
		t.Fatal(err)
	}
	var value any = other
	if s.Embedded() {
		value = bson.A{bson.D{{Key: "name", Value: "Power"}, {Key: "value", Value: "60"}, {Key: "unit", Value: "kVA"}},
			bson.D{{Key: "name", Value: "Fuel"}, {Key: "value", Value: "Diesel"}},
			bson.D{{Key: "name", Value: "Weight"}, {Key: "value", Value: "1 250"}, {Key: "unit", Value: "kg"}}}
	}
	if _, err := s.db.Collection(CollProducts).UpdateOne(ctx, bson.D{{Key: "_id", Value: mustID(t, id)}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "specs", Value: value}}}}); err != nil {
		t.Fatal(err)
	}
	var doc mirror.Product
	if err := s.db.Collection(CollProducts).FindOne(ctx, bson.D{{Key: "_id", Value: mustID(t, id)}}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if got := doc.Specs.All(); !slices.Equal(got, mirror.Specs(specs).All()) {
		t.Fatalf("the other store's form reads %+v, want %+v", got, specs)
	}

	// A backup's check reads either form (a backup of the embedded store
	// holds packed specs).
	for _, form := range []any{other, value} {
		raw, err := bson.Marshal(bson.D{{Key: "_id", Value: mustID(t, id)}, {Key: "name", Value: d.Name}, {Key: "specs", Value: form}})
		if err != nil {
			t.Fatal(err)
		}
		if err := DecodeStored(CollProducts, raw); err != nil {
			t.Fatalf("a backup's product with specs as %T: %v", form, err)
		}
		// A restore writes it in this store's form, the rest as it was.
		restored, err := s.InStoredForm(CollProducts, raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := restored.Lookup("specs").Type; got != want {
			t.Fatalf("a backup's specs as %T restore as %s, want %s", form, got, want)
		}
		var back mirror.Product
		dec := bson.NewDecoder(bson.NewDocumentReader(bytes.NewReader(restored)))
		dec.SetRegistry(registry(false))
		if err := dec.Decode(&back); err != nil {
			t.Fatal(err)
		}
		if back.Name != d.Name || !slices.Equal(back.Specs.All(), mirror.Specs(specs).All()) {
			t.Fatalf("restored from %T: %q %+v", form, back.Name, back.Specs)
		}
		if keys, _ := restored.Elements(); len(keys) != 3 || keys[0].Key() != "_id" || keys[2].Key() != "specs" {
			t.Fatalf("restored from %T: %v", form, restored)
		}
	}
}

func mustID(t *testing.T, id string) mirror.ID {
	t.Helper()
	oid, err := objectID(id)
	if err != nil {
		t.Fatal(err)
	}
	return oid
}
