package site_test

import (
	"os"
	"path/filepath"
	"testing"

	"storefront/server/internal/site"
)

// Issue 49: without SELLER_*, the invoices name the shop as the site shows
// it, read from the built product page.
func TestReadIdentity(t *testing.T) {
	dir := t.TempDir()
	if name, address := site.ReadIdentity(dir); name != "" || address != "" {
		t.Fatalf("no build: %q %q", name, address)
	}
	page := `<html><head><meta name="store-address" content="42 Foundry Road, Pittsburgh, PA 15201" />` +
		`<meta name="application-name" content="Machinery &amp; Co" /><!--ssr-head--></head><body><main>__SSR_NAME__</main><!--ssr-data--></body></html>`
	if err := os.WriteFile(filepath.Join(dir, "product.html"), []byte(page), 0o600); err != nil {
		t.Fatal(err)
	}
	if name, address := site.ReadIdentity(dir); name != "Machinery & Co" || address != "42 Foundry Road, Pittsburgh, PA 15201" {
		t.Fatalf("identity: %q %q", name, address)
	}
}
