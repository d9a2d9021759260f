package site_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/demo"
	"storefront/server/internal/httpapi"
	"storefront/server/internal/mongodb"
	"storefront/server/internal/mongodb/mongotest"
	"storefront/server/internal/shop"
	"storefront/server/internal/site"
	"storefront/server/internal/wiring"
)

func TestMain(m *testing.M) {
	gin.SetMode(gin.TestMode)
	os.Exit(m.Run())
}

const siteURL = "https://shop.example"

// fixtureDist is a client build that follows the contract between the
// client's build and this server (prerendered index.html, app.html,
// product.html, 404.html, routes.json), so these tests need no client
// build.
const fixtureDist = "testdata/client"

// siteServer is the API (over a fresh embedded store with the demo
// catalogue) and the client server over a fixture build, as the binary
// wires them.
type siteServer struct {
	apiURL  string // where the test reaches the API
	store   *mongodb.Store
	deps    httpapi.Deps
	site    *site.Site
	siteURL string // where the test reaches the client server
	admin   shop.Caller
}

// mustServeSite starts the API and the client server over the fixture
// build.
func mustServeSite(tb testing.TB) *siteServer {
	tb.Helper()
	return mustServeSiteWith(tb, fixtureDist, siteURL+"/", nil)
}

// mustServeSiteWith starts the API and the client server over the build in
// dist; wrap, when not nil, stands between the site and the API's answers.
func mustServeSiteWith(tb testing.TB, dist, publicURL string, wrap func(site.Answers) site.Answers) *siteServer {
	tb.Helper()
	store := mongotest.MustOpen(tb)
	if _, err := demo.Seed(context.Background(), store, "http://shop.test", "sales@shop.test"); err != nil {
		tb.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	deps := wiring.Services(store, wiring.Options{PublicURL: "http://shop.test", SiteURL: siteURL, Log: log})
	api := httpapi.New(httpapi.Config{PublicURL: "http://shop.test", PaymentMode: "test"}, deps)
	apiSrv := httptest.NewServer(api.Handler())
	tb.Cleanup(apiSrv.Close)
	spa, err := site.NewSPA(dist)
	if err != nil {
		tb.Fatal(err)
	}
	d := wiring.SiteDeps(api, deps)
	if wrap != nil {
		d.Answers = wrap(d.Answers)
	}
	st := site.New(spa, site.Config{SiteURL: publicURL, PublicURL: "http://shop.test"}, d)
	srv := httptest.NewServer(st)
	tb.Cleanup(srv.Close)
	// The admin is an account of the store: a write for an account the store
	// does not have is undone (issue 44, app.Owners).
	admin, err := store.CreateUser(context.Background(), shop.User{Email: "boss@shop.test", Name: "Boss", Role: shop.RoleAdmin,
		Provider: shop.ProviderPassword, EmailVerified: true})
	if err != nil {
		tb.Fatal(err)
	}
	return &siteServer{apiURL: apiSrv.URL, store: store, deps: deps, site: st, siteURL: srv.URL, admin: &admin}
}

// get gets path from the API.
func (s *siteServer) get(tb testing.TB, path string) (*http.Response, []byte) {
	tb.Helper()
	res, err := http.Get(s.apiURL + path)
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		tb.Fatal(err)
	}
	return res, body
}

// rawProduct is fields (as an admin's form sends them) as the catalogue
// takes them.
func rawProduct(tb testing.TB, fields map[string]any) shop.RawProduct {
	tb.Helper()
	b, _ := json.Marshal(fields)
	var raw shop.RawProduct
	if err := json.Unmarshal(b, &raw); err != nil {
		tb.Fatal(err)
	}
	return raw
}

// mustAdd adds a product as an admin does.
func (s *siteServer) mustAdd(tb testing.TB, fields map[string]any) string {
	tb.Helper()
	id, err := s.deps.Catalogue.AddProduct(context.Background(), s.admin, rawProduct(tb, fields))
	if err != nil {
		tb.Fatal(err)
	}
	return id
}

// mustEdit changes the fields of product id as an admin does.
func (s *siteServer) mustEdit(tb testing.TB, id string, fields map[string]any) {
	tb.Helper()
	if _, err := s.deps.Catalogue.EditProduct(context.Background(), s.admin, id, rawProduct(tb, fields), nil); err != nil {
		tb.Fatal(err)
	}
}

// mustDelete deletes product id as an admin does.
func (s *siteServer) mustDelete(tb testing.TB, id string) {
	tb.Helper()
	if _, err := s.deps.Catalogue.DeleteProduct(context.Background(), s.admin, id); err != nil {
		tb.Fatal(err)
	}
}

// mustUpload stores a small picture and returns its URL.
func (s *siteServer) mustUpload(tb testing.TB) string {
	tb.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for x := range 8 {
		img.Set(x, x, color.RGBA{uint8(x), 80, 160, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		tb.Fatal(err)
	}
	url, err := s.deps.Images.Upload(context.Background(), s.admin, buf.Bytes(), "photo.png")
	if err != nil {
		tb.Fatal(err)
	}
	return url
}

func decode[T any](tb testing.TB, body []byte) T {
	tb.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		tb.Fatalf("decode %s: %v", body, err)
	}
	return v
}
