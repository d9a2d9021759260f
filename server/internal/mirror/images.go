package mirror

import (
	"time"

	"storefront/server/internal/shop"
)

type ImageMeta struct {
	ContentType  string     `bson:"contentType"`
	SHA256       string     `bson:"sha256"`
	LastUploadAt *time.Time `bson:"lastUploadAt,omitempty"` // image_sweep.go
}

type ImageFile struct {
	ID         ID        `bson:"_id"`
	Length     int64     `bson:"length"`
	ChunkSize  int64     `bson:"chunkSize"`
	UploadDate time.Time `bson:"uploadDate"`
	Filename   string    `bson:"filename"`
	Metadata   ImageMeta `bson:"metadata"`
}

// Shop is the document as the domain has it.
func (d ImageFile) Shop() shop.Image {
	return shop.Image{ID: d.ID.Hex(), ContentType: d.Metadata.ContentType, Size: d.Length, SHA256: d.Metadata.SHA256, UploadedAt: d.UploadDate.UTC()}
}

// ImageFiles keeps the pictures' metadata (not their bytes) by id and
// by digest, which makes uploads and imports content-addressed.
func ImageFiles(name string) *Mirror[ID, ImageFile] {
	return &Mirror[ID, ImageFile]{
		Name: name, IDOf: func(d *ImageFile) ID { return d.ID }, CmpID: CompareIDs,
		Keys: []*KeyIndex[ID, ImageFile]{
			{Name: "sha256", Key: func(d *ImageFile) (string, bool) { return d.Metadata.SHA256, d.Metadata.SHA256 != "" }},
		},
	}
}

// LastUpload is when the picture was last uploaded.
func (d ImageFile) LastUpload() time.Time {
	if d.Metadata.LastUploadAt != nil {
		return *d.Metadata.LastUploadAt
	}
	return d.UploadDate
}

// IdleSince is an idle picture's deletion's precondition: last uploaded at
// or before cutoff (idleSince).
func IdleSince(cutoff time.Time) func(ImageFile) error {
	return func(d ImageFile) error {
		if d.LastUpload().After(cutoff) {
			return shop.Errorf(shop.ECONFLICT, "The picture was uploaded again.")
		}
		return nil
	}
}
