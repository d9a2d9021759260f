package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// SPA serves a built single-page app from memory: hashed files under
// /assets/ are cached for a year, everything else is revalidated, text is
// gzip-compressed once at start, and paths without a file get index.html so
// that client-side routes load (or, for a folder with an index.html of its
// own, such as /docs, that page).
type SPA struct {
	files map[string]*spaFile
	index *spaFile
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
		sum := sha256.Sum256(data)
		f := &spaFile{data: data, contentType: ct, etag: `"` + hex.EncodeToString(sum[:12]) + `"`,
			immutable: strings.HasPrefix(rel, "/assets/")}
		if compressible(ct) {
			f.gz = gzipped(data)
		}
		s.files[rel] = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	if s.index = s.files["/index.html"]; s.index == nil {
		return nil, fmt.Errorf("%s has no index.html: build the client first", dir)
	}
	return s, nil
}

func compressible(ct string) bool {
	for _, p := range []string{"text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json"} {
		if strings.HasPrefix(ct, p) {
			return true
		}
	}
	return false
}

func (s *SPA) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := path.Clean("/" + r.URL.Path)
	f, ok := s.files[p]
	if !ok {
		if path.Ext(p) != "" {
			http.NotFound(w, r) // a missing file, not a client route
			return
		}
		// A folder with a page of its own (/docs, the API reference) gets
		// it; any other path is a client route of the app.
		if f, ok = s.files[path.Join(p, "index.html")]; !ok {
			f = s.index
		}
	}
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("ETag", f.etag)
	h.Add("Vary", "Accept-Encoding")
	if f.immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if etagMatches(r.Header.Get("If-None-Match"), f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.data
	if f.gz != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}
