package mongodb

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// importBatch is how many new products one write command carries, and
// updateCommandMax how many changed ones (and any update command of many
// statements, as a category's rename). The embedded engine (FerretDB
// v1.24, SQLite) keeps each update's query open until the whole update
// command ends, one of its 100 pooled connections each, and begins each
// update's transaction on another: an update command of 100 or more
// waits for a connection forever (an import changing 1,007 products in
// batches of 500 hung until its write timeout, and the products were
// read back one by one). 50 leaves room for the readers.
const (
	importBatch      = 500
	updateCommandMax = 50
)

// ImportProducts brings the catalogue to the drafts by name: the current
// products are read once (from the mirror, or with MongoDB by the unique
// name index), new ones are inserted and changed ones updated in batches.
func (s *Store) ImportProducts(ctx context.Context, drafts []shop.ProductDraft, opt shop.ImportOptions) (shop.ImportCounts, error) {
	var counts shop.ImportCounts
	seen := make(map[string]bool, len(drafts))
	seenSKU := make(map[string]bool, len(drafts))
	for i, d := range drafts {
		if seen[d.Name] {
			return counts, shop.Errorf(shop.EINVALID, "Product %d repeats the name %q.", opt.Offset+i+1, d.Name)
		}
		seen[d.Name] = true
		if d.SKU != "" && seenSKU[d.SKU] {
			return counts, shop.Errorf(shop.EINVALID, "Product %d repeats the SKU %q.", opt.Offset+i+1, d.SKU)
		}
		seenSKU[d.SKU] = true
	}
	current, err := s.importMatches(ctx, drafts)
	if err != nil {
		return counts, err
	}
	matched := opt.Matched
	if matched == nil {
		matched = make(map[string]string, len(current))
	}
	for i, d := range drafts {
		if cur, ok := current[i]; ok {
			if other, taken := matched[cur.ID.Hex()]; taken {
				return counts, shop.Errorf(shop.EINVALID, "Product %d (%q) and %q both match the product %q (one by its SKU, one by its name).", opt.Offset+i+1, d.Name, other, cur.Name)
			}
			matched[cur.ID.Hex()] = d.Name
		}
	}
	if s.afterImportRead != nil {
		s.afterImportRead()
	}
	at := s.now()
	var inserts []mirror.Product
	var updates []mirror.ImportChange
	// issue 48: the documents each insert or update attaches, stored below
	var insertDocs, updateDocs [][]shop.ImportDocument
	for i, d := range drafts {
		cur, exists := current[i]
		var docs []shop.ImportDocument
		if i < len(opt.Documents) && len(opt.Documents[i]) > 0 {
			if docs, err = s.documentsToAttach(ctx, cur, opt.Documents[i]); err != nil {
				return counts, err
			}
			if n := len(cur.Documents) + len(docs); n > shop.MaxDocuments {
				return counts, shop.Errorf(shop.EINVALID, "Product %d (%q) would list %d documents: at most %d.", opt.Offset+i+1, d.Name, n, shop.MaxDocuments)
			}
		}
		if exists && i < len(opt.Keep) {
			d = keepStated(d, cur.Shop(), opt.Keep[i])
		}
		if d.Image == "" {
			d.Image = opt.DefaultImage
			if exists && cur.Image != "" {
				d.Image = cur.Image
				if len(d.Images) == 0 {
					d.Images = cur.Images // the pictures it has
				}
			}
		}
		d = d.Normal()
		if err := d.Validate(false); err != nil {
			return counts, err
		}
		switch {
		case !exists:
			doc := s.productDoc(d, at)
			if i < len(opt.IDs) && opt.IDs[i] != "" {
				if doc.ID, err = objectID(opt.IDs[i]); err != nil {
					return counts, err
				}
			}
			inserts = append(inserts, doc)
			insertDocs = append(insertDocs, docs)
		case d.Matches(cur.Shop()) && len(docs) == 0:
			counts.Unchanged++
		default:
			updates = append(updates, mirror.ImportChange{ID: cur.ID, Name: cur.Name, Draft: d, Read: cur.Available})
			updateDocs = append(updateDocs, docs)
		}
	}
	if opt.DryRun {
		counts.Inserted, counts.Updated = len(inserts), len(updates)
		return counts, nil
	}
	// The documents' bytes first, then the products that list them (as
	// PutDocument: a stop between leaves bytes nothing lists, which the
	// hourly sweep drops, never a listed document without bytes).
	var attach documentBatch
	for i := range inserts {
		if err := attach.add(inserts[i].ID, insertDocs[i], &inserts[i].Documents); err != nil {
			return counts, err
		}
	}
	for i := range updates {
		if err := attach.add(updates[i].ID, updateDocs[i], &updates[i].Documents); err != nil {
			return counts, err
		}
	}
	if err := s.storeDocumentBatch(ctx, &attach, at); err != nil {
		return counts, err
	}
	total := len(inserts) + len(updates)
	progress := func() {
		if opt.Progress != nil {
			opt.Progress(counts.Inserted+counts.Updated+counts.Refused, total)
		}
	}
	for start := 0; start < len(inserts); start += importBatch {
		batch := inserts[start:min(start+importBatch, len(inserts))]
		if err := s.products.insertMany(ctx, batch); err != nil {
			return counts, importTaken(translate(err, ""))
		}
		counts.Inserted += len(batch)
		progress()
	}
	gone := 0
	for start := 0; start < len(updates); start += updateCommandMax {
		res, err := s.importUpdates(ctx, updates[start:min(start+updateCommandMax, len(updates))], at, opt.Moved)
		counts.Updated += res.updated
		counts.Refused += len(res.refused)
		gone += res.gone
		for _, r := range res.refused {
			if opt.Refused != nil {
				opt.Refused(r.name, r.reason)
			}
		}
		if err != nil {
			return counts, importTaken(translate(err, ""))
		}
		progress()
	}
	if gone > 0 {
		return counts, shop.Errorf(shop.ECONFLICT, "%d products were renamed or deleted while they were being imported. Run the import again.", gone)
	}
	return counts, nil
}

// NewProductID is a fresh product id, for ImportOptions.IDs.
func NewProductID() string { return newID().Hex() }

// importTaken words a duplicate key of an import: a name or a SKU that
// another product has.
func importTaken(err error) error {
	if isDuplicate(err) {
		return &shop.Error{Code: shop.ECONFLICT, Message: "A product of the file has the name or the SKU of another product (renamed or added since the import read them). Run the import again.", Cause: err}
	}
	return err
}

// importUpdate is the write of the change, the same on both stores but
// for the search terms stored (storedTerms).
func importUpdate(c mirror.ImportChange, at time.Time, terms []string) bson.D {
	set := bson.D{{Key: "name", Value: c.Draft.Name}, {Key: "price", Value: c.Draft.Price.Float()}, {Key: "image", Value: c.Draft.Image},
		{Key: "description", Value: c.Draft.Description}, {Key: "minimumquantity", Value: c.Draft.Minimum},
		{Key: "email", Value: c.Draft.Email}, {Key: "updatedAt", Value: at}}
	set = append(set, catalogueFields(c.Draft, terms)...)
	update := bson.D{{Key: "$set", Value: set}}
	if un := unsetEmpty(c.Draft); un != nil {
		update = append(update, bson.E{Key: "$unset", Value: un})
	}
	if d := c.Delta(); d != 0 {
		update = append(update, bson.E{Key: "$inc", Value: bson.D{{Key: "avaialbequantit", Value: d}}})
	}
	if len(c.Documents) > 0 {
		update = append(update, bson.E{Key: "$push", Value: bson.D{{Key: "documents", Value: bson.D{{Key: "$each", Value: c.Documents}}}}})
	}
	return update
}

type importRefusal struct{ name, reason string }

type importResult struct {
	updated, gone int
	refused       []importRefusal
}

// importUpdates writes one batch of changes in one command.
func (s *Store) importUpdates(ctx context.Context, batch []mirror.ImportChange, at time.Time, moved func(string, int64, int64)) (importResult, error) {
	var out importResult
	tell := func(c mirror.ImportChange, read int64) {
		if moved != nil && c.Delta() != 0 {
			moved(c.Draft.Name, read, c.Delta())
		}
	}
	// Told before the write, as Moved promises: a write that fails (or
	// lands after its caller saw an error) may or may not have moved them.
	for _, c := range batch {
		tell(c, c.Read)
	}
	if s.products.mem == nil {
		return s.importUpdatesMongo(ctx, batch, at)
	}
	ids := make([]mirror.ID, len(batch))
	for i, c := range batch {
		ids[i] = c.ID
	}
	err := s.products.mutate(ctx, ids, func(ctx context.Context, w *mirror.Writing) error {
		var models []mongo.WriteModel
		var next []mirror.Product
		for _, c := range batch {
			cur, ok := s.products.mem.Mem.Get(c.ID)
			if !ok || cur.Name != c.Name {
				out.gone++
				continue
			}
			if err := c.Refusal(cur); err != nil {
				out.refused = append(out.refused, importRefusal{c.Draft.Name, shop.ErrorMessage(err)})
				continue
			}
			at := mirror.NextUpdate(at, cur.UpdatedAt)
			models = append(models, mongo.NewUpdateOneModel().SetFilter(bson.D{{Key: "_id", Value: c.ID}}).SetUpdate(importUpdate(c, at, nil)))
			next = append(next, c.Apply(cur, at))
		}
		if len(models) == 0 {
			return nil
		}
		res, err := s.products.c.BulkWrite(ctx, models)
		if w.Stored(err) != nil {
			return w.Err()
		}
		if int(res.MatchedCount) != len(models) { // never expected: the mirror follows the store
			return fmt.Errorf("an import batch matched %d of its %d products", res.MatchedCount, len(models))
		}
		s.products.mem.Mem.PutMany(next)
		out.updated = len(next)
		return nil
	})
	return out, err
}

// importUpdatesMongo writes a batch on MongoDB, each row's filter its
// guard: the product still has the name read and stock enough for the
// difference. Rows that matched nothing are then read to say why.
func (s *Store) importUpdatesMongo(ctx context.Context, batch []mirror.ImportChange, at time.Time) (importResult, error) {
	var out importResult
	models := make([]mongo.WriteModel, len(batch))
	for i, c := range batch {
		filter := bson.D{{Key: "_id", Value: c.ID}, {Key: "name", Value: c.Name}}
		if d := c.Delta(); d < 0 {
			filter = append(filter, bson.E{Key: "avaialbequantit", Value: bson.D{{Key: "$gte", Value: -d}}})
		}
		if n := len(c.Documents); n > 0 {
			filter = append(filter, bson.E{Key: fmt.Sprintf("documents.%d", shop.MaxDocuments-n), Value: bson.D{{Key: "$exists", Value: false}}})
		}
		models[i] = mongo.NewUpdateOneModel().SetFilter(filter).SetUpdate(importUpdate(c, at, c.Draft.SearchTerms()))
	}
	var matched int64
	err := s.products.mutate(ctx, nil, func(ctx context.Context, w *mirror.Writing) error {
		res, err := s.products.c.BulkWrite(ctx, models, options.BulkWrite().SetOrdered(false))
		if res != nil {
			matched = res.MatchedCount
		}
		return w.Stored(err)
	})
	out.updated = int(matched)
	if err != nil || int(matched) == len(batch) {
		return out, err
	}
	// Which rows did not match: those whose product does not carry this
	// import's time.
	ids := make([]mirror.ID, len(batch))
	for i, c := range batch {
		ids[i] = c.ID
	}
	docs, err := s.products.findAll(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}})
	if err != nil {
		return out, err
	}
	byID := make(map[mirror.ID]mirror.Product, len(docs))
	for _, d := range docs {
		byID[d.ID] = d
	}
	for _, c := range batch {
		cur, ok := byID[c.ID]
		switch {
		case ok && cur.UpdatedAt.Equal(at):
		case !ok || cur.Name != c.Name:
			out.gone++
		default:
			reason := "It changed while it was being imported. Run the import again."
			if err := c.Refusal(cur); err != nil {
				reason = shop.ErrorMessage(err)
			}
			out.refused = append(out.refused, importRefusal{c.Draft.Name, reason})
		}
	}
	return out, nil
}

// importMatches returns, by the drafts' positions, the current products
// they match: by SKU where the draft has one and a product has it, else by
// name (the unique sku and name indexes, or the mirror's key indexes).
func (s *Store) importMatches(ctx context.Context, drafts []shop.ProductDraft) (map[int]mirror.Product, error) {
	out := make(map[int]mirror.Product, len(drafts))
	if m := s.products.mem; m != nil {
		for i, d := range drafts {
			if d.SKU != "" {
				if p, ok := m.Mem.Lookup("sku", d.SKU); ok {
					out[i] = p
					continue
				}
			}
			if p, ok := m.Mem.Lookup("name", d.Name); ok {
				out[i] = p
			}
		}
		return out, nil
	}
	names := make([]string, 0, len(drafts))
	skus := make([]string, 0, len(drafts))
	for _, d := range drafts {
		names = append(names, d.Name)
		if d.SKU != "" {
			skus = append(skus, d.SKU)
		}
	}
	byName, bySKU, err := s.productsByKeys(ctx, names, skus)
	if err != nil {
		return nil, err
	}
	for i, d := range drafts {
		if p, ok := bySKU[d.SKU]; ok && d.SKU != "" {
			out[i] = p
		} else if p, ok := byName[d.Name]; ok {
			out[i] = p
		}
	}
	return out, nil
}

// ProductsByKeys answers the products with these names and those with
// these SKUs (issue 48: the import's check of the spare parts it wrote),
// read in batches: the mirror's key indexes, or a query per thousand keys
// by the unique name and sku indexes.
func (s *Store) ProductsByKeys(ctx context.Context, names, skus []string) (byName, bySKU map[string]shop.Product, err error) {
	n, k, err := s.productsByKeys(ctx, names, skus)
	if err != nil {
		return nil, nil, err
	}
	byName, bySKU = make(map[string]shop.Product, len(n)), make(map[string]shop.Product, len(k))
	for key, p := range n {
		byName[key] = p.Shop()
	}
	for key, p := range k {
		bySKU[key] = p.Shop()
	}
	return byName, bySKU, nil
}

func (s *Store) productsByKeys(ctx context.Context, names, skus []string) (byName, bySKU map[string]mirror.Product, err error) {
	bySKU, byName = map[string]mirror.Product{}, map[string]mirror.Product{}
	if m := s.products.mem; m != nil {
		for _, name := range names {
			if p, ok := m.Mem.Lookup("name", name); ok {
				byName[name] = p
			}
		}
		for _, sku := range skus {
			if p, ok := m.Mem.Lookup("sku", sku); ok {
				bySKU[sku] = p
			}
		}
		return byName, bySKU, nil
	}
	for start := 0; start < max(len(names), len(skus)); start += 1000 {
		names := names[min(start, len(names)):min(start+1000, len(names))]
		skus := skus[min(start, len(skus)):min(start+1000, len(skus))]
		for _, f := range []bson.D{{{Key: "name", Value: bson.D{{Key: "$in", Value: names}}}}, {{Key: "sku", Value: bson.D{{Key: "$in", Value: skus}}}}} {
			if f[0].Key == "sku" && len(skus) == 0 || f[0].Key == "name" && len(names) == 0 {
				continue
			}
			cur, err := s.products.c.Find(ctx, f)
			if err != nil {
				return nil, nil, translate(err, "")
			}
			var docs []mirror.Product
			if err := cur.All(ctx, &docs); err != nil {
				return nil, nil, translate(err, "")
			}
			for _, p := range docs {
				byName[p.Name] = p
				if p.SKU != "" {
					bySKU[p.SKU] = p
				}
			}
		}
	}
	return byName, bySKU, nil
}

// keepStated gives d the fields of cur that its row did not state.
// Pictures are kept only with the same main picture (a new one alone
// makes the pictures that one, as an edit's does).
func keepStated(d shop.ProductDraft, cur shop.Product, keep shop.ImportKeep) shop.ProductDraft {
	if keep.SKU {
		d.SKU = cur.SKU
	}
	if keep.Category {
		d.Category = cur.Category
	}
	if keep.Specs {
		d.Specs = slices.Clone(cur.Specs)
	}
	if keep.Tiers {
		d.Tiers = slices.Clone(cur.Tiers)
	}
	if keep.Parts {
		d.Parts = slices.Clone(cur.Parts)
	}
	if keep.Accessories {
		d.Accessories = slices.Clone(cur.Accessories)
	}
	if keep.OEMNumbers {
		d.OEMNumbers = slices.Clone(cur.OEMNumbers)
	}
	if keep.Weight {
		d.Weight = cur.WeightKg
	}
	if keep.LeadTime {
		d.LeadTime = cur.LeadTimeDays
	}
	if keep.Images && (d.Image == "" || d.Image == cur.Image) {
		d.Images = slices.Clone(cur.Images)
	}
	return d
}
