package mirror

import "context"

// Slot serialises the embedded store's writes: FerretDB v1 applies updates
// as read-modify-write without locking, and the mirrors are exact only
// because one write at a time changes store and mirror together.
type Slot struct{ ch chan struct{} }

// NewSlot returns a free slot.
func NewSlot() *Slot { return &Slot{ch: make(chan struct{}, 1)} }

// Take waits for the slot and returns its release; or ctx's error when ctx
// ends first (then the slot is not held).
func (s *Slot) Take(ctx context.Context) (release func(), err error) {
	select {
	case s.ch <- struct{}{}:
		if err := ctx.Err(); err != nil { // gone before the write began
			<-s.ch
			return nil, err
		}
		return func() { <-s.ch }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
