package httpapi

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

const requestIDKey = "request_id"

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

func requestID(c *gin.Context) string { return c.GetString(requestIDKey) }

// requestLog gives every request an id (the caller's X-Request-ID when it is
// sane), logs one line per request (the access log: method, route
// template, path, status, bytes, duration, request id; never a header or a
// body, so no token or card data) and tells the observer.
func (s *Server) requestLog() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		id := c.GetHeader("X-Request-ID")
		if !validRequestID.MatchString(id) {
			b := make([]byte, 8)
			_, _ = rand.Read(b)
			id = hex.EncodeToString(b)
		}
		c.Set(requestIDKey, id)
		c.Header("X-Request-ID", id)
		if s.observer != nil {
			s.observer.RequestStarted()
		}
		// Deferred, so that a request whose handler aborts (a panic with
		// http.ErrAbortHandler goes on up) is still logged and leaves the
		// in-flight gauge.
		defer func() {
			took := time.Since(start)
			bytes := max(c.Writer.Size(), 0) // -1 when nothing was written
			s.log.LogAttrs(c.Request.Context(), slog.LevelInfo, "request",
				slog.String("request_id", id),
				slog.String("method", c.Request.Method),
				slog.String("route", c.FullPath()),
				slog.String("path", c.Request.URL.Path),
				slog.Int("status", c.Writer.Status()),
				slog.Int("bytes", bytes),
				slog.Duration("duration", took),
				slog.String("client", c.ClientIP()))
			if s.observer != nil {
				s.observer.ObserveRequest(c.Request.Method, c.FullPath(), c.Writer.Status(), took)
			}
		}()
		c.Next()
	}
}

// recoverPanic turns a panic into a logged 500 problem document.
func (s *Server) recoverPanic() gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.fail(c, fmt.Errorf("panic: %v", p))
			}
		}()
		c.Next()
	}
}

func securityHeaders() gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		c.Next()
	}
}

var (
	corsMethods = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
	corsHeaders = "Authorization, Content-Type, If-None-Match, X-Request-ID"
	corsExpose  = "ETag, X-Total-Count, X-Request-ID, Retry-After"
)

// cors lets the configured browser origins call the API and refuses every
// other origin outright (403), preflight or not. Requests without an Origin
// (curl, server to server, <img>) are not browser cross-origin calls.
func (s *Server) cors() gin.HandlerFunc {
	return func(c *gin.Context) {
		origin := c.GetHeader("Origin")
		c.Writer.Header().Add("Vary", "Origin")
		if origin == "" {
			c.Next()
			return
		}
		if !slices.Contains(s.cfg.CORSOrigins, strings.TrimSuffix(origin, "/")) {
			writeProblem(c, http.StatusForbidden, shop.EFORBIDDEN, "This origin may not call the API.", nil)
			return
		}
		h := c.Writer.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Expose-Headers", corsExpose)
		if c.Request.Method == http.MethodOptions && c.GetHeader("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", corsMethods)
			h.Set("Access-Control-Allow-Headers", corsHeaders)
			h.Set("Access-Control-Max-Age", "600")
			c.AbortWithStatus(http.StatusNoContent)
			return
		}
		c.Next()
	}
}
