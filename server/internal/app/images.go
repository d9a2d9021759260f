package app

import (
	"context"
	"io"
	"log/slog"
	"time"

	"storefront/server/internal/imaging"
	"storefront/server/internal/shop"
)

// Images is picture uploads, and the sweep of the pictures nothing uses.
type Images struct {
	Images    shop.ImageStore
	Sweeper   shop.ImageSweepStore
	PublicURL string
	Now       func() time.Time // nil: time.Now
	Log       *slog.Logger
	// Deleted, when set, hears each picture the sweep deletes (the API's
	// cache of picture bytes forgets it).
	Deleted func(id string)
	// Owners refuses an upload for an account being deleted; the picture,
	// which nothing refers to, goes with the sweep.
	Owners *Owners
}

func (i *Images) now() time.Time {
	if i.Now != nil {
		return i.Now().UTC()
	}
	return time.Now().UTC()
}

// Upload checks that data is a whole JPEG, PNG, WebP or GIF image and
// stores it; the answer is its public URL.
func (i *Images) Upload(ctx context.Context, caller shop.Caller, data []byte, filename string) (string, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return "", err
	}
	ct, err := imaging.InspectContext(ctx, data)
	if err != nil {
		return "", err
	}
	// Identical bytes are stored once: each upload records its time on the
	// picture, which the sweep keeps 24 h from then. A sweep may delete the
	// picture between the two steps: then it is stored again.
	for attempt := 0; ; attempt++ {
		img, err := i.Images.PutImage(ctx, data, ct, filename)
		if err != nil {
			return "", err
		}
		err = i.Sweeper.TouchImage(ctx, img.ID, i.now())
		switch {
		case err == nil:
			if err := i.Owners.Keep(ctx, caller, func(context.Context, *shop.User) error { return nil }); err != nil {
				return "", err
			}
			return shop.ImageURL(i.PublicURL, img.ID), nil
		case shop.ErrorCode(err) != shop.ENOTFOUND || attempt > 0:
			return "", err
		}
	}
}

// SweepOrphans deletes the pictures that no document refers to and that
// nobody has uploaded for shop.ImageOrphanAfter, and returns how many.
// Several instances may sweep at once: each delete is conditional.
func (i *Images) SweepOrphans(ctx context.Context) (int, error) {
	cutoff := i.now().Add(-shop.ImageOrphanAfter)
	idle, err := i.Sweeper.IdleImages(ctx, cutoff)
	if err != nil || len(idle) == 0 {
		return 0, err
	}
	// Read after the idle ones: a picture referred to meanwhile was
	// uploaded meanwhile, which the delete's condition sees.
	refs, err := i.Sweeper.ReferencedImages(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range idle {
		if refs[id] {
			continue
		}
		switch err := i.Sweeper.DeleteIdleImage(ctx, id, cutoff); shop.ErrorCode(err) {
		case "":
			n++
			if i.Deleted != nil {
				i.Deleted(id)
			}
		case shop.ENOTFOUND, shop.ECONFLICT: // another sweep, or uploaded again
		default:
			return n, err
		}
	}
	return n, nil
}

// Open returns a stored image and a reader of its bytes, for anyone: the
// pictures are public.
func (i *Images) Open(ctx context.Context, id string) (shop.Image, io.ReadCloser, error) {
	return i.Images.OpenImage(ctx, id)
}
