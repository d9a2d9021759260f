package shop

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Issue 48: freight and delivery at checkout. A shipping method (collection
// `shipping_methods`) is one way a purchase reaches its buyer: picked up at
// the depot, delivered at a price by weight band and country (free above an
// order value), or freight an admin prices per purchase. Every figure a
// purchase is charged comes from one function (app.Purchases.figures),
// which POST /checkout/preview, POST /checkout and POST /order all call.

// ShippingKind is what a method is.
type ShippingKind string

// The kinds.
const (
	ShippingPickup   ShippingKind = "pickup"
	ShippingDelivery ShippingKind = "delivery"
	ShippingFreight  ShippingKind = "freight" // priced by an admin per purchase
)

// ShippingKinds are the kinds, as the API names them.
var ShippingKinds = []ShippingKind{ShippingPickup, ShippingDelivery, ShippingFreight}

// ShippingRate is one weight band: a purchase weighing at most MaxKg (and
// more than the band before) costs Price.
type ShippingRate struct {
	MaxKg Weight `json:"maxKg"`
	Price Cents  `json:"price"`
}

// ShippingMethod is one delivery option of the store.
type ShippingMethod struct {
	ID   string       `json:"_id"`
	Name string       `json:"name"`
	Kind ShippingKind `json:"kind"`
	// Countries it serves (ISO 3166-1 alpha-2); none: every country.
	Countries []string `json:"countries"`
	// Rates, by ascending MaxKg; a purchase heavier than the last band is
	// freight on quote. None (a delivery): free at any weight.
	Rates []ShippingRate `json:"rates"`
	// FreeOver: a purchase whose subtotal (before tax) is at least this
	// ships free (nil: never free).
	FreeOver *Cents `json:"freeOver"`
	// Days from dispatch to the buyer (the purchase's longest lead time
	// comes first).
	Days int64 `json:"days"`
	// Revision is the stored version an edit was read at.
	Revision int64 `json:"-"`
}

// Serves reports whether m delivers to country (a pick-up serves anyone).
func (m ShippingMethod) Serves(country string) bool {
	return m.Kind == ShippingPickup || len(m.Countries) == 0 || slices.Contains(m.Countries, country)
}

// Charge is what m charges for a purchase of this weight and subtotal
// (before tax): its price, or onQuote when an admin prices it (a freight
// method, or a weight above the last band).
func (m ShippingMethod) Charge(weight Weight, subtotal Cents) (price Cents, onQuote bool) {
	if m.Kind == ShippingFreight {
		return 0, true
	}
	if m.FreeOver != nil && subtotal >= *m.FreeOver {
		return 0, false
	}
	if len(m.Rates) == 0 {
		return 0, false
	}
	for _, r := range m.Rates {
		if weight <= r.MaxKg {
			return r.Price, false
		}
	}
	return 0, true
}

// Shipping limits.
const (
	MaxShippingNameLen  = 80
	MaxShippingRates    = 20
	MaxShippingDays     = 365
	MaxShippingMethods  = 50
	MaxShippingCountry  = 250
	MaxLeadTimeDays     = 365
	MaxWeight           = Weight(1_000_000_000) // a thousand tonnes, in grams
	MaxShippingPriceCts = MaxPrice
)

// ShippingMethodDraft is the input of POST /shipping/methods, and of PATCH
// /shipping/methods/{id} (each field sent replaces the method's).
type ShippingMethodDraft struct {
	Name      *string         `json:"name"`
	Kind      *ShippingKind   `json:"kind"`
	Countries *[]string       `json:"countries"`
	Rates     *[]ShippingRate `json:"rates"`
	FreeOver  OptionalCents   `json:"freeOver"`
	Days      *int64          `json:"days"`
}

// Apply returns m with the draft's fields (trimmed, the countries upper
// case, the rates by weight) and checks the result.
func (d ShippingMethodDraft) Apply(m ShippingMethod) (ShippingMethod, error) {
	if d.Name != nil {
		m.Name = strings.TrimSpace(*d.Name)
	}
	if d.Kind != nil {
		m.Kind = *d.Kind
	}
	if d.Countries != nil {
		m.Countries = make([]string, 0, len(*d.Countries))
		for _, c := range *d.Countries {
			m.Countries = append(m.Countries, strings.ToUpper(strings.TrimSpace(c)))
		}
	}
	if d.Rates != nil {
		m.Rates = slices.Clone(*d.Rates)
		slices.SortStableFunc(m.Rates, func(a, b ShippingRate) int { return int(a.MaxKg - b.MaxKg) })
	}
	if d.FreeOver.Sent {
		m.FreeOver = d.FreeOver.Value
	}
	if d.Days != nil {
		m.Days = *d.Days
	}
	if m.Countries == nil {
		m.Countries = []string{}
	}
	if m.Rates == nil {
		m.Rates = []ShippingRate{}
	}
	return m, m.Validate()
}

// Validate checks a method's fields.
func (m ShippingMethod) Validate() error {
	f := map[string]string{}
	checkText(f, "name", m.Name, MaxShippingNameLen, FieldRequired, atMost(MaxShippingNameLen))
	if !slices.Contains(ShippingKinds, m.Kind) {
		f["kind"] = "must be pickup, delivery or freight"
	}
	seen := map[string]bool{}
	switch {
	case len(m.Countries) > MaxShippingCountry:
		f["countries"] = "must be at most " + strconv.Itoa(MaxShippingCountry)
	default:
		for i, c := range m.Countries {
			switch {
			case !IsCountry(c):
				f[fmt.Sprintf("countries[%d]", i)] = FieldCountry
			case seen[c]:
				f[fmt.Sprintf("countries[%d]", i)] = "is listed already"
			}
			seen[c] = true
		}
	}
	if len(m.Rates) > MaxShippingRates {
		f["rates"] = "must be at most " + strconv.Itoa(MaxShippingRates)
	}
	for i, r := range m.Rates {
		key := fmt.Sprintf("rates[%d]", i)
		switch {
		case r.MaxKg <= 0:
			f[key+".maxKg"] = "must be greater than 0"
		case r.MaxKg > MaxWeight:
			f[key+".maxKg"] = "is too large"
		case i > 0 && r.MaxKg == m.Rates[i-1].MaxKg:
			f[key+".maxKg"] = "is the weight of another band"
		}
		switch {
		case r.Price < 0:
			f[key+".price"] = "must not be negative"
		case r.Price > MaxShippingPriceCts:
			f[key+".price"] = "is too large"
		}
	}
	if m.Kind == ShippingFreight && len(m.Rates) > 0 {
		f["rates"] = "must be empty for freight: an admin prices each purchase"
	}
	if m.FreeOver != nil && (*m.FreeOver < 0 || *m.FreeOver > MaxShippingPriceCts) {
		f["freeOver"] = "must be between 0 and " + MaxShippingPriceCts.Dollars()
	}
	if m.Days < 0 || m.Days > MaxShippingDays {
		f["days"] = "must be between 0 and " + strconv.Itoa(MaxShippingDays)
	}
	return Invalid(MsgShippingInvalid, f)
}

// ShippingStore keeps the shipping methods (a small collection, mirrored).
type ShippingStore interface {
	// ListShippingMethods returns every method, by name.
	ListShippingMethods(ctx context.Context) ([]ShippingMethod, error)
	FindShippingMethod(ctx context.Context, id string) (ShippingMethod, error)
	InsertShippingMethod(ctx context.Context, m ShippingMethod) (ShippingMethod, error)
	// ReplaceShippingMethod stores m over the method read as read (ECONFLICT
	// when another change came first).
	ReplaceShippingMethod(ctx context.Context, read, m ShippingMethod) (ShippingMethod, error)
	DeleteShippingMethod(ctx context.Context, id string) (DeleteResult, error)
}

// Shipping is a purchase's delivery line (stored on its group, and on a
// single order so that its group of one can be made from it): how it
// ships, what that costs, and when it is expected.
type Shipping struct {
	MethodID string       `json:"methodId,omitempty"`
	Name     string       `json:"name"`
	Kind     ShippingKind `json:"kind"`
	Price    Cents        `json:"price"` // before tax
	Tax      Cents        `json:"tax"`
	Days     int64        `json:"days"` // the longest lead time plus the method's days
	// OnQuote: freight an admin prices (until then Price is 0 and the
	// purchase cannot be paid).
	OnQuote bool `json:"onQuote,omitempty"`
}

// Figures are what a purchase is charged, as POST /checkout/preview
// answers them and checkout charges them (dollars in JSON).
type Figures struct {
	Subtotal Cents `json:"subtotal"` // the lines, before tax
	Shipping Cents `json:"shipping"` // before tax (0 while on quote)
	Tax      Cents `json:"tax"`      // the lines' and, with TAX_SHIPPING, the shipping's
	Total    Cents `json:"total"`
	// Days until delivery (the longest lead time plus the method's), and
	// that day (YYYY-MM-DD, UTC).
	Days           int64  `json:"days"`
	DeliveryBy     string `json:"deliveryBy"`
	FreightOnQuote bool   `json:"freightOnQuote"`
	// Method is the shipping method charged (absent: free delivery, no
	// method set).
	Method *ShippingMethod `json:"method,omitempty"`
	// Line is the purchase's delivery line (nil: free delivery, no method).
	Line *Shipping `json:"-"`
	// LineTaxes are each line's tax, as the orders store it.
	LineTaxes []Cents `json:"-"`
}

// DeliveryBy is the day a purchase placed at now is expected (YYYY-MM-DD).
func DeliveryBy(now time.Time, days int64) string {
	return now.UTC().AddDate(0, 0, int(days)).Format(time.DateOnly)
}

// OptionalCents is a money field a PATCH may send as null (Sent, Value
// nil: clear it) or leave out (not Sent: keep it).
type OptionalCents struct {
	Sent  bool
	Value *Cents
}

// UnmarshalJSON reads null or an amount of dollars.
func (o *OptionalCents) UnmarshalJSON(b []byte) error {
	o.Sent = true
	if string(b) == "null" {
		o.Value = nil
		return nil
	}
	var c Cents
	if err := c.UnmarshalJSON(b); err != nil {
		return err
	}
	o.Value = &c
	return nil
}

// FreightDraft is the input of PUT /groups/{id}/freight.
type FreightDraft struct {
	Price *Cents `json:"price"`
}

// Validate checks the price: given, from 0.
func (d FreightDraft) Validate() error {
	f := map[string]string{}
	switch {
	case d.Price == nil:
		f["price"] = FieldRequired
	case *d.Price < 0:
		f["price"] = "must not be negative"
	case *d.Price > MaxShippingPriceCts:
		f["price"] = "is too large"
	}
	return Invalid(MsgFreightInvalid, f)
}

// Weight is a mass in grams; JSON and forms state it in kilograms with at
// most three decimals.
type Weight int64

// Kg is the weight in kilograms as text ("12.5").
func (w Weight) Kg() string {
	s := strconv.FormatInt(int64(w)/1000, 10)
	if g := int64(w) % 1000; g != 0 {
		s += "." + strings.TrimRight(fmt.Sprintf("%03d", g), "0")
	}
	return s
}

// MarshalJSON writes the weight as a JSON number of kilograms.
func (w Weight) MarshalJSON() ([]byte, error) { return []byte(w.Kg()), nil }

// UnmarshalJSON reads a JSON number (or numeric string) of kilograms.
func (w *Weight) UnmarshalJSON(b []byte) error {
	var t NumberText
	if err := t.UnmarshalJSON(b); err != nil {
		return err
	}
	v, err := ParseWeight(string(t))
	if err != nil {
		return err
	}
	*w = v
	return nil
}

var errWeightPrecise = errors.New("must have at most 3 decimals")

// ParseWeight parses kilograms such as "1250", "0.5" or "12.345" exactly
// (a sign is read, so that the range check can say "must not be negative").
func ParseWeight(s string) (Weight, error) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	whole, frac, hasDot := strings.Cut(s, ".")
	if !allDigits(whole) || !allDigits(frac) || whole == "" && frac == "" || hasDot && frac == "" {
		return 0, errNotNumber
	}
	frac = strings.TrimRight(frac, "0")
	if len(frac) > 3 {
		return 0, errWeightPrecise
	}
	if len(strings.TrimLeft(whole, "0")) > 9 {
		return 0, errOutOfBounds
	}
	w := int64(0)
	if whole != "" {
		w, _ = strconv.ParseInt(whole, 10, 64)
	}
	g, _ := strconv.ParseInt((frac + "000")[:3], 10, 64)
	out := Weight(w*1000 + g)
	if neg {
		out = -out
	}
	return out, nil
}

// Shipping messages.
const (
	MsgShippingInvalid  = "The shipping method is not valid."
	MsgShippingNoun     = "The shipping method"
	MsgShippingTooMany  = "There are %d shipping methods, the most the store keeps. Delete one first."
	MsgFreightInvalid   = "The freight price is not valid."
	MsgAwaitingFreight  = "The freight of this purchase is not priced yet. We e-mail you once it is; then you can pay."
	MsgFreightPriced    = "The freight of this purchase is priced already."
	MsgNotAwaitFreight  = "This purchase does not wait for a freight price."
	FieldNotAMethod     = "is not a delivery option of this store"
	FieldCountryMissing = "is required for delivery: choose the country it ships to"
	// FieldNotServed names the method and the country it does not serve.
	FieldNotServed = "is not served by %s: choose another delivery option"
)
