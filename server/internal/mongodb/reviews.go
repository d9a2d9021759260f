package mongodb

import (
	"context"
	"crypto/sha256"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

var _ shop.ReviewStore = (*Store)(nil)

// ListReviews returns the newest reviews first.
func (s *Store) ListReviews(ctx context.Context, limit int) ([]shop.Review, error) {
	docs, _, err := s.reviews.list(ctx, listQuery[mirror.Review]{index: "createdAt", desc: true, sort: newestFirst, limit: limit})
	return mirror.ShopAll[shop.Review](docs), err
}

// CountReviews returns the number of reviews.
func (s *Store) CountReviews(ctx context.Context) (int64, error) {
	return s.reviews.count(ctx)
}

// EnsureReview inserts r unless the same person already wrote the same text
// (the demo reviews, added once). The review's _id is derived from its
// name and text, so instances starting together on one MongoDB insert it
// once: the upsert by _id is atomic there.
func (s *Store) EnsureReview(ctx context.Context, r shop.Review) (bool, error) {
	if r.CreatedAt.IsZero() {
		r.CreatedAt = s.now()
	}
	sum := sha256.Sum256([]byte(r.Name + "\x00" + r.Review))
	var id mirror.ID
	copy(id[:], sum[:])
	doc := mirror.Review{ID: id, Name: r.Name, Email: r.Email, Review: r.Review, Img: r.Img, Rating: r.Rating, CreatedAt: r.CreatedAt.UTC().Truncate(time.Millisecond)}
	inserted := false
	err := s.reviews.mutate(ctx, []mirror.ID{id}, func(ctx context.Context, w *mirror.Writing) error {
		if m := s.reviews.mem; m != nil {
			// Rare (start-up only), so a walk of the mirror, not an index.
			if len(m.Find("id", mirror.SameReview(r.Name, r.Review))) > 0 {
				return nil
			}
			if _, err := s.reviews.c.InsertOne(ctx, doc); w.Stored(err) != nil {
				return w.Err()
			}
			inserted = true
			return s.reviews.remember(doc)
		}
		// One written before the _id was derived from the text counts too.
		if n, err := s.reviews.c.CountDocuments(ctx, bson.D{{Key: "name", Value: r.Name}, {Key: "review", Value: r.Review}}); err != nil || n > 0 {
			return err
		}
		res, err := s.reviews.c.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}}, bson.D{{Key: "$setOnInsert", Value: doc}},
			options.UpdateOne().SetUpsert(true))
		if isDuplicate(err) {
			return nil // another instance's upsert of the same _id won
		}
		if res != nil {
			inserted = res.UpsertedCount == 1
		}
		return w.Stored(err)
	})
	return inserted, translate(err, "")
}

// InsertReview adds a review.
func (s *Store) InsertReview(ctx context.Context, r shop.Review) (string, error) {
	doc := mirror.Review{ID: newID(), Name: r.Name, Email: r.Email, Review: r.Review, Img: r.Img, Rating: r.Rating, CreatedAt: s.now()}
	return doc.ID.Hex(), translate(s.reviews.insert(ctx, doc), "")
}
