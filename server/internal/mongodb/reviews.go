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

// visibleReviews is the filter of the visible reviews (no status), served
// by the index status_newest_first.
var visibleReviews = bson.D{{Key: "status", Value: nil}}

// reviewFilters are the admins' lists by status (GET /admin/reviews).
var reviewFilters = map[string]bson.D{
	"all":                       {{Key: "status", Value: bson.D{{Key: "$ne", Value: string(shop.ReviewDeleted)}}}},
	string(shop.ReviewVisible):  visibleReviews,
	string(shop.ReviewHidden):   {{Key: "status", Value: string(shop.ReviewHidden)}},
	string(shop.ReviewAwaiting): {{Key: "status", Value: string(shop.ReviewAwaiting)}},
}

// ListReviews returns the newest visible reviews first.
func (s *Store) ListReviews(ctx context.Context, limit int) ([]shop.Review, error) {
	docs, _, err := s.ListReviewsByStatus(ctx, string(shop.ReviewVisible), limit, 0)
	return docs, err
}

// ProductReviews returns the newest limit of a product's visible reviews,
// their average rating and number: every one is read (the mirror's
// product index; MongoDB's product_newest_first), since the average is of
// all of them.
func (s *Store) ProductReviews(ctx context.Context, productID string, limit int) (shop.ProductReviews, error) {
	oid, err := mirror.ParseID(productID)
	if err != nil {
		return shop.ProductReviews{}, shop.Invalid("The list parameters are not valid.", map[string]string{"productId": "must be a product's id"})
	}
	group := mirror.ProductReviewsGroup(oid.Hex(), string(shop.ReviewVisible))
	q := listQuery[mirror.Review]{index: "productId,status,createdAt", group: &group, desc: true,
		filter: productReviews(oid), sort: newestFirst, limit: maxProductReviews}
	docs, total, err := s.reviews.list(ctx, q)
	if err != nil {
		return shop.ProductReviews{}, err
	}
	out := shop.ProductReviews{Reviews: []shop.Review{}, Count: total}
	ratings := make([]int, len(docs))
	for i, d := range docs {
		r := d.Shop()
		ratings[i] = r.Rating
		if i < limit {
			out.Reviews = append(out.Reviews, r)
		}
	}
	out.Average = shop.AverageRating(ratings)
	return out, nil
}

// maxProductReviews bounds the reviews of one product read for its average.
const maxProductReviews = 100_000

// productReviews is MongoDB's filter of a product's visible reviews.
func productReviews(product mirror.ID) bson.D {
	return bson.D{{Key: "productId", Value: product}, visibleReviews[0]}
}

// ListReviewsByStatus returns one page of the reviews in status ("all":
// not deleted), newest first, and their number.
func (s *Store) ListReviewsByStatus(ctx context.Context, status string, limit, skip int) ([]shop.Review, int64, error) {
	filter, ok := reviewFilters[status]
	if !ok {
		return nil, 0, shop.Invalid(shop.MsgModerationInvalid, map[string]string{"status": shop.FieldReviewStatusList})
	}
	q := listQuery[mirror.Review]{index: "status,createdAt", group: &status, desc: true, filter: filter, sort: newestFirst, skip: skip, limit: limit}
	if status == "all" {
		q.index, q.group, q.match = "createdAt", nil, mirror.ListedReview
	}
	docs, total, err := s.reviews.list(ctx, q)
	return mirror.ShopAll[shop.Review](docs), total, err
}

// moderation is the stored form of e.
func moderation(e shop.ModerationEntry) mirror.Moderation {
	return mirror.Moderation{Action: e.Action, By: e.By, At: e.At.UTC().Truncate(time.Millisecond), Reason: e.Reason}
}

// SetReviewStatus moves a review that is not deleted to status and notes
// the action on it.
func (s *Store) SetReviewStatus(ctx context.Context, id string, status shop.ReviewStatus, e shop.ModerationEntry) (shop.Review, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Review{}, err
	}
	set := bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: string(status)}}}}
	if status == shop.ReviewVisible {
		set = bson.D{{Key: "$unset", Value: bson.D{{Key: "status", Value: ""}}}}
	}
	update := append(set, bson.E{Key: "$push", Value: bson.D{{Key: "moderation", Value: moderation(e)}}})
	if _, err := s.reviews.update(ctx, oid, guard[mirror.Review]{filter: reviewFilters["all"], check: mirror.NotDeletedReview}, update); err != nil {
		return shop.Review{}, err
	}
	d, err := s.reviews.get(ctx, oid)
	return d.Shop(), err
}

// DeleteReview keeps of a review that is not deleted only the record of its
// deletion: who wrote it and when, its product, and the moderation log with
// this delete. Its text, photo and rating go.
func (s *Store) DeleteReview(ctx context.Context, id string, e shop.ModerationEntry) (shop.Review, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Review{}, err
	}
	update := bson.D{
		{Key: "$set", Value: bson.D{{Key: "status", Value: string(shop.ReviewDeleted)}, {Key: "review", Value: ""}, {Key: "img", Value: ""}}},
		{Key: "$unset", Value: bson.D{{Key: "rating", Value: ""}}},
		{Key: "$push", Value: bson.D{{Key: "moderation", Value: moderation(e)}}},
	}
	if _, err := s.reviews.update(ctx, oid, guard[mirror.Review]{filter: reviewFilters["all"], check: mirror.NotDeletedReview}, update); err != nil {
		return shop.Review{}, err
	}
	d, err := s.reviews.get(ctx, oid)
	return d.Shop(), err
}

// PaidProduct is the name of the product on email's newest paid order of
// it. Embedded, the customer's orders in the mirror; with MongoDB, served
// by the index customer_orders.
func (s *Store) PaidProduct(ctx context.Context, email, productID string) (string, bool, error) {
	pid, err := objectID(productID)
	if err != nil {
		return "", false, err
	}
	email = shop.NormalizeEmail(email)
	docs, _, err := s.orders.list(ctx, listQuery[mirror.Order]{index: "email,createdAt", group: &email, desc: true, match: mirror.PaidOrderOf(pid),
		filter: paidOrderOf(email, pid), sort: newestFirst, limit: 1})
	if err != nil || len(docs) == 0 {
		return "", false, err
	}
	return docs[0].ProductName, true, nil
}

func paidOrderOf(email string, product mirror.ID) bson.D {
	return bson.D{{Key: "email", Value: email}, {Key: "productId", Value: product}, {Key: "paid", Value: true}}
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
			// (A deleted one keeps its _id, without its text.)
			if _, err := m.Get(ctx, id); err == nil || len(m.Find("id", mirror.SameReview(r.Name, r.Review))) > 0 {
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
	doc := mirror.Review{ID: newID(), Name: r.Name, Email: r.Email, Review: r.Review, Img: r.Img, Rating: r.Rating, CreatedAt: s.now(),
		ProductName: r.ProductName, Verified: r.Verified}
	if r.Status != "" && r.Status != shop.ReviewVisible {
		doc.Status = string(r.Status)
	}
	if r.ProductID != "" {
		pid, err := objectID(r.ProductID)
		if err != nil {
			return "", err
		}
		doc.ProductID = pid
	}
	return doc.ID.Hex(), translate(s.reviews.insert(ctx, doc), "")
}
