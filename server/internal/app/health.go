package app

import "context"

// Health is the store's readiness, for GET /healthz.
type Health struct {
	Store interface {
		// Healthy reads the collections the API serves.
		Healthy(ctx context.Context) error
	}
}

// Check answers whether the store serves reads now.
func (h *Health) Check(ctx context.Context) error { return h.Store.Healthy(ctx) }
