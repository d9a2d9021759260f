package mongodb

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.GroupStore = (*Store)(nil)

// groupCounterID numbers the order groups (one $inc each, from 1001).
const groupCounterID = "groups"

// NewGroupID returns a fresh group id.
func (s *Store) NewGroupID() string { return newID().Hex() }

// InsertGroup stores a new group, placing, under g.ID when set, with the
// next group number.
func (s *Store) InsertGroup(ctx context.Context, g shop.Group) (shop.Group, error) {
	id := newID()
	var err error
	if g.ID != "" {
		if id, err = objectID(g.ID); err != nil {
			return shop.Group{}, err
		}
	}
	doc := mirror.Group{ID: id, Email: shop.NormalizeEmail(g.Email), Total: g.Total.Float(), Tax: g.Tax.Float(),
		PONumber: g.PONumber, Company: g.Company, CreatedAt: s.now(), Placing: true, OrderIDs: make([]mirror.ID, len(g.OrderIDs))}
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
	if doc.Number, err = s.takeNumbers(ctx, groupCounterID, orderNumberBase, 1); err != nil {
		return shop.Group{}, err
	}
	if err := s.groups.insert(ctx, doc); err != nil {
		return shop.Group{}, translate(err, "")
	}
	stored, err := roundTrip(doc)
	return stored.Shop(), err
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

// groupFree is mirror.GroupCancelFree's and mirror.GroupPayable's filter.
func groupFree() bson.D {
	return bson.D{{Key: "paid", Value: false}, {Key: "placing", Value: bson.D{{Key: "$exists", Value: false}}},
		{Key: "cancelling", Value: bson.D{{Key: "$exists", Value: false}}}}
}

// BeginCancelGroup marks the unpaid group with the cancel's marker: the
// one guarded write that decides a group's cancel.
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
	if _, err := s.groups.update(ctx, oid, guard[mirror.Group]{filter: groupFree(), check: mirror.GroupCancelFree}, set); err != nil {
		return shop.Group{}, err
	}
	d, err := s.groups.get(ctx, oid)
	return d.Shop(), err
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
		g = guard[mirror.Group]{filter: bson.D{{Key: "cancelling", Value: mid}}, check: mirror.GroupCancelledBy(mid)}
	}
	_, err = s.groups.remove(ctx, oid, g)
	return err
}

// SetGroupPaymentIntent records the payment intent of a payable group.
func (s *Store) SetGroupPaymentIntent(ctx context.Context, id, intentID string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	_, err = s.groups.update(ctx, oid, guard[mirror.Group]{filter: groupFree(), check: mirror.GroupPayable},
		bson.D{{Key: "$set", Value: bson.D{{Key: "paymentIntentId", Value: intentID}}}})
	return err
}

// MarkGroupPaid records the group's payment with one guarded write.
func (s *Store) MarkGroupPaid(ctx context.Context, id, transactionID string) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	res, err := s.groups.update(ctx, oid, guard[mirror.Group]{filter: groupFree(), check: mirror.GroupPayable},
		bson.D{{Key: "$set", Value: bson.D{{Key: "paid", Value: true}, {Key: "transactionId", Value: transactionID},
			{Key: "paymentIntentId", Value: transactionID}, {Key: "paidAt", Value: s.now()}}}})
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

// newestGroupsFirst is a customer's groups' sort (index customer_groups).
var newestGroupsFirst = bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}

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
