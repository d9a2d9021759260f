package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"storefront/server/internal/shop"
)

var _ shop.OrderStore = (*Store)(nil)

type orderDoc struct {
	ID              bson.ObjectID `bson:"_id,omitempty"`
	Name            string        `bson:"name"`
	Email           string        `bson:"email"`
	Image           string        `bson:"image"`
	ProductID       bson.ObjectID `bson:"productId"`
	ProductName     string        `bson:"productName"`
	ProductPrice    float64       `bson:"productPrice"`
	ProductQuantity int64         `bson:"productQuantity"`
	Amount          int64         `bson:"amount"`
	Address         string        `bson:"address"`
	Mobile          string        `bson:"mobile"`
	Pending         bool          `bson:"pending"`
	Shipped         bool          `bson:"shipped"`
	Paid            bool          `bson:"paid"`
	TransactionID   string        `bson:"transactionId"`
	PaymentIntentID string        `bson:"paymentIntentId,omitempty"`
	CreatedAt       time.Time     `bson:"createdAt"`
	PaidAt          *time.Time    `bson:"paidAt,omitempty"`
	ShippedAt       *time.Time    `bson:"shippedAt,omitempty"`
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func (d orderDoc) order() shop.Order {
	return shop.Order{
		ID: d.ID.Hex(), Name: d.Name, Email: d.Email, Image: d.Image, ProductID: d.ProductID.Hex(),
		ProductName: d.ProductName, ProductPrice: shop.CentsFromFloat(d.ProductPrice), ProductQuantity: d.ProductQuantity,
		Amount: d.Amount, Address: d.Address, Mobile: d.Mobile, Pending: d.Pending, Shipped: d.Shipped, Paid: d.Paid,
		TransactionID: d.TransactionID, PaymentIntentID: d.PaymentIntentID, CreatedAt: d.CreatedAt.UTC(),
		PaidAt: utcPtr(d.PaidAt), ShippedAt: utcPtr(d.ShippedAt),
	}
}

func (s *Store) orders() *mongo.Collection { return s.db.Collection(CollOrders) }

// InsertOrder stores a new order.
func (s *Store) InsertOrder(ctx context.Context, o shop.Order) (string, error) {
	pid, err := objectID(o.ProductID)
	if err != nil {
		return "", err
	}
	doc := orderDoc{ID: bson.NewObjectID(), Name: o.Name, Email: shop.NormalizeEmail(o.Email), Image: o.Image, ProductID: pid,
		ProductName: o.ProductName, ProductPrice: o.ProductPrice.Float(), ProductQuantity: o.ProductQuantity, Amount: o.Amount,
		Address: o.Address, Mobile: o.Mobile, Pending: true, CreatedAt: time.Now().UTC()}
	err = s.write(ctx, CollOrders, func(ctx context.Context) error {
		_, err := s.orders().InsertOne(ctx, doc)
		return err
	})
	return doc.ID.Hex(), translate(err, "")
}

// FindOrder returns the order with this id.
func (s *Store) FindOrder(ctx context.Context, id string) (shop.Order, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Order{}, err
	}
	var d orderDoc
	if err := s.orders().FindOne(ctx, bson.D{{Key: "_id", Value: oid}}).Decode(&d); err != nil {
		return shop.Order{}, translate(err, "The order")
	}
	return d.order(), nil
}

// ListOrders returns orders newest first: one customer's, or all when email is "".
func (s *Store) ListOrders(ctx context.Context, email string, limit, skip int) ([]shop.Order, int64, error) {
	filter := bson.D{}
	if email != "" {
		filter = bson.D{{Key: "email", Value: shop.NormalizeEmail(email)}}
	}
	docs, total, err := findPage[orderDoc](ctx, s.orders(), filter, newestFirst, limit, skip)
	out := make([]shop.Order, len(docs))
	for i, d := range docs {
		out[i] = d.order()
	}
	return out, total, err
}

// ShipOrder marks the order shipped with one conditional write.
func (s *Store) ShipOrder(ctx context.Context, id string) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	var res *mongo.UpdateResult
	err = s.write(ctx, CollOrders, func(ctx context.Context) error {
		var err error
		res, err = s.orders().UpdateOne(ctx, bson.D{{Key: "_id", Value: oid}, {Key: "shipped", Value: false}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "shipped", Value: true}, {Key: "pending", Value: false}, {Key: "shippedAt", Value: time.Now().UTC()}}}})
		return err
	})
	if err != nil {
		return shop.UpdateResult{}, translate(err, "")
	}
	if res.MatchedCount == 0 {
		if _, err := s.FindOrder(ctx, id); err != nil {
			return shop.UpdateResult{}, err
		}
		return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, "The order has already shipped.")
	}
	return shop.UpdateResult{Acknowledged: true, MatchedCount: res.MatchedCount, ModifiedCount: res.ModifiedCount}, nil
}

// DeleteUnpaidOrder removes the order if no payment is recorded on it and it
// has not shipped, and returns what was removed.
func (s *Store) DeleteUnpaidOrder(ctx context.Context, id string) (shop.Order, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Order{}, err
	}
	var d orderDoc
	err = s.write(ctx, CollOrders, func(ctx context.Context) error {
		return s.orders().FindOneAndDelete(ctx, bson.D{{Key: "_id", Value: oid}, {Key: "transactionId", Value: ""}, {Key: "paid", Value: false}, {Key: "shipped", Value: false}}).Decode(&d)
	})
	if err == mongo.ErrNoDocuments {
		o, err := s.FindOrder(ctx, id)
		if err != nil {
			return shop.Order{}, err
		}
		if o.Shipped && o.TransactionID == "" {
			return shop.Order{}, shop.Errorf(shop.ECONFLICT, "The order has shipped and cannot be deleted.")
		}
		return shop.Order{}, shop.Errorf(shop.ECONFLICT, "The order is paid (transaction %s) and cannot be deleted.", o.TransactionID)
	}
	if err != nil {
		return shop.Order{}, translate(err, "")
	}
	return d.order(), nil
}

// SetPaymentIntent records the payment intent of an unpaid order.
func (s *Store) SetPaymentIntent(ctx context.Context, id, intentID string) error {
	oid, err := objectID(id)
	if err != nil {
		return err
	}
	var res *mongo.UpdateResult
	err = s.write(ctx, CollOrders, func(ctx context.Context) error {
		var err error
		res, err = s.orders().UpdateOne(ctx, bson.D{{Key: "_id", Value: oid}, {Key: "paid", Value: false}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "paymentIntentId", Value: intentID}}}})
		return err
	})
	if err != nil {
		return translate(err, "")
	}
	if res.MatchedCount == 0 {
		if _, err := s.FindOrder(ctx, id); err != nil {
			return err
		}
		return shop.Errorf(shop.ECONFLICT, "The order is already paid.")
	}
	return nil
}

// MarkOrderPaid records the payment with one conditional write on paid.
func (s *Store) MarkOrderPaid(ctx context.Context, id, transactionID string) (shop.UpdateResult, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	var res *mongo.UpdateResult
	err = s.write(ctx, CollOrders, func(ctx context.Context) error {
		var err error
		res, err = s.orders().UpdateOne(ctx, bson.D{{Key: "_id", Value: oid}, {Key: "paid", Value: false}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "paid", Value: true}, {Key: "transactionId", Value: transactionID},
				{Key: "paymentIntentId", Value: transactionID}, {Key: "paidAt", Value: time.Now().UTC()}}}})
		return err
	})
	if err != nil {
		return shop.UpdateResult{}, translate(err, "")
	}
	if res.MatchedCount == 1 {
		return shop.UpdateResult{Acknowledged: true, MatchedCount: 1, ModifiedCount: res.ModifiedCount}, nil
	}
	o, err := s.FindOrder(ctx, id)
	if err != nil {
		return shop.UpdateResult{}, err
	}
	if o.TransactionID == transactionID {
		return shop.UpdateResult{Acknowledged: true, MatchedCount: 1}, nil // already recorded: a repeat
	}
	return shop.UpdateResult{}, shop.Errorf(shop.ECONFLICT, "The order is already paid by another transaction.")
}
