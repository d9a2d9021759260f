package httpapi_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkCatalogue compares GET /service on the demo catalogue with
// serving the same bytes as a static file, over loopback HTTP with
// keep-alive. DESIGN.md's budget: the API reaches at least half the static
// file's requests per second. Compare the req/s metrics of the two cases.
func BenchmarkCatalogue(b *testing.B) {
	ts := mustServe(b)
	res, body := ts.get(b, "/service")
	if res.StatusCode != 200 {
		b.Fatalf("GET /service: %d", res.StatusCode)
	}
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "service.json"), body, 0o644); err != nil {
		b.Fatal(err)
	}
	static := httptest.NewServer(http.FileServer(http.Dir(dir)))
	b.Cleanup(static.Close)

	for _, c := range []struct{ name, url string }{
		{"api", ts.URL + "/service"},
		{"static", static.URL + "/service.json"},
	} {
		b.Run(c.name, func(b *testing.B) {
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
			b.SetBytes(int64(len(body)))
			b.ResetTimer()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req, _ := http.NewRequest("GET", c.url, nil)
					if !fetchOK(b, client, req) {
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
		})
	}
}

// fetchOK sends req and reads the whole answer, reporting to b a failure or
// a status other than 200.
func fetchOK(b *testing.B, client *http.Client, req *http.Request) bool {
	res, err := client.Do(req)
	if err != nil {
		b.Error(err)
		return false
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		b.Errorf("%s: status %d", req.URL.Path, res.StatusCode)
		return false
	}
	return true
}
