package app

import (
	"context"
	"fmt"
	"log/slog"

	"storefront/server/internal/shop"
)

// Shipping is the store's delivery options (issue 48): anyone lists them,
// admins add, change and delete them.
type Shipping struct {
	Store shop.ShippingStore
	Log   *slog.Logger
}

// List returns every method by name (anyone).
func (s *Shipping) List(ctx context.Context) ([]shop.ShippingMethod, error) {
	return s.Store.ListShippingMethods(ctx)
}

// Add stores a new method (admins).
func (s *Shipping) Add(ctx context.Context, caller shop.Caller, d shop.ShippingMethodDraft) (shop.ShippingMethod, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.ShippingMethod{}, err
	}
	m, err := d.Apply(shop.ShippingMethod{})
	if err != nil {
		return shop.ShippingMethod{}, err
	}
	all, err := s.Store.ListShippingMethods(ctx)
	if err != nil {
		return shop.ShippingMethod{}, err
	}
	if len(all) >= shop.MaxShippingMethods {
		return shop.ShippingMethod{}, shop.Errorf(shop.ECONFLICT, shop.MsgShippingTooMany, len(all))
	}
	return s.Store.InsertShippingMethod(ctx, m)
}

// Update changes the fields the draft sends (admins); purchases placed
// keep the delivery line they were charged.
func (s *Shipping) Update(ctx context.Context, caller shop.Caller, id string, d shop.ShippingMethodDraft) (shop.ShippingMethod, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.ShippingMethod{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.ShippingMethod{}, shop.NotFound(shop.MsgShippingNoun)
	}
	cur, err := s.Store.FindShippingMethod(ctx, id)
	if err != nil {
		return shop.ShippingMethod{}, err
	}
	next, err := d.Apply(cur)
	if err != nil {
		return shop.ShippingMethod{}, err
	}
	return s.Store.ReplaceShippingMethod(ctx, cur, next)
}

// Delete removes a method (admins).
func (s *Shipping) Delete(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.DeleteResult{}, shop.NotFound(shop.MsgShippingNoun)
	}
	return s.Store.DeleteShippingMethod(ctx, id)
}

// priceLines reads the products of a checkout's items and makes each its
// order at the buyer's price (before tax): the lines of a purchase, with
// their products. fields collects the items that cannot be bought
// (unknown product, below the minimum); short names the lines above the
// stock.
func (p *Purchases) priceLines(ctx context.Context, caller shop.Caller, b buyer, taxing shop.Taxing, d shop.CheckoutDraft) (orders []shop.Order, products []shop.Product, short []string, err error) {
	orders = make([]shop.Order, 0, len(d.Items))
	products = make([]shop.Product, 0, len(d.Items))
	fields := map[string]string{}
	var name, email string
	if caller != nil {
		name, email = caller.Name, caller.Email
	}
	for i, it := range d.Items {
		pr, err := p.Products.FindProduct(ctx, it.ProductID)
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			fields[fmt.Sprintf("items[%d].productId", i)] = "is not a product of this store"
			continue
		}
		if err != nil {
			return nil, nil, nil, err
		}
		if it.Quantity < pr.Minimum {
			fields[fmt.Sprintf("items[%d].quantity", i)] = "must be at least the minimum order of " + itoa64(pr.Minimum)
			continue
		}
		if pr.Available < it.Quantity {
			short = append(short, fmt.Sprintf("%s (%d left)", pr.Name, pr.Available))
		}
		orders = append(orders, shop.Order{Name: name, Email: email, Image: pr.Image, ProductID: pr.ID, ProductName: pr.Name,
			ProductPrice: b.unitPrice(pr, it.Quantity), ProductQuantity: it.Quantity, Amount: int64(b.unitPrice(pr, it.Quantity)) * it.Quantity,
			Address: d.Address, Mobile: d.Mobile, Country: d.Country, TaxExemption: taxing.Exemption})
		products = append(products, pr)
	}
	if err := shop.Invalid("The checkout is not valid.", fields); err != nil {
		return nil, nil, nil, err
	}
	return orders, products, short, nil
}

// figures is the one computation of what a purchase is charged (issue
// 48): POST /checkout/preview, POST /checkout and POST /order all call it.
// lines are its orders before tax, products theirs. Each line is taxed as
// Orders.place taxes it; the delivery line comes from the method chosen
// (or DEFAULT_SHIPPING_METHOD; neither: free delivery), by the country,
// the purchase's weight and its subtotal, and is taxed with TAX_SHIPPING.
func (p *Purchases) figures(ctx context.Context, lines []shop.Order, products []shop.Product, d shop.Delivery, taxing shop.Taxing) (shop.Figures, error) {
	var fig shop.Figures
	var weight shop.Weight
	var lead int64
	fig.LineTaxes = make([]shop.Cents, len(lines))
	for i, l := range lines {
		t := shop.Cents(p.Orders.lineTax(l))
		fig.Subtotal += shop.Cents(l.Amount)
		fig.LineTaxes[i] = t
		fig.Tax += t
		weight += products[i].WeightKg * shop.Weight(l.ProductQuantity)
		lead = max(lead, products[i].LeadTimeDays)
	}
	fig.Days = lead
	m, err := p.method(ctx, d)
	if err != nil {
		return shop.Figures{}, err
	}
	if m != nil {
		price, onQuote := m.Charge(weight, fig.Subtotal)
		line := &shop.Shipping{MethodID: m.ID, Name: m.Name, Kind: m.Kind, Price: price, Days: lead + m.Days, OnQuote: onQuote}
		if p.TaxShipping {
			line.Tax = shop.Cents(taxing.Of(int64(price))) // (none under a tax exemption, as the lines)
		}
		fig.Method, fig.Line = m, line
		fig.Shipping, fig.Tax, fig.Days, fig.FreightOnQuote = price, fig.Tax+line.Tax, line.Days, onQuote
	}
	fig.Total = fig.Subtotal + fig.Shipping + fig.Tax
	fig.DeliveryBy = shop.DeliveryBy(p.now(), fig.Days)
	return fig, nil
}

// method is the shipping method a purchase is charged: the one chosen, or
// DEFAULT_SHIPPING_METHOD; nil (free delivery) when neither names one. A
// method that needs a country it does not serve is refused (400).
func (p *Purchases) method(ctx context.Context, d shop.Delivery) (*shop.ShippingMethod, error) {
	id, chosen := d.ShippingMethodID, d.ShippingMethodID != ""
	if !chosen {
		id = p.DefaultShippingMethod
	}
	if id == "" || p.Shipping == nil {
		if chosen {
			return nil, shop.Invalid(shop.MsgDeliveryInvalid, map[string]string{"shippingMethodId": shop.FieldNotAMethod})
		}
		return nil, nil
	}
	m, err := p.Shipping.FindShippingMethod(ctx, id)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND && !chosen:
		p.Orders.Log.WarnContext(ctx, "DEFAULT_SHIPPING_METHOD names no shipping method: delivery is free", "method", id)
		return nil, nil
	case shop.ErrorCode(err) == shop.ENOTFOUND:
		return nil, shop.Invalid(shop.MsgDeliveryInvalid, map[string]string{"shippingMethodId": shop.FieldNotAMethod})
	case err != nil:
		return nil, err
	}
	if m.Kind != shop.ShippingPickup && len(m.Countries) > 0 {
		switch {
		case d.Country == "":
			return nil, shop.Invalid(shop.MsgDeliveryInvalid, map[string]string{"country": shop.FieldCountryMissing})
		case !m.Serves(d.Country):
			return nil, shop.Invalid(shop.MsgDeliveryInvalid, map[string]string{"country": fmt.Sprintf(shop.FieldNotServed, m.Name)})
		}
	}
	return &m, nil
}

// Preview answers POST /checkout/preview: the figures checkout would
// charge for this body now (anyone: a visitor's at list prices).
func (p *Purchases) Preview(ctx context.Context, caller shop.Caller, d shop.CheckoutDraft) (shop.Figures, error) {
	if err := p.Orders.Addresses.Deliver(ctx, caller, &d.Delivery); err != nil {
		return shop.Figures{}, err
	}
	if err := d.ValidatePreview(); err != nil {
		return shop.Figures{}, err
	}
	taxing := shop.Taxing{Rate: p.Orders.TaxRate}
	if caller != nil {
		t, err := p.taxing(ctx, caller.Email)
		if err != nil {
			return shop.Figures{}, err
		}
		taxing = t
	}
	b, err := p.buyerOf(ctx, caller)
	if err != nil {
		return shop.Figures{}, err
	}
	lines, products, _, err := p.priceLines(ctx, caller, b, taxing, d)
	if err != nil {
		return shop.Figures{}, err
	}
	return p.figures(ctx, lines, products, d.Delivery, taxing)
}

// PriceFreight answers PUT /groups/{id}/freight (admins): the purchase
// awaiting its freight price gets it (taxed with TAX_SHIPPING), with one
// guarded write; its buyer is e-mailed once, and it is payable from then
// (its reservation starts).
func (p *Purchases) PriceFreight(ctx context.Context, caller shop.Caller, id string, d shop.FreightDraft) (shop.Group, error) {
	if err := shop.RequireAdmin(caller); err != nil {
		return shop.Group{}, err
	}
	if err := d.Validate(); err != nil {
		return shop.Group{}, err
	}
	if err := shop.CheckID(id); err != nil {
		return shop.Group{}, shop.NotFound(shop.MsgGroupNoun)
	}
	found, err := p.find(ctx, id)
	if err != nil {
		return shop.Group{}, err
	}
	lines, err := p.lines(ctx, found)
	if err != nil {
		return shop.Group{}, err
	}
	var tax shop.Cents
	if p.TaxShipping {
		taxing := shop.Taxing{Rate: p.Orders.TaxRate}
		if len(lines) > 0 { // taxed as its lines were placed (none under a tax exemption)
			taxing.Exemption = lines[0].TaxExemption
		}
		tax = shop.Cents(taxing.Of(int64(*d.Price)))
	}
	priced, err := p.Groups.PriceFreight(ctx, id, *d.Price, tax)
	if err != nil {
		return shop.Group{}, err
	}
	described, err := p.describe(ctx, priced)
	if err != nil {
		p.Orders.Log.ErrorContext(ctx, "a priced freight's e-mail could not be written", "group", id, "error", err)
		return priced, nil
	}
	p.Orders.Mail.Send(ctx, shop.Letter{Kind: shop.LetterFreightPriced, To: described.Email, Group: &described})
	return described, nil
}
