package cache

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"sync"
)

// What a cached HTTP body is kept with, the same for the API's answers and
// the site's files and pages: its ETag, its gzip encoding, and the
// If-None-Match check.

// ETag is the strong ETag of body: a digest of its bytes.
func ETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// Gzipped compresses bodies of 1 KB and more, once, when they are cached;
// nil when that is not worth it. Best compression: for what is compressed
// once and served many times (the site's files).
func Gzipped(b []byte) []byte { return gzipped(b, &bestWriters, gzip.BestCompression) }

// GzippedFast is Gzipped at the default level, for answers computed on a
// request, each of which may be asked once (a search): best compression
// took 44 % of a search's answer (BenchmarkScaleCatalogue), for a few
// per cent fewer bytes.
func GzippedFast(b []byte) []byte { return gzipped(b, &fastWriters, gzip.DefaultCompression) }

// The writers are reused: each holds the compressor's tables (about a
// megabyte at best compression).
var bestWriters, fastWriters sync.Pool

func gzipped(b []byte, pool *sync.Pool, level int) []byte {
	if len(b) < 1024 {
		return nil
	}
	var buf bytes.Buffer
	zw, _ := pool.Get().(*gzip.Writer)
	if zw == nil {
		zw, _ = gzip.NewWriterLevel(&buf, level)
	} else {
		zw.Reset(&buf)
	}
	_, _ = zw.Write(b)
	_ = zw.Close()
	pool.Put(zw)
	if buf.Len() >= len(b) {
		return nil
	}
	return buf.Bytes()
}

// ETagMatches implements If-None-Match's weak comparison.
func ETagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}
