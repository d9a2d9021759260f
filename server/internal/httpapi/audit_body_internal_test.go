package httpapi

import (
	"bytes"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

// The audit reads a body's first 64 KiB for the entry's changes; the
// handler still reads the whole body, also a chunked (unknown length) one
// over 64 KiB, whose changes are then not recorded.
func TestAuditBody_HandlerGetsTheWholeBody(t *testing.T) {
	t.Parallel()
	small := `{"name":"Lathe","price":12}`
	large := `{"name":"Lathe","description":"` + strings.Repeat("x", auditBodyLimit+10) + `"}`
	for _, c := range []struct {
		name, body string
		length     int64
		recorded   bool
	}{
		{"Small", small, int64(len(small)), true},
		{"SmallChunked", small, -1, true},
		{"LargeChunked", large, -1, false},
		{"LargeKnown", large, int64(len(large)), false},
		{"Exactly64KiBChunked", strings.Repeat(" ", auditBodyLimit), -1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/added", io.NopCloser(strings.NewReader(c.body)))
			r.ContentLength = c.length
			got := auditBody(r)
			if (got != nil) != c.recorded || c.recorded && !bytes.Equal(got, []byte(c.body)) {
				t.Fatalf("recorded %d bytes, want the body: %v", len(got), c.recorded)
			}
			all, err := io.ReadAll(r.Body)
			if err != nil || string(all) != c.body {
				t.Fatalf("the handler read %d of %d bytes (%v)", len(all), len(c.body), err)
			}
		})
	}
}
