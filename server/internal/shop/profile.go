package shop

import (
	"context"
	"strings"
)

// Profile is a customer's profile (collection `profiles`), one per email.
type Profile struct {
	ID        string `json:"_id"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	Image     string `json:"image"`
	Address   string `json:"address"`
	Education string `json:"education"`
	Linkdin   string `json:"linkdin"`
}

// Profile field limits.
const MaxProfileFieldLen = 300

// ProfileDraft is the input of POST /profile. Name and email come from the
// account; the body's copies are accepted and ignored.
type ProfileDraft struct {
	Image     string `json:"image"`
	Address   string `json:"address"`
	Education string `json:"education"`
	Linkdin   string `json:"linkdin"`
	Name      string `json:"name"`
	Email     string `json:"email"`
}

// Validate applies the profile form's rules. imagePrefix is where this
// store's images live.
func (d *ProfileDraft) Validate(imagePrefix string) error {
	d.Image, d.Address = strings.TrimSpace(d.Image), strings.TrimSpace(d.Address)
	d.Education, d.Linkdin = strings.TrimSpace(d.Education), strings.TrimSpace(d.Linkdin)
	f := map[string]string{}
	checkText(f, "education", d.Education, MaxProfileFieldLen, "Education is Required", FieldTooLong)
	checkText(f, "address", d.Address, MaxProfileFieldLen, "address is Required", FieldTooLong)
	switch {
	case d.Image == "":
		f["image"] = "Image is Required"
	case !strings.HasPrefix(d.Image, imagePrefix) || CheckID(strings.TrimPrefix(d.Image, imagePrefix)) != nil:
		f["image"] = "must be an image uploaded to this store"
	}
	if d.Linkdin != "" && !IsWebURL(d.Linkdin) {
		f["linkdin"] = "must be a valid URL"
	}
	return Invalid("The profile is not valid.", f)
}

// ProfileStore is the profiles' persistence.
type ProfileStore interface {
	FindProfileByEmail(ctx context.Context, email string) (Profile, error)
	FindProfile(ctx context.Context, id string) (Profile, error)
	// SaveProfile replaces the profile of p.Email in one write (creating it
	// when there is none), so an edit never leaves the user without one.
	SaveProfile(ctx context.Context, p Profile) (UpdateResult, error)
	// DeleteProfile removes the profile with this id and email.
	DeleteProfile(ctx context.Context, id, email string) (DeleteResult, error)
}
