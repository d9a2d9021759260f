package shop

// Event is a business event that operations count.
type Event string

// The events the storefront counts (metrics name them storefront_<event>_total).
const (
	EventOrderCreated  Event = "orders_created"
	EventOrderPaid     Event = "orders_paid"
	EventPaymentFailed Event = "payments_failed"
	EventSignup        Event = "signups"
	EventLoginFailure  Event = "login_failures"
	EventMailSent      Event = "emails_sent"
	EventMailFailed    Event = "emails_failed"
	// The store's in-memory copy read back from the store after a write
	// that failed once it had reached the store, and the differences the
	// periodic sample of the copy against the store found (both repaired).
	EventMirrorRepair     Event = "store_mirror_repairs"
	EventMirrorDifference Event = "store_mirror_differences"
)

// Telemetry hears the storefront's business events and the requests it
// refuses for a rate limit. The metrics adapter counts them; a nil
// Telemetry is fine and hears nothing (see Tell and TellLimited).
type Telemetry interface {
	Count(e Event)
	RateLimited(limit string)
}

// Tell counts e on t when there is one.
func Tell(t Telemetry, e Event) {
	if t != nil {
		t.Count(e)
	}
}

// TellLimited counts a request refused by the named limit on t when there is one.
func TellLimited(t Telemetry, limit string) {
	if t != nil {
		t.RateLimited(limit)
	}
}
