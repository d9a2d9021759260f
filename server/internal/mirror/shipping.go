package mirror

import (
	"strings"

	"storefront/server/internal/shop"
)

// ShippingMethod is a delivery option (collection `shipping_methods`,
// issue 48): see shop.ShippingMethod. Money in dollars, weights in grams.
type ShippingMethod struct {
	ID        ID             `bson:"_id"`
	Name      string         `bson:"name"`
	Kind      string         `bson:"kind"`
	Countries []string       `bson:"countries"`
	Rates     []ShippingRate `bson:"rates"`
	FreeOver  *float64       `bson:"freeOver,omitempty"`
	Days      int64          `bson:"days"`
	// Revision is raised by every change: an edit is stored over the
	// revision it read.
	Revision int64 `bson:"revision"`
}

// ShippingRate is a stored weight band.
type ShippingRate struct {
	MaxGrams int64   `bson:"maxGrams"`
	Price    float64 `bson:"price"`
}

// Shop is the method as the domain has it.
func (d ShippingMethod) Shop() shop.ShippingMethod {
	m := shop.ShippingMethod{ID: d.ID.Hex(), Name: d.Name, Kind: shop.ShippingKind(d.Kind), Countries: append([]string{}, d.Countries...),
		Rates: make([]shop.ShippingRate, len(d.Rates)), Days: d.Days, Revision: d.Revision}
	for i, r := range d.Rates {
		m.Rates[i] = shop.ShippingRate{MaxKg: shop.Weight(r.MaxGrams), Price: shop.CentsFromFloat(r.Price)}
	}
	if d.FreeOver != nil {
		c := shop.CentsFromFloat(*d.FreeOver)
		m.FreeOver = &c
	}
	return m
}

// ShippingMethodOf is the stored form of m under id, at revision.
func ShippingMethodOf(id ID, m shop.ShippingMethod, revision int64) ShippingMethod {
	d := ShippingMethod{ID: id, Name: m.Name, Kind: string(m.Kind), Countries: append([]string{}, m.Countries...),
		Rates: make([]ShippingRate, len(m.Rates)), Days: m.Days, Revision: revision}
	for i, r := range m.Rates {
		d.Rates[i] = ShippingRate{MaxGrams: int64(r.MaxKg), Price: r.Price.Float()}
	}
	if m.FreeOver != nil {
		f := m.FreeOver.Float()
		d.FreeOver = &f
	}
	return d
}

// ShippingMethods keeps the methods by id and by name.
func ShippingMethods(name string) *Mirror[ID, ShippingMethod] {
	return &Mirror[ID, ShippingMethod]{
		Name: name, IDOf: func(d *ShippingMethod) ID { return d.ID }, CmpID: CompareIDs,
		Orders: []*OrderIndex[ID, ShippingMethod]{
			{Name: "name", Cmp: func(a, b *ShippingMethod) int { return strings.Compare(a.Name, b.Name) }},
		},
	}
}

// ShippingRevision is an edit's precondition: the method is still at the
// revision read (MongoDB: {revision: read}).
func ShippingRevision(read int64) func(ShippingMethod) error {
	return func(d ShippingMethod) error {
		if d.Revision != read {
			return shop.Errorf(shop.ECONFLICT, "The shipping method was changed at the same time. Reload and try again.")
		}
		return nil
	}
}

// Shipping is a purchase's stored delivery line (shop.Shipping), money in
// dollars.
type Shipping struct {
	MethodID string  `bson:"methodId,omitempty"`
	Name     string  `bson:"name"`
	Kind     string  `bson:"kind"`
	Price    float64 `bson:"price"`
	Tax      float64 `bson:"tax"`
	Days     int64   `bson:"days"`
	OnQuote  bool    `bson:"onQuote,omitempty"`
}

// ShippingOf is the stored form of s (nil for none).
func ShippingOf(s *shop.Shipping) *Shipping {
	if s == nil {
		return nil
	}
	return &Shipping{MethodID: s.MethodID, Name: s.Name, Kind: string(s.Kind), Price: s.Price.Float(), Tax: s.Tax.Float(), Days: s.Days, OnQuote: s.OnQuote}
}

// Shop is the line as the domain has it (nil for none).
func (d *Shipping) Shop() *shop.Shipping {
	if d == nil {
		return nil
	}
	return &shop.Shipping{MethodID: d.MethodID, Name: d.Name, Kind: shop.ShippingKind(d.Kind), Price: shop.CentsFromFloat(d.Price),
		Tax: shop.CentsFromFloat(d.Tax), Days: d.Days, OnQuote: d.OnQuote}
}
