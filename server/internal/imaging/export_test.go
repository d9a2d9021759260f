package imaging

import (
	"bytes"
	"image"
	"net/http"
	"testing"
)

// DecodeSlots is how many decodes may run at once.
func DecodeSlots() int { return cap(decodeSlots) }

// SetHooks makes every later decode call wait when it has to wait for a
// slot, and decode once it holds one, until the test ends.
func SetHooks(tb testing.TB, wait, decode func()) {
	onWait, onDecode = wait, decode
	tb.Cleanup(func() { onWait, onDecode = nil, nil })
}

// DecodeCost is decodeCost of data, whose type and Config it finds itself.
func DecodeCost(tb testing.TB, data []byte) int64 {
	tb.Helper()
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	cost, err := decodeCost(http.DetectContentType(data), data, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return cost
}
