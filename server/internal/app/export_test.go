package app

import "context"

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
