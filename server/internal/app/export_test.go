package app

import (
	"context"

	"storefront/server/internal/shop"
)

// ExpireOne is the reservation sweep's step for one purchase (the
// histories expire a purchase they pick, where the sweep would expire the
// oldest ones).
func (p *Purchases) ExpireOne(ctx context.Context, id string) error {
	grp, err := p.find(ctx, id)
	if err != nil {
		return err
	}
	_, err = p.expire(ctx, grp)
	return err
}

// StartSecondStep is a sign-in's password step passed: the account's
// second step begins (the mfaToken).
func (a *Accounts) StartSecondStep(ctx context.Context, u shop.User) (string, error) {
	c, err := a.startSecondStep(ctx, u)
	if err != nil {
		return "", err
	}
	return c.MFAToken, nil
}
