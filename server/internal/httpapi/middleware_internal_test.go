package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
)

// countingObserver counts the requests that began and ended.
type countingObserver struct {
	mu             sync.Mutex
	started, ended int
}

func (o *countingObserver) RequestStarted() { o.mu.Lock(); o.started++; o.mu.Unlock() }
func (o *countingObserver) ObserveRequest(string, string, int, time.Duration) {
	o.mu.Lock()
	o.ended++
	o.mu.Unlock()
}
func (o *countingObserver) RateLimited(string) {}

// TestRequestLog_AbortedRequestEnds: a handler that aborts its answer
// (http.ErrAbortHandler, which the recovery passes on up) still ends its
// request for the observer, or the in-flight gauge would only grow.
func TestRequestLog_AbortedRequestEnds(t *testing.T) {
	t.Parallel()
	o := &countingObserver{}
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil)), observer: o}
	r := gin.New()
	r.Use(s.requestLog(), s.recoverPanic())
	r.GET("/abort", func(*gin.Context) { panic(http.ErrAbortHandler) })
	r.GET("/ok", func(c *gin.Context) { c.Status(http.StatusNoContent) })

	r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/ok", nil))
	func() {
		defer func() {
			if p := recover(); p != http.ErrAbortHandler {
				t.Errorf("recovered %v, want http.ErrAbortHandler passed on", p)
			}
		}()
		r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/abort", nil))
	}()
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.started != 2 || o.ended != 2 {
		t.Fatalf("started %d, ended %d; want 2 and 2", o.started, o.ended)
	}
}
