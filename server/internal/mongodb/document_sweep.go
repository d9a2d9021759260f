package mongodb

import (
	"context"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// DocumentOrphanAfter is how old a document's bytes must be before the
// sweep may delete them when nothing lists them: an upload stores the bytes
// and then lists them within its request, so bytes older than this that
// no product lists were left by a crash between the two steps (or between
// a removal's unlisting and its delete).
const DocumentOrphanAfter = time.Hour

// SweepOrphanDocuments deletes the documents' bytes (issue 48) that were
// stored at or before cutoff and that their product does not list (the
// product gone, or a crash between the bytes and the $push, or between
// the $pull and the delete), and the chunks of at least that age whose
// file does not exist (a crash between the chunks and the file). A sweep,
// not a request path: it reads every file's metadata, and the chunks'
// file ids. It answers how many files and chunks it deleted.
func (s *Store) SweepOrphanDocuments(ctx context.Context, cutoff time.Time) (files, chunks int, err error) {
	cur, err := s.db.Collection(collDocumentFiles).Find(ctx, bson.D{})
	if err != nil {
		return 0, 0, translate(err, "")
	}
	var all []documentFileDoc
	err = cur.All(ctx, &all)
	if err != nil {
		return 0, 0, translate(err, "")
	}
	exists := make(map[mirror.ID]bool, len(all))
	for _, f := range all {
		exists[f.ID] = true
		if f.UploadDate.After(cutoff) {
			continue
		}
		p, err := s.products.get(ctx, f.Metadata.Product)
		switch {
		case shop.ErrorCode(err) == shop.ENOTFOUND:
		case err != nil:
			return files, chunks, err
		case slices.ContainsFunc(p.Documents, func(d mirror.DocumentRef) bool { return d.ID == f.ID }):
			continue
		}
		s.dropDocument(ctx, f)
		files++
	}
	// Chunks whose file was never written: their _id's time is their age.
	cur, err = s.db.Collection(collDocumentChunks).Find(ctx, bson.D{}, options.Find().SetProjection(bson.D{{Key: "files_id", Value: 1}}))
	if err != nil {
		return files, chunks, translate(err, "")
	}
	defer func() { _ = cur.Close(ctx) }()
	var stray [][2]mirror.ID // the chunk's id, its file's
	for cur.Next(ctx) {
		var c struct {
			ID      mirror.ID `bson:"_id"`
			FilesID mirror.ID `bson:"files_id"`
		}
		if err := cur.Decode(&c); err != nil {
			return files, chunks, translate(err, "")
		}
		if !exists[c.FilesID] && !bson.ObjectID(c.ID).Timestamp().After(cutoff) {
			stray = append(stray, [2]mirror.ID{c.ID, c.FilesID})
		}
	}
	if err := cur.Err(); err != nil {
		return files, chunks, translate(err, "")
	}
	for _, c := range stray {
		id := c[0]
		if _, err := s.documentFile(ctx, c[1]); err == nil { // (its file written since, after all)
			continue
		}
		err := s.write(ctx, collDocumentChunks, func(ctx context.Context) error {
			_, err := s.db.Collection(collDocumentChunks).DeleteOne(ctx, bson.D{{Key: "_id", Value: id}})
			return err
		})
		if err != nil {
			return files, chunks, translate(err, "")
		}
		chunks++
	}
	return files, chunks, nil
}
