package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"storefront/server/internal/shop"
)

// importBatch is how many products one write command carries.
const importBatch = 500

// ImportProducts brings the catalogue to the drafts by name: the current
// products are read once (from the mirror, or with MongoDB by the unique
// name index), new ones are inserted and changed ones updated in batches.
func (s *Store) ImportProducts(ctx context.Context, drafts []shop.ProductDraft, opt shop.ImportOptions) (shop.ImportCounts, error) {
	var counts shop.ImportCounts
	seen := make(map[string]bool, len(drafts))
	for i, d := range drafts {
		if seen[d.Name] {
			return counts, shop.Errorf(shop.EINVALID, "Product %d repeats the name %q.", i+1, d.Name)
		}
		seen[d.Name] = true
	}
	current, err := s.productsByName(ctx, drafts)
	if err != nil {
		return counts, err
	}
	at := s.now()
	var inserts []productDoc
	type change struct {
		doc productDoc // as it will be stored
		set bson.D
	}
	var updates []change
	for _, d := range drafts {
		cur, exists := current[d.Name]
		if d.Image == "" {
			d.Image = opt.DefaultImage
			if exists && cur.Image != "" {
				d.Image = cur.Image
			}
		}
		if err := d.Validate(false); err != nil {
			return counts, err
		}
		switch {
		case !exists:
			inserts = append(inserts, newProductDoc(d, at))
		case d.Matches(cur.product()):
			counts.Unchanged++
		default:
			doc := newProductDoc(d, cur.CreatedAt)
			doc.ID, doc.UpdatedAt = cur.ID, at
			updates = append(updates, change{doc, append(draftFields(d), bson.E{Key: "updatedAt", Value: at})})
		}
	}
	if opt.DryRun {
		counts.Inserted, counts.Updated = len(inserts), len(updates)
		return counts, nil
	}
	total := len(inserts) + len(updates)
	progress := func() {
		if opt.Progress != nil {
			opt.Progress(counts.Inserted+counts.Updated, total)
		}
	}
	for start := 0; start < len(inserts); start += importBatch {
		batch := inserts[start:min(start+importBatch, len(inserts))]
		if err := s.products.insertMany(ctx, batch); err != nil {
			return counts, nameTaken(translate(err, ""))
		}
		counts.Inserted += len(batch)
		progress()
	}
	for start := 0; start < len(updates); start += importBatch {
		batch := updates[start:min(start+importBatch, len(updates))]
		models := make([]mongo.WriteModel, len(batch))
		for i, u := range batch {
			filter := bson.D{{Key: "_id", Value: u.doc.ID}}
			if !s.Embedded() {
				// Renamed by someone else since it was read: left alone.
				filter = append(filter, bson.E{Key: "name", Value: u.doc.Name})
			}
			models[i] = mongo.NewUpdateOneModel().SetFilter(filter).SetUpdate(bson.D{{Key: "$set", Value: u.set}})
		}
		var matched int64
		err := s.write(ctx, CollProducts, func(ctx context.Context) error {
			res, err := s.products.c.BulkWrite(ctx, models)
			if res != nil {
				matched = res.MatchedCount
			}
			if s.products.mem == nil {
				return err
			}
			if err != nil {
				for _, u := range batch {
					s.products.resync(ctx, u.doc.ID)
				}
				return err
			}
			for _, u := range batch {
				if err := s.products.remember(u.doc); err != nil {
					return err
				}
			}
			return nil
		})
		counts.Updated += int(matched)
		if err != nil {
			return counts, nameTaken(translate(err, ""))
		}
		if int(matched) < len(batch) {
			return counts, shop.Errorf(shop.ECONFLICT, "%d products were renamed or deleted while they were being imported. Run the import again.", len(batch)-int(matched))
		}
		progress()
	}
	return counts, nil
}

// productsByName returns the current products that have the drafts' names.
func (s *Store) productsByName(ctx context.Context, drafts []shop.ProductDraft) (map[string]productDoc, error) {
	out := make(map[string]productDoc, len(drafts))
	if m := s.products.mem; m != nil {
		for _, d := range drafts {
			if p, ok := m.lookup("name", d.Name); ok {
				out[d.Name] = p
			}
		}
		return out, nil
	}
	for start := 0; start < len(drafts); start += 1000 {
		names := make([]string, 0, 1000)
		for _, d := range drafts[start:min(start+1000, len(drafts))] {
			names = append(names, d.Name)
		}
		cur, err := s.products.c.Find(ctx, bson.D{{Key: "name", Value: bson.D{{Key: "$in", Value: names}}}})
		if err != nil {
			return nil, translate(err, "")
		}
		var docs []productDoc
		if err := cur.All(ctx, &docs); err != nil {
			return nil, translate(err, "")
		}
		for _, p := range docs {
			out[p.Name] = p
		}
	}
	return out, nil
}
