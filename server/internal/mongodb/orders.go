package mongodb

import (
	"context"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.OrderStore = (*Store)(nil)

// NewOrderID returns a fresh order id.
func (s *Store) NewOrderID() string { return newID().Hex() }

// InsertOrder stores a new order, under o.ID when it is set, with the next
// order number. A number taken by an insert that then fails is skipped.
// An order made paid (o.Paid: a replacement) records o.TransactionID and
// paidAt at once.
func (s *Store) InsertOrder(ctx context.Context, o shop.Order) (shop.Order, error) {
	if err := s.InsertOrders(ctx, []*shop.Order{&o}); err != nil {
		return shop.Order{}, err
	}
	return o, nil
}

// InsertOrders stores new orders in one insert (the app joins those of
// requests placed at once), each under its ID when set, with the next
// order numbers; each is filled in as stored (its number, its time). An
// ordered insert stops at its first failure: those before it are stored.
func (s *Store) InsertOrders(ctx context.Context, orders []*shop.Order) error {
	docs := make([]mirror.Order, len(orders))
	for i, o := range orders {
		d, err := s.orderDoc(*o)
		if err != nil {
			return err
		}
		docs[i] = d
	}
	if err := s.numberNew(ctx, docs); err != nil {
		return err
	}
	if err := s.orders.insertMany(ctx, docs); err != nil {
		return translate(err, "")
	}
	for i := range docs {
		stored, err := roundTrip(docs[i])
		if err != nil {
			return err
		}
		*orders[i] = stored.Shop()
	}
	return nil
}

// numberNew gives new orders their numbers: embedded, each the next of the
// block; with MongoDB, one $inc for them all.
func (s *Store) numberNew(ctx context.Context, docs []mirror.Order) error {
	if s.embedded == nil && len(docs) > 1 {
		last, err := s.takeOrderNumbers(ctx, int64(len(docs)))
		if err != nil {
			return err
		}
		for i := range docs {
			docs[i].Number = last - int64(len(docs)-1-i)
		}
		return nil
	}
	for i := range docs {
		n, err := s.nextOrderNumber(ctx)
		if err != nil {
			return err
		}
		docs[i].Number = n
	}
	return nil
}

// orderDoc is the document of a new order (its number still to take).
func (s *Store) orderDoc(o shop.Order) (mirror.Order, error) {
	pid, err := objectID(o.ProductID)
	if err != nil {
		return mirror.Order{}, err
	}
	id := newID()
	if o.ID != "" {
		if id, err = objectID(o.ID); err != nil {
			return mirror.Order{}, err
		}
	}
	doc := mirror.Order{ID: id, Name: o.Name, Email: shop.NormalizeEmail(o.Email), Image: o.Image, ProductID: pid,
		ProductName: o.ProductName, ProductPrice: o.ProductPrice.Float(), ProductQuantity: o.ProductQuantity, Amount: o.Amount,
		Tax: o.Tax.Float(), Address: o.Address, Mobile: o.Mobile, Pending: true, CreatedAt: s.now(), Country: o.Country,
		Shipping: mirror.ShippingOf(o.Shipping)}
	if o.TaxExemption != nil {
		doc.TaxExemption = &mirror.TaxExemptRef{Number: o.TaxExemption.Number, Country: o.TaxExemption.Country}
	}
	if o.Paid { // a replacement order: paid when made
		doc.Paid, doc.TransactionID, doc.PaymentIntentID, doc.PaidAt = true, o.TransactionID, o.TransactionID, &doc.CreatedAt
	}
	if o.Group != "" {
		if doc.Group, err = objectID(o.Group); err != nil {
			return mirror.Order{}, err
		}
	}
	if o.CompanyID != "" { // issue 45
		cid, err := objectID(o.CompanyID)
		if err != nil {
			return mirror.Order{}, err
		}
		doc.CompanyID, doc.AboveLimit = &cid, o.AboveLimit
	}
	if r := o.ReplacementFor; r != nil {
		cid, err := objectID(r.ClaimID)
		if err != nil {
			return mirror.Order{}, err
		}
		doc.ReplacementFor = &mirror.ClaimRef{ClaimID: cid, Number: r.Number}
	}
	return doc, nil
}

// FindOrder returns the order with this id.
func (s *Store) FindOrder(ctx context.Context, id string) (shop.Order, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Order{}, err
	}
	d, err := s.orders.get(ctx, oid)
	return d.Shop(), err
}

// ListOrders returns orders newest first: one customer's, or all when email is "".
func (s *Store) ListOrders(ctx context.Context, email string, limit, skip int) ([]shop.Order, int64, error) {
	q := listQuery[mirror.Order]{index: "createdAt", desc: true, sort: newestFirst, skip: skip, limit: limit}
	if email != "" {
		email = shop.NormalizeEmail(email)
		q.index, q.group, q.filter = "email,createdAt", &email, bson.D{{Key: "email", Value: email}}
	}
	docs, total, err := s.orders.list(ctx, q)
	return mirror.ShopAll[shop.Order](docs), total, err
}

// statusFilters are MongoDB's filters of each status, served by the index
// status_newest_first. Shipped leaves paid open: the $in over both values
// lets MongoDB merge the index's two ranges in date order instead of sorting.
var statusFilters = map[shop.OrderStatus]bson.D{
	shop.OrderUnpaid:  {{Key: "shipped", Value: false}, {Key: "paid", Value: false}},
	shop.OrderPaid:    {{Key: "shipped", Value: false}, {Key: "paid", Value: true}},
	shop.OrderShipped: {{Key: "shipped", Value: true}, {Key: "paid", Value: bson.D{{Key: "$in", Value: bson.A{false, true}}}}},
}

// ListOrdersByStatus returns the orders in one status, newest first.
func (s *Store) ListOrdersByStatus(ctx context.Context, status shop.OrderStatus, limit, skip int) ([]shop.Order, int64, error) {
	filter, ok := statusFilters[status]
	if !ok {
		return nil, 0, shop.Errorf(shop.EINVALID, "There is no order status %q.", status)
	}
	group := string(status)
	docs, total, err := s.orders.list(ctx, listQuery[mirror.Order]{index: "status,createdAt", group: &group, desc: true,
		filter: filter, sort: newestFirst, skip: skip, limit: limit})
	return mirror.ShopAll[shop.Order](docs), total, err
}

// ShipOrder marks the order shipped, once.
func (s *Store) ShipOrder(ctx context.Context, id string) (shop.UpdateResult, error) {
	return s.ShipOrderTracked(ctx, id, shop.Tracking{})
}

// ShipOrderTracked marks the order shipped, once, with the carrier and
// tracking number when given.
func (s *Store) ShipOrderTracked(ctx context.Context, id string, t shop.Tracking) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	set := bson.D{{Key: "shipped", Value: true}, {Key: "pending", Value: false}, {Key: "shippedAt", Value: s.now()}}
	if t.Carrier != "" {
		set = append(set, bson.E{Key: "carrier", Value: t.Carrier})
	}
	if t.TrackingNumber != "" {
		set = append(set, bson.E{Key: "trackingNumber", Value: t.TrackingNumber})
	}
	return s.orders.update(ctx, oid, guard[mirror.Order]{
		filter: bson.D{{Key: "shipped", Value: false}},
		check:  mirror.NotShipped,
	}, bson.D{{Key: "$set", Value: set}})
}

// unpaidFilter is mirror.Cancellable's filter: no payment recorded, not shipped.
var unpaidFilter = bson.D{{Key: "transactionId", Value: ""}, {Key: "paid", Value: false}, {Key: "shipped", Value: false}}

// BeginCancel decides a cancel with one guarded write: the unpaid,
// unshipped order not already being cancelled is marked as being cancelled
// by the cancel's own marker (an id its caller made). Only the caller it answers moves the order's
// stock: it holds the stock, deletes the order with DeleteUnpaidOrder and
// the marker, and gives the stock back; or, when the delete is refused (the
// order was paid meanwhile), drops the marker with AbandonCancel. Every
// other caller gets ENOTFOUND (cancelled already) or ECONFLICT. After an
// error that may have come after the write (a timeout, a panic), the
// caller's AbandonCancel with its marker drops the mark if it is there.
func (s *Store) BeginCancel(ctx context.Context, id, cancel string) (shop.Order, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Order{}, err
	}
	marker, err := objectID(cancel)
	if err != nil {
		return shop.Order{}, err
	}
	at := s.now()
	var marked mirror.Order
	_, err = s.orders.update(ctx, oid, guard[mirror.Order]{
		filter: append(slices.Clone(unpaidFilter), bson.E{Key: "cancelling", Value: bson.D{{Key: "$exists", Value: false}}}),
		check:  mirror.CancelFree,
		apply: func(o mirror.Order) (bson.D, mirror.Order) {
			o.Cancelling, o.CancellingAt = marker, &at
			marked = o
			return bson.D{{Key: "$set", Value: bson.D{{Key: "cancelling", Value: marker}, {Key: "cancellingAt", Value: at}}}}, o
		},
	}, bson.D{{Key: "$set", Value: bson.D{{Key: "cancelling", Value: marker}, {Key: "cancellingAt", Value: at}}}})
	if err != nil {
		return shop.Order{}, err
	}
	if s.orders.mem == nil {
		if marked, err = s.orders.get(ctx, oid); err != nil {
			return shop.Order{}, err
		}
	}
	return marked.Shop(), nil
}

// cancelledBy is the guard of a cancel's later steps: the order carries
// the cancel's marker (mirror.CancelledBy).
func cancelledBy(marker mirror.ID, also func(mirror.Order) error) guard[mirror.Order] {
	return guard[mirror.Order]{filter: bson.D{{Key: "cancelling", Value: marker}}, check: mirror.CancelledBy(marker, also)}
}

// DeleteUnpaidOrder removes the order that the cancel with this marker
// decided, if no payment is recorded on it and it has not shipped, and
// returns what was removed.
func (s *Store) DeleteUnpaidOrder(ctx context.Context, id, marker string) (shop.Order, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Order{}, err
	}
	mid, err := objectID(marker)
	if err != nil {
		return shop.Order{}, err
	}
	g := cancelledBy(mid, mirror.Cancellable)
	g.filter = append(g.filter, unpaidFilter...)
	d, err := s.orders.remove(ctx, oid, g)
	return d.Shop(), err
}

// AbandonCancel drops the marker of a cancel that did not delete the order.
func (s *Store) AbandonCancel(ctx context.Context, id, marker string) error {
	return dropCancelMarker(ctx, s.orders, id, marker, func(m mirror.ID) guard[mirror.Order] { return cancelledBy(m, nil) })
}

// dropCancelMarker unsets the cancel marker of document id, guarded by
// the marker itself (an order's, or a purchase's).
func dropCancelMarker[D any](ctx context.Context, c *collection[mirror.ID, D], id, marker string, heldBy func(mirror.ID) guard[D]) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	mid, err := objectID(marker)
	if err != nil {
		return err
	}
	_, err = c.update(ctx, oid, heldBy(mid), bson.D{{Key: "$unset", Value: bson.D{{Key: "cancelling", Value: ""}, {Key: "cancellingAt", Value: ""}}}})
	return err
}

// staleCancels finds the orders marked as being cancelled before cutoff
// (MongoDB; the sparse index cancelling serves it).
func staleCancels(cutoff time.Time) bson.D {
	return bson.D{{Key: "cancellingAt", Value: bson.D{{Key: "$lt", Value: cutoff}}}}
}

// RecoverCancels drops the markers of the cancels begun before cutoff that
// never ended (a crash between their steps): the order was not deleted, so
// it stands, and its customer may cancel it again; the cancellation record
// the cancel may have written goes with its marker. (RecoverStock drops the
// stock hold such a cancel may have left.) It reports how many it dropped.
func (s *Store) RecoverCancels(ctx context.Context, cutoff time.Time) (int, error) {
	docs, _, err := s.orders.list(ctx, listQuery[mirror.Order]{index: mirror.IndexCancelling, limit: 1 << 30,
		match:  mirror.CancellingBefore(cutoff),
		filter: staleCancels(cutoff), sort: bson.D{{Key: "_id", Value: 1}}})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, o := range docs {
		switch err := s.AbandonCancel(ctx, o.ID.Hex(), o.Cancelling.Hex()); shop.ErrorCode(err) {
		case "":
			n++
			// The order stands: the record its cancel wrote (if it got
			// that far) goes too, unless a newer cancel has taken it over.
			if err := s.DropCancellation(ctx, o.ID.Hex(), o.Cancelling.Hex()); err != nil && shop.ErrorCode(err) != shop.ENOTFOUND && shop.ErrorCode(err) != shop.ECONFLICT {
				return n, err
			}
		case shop.ENOTFOUND, shop.ECONFLICT: // ended meanwhile
		default:
			return n, err
		}
	}
	return n, nil
}

// SetPaymentIntent records the payment intent of an unpaid order.
func (s *Store) SetPaymentIntent(ctx context.Context, id, intentID string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	_, err = s.orders.update(ctx, oid, guard[mirror.Order]{filter: bson.D{{Key: "paid", Value: false}}, check: mirror.Unpaid},
		bson.D{{Key: "$set", Value: bson.D{{Key: "paymentIntentId", Value: intentID}}}})
	return err
}

// MarkOrderPaid records the payment with one guarded write on paid.
func (s *Store) MarkOrderPaid(ctx context.Context, id, transactionID string) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	res, err := s.orders.update(ctx, oid, guard[mirror.Order]{filter: bson.D{{Key: "paid", Value: false}}, check: mirror.Unpaid},
		bson.D{{Key: "$set", Value: bson.D{{Key: "paid", Value: true}, {Key: "transactionId", Value: transactionID},
			{Key: "paymentIntentId", Value: transactionID}, {Key: "paidAt", Value: s.now()}}}})
	if shop.ErrorCode(err) != shop.ECONFLICT {
		return res, err
	}
	o, err := s.orders.get(ctx, oid)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	if o.TransactionID == transactionID {
		return shop.UpdateResult{Acknowledged: true, MatchedCount: 1}, nil // already recorded: a repeat
	}
	return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, "The order is already paid by another transaction.")
}
