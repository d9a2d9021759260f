package site

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/xml"
	"hash/maphash"
	"net/url"
	"slices"
	"strconv"
	"time"

	"storefront/server/internal/cache"
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
	// part is the products per part (per file in an index), and parts
	// each part's summary and file, for the next build (seed: their
	// digests').
	part  int
	parts []partSummary
	seed  maphash.Seed
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

// buildSitemaps writes the sitemap of stamps (in catalogue order) with at
// most perFile URLs a file; prev is the last build, whose summaries of
// the products' parts, and files, are kept where nothing they hold
// changed. So a change costs one pass over the stamps for the digests and
// one file of products written and compressed again, with the pages' and
// the index (a few hundred URLs): 100,000 stamps in a few milliseconds.
func buildSitemaps(siteURL string, stamps []shop.ProductStamp, perFile int, prev *sitemapSet) *sitemapSet {
	set := &sitemapSet{files: map[string]*spaFile{}, part: min(perFile, sitemapPart)}
	reuse := prev != nil && prev.part == set.part
	if prev != nil {
		set.seed = prev.seed
	} else {
		set.seed = maphash.MakeSeed()
	}
	for i, lo := 0, 0; lo < len(stamps); i, lo = i+1, lo+set.part {
		part := stamps[lo:min(lo+set.part, len(stamps))]
		d := digest(set.seed, part)
		if reuse && i < len(prev.parts) && prev.parts[i].digest == d {
			set.parts = append(set.parts, prev.parts[i])
			continue
		}
		set.parts = append(set.parts, summarise(part, d))
	}

	// The site's pages: /, /products (last changed with the newest
	// product), each category a product is in (issue 35) by name, last
	// changed when its newest product did.
	var newest time.Time
	categories := map[string]time.Time{}
	for _, p := range set.parts {
		newest = later(newest, p.newest)
		for name, t := range p.categories {
			categories[name] = later(categories[name], t)
		}
	}
	pages := make([]sitemapEntry, 0, 2+len(categories))
	pages = append(pages, sitemapEntry{Loc: siteURL + "/"}, sitemapEntry{Loc: siteURL + "/products", LastMod: newest})
	names := make([]string, 0, len(categories))
	for name := range categories {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		pages = append(pages, sitemapEntry{Loc: siteURL + "/products?category=" + url.QueryEscape(name), LastMod: categories[name]})
	}
	product := siteURL + "/product/"

	if len(pages)+len(stamps) <= perFile {
		set.files["/sitemap.xml"] = sitemapFile(encodeSitemap("urlset", "url", len(pages)+len(stamps), func(i int) (string, string, time.Time) {
			if i < len(pages) {
				return pages[i].Loc, "", pages[i].LastMod
			}
			p := stamps[i-len(pages)]
			return product, p.ID, p.UpdatedAt
		}))
		for i := range set.parts {
			set.parts[i].file = nil // one file: none of its own
		}
		return set
	}
	var index []sitemapEntry
	n := 0
	name := func() string {
		n++
		return "/sitemap-" + strconv.Itoa(n) + ".xml"
	}
	for lo := 0; lo < len(pages); lo += set.part {
		part := pages[lo:min(lo+set.part, len(pages))]
		var mod time.Time
		for _, e := range part {
			mod = later(mod, e.LastMod)
		}
		f := name()
		set.files[f] = sitemapFile(encodeEntries("urlset", "url", part))
		index = append(index, sitemapEntry{Loc: siteURL + f, LastMod: mod})
	}
	for i := range set.parts {
		p := &set.parts[i]
		if p.file == nil {
			part := stamps[i*set.part : min((i+1)*set.part, len(stamps))]
			p.file = sitemapFile(encodeSitemap("urlset", "url", len(part), func(i int) (string, string, time.Time) {
				return product, part[i].ID, part[i].UpdatedAt
			}))
		}
		f := name()
		set.files[f] = p.file
		index = append(index, sitemapEntry{Loc: siteURL + f, LastMod: p.newest})
	}
	set.files["/sitemap.xml"] = sitemapFile(encodeEntries("sitemapindex", "sitemap", index))
	return set
}

// partSummary is what a build knows of one part of the products (set.part
// of them, in catalogue order): their digest, the newest updatedAt, each
// category's newest updatedAt, and in an index its file.
type partSummary struct {
	digest     uint64
	newest     time.Time
	categories map[string]time.Time
	file       *spaFile // nil: not written yet, or the sitemap is one file
}

func summarise(part []shop.ProductStamp, digest uint64) partSummary {
	p := partSummary{digest: digest, categories: map[string]time.Time{}}
	for _, s := range part {
		p.newest = later(p.newest, s.UpdatedAt)
		if s.Category != "" {
			p.categories[s.Category] = later(p.categories[s.Category], s.UpdatedAt)
		}
	}
	return p
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

type sitemapEntry struct {
	Loc     string
	LastMod time.Time // none: zero
}

const sitemapType = "application/xml; charset=utf-8"

// sitemapFile is a file of the sitemap, compressed at gzip's default
// level: best compression was 20 ms of the 28 of a 10,000-URL file's
// rebuild, for 12 % fewer bytes (BenchmarkSitemap_AfterAChange).
func sitemapFile(data []byte) *spaFile {
	return &spaFile{data: data, gz: cache.GzippedFast(data), contentType: sitemapType, etag: cache.ETag(data)}
}

// digest identifies what a part of the products shows: each product's
// id, category and updatedAt, in order (maphash with the sitemap's own
// seed: digests are compared within this process only).
func digest(seed maphash.Seed, part []shop.ProductStamp) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	var b [16]byte
	for _, p := range part {
		binary.LittleEndian.PutUint64(b[:8], uint64(p.UpdatedAt.UnixNano()))
		binary.LittleEndian.PutUint32(b[8:12], uint32(len(p.ID)))
		binary.LittleEndian.PutUint32(b[12:], uint32(len(p.Category)))
		_, _ = h.Write(b[:])
		_, _ = h.WriteString(p.ID)
		_, _ = h.WriteString(p.Category)
	}
	return h.Sum64()
}

// encodeEntries is encodeSitemap of entries.
func encodeEntries(root, element string, entries []sitemapEntry) []byte {
	return encodeSitemap(root, element, len(entries), func(i int) (string, string, time.Time) {
		return entries[i].Loc, "", entries[i].LastMod
	})
}

// encodeSitemap writes a urlset or sitemapindex of n entries in the
// sitemap 0.9 namespace, as encoding/xml would (without its reflection: a
// file holds up to 50,000 entries). Entry i's location is its two strings
// (a product's: the site's prefix and its id) and its lastmod a time
// (zero: none), as a W3C datetime in UTC.
func encodeSitemap(root, element string, n int, entry func(i int) (loc, rest string, mod time.Time)) []byte {
	open, end := "<"+element+"><loc>", "</"+element+">"
	size := len(xml.Header) + 100
	if n > 0 { // the last entry's size: a product's, when there are any
		loc, rest, _ := entry(n - 1)
		size += n * (len(open) + len(end) + len(loc) + len(rest) + len("</loc><lastmod>2006-01-02T15:04:05Z</lastmod>") + 8)
	}
	b := make([]byte, 0, size)
	b = append(b, xml.Header...)
	b = append(b, "<"+root+` xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`...)
	for i := range n {
		loc, rest, mod := entry(i)
		b = append(b, open...)
		b = appendEscaped(b, loc)
		b = appendEscaped(b, rest)
		b = append(b, "</loc>"...)
		if !mod.IsZero() {
			b = append(b, "<lastmod>"...)
			b = mod.UTC().AppendFormat(b, time.RFC3339)
			b = append(b, "</lastmod>"...)
		}
		b = append(b, end...)
	}
	b = append(b, "</"+root+">"...)
	return b
}

// appendEscaped appends s escaped as xml.EscapeText does: as it is when it
// is printable ASCII without a character to escape (a product's id, the
// site's address), else through xml.EscapeText.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\'' || c == '&' || c == '<' || c == '>' {
			var buf bytes.Buffer
			_ = xml.EscapeText(&buf, []byte(s))
			return append(b, buf.Bytes()...)
		}
	}
	return append(b, s...)
}
