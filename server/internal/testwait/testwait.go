// Package testwait lets tests wait for a condition, never for a fixed time.
package testwait

import "time"

// Until checks cond every few milliseconds until it holds (true) or within
// has passed (false, after one last check).
func Until(within time.Duration, cond func() bool) bool {
	deadline := time.NewTimer(within)
	defer deadline.Stop()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-deadline.C:
			return cond()
		case <-tick.C:
		}
	}
	return true
}
