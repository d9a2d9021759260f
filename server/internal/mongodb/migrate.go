package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// Issue 43 made every purchase a group (shop.Group). A store from before
// has spec orders with no group, groups without a shipped field, and
// groups numbered from their own counter. migratePurchases, at start:
//   - gives each spec order without a group its group of one (its id and
//     number, paid and shipped as it is);
//   - gives each group without a shipped field one: shipped when all its
//     orders have;
//   - lifts the orders' counter (now every purchase's) above the numbers
//     the groups' own counter gave, so that no new number repeats one.
//
// Each step may run again (several instances, a crash): the inserts are by
// _id, the updates guarded. Embedded, it is one pass over the mirrors;
// with MongoDB a marker in the counters skips it once done.
func (s *Store) migratePurchases(ctx context.Context) error {
	const marker = "purchases-migrated"
	if s.embedded == nil {
		var m counterDoc
		err := s.db.Collection(CollCounters).FindOne(ctx, bson.D{{Key: "_id", Value: marker}}).Decode(&m)
		if err == nil {
			return nil
		}
		if err := translate(err, ""); shop.ErrorCode(err) != shop.ENOTFOUND {
			return err
		}
	}
	start := time.Now()
	singles, err := s.ordersWithoutGroups(ctx)
	if err != nil {
		return err
	}
	made := len(singles)
	for len(singles) > 0 {
		n := min(len(singles), 500)
		docs := make([]mirror.Group, n)
		for i, o := range singles[:n] {
			docs[i] = singleGroupOf(o)
		}
		if err := s.groups.insertMany(ctx, docs); err != nil && !isDuplicate(err) {
			return err
		}
		singles = singles[n:]
	}
	shipped, err := s.shipLegacyGroups(ctx)
	if err != nil {
		return err
	}
	if err := s.liftOrderCounter(ctx); err != nil {
		return err
	}
	if made > 0 || shipped > 0 {
		s.log.Info("gave the orders from before purchases their groups", "groups_of_one", made, "shipped_groups", shipped, "took", time.Since(start).Round(time.Millisecond))
	}
	if s.embedded == nil {
		_, err := s.db.Collection(CollCounters).UpdateOne(ctx, bson.D{{Key: "_id", Value: marker}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "seq", Value: 1}}}}, options.UpdateOne().SetUpsert(true))
		if isDuplicate(err) {
			err = nil // another instance starting at once on the same store recorded it (the upsert's insert lost)
		}
		return translate(err, "")
	}
	return nil
}

// ordersWithoutGroups are the spec orders whose group of one is missing.
func (s *Store) ordersWithoutGroups(ctx context.Context) ([]mirror.Order, error) {
	var out []mirror.Order
	if s.orders.mem != nil {
		s.orders.mem.Mem.Each(func(o *mirror.Order) {
			if o.Group.IsZero() {
				if !s.groups.mem.Mem.Has(o.ID) {
					out = append(out, *o)
				}
			}
		})
		return out, nil
	}
	cur, err := s.orders.c.Find(ctx, bson.D{{Key: "group", Value: bson.D{{Key: "$exists", Value: false}}}})
	if err != nil {
		return nil, translate(err, "")
	}
	defer cur.Close(ctx)
	batch := []mirror.Order{}
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		ids := make(bson.A, len(batch))
		for i, o := range batch {
			ids[i] = o.ID
		}
		var have []struct {
			ID mirror.ID `bson:"_id"`
		}
		c, err := s.groups.c.Find(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}}, options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}}))
		if err != nil {
			return translate(err, "")
		}
		if err := c.All(ctx, &have); err != nil {
			return translate(err, "")
		}
		got := map[mirror.ID]bool{}
		for _, h := range have {
			got[h.ID] = true
		}
		for _, o := range batch {
			if !got[o.ID] {
				out = append(out, o)
			}
		}
		batch = batch[:0]
		return nil
	}
	for cur.Next(ctx) {
		var o mirror.Order
		if err := cur.Decode(&o); err != nil {
			return nil, translate(err, "")
		}
		batch = append(batch, o)
		if len(batch) == 500 {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := cur.Err(); err != nil {
		return nil, translate(err, "")
	}
	return out, flush()
}

// shipLegacyGroups gives the groups stored before the purchase's own
// shipped flag their shipped state: shipped when every order of theirs
// has (one shipped alone before, of several, leaves the group unshipped,
// to be shipped with the rest). With MongoDB it also stores shipped: false
// on the others, which the status filters read.
func (s *Store) shipLegacyGroups(ctx context.Context) (int, error) {
	var legacy []mirror.Group
	if s.groups.mem != nil {
		// Embedded, only a group whose orders have all shipped changes
		// (an absent field reads as false): the others are not copied
		// (every unshipped purchase at each start: 241 MB at issue 46's
		// 165,000).
		unshipped := func(o *mirror.Order) bool { return !o.Shipped }
		allShipped := func(g *mirror.Group) bool { return !s.orders.mem.Mem.Any(g.OrderIDs, unshipped) }
		s.groups.mem.Mem.Each(func(g *mirror.Group) {
			if !g.Shipped && len(g.OrderIDs) > 0 && allShipped(g) {
				legacy = append(legacy, *g)
			}
		})
	} else {
		docs, err := s.groups.findAll(ctx, bson.D{{Key: "shipped", Value: bson.D{{Key: "$exists", Value: false}}}})
		if err != nil {
			return 0, err
		}
		legacy = docs
	}
	n := 0
	for _, g := range legacy {
		all, last := true, time.Time{}
		carrier, tracking := "", ""
		for _, oid := range g.OrderIDs {
			o, err := s.orders.get(ctx, oid)
			if shop.ErrorCode(err) == shop.ENOTFOUND {
				continue
			}
			if err != nil {
				return n, err
			}
			if !o.Shipped {
				all = false
				break
			}
			if o.ShippedAt != nil && o.ShippedAt.After(last) {
				last, carrier, tracking = *o.ShippedAt, o.Carrier, o.TrackingNumber
			}
		}
		set := bson.D{{Key: "shipped", Value: all}}
		if all {
			set = append(set, bson.E{Key: "shippedAt", Value: last}, bson.E{Key: "carrier", Value: carrier}, bson.E{Key: "trackingNumber", Value: tracking})
		} else if s.groups.mem != nil {
			continue // embedded: an absent field reads as false
		}
		_, err := s.groups.update(ctx, g.ID, guard[mirror.Group]{filter: bson.D{notShipped}, check: mirror.GroupShippable},
			bson.D{{Key: "$set", Value: set}})
		switch shop.ErrorCode(err) {
		case "":
			if all {
				n++
			}
		case shop.ECONFLICT, shop.ENOTFOUND:
		default:
			return n, err
		}
	}
	return n, nil
}

// liftOrderCounter raises the orders' counter to the groups' own, so that
// a purchase's new number never repeats a group's old one.
func (s *Store) liftOrderCounter(ctx context.Context) error {
	var groups counterDoc
	err := s.db.Collection(CollCounters).FindOne(ctx, bson.D{{Key: "_id", Value: groupCounterID}}).Decode(&groups)
	if err != nil {
		if shop.ErrorCode(translate(err, "")) == shop.ENOTFOUND {
			return nil
		}
		return translate(err, "")
	}
	return s.write(ctx, CollCounters, func(ctx context.Context) error {
		_, err := s.db.Collection(CollCounters).UpdateOne(ctx, bson.D{{Key: "_id", Value: orderCounterID}},
			bson.D{{Key: "$max", Value: bson.D{{Key: "seq", Value: groups.Seq}}}}, options.UpdateOne().SetUpsert(true))
		return translate(err, "")
	})
}
