package mongodb

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/shop"
)

var _ shop.ReviewStore = (*Store)(nil)

type reviewDoc struct {
	ID        bson.ObjectID `bson:"_id,omitempty"`
	Name      string        `bson:"name"`
	Email     string        `bson:"email"`
	Review    string        `bson:"review"`
	Img       string        `bson:"img"`
	Rating    int           `bson:"rating,omitempty"`
	CreatedAt time.Time     `bson:"createdAt"`
}

func (d reviewDoc) review() shop.Review {
	rating := d.Rating
	if rating < 1 || rating > 5 {
		rating = 5 // reviews from before ratings existed
	}
	return shop.Review{ID: d.ID.Hex(), Name: d.Name, Email: d.Email, Review: d.Review, Img: d.Img, Rating: rating, CreatedAt: d.CreatedAt.UTC()}
}

func (s *Store) reviews() *mongo.Collection { return s.db.Collection(CollReviews) }

// ListReviews returns the newest reviews first.
func (s *Store) ListReviews(ctx context.Context, limit int) ([]shop.Review, error) {
	opts := options.Find().SetSort(newestFirst).SetLimit(int64(limit))
	cur, err := s.reviews().Find(ctx, bson.D{}, opts)
	if err != nil {
		return nil, translate(err, "")
	}
	var docs []reviewDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, translate(err, "")
	}
	list := make([]shop.Review, len(docs))
	for i, d := range docs {
		list[i] = d.review()
	}
	return list, nil
}

// CountReviews returns the number of reviews.
func (s *Store) CountReviews(ctx context.Context) (int64, error) {
	n, err := s.reviews().CountDocuments(ctx, bson.D{})
	return n, translate(err, "")
}

// EnsureReview inserts r unless the same person already wrote the same text.
func (s *Store) EnsureReview(ctx context.Context, r shop.Review) (bool, error) {
	if r.CreatedAt.IsZero() {
		r.CreatedAt = time.Now().UTC()
	}
	doc := reviewDoc{Name: r.Name, Email: r.Email, Review: r.Review, Img: r.Img, Rating: r.Rating, CreatedAt: r.CreatedAt}
	var res *mongo.UpdateResult
	err := s.write(ctx, CollReviews, func(ctx context.Context) error {
		var err error
		res, err = s.reviews().UpdateOne(ctx,
			bson.D{{Key: "name", Value: r.Name}, {Key: "review", Value: r.Review}},
			bson.D{{Key: "$setOnInsert", Value: doc}},
			options.UpdateOne().SetUpsert(true))
		return err
	})
	if err != nil {
		return false, translate(err, "")
	}
	return res.UpsertedCount == 1, nil
}

// InsertReview adds a review.
func (s *Store) InsertReview(ctx context.Context, r shop.Review) (string, error) {
	doc := reviewDoc{ID: bson.NewObjectID(), Name: r.Name, Email: r.Email, Review: r.Review, Img: r.Img, Rating: r.Rating, CreatedAt: time.Now().UTC()}
	err := s.write(ctx, CollReviews, func(ctx context.Context) error {
		_, err := s.reviews().InsertOne(ctx, doc)
		return err
	})
	return doc.ID.Hex(), translate(err, "")
}
