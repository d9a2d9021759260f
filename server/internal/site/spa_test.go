package site_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"storefront/server/internal/site"
)

func TestSPA(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	index := "<!doctype html><title>Storefront</title>" + strings.Repeat("<!-- padding -->", 64)
	js := "console.log('storefront');" + strings.Repeat("/* padding */", 100)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "assets"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "index.html"), []byte(index), 0o644))
	must(os.WriteFile(filepath.Join(dir, "assets", "index-abc123.js"), []byte(js), 0o644))
	docs := "<!doctype html><title>API reference</title>"
	must(os.MkdirAll(filepath.Join(dir, "docs"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "docs", "index.html"), []byte(docs), 0o644))
	spa, err := site.NewSPA(dir)
	must(err)
	srv := httptest.NewServer(spa)
	defer srv.Close()
	get := func(path string, gz bool) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if gz {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		must(err)
		defer res.Body.Close()
		var r io.Reader = res.Body
		if res.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(res.Body)
			must(err)
			r = zr
		}
		b, _ := io.ReadAll(r)
		return res, string(b)
	}
	t.Run("OK_ClientRouteGetsIndex", func(t *testing.T) {
		for _, p := range []string{"/", "/dashboard/myorder", "/purchase/0123456789abcdef01234567"} {
			res, body := get(p, false)
			if res.StatusCode != 200 || body != index || res.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("%s: %d %q", p, res.StatusCode, res.Header.Get("Cache-Control"))
			}
		}
	})
	t.Run("OK_PageOfItsOwn", func(t *testing.T) {
		for _, p := range []string{"/docs", "/docs/", "/docs/index.html"} {
			res, body := get(p, false)
			if res.StatusCode != 200 || body != docs || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("%s: %d %q %q", p, res.StatusCode, res.Header.Get("Content-Type"), body)
			}
		}
	})
	t.Run("OK_HashedAssetImmutableAndCompressed", func(t *testing.T) {
		res, body := get("/assets/index-abc123.js", true)
		if res.StatusCode != 200 || body != js || res.Header.Get("Content-Encoding") != "gzip" ||
			!strings.Contains(res.Header.Get("Cache-Control"), "immutable") || !strings.Contains(res.Header.Get("Content-Type"), "javascript") {
			t.Fatalf("asset: %d %v", res.StatusCode, res.Header)
		}
	})
	t.Run("ErrMissingFile", func(t *testing.T) {
		if res, _ := get("/assets/missing.js", false); res.StatusCode != 404 {
			t.Fatalf("missing asset: %d", res.StatusCode)
		}
	})
	t.Run("ErrNoIndex", func(t *testing.T) {
		if _, err := site.NewSPA(t.TempDir()); err == nil {
			t.Fatal("a folder without index.html was accepted")
		}
	})
}
