package mongodb

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.ImageStore = (*Store)(nil)

// Pictures are kept in GridFS's layout (bucket `images`), so that the
// driver's GridFS, mongofiles and mongodump/mongorestore read them. Each is
// written as one chunk whose _id is the file's _id: reading it is then one
// _id look-up, where GridFS's own read (chunks by files_id and n) is a scan
// of every chunk on the embedded store. Pictures stored before this layout
// have driver-made chunks: with MONGODB_URI they are read the GridFS way
// (indexed); on the embedded store, by the chunk ids that start-up reads
// once into memory (legacyChunks), each by _id.

type imageChunkDoc struct {
	ID      mirror.ID `bson:"_id"`
	FilesID mirror.ID `bson:"files_id"`
	N       int32     `bson:"n"`
	Data    []byte    `bson:"data"`
}

// PutImage stores data unless the same bytes are already there. The caller
// has checked that data is an image of contentType.
func (s *Store) PutImage(ctx context.Context, data []byte, contentType, filename string) (shop.Image, error) {
	sum := sha256.Sum256(data)
	digest := hex.EncodeToString(sum[:])
	var img shop.Image
	err := s.imageFiles.mutate(ctx, nil, func(ctx context.Context, w *mirror.Writing) error {
		existing, err := s.imageBySHA256(ctx, digest)
		if err == nil {
			img = existing.Shop()
			return nil
		}
		if shop.ErrorCode(err) != shop.ENOTFOUND {
			return err
		}
		id := newID()
		// The chunk first: a crash in between leaves bytes nobody refers to,
		// never a file without its bytes.
		chunk := imageChunkDoc{ID: id, FilesID: id, N: 0, Data: data}
		if _, err := s.imageChunks.c.InsertOne(ctx, chunk); err != nil {
			return err
		}
		file := mirror.ImageFile{ID: id, Length: int64(len(data)), ChunkSize: int64(max(len(data), 1)), UploadDate: s.now(), Filename: filename,
			Metadata: mirror.ImageMeta{ContentType: contentType, SHA256: digest}}
		w.Touch(id)
		if _, err := s.imageFiles.c.InsertOne(ctx, file); w.Stored(err) != nil {
			if isDuplicate(err) && s.imageFiles.mem == nil {
				// Another instance stored the same bytes a moment ago (the
				// unique digest refused ours): its picture is the one.
				_, _ = s.imageChunks.c.DeleteOne(context.WithoutCancel(ctx), bson.D{{Key: "_id", Value: id}})
				existing, ferr := s.imageBySHA256(ctx, digest)
				if ferr != nil {
					return ferr
				}
				img = existing.Shop()
				return nil
			}
			return w.Err()
		}
		if err := s.imageFiles.remember(file); err != nil {
			return err
		}
		img = file.Shop()
		return nil
	})
	return img, translate(err, "")
}

func (s *Store) imageBySHA256(ctx context.Context, digest string) (mirror.ImageFile, error) {
	return s.imageFiles.getBy(ctx, "sha256", digest, bson.D{{Key: "metadata.sha256", Value: digest}})
}

// FindImageBySHA256 returns the image whose bytes have this hex digest.
func (s *Store) FindImageBySHA256(ctx context.Context, digest string) (shop.Image, error) {
	d, err := s.imageBySHA256(ctx, digest)
	return d.Shop(), err
}

// OpenImage returns an image's metadata and a reader of its bytes.
func (s *Store) OpenImage(ctx context.Context, id string) (shop.Image, io.ReadCloser, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Image{}, nil, err
	}
	file, err := s.imageFiles.get(ctx, oid)
	if err != nil {
		return shop.Image{}, nil, err
	}
	if file.ChunkSize == file.Length {
		chunk, err := s.imageChunks.findOne(ctx, bson.D{{Key: "_id", Value: oid}})
		switch {
		case err == nil && chunk.FilesID == oid && chunk.N == 0 && int64(len(chunk.Data)) == file.Length:
			return file.Shop(), io.NopCloser(bytes.NewReader(chunk.Data)), nil
		case err != nil && shop.ErrorCode(err) != shop.ENOTFOUND:
			return shop.Image{}, nil, err
		}
	}
	if ids, ok := s.legacyChunks[oid]; ok {
		data := make([]byte, 0, file.Length)
		for _, id := range ids {
			chunk, err := s.imageChunks.findOne(ctx, bson.D{{Key: "_id", Value: id}})
			if err != nil {
				return shop.Image{}, nil, err
			}
			data = append(data, chunk.Data...)
		}
		if int64(len(data)) != file.Length {
			return shop.Image{}, nil, fmt.Errorf("picture %s: %d of %d bytes in its chunks", id, len(data), file.Length)
		}
		return file.Shop(), io.NopCloser(bytes.NewReader(data)), nil
	}
	// GridFS's read: chunks by files_id and n.
	bucket := s.db.GridFSBucket(options.GridFSBucket().SetName(CollImages))
	ds, err := bucket.OpenDownloadStream(ctx, oid)
	if err != nil {
		return shop.Image{}, nil, translate(err, "The image")
	}
	return file.Shop(), ds, nil
}

// indexLegacyChunks reads, once at start, the chunk ids of the pictures
// stored before the one-chunk layout (embedded store only, and only when
// there are any): a scan of the chunks, so that serving them is not one.
func (s *Store) indexLegacyChunks(ctx context.Context) error {
	legacy := map[mirror.ID]bool{}
	s.imageFiles.mem.Mem.Each(func(f *mirror.ImageFile) {
		if f.ChunkSize != f.Length {
			legacy[f.ID] = true
		}
	})
	if len(legacy) == 0 {
		return nil
	}
	cur, err := s.imageChunks.c.Find(ctx, bson.D{}, options.Find().SetProjection(bson.D{{Key: "files_id", Value: 1}, {Key: "n", Value: 1}}))
	if err != nil {
		return translate(err, "")
	}
	var chunks []imageChunkDoc
	if err := cur.All(ctx, &chunks); err != nil {
		return translate(err, "")
	}
	slices.SortFunc(chunks, func(a, b imageChunkDoc) int { return cmp.Compare(a.N, b.N) })
	s.legacyChunks = map[mirror.ID][]mirror.ID{}
	for _, c := range chunks {
		if legacy[c.FilesID] {
			s.legacyChunks[c.FilesID] = append(s.legacyChunks[c.FilesID], c.ID)
		}
	}
	return nil
}

// CountImages returns the number of stored images.
func (s *Store) CountImages(ctx context.Context) (int64, error) {
	return s.imageFiles.count(ctx)
}
