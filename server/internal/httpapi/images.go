package httpapi

import (
	"io"
	"net/http"
	"strconv"
	"sync"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// imageCache keeps recently served images in memory. Stored images never
// change (a new upload is a new id), so entries need no invalidation.
type imageCache struct {
	mu     sync.RWMutex
	items  map[string]cachedImage
	size   int
	budget int
}

type cachedImage struct {
	img  shop.Image
	data []byte
}

func newImageCache(budget int) *imageCache {
	return &imageCache{items: map[string]cachedImage{}, budget: budget}
}

func (c *imageCache) get(id string) (cachedImage, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	ci, ok := c.items[id]
	return ci, ok
}

func (c *imageCache) put(id string, ci cachedImage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.size+len(ci.data) > c.budget {
		clear(c.items)
		c.size = 0
	}
	c.items[id] = ci
	c.size += len(ci.data)
}

// getImage answers GET /images/{id} with the stored bytes and their type.
func (s *Server) getImage(c *gin.Context) {
	id := c.Param("id")
	if err := shop.CheckID(id); err != nil {
		s.fail(c, err)
		return
	}
	ci, ok := s.imageBytes.get(id)
	if !ok {
		img, rc, err := s.store.OpenImage(c.Request.Context(), id)
		if err != nil {
			s.fail(c, err)
			return
		}
		data, err := io.ReadAll(io.LimitReader(rc, shop.MaxImageBytes+1))
		_ = rc.Close()
		if err != nil {
			s.fail(c, err)
			return
		}
		ci = cachedImage{img: img, data: data}
		s.imageBytes.put(id, ci)
	}
	etag := `"` + ci.img.SHA256 + `"`
	h := c.Writer.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if etagMatches(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(ci.data)))
	c.Data(http.StatusOK, ci.img.ContentType, ci.data)
}
