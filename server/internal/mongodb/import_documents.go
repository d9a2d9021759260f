package mongodb

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// Issue 48: the import's documents column. A row's PDFs are attached in
// the product's own write: their bytes are stored first, in batches (the
// chunks, then the files, GridFS's layout as PutDocument's), and the
// product's insert or update lists them.

// documentsToAttach answers the row's documents whose bytes the product
// (cur; the zero product when it is new) does not list already.
func (s *Store) documentsToAttach(ctx context.Context, cur mirror.Product, docs []shop.ImportDocument) ([]shop.ImportDocument, error) {
	have := make(map[string]bool, len(cur.Documents))
	for _, r := range cur.Documents {
		sum := r.SHA256
		if sum == "" { // listed before the digest was: its file has it
			file, err := s.documentFile(ctx, r.ID)
			if shop.ErrorCode(err) == shop.ENOTFOUND {
				continue
			}
			if err != nil {
				return nil, err
			}
			sum = file.Metadata.SHA256
		}
		have[sum] = true
	}
	var out []shop.ImportDocument
	for _, d := range docs {
		if !have[d.SHA256] {
			have[d.SHA256] = true
			out = append(out, d)
		}
	}
	return out, nil
}

// documentBatch is the documents one import call attaches: each with the
// product it goes to and where its listing goes.
type documentBatch struct {
	items []documentItem
}

type documentItem struct {
	product mirror.ID
	doc     shop.ImportDocument
	to      *[]mirror.DocumentRef
}

func (b *documentBatch) add(product mirror.ID, docs []shop.ImportDocument, to *[]mirror.DocumentRef) error {
	for _, d := range docs {
		b.items = append(b.items, documentItem{product: product, doc: d, to: to})
	}
	return nil
}

// documentBatchBytes bounds the chunks one insert carries (and so the
// bytes held at once).
const documentBatchBytes = 16 << 20

// storeDocumentBatch stores the batch's documents: each one's bytes read
// and checked again (shop.CheckDocument, the digest the row was checked
// with), the chunks in inserts of at most documentBatchBytes, then the
// files; each listing is appended to its product's.
func (s *Store) storeDocumentBatch(ctx context.Context, b *documentBatch, at time.Time) error {
	if len(b.items) == 0 {
		return nil
	}
	chunks, files := s.db.Collection(collDocumentChunks), s.db.Collection(collDocumentFiles)
	var pending []any
	size := 0
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		err := s.write(ctx, collDocumentChunks, func(ctx context.Context) error {
			_, err := chunks.InsertMany(ctx, pending)
			return err
		})
		pending, size = pending[:0], 0
		return translate(err, "")
	}
	fileDocs := make([]any, 0, len(b.items))
	refs := make([]mirror.DocumentRef, len(b.items))
	for i, it := range b.items {
		data, err := it.doc.Read()
		if err != nil {
			return err
		}
		in, err := shop.CheckDocument(it.doc.Input, data)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		if hex.EncodeToString(sum[:]) != it.doc.SHA256 {
			return fmt.Errorf("the document %q changed while it was being imported", in.Filename)
		}
		id := newID()
		file := documentFileDoc{ID: id, Length: int64(len(data)), ChunkSize: documentChunkBytes, UploadDate: at.Truncate(time.Millisecond),
			Filename: in.Filename, Metadata: documentFileMeta{ContentType: "application/pdf", SHA256: it.doc.SHA256, Product: it.product}}
		for n, off := 0, 0; off < len(data) || n == 0; n, off = n+1, off+documentChunkBytes {
			cid := id
			if n > 0 {
				cid = newID()
			}
			part := data[off:min(off+documentChunkBytes, len(data))]
			if size+len(part) > documentBatchBytes {
				if err := flush(); err != nil {
					return err
				}
			}
			pending = append(pending, imageChunkDoc{ID: cid, FilesID: id, N: int32(n), Data: part})
			size += len(part)
			file.Metadata.Chunks = append(file.Metadata.Chunks, cid)
		}
		fileDocs = append(fileDocs, file)
		refs[i] = mirror.DocumentRef{ID: id, Name: in.Name, Kind: in.Kind, Size: int64(len(data)), SHA256: it.doc.SHA256}
	}
	if err := flush(); err != nil {
		return err
	}
	for start := 0; start < len(fileDocs); start += importBatch {
		batch := fileDocs[start:min(start+importBatch, len(fileDocs))]
		err := s.write(ctx, collDocumentFiles, func(ctx context.Context) error {
			_, err := files.InsertMany(ctx, batch)
			return err
		})
		if err != nil {
			return translate(err, "")
		}
	}
	for i, it := range b.items {
		*it.to = append(*it.to, refs[i])
	}
	return nil
}
