// Package site is the client server (CLIENT_PORT): the built client
// served from memory, and the pages the server writes from the catalogue
// the API keeps in memory: the home page's featured products, each
// product's page (/product/{id}) with its head tags, JSON-LD and content,
// /sitemap.xml and /robots.txt.
package site

import (
	"context"
	"log/slog"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"storefront/server/internal/cache"
	"storefront/server/internal/shop"
)

// Site serves the client. Everything is answered from memory with an ETag;
// HTML is revalidated (no-cache), hashed assets are immutable.
type Site struct {
	spa       *SPA
	answers   Answers
	catalogue Catalogue
	status    func(error) int
	log       *slog.Logger
	siteURL   string
	cacheTTL  time.Duration
	robots    *spaFile
	pages     *pageCache // rendered product pages
	csp       string     // the Content-Security-Policy of every answer (csp.go)
	apiURL    string     // PUBLIC_URL: where a product's documents are served (issue 48)

	// sitemapURLs is the most URLs one sitemap file holds (the protocol's
	// limit); a larger catalogue makes /sitemap.xml an index of
	// /sitemap-1.xml, /sitemap-2.xml, ... (sitemap.go)
	sitemapURLs int
	sitemapMu   sync.Mutex // one build at a time
	sitemaps    atomic.Pointer[sitemapSet]

	homeMu sync.Mutex                 // one render at a time
	home   atomic.Pointer[cachedPage] // the home page, and the answer it was rendered from
}

// Answer is one of the API's cached answers, as a page is written from it.
type Answer struct {
	JSON  []byte // the answer's body, as the client would fetch it
	ETag  string // a page is current while its answer's ETag is the same
	Total int64  // X-Total-Count of a list
}

// Answers are the API's own cached answers, so that a page holds what the
// API answers (and the client hydrates) and is rendered again only when
// that answer changes.
type Answers interface {
	// Product is GET /service/{id}'s answer.
	Product(ctx context.Context, id string) (shop.Product, Answer, error)
	// Products is GET /service's answer for q.
	Products(ctx context.Context, q shop.ProductQuery) ([]shop.Product, Answer, error)
	// ProductReviews is GET /reviews?productId='s answer (issue 48).
	ProductReviews(ctx context.Context, id string) (shop.ProductReviews, Answer, error)
}

// Catalogue is what the sitemap is built from: every product's stamp, and
// the catalogue's write version (the sitemap is kept while it is the same).
type Catalogue interface {
	// Stamps returns a list of its own each time: the sitemap keeps it, to
	// compare the next one with.
	Stamps(ctx context.Context) ([]shop.ProductStamp, error)
	Version() uint64
}

// Config is what the client server needs to know about its deployment.
type Config struct {
	// SiteURL is the client's public origin (SITE_URL), for canonical
	// URLs, Open Graph and the sitemap.
	SiteURL string
	// CacheTTL bounds how stale the sitemap may be (the API's answers
	// have their own); 0 when this process is the only writer.
	CacheTTL time.Duration
	// PublicURL is the API's origin (PUBLIC_URL), which the pages call and
	// load pictures from (the Content-Security-Policy names it).
	PublicURL string
}

// Deps are what the pages are written from.
type Deps struct {
	Answers   Answers
	Catalogue Catalogue
	// Status is the HTTP status of a failure to read the catalogue (the
	// API's one table from error codes).
	Status func(error) int
	Log    *slog.Logger
}

// homeWait is how long / waits for the featured products' answer before it
// answers without them: a database that does not answer must not hold the
// home page (the answer's own load goes on, for the next request).
const homeWait = time.Second

// maxSitemapURLs is the sitemap protocol's limit of URLs per file.
const maxSitemapURLs = 50_000

// sitemapTimeout bounds one build of the sitemap.
const sitemapTimeout = 10 * time.Second

// New returns the client server for spa.
func New(spa *SPA, cfg Config, d Deps) *Site {
	siteURL := strings.TrimSuffix(cfg.SiteURL, "/")
	robots := "User-agent: *\n"
	for _, p := range []string{"/dashboard", "/payment", "/purchase", "/login", "/register"} {
		robots += "Disallow: " + p + "\n"
	}
	robots += "\nSitemap: " + siteURL + "/sitemap.xml\n"
	return &Site{spa: spa, answers: d.Answers, catalogue: d.Catalogue, status: d.Status, log: d.Log,
		siteURL: siteURL, cacheTTL: cfg.CacheTTL, sitemapURLs: maxSitemapURLs, pages: newPageCache(pageCacheBytes),
		robots: newSPAFile([]byte(robots), "text/plain; charset=utf-8", false), csp: contentSecurityPolicy(spa.scriptHashes, cfg.PublicURL),
		apiURL: strings.TrimRight(cfg.PublicURL, "/")}
}

// PageCache reports the rendered product pages kept, for the metrics.
func (s *Site) PageCache() cache.Stats { return s.pages.pages.Stats() }

func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Security-Policy", s.csp)
	if !getOrHead(w, r) {
		return
	}
	p := path.Clean("/" + r.URL.Path)
	switch {
	case p == "/robots.txt":
		serveFile(w, r, s.robots, http.StatusOK)
		return
	case p == "/sitemap.xml" || strings.HasPrefix(p, "/sitemap-") && strings.HasSuffix(p, ".xml"):
		set, err := s.currentSitemaps(r.Context())
		if err != nil {
			s.unavailable(w, r, err)
			return
		}
		if f := set.files[p]; f != nil {
			serveFile(w, r, f, http.StatusOK)
			return
		}
	case p == "/" && s.spa.home != nil:
		s.homePage(w, r)
		return
	case strings.HasPrefix(p, "/product/") && s.spa.product != nil:
		s.productPage(w, r, strings.TrimPrefix(p, "/product/"))
		return
	}
	s.spa.ServeHTTP(w, r)
}

// productPage answers /product/{id}: the page rendered from the API's
// cached answer of GET /service/{id}, and kept while that answer is the
// same; 404 with the not-found page for a malformed or unknown id.
func (s *Site) productPage(w http.ResponseWriter, r *http.Request, id string) {
	if shop.CheckID(id) != nil {
		s.spa.serveNotFound(w, r)
		return
	}
	p, a, err := s.answers.Product(r.Context(), id)
	if err != nil {
		if shop.ErrorCode(err) == shop.ENOTFOUND {
			s.spa.serveNotFound(w, r)
		} else {
			s.unavailable(w, r, err)
		}
		return
	}
	// Its reviews (issue 48: the JSON-LD's rating): a page without them
	// when they cannot be read, kept only until they can.
	reviews, ra, err := s.answers.ProductReviews(r.Context(), id)
	if err != nil {
		s.log.LogAttrs(r.Context(), slog.LevelWarn, "product page without its reviews", slog.String("product", id), slog.Any("error", err))
		reviews, ra = shop.ProductReviews{}, Answer{ETag: "unread"}
	}
	source := a.ETag + "|" + ra.ETag
	f := s.pages.get(id, source)
	if f == nil {
		body, err := s.spa.product.render(p, a.JSON, reviews, s.siteURL)
		if err != nil {
			s.unavailable(w, r, err)
			return
		}
		body = withDocuments(body, p.Documents, s.apiURL)
		f = newSPAFile(body, "text/html; charset=utf-8", false)
		s.pages.put(id, source, f)
	}
	serveFile(w, r, f, http.StatusOK)
}

// homePage answers / with its featured products in the HTML, rendered from
// the API's cached answer of the client's featured query and kept while
// that answer is the same. When the catalogue cannot be read, the
// prerendered page without them (index.html) answers: its client fetches
// them.
func (s *Site) homePage(w http.ResponseWriter, r *http.Request) {
	t := s.spa.home
	q, err := t.query()
	var (
		products []shop.Product
		a        Answer
	)
	if err == nil {
		ctx, cancel := context.WithTimeout(r.Context(), homeWait)
		products, a, err = s.answers.Products(ctx, q)
		cancel()
	}
	if err != nil {
		s.log.LogAttrs(r.Context(), slog.LevelWarn, "home page without featured products", slog.Any("error", err))
		s.spa.ServeHTTP(w, r)
		return
	}
	source := a.ETag + "/" + strconv.FormatInt(a.Total, 10) // the total is in the page too
	p := s.home.Load()
	if p == nil || p.source != source {
		// Rendered once for the requests that see the same new answer.
		s.homeMu.Lock()
		if p = s.home.Load(); p == nil || p.source != source {
			p = &cachedPage{source: source, file: newSPAFile(t.render(products, a.JSON, a.Total), "text/html; charset=utf-8", false)}
			s.home.Store(p)
		}
		s.homeMu.Unlock()
	}
	serveFile(w, r, p.file, http.StatusOK)
}

// unavailable answers a failure to read the catalogue: its status from the
// error's code, a plain message, the cause in the log only.
func (s *Site) unavailable(w http.ResponseWriter, r *http.Request, err error) {
	status := s.status(err)
	if status < 500 {
		status = http.StatusInternalServerError
	}
	s.log.LogAttrs(r.Context(), slog.LevelError, "page failed", slog.String("path", r.URL.Path), slog.Any("error", err))
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, "The store is not available right now. Please try again in a moment.", status)
}

// pageCache keeps rendered product pages, each with the ETag of the API
// answer it was rendered from: a page is current while the answer is the
// same. Its bytes are bounded: any visitor can ask for any product.
type pageCache struct {
	pages *cache.Cache[string, cachedPage]
}

type cachedPage struct {
	source string // the ETag of the answer rendered
	file   *spaFile
}

// pageCacheBytes bounds the rendered pages kept (both encodings).
const pageCacheBytes = 32 << 20

func newPageCache(budget int64) *pageCache {
	return &pageCache{pages: cache.New[string, cachedPage](budget)}
}

func (c *pageCache) get(id, source string) *spaFile {
	if p, ok := c.pages.Get(id); ok && p.source == source {
		return p.file
	}
	return nil
}

func (c *pageCache) put(id, source string, f *spaFile) {
	c.pages.Put(id, cachedPage{source: source, file: f}, f.bytes())
}
