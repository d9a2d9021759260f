package shop

import (
	"context"
	"io"
	"time"
)

// MaxImageBytes is the largest image accepted (DESIGN.md, "Images").
const MaxImageBytes = 5 << 20

// Image is a stored picture's metadata.
type Image struct {
	ID          string
	ContentType string
	Size        int64
	SHA256      string
	UploadedAt  time.Time
}

// ImageStore keeps pictures (GridFS bucket `images`).
type ImageStore interface {
	// PutImage stores data unless identical bytes are already stored, and
	// returns the stored image either way (images are content-addressed).
	PutImage(ctx context.Context, data []byte, contentType, filename string) (Image, error)
	// FindImageBySHA256 returns the stored image with these bytes' digest.
	FindImageBySHA256(ctx context.Context, digest string) (Image, error)
	// OpenImage returns the image and a reader of its bytes.
	OpenImage(ctx context.Context, id string) (Image, io.ReadCloser, error)
}

// ImageURL is the public address of a stored image.
func ImageURL(publicURL, id string) string {
	return publicURL + "/images/" + id
}
