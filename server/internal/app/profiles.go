package app

import (
	"context"

	"storefront/server/internal/shop"
)

// Profiles is customers' profiles; each user sees and changes only their own.
type Profiles struct {
	Profiles    shop.ProfileStore
	ImagePrefix string
	Owners      *Owners // a profile saved for an account being deleted is removed again
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
	if err := p.Owners.Keep(ctx, caller, func(ctx context.Context, _ *shop.User) error { return p.drop(ctx, caller.Email) }); err != nil {
		return shop.Profile{}, shop.UpdateResult{}, err
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

// drop removes email's profile, if it has one (the erasure's step).
func (p *Profiles) drop(ctx context.Context, email string) error {
	prof, err := p.Profiles.FindProfileByEmail(ctx, email)
	if err == nil {
		_, err = p.Profiles.DeleteProfile(ctx, prof.ID, email)
	}
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return nil
	}
	return err
}
