package site

import (
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"storefront/server/internal/cache"
)

// SPA serves a built single-page app from memory: hashed files under
// /assets/ are cached for a year, everything else is revalidated, text is
// gzip-compressed once at start, and paths without a file get the app's
// shell so that client-side routes load (or, for a folder with an
// index.html of its own, such as /docs, that page). When the build lists
// its routes (routes.json), a path that is none of them is answered 404
// with the not-found page, which the app renders too.
//
// The shell is app.html: index.html is the home page's prerendered markup.
// A build without app.html (older ones) has its index.html as the shell.
// product.html and 404.html, when the build has them, are the templates of
// the server-rendered pages (see Site); product.html is not served as is.
// home.html, when the build has it, is the home page with its featured
// products left for the server to fill (see Site); index.html is then the
// home page as served when the catalogue cannot be read.
type SPA struct {
	files    map[string]*spaFile
	shell    *spaFile
	notFound *spaFile         // 404.html; nil in older builds
	routes   routes           // routes.json; nil in older builds: every path is a client route
	product  *productTemplate // product.html; nil in older builds
	home     *homeTemplate    // home.html; nil in builds whose client renders the featured products
	// scriptHashes are the CSP sources of the build's inline scripts (csp.go).
	scriptHashes []string
}

type spaFile struct {
	data, gz    []byte
	contentType string
	etag        string
	immutable   bool
}

// NewSPA loads every file under dir (the client's build output).
func NewSPA(dir string) (*SPA, error) {
	s := &SPA{files: map[string]*spaFile{}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = "/" + filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "/.vite/") {
			return nil // build metadata, not part of the site
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		ct := mime.TypeByExtension(path.Ext(rel))
		if ct == "" {
			ct = http.DetectContentType(data)
		}
		s.files[rel] = newSPAFile(data, ct, strings.HasPrefix(rel, "/assets/"))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if s.files["/index.html"] == nil {
		return nil, fmt.Errorf("%s has no index.html: build the client first", dir)
	}
	if s.shell = s.files["/app.html"]; s.shell == nil {
		s.shell = s.files["/index.html"]
	}
	s.notFound = s.files["/404.html"]
	var pages []string
	for name, f := range s.files {
		if strings.HasSuffix(name, ".html") {
			pages = append(pages, string(f.data))
		}
	}
	s.scriptHashes = inlineScriptHashes(pages...)
	if f := s.files[routesFile]; f != nil {
		if s.routes, err = parseRoutes(f.data); err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		delete(s.files, routesFile)
	}
	if f := s.files["/product.html"]; f != nil {
		if s.product, err = parseProductTemplate(string(f.data)); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "product.html"), err)
		}
		delete(s.files, "/product.html")
	}
	if f := s.files["/home.html"]; f != nil {
		if s.home, err = parseHomeTemplate(string(f.data)); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "home.html"), err)
		}
		delete(s.files, "/home.html")
	}
	return s, nil
}

// newSPAFile is a file served from memory, its ETag the digest of its bytes.
func newSPAFile(data []byte, contentType string, immutable bool) *spaFile {
	f := &spaFile{data: data, contentType: contentType, etag: cache.ETag(data), immutable: immutable}
	if compressible(contentType) {
		f.gz = cache.Gzipped(data)
	}
	return f
}

func (f *spaFile) bytes() int64 { return int64(len(f.data) + len(f.gz) + len(f.etag) + 64) }

func compressible(ct string) bool {
	for _, p := range []string{"text/", "application/javascript", "application/json", "application/xml", "image/svg+xml", "application/manifest+json"} {
		if strings.HasPrefix(ct, p) {
			return true
		}
	}
	return false
}

func (s *SPA) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !getOrHead(w, r) {
		return
	}
	p := path.Clean("/" + r.URL.Path)
	f, ok := s.files[p]
	if !ok {
		if path.Ext(p) != "" {
			http.NotFound(w, r) // a missing file, not a client route
			return
		}
		// A folder with a page of its own (/docs, the API reference, or a
		// prerendered route) gets it; any other path is a route of the app,
		// or, when the build lists them and it is none, not found.
		if f, ok = s.files[path.Join(p, "index.html")]; !ok {
			if s.routes != nil && !s.routes.match(p) {
				s.serveNotFound(w, r)
				return
			}
			f = s.shell
		}
	}
	serveFile(w, r, f, http.StatusOK)
}

// serveNotFound answers 404 with the client's not-found page (404.html), or
// with the app's shell in builds without one, which shows its own.
func (s *SPA) serveNotFound(w http.ResponseWriter, r *http.Request) {
	f := s.notFound
	if f == nil {
		f = s.shell
	}
	serveFile(w, r, f, http.StatusNotFound)
}

// getOrHead answers 405 to any other method, and reports whether to go on.
func getOrHead(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	w.Header().Set("Allow", "GET, HEAD")
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	return false
}

// serveFile writes f with status, gzip-compressed when the client takes it;
// a 200 answers 304 when the client has f already.
func serveFile(w http.ResponseWriter, r *http.Request, f *spaFile, status int) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Add("Vary", "Accept-Encoding")
	if f.immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if status == http.StatusOK {
		h.Set("ETag", f.etag)
		if cache.ETagMatches(r.Header.Get("If-None-Match"), f.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	body := f.data
	if f.gz != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

// ReadIdentity returns the shop's name and address as the built client
// shows them (its product page's <meta name="application-name"> and <meta
// name="store-address">, written from the client's configuration): empty
// when dir has no such page (issue 49: the invoices' seller without
// SELLER_*).
func ReadIdentity(dir string) (name, address string) {
	data, err := os.ReadFile(filepath.Join(dir, "product.html"))
	if err != nil {
		return "", ""
	}
	t, err := parseProductTemplate(string(data))
	if err != nil {
		return "", ""
	}
	return t.storeName, t.storeAddress
}
