package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// codeStatus is the one table from domain error codes to HTTP status.
var codeStatus = map[string]int{
	shop.EINVALID:      http.StatusBadRequest,
	shop.EUNAUTHORIZED: http.StatusUnauthorized,
	shop.EFORBIDDEN:    http.StatusForbidden,
	shop.EMFAREQUIRED:  http.StatusForbidden,
	shop.ENOTFOUND:     http.StatusNotFound,
	shop.ECONFLICT:     http.StatusConflict,
	shop.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	shop.EUNSUPPORTED:  http.StatusUnsupportedMediaType,
	shop.ERATELIMIT:    http.StatusTooManyRequests,
	shop.EPAYMENT:      http.StatusPaymentRequired,
	shop.EUNAVAILABLE:  http.StatusServiceUnavailable,
	shop.EINTERNAL:     http.StatusInternalServerError,
}

// Problem is an RFC 9457 problem document.
type Problem struct {
	Type   string            `json:"type"`
	Title  string            `json:"title"`
	Status int               `json:"status"`
	Detail string            `json:"detail"`
	Code   string            `json:"code"`
	Errors map[string]string `json:"errors,omitempty"`
}

const problemContentType = "application/problem+json"

// reply is the one tail of a handler that answers JSON: the problem for
// err, or v with status.
func (s *Server) reply(c *gin.Context, status int, v any, err error) {
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(status, v)
}

// bind decodes the request's JSON body into a D. On a bad body it answers
// the problem and reports false: the handler has nothing more to do.
func bind[D any](s *Server, c *gin.Context) (D, bool) {
	var d D
	if err := decodeJSON(c, &d); err != nil {
		s.fail(c, err)
		return d, false
	}
	return d, true
}

// lister reads one page of a caller's list, and the list's length.
type lister[T any] func(ctx context.Context, who shop.Caller, limit, skip int) ([]T, int64, error)

// listPage answers a paged GET list: limit and skip from the query (def when
// absent, at most max), the caller's page, its total in X-Total-Count. The
// lists are personal or admin-only, so they are never stored by a cache.
func listPage[T any](s *Server, c *gin.Context, def, max int, list lister[T]) {
	limit, skip, err := page(c, def, max)
	if err != nil {
		s.fail(c, err)
		return
	}
	items, total, err := list(c.Request.Context(), caller(c), limit, skip)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("X-Total-Count", strconv.FormatInt(total, 10))
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, items)
}

// serve is reply for a cached answer (or 304 when the client has it).
func (s *Server) serve(c *gin.Context, a *answer, err error) {
	if err != nil {
		s.fail(c, err)
		return
	}
	serveAnswer(c, a)
}

// Status is the HTTP status of err, from its code (500 for an unknown one).
func Status(err error) int {
	if status, ok := codeStatus[shop.ErrorCode(err)]; ok {
		return status
	}
	return http.StatusInternalServerError
}

// fail is the one exit for errors: it logs what the client must not see and
// writes the problem document.
func (s *Server) fail(c *gin.Context, err error) {
	code, status := shop.ErrorCode(err), Status(err)
	if status >= 500 {
		s.log.LogAttrs(c.Request.Context(), slog.LevelError, "request failed",
			slog.String("request_id", requestID(c)), slog.String("path", c.Request.URL.Path), slog.Any("error", err))
	}
	// 429 (rate limited) and 503 (busy) say when to come back.
	if e := (*shop.Error)(nil); errors.As(err, &e) && e.RetryAfter > 0 {
		c.Header("Retry-After", strconv.Itoa(retrySeconds(e.RetryAfter)))
	}
	if status == http.StatusForbidden {
		s.refused(c)
	}
	writeProblem(c, status, code, shop.ErrorMessage(err), shop.ErrorFields(err))
}

// retrySeconds is a Retry-After value: whole seconds, rounded up, at least 1.
func retrySeconds(d time.Duration) int {
	return max(1, int((d+time.Second-1)/time.Second))
}

func writeProblem(c *gin.Context, status int, code, detail string, fields map[string]string) {
	p := Problem{Type: "about:blank", Title: http.StatusText(status), Status: status, Detail: detail, Code: code, Errors: fields}
	c.Header("Cache-Control", "no-store")
	c.Render(status, problemRender{p})
	c.Abort()
}

type problemRender struct{ p Problem }

func (r problemRender) Render(w http.ResponseWriter) error {
	r.WriteContentType(w)
	return jsonEncode(w, r.p)
}

func (r problemRender) WriteContentType(w http.ResponseWriter) {
	w.Header().Set("Content-Type", problemContentType)
}
