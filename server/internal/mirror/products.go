package mirror

import (
	"cmp"
	"encoding/hex"
	"slices"
	"strings"
	"time"

	"storefront/server/internal/shop"
)

// Product is a product as stored in the `service` collection.
type Product struct {
	ID          ID          `bson:"_id,omitempty"`
	Name        string      `bson:"name"`
	Price       float64     `bson:"price"`
	Image       string      `bson:"image"`
	Description string      `bson:"description"`
	Available   int64       `bson:"avaialbequantit"`
	Minimum     int64       `bson:"minimumquantity"`
	Email       string      `bson:"email"`
	CreatedAt   time.Time   `bson:"createdAt"`
	UpdatedAt   time.Time   `bson:"updatedAt"`
	Holds       []StockHold `bson:"stockHolds,omitempty"` // stock.go
	// Issue 35. Specs and Images are nil when none are stored (documents
	// from before them; the API answers [] and [image]).
	SKU      string   `bson:"sku,omitempty"`
	Category string   `bson:"category,omitempty"`
	Specs    SpecList `bson:"specs"`
	Images   []string `bson:"images"`
	// SearchTerms are the folded words the search finds it by
	// (shop.SearchTerms), stored for MongoDB's multikey index only: the
	// embedded store stores none, and the mirror keeps none (its word
	// index computes them from the fields: Terms).
	SearchTerms []string `bson:"searchTerms"`
	// Issue 45: the volume breaks (none: absent or null).
	Tiers []Tier `bson:"tiers,omitempty"`
	// Issue 48 (parts.go): the documents, spare parts and accessories,
	// OEM part numbers (none: absent or null).
	Documents   []DocumentRef `bson:"documents,omitempty"`
	Parts       []ID          `bson:"parts,omitempty"`
	Accessories []ID          `bson:"accessories,omitempty"`
	OEMNumbers  []string      `bson:"oemNumbers,omitempty"`
	// Issue 48: the weight in grams and the lead time in days (absent: 0).
	WeightGrams  int64 `bson:"weightGrams,omitempty"`
	LeadTimeDays int64 `bson:"leadTimeDays,omitempty"`
}

// Spec is a stored specification.
type Spec struct {
	Name  string `bson:"name"`
	Value string `bson:"value"`
	Unit  string `bson:"unit,omitempty"`
}

// Tier is a stored volume break: the percentage as a number of percent.
type Tier struct {
	Min        int64   `bson:"min"`
	PercentOff float64 `bson:"percentOff"`
}

// Tiers are the stored volume breaks of the domain's (nil for none).
func Tiers(tiers []shop.Tier) []Tier {
	if len(tiers) == 0 {
		return nil
	}
	out := make([]Tier, len(tiers))
	for i, t := range tiers {
		out[i] = Tier{Min: t.Min, PercentOff: shop.Cents(t.PercentOff).Float()}
	}
	return out
}

func (d *Product) shopTiers() []shop.Tier {
	if len(d.Tiers) == 0 {
		return nil
	}
	out := make([]shop.Tier, len(d.Tiers))
	for i, t := range d.Tiers {
		out[i] = shop.Tier{Min: t.Min, PercentOff: shop.Percent(shop.CentsFromFloat(t.PercentOff))}
	}
	return out
}

// Specs are the stored specifications of the domain's (the zero list for
// none).
func Specs(specs []shop.Spec) SpecList {
	out := make([]Spec, len(specs))
	for i, s := range specs {
		out[i] = Spec(s)
	}
	return PackSpecs(out)
}

func (d *Product) shopSpecs() []shop.Spec {
	out := make([]shop.Spec, 0, d.Specs.Len())
	for s := range d.Specs.Each() {
		out = append(out, shop.Spec(s))
	}
	return out
}

// prepare normalises what the store gives back (an empty list as nil) and
// drops the stored search terms (an older embedded store's: the mirror's
// are computed).
func (d *Product) prepare() {
	if len(d.Images) == 0 {
		d.Images = nil
	} else if d.Image == d.Images[0] {
		d.Image = d.Images[0] // one copy of the main picture's address
	}
	d.SearchTerms = nil
	if len(d.Holds) == 0 {
		d.Holds = nil
	}
	if len(d.Documents) == 0 {
		d.Documents = nil
	}
	if len(d.Parts) == 0 {
		d.Parts = nil
	}
	if len(d.Accessories) == 0 {
		d.Accessories = nil
	}
	if len(d.OEMNumbers) == 0 {
		d.OEMNumbers = nil
	}
}

// Searchable is what the product is found by.
func (d *Product) Searchable() shop.Searchable {
	return shop.Searchable{Name: d.Name, SKU: d.SKU, Description: d.Description, Category: d.Category, Specs: d.shopSpecs(), OEMNumbers: d.OEMNumbers}
}

// Terms are the product's search terms as its fields give them, and how
// many of the first come from the name and then the SKU (the rank).
func (d *Product) Terms() (terms []string, nameN, skuN int) {
	return shop.SearchTerms(d.Searchable())
}

// Rank is where the search's words match it (shop.SearchRank).
func (d *Product) Rank(words []shop.QueryWord, typos bool) int {
	terms, nameN, skuN := d.Terms()
	return shop.SearchRank(words, terms, nameN, skuN, typos)
}

// sameTerms reports whether two versions of a product have the same
// search terms: those of the same fields (the category's words are terms).
func sameTerms(a, b *Product) bool {
	return a.Name == b.Name && a.SKU == b.SKU && a.Description == b.Description && a.Category == b.Category && a.Specs == b.Specs &&
		slices.Equal(a.OEMNumbers, b.OEMNumbers)
}

// Shop is the document as the domain has it.
func (d Product) Shop() shop.Product {
	return shop.Product{
		ID: d.ID.Hex(), Name: d.Name, Price: shop.CentsFromFloat(d.Price), Image: d.Image,
		Description: d.Description, Available: d.Available, Minimum: d.Minimum, Email: d.Email,
		CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC(),
		SKU: d.SKU, Category: d.Category, Specs: d.shopSpecs(), Images: d.images(),
		Tiers: d.shopTiers(), Documents: d.shopDocuments(), Parts: hexesOrEmpty(d.Parts), Accessories: hexesOrEmpty(d.Accessories),
		OEMNumbers: append([]string{}, d.OEMNumbers...), WeightKg: shop.Weight(d.WeightGrams), LeadTimeDays: d.LeadTimeDays,
	}
}

func (d *Product) images() []string {
	if len(d.Images) == 0 {
		return []string{d.Image}
	}
	return append([]string(nil), d.Images...)
}

// Admits is the filters of a catalogue query (MongoDB: ProductFilter's).
func Admits(q shop.ProductQuery) func(*Product) bool {
	if q.Category == "" && q.MinPrice == nil && q.MaxPrice == nil && !q.InStock {
		return nil
	}
	return func(d *Product) bool {
		price := shop.CentsFromFloat(d.Price)
		return (q.Category == "" || d.Category == q.Category) &&
			(q.MinPrice == nil || price >= *q.MinPrice) && (q.MaxPrice == nil || price <= *q.MaxPrice) &&
			(!q.InStock || d.Available >= d.Minimum)
	}
}

// Products is the in-memory catalogue: by id, by name, and in each
// order the list can be sorted by.
func Products(name string) *Mirror[ID, Product] {
	pool, stems := newStrs(), newStemMemo()
	return &Mirror[ID, Product]{
		Name: name, IDOf: func(d *Product) ID { return d.ID }, CmpID: CompareIDs,
		// The owner's e-mail and the category, the same in many products,
		// held once (strs).
		Prepare: func(d *Product) {
			d.prepare()
			pool.all(&d.Email, &d.Category)
		},
		strs: pool,
		Keys: []*KeyIndex[ID, Product]{
			{Name: "name", Key: func(d *Product) (string, bool) { return d.Name, true }},
			// Unique where present (MongoDB: the sparse unique sku index).
			{Name: "sku", Key: func(d *Product) (string, bool) { return d.SKU, d.SKU != "" }},
		},
		Orders: []*OrderIndex[ID, Product]{
			{Name: "createdAt", Cmp: func(a, b *Product) int { return a.CreatedAt.Compare(b.CreatedAt) }},
			{Name: "name", Cmp: func(a, b *Product) int { return strings.Compare(a.Name, b.Name) }},
			{Name: "price", Cmp: func(a, b *Product) int { return cmp.Compare(a.Price, b.Price) }},
			// A category's products in catalogue order: its count, and the
			// category filter.
			{Name: "category", Group: func(d *Product) string { return d.Category }, Cmp: func(a, b *Product) int { return a.CreatedAt.Compare(b.CreatedAt) }},
			// Issues 46 and 48: a category's products by price and by name,
			// and the products that cannot be bought by category and price,
			// so that the filters are answered from sorted lists
			// (catalogue.go) rather than by a walk of every product.
			{Name: "categoryPrice", Group: func(d *Product) string { return d.Category }, Cmp: func(a, b *Product) int { return cmp.Compare(a.Price, b.Price) }},
			{Name: "categoryName", Group: func(d *Product) string { return d.Category }, Cmp: func(a, b *Product) int { return strings.Compare(a.Name, b.Name) }},
			// The products with a stock hold (the few between an order's
			// steps), which the recovery at start and every minute reads
			// (a walk of every product was 0.8 CPU-s at 100,000).
			{Name: IndexHolds, Group: func(d *Product) string {
				if len(d.Holds) == 0 {
					return NotIndexed
				}
				return ""
			}, Cmp: func(a, b *Product) int { return a.CreatedAt.Compare(b.CreatedAt) }},
			{Name: IndexUnbuyable, Group: func(d *Product) string {
				if !LowStock(d) {
					return NotIndexed
				}
				return d.Category
			}, Cmp: func(a, b *Product) int { return cmp.Compare(a.Price, b.Price) }},
		},
		// the search (q): each word a prefix of one of the terms, ranked by
		// the name's terms, then the SKU's, then the rest (Rank)
		Words: &WordIndex[ID, Product]{Name: "searchTerms", Same: sameTerms, Terms: func(d *Product) ([]string, [wordTiers - 1]int) {
			terms, nameN, skuN := shop.SearchTermsStemmed(d.Searchable(), stems.of)
			return terms, [wordTiers - 1]int{nameN, nameN + skuN}
		}},
		// Issue 48: the machines that list a product among their parts or
		// accessories (GET /service?partOf=).
		Links: []*LinkIndex[ID, Product]{{Name: "fittedWith", Targets: FittedTargets}},
		// The sitemap's stamps, in catalogue order (issue 46).
		Stamps: &StampIndex[ID, Product]{Name: "stamps", Stamp: ProductStamp},
	}
}

// ProductStamp is what the sitemap reads of a product.
func ProductStamp(d *Product) shop.ProductStamp {
	return shop.ProductStamp{ID: d.ID.Hex(), Category: d.Category, CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC()}
}

// Unchanged is ReplaceProduct's precondition: the product is still as it
// was read, its updatedAt and its stock (MongoDB: the same two fields in the
// filter).
func Unchanged(read shop.Product) func(Product) error {
	return func(p Product) error {
		if !p.UpdatedAt.Equal(read.UpdatedAt) || p.Available != read.Available {
			return shop.Errorf(shop.ECONFLICT, "The product changed while you were editing it. Reload it and save again.")
		}
		return nil
	}
}

// LowStock matches the products whose stock is below their minimum order:
// those of the order index IndexUnbuyable.
func LowStock(d *Product) bool { return d.Available < d.Minimum }

// IndexUnbuyable is the products no one can buy (LowStock), each
// category's by price.
const IndexUnbuyable = "unbuyable"

// IndexHolds is the products' index of those with a stock hold.
const IndexHolds = "holds"

// ImportChange is one existing product an import changes: every field of
// the draft but the stock, which moves by the draft's stock less the stock
// the import read (a guarded difference, never an overwrite: what orders
// took or gave back since the read stands, and the product's stock holds
// stay).
type ImportChange struct {
	ID    ID
	Name  string // as read: a product renamed since is left alone
	Draft shop.ProductDraft
	Read  int64 // the stock the import read
	// Documents are listed after the product's own (issue 48: the
	// import's documents column; their bytes are stored already).
	Documents []DocumentRef
}

// Delta is how much the stock moves.
func (c ImportChange) Delta() int64 { return c.Draft.Available - c.Read }

// Refusal is the change's precondition, written once for both stores: why
// the stock of an existing product could not move as its row asks, or nil.
// The stock would go below zero, orders having taken more since the import
// read it (MongoDB's filter: {avaialbequantit: {$gte: -delta}}).
func (c ImportChange) Refusal(cur Product) error {
	if len(c.Documents) > 0 && len(cur.Documents)+len(c.Documents) > shop.MaxDocuments {
		return shop.Errorf(shop.ECONFLICT, shop.MsgDocumentsFull)
	}
	if cur.Available+c.Delta() < 0 {
		return shop.Errorf(shop.ECONFLICT, "Its stock is %d now: orders took %d since the import read %d, and the file's %d would leave less than none. The row was not imported; run the import again.",
			cur.Available, c.Read-cur.Available, c.Read, c.Draft.Available)
	}
	return nil
}

// Apply is the product as the change leaves it (the mirror's copy).
func (c ImportChange) Apply(cur Product, at time.Time) Product {
	next := cur
	next.Name, next.Price, next.Image, next.Description = c.Draft.Name, c.Draft.Price.Float(), c.Draft.Image, c.Draft.Description
	next.Minimum, next.Email, next.UpdatedAt = c.Draft.Minimum, c.Draft.Email, at
	next.SKU, next.Category, next.Specs, next.Images, next.SearchTerms = c.Draft.SKU, c.Draft.Category, Specs(c.Draft.Specs), c.Draft.Images, nil
	next.Tiers = Tiers(c.Draft.Tiers)
	next.Parts, next.Accessories, next.OEMNumbers = IDs(c.Draft.Parts), IDs(c.Draft.Accessories), c.Draft.OEMNumbers
	next.WeightGrams, next.LeadTimeDays = int64(c.Draft.Weight), c.Draft.LeadTime
	next.Available += c.Delta()
	if len(c.Documents) > 0 {
		next.Documents = append(slices.Clip(cur.Documents), c.Documents...)
	}
	return next
}

// NextUpdate is the updatedAt of a product's next write at time at: at, or a
// millisecond after the last one when the clock has not moved past it, so
// that on the embedded store (whose single writer computes it) updatedAt
// names one version of the product, and an edit read at one version is
// never saved over another. (MongoDB's writes set the time as it is: two
// writes to one product within a millisecond share it.)
func NextUpdate(at, last time.Time) time.Time {
	if at.After(last) {
		return at
	}
	return last.Add(time.Millisecond)
}

// WithDraft is the product with the draft's values, written at at
// (ReplaceProduct's copy in the mirror).
func (p Product) WithDraft(d shop.ProductDraft, at time.Time) Product {
	p.Name, p.Price, p.Image, p.Description = d.Name, d.Price.Float(), d.Image, d.Description
	p.Available, p.Minimum, p.Email, p.UpdatedAt = d.Available, d.Minimum, d.Email, NextUpdate(at, p.UpdatedAt)
	p.SKU, p.Category, p.Specs, p.Images, p.SearchTerms = d.SKU, d.Category, Specs(d.Specs), d.Images, nil
	p.Tiers = Tiers(d.Tiers)
	p.Parts, p.Accessories, p.OEMNumbers = IDs(d.Parts), IDs(d.Accessories), d.OEMNumbers
	p.WeightGrams, p.LeadTimeDays = int64(d.Weight), d.LeadTime
	return p
}

// WithStock is the product with a new stock and holds, written at at (the
// zero time: updatedAt stays).
func (p Product) WithStock(available int64, holds []StockHold, at time.Time) Product {
	p.Available, p.Holds = available, holds
	if !at.IsZero() {
		p.UpdatedAt = NextUpdate(at, p.UpdatedAt)
	}
	return p
}

// DocumentRef is one of a product's documents as the product lists it
// (its bytes are in the bucket `documents`, the file's _id the same).
type DocumentRef struct {
	ID   ID     `bson:"_id"`
	Name string `bson:"name"`
	Kind string `bson:"kind"`
	Size int64  `bson:"size"`
	// SHA256 is the bytes' digest (hex; "" for those listed before issue
	// 48's import, whose file's metadata has it): an import attaches the
	// same bytes once.
	SHA256 string `bson:"sha256,omitempty"`
}

func (d *Product) shopDocuments() []shop.Document {
	out := make([]shop.Document, len(d.Documents))
	for i, r := range d.Documents {
		out[i] = shop.Document{ID: r.ID.Hex(), Name: r.Name, Kind: r.Kind, Size: r.Size}
	}
	return out
}

// FittedTargets are the ids a product lists as its parts and accessories
// (the link index fittedWith).
func FittedTargets(d *Product) []string {
	if len(d.Parts)+len(d.Accessories) == 0 {
		return nil
	}
	out := make([]string, 0, len(d.Parts)+len(d.Accessories))
	for _, id := range d.Parts {
		out = append(out, string(id[:]))
	}
	for _, id := range d.Accessories {
		out = append(out, string(id[:]))
	}
	return out
}

// LinkKey is an id as FittedTargets lists it.
func LinkKey(id ID) string { return string(id[:]) }

// IDs are the stored ids of 24-hex-digit ones (nil for none; the caller
// has checked them).
func IDs(hexIDs []string) []ID {
	if len(hexIDs) == 0 {
		return nil
	}
	out := make([]ID, 0, len(hexIDs))
	for _, h := range hexIDs {
		var id ID
		if b, err := hex.DecodeString(h); err == nil && len(b) == len(id) {
			copy(id[:], b)
			out = append(out, id)
		}
	}
	return out
}

// hexesOrEmpty are ids in hex, [] for none (as a product answers them).
func hexesOrEmpty(ids []ID) []string {
	if out := hexes(ids); out != nil {
		return out
	}
	return []string{}
}

// CanAddDocument is a document's add's precondition: the product has
// fewer than shop.MaxDocuments (MongoDB: documents.19 does not exist).
func CanAddDocument(p Product) error {
	if len(p.Documents) >= shop.MaxDocuments {
		return shop.Errorf(shop.ECONFLICT, shop.MsgDocumentsFull)
	}
	return nil
}

// HasDocument is a document's removal's precondition: the product lists it.
func HasDocument(id ID) func(Product) error {
	return func(p Product) error {
		for _, r := range p.Documents {
			if r.ID == id {
				return nil
			}
		}
		return shop.Errorf(shop.ENOTFOUND, "The document was not found.")
	}
}
