package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/shop"
)

var _ shop.ClaimStore = (*Store)(nil)

type claimDoc struct {
	ID                 bson.ObjectID `bson:"_id"`
	Number             int64         `bson:"number"`
	OrderID            bson.ObjectID `bson:"orderId"`
	OrderNumber        int64         `bson:"orderNumber"`
	ProductName        string        `bson:"productName"`
	Email              string        `bson:"email"`
	Name               string        `bson:"name"`
	Reason             string        `bson:"reason"`
	Images             []string      `bson:"images"`
	Status             string        `bson:"status"`
	Note               string        `bson:"note,omitempty"`
	CreatedAt          time.Time     `bson:"createdAt"`
	DecidedAt          *time.Time    `bson:"decidedAt,omitempty"`
	ReplacementOrderID bson.ObjectID `bson:"replacementOrderId,omitempty"`
}

func (d claimDoc) claim() shop.Claim {
	c := shop.Claim{ID: d.ID.Hex(), Number: d.Number, OrderID: d.OrderID.Hex(), OrderNumber: d.OrderNumber, ProductName: d.ProductName,
		Email: d.Email, Name: d.Name, Reason: d.Reason, Images: d.Images, Status: shop.ClaimStatus(d.Status), Note: d.Note,
		CreatedAt: d.CreatedAt.UTC(), DecidedAt: utcPtr(d.DecidedAt)}
	if c.Images == nil {
		c.Images = []string{}
	}
	if !d.ReplacementOrderID.IsZero() {
		c.ReplacementOrderID = d.ReplacementOrderID.Hex()
	}
	return c
}

// claimMirror keeps the claims by id, all by date (admins) and each
// customer's by date.
func claimMirror() *mirror[bson.ObjectID, claimDoc] {
	byDate := func(a, b *claimDoc) int { return a.CreatedAt.Compare(b.CreatedAt) }
	return &mirror[bson.ObjectID, claimDoc]{
		name: CollClaims, idOf: func(d *claimDoc) bson.ObjectID { return d.ID }, cmpID: compareOID,
		orders: []*orderIndex[bson.ObjectID, claimDoc]{
			{name: "createdAt", cmp: byDate},
			{name: "email,createdAt", group: func(d *claimDoc) string { return d.Email }, cmp: byDate},
		},
	}
}

// InsertClaim stores a new claim, status requested, with the next claim
// number; the unique index on orderId refuses a second claim of an order.
func (s *Store) InsertClaim(ctx context.Context, c shop.Claim) (shop.Claim, error) {
	orderID, err := objectID(c.OrderID)
	if err != nil {
		return shop.Claim{}, err
	}
	images := c.Images
	if images == nil {
		images = []string{}
	}
	n, err := s.takeNumbers(ctx, claimCounterID, orderNumberBase, 1)
	if err != nil {
		return shop.Claim{}, err
	}
	doc := claimDoc{ID: bson.NewObjectID(), Number: n, OrderID: orderID, OrderNumber: c.OrderNumber, ProductName: c.ProductName,
		Email: shop.NormalizeEmail(c.Email), Name: c.Name, Reason: c.Reason, Images: images, Status: string(shop.ClaimRequested), CreatedAt: s.now()}
	if err := s.claims.insert(ctx, doc); err != nil {
		if isDuplicate(err) {
			return shop.Claim{}, &shop.Error{Code: shop.ECONFLICT, Message: shop.MsgClaimExists, Cause: err}
		}
		return shop.Claim{}, translate(err, "")
	}
	stored, err := roundTrip(doc)
	return stored.claim(), err
}

// FindClaim returns the claim with this id.
func (s *Store) FindClaim(ctx context.Context, id string) (shop.Claim, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Claim{}, err
	}
	d, err := s.claims.get(ctx, oid)
	return d.claim(), err
}

// ListClaims returns claims newest first: one customer's, or all when email is "".
func (s *Store) ListClaims(ctx context.Context, email string, limit, skip int) ([]shop.Claim, int64, error) {
	q := listQuery[claimDoc]{index: "createdAt", desc: true, sort: newestFirst, skip: skip, limit: limit}
	if email != "" {
		email = shop.NormalizeEmail(email)
		q.index, q.group, q.filter = "email,createdAt", &email, bson.D{{Key: "email", Value: email}}
	}
	docs, total, err := s.claims.list(ctx, q)
	out := make([]shop.Claim, len(docs))
	for i, d := range docs {
		out[i] = d.claim()
	}
	return out, total, err
}

// DecideClaim records the decision of a requested claim, once.
func (s *Store) DecideClaim(ctx context.Context, id string, status shop.ClaimStatus, note, replacementOrderID string) (shop.Claim, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Claim{}, err
	}
	set := bson.D{{Key: "status", Value: string(status)}, {Key: "decidedAt", Value: s.now()}}
	if note != "" {
		set = append(set, bson.E{Key: "note", Value: note})
	}
	if replacementOrderID != "" {
		rid, err := objectID(replacementOrderID)
		if err != nil {
			return shop.Claim{}, err
		}
		set = append(set, bson.E{Key: "replacementOrderId", Value: rid})
	}
	_, err = s.claims.update(ctx, oid, guard[claimDoc]{
		filter: bson.D{{Key: "status", Value: string(shop.ClaimRequested)}},
		check: func(c claimDoc) error {
			if c.Status != string(shop.ClaimRequested) {
				return shop.Errorf(shop.ECONFLICT, shop.MsgClaimDecided)
			}
			return nil
		},
	}, bson.D{{Key: "$set", Value: set}})
	if err != nil {
		return shop.Claim{}, err
	}
	d, err := s.claims.get(ctx, oid)
	return d.claim(), err
}

// UndoApproval puts an approval back to requested, if it still names this
// replacement order.
func (s *Store) UndoApproval(ctx context.Context, id, replacementOrderID string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	rid, err := objectID(replacementOrderID)
	if err != nil {
		return err
	}
	_, err = s.claims.update(ctx, oid, guard[claimDoc]{
		filter: bson.D{{Key: "status", Value: string(shop.ClaimApproved)}, {Key: "replacementOrderId", Value: rid}},
		check: func(c claimDoc) error {
			if c.Status != string(shop.ClaimApproved) || c.ReplacementOrderID != rid {
				return shop.Errorf(shop.ECONFLICT, shop.MsgClaimDecided)
			}
			return nil
		},
	}, bson.D{
		{Key: "$set", Value: bson.D{{Key: "status", Value: string(shop.ClaimRequested)}}},
		{Key: "$unset", Value: bson.D{{Key: "decidedAt", Value: ""}, {Key: "note", Value: ""}, {Key: "replacementOrderId", Value: ""}}},
	})
	return err
}
