package shop

import (
	"context"
	"io"
	"regexp"
	"strings"
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

// ImageOrphanAfter is how long a picture that nothing references is kept
// after its last upload (a form uploads its picture before it is saved).
const ImageOrphanAfter = 24 * time.Hour

// imageRef finds the pictures of this store a text refers to.
var imageRef = regexp.MustCompile(`/images/([0-9a-f]{24})\b`)

// ImageIDsIn returns the ids of every /images/{id} address in s.
func ImageIDsIn(s string) []string {
	if !strings.Contains(s, "/images/") {
		return nil
	}
	var ids []string
	for _, m := range imageRef.FindAllStringSubmatch(s, -1) {
		ids = append(ids, m[1])
	}
	return ids
}

// ImageSweepStore finds and deletes the pictures nothing refers to.
type ImageSweepStore interface {
	// TouchImage records an upload of the picture at at (identical bytes
	// are stored once, so each upload refreshes it).
	TouchImage(ctx context.Context, id string, at time.Time) error
	// IdleImages returns the pictures last uploaded at or before cutoff.
	IdleImages(ctx context.Context, cutoff time.Time) ([]string, error)
	// ReferencedImages returns the ids of the pictures any document refers to.
	ReferencedImages(ctx context.Context) (map[string]bool, error)
	// DeleteIdleImage deletes the picture if it was last uploaded at or
	// before cutoff (ECONFLICT when it was uploaded again since).
	DeleteIdleImage(ctx context.Context, id string, cutoff time.Time) error
}
