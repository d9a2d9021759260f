package mongodb

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.InvoiceStore = (*Store)(nil)

// Invoices (issue 34). An invoice is stored under the _id of what it
// invoices (an order's or a group's), so the _id index makes one per
// subject, and its number is unique (number_unique). Its number is the
// highest issued and one, read through the number index; the insert is the
// one write that decides: a crash before it leaves no invoice and no
// number taken, after it the invoice. Invoices are never deleted, so no
// number is ever reused and none is skipped. Embedded, the insert runs
// under the write slot with the number read from the exact mirror in the
// same turn, so it never collides; on MongoDB two payments may read the
// same highest number: the unique index refuses the second insert, which
// reads again and retries.
//
// The PDF is kept in GridFS's layout (bucket invoice_pdfs), one chunk
// whose _id is the file's, which is the invoice's: read by _id alone.

// The invoices' collections.
const (
	CollInvoices      = "invoices"
	collInvoiceFiles  = "invoice_pdfs.files"
	collInvoiceChunks = "invoice_pdfs.chunks"
)

type invoiceFileDoc struct {
	ID         mirror.ID       `bson:"_id"`
	Length     int64           `bson:"length"`
	ChunkSize  int64           `bson:"chunkSize"`
	UploadDate time.Time       `bson:"uploadDate"`
	Filename   string          `bson:"filename"`
	Metadata   invoiceFileMeta `bson:"metadata"`
}

type invoiceFileMeta struct {
	ContentType string `bson:"contentType"`
	Invoice     int64  `bson:"invoice"`
}

// invoiceIssueTries bounds the retries of an insert that lost its number
// to another instance's (MongoDB).
const invoiceIssueTries = 1000

// IssueInvoice stores inv with the next number, or returns the subject's
// invoice when it has one.
func (s *Store) IssueInvoice(ctx context.Context, inv shop.Invoice) (shop.Invoice, bool, error) {
	id, err := objectID(inv.SubjectID)
	if err != nil {
		return shop.Invoice{}, false, err
	}
	if s.invoices.mem != nil {
		var stored mirror.Invoice
		issued := false
		err := s.invoices.mutate(ctx, []mirror.ID{id}, func(ctx context.Context, w *mirror.Writing) error {
			if cur, ok := s.invoices.mem.Mem.Get(id); ok {
				stored = cur
				return nil
			}
			doc := mirror.InvoiceDoc(id, inv)
			doc.Number = s.highestInvoiceInMirror() + 1
			if _, err := s.invoices.c.InsertOne(ctx, doc); w.Stored(err) != nil {
				return w.Err()
			}
			stored, issued = doc, true
			return s.invoices.remember(doc)
		})
		if err != nil {
			return shop.Invoice{}, false, translate(err, "")
		}
		return stored.Shop(), issued, nil
	}
	for range invoiceIssueTries {
		if cur, err := s.invoices.findOne(ctx, bson.D{{Key: "_id", Value: id}}); err == nil {
			return cur.Shop(), false, nil
		} else if shop.ErrorCode(err) != shop.ENOTFOUND {
			return shop.Invoice{}, false, err
		}
		highest, err := s.highestInvoice(ctx)
		if err != nil {
			return shop.Invoice{}, false, err
		}
		doc := mirror.InvoiceDoc(id, inv)
		doc.Number = highest + 1
		err = s.invoices.insert(ctx, doc)
		if err == nil {
			return doc.Shop(), true, nil
		}
		if !isDuplicate(err) {
			return shop.Invoice{}, false, translate(err, "")
		}
		// Its subject's invoice (the loop's next read returns it), or its
		// number taken by another payment meanwhile: read again.
	}
	return shop.Invoice{}, false, shop.Errorf(shop.EUNAVAILABLE, "Too many payments at once to number the invoice; it is issued on the next try.")
}

// highestInvoiceInMirror is the highest number issued (embedded, under
// the write slot: exact).
func (s *Store) highestInvoiceInMirror() int64 {
	top, _ := s.invoices.mem.Mem.Page("number", nil, true, 0, 1, nil)
	if len(top) == 0 {
		return 0
	}
	return top[0].Number
}

// byNumberDesc is the highest invoice first (index number_unique).
var byNumberDesc = bson.D{{Key: "number", Value: -1}}

// highestInvoice is the highest number issued, read through number_unique
// (MongoDB).
func (s *Store) highestInvoice(ctx context.Context) (int64, error) {
	docs, err := s.invoices.findAll(ctx, bson.D{}, options.Find().SetSort(byNumberDesc).SetLimit(1).SetProjection(bson.D{{Key: "number", Value: 1}}))
	if err != nil || len(docs) == 0 {
		return 0, err
	}
	return docs[0].Number, nil
}

// FindInvoice returns the invoice with this number.
func (s *Store) FindInvoice(ctx context.Context, number int64) (shop.Invoice, error) {
	d, err := s.invoices.getBy(ctx, "number", strconv.FormatInt(number, 10), bson.D{{Key: "number", Value: number}})
	if err != nil {
		return shop.Invoice{}, err
	}
	return d.Shop(), nil
}

// InvoiceNumbers returns the invoice numbers of the subjects that have one.
func (s *Store) InvoiceNumbers(ctx context.Context, subjectIDs []string) (map[string]int64, error) {
	out := map[string]int64{}
	if len(subjectIDs) == 0 {
		return out, nil
	}
	ids := make([]mirror.ID, 0, len(subjectIDs))
	for _, sid := range subjectIDs {
		if oid, err := idFromHex(sid); err == nil {
			ids = append(ids, oid)
		}
	}
	if s.invoices.mem != nil {
		for _, id := range ids {
			if d, ok := s.invoices.mem.Mem.Get(id); ok {
				out[id.Hex()] = d.Number
			}
		}
		return out, nil
	}
	docs, err := s.invoices.findAll(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}},
		options.Find().SetProjection(bson.D{{Key: "number", Value: 1}}))
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		out[d.ID.Hex()] = d.Number
	}
	return out, nil
}

// PutInvoicePDF stores the invoice's PDF once, the chunk first (a crash in
// between leaves bytes no file names: the next put keeps them, the same
// drawing of the same snapshot, and adds the file).
func (s *Store) PutInvoicePDF(ctx context.Context, inv shop.Invoice, pdf []byte) error {
	id, err := objectID(inv.SubjectID)
	if err != nil {
		return err
	}
	files, chunks := s.db.Collection(collInvoiceFiles), s.db.Collection(collInvoiceChunks)
	return translate(s.write(ctx, collInvoiceFiles, func(ctx context.Context) error {
		chunk := imageChunkDoc{ID: id, FilesID: id, N: 0, Data: pdf}
		if _, err := chunks.InsertOne(ctx, chunk); err != nil && !isDuplicate(err) { // there: a put a crash interrupted, the same drawing
			return err
		}
		file := invoiceFileDoc{ID: id, Length: int64(len(pdf)), ChunkSize: int64(max(len(pdf), 1)), UploadDate: inv.IssuedAt.UTC().Truncate(time.Millisecond),
			Filename: shop.InvoiceFilename(inv.Number), Metadata: invoiceFileMeta{ContentType: "application/pdf", Invoice: inv.Number}}
		if _, err := files.InsertOne(ctx, file); err != nil && !isDuplicate(err) {
			return err
		}
		return nil
	}), "")
}

// InvoicePDF returns the invoice's stored PDF: its file and its one chunk,
// each by _id.
func (s *Store) InvoicePDF(ctx context.Context, inv shop.Invoice) ([]byte, error) {
	id, err := objectID(inv.SubjectID)
	if err != nil {
		return nil, err
	}
	var file invoiceFileDoc
	if err := s.db.Collection(collInvoiceFiles).FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&file); err != nil {
		return nil, translate(err, "The invoice's PDF")
	}
	var chunk imageChunkDoc
	if err := s.db.Collection(collInvoiceChunks).FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&chunk); err != nil {
		return nil, translate(err, "The invoice's PDF")
	}
	if int64(len(chunk.Data)) != file.Length {
		return nil, fmt.Errorf("invoice %d: %d of %d bytes in its chunk", inv.Number, len(chunk.Data), file.Length)
	}
	return chunk.Data, nil
}

// paidBetween is what the invoice sweep reads: paid from since to until
// (indexes paid_at of orders and groups).
func paidBetween(since, until time.Time) bson.D {
	return bson.D{{Key: "paidAt", Value: bson.D{{Key: "$gte", Value: since}, {Key: "$lte", Value: until}}}}
}

// PaidGroupsSince returns the purchases paid from since to until: embedded,
// a step into the paid purchases' index by when (a walk of every order and
// purchase was 0.4 CPU-s at each start and every minute, issue 46).
func (s *Store) PaidGroupsSince(ctx context.Context, since, until time.Time) ([]shop.Group, error) {
	if m := s.groups.mem; m != nil {
		if err := m.Await(ctx); err != nil {
			return nil, err
		}
		docs := m.Mem.Seek(mirror.IndexPaidAt, func(d *mirror.Group, _ mirror.ID) bool { return !d.PaidAt.Before(since) }, 1<<30)
		n, _ := slices.BinarySearchFunc(docs, until, func(d mirror.Group, until time.Time) int {
			if d.PaidAt.After(until) {
				return 1
			}
			return -1
		})
		return mirror.ShopAll[shop.Group](docs[:n]), nil
	}
	within := func(t *time.Time) bool { return t != nil && !t.Before(since) && !t.After(until) }
	groups, err := s.groups.find(ctx, "id", func(d *mirror.Group) bool { return d.Paid && within(d.PaidAt) }, paidBetween(since, until), nil)
	if err != nil {
		return nil, err
	}
	return mirror.ShopAll[shop.Group](groups), nil
}

// The invoices' queries and indexes, added to indexes.go's tables.
func init() {
	queries = append(queries,
		query{"payment: the highest invoice number (invoices.go)", CollInvoices, bson.D{}, byNumberDesc, "number_unique", "number"},
		query{"GET /invoices/{number}.pdf: invoice by number", CollInvoices, bson.D{{Key: "number", Value: 1}}, nil, "number_unique", "number"},
		query{"payment, order and group answers: invoices by what they invoice", CollInvoices, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: bson.A{someID}}}}}, nil, "_id_", "id"},
		query{"GET /invoices/{number}.pdf: its file and its bytes", collInvoiceChunks, bson.D{{Key: "_id", Value: someID}}, nil, "_id_", ""},
		query{"invoice sweep: order groups paid in the window", CollGroups, paidBetween(time.Now().Add(-time.Hour), time.Now()), nil, "paid_at", mirror.IndexPaidAt},
	)
	indexes[CollInvoices] = append(indexes[CollInvoices],
		mongo.IndexModel{Keys: bson.D{{Key: "number", Value: 1}}, Options: options.Index().SetName("number_unique").SetUnique(true)})
	indexes[CollGroups] = append(indexes[CollGroups],
		mongo.IndexModel{Keys: bson.D{{Key: "paidAt", Value: 1}}, Options: options.Index().SetName("paid_at").SetSparse(true)})
}
