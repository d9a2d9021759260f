package httpapi

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/cache"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/shop"
)

// imageCacheBytes bounds the pictures kept in memory. Stored pictures never
// change (a new upload is a new id), so they need no invalidation; a swept
// one is removed.
const imageCacheBytes = 64 << 20

type cachedImage struct {
	img  shop.Image
	data []byte
}

// getImage answers GET /images/{id} with the stored bytes and their type.
func (s *Server) getImage(c *gin.Context) {
	id := c.Param("id")
	if err := shop.CheckID(id); err != nil {
		s.fail(c, err)
		return
	}
	ci, ok := s.imageBytes.Get(id)
	if !ok {
		img, rc, err := s.images.Open(c.Request.Context(), id)
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
		s.imageBytes.Put(id, ci, int64(len(ci.data)))
	}
	etag := `"` + ci.img.SHA256 + `"`
	h := c.Writer.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if cache.ETagMatches(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(ci.data)))
	c.Data(http.StatusOK, ci.img.ContentType, ci.data)
}

const maxUploadBody = shop.MaxImageBytes + 64<<10

// upload answers POST /upload (multipart field `image`) with
// {success: true, data: {url}}.
func (s *Server) upload(c *gin.Context) {
	if mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err != nil || mt != "multipart/form-data" {
		s.fail(c, shop.Errorf(shop.EUNSUPPORTED, "Send the image as multipart/form-data in the field \"image\"."))
		return
	}
	// The quota per account: requests, then (once read) their bytes.
	who := caller(c)
	if s.overQuota(c, s.uploadsPerUser, limitUpload, who.ID, 1) {
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxUploadBody)
	file, header, err := c.Request.FormFile("image")
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			s.fail(c, shop.Errorf(shop.ETOOLARGE, "The image is larger than 5 MB."))
			return
		}
		s.fail(c, shop.Invalid("The upload is not valid.", map[string]string{"image": "Image is Required"}))
		return
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, shop.MaxImageBytes+1))
	if err != nil {
		s.fail(c, shop.Errorf(shop.EINVALID, "The upload could not be read."))
		return
	}
	if s.overQuota(c, s.uploadKiBPerUser, limitUploadBytes, who.ID, (len(data)+1023)>>10) {
		return
	}
	url, err := s.images.Upload(c.Request.Context(), caller(c), data, filepath.Base(header.Filename))
	s.reply(c, http.StatusCreated, gin.H{"success": true, "data": gin.H{"url": url}}, err)
}

// overQuota refuses an upload over the account's daily quota with 429,
// saying when there is room again.
func (s *Server) overQuota(c *gin.Context, l *ratelimit.Limiter, limit, key string, n int) bool {
	ok, wait := l.AllowN(key, n)
	if ok {
		return false
	}
	s.rateLimited(limit)
	s.fail(c, &shop.Error{Code: shop.ERATELIMIT, RetryAfter: wait,
		Message: fmt.Sprintf("You have uploaded as much as your daily quota allows. Please try again in %s.", waitText(wait))})
	return true
}

// waitText is a wait in whole minutes (or seconds, under a minute).
func waitText(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%d seconds", retrySeconds(d))
	}
	m := int((d + time.Minute - 1) / time.Minute)
	if m == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}
