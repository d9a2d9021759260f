package site

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/xml"
	"hash/fnv"
	"net/url"
	"slices"
	"strconv"
	"time"

	"storefront/server/internal/shop"
)

// The sitemap (https://www.sitemaps.org/protocol.html): /, /products, each
// category's page and each product's page, with its lastmod.
//
// Up to sitemapURLs (the protocol's 50,000) it is one /sitemap.xml. Beyond,
// /sitemap.xml is an index of files: first the site's own pages (/,
// /products, the categories), then the products in catalogue order,
// sitemapPart to a file. A change (a product's stock after an order, a new
// product) is then rewritten where it shows, and only there (issue 46): the
// pages' small file, whose lastmods follow the newest product, the one file
// of sitemapPart products that lists the product (a file whose products and
// their updatedAt are the same as before keeps its bytes, ETag and gzip),
// and the index. So the read after a write costs a file of 10,000 URLs at
// 100,000 products, not the whole sitemap, and the catalogue is read as
// stamps (id, category, createdAt, updatedAt), never as products.

// sitemapPart is the products per file of a sitemap index: below the
// protocol's 50,000 so that a change rewrites and compresses 10,000 URLs.
const sitemapPart = 10_000

// sitemapSet is the sitemap's files, built from one read of the catalogue.
type sitemapSet struct {
	files   map[string]*spaFile
	version uint64
	expires time.Time
	// part is the products per file of an index (0: one file); digests and
	// lastmods are each product file's, by name, for the next build.
	part     int
	digests  map[string]uint64
	lastmods map[string]string
}

// currentSitemaps returns the sitemap, fresh like the API's cached answers: while
// the catalogue's write version is unchanged and, with a shared MongoDB,
// for at most the cache TTL.
func (s *Site) currentSitemaps(ctx context.Context) (*sitemapSet, error) {
	fresh := func(set *sitemapSet, v uint64) bool {
		return set != nil && set.version == v && (s.cacheTTL == 0 || time.Now().Before(set.expires))
	}
	v := s.catalogue.Version()
	if set := s.sitemaps.Load(); fresh(set, v) {
		return set, nil
	}
	s.sitemapMu.Lock()
	defer s.sitemapMu.Unlock()
	prev := s.sitemaps.Load()
	if fresh(prev, v) {
		return prev, nil
	}
	// The build serves every request waiting for it: not cancelled with
	// the first one's.
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sitemapTimeout)
	defer cancel()
	stamps, err := s.catalogue.Stamps(lctx)
	if err != nil {
		return nil, err
	}
	set := buildSitemaps(s.siteURL, stamps, s.sitemapURLs, prev)
	set.version, set.expires = v, time.Now().Add(s.cacheTTL)
	s.sitemaps.Store(set)
	return set, nil
}

type sitemapEntry struct {
	Loc     string
	LastMod string // W3C datetime
}

// lastmod is t as a W3C datetime ("" for none).
func lastmod(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// buildSitemaps writes the sitemap of stamps (in catalogue order) with at
// most perFile URLs a file; prev is the last build, whose product files
// are kept where nothing they list changed.
func buildSitemaps(siteURL string, stamps []shop.ProductStamp, perFile int, prev *sitemapSet) *sitemapSet {
	// The site's pages: /, /products (last changed with the newest
	// product), each category a product is in (issue 35) by name, last
	// changed when its newest product did.
	var newest time.Time
	categories := map[string]time.Time{}
	for _, p := range stamps {
		if p.UpdatedAt.After(newest) {
			newest = p.UpdatedAt
		}
		if t, ok := categories[p.Category]; p.Category != "" && (!ok || p.UpdatedAt.After(t)) {
			categories[p.Category] = p.UpdatedAt
		}
	}
	pages := make([]sitemapEntry, 0, 2+len(categories))
	pages = append(pages, sitemapEntry{Loc: siteURL + "/"}, sitemapEntry{Loc: siteURL + "/products", LastMod: lastmod(newest)})
	names := make([]string, 0, len(categories))
	for name := range categories {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		pages = append(pages, sitemapEntry{Loc: siteURL + "/products?category=" + url.QueryEscape(name), LastMod: lastmod(categories[name])})
	}
	products := func(part []shop.ProductStamp) []sitemapEntry {
		out := make([]sitemapEntry, len(part))
		for i, p := range part {
			out[i] = sitemapEntry{Loc: siteURL + "/product/" + p.ID, LastMod: lastmod(p.UpdatedAt)}
		}
		return out
	}

	set := &sitemapSet{files: map[string]*spaFile{}}
	if len(pages)+len(stamps) <= perFile {
		set.files["/sitemap.xml"] = newSPAFile(encodeSitemap("urlset", "url", append(pages, products(stamps)...)), sitemapType, false)
		return set
	}
	set.part = min(perFile, sitemapPart)
	set.digests, set.lastmods = map[string]uint64{}, map[string]string{}
	reuse := prev != nil && prev.part == set.part
	var index []sitemapEntry
	n := 0
	add := func(entries []sitemapEntry) string {
		n++
		name := "/sitemap-" + strconv.Itoa(n) + ".xml"
		set.files[name] = newSPAFile(encodeSitemap("urlset", "url", entries), sitemapType, false)
		return name
	}
	newestOf := func(entries []sitemapEntry) string {
		var m string
		for _, u := range entries {
			m = max(m, u.LastMod) // RFC 3339 in UTC sorts as text
		}
		return m
	}
	for lo := 0; lo < len(pages); lo += set.part {
		part := pages[lo:min(lo+set.part, len(pages))]
		index = append(index, sitemapEntry{Loc: siteURL + add(part), LastMod: newestOf(part)})
	}
	for lo := 0; lo < len(stamps); lo += set.part {
		part := stamps[lo:min(lo+set.part, len(stamps))]
		d := digest(part)
		name := "/sitemap-" + strconv.Itoa(n+1) + ".xml"
		if f := prev.fileOf(name); reuse && f != nil && prev.digests[name] == d {
			n++
			set.files[name], set.lastmods[name] = f, prev.lastmods[name]
		} else {
			entries := products(part)
			add(entries)
			set.lastmods[name] = newestOf(entries)
		}
		set.digests[name] = d
		index = append(index, sitemapEntry{Loc: siteURL + name, LastMod: set.lastmods[name]})
	}
	set.files["/sitemap.xml"] = newSPAFile(encodeSitemap("sitemapindex", "sitemap", index), sitemapType, false)
	return set
}

const sitemapType = "application/xml; charset=utf-8"

func (s *sitemapSet) fileOf(name string) *spaFile {
	if s == nil {
		return nil
	}
	return s.files[name]
}

// digest identifies what a product file lists: each product's id and
// updatedAt, in order (FNV-1a, 64 bits).
func digest(part []shop.ProductStamp) uint64 {
	h := fnv.New64a()
	var b [8]byte
	for _, p := range part {
		_, _ = h.Write([]byte(p.ID))
		binary.LittleEndian.PutUint64(b[:], uint64(p.UpdatedAt.UnixNano()))
		_, _ = h.Write(b[:])
	}
	return h.Sum64()
}

// encodeSitemap writes a urlset or sitemapindex in the sitemap 0.9
// namespace, as encoding/xml would (without its reflection: a file holds
// up to 50,000 entries).
func encodeSitemap(root, element string, entries []sitemapEntry) []byte {
	var b bytes.Buffer
	open, end := "<"+element+"><loc>", "</"+element+">"
	size := len(xml.Header) + 100
	for _, e := range entries {
		size += len(open) + len(end) + len(e.Loc) + len(e.LastMod) + 25
	}
	b.Grow(size)
	b.WriteString(xml.Header)
	b.WriteString("<" + root + ` xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for _, e := range entries {
		b.WriteString(open)
		_ = xml.EscapeText(&b, []byte(e.Loc))
		b.WriteString("</loc>")
		if e.LastMod != "" {
			b.WriteString("<lastmod>")
			b.WriteString(e.LastMod)
			b.WriteString("</lastmod>")
		}
		b.WriteString(end)
	}
	b.WriteString("</" + root + ">")
	return b.Bytes()
}
