package mongodb

import (
	"context"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/shop"
)

// The pictures referred to are found in every collection: in an e-mail's
// HTML (which the outbox's mirror does not hold), in a collection nothing
// mirrors or knows of (a field added later), in escaped and nested
// strings; never in the bytes of documents and invoices.
func TestReferencedImages_EveryStringOfEveryCollection(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openAny(t)
	id := func() string { return newID().Hex() }
	inMail, inLater, inNested, inBytes := id(), id(), id(), id()
	if _, err := s.InsertMail(ctx, shop.Mail{Kind: "welcome", To: "ann@shop.test", Subject: "Hello",
		Text: "Welcome", HTML: `<p>"Welcome" &amp; <img src="http://shop.test/images/` + inMail + `"></p>`}); err != nil {
		t.Fatal(err)
	}
	later := bson.D{{Key: "note", Value: "see /images/" + inLater}, {Key: "deep", Value: bson.D{{Key: "list", Value: bson.A{"x", "http://shop.test/images/" + inNested}}}}}
	chunk := bson.D{{Key: "files_id", Value: newID()}, {Key: "n", Value: 0}, {Key: "data", Value: bson.Binary{Data: []byte("/images/" + inBytes)}}}
	for coll, doc := range map[string]bson.D{"added_later": later, collDocumentChunks: chunk} {
		if err := s.write(ctx, coll, func(ctx context.Context) error {
			_, err := s.db.Collection(coll).InsertOne(ctx, doc)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	refs, err := s.ReferencedImages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for what, id := range map[string]string{"an e-mail's HTML": inMail, "a collection added later": inLater, "a nested array": inNested} {
		if !refs[id] {
			t.Errorf("the picture in %s was not found", what)
		}
	}
	if refs[inBytes] {
		t.Error("a chunk's bytes were read as a reference")
	}
}
