package mongodb

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/shop"
)

var _ shop.ImageStore = (*Store)(nil)

type imageMeta struct {
	ContentType string `bson:"contentType"`
	SHA256      string `bson:"sha256"`
}

type imageFileDoc struct {
	ID         bson.ObjectID `bson:"_id"`
	Length     int64         `bson:"length"`
	UploadDate time.Time     `bson:"uploadDate"`
	Metadata   imageMeta     `bson:"metadata"`
}

func (d imageFileDoc) image() shop.Image {
	return shop.Image{ID: d.ID.Hex(), ContentType: d.Metadata.ContentType, Size: d.Length, SHA256: d.Metadata.SHA256, UploadedAt: d.UploadDate.UTC()}
}

// PutImage stores data in GridFS unless the same bytes are already there.
// The caller has checked that data is an image of contentType.
func (s *Store) PutImage(ctx context.Context, data []byte, contentType, filename string) (shop.Image, error) {
	sum := sha256.Sum256(data)
	digest := hex.EncodeToString(sum[:])
	var img shop.Image
	err := s.write(ctx, CollImages, func(ctx context.Context) error {
		var existing imageFileDoc
		err := s.images.GetFilesCollection().FindOne(ctx, bson.D{{Key: "metadata.sha256", Value: digest}}).Decode(&existing)
		if err == nil {
			img = existing.image()
			return nil
		}
		if err != mongo.ErrNoDocuments {
			return err
		}
		meta := imageMeta{ContentType: contentType, SHA256: digest}
		id, err := s.images.UploadFromStream(ctx, filename, bytes.NewReader(data), options.GridFSUpload().SetMetadata(meta))
		if err != nil {
			return err
		}
		img = shop.Image{ID: id.Hex(), ContentType: contentType, Size: int64(len(data)), SHA256: digest, UploadedAt: time.Now().UTC()}
		return nil
	})
	return img, translate(err, "")
}

// FindImageBySHA256 returns the image whose bytes have this hex digest.
func (s *Store) FindImageBySHA256(ctx context.Context, digest string) (shop.Image, error) {
	var doc imageFileDoc
	err := s.images.GetFilesCollection().FindOne(ctx, bson.D{{Key: "metadata.sha256", Value: digest}}).Decode(&doc)
	if err != nil {
		return shop.Image{}, translate(err, "The image")
	}
	return doc.image(), nil
}

// OpenImage returns an image's metadata and a reader of its bytes.
func (s *Store) OpenImage(ctx context.Context, id string) (shop.Image, io.ReadCloser, error) {
	oid, err := objectID(id)
	if err != nil {
		return shop.Image{}, nil, err
	}
	var doc imageFileDoc
	if err := s.images.GetFilesCollection().FindOne(ctx, bson.D{{Key: "_id", Value: oid}}).Decode(&doc); err != nil {
		return shop.Image{}, nil, translate(err, "The image")
	}
	ds, err := s.images.OpenDownloadStream(ctx, oid)
	if err != nil {
		return shop.Image{}, nil, translate(err, "The image")
	}
	return doc.image(), ds, nil
}

// CountImages returns the number of stored images.
func (s *Store) CountImages(ctx context.Context) (int64, error) {
	n, err := s.images.GetFilesCollection().CountDocuments(ctx, bson.D{})
	return n, translate(err, "")
}
