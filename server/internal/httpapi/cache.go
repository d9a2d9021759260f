package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/sync/singleflight"

	"storefront/server/internal/cache"
	"storefront/server/internal/shop"
)

// answerCache keeps encoded answers of the hot read paths (catalogue,
// product, reviews) so they are not read from the store on every request.
// An answer is fresh while the write version of what it is read from (the
// app's Version of that service) is unchanged; with an external MongoDB shared by several instances, other
// instances' writes are not seen, so answers also expire after ttl.
type answerCache struct {
	ttl     time.Duration // 0: no expiry (this process is the only writer)
	answers *cache.Cache[string, *answer]
	group   singleflight.Group
}

type answer struct {
	body    []byte
	gz      []byte // body gzip-compressed, when that is worth it
	etag    string
	total   int64 // X-Total-Count, -1 when not a list
	value   any   // what was encoded (the product page renders it too)
	version uint64
	expires time.Time
}

// answerCacheBytes bounds the encoded answers kept: any visitor can ask for
// new searches and pages, and memory must not grow with them.
const answerCacheBytes = 32 << 20

func newAnswerCache(ttl time.Duration, budget int64) *answerCache {
	return &answerCache{ttl: ttl, answers: cache.New[string, *answer](budget)}
}

// get returns the fresh answer for key (fresh while version, the write
// version of what it is read from, answers the same), loading and encoding it once however
// many requests ask at the same time. The load serves every request waiting
// for the key, so it does not run on the first one's context (that client
// may go away): it gets ctx's values without its cancellation, and its own
// time limit. A waiting request still stops waiting when its own ctx ends.
func (c *answerCache) get(ctx context.Context, key string, version func() uint64, load func(ctx context.Context) (v any, total int64, err error)) (*answer, error) {
	v := version()
	now := time.Now()
	a, ok := c.answers.Get(key)
	if ok && a.version == v && (c.ttl == 0 || now.Before(a.expires)) {
		return a, nil
	}
	ch := c.group.DoChan(key+"\x00"+strconv.FormatUint(v, 10), func() (any, error) {
		lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), loadTimeout)
		defer cancel()
		val, total, err := load(lctx)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := jsonEncode(&buf, val); err != nil {
			return nil, err
		}
		a := &answer{body: buf.Bytes(), gz: cache.GzippedFast(buf.Bytes()), etag: cache.ETag(buf.Bytes()), total: total, value: val, version: v, expires: time.Now().Add(c.ttl)}
		c.answers.Put(key, a, a.bytes())
		return a, nil
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return nil, res.Err
		}
		return res.Val.(*answer), nil
	case <-ctx.Done():
		return nil, &shop.Error{Code: shop.EUNAVAILABLE, Message: "The request was cancelled.", Cause: ctx.Err()}
	}
}

// loadTimeout bounds one shared load of a cached answer.
const loadTimeout = 10 * time.Second

func (a *answer) bytes() int64 { return int64(len(a.body) + len(a.gz) + len(a.etag) + 64) }

// serveAnswer writes a cached JSON answer, or 304 when the client has it.
func serveAnswer(c *gin.Context, a *answer) { serveAnswerWith(c, a, "no-cache") }

// serveAnswerWith is serveAnswer with its own Cache-Control.
func serveAnswerWith(c *gin.Context, a *answer, cacheControl string) {
	c.Header("ETag", a.etag)
	c.Header("Cache-Control", cacheControl)
	c.Writer.Header().Add("Vary", "Accept-Encoding")
	if a.total >= 0 {
		c.Header("X-Total-Count", strconv.FormatInt(a.total, 10))
	}
	if cache.ETagMatches(c.GetHeader("If-None-Match"), a.etag) {
		c.Status(304)
		return
	}
	if a.gz != nil && strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") {
		c.Header("Content-Encoding", "gzip")
		c.Data(200, "application/json; charset=utf-8", a.gz)
		return
	}
	c.Data(200, "application/json; charset=utf-8", a.body)
}

// jsonEncode writes v as JSON without HTML escaping and without the trailing
// newline of json.Encoder.
func jsonEncode(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	return err
}

// CacheSize is the size of one of the process's in-memory caches or
// indexes, for the metrics.
type CacheSize struct {
	Name    string
	Entries int
	Bytes   int64
}

// CacheSizes reports the API's caches: encoded answers and picture bytes.
func (s *Server) CacheSizes() []CacheSize {
	answers, images := s.answers.answers.Stats(), s.imageBytes.Stats()
	return []CacheSize{
		{Name: "answers", Entries: answers.Entries, Bytes: answers.Bytes},
		{Name: "images", Entries: images.Entries, Bytes: images.Bytes},
	}
}
