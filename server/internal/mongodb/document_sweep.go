package mongodb

import (
	"context"
	"errors"
	"fmt"
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
	exists := map[mirror.ID]bool{}
	var orphans []mirror.ID
	err = s.eachDocumentFile(ctx, func(id, product mirror.ID, uploaded time.Time) error {
		exists[id] = true
		if uploaded.After(cutoff) {
			return nil
		}
		p, err := s.products.get(ctx, product)
		switch {
		case shop.ErrorCode(err) == shop.ENOTFOUND:
		case err != nil:
			return err
		case slices.ContainsFunc(p.Documents, func(d mirror.DocumentRef) bool { return d.ID == id }):
			return nil
		}
		orphans = append(orphans, id)
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	for _, id := range orphans {
		f, err := s.documentFile(ctx, id) // whole: its chunks go with it
		switch {
		case shop.ErrorCode(err) == shop.ENOTFOUND:
			continue
		case err != nil:
			return files, chunks, err
		}
		s.dropDocument(ctx, f)
		files++
	}
	// Chunks whose file was never written: their _id's time is their age.
	var stray [][2]mirror.ID // the chunk's id, its file's
	err = s.eachDocumentChunk(ctx, func(id, file mirror.ID) error {
		if !exists[file] && !bson.ObjectID(id).Timestamp().After(cutoff) {
			stray = append(stray, [2]mirror.ID{id, file})
		}
		return nil
	})
	if err != nil {
		return files, chunks, err
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

// eachDocumentFile calls fn with each stored document file's _id, product
// and upload time; eachDocumentChunk with each chunk's _id and file's. The
// embedded store reads these fields alone with SQLite
// (embedded.Server.ScanFields): FerretDB decodes every document whole for
// any read but one by _id, a minute of both cores for the large
// catalogue's 300,000 files and chunks, an hour after each start (issue
// 46). MongoDB reads them projected.
func (s *Store) eachDocumentFile(ctx context.Context, fn func(id, product mirror.ID, uploaded time.Time) error) error {
	if s.embedded != nil {
		return s.embedded.ScanFields(ctx, s.dbName, collDocumentFiles, []string{"_id", "metadata.productId", "uploadDate"}, func(v []any) error {
			id, err1 := scannedID(v[0])
			product, err2 := scannedID(v[1])
			ms, ok := v[2].(int64)
			if err := errors.Join(err1, err2); err != nil || !ok {
				return fmt.Errorf("a document file as stored (%v): %w", v, err)
			}
			return fn(id, product, time.UnixMilli(ms))
		})
	}
	cur, err := s.db.Collection(collDocumentFiles).Find(ctx, bson.D{}, options.Find().SetProjection(bson.D{
		{Key: "_id", Value: 1}, {Key: "metadata.productId", Value: 1}, {Key: "uploadDate", Value: 1}}))
	if err != nil {
		return translate(err, "")
	}
	defer func() { _ = cur.Close(ctx) }()
	for cur.Next(ctx) {
		var f documentFileDoc
		if err := cur.Decode(&f); err != nil {
			return translate(err, "")
		}
		if err := fn(f.ID, f.Metadata.Product, f.UploadDate); err != nil {
			return err
		}
	}
	return translate(cur.Err(), "")
}

func (s *Store) eachDocumentChunk(ctx context.Context, fn func(id, file mirror.ID) error) error {
	if s.embedded != nil {
		return s.embedded.ScanFields(ctx, s.dbName, collDocumentChunks, []string{"_id", "files_id"}, func(v []any) error {
			id, err1 := scannedID(v[0])
			file, err2 := scannedID(v[1])
			if err := errors.Join(err1, err2); err != nil {
				return fmt.Errorf("a document chunk as stored (%v): %w", v, err)
			}
			return fn(id, file)
		})
	}
	cur, err := s.db.Collection(collDocumentChunks).Find(ctx, bson.D{}, options.Find().SetProjection(bson.D{{Key: "files_id", Value: 1}}))
	if err != nil {
		return translate(err, "")
	}
	defer func() { _ = cur.Close(ctx) }()
	for cur.Next(ctx) {
		var c struct {
			ID      mirror.ID `bson:"_id"`
			FilesID mirror.ID `bson:"files_id"`
		}
		if err := cur.Decode(&c); err != nil {
			return translate(err, "")
		}
		if err := fn(c.ID, c.FilesID); err != nil {
			return err
		}
	}
	return translate(cur.Err(), "")
}

// scannedID is an ObjectID as embedded.Server.ScanFields reads it.
func scannedID(v any) (mirror.ID, error) {
	hex, ok := v.(string)
	if !ok {
		return mirror.ID{}, fmt.Errorf("%v is not an ObjectID", v)
	}
	return idFromHex(hex)
}
