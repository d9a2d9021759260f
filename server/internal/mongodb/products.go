package mongodb

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.ProductStore = (*Store)(nil)

// draftFields are the stored fields a draft sets, with its search terms
// as stored (storedTerms).
func draftFields(d shop.ProductDraft, terms []string) bson.D {
	return append(bson.D{
		{Key: "name", Value: d.Name}, {Key: "price", Value: d.Price.Float()}, {Key: "image", Value: d.Image},
		{Key: "description", Value: d.Description}, {Key: "avaialbequantit", Value: d.Available},
		{Key: "minimumquantity", Value: d.Minimum}, {Key: "email", Value: d.Email},
	}, catalogueFields(d, terms)...)
}

// catalogueFields are issue 35's fields a draft sets (the SKU and category
// are unset by unsetEmpty when "").
func catalogueFields(d shop.ProductDraft, terms []string) bson.D {
	out := bson.D{{Key: "specs", Value: mirror.Specs(d.Specs)}, {Key: "images", Value: d.Images}, {Key: "searchTerms", Value: terms},
		{Key: "tiers", Value: mirror.Tiers(d.Tiers)}}
	// issue 48 (documents.go keeps the documents; none: unsetEmpty)
	if len(d.Parts) > 0 {
		out = append(out, bson.E{Key: "parts", Value: mirror.IDs(d.Parts)})
	}
	if len(d.Accessories) > 0 {
		out = append(out, bson.E{Key: "accessories", Value: mirror.IDs(d.Accessories)})
	}
	if len(d.OEMNumbers) > 0 {
		out = append(out, bson.E{Key: "oemNumbers", Value: d.OEMNumbers})
	}
	if d.Weight != 0 {
		out = append(out, bson.E{Key: "weightGrams", Value: int64(d.Weight)})
	}
	if d.LeadTime != 0 {
		out = append(out, bson.E{Key: "leadTimeDays", Value: d.LeadTime})
	}
	if d.SKU != "" {
		out = append(out, bson.E{Key: "sku", Value: d.SKU})
	}
	if d.Category != "" {
		out = append(out, bson.E{Key: "category", Value: d.Category})
	}
	return out
}

// unsetEmpty is the $unset of the draft's empty SKU and category (stored
// without them: the sparse sku index leaves them out), or nil.
func unsetEmpty(d shop.ProductDraft) bson.D {
	var out bson.D
	if d.SKU == "" {
		out = append(out, bson.E{Key: "sku", Value: ""})
	}
	if d.Category == "" {
		out = append(out, bson.E{Key: "category", Value: ""})
	}
	for _, l := range []struct {
		field string
		n     int
	}{{"parts", len(d.Parts)}, {"accessories", len(d.Accessories)}, {"oemNumbers", len(d.OEMNumbers)}} {
		if l.n == 0 {
			out = append(out, bson.E{Key: l.field, Value: ""})
		}
	}
	if d.Weight == 0 { // issue 48: absent is none
		out = append(out, bson.E{Key: "weightGrams", Value: ""})
	}
	if d.LeadTime == 0 {
		out = append(out, bson.E{Key: "leadTimeDays", Value: ""})
	}
	return out
}

// setDraft is the update that writes a draft, with more fields to $set.
func setDraft(d shop.ProductDraft, terms []string, more ...bson.E) bson.D {
	u := bson.D{{Key: "$set", Value: append(draftFields(d, terms), more...)}}
	if un := unsetEmpty(d); un != nil {
		u = append(u, bson.E{Key: "$unset", Value: un})
	}
	return u
}

// storedTerms are the search terms a product's document stores: MongoDB's
// multikey index search_terms serves the search from them. The embedded
// store stores none (null): its mirror computes every product's terms when
// it loads them, and FerretDB encodes and decodes a document by each of its
// values, on every write (an order's stock) and at every start, so that the
// terms' (about fifty for a product with 30 specifications) cost a third
// of both.
func (s *Store) storedTerms(d shop.ProductDraft) []string {
	if s.Embedded() {
		return nil
	}
	return d.SearchTerms()
}

// productDoc is a new product's document as this store stores it.
func (s *Store) productDoc(d shop.ProductDraft, at time.Time) mirror.Product {
	d = d.Normal()
	return newProductDoc(d, at, s.storedTerms(d))
}

// newProductDoc is d's document with these search terms (the embedded
// store's: none; computing them anyway was a tenth of an import's CPU).
func newProductDoc(d shop.ProductDraft, at time.Time, terms []string) mirror.Product {
	d = d.Normal()
	return mirror.Product{ID: newID(), Name: d.Name, Price: d.Price.Float(), Image: d.Image, Description: d.Description,
		Available: d.Available, Minimum: d.Minimum, Email: d.Email, CreatedAt: at, UpdatedAt: at,
		SKU: d.SKU, Category: d.Category, Specs: mirror.Specs(d.Specs), Images: d.Images, SearchTerms: terms,
		Tiers: mirror.Tiers(d.Tiers), Parts: mirror.IDs(d.Parts), Accessories: mirror.IDs(d.Accessories), OEMNumbers: nilIfEmpty(d.OEMNumbers),
		WeightGrams: int64(d.Weight), LeadTimeDays: d.LeadTime}
}

func nilIfEmpty(list []string) []string {
	if len(list) == 0 {
		return nil
	}
	return list
}

// productSort is one order of the catalogue: the mirror's index and
// direction, and MongoDB's sort (served by the index indexes.go names).
type productSort struct {
	index string
	desc  bool
	mongo bson.D
}

var productSorts = map[string]productSort{
	"createdAt":  {"createdAt", false, bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}},
	"-createdAt": {"createdAt", true, bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
	// Names are unique: the mirror's _id tiebreak never decides.
	"name":   {"name", false, bson.D{{Key: "name", Value: 1}}},
	"-name":  {"name", true, bson.D{{Key: "name", Value: -1}}},
	"price":  {"price", false, bson.D{{Key: "price", Value: 1}, {Key: "_id", Value: 1}}},
	"-price": {"price", true, bson.D{{Key: "price", Value: -1}, {Key: "_id", Value: -1}}},
}

// stampProjection is what ProductStamps reads of a product with MongoDB.
var stampProjection = bson.D{{Key: "_id", Value: 1}, {Key: "category", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "updatedAt", Value: 1}}

// ProductStamps lists every product's stamp in catalogue order: embedded,
// one copy of the mirror's stamp index (its list of stamps in that order,
// kept with every write); with MongoDB, the index created_at with only the
// stamp's fields.
func (s *Store) ProductStamps(ctx context.Context) ([]shop.ProductStamp, error) {
	if m := s.products.mem; m != nil {
		if err := m.Await(ctx); err != nil {
			return nil, err
		}
		if m.StaleDocuments() > 0 {
			return nil, mirror.ErrStale
		}
		out, _ := m.Mem.CopyStamps()
		return out, nil
	}
	cur, err := s.products.c.Find(ctx, bson.D{}, options.Find().SetSort(productSorts["createdAt"].mongo).SetProjection(stampProjection))
	if err != nil {
		return nil, translate(err, "")
	}
	defer cur.Close(ctx)
	out := []shop.ProductStamp{}
	for cur.Next(ctx) {
		var d mirror.Product
		if err := cur.Decode(&d); err != nil {
			return nil, translate(err, "")
		}
		out = append(out, mirror.ProductStamp(&d))
	}
	return out, translate(cur.Err(), "")
}

// ListProducts returns one page of the catalogue and the number of matches:
// the words of q and the filters (issue 35), ranked when q has words and
// no sort is asked.
func (s *Store) ListProducts(ctx context.Context, q shop.ProductQuery) ([]shop.Product, int64, error) {
	if q.Q != "" && len(q.Words) == 0 {
		if q.Words = shop.QueryWords(q.Q); len(q.Words) == 0 {
			return []shop.Product{}, 0, nil // no word to find
		}
	}
	sortName := q.Sort
	if sortName == "" {
		sortName = "createdAt" // ranked: catalogue order within a rank
	}
	ps, ok := productSorts[sortName]
	if !ok {
		ps = productSorts["createdAt"]
	}
	if m := s.products.mem; m != nil {
		if err := m.Await(ctx); err != nil {
			return nil, 0, err
		}
		if m.StaleDocuments() > 0 {
			return nil, 0, mirror.ErrStale
		}
		docs, total := mirror.ListProducts(m.Mem, q, mirror.ProductSort{Index: ps.index, Desc: ps.desc})
		return mirror.ShopAll[shop.Product](docs), total, nil
	}
	filter := productFilter(q)
	if q.InStock && s.nonAtomic {
		// FerretDB v1 over MONGODB_URI (tests only) has no $expr: the
		// stock is compared here, on what the other filters found.
		filter = productFilter(shop.ProductQuery{Words: q.Words, Typos: q.Typos, Category: q.Category, MinPrice: q.MinPrice, MaxPrice: q.MaxPrice})
	}
	if q.Ranked() {
		return s.rankedProducts(ctx, q, filter)
	}
	if q.InStock && s.nonAtomic {
		docs, err := s.products.findAll(ctx, filter, options.Find().SetSort(ps.mongo))
		if err != nil {
			return nil, 0, err
		}
		var in []mirror.Product
		for _, d := range docs {
			if d.Available >= d.Minimum {
				in = append(in, d)
			}
		}
		page := in[min(q.Skip, len(in)):min(q.Skip+q.Limit, len(in))]
		return mirror.ShopAll[shop.Product](page), int64(len(in)), nil
	}
	docs, total, err := s.products.list(ctx, listQuery[mirror.Product]{sort: ps.mongo, skip: q.Skip, limit: q.Limit, filter: filter})
	return mirror.ShopAll[shop.Product](docs), total, err
}

// productFilter is MongoDB's filter of a catalogue query: each word an
// anchored prefix of one of the searchTerms, or its stem whole, or (typos)
// one typo away from one's start (the multikey index search_terms), the
// category (category_order), the price range (price_order), and stock at
// least the minimum.
func productFilter(q shop.ProductQuery) bson.D {
	filter := bson.D{}
	if len(q.Words) > 0 {
		var all bson.A
		for _, w := range shop.StemmedWords(q.Words) {
			any := bson.A{
				bson.D{{Key: "searchTerms", Value: bson.D{{Key: "$regex", Value: "^" + regexp.QuoteMeta(w.Word)}}}},
				bson.D{{Key: "searchTerms", Value: bson.D{{Key: "$in", Value: bson.A{w.Stem, shop.StemMark + w.Stem}}}}},
			}
			if q.Typos && shop.MayTypo([]string{w.Word}) {
				any = append(any, bson.D{{Key: "searchTerms", Value: bson.D{{Key: "$regex", Value: typoPattern(w.Word)}}}})
			}
			all = append(all, bson.D{{Key: "$or", Value: any}})
		}
		filter = append(filter, bson.E{Key: "$and", Value: all})
	}
	if q.Category != "" {
		filter = append(filter, bson.E{Key: "category", Value: q.Category})
	}
	if q.MinPrice != nil || q.MaxPrice != nil {
		r := bson.D{}
		if q.MinPrice != nil {
			r = append(r, bson.E{Key: "$gte", Value: q.MinPrice.Float()})
		}
		if q.MaxPrice != nil {
			r = append(r, bson.E{Key: "$lte", Value: q.MaxPrice.Float()})
		}
		filter = append(filter, bson.E{Key: "price", Value: r})
	}
	if q.InStock {
		filter = append(filter, bson.E{Key: "$expr", Value: bson.D{{Key: "$gte", Value: bson.A{"$avaialbequantit", "$minimumquantity"}}}})
	}
	return filter
}

// typoPattern is a regular expression of the terms that start one typo
// away from word (shop.TypoMatch): a letter dropped, added, changed, or
// two neighbours swapped. Its wildcard never matches a stem's mark.
func typoPattern(word string) string {
	w := []rune(word)
	q := func(rs []rune) string { return regexp.QuoteMeta(string(rs)) }
	const any = "[^\x01]"
	var alts []string
	for i := range w {
		alts = append(alts, q(w[:i])+q(w[i+1:]))     // dropped
		alts = append(alts, q(w[:i])+any+q(w[i+1:])) // changed
		alts = append(alts, q(w[:i])+any+q(w[i:]))   // added
		if i+1 < len(w) {
			alts = append(alts, q(w[:i])+q(w[i+1:i+2])+q(w[i:i+1])+q(w[i+2:])) // swapped
		}
	}
	alts = append(alts, q(w)+any) // added at the end
	return "^(?:" + strings.Join(alts, "|") + ")"
}

// rankedProducts is a search's page on MongoDB in rank order: the matches'
// ranking fields (served by search_terms), ranked here as the mirror ranks
// them, then the page's products by _id.
func (s *Store) rankedProducts(ctx context.Context, q shop.ProductQuery, filter bson.D) ([]shop.Product, int64, error) {
	var hits []mirror.Product
	projection := bson.D{{Key: "name", Value: 1}, {Key: "sku", Value: 1}, {Key: "description", Value: 1}, {Key: "specs", Value: 1}, {Key: "createdAt", Value: 1},
		{Key: "avaialbequantit", Value: 1}, {Key: "minimumquantity", Value: 1}, {Key: "category", Value: 1}}
	err := s.products.each(ctx, nil, filter, projection, func(d *mirror.Product) {
		if !q.InStock || d.Available >= d.Minimum { // (FerretDB: not in the filter)
			hits = append(hits, *d)
		}
	})
	if err != nil {
		return nil, 0, err
	}
	ranks := make([]int, len(hits))
	words := shop.StemmedWords(q.Words)
	for i := range hits {
		ranks[i] = hits[i].Rank(words, q.Typos)
	}
	order := make([]int, len(hits))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmp.Compare(ranks[a], ranks[b]); c != 0 {
			return c
		}
		if c := hits[a].CreatedAt.Compare(hits[b].CreatedAt); c != 0 {
			return c
		}
		return mirror.CompareIDs(hits[a].ID, hits[b].ID)
	})
	total := int64(len(hits))
	if q.Skip >= len(order) {
		return []shop.Product{}, total, nil
	}
	page := order[q.Skip:min(q.Skip+q.Limit, len(order))]
	ids := make(bson.A, len(page))
	for i, j := range page {
		ids[i] = hits[j].ID
	}
	docs, err := s.products.findAll(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}})
	if err != nil {
		return nil, 0, err
	}
	byID := make(map[mirror.ID]mirror.Product, len(docs))
	for _, d := range docs {
		byID[d.ID] = d
	}
	out := make([]shop.Product, 0, len(page))
	for _, j := range page {
		if d, ok := byID[hits[j].ID]; ok {
			out = append(out, d.Shop())
		}
	}
	return out, total, nil
}

// FindProductBySKU returns the product with this SKU.
func (s *Store) FindProductBySKU(ctx context.Context, sku string) (shop.Product, error) {
	d, err := s.products.getBy(ctx, "sku", sku, bson.D{{Key: "sku", Value: sku}})
	return d.Shop(), err
}

// FindProduct returns the product with the given id.
func (s *Store) FindProduct(ctx context.Context, id string) (shop.Product, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Product{}, err
	}
	d, err := s.products.get(ctx, oid)
	return d.Shop(), err
}

// FindProductByName returns the product with exactly this name.
func (s *Store) FindProductByName(ctx context.Context, name string) (shop.Product, error) {
	d, err := s.products.getBy(ctx, "name", name, bson.D{{Key: "name", Value: name}})
	return d.Shop(), err
}

// CountProducts returns the size of the catalogue.
func (s *Store) CountProducts(ctx context.Context) (int64, error) {
	return s.products.count(ctx)
}

func objectID(id string) (mirror.ID, error) {
	if err := shop.CheckID(id); err != nil {
		return mirror.ID{}, err
	}
	oid, err := idFromHex(id)
	if err != nil {
		return mirror.ID{}, shop.Errorf(shop.EINVALID, "%q is not a valid id.", id)
	}
	return oid, nil
}

// InsertProduct adds a product (ECONFLICT when the name is taken).
func (s *Store) InsertProduct(ctx context.Context, d shop.ProductDraft) (string, error) {
	doc := s.productDoc(d, s.now())
	if err := s.products.insert(ctx, doc); err != nil {
		return "", s.productTaken(ctx, translate(err, ""), mirror.ID{}, d.SKU)
	}
	return doc.ID.Hex(), nil
}

// nameTaken words a duplicate key on products: the unique name index.
func nameTaken(err error) error {
	if isDuplicate(err) {
		return &shop.Error{Code: shop.ECONFLICT, Message: "A product with this name already exists.", Cause: err}
	}
	return err
}

// productTaken words a duplicate key of the product id (none: a new one)
// with this SKU: the unique sku index when another product has the SKU
// (FerretDB's message does not name the index), else the unique name index.
func (s *Store) productTaken(ctx context.Context, err error, id mirror.ID, sku string) error {
	if !isDuplicate(err) {
		return err
	}
	if sku != "" {
		if other, ferr := s.products.getBy(ctx, "sku", sku, bson.D{{Key: "sku", Value: sku}}); ferr == nil && other.ID != id {
			return &shop.Error{Code: shop.ECONFLICT, Message: shop.MsgSKUTaken, Cause: err}
		}
	}
	return nameTaken(err)
}

// ReplaceProduct stores d as the product's new values, only if the product
// is still as it was when read (its updatedAt and its stock), so that an
// edit never silently undoes an order's stock change made in between.
func (s *Store) ReplaceProduct(ctx context.Context, read shop.Product, d shop.ProductDraft) (shop.UpdateResult, error) {
	oid, err := objectID(read.ID)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	at := s.now()
	d = d.Normal()
	res, err := s.products.update(ctx, oid, guard[mirror.Product]{
		filter: bson.D{{Key: "updatedAt", Value: read.UpdatedAt}, {Key: "avaialbequantit", Value: read.Available}},
		check:  mirror.Unchanged(read),
		apply: func(p mirror.Product) (bson.D, mirror.Product) {
			p = p.WithDraft(d, at)
			return setDraft(d, s.storedTerms(d), bson.E{Key: "updatedAt", Value: p.UpdatedAt}), p
		},
	}, setDraft(d, s.storedTerms(d), bson.E{Key: "updatedAt", Value: at}))
	return res, s.productTaken(ctx, err, oid, d.SKU)
}

// DeleteProduct removes a product. Orders keep their own copy of its name,
// price and image.
func (s *Store) DeleteProduct(ctx context.Context, id string) (shop.DeleteResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	gone, err := s.products.remove(ctx, oid, guard[mirror.Product]{})
	if err != nil {
		return shop.DeleteResult{}, err
	}
	// Its documents' bytes go with it (issue 48); a failure here leaves
	// bytes nothing lists, never a listed document without them.
	if len(gone.Documents) > 0 {
		ids := make([]string, len(gone.Documents))
		for i, d := range gone.Documents {
			ids[i] = d.ID.Hex()
		}
		if err := s.DeleteDocumentFiles(context.WithoutCancel(ctx), ids); err != nil {
			s.log.ErrorContext(ctx, "a deleted product's documents could not be deleted", "product", id, "error", err)
		}
	}
	return shop.DeleteResult{Acknowledged: true, DeletedCount: 1}, nil
}

// searchTermsVersion is the version of the search terms products store
// (shop.SearchTerms): 2 since issue 48 added stems and the category. A store whose products carry an older version has them
// recomputed once at start (its counter document "search_terms" says
// which it has).
const searchTermsVersion = 2

// fillSearchTerms gives the products stored before the search's terms
// (issue 35) their searchTerms on MongoDB, at start: those without any
// (served by the search_terms index, where a missing field is null), such
// as products restored from an embedded store's backup; and, once, every
// product when the terms' version changed. The embedded store stores none
// (storedTerms): its mirror computes them at load.
func (s *Store) fillSearchTerms(ctx context.Context) error {
	if s.Embedded() {
		return nil
	}
	counters := s.db.Collection(CollCounters)
	var version struct {
		Seq int64 `bson:"seq"`
	}
	if err := counters.FindOne(ctx, bson.D{{Key: "_id", Value: "search_terms"}}).Decode(&version); err != nil && shop.ErrorCode(translate(err, "")) != shop.ENOTFOUND {
		return fmt.Errorf("read the search terms' version: %w", err)
	}
	filter := bson.D{{Key: "searchTerms", Value: nil}}
	if version.Seq < searchTermsVersion {
		filter = bson.D{}
	}
	var ids []mirror.ID
	err := s.products.each(ctx, nil, filter, bson.D{{Key: "_id", Value: 1}}, func(d *mirror.Product) { ids = append(ids, d.ID) })
	if err != nil {
		return fmt.Errorf("find the products without search terms: %w", err)
	}
	if err := s.storeSearchTerms(ctx, ids); err != nil {
		return err
	}
	if len(ids) > 0 {
		s.log.Info("search terms stored", "products", len(ids))
	}
	if version.Seq < searchTermsVersion {
		// $max: never lowered; two instances starting at once both upsert,
		// and the one that loses the insert finds the version recorded (a
		// duplicate key) by the other.
		_, err := counters.UpdateOne(ctx, bson.D{{Key: "_id", Value: "search_terms"}}, bson.D{{Key: "$max", Value: bson.D{{Key: "seq", Value: searchTermsVersion}}}},
			options.UpdateOne().SetUpsert(true))
		if err != nil && !isDuplicate(err) {
			return fmt.Errorf("record the search terms' version: %w", err)
		}
	}
	return nil
}

// storeSearchTerms writes the search terms of these products as their
// fields give them (MongoDB only: a category's rename, which changes them,
// and start-up).
func (s *Store) storeSearchTerms(ctx context.Context, ids []mirror.ID) error {
	if s.Embedded() {
		return nil
	}
	for _, id := range ids {
		cur, err := s.products.get(ctx, id)
		if err != nil {
			if shop.ErrorCode(err) == shop.ENOTFOUND {
				continue
			}
			return err
		}
		terms, _, _ := cur.Terms()
		_, err = s.products.update(ctx, id, guard[mirror.Product]{
			apply: func(p mirror.Product) (bson.D, mirror.Product) {
				p.SearchTerms, _, _ = p.Terms()
				return bson.D{{Key: "$set", Value: bson.D{{Key: "searchTerms", Value: p.SearchTerms}}}}, p
			},
		}, bson.D{{Key: "$set", Value: bson.D{{Key: "searchTerms", Value: terms}}}})
		if err != nil && shop.ErrorCode(err) != shop.ENOTFOUND {
			return fmt.Errorf("store the search terms of %s: %w", id.Hex(), err)
		}
	}
	return nil
}
