package mongodb

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// Issue 48: bytes a crash left unlisted (between the bytes and the $push,
// or the $pull and the delete), a deleted product's, and chunks whose file
// was never written are deleted once older than the cutoff; listed
// documents and recent bytes stay.
func TestSweepOrphanDocuments(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openAny(t)
	pdf := []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 >>\nstartxref\n0\n%%EOF\n")
	id, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Sweep Excavator", Price: 100, Image: "http://shop.test/images/0123456789abcdef01234567",
		Description: "A machine.", Available: 1, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	put := func(name string) shop.Document {
		t.Helper()
		d, err := s.PutDocument(ctx, id, shop.DocumentInput{Name: name, Kind: "manual", Filename: name + ".pdf"}, pdf)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	kept, unlisted := put("Kept"), put("Unlisted")
	// A crash between the $pull and the delete: the product no longer lists it.
	// (The element pulled whole, as DeleteDocument does: FerretDB over the wire pulls no element by a condition.)
	cur, err := s.products.get(ctx, mustOID(id))
	if err != nil || len(cur.Documents) != 2 || cur.Documents[1].ID != mustOID(unlisted.ID) {
		t.Fatalf("the product's documents: %+v (%v)", cur.Documents, err)
	}
	pull := bson.D{{Key: "$pull", Value: bson.D{{Key: "documents", Value: cur.Documents[1]}}}}
	if _, err := s.products.update(ctx, mustOID(id), guard[mirror.Product]{apply: func(p mirror.Product) (bson.D, mirror.Product) {
		p.Documents = p.Documents[:1]
		return pull, p
	}}, pull); err != nil {
		t.Fatal(err)
	}
	// A crash between the chunks and the file: a chunk no file names.
	strayFile := newID()
	if err := s.write(ctx, collDocumentChunks, func(ctx context.Context) error {
		_, err := s.db.Collection(collDocumentChunks).InsertOne(ctx, imageChunkDoc{ID: strayFile, FilesID: strayFile, N: 0, Data: pdf})
		return err
	}); err != nil {
		t.Fatal(err)
	}

	// Too recent: nothing goes.
	if files, chunks, err := s.SweepOrphanDocuments(ctx, time.Now().Add(-DocumentOrphanAfter)); err != nil || files != 0 || chunks != 0 {
		t.Fatalf("a sweep of recent bytes deleted %d files, %d chunks (%v)", files, chunks, err)
	}
	files, chunks, err := s.SweepOrphanDocuments(ctx, time.Now().Add(time.Minute))
	if err != nil || files != 1 || chunks != 1 {
		t.Fatalf("the sweep deleted %d files, %d chunks (%v), want 1 and 1", files, chunks, err)
	}
	if _, _, err := s.OpenDocument(ctx, unlisted.ID); shop.ErrorCode(err) != shop.ENOTFOUND {
		t.Fatalf("the unlisted document is still there: %v", err)
	}
	if _, r, err := s.OpenDocument(ctx, kept.ID); err != nil {
		t.Fatalf("the listed document was swept: %v", err)
	} else {
		_ = r.Close()
	}
	if n, _ := s.db.Collection(collDocumentChunks).CountDocuments(ctx, bson.D{{Key: "_id", Value: strayFile}}); n != 0 {
		t.Fatal("the stray chunk is still there")
	}
	// A deleted product's bytes left behind (its delete's second step failed) go too.
	if _, err := s.products.remove(ctx, mustOID(id), guard[mirror.Product]{}); err != nil {
		t.Fatal(err)
	}
	if files, _, err := s.SweepOrphanDocuments(ctx, time.Now().Add(time.Minute)); err != nil || files != 1 {
		t.Fatalf("a gone product's document: %d files (%v)", files, err)
	}
}
