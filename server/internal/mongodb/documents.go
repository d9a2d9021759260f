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
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var (
	_ shop.DocumentStore = (*Store)(nil)
	_ shop.PartsStore    = (*Store)(nil)
)

// Issue 48: products' documents are kept in GridFS's layout (bucket
// `documents`, so mongofiles, mongodump and the backup read them), in
// chunks of documentChunkBytes: a 20 MB PDF does not fit one 16 MB
// document. The first chunk's _id is the file's; the file lists the
// others' ids (metadata.chunks), so reading one is a few _id look-ups,
// never the chunks' scan by files_id that GridFS's own read is on the
// embedded store. The product lists its documents ({_id, name, kind,
// size}); a document is stored first and then listed, and unlisted first
// and then deleted, so a crash between leaves bytes nothing lists, never a
// listed document without bytes.
const (
	collDocumentFiles  = "documents.files"
	collDocumentChunks = "documents.chunks"
	documentChunkBytes = 4 << 20
)

type documentFileDoc struct {
	ID         mirror.ID        `bson:"_id"`
	Length     int64            `bson:"length"`
	ChunkSize  int64            `bson:"chunkSize"`
	UploadDate time.Time        `bson:"uploadDate"`
	Filename   string           `bson:"filename"`
	Metadata   documentFileMeta `bson:"metadata"`
}

type documentFileMeta struct {
	ContentType string      `bson:"contentType"`
	SHA256      string      `bson:"sha256"`
	Product     mirror.ID   `bson:"productId"`
	Chunks      []mirror.ID `bson:"chunks"` // every chunk's _id, in order (the first is the file's)
}

func (d documentFileDoc) shop() shop.StoredDocument {
	return shop.StoredDocument{ID: d.ID.Hex(), ProductID: d.Metadata.Product.Hex(), Filename: d.Filename, SHA256: d.Metadata.SHA256,
		Size: d.Length, UploadedAt: d.UploadDate.UTC()}
}

// PutDocument stores the bytes, then lists the document on the product by
// one guarded write (at most shop.MaxDocuments); when that is refused the
// bytes are deleted again.
func (s *Store) PutDocument(ctx context.Context, productID string, in shop.DocumentInput, data []byte) (shop.Document, error) {
	pid, err := objectID(productID)
	if err != nil {
		return shop.Document{}, err
	}
	if _, err := s.products.get(ctx, pid); err != nil {
		return shop.Document{}, err
	}
	sum := sha256.Sum256(data)
	id := newID()
	file := documentFileDoc{ID: id, Length: int64(len(data)), ChunkSize: documentChunkBytes, UploadDate: s.now().Truncate(time.Millisecond),
		Filename: in.Filename, Metadata: documentFileMeta{ContentType: "application/pdf", SHA256: hex.EncodeToString(sum[:]), Product: pid}}
	files, chunks := s.db.Collection(collDocumentFiles), s.db.Collection(collDocumentChunks)
	// The chunks, then the file: a crash in between leaves chunks no file names.
	for n, off := 0, 0; off < len(data) || n == 0; n, off = n+1, off+documentChunkBytes {
		cid := id
		if n > 0 {
			cid = newID()
		}
		chunk := imageChunkDoc{ID: cid, FilesID: id, N: int32(n), Data: data[off:min(off+documentChunkBytes, len(data))]}
		err := s.write(ctx, collDocumentChunks, func(ctx context.Context) error {
			_, err := chunks.InsertOne(ctx, chunk)
			return err
		})
		if err != nil {
			s.dropDocument(ctx, file)
			return shop.Document{}, translate(err, "")
		}
		file.Metadata.Chunks = append(file.Metadata.Chunks, cid)
	}
	err = s.write(ctx, collDocumentFiles, func(ctx context.Context) error {
		_, err := files.InsertOne(ctx, file)
		return err
	})
	if err != nil {
		s.dropDocument(ctx, file)
		return shop.Document{}, translate(err, "")
	}
	ref := mirror.DocumentRef{ID: id, Name: in.Name, Kind: in.Kind, Size: int64(len(data)), SHA256: file.Metadata.SHA256}
	push := bson.D{{Key: "$push", Value: bson.D{{Key: "documents", Value: ref}}}}
	_, err = s.products.update(ctx, pid, guard[mirror.Product]{
		filter: bson.D{{Key: fmt.Sprintf("documents.%d", shop.MaxDocuments-1), Value: bson.D{{Key: "$exists", Value: false}}}},
		check:  mirror.CanAddDocument,
		apply: func(p mirror.Product) (bson.D, mirror.Product) {
			p.Documents = append(slices.Clip(p.Documents), ref)
			return push, p
		},
	}, push)
	if err != nil {
		s.dropDocument(ctx, file)
		return shop.Document{}, err
	}
	return shop.Document{ID: id.Hex(), Name: ref.Name, Kind: ref.Kind, Size: ref.Size}, nil
}

// dropDocument deletes a document's file and chunks (those it lists), each
// by _id; a failure is logged (bytes nothing lists).
func (s *Store) dropDocument(ctx context.Context, file documentFileDoc) {
	ctx = context.WithoutCancel(ctx)
	err := s.write(ctx, collDocumentFiles, func(ctx context.Context) error {
		_, err := s.db.Collection(collDocumentFiles).DeleteOne(ctx, bson.D{{Key: "_id", Value: file.ID}})
		return err
	})
	for _, cid := range file.Metadata.Chunks {
		if err != nil {
			break
		}
		err = s.write(ctx, collDocumentChunks, func(ctx context.Context) error {
			_, err := s.db.Collection(collDocumentChunks).DeleteOne(ctx, bson.D{{Key: "_id", Value: cid}})
			return err
		})
	}
	if err != nil {
		s.log.ErrorContext(ctx, "a document's bytes could not be deleted", "document", file.ID.Hex(), "error", err)
	}
}

func (s *Store) documentFile(ctx context.Context, id mirror.ID) (documentFileDoc, error) {
	var file documentFileDoc
	err := s.db.Collection(collDocumentFiles).FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&file)
	return file, translate(err, "The document")
}

// OpenDocument returns a document's file and a reader of its bytes: the
// file and each chunk by _id.
func (s *Store) OpenDocument(ctx context.Context, id string) (shop.StoredDocument, io.ReadCloser, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.StoredDocument{}, nil, err
	}
	file, err := s.documentFile(ctx, oid)
	if err != nil {
		return shop.StoredDocument{}, nil, err
	}
	data := make([]byte, 0, file.Length)
	for n, cid := range file.Metadata.Chunks {
		var chunk imageChunkDoc
		if err := s.db.Collection(collDocumentChunks).FindOne(ctx, bson.D{{Key: "_id", Value: cid}}).Decode(&chunk); err != nil {
			return shop.StoredDocument{}, nil, translate(err, "The document")
		}
		if chunk.FilesID != oid || int(chunk.N) != n {
			return shop.StoredDocument{}, nil, fmt.Errorf("document %s: chunk %d is not its", id, n)
		}
		data = append(data, chunk.Data...)
	}
	if int64(len(data)) != file.Length {
		return shop.StoredDocument{}, nil, fmt.Errorf("document %s: %d of %d bytes in its chunks", id, len(data), file.Length)
	}
	return file.shop(), io.NopCloser(bytes.NewReader(data)), nil
}

// DeleteDocument takes the document off the product by one guarded write,
// then deletes its bytes.
func (s *Store) DeleteDocument(ctx context.Context, productID, docID string) error {
	pid, err := objectID(productID)
	if err != nil {
		return err
	}
	did, err := objectID(docID)
	if err != nil {
		return err
	}
	// $pull of the listed value itself (FerretDB v1 pulls exact values
	// only, not by a condition): the entry as it was stored.
	cur, err := s.products.get(ctx, pid)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(cur.Documents, func(r mirror.DocumentRef) bool { return r.ID == did })
	if i < 0 {
		return shop.Errorf(shop.ENOTFOUND, "The document was not found.")
	}
	pull := bson.D{{Key: "$pull", Value: bson.D{{Key: "documents", Value: cur.Documents[i]}}}}
	_, err = s.products.update(ctx, pid, guard[mirror.Product]{
		filter: bson.D{{Key: "documents._id", Value: did}},
		check:  mirror.HasDocument(did),
		apply: func(p mirror.Product) (bson.D, mirror.Product) {
			p.Documents = slices.DeleteFunc(slices.Clone(p.Documents), func(r mirror.DocumentRef) bool { return r.ID == did })
			return pull, p
		},
	}, pull)
	if err != nil {
		return err
	}
	return s.DeleteDocumentFiles(ctx, []string{docID})
}

// DeleteDocumentFiles deletes these documents' bytes (those already gone
// are skipped).
func (s *Store) DeleteDocumentFiles(ctx context.Context, ids []string) error {
	for _, id := range ids {
		oid, err := objectID(id)
		if err != nil {
			return err
		}
		file, err := s.documentFile(ctx, oid)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			continue
		}
		if err != nil {
			return err
		}
		s.dropDocument(ctx, file)
	}
	return nil
}

// FittedWith lists the products that list id among their parts or
// accessories, in catalogue order: embedded, the mirror's link index;
// MongoDB, the multikey indexes parts and accessories.
func (s *Store) FittedWith(ctx context.Context, id string, skip, limit int) ([]shop.Product, int64, error) {
	oid, err := objectID(id)
	if err != nil {
		return nil, 0, err
	}
	if m := s.products.mem; m != nil {
		if err := m.Await(ctx); err != nil {
			return nil, 0, err
		}
		docs, total := m.Mem.Linked("fittedWith", mirror.LinkKey(oid), func(a, b *mirror.Product) int { return a.CreatedAt.Compare(b.CreatedAt) }, skip, limit)
		return mirror.ShopAll[shop.Product](docs), total, nil
	}
	byID := map[mirror.ID]mirror.Product{}
	for _, field := range []string{"parts", "accessories"} {
		docs, err := s.products.findAll(ctx, bson.D{{Key: field, Value: oid}})
		if err != nil {
			return nil, 0, err
		}
		for _, d := range docs {
			byID[d.ID] = d
		}
	}
	all := make([]mirror.Product, 0, len(byID))
	for _, d := range byID {
		all = append(all, d)
	}
	slices.SortFunc(all, func(a, b mirror.Product) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), mirror.CompareIDs(a.ID, b.ID))
	})
	total := int64(len(all))
	page := all[min(skip, len(all)):min(skip+limit, len(all))]
	return mirror.ShopAll[shop.Product](page), total, nil
}
