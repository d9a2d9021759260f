package site

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/binary"
	"encoding/xml"
	"hash/crc32"
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
// their category and updatedAt are the same as before keeps its bytes, ETag
// and gzip), and the index. So the read after a write writes and compresses
// the product's segment of 1,000 URLs and puts its file together, not the
// whole sitemap, and the catalogue is read as stamps (id, category,
// createdAt, updatedAt: embedded, one copy of the mirror's stamp index),
// never as products.

// sitemapPart is the products per file of a sitemap index: below the
// protocol's 50,000 so that a change puts 10,000 URLs together again.
const sitemapPart = 10_000

// sitemapSet is the sitemap's files, built from one read of the catalogue.
type sitemapSet struct {
	files   map[string]*spaFile
	version uint64
	expires time.Time
	// part is the products per part (per file in an index), parts each
	// part's summary and file, and stamps what they were built from (kept:
	// the caller does not change them), for the next build.
	part   int
	parts  []partSummary
	stamps []shop.ProductStamp
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

// buildSitemaps writes the sitemap of stamps (in catalogue order, kept by
// the sitemap: the caller must not change them) with at most perFile URLs
// a file; prev is the last build, whose summaries of the products' parts,
// their files and segments, are kept where nothing they show changed. So
// a change costs one comparison of the stamps with the last build's, and
// one segment of 1,000 products written and compressed again, their file
// put together, with the pages' and the index (a few hundred URLs).
func buildSitemaps(siteURL string, stamps []shop.ProductStamp, perFile int, prev *sitemapSet) *sitemapSet {
	set := &sitemapSet{files: map[string]*spaFile{}, part: min(perFile, sitemapPart), stamps: stamps}
	reuse := prev != nil && prev.part == set.part
	for i, lo := 0, 0; lo < len(stamps); i, lo = i+1, lo+set.part {
		part := stamps[lo:min(lo+set.part, len(stamps))]
		var was *partSummary
		var before []shop.ProductStamp // what was at its place
		if reuse && i < len(prev.parts) {
			was, before = &prev.parts[i], prev.stamps[lo:min(lo+set.part, len(prev.stamps))]
		}
		if was != nil && sameStamps(before, part) {
			set.parts = append(set.parts, *was)
			continue
		}
		p := summarise(part)
		p.segments = make([]segment, (len(part)+sitemapSegment-1)/sitemapSegment)
		for k := range p.segments {
			a := k * sitemapSegment
			if was != nil && k < len(was.segments) &&
				sameStamps(before[a:min(a+sitemapSegment, len(before))], part[a:min(a+sitemapSegment, len(part))]) {
				p.segments[k] = was.segments[k] // its URLs as they were written
			}
		}
		set.parts = append(set.parts, p)
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
	var z deflater
	for i := range set.parts {
		p := &set.parts[i]
		if p.file == nil {
			p.segments = slices.Clone(p.segments) // the last build's are its own
			p.file = productFile(product, stamps[i*set.part:min((i+1)*set.part, len(stamps))], p.segments, &z)
		}
		f := name()
		set.files[f] = p.file
		index = append(index, sitemapEntry{Loc: siteURL + f, LastMod: p.newest})
	}
	set.files["/sitemap.xml"] = sitemapFile(encodeEntries("sitemapindex", "sitemap", index))
	return set
}

// partSummary is what a build knows of one part of the products (set.part
// of them, in catalogue order): the newest updatedAt, each category's
// newest updatedAt, its segments, and in an index its file.
type partSummary struct {
	newest     time.Time
	categories map[string]time.Time
	segments   []segment
	file       *spaFile // nil: not written yet, or the sitemap is one file
}

// sitemapSegment is the products of a segment of a product file: their
// URLs are written and compressed on their own, so that a change writes
// and compresses the 1,000 URLs around it and a file is its segments put
// together (compressing a whole file of 10,000 URLs again was 4 of the
// 6.5 ms of BenchmarkSitemap_AfterAChange).
const sitemapSegment = 1_000

type segment struct {
	// plain is the segment's URLs as its file holds them (nil: not written
	// yet), deflated the same compressed on their own and flushed: a piece
	// of a raw deflate stream, which pieces follow (as pigz writes them).
	plain, deflated []byte
}

// productFile is the file of part, its segments written where they are
// not yet: the XML put together, and its gzip of the segments' pieces of
// deflate between the pieces of the file's first and last line.
func productFile(prefix string, part []shop.ProductStamp, segments []segment, z *deflater) *spaFile {
	open, end := sitemapOpen("urlset"), sitemapClose("urlset")
	size, packed := len(open)+len(end), 0
	for k := range segments {
		s := &segments[k]
		if s.plain == nil {
			urls := part[k*sitemapSegment : min((k+1)*sitemapSegment, len(part))]
			s.plain = appendEntries(make([]byte, 0, len(urls)*(len(prefix)+90)), "url", len(urls), func(i int) (string, string, time.Time) {
				return prefix, urls[i].ID, urls[i].UpdatedAt
			})
			s.deflated = z.deflate(s.plain)
		}
		size, packed = size+len(s.plain), packed+len(s.deflated)
	}
	data := append(make([]byte, 0, size), open...)
	for _, s := range segments {
		data = append(data, s.plain...)
	}
	data = append(data, end...)
	// RFC 1952: the header (no name, no time, OS unknown as Go writes it),
	// the deflate stream ended by an empty final block, CRC-32 and size.
	gz := append(make([]byte, 0, 10+packed+64), 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255)
	gz = append(gz, z.deflate([]byte(open))...)
	for _, s := range segments {
		gz = append(gz, s.deflated...)
	}
	gz = append(gz, z.deflate([]byte(end))...)
	gz = append(gz, 0x03, 0x00) // BFINAL, fixed Huffman codes, end of block
	gz = binary.LittleEndian.AppendUint32(gz, crc32.ChecksumIEEE(data))
	gz = binary.LittleEndian.AppendUint32(gz, uint32(len(data)))
	return &spaFile{data: data, gz: gz, contentType: sitemapType, etag: cache.ETag(data)}
}

// deflater compresses pieces of a deflate stream, each on its own (no
// dictionary from the one before) and flushed to a byte boundary; one
// compressor for a build's pieces.
type deflater struct {
	w   *flate.Writer
	buf bytes.Buffer
}

func (z *deflater) deflate(b []byte) []byte {
	z.buf.Reset()
	if z.w == nil {
		z.w, _ = flate.NewWriter(&z.buf, flate.DefaultCompression)
	} else {
		z.w.Reset(&z.buf)
	}
	_, _ = z.w.Write(b)
	_ = z.w.Flush()
	return bytes.Clone(z.buf.Bytes())
}

func summarise(part []shop.ProductStamp) partSummary {
	p := partSummary{categories: map[string]time.Time{}}
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

// sameStamps reports whether two runs of products show the same: each
// product's id, category and updatedAt, in order (an exact comparison, and
// cheap: the strings of an unchanged product are the same in both).
func sameStamps(a, b []shop.ProductStamp) bool {
	return slices.EqualFunc(a, b, func(x, y shop.ProductStamp) bool {
		return x.ID == y.ID && x.Category == y.Category && x.UpdatedAt.Equal(y.UpdatedAt)
	})
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
	size := len(xml.Header) + 100
	if n > 0 { // the last entry's size: a product's, when there are any
		loc, rest, _ := entry(n - 1)
		size += n * (2*len(element) + len(loc) + len(rest) + len("<><loc></loc><lastmod>2006-01-02T15:04:05Z</lastmod></>") + 8)
	}
	b := append(make([]byte, 0, size), sitemapOpen(root)...)
	b = appendEntries(b, element, n, entry)
	return append(b, sitemapClose(root)...)
}

// sitemapOpen and sitemapClose are a sitemap file's first and last line.
func sitemapOpen(root string) string {
	return xml.Header + "<" + root + ` xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`
}

func sitemapClose(root string) string { return "</" + root + ">" }

// appendEntries appends n entries of a sitemap file (encodeSitemap).
func appendEntries(b []byte, element string, n int, entry func(i int) (loc, rest string, mod time.Time)) []byte {
	open, end := "<"+element+"><loc>", "</"+element+">"
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
