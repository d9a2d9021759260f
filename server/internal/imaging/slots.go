package imaging

import (
	"context"
	"runtime"
	"time"

	"storefront/server/internal/shop"
)

// decodeSlots bounds the decodes running at once in the process, so that N
// uploads at the same time cannot multiply the per-decode ceiling
// (MaxDecodeBytes) N times: decoding is CPU-bound, so more slots than cores
// buy no throughput, and at most 4 keeps the worst case at 4×160 MB on a
// large machine; at least 2, so one slow decode does not stall the others.
var decodeSlots = make(chan struct{}, max(2, min(runtime.NumCPU(), 4)))

// Test hooks (export_test.go): onWait runs when a decode has to wait for a
// slot, onDecode once it holds one, before decoding.
var onWait, onDecode func()

// acquireDecodeSlot waits for a decode slot, or for ctx to end (then it
// answers EUNAVAILABLE). The caller must call release once done.
func acquireDecodeSlot(ctx context.Context) (release func(), err error) {
	if err := ctx.Err(); err != nil {
		return nil, busy(err)
	}
	select {
	case decodeSlots <- struct{}{}:
	default:
		if onWait != nil {
			onWait()
		}
		select {
		case decodeSlots <- struct{}{}:
		case <-ctx.Done():
			return nil, busy(ctx.Err())
		}
	}
	if onDecode != nil {
		onDecode()
	}
	return func() { <-decodeSlots }, nil
}

func busy(cause error) error {
	return &shop.Error{Code: shop.EUNAVAILABLE, Message: msgBusy, Cause: cause, RetryAfter: time.Second}
}
