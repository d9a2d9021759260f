package mongodb

import (
	"context"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.GroupStore = (*Store)(nil)

// groupCounterID numbered the order groups before issue 43; purchases now
// take their numbers from the orders' counter (migrate.go lifts it above
// every number this one gave).
const groupCounterID = "groups"

// NewGroupID returns a fresh group id.
func (s *Store) NewGroupID() string { return newID().Hex() }

// InsertGroup stores a new purchase under g.ID, with g.Number when set (a
// single order's group: its order's number) or the next number of the
// orders' counter.
func (s *Store) InsertGroup(ctx context.Context, g shop.Group) (shop.Group, error) {
	id := newID()
	var err error
	if g.ID != "" {
		if id, err = objectID(g.ID); err != nil {
			return shop.Group{}, err
		}
	}
	doc := mirror.Group{ID: id, Number: g.Number, Email: shop.NormalizeEmail(g.Email), Total: g.Total.Float(), Tax: g.Tax.Float(),
		PONumber: g.PONumber, Company: g.Company, CreatedAt: s.now(), Placing: g.Placing, OrderIDs: make([]mirror.ID, len(g.OrderIDs)),
		Paid: g.Paid, TransactionID: g.TransactionID, Shipping: mirror.ShippingOf(g.Shipping), AwaitingFreight: g.AwaitingFreight,
		AwaitingApproval: g.AwaitingApproval, Payment: string(g.Payment)}
	if doc.CompanyID, err = companyRef(g.CompanyID); err != nil {
		return shop.Group{}, err
	}
	if !g.CreatedAt.IsZero() {
		doc.CreatedAt = g.CreatedAt
	}
	if g.Paid {
		doc.PaymentIntentID, doc.PaidAt = g.TransactionID, &doc.CreatedAt
	}
	for i, oid := range g.OrderIDs {
		if doc.OrderIDs[i], err = objectID(oid); err != nil {
			return shop.Group{}, err
		}
	}
	if g.QuoteID != "" {
		qid, err := objectID(g.QuoteID)
		if err != nil {
			return shop.Group{}, err
		}
		doc.QuoteID = &qid
	}
	if doc.Number == 0 {
		if doc.Number, err = s.nextOrderNumber(ctx); err != nil {
			return shop.Group{}, err
		}
	}
	if err := s.groups.insert(ctx, doc); err != nil {
		return shop.Group{}, translate(err, "")
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
}

// InsertSingleGroups stores groups of one of orders just placed in one
// insert (the app joins those of requests that come at once).
func (s *Store) InsertSingleGroups(ctx context.Context, gs []shop.Group) error {
	docs := make([]mirror.Group, len(gs))
	at := s.now()
	for i, g := range gs {
		id, err := objectID(g.ID)
		if err != nil {
			return err
		}
		docs[i] = mirror.Group{ID: id, Number: g.Number, Email: shop.NormalizeEmail(g.Email), Total: g.Total.Float(), Tax: g.Tax.Float(),
			OrderIDs: []mirror.ID{id}, Paid: g.Paid, TransactionID: g.TransactionID, CreatedAt: at,
			Shipping: mirror.ShippingOf(g.Shipping), AwaitingFreight: g.AwaitingFreight, AwaitingApproval: g.AwaitingApproval}
		if docs[i].CompanyID, err = companyRef(g.CompanyID); err != nil {
			return err
		}
		if !g.CreatedAt.IsZero() {
			docs[i].CreatedAt = g.CreatedAt
		}
		if g.Paid {
			docs[i].PaymentIntentID, docs[i].PaidAt = g.TransactionID, &docs[i].CreatedAt
		}
	}
	return translate(s.groups.insertMany(ctx, docs), "")
}

// singleGroupOf is the group of one of a spec order: its id, number and
// email, paid and shipped as the order is.
func singleGroupOf(o mirror.Order) mirror.Group {
	g := mirror.Group{ID: o.ID, Number: o.Number, Email: o.Email, OrderIDs: []mirror.ID{o.ID}, Total: float64(o.Amount) / 100, Tax: o.Tax,
		Paid: o.Paid, TransactionID: o.TransactionID, PaymentIntentID: o.PaymentIntentID, CreatedAt: o.CreatedAt, PaidAt: o.PaidAt,
		Shipped: o.Shipped, ShippedAt: o.ShippedAt, Carrier: o.Carrier, TrackingNumber: o.TrackingNumber}
	if o.Paid && g.PaymentIntentID == "" {
		g.PaymentIntentID = o.TransactionID
	}
	if sh := o.Shipping; sh != nil { // issue 48: its delivery line
		c := *sh
		g.Shipping, g.AwaitingFreight = &c, sh.OnQuote && !o.Paid
		g.Total, g.Tax = g.Total+sh.Price+sh.Tax, g.Tax+sh.Tax
	}
	// issue 45: its buyer's company, and its approval awaited
	g.CompanyID, g.AwaitingApproval = o.CompanyID, o.AboveLimit && !o.Paid && !o.Shipped
	return g
}

// companyRef is a purchase's company id as stored ("": none).
func companyRef(id string) (*mirror.ID, error) {
	if id == "" {
		return nil, nil
	}
	oid, err := objectID(id)
	if err != nil {
		return nil, err
	}
	return &oid, nil
}

// EnsureSingleGroup stores the group of one of a spec order that has none.
func (s *Store) EnsureSingleGroup(ctx context.Context, o shop.Order) error {
	if o.Group != "" {
		return nil // a line of a larger purchase: its group is its own
	}
	oid, err := objectID(o.ID)
	if err != nil {
		return err
	}
	cur, err := s.orders.get(ctx, oid)
	if err != nil {
		return err
	}
	err = s.groups.insert(ctx, singleGroupOf(cur))
	if err != nil && isDuplicate(err) {
		return nil
	}
	return translate(err, "")
}

// FindGroup returns the group with this id.
func (s *Store) FindGroup(ctx context.Context, id string) (shop.Group, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Group{}, err
	}
	d, err := s.groups.get(ctx, oid)
	return d.Shop(), err
}

// FinishPlacing clears the group's placing mark.
func (s *Store) FinishPlacing(ctx context.Context, id string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	_, err = s.groups.update(ctx, oid, guard[mirror.Group]{filter: bson.D{{Key: "placing", Value: true}}, check: mirror.GroupPlacing},
		bson.D{{Key: "$unset", Value: bson.D{{Key: "placing", Value: ""}}}})
	return err
}

// placedFree is mirror.groupPlacedFree's filter: placed, no cancel under way.
func placedFree() bson.D {
	return bson.D{{Key: "placing", Value: bson.D{{Key: "$exists", Value: false}}}, {Key: "cancelling", Value: bson.D{{Key: "$exists", Value: false}}}}
}

// notShipped matches a group not shipped (groups from before issue 43 have
// no shipped field until start-up gives them one).
var notShipped = bson.E{Key: "shipped", Value: bson.D{{Key: "$ne", Value: true}}}

// BeginCancelGroup marks the unpaid, unshipped, placed group with the
// cancel's marker: the one guarded write that decides a purchase's cancel.
func (s *Store) BeginCancelGroup(ctx context.Context, id, cancel string) (shop.Group, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Group{}, err
	}
	marker, err := objectID(cancel)
	if err != nil {
		return shop.Group{}, err
	}
	at := s.now()
	set := bson.D{{Key: "$set", Value: bson.D{{Key: "cancelling", Value: marker}, {Key: "cancellingAt", Value: at}}}}
	filter := append(bson.D{{Key: "paid", Value: false}, notShipped}, placedFree()...)
	if _, err := s.groups.update(ctx, oid, guard[mirror.Group]{filter: filter, check: mirror.GroupCancelFree}, set); err != nil {
		return shop.Group{}, err
	}
	d, err := s.groups.get(ctx, oid)
	return d.Shop(), err
}

// groupCancelledBy is the guard of a group cancel's later steps.
func groupCancelledBy(marker mirror.ID) guard[mirror.Group] {
	return guard[mirror.Group]{filter: bson.D{{Key: "cancelling", Value: marker}}, check: mirror.GroupCancelledBy(marker)}
}

// AbandonCancelGroup drops the marker of a cancel that withdrew nothing.
func (s *Store) AbandonCancelGroup(ctx context.Context, id, marker string) error {
	return dropCancelMarker(ctx, s.groups, id, marker, groupCancelledBy)
}

// DeleteGroup removes the group the cancel with this marker decided, or
// (marker "") a group still placing.
func (s *Store) DeleteGroup(ctx context.Context, id, marker string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	g := guard[mirror.Group]{filter: bson.D{{Key: "placing", Value: true}}, check: mirror.GroupPlacing}
	if marker != "" {
		mid, err := objectID(marker)
		if err != nil {
			return err
		}
		g = groupCancelledBy(mid)
	}
	_, err = s.groups.remove(ctx, oid, g)
	return err
}

// payable is mirror.GroupPayable's filter.
func payable() bson.D {
	return append(bson.D{{Key: "paid", Value: false}, notAwaitingFreight, notAwaitingApproval}, placedFree()...)
}

// notAwaitingApproval matches a purchase that waits for no approver
// (issue 45).
var notAwaitingApproval = bson.E{Key: "awaitingApproval", Value: bson.D{{Key: "$exists", Value: false}}}

// awaitingApproval is mirror.GroupAwaitingApproval's filter.
func awaitingApproval() bson.D {
	return append(bson.D{{Key: "awaitingApproval", Value: true}, {Key: "paid", Value: false}, notShipped}, placedFree()...)
}

// ApproveGroup approves a purchase awaiting approval with one guarded
// write (issue 45): it no longer awaits, and its reservation starts now.
func (s *Store) ApproveGroup(ctx context.Context, id, by string) (shop.Group, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Group{}, err
	}
	_, err = s.groups.update(ctx, oid, guard[mirror.Group]{filter: awaitingApproval(), check: mirror.GroupAwaitingApproval}, bson.D{
		{Key: "$set", Value: bson.D{{Key: "approvedAt", Value: s.now()}, {Key: "approvedBy", Value: shop.NormalizeEmail(by)}}},
		{Key: "$unset", Value: bson.D{{Key: "awaitingApproval", Value: ""}}}})
	if err != nil {
		return shop.Group{}, err
	}
	d, err := s.groups.get(ctx, oid)
	return d.Shop(), err
}

// BeginDeclineGroup is BeginCancelGroup for a decline (issue 45): only a
// purchase still awaiting approval is marked, so that an approval and a
// decline (and its buyer's cancel) decide it once between them.
func (s *Store) BeginDeclineGroup(ctx context.Context, id, cancel string) (shop.Group, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Group{}, err
	}
	marker, err := objectID(cancel)
	if err != nil {
		return shop.Group{}, err
	}
	set := bson.D{{Key: "$set", Value: bson.D{{Key: "cancelling", Value: marker}, {Key: "cancellingAt", Value: s.now()}}}}
	if _, err := s.groups.update(ctx, oid, guard[mirror.Group]{filter: awaitingApproval(), check: mirror.GroupAwaitingApproval}, set); err != nil {
		return shop.Group{}, err
	}
	d, err := s.groups.get(ctx, oid)
	return d.Shop(), err
}

// companyGroupsFilter is ListCompanyGroups' filter (index company_groups).
func companyGroupsFilter(company mirror.ID, awaiting bool) bson.D {
	f := bson.D{{Key: "companyId", Value: company}, listedGroups}
	if awaiting {
		f = append(f, bson.E{Key: "awaitingApproval", Value: true})
	}
	return f
}

// ListCompanyGroups returns a page of a company's purchases, newest
// first: all, or those awaiting approval (issue 45).
func (s *Store) ListCompanyGroups(ctx context.Context, company string, awaiting bool, limit, skip int) ([]shop.Group, int64, error) {
	cid, err := objectID(company)
	if err != nil {
		return nil, 0, err
	}
	q := listQuery[mirror.Group]{desc: true, sort: newestGroupsFirst, skip: skip, limit: limit, filter: companyGroupsFilter(cid, awaiting)}
	key := mirror.GroupCompanyKey(cid)
	q.index, q.group = "companyId,createdAt", &key
	if awaiting {
		key = mirror.GroupApprovalKey(cid)
		q.index = "companyId,awaitingApproval"
	}
	docs, total, err := s.groups.list(ctx, q)
	return mirror.ShopAll[shop.Group](docs), total, err
}

// byCard matches a purchase not on account (issue 45).
var byCard = bson.E{Key: "payment", Value: bson.D{{Key: "$exists", Value: false}}}

// notAwaitingFreight matches a purchase whose freight is priced, or that
// has none (issue 48).
var notAwaitingFreight = bson.E{Key: "awaitingFreight", Value: bson.D{{Key: "$exists", Value: false}}}

// PriceFreight prices a purchase's freight with one guarded write: the
// purchase awaiting it (placed, unpaid, no cancel under way) gets its
// delivery line's price and tax, its total and tax raised by them, and
// its reservation starts (pricedAt).
func (s *Store) PriceFreight(ctx context.Context, id string, price, tax shop.Cents) (shop.Group, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Group{}, err
	}
	cur, err := s.groups.get(ctx, oid)
	if err != nil {
		return shop.Group{}, err
	}
	if err := mirror.GroupAwaitingFreight(cur); err != nil {
		return shop.Group{}, err
	}
	at := s.now()
	line := cur.Shipping.Shop()
	line.Price, line.Tax = price, tax
	total := shop.CentsFromFloat(cur.Total) + price + tax
	allTax := shop.CentsFromFloat(cur.Tax) + tax
	filter := append(bson.D{{Key: "awaitingFreight", Value: true}, {Key: "paid", Value: false}}, placedFree()...)
	_, err = s.groups.update(ctx, oid, guard[mirror.Group]{filter: filter, check: mirror.GroupAwaitingFreight}, bson.D{
		{Key: "$set", Value: bson.D{{Key: "shipping", Value: mirror.ShippingOf(line)}, {Key: "total", Value: total.Float()},
			{Key: "tax", Value: allTax.Float()}, {Key: "pricedAt", Value: at}}},
		{Key: "$unset", Value: bson.D{{Key: "awaitingFreight", Value: ""}}}})
	if err != nil {
		return shop.Group{}, err
	}
	d, err := s.groups.get(ctx, oid)
	return d.Shop(), err
}

// SetGroupPaymentIntent records the payment intent of a payable group.
func (s *Store) SetGroupPaymentIntent(ctx context.Context, id, intentID string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	_, err = s.groups.update(ctx, oid, guard[mirror.Group]{filter: append(payable(), byCard), check: mirror.GroupPayableBy(intentID)},
		bson.D{{Key: "$set", Value: bson.D{{Key: "paymentIntentId", Value: intentID}}}})
	return err
}

// MarkGroupPaid records the purchase's payment with one guarded write; its
// orders follow (syncingAt until they all have).
func (s *Store) MarkGroupPaid(ctx context.Context, id, transactionID string) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	at := s.now()
	filter := payable()
	if !strings.HasPrefix(transactionID, shop.AccountTransactionPrefix) {
		filter = append(filter, byCard) // a purchase on account is paid by a recorded bank payment
	}
	res, err := s.groups.update(ctx, oid, guard[mirror.Group]{filter: filter, check: mirror.GroupPayableBy(transactionID)},
		bson.D{{Key: "$set", Value: bson.D{{Key: "paid", Value: true}, {Key: "transactionId", Value: transactionID},
			{Key: "paymentIntentId", Value: transactionID}, {Key: "paidAt", Value: at}, {Key: "syncingAt", Value: at}, {Key: "syncMark", Value: newID()}}}})
	if shop.ErrorCode(err) != shop.ECONFLICT {
		return res, err
	}
	g, gerr := s.groups.get(ctx, oid)
	if gerr != nil {
		return shop.UpdateResult{}, gerr
	}
	switch {
	case g.Paid && g.TransactionID == transactionID:
		return shop.UpdateResult{Acknowledged: true, MatchedCount: 1}, nil // a repeat
	case g.Paid:
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, shop.MsgGroupPaidOther)
	}
	return res, err
}

// ShipGroup marks the placed purchase shipped with one guarded write; its
// orders follow (syncingAt until they all have).
func (s *Store) ShipGroup(ctx context.Context, id string, t shop.Tracking) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	at := s.now()
	set := bson.D{{Key: "shipped", Value: true}, {Key: "shippedAt", Value: at}, {Key: "syncingAt", Value: at}, {Key: "syncMark", Value: newID()}}
	if t.Carrier != "" {
		set = append(set, bson.E{Key: "carrier", Value: t.Carrier})
	}
	if t.TrackingNumber != "" {
		set = append(set, bson.E{Key: "trackingNumber", Value: t.TrackingNumber})
	}
	return s.groups.update(ctx, oid, guard[mirror.Group]{filter: append(bson.D{notShipped, notAwaitingApproval}, placedFree()...), check: mirror.GroupShippable},
		bson.D{{Key: "$set", Value: set}})
}

// FinishSyncing clears syncingAt once the orders show the group's state.
func (s *Store) FinishSyncing(ctx context.Context, id, mark string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	mid, err := objectID(mark)
	if err != nil {
		return err
	}
	_, err = s.groups.update(ctx, oid, guard[mirror.Group]{filter: bson.D{{Key: "syncMark", Value: mid}}, check: mirror.GroupSyncMark(mid)},
		bson.D{{Key: "$unset", Value: bson.D{{Key: "syncingAt", Value: ""}, {Key: "syncMark", Value: ""}}}})
	return err
}

// MarkReminded records the buyer's reminder to pay, once.
func (s *Store) MarkReminded(ctx context.Context, id string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	filter := bson.D{{Key: "paid", Value: false}, notShipped, {Key: "placing", Value: bson.D{{Key: "$exists", Value: false}}},
		{Key: "remindedAt", Value: bson.D{{Key: "$exists", Value: false}}}, notAwaitingFreight, notAwaitingApproval}
	_, err = s.groups.update(ctx, oid, guard[mirror.Group]{filter: filter, check: mirror.GroupRemindable},
		bson.D{{Key: "$set", Value: bson.D{{Key: "remindedAt", Value: s.now()}}}})
	return err
}

// newestGroupsFirst is the purchases' sort (indexes customer_groups,
// newest_groups, status_groups).
var newestGroupsFirst = bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}

// listedGroups matches the purchases the lists show (mirror.Listed).
var listedGroups = bson.E{Key: "placing", Value: bson.D{{Key: "$exists", Value: false}}}

// groupStatusFilters are MongoDB's filters of each status, served by the
// index status_groups.
var groupStatusFilters = map[shop.OrderStatus]bson.D{
	shop.OrderUnpaid: {{Key: "paid", Value: false}, {Key: "shipped", Value: false}},
	shop.OrderPaid:   {{Key: "paid", Value: true}, {Key: "shipped", Value: false}},
	// paid either way, stated: the index then gives the newest first for
	// both of its values (without it MongoDB sorts every shipped purchase
	// in memory; TestQueries_StaticIndexes)
	shop.OrderShipped: {{Key: "shipped", Value: true}, {Key: "paid", Value: bson.D{{Key: "$in", Value: bson.A{false, true}}}}},
}

// ListGroups returns a page of purchases, newest first.
func (s *Store) ListGroups(ctx context.Context, pq shop.PurchaseQuery) ([]shop.Group, int64, error) {
	// The mirror's indexes createdAt and status,createdAt hold only the
	// listed purchases (mirror.Groups); a buyer's is tested one by one.
	q := listQuery[mirror.Group]{index: "createdAt", desc: true, sort: newestGroupsFirst, skip: pq.Skip, limit: pq.Limit,
		filter: bson.D{listedGroups}}
	var status bson.D
	if pq.Status != "" {
		f, ok := groupStatusFilters[pq.Status]
		if !ok {
			return nil, 0, shop.Errorf(shop.EINVALID, "There is no order status %q.", pq.Status)
		}
		status = f
	}
	switch {
	case pq.Email != "":
		email := shop.NormalizeEmail(pq.Email)
		q.index, q.group = "email,createdAt", &email
		q.filter = append(bson.D{{Key: "email", Value: email}}, q.filter...)
		q.match = mirror.Listed
		if status != nil {
			want := string(pq.Status)
			q.match = func(d *mirror.Group) bool {
				return mirror.Listed(d) && string(shop.StatusOf(d.Paid, d.Shipped)) == want
			}
			q.filter = append(q.filter, status...)
		}
	case status != nil:
		group := string(pq.Status)
		q.index, q.group = "status,createdAt", &group
		q.filter = append(status, q.filter...)
	}
	docs, total, err := s.groups.list(ctx, q)
	return mirror.ShopAll[shop.Group](docs), total, err
}

// unsettledFilter is mirror.Unsettled's filter.
func unsettledFilter() bson.D {
	return bson.D{{Key: "paid", Value: false}, {Key: "shipped", Value: false}, listedGroups, notAwaitingFreight, notAwaitingApproval, byCard,
		{Key: "cancelling", Value: bson.D{{Key: "$exists", Value: false}}}}
}

// CountUnpaidGroups is how many placed, unpaid, unshipped purchases email holds.
func (s *Store) CountUnpaidGroups(ctx context.Context, email string) (int64, error) {
	email = shop.NormalizeEmail(email)
	key := mirror.GroupUnpaidKey(email)
	_, total, err := s.groups.list(ctx, listQuery[mirror.Group]{index: "email,unpaid", group: &key, limit: 0,
		filter: append(bson.D{{Key: "email", Value: email}}, unsettledFilter()...)})
	return total, err
}

// unsettledBefore is UnpaidGroupsBefore's filter (index unpaid_groups).
func unsettledBefore(cutoff time.Time) bson.D {
	return append(unsettledFilter(), bson.E{Key: "createdAt", Value: bson.D{{Key: "$lt", Value: cutoff}}})
}

// UnpaidGroupsBefore returns up to limit unsettled purchases created
// before cutoff, oldest first.
func (s *Store) UnpaidGroupsBefore(ctx context.Context, cutoff time.Time, limit int) ([]shop.Group, error) {
	key := "unpaid"
	docs, _, err := s.groups.list(ctx, listQuery[mirror.Group]{index: "unpaid,createdAt", group: &key, limit: limit,
		match: mirror.GroupUnsettledBefore(cutoff), filter: unsettledBefore(cutoff), sort: bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}})
	return mirror.ShopAll[shop.Group](docs), err
}

// EraseGroups replaces the e-mail of email's order groups (a deleted
// account's; the shop keeps its groups as it keeps its orders).
func (s *Store) EraseGroups(ctx context.Context, email string) (int, error) {
	email = shop.NormalizeEmail(email)
	q := listQuery[mirror.Group]{index: "email,createdAt", group: &email, filter: bson.D{{Key: "email", Value: email}}, sort: newestGroupsFirst}
	return eraseAll(ctx, s.groups, q, func(d mirror.Group) error {
		_, err := s.groups.update(ctx, d.ID, ownedBy(email, func(d mirror.Group) string { return d.Email }, shop.MsgGroupNoun), erasedFields("email"))
		return err
	})
}

// EraseCart deletes email's cart (none: nothing to do).
func (s *Store) EraseCart(ctx context.Context, email string) error {
	_, err := s.carts.remove(ctx, shop.NormalizeEmail(email), guard[mirror.Cart]{})
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}
