package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

// BenchmarkCatalogue compares the catalogue's cached reads with serving
// the same bytes as a static file, over loopback HTTP with keep-alive and
// 50 connections (wrk -c50's shape), like with like: uncompressed against
// uncompressed, and gzip against the same gzip bytes served with
// Content-Encoding: gzip (nginx's gzip_static). Each path and encoding is
// loaded static, API, static, API for loadFor each; it prints each ratio
// (API req/s over static req/s) and each side's p99. DESIGN.md's budget
// (issue 46): a ratio of at least 0.5 and an API p99 under 10 ms, on
// /service, /service?limit=5 and /reviews, both encodings. Run with go tool
// task bench:api.
func BenchmarkCatalogue(b *testing.B) {
	ts := mustServe(b)
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	type answer struct {
		body     []byte
		encoding string
	}
	fetch := func(path, acceptEncoding string) answer {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		req.Header.Set("Accept-Encoding", acceptEncoding)
		res, err := raw.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			b.Fatalf("GET %s: %d", path, res.StatusCode)
		}
		return answer{body, res.Header.Get("Content-Encoding")}
	}
	var table []string
	for _, path := range []string{"/service", "/service?limit=5", "/reviews"} {
		for _, enc := range []string{"identity", "gzip"} {
			a := fetch(path, enc)
			static := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				h := w.Header()
				h.Set("Content-Type", "application/json")
				h.Set("ETag", `"static"`)
				if a.encoding != "" {
					h.Set("Content-Encoding", a.encoding)
				}
				http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.body))
			}))
			name := fmt.Sprintf("%s/%s", path, enc)
			b.Run(name, func(b *testing.B) {
				var api, file loadResult
				for range 2 {
					file = file.add(load(b, static.URL+"/file", enc))
					api = api.add(load(b, ts.URL+path, enc))
				}
				ratio := api.rate() / file.rate()
				b.ReportMetric(ratio, "ratio")
				b.ReportMetric(api.p99().Seconds()*1000, "api-p99-ms")
				b.ReportMetric(file.p99().Seconds()*1000, "static-p99-ms")
				table = append(table, fmt.Sprintf("| %s | %s (%d bytes%s) | %.0f | %.0f | %.2f | %.1f ms | %.1f ms |", path, enc, len(a.body),
					map[bool]string{true: ", " + a.encoding, false: ""}[a.encoding != ""], api.rate(), file.rate(), ratio,
					api.p99().Seconds()*1000, file.p99().Seconds()*1000))
			})
			static.Close()
		}
	}
	fmt.Println("\n| path | encoding | API req/s | static req/s | ratio (≥ 0.5) | API p99 (< 10 ms) | static p99 |\n|---|---|---|---|---|---|---|")
	for _, row := range table {
		fmt.Println(row)
	}
}

// loadFor is how long each side of a comparison is loaded, each time.
const loadFor = 1500 * time.Millisecond

type loadResult struct {
	requests  int
	took      time.Duration
	latencies []time.Duration
}

func (r loadResult) add(o loadResult) loadResult {
	return loadResult{r.requests + o.requests, r.took + o.took, append(r.latencies, o.latencies...)}
}

func (r loadResult) rate() float64 { return float64(r.requests) / r.took.Seconds() }

func (r loadResult) p99() time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	l := slices.Clone(r.latencies)
	slices.Sort(l)
	return l[len(l)*99/100]
}

// load sends GET url from 50 connections for loadFor, each reading its
// whole answer (not decompressed).
func load(b *testing.B, url, acceptEncoding string) loadResult {
	const conns = 50
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}}
	defer client.CloseIdleConnections()
	var mu sync.Mutex
	var out loadResult
	deadline := time.Now().Add(loadFor)
	start := time.Now()
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			var mine []time.Duration
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest("GET", url, nil)
				req.Header.Set("Accept-Encoding", acceptEncoding)
				t0 := time.Now()
				if !fetchOK(b, client, req) {
					return
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			out.latencies = append(out.latencies, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	out.took = time.Since(start)
	out.requests = len(out.latencies)
	return out
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
