package app

import (
	"context"
	"strconv"

	"storefront/server/internal/imaging"
	"storefront/server/internal/shop"
)

// Reviews is customers' reviews.
type Reviews struct {
	Reviews     shop.ReviewStore
	ImagePrefix string // PUBLIC_URL + "/images/"
}

// AddReview stores a review under the signed-in account's name and email.
func (r *Reviews) AddReview(ctx context.Context, caller shop.Caller, d shop.ReviewDraft) (string, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return "", err
	}
	if err := d.Validate(r.ImagePrefix); err != nil {
		return "", err
	}
	return r.Reviews.InsertReview(ctx, shop.Review{Name: caller.Name, Email: caller.Email, Review: d.Review, Img: d.Img, Rating: *d.Rating})
}

// Profiles is customers' profiles; each user sees and changes only their own.
type Profiles struct {
	Profiles    shop.ProfileStore
	ImagePrefix string
}

// Get returns the profile of email as a list of zero or one, for its owner.
func (p *Profiles) Get(ctx context.Context, caller shop.Caller, email string) ([]shop.Profile, error) {
	if err := shop.RequireSelf(caller, email); err != nil {
		return nil, err
	}
	prof, err := p.Profiles.FindProfileByEmail(ctx, caller.Email)
	switch shop.ErrorCode(err) {
	case "":
		return []shop.Profile{prof}, nil
	case shop.ENOTFOUND:
		return []shop.Profile{}, nil
	}
	return nil, err
}

// Save creates or replaces the caller's profile in one write.
func (p *Profiles) Save(ctx context.Context, caller shop.Caller, d shop.ProfileDraft) (shop.Profile, shop.UpdateResult, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.Profile{}, shop.UpdateResult{}, err
	}
	if err := d.Validate(p.ImagePrefix); err != nil {
		return shop.Profile{}, shop.UpdateResult{}, err
	}
	prof := shop.Profile{Name: caller.Name, Email: caller.Email, Image: d.Image, Address: d.Address, Education: d.Education, Linkdin: d.Linkdin}
	res, err := p.Profiles.SaveProfile(ctx, prof)
	if err != nil {
		return shop.Profile{}, res, err
	}
	saved, err := p.Profiles.FindProfileByEmail(ctx, caller.Email)
	return saved, res, err
}

// Delete removes the caller's own profile; anyone else's answers exactly
// like a missing one (the store's "The profile was not found.").
func (p *Profiles) Delete(ctx context.Context, caller shop.Caller, id string) (shop.DeleteResult, error) {
	if err := shop.RequireSignedIn(caller); err != nil {
		return shop.DeleteResult{}, err
	}
	prof, err := p.Profiles.FindProfile(ctx, id)
	if err != nil {
		return shop.DeleteResult{}, err
	}
	if err := shop.RequireOwnerOrHide(caller, prof.Email, "The profile"); err != nil {
		return shop.DeleteResult{}, err
	}
	return p.Profiles.DeleteProfile(ctx, id, caller.Email)
}

// Images is picture uploads.
type Images struct {
	Images    shop.ImageStore
	PublicURL string
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
	img, err := i.Images.PutImage(ctx, data, ct, filename)
	if err != nil {
		return "", err
	}
	return shop.ImageURL(i.PublicURL, img.ID), nil
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
