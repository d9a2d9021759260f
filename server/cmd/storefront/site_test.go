package main

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/testwait"
)

// TestBinary_ClientServerPages: the binary's client server (CLIENT_DIST,
// CLIENT_PORT) writes product pages, robots.txt and the sitemap on SITE_URL
// (the site tests cover them in detail; this checks the wiring).
func TestBinary_ClientServerPages(t *testing.T) {
	t.Parallel()
	bin := buildCommand(t, ".", "storefront")
	dist, err := filepath.Abs("../../internal/site/testdata/client")
	if err != nil {
		t.Fatal(err)
	}
	clientPort := freePort(t)
	r := startStorefront(t, bin, t.TempDir(), "CLIENT_DIST="+dist, fmt.Sprintf("CLIENT_PORT=%d", clientPort),
		"SITE_URL=https://shop.example/", "SEED_DEMO=true")
	site := fmt.Sprintf("http://127.0.0.1:%d", clientPort)
	get := func(path string) (int, string, error) {
		res, err := http.Get(site + path)
		if err != nil {
			return 0, "", err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		return res.StatusCode, string(b), err
	}
	// The API answers first; the client server's listener follows at once.
	if !testwait.Until(30*time.Second, func() bool { status, _, err := get("/robots.txt"); return err == nil && status == 200 }) {
		t.Fatalf("the client server does not answer:\n%s", r.logs.String())
	}

	var list []struct {
		ID   string `json:"_id"`
		Name string `json:"name"`
	}
	r.api.mustCall("GET", "/service?limit=1", "", "", 200, &list)
	if len(list) != 1 {
		t.Fatal("no demo product")
	}
	status, body, err := get("/product/" + list[0].ID)
	if err != nil || status != 200 || !strings.Contains(body, `<link rel="canonical" href="https://shop.example/product/`+list[0].ID+`">`) ||
		!strings.Contains(body, `<script id="ssr-product" type="application/json">`) {
		t.Fatalf("product page: %d %v\n%s", status, err, body)
	}
	if status, body, err := get("/product/ffffffffffffffffffffffff"); err != nil || status != 404 || !strings.Contains(body, `data-ssr="not-found"`) {
		t.Fatalf("unknown product: %d %v", status, err)
	}
	if _, body, _ := get("/robots.txt"); !strings.Contains(body, "Sitemap: https://shop.example/sitemap.xml\n") {
		t.Fatalf("robots.txt:\n%s", body)
	}
	if status, body, _ := get("/sitemap.xml"); status != 200 || !strings.Contains(body, "<loc>https://shop.example/product/"+list[0].ID+"</loc>") {
		t.Fatalf("sitemap: %d\n%s", status, body)
	}
	r.stop()
}
