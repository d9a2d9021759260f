// Package metrics counts what the storefront does for Prometheus: requests
// by route template, business events, rate-limit refusals, the sizes of the
// in-process caches and indexes, and the Go runtime and process. It is
// served on its own listener (METRICS_PORT), never on the API's port.
package metrics

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	dto "github.com/prometheus/client_model/go"

	"storefront/server/internal/shop"
)

// Metrics is one process's registry and collectors. It implements
// shop.Telemetry and httpapi.Observer.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
	events   map[shop.Event]prometheus.Counter
	limited  *prometheus.CounterVec
	sizes    *sizeCollector
}

// events are the business counters, each storefront_<event>_total.
var events = map[shop.Event]string{
	shop.EventOrderCreated:  "Orders placed.",
	shop.EventOrderPaid:     "Orders marked paid (once each).",
	shop.EventPaymentFailed: "Payments that did not pay their order: declined cards, failed intents, mismatched amounts.",
	shop.EventSignup:        "Accounts created, by password or by a first Google sign-in.",
	shop.EventLoginFailure:  "Sign-ins refused for a wrong email or password.",
	shop.EventMailSent:      "E-mails of the outbox delivered to the SMTP server.",
	shop.EventMailFailed:    "E-mails of the outbox given up after 24 hours of failed attempts.",
	shop.EventMirrorRepair: "Writes that failed after reaching the embedded store, whose documents were read back into its in-memory copy " +
		"(storefront_store_stale_documents counts those that could not be read yet).",
	shop.EventMirrorDifference: "Documents of the embedded store's in-memory copy found to differ from the store by the periodic sample (each reloaded).",
}

// New returns the metrics with every series registered, including the Go
// runtime and process collectors.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "storefront_http_requests_total",
			Help: "API requests answered, by method, route template and status class.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "storefront_http_request_duration_seconds",
			Help:    "Time to answer an API request, by method, route template and status class.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route", "status"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "storefront_http_requests_in_flight",
			Help: "API requests begun and not yet answered.",
		}),
		events: map[shop.Event]prometheus.Counter{},
		limited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "storefront_rate_limited_total",
			Help: "Requests refused by a rate limit, by limit.",
		}, []string{"limit"}),
		sizes: &sizeCollector{
			entries: prometheus.NewDesc("storefront_cache_entries", "Entries in an in-process cache or index.", []string{"cache"}, nil),
			bytes:   prometheus.NewDesc("storefront_cache_bytes", "Bytes held by an in-process cache or index (an estimate for indexes).", []string{"cache"}, nil),
		},
	}
	m.reg.MustRegister(m.requests, m.duration, m.inFlight, m.limited, m.sizes,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for e, help := range events {
		c := prometheus.NewCounter(prometheus.CounterOpts{Name: "storefront_" + string(e) + "_total", Help: help})
		m.reg.MustRegister(c)
		m.events[e] = c
	}
	return m
}

// Count counts a business event.
func (m *Metrics) Count(e shop.Event) {
	if c, ok := m.events[e]; ok {
		c.Inc()
	}
}

// RateLimited counts a request refused by the named limit.
func (m *Metrics) RateLimited(limit string) { m.limited.WithLabelValues(limit).Inc() }

// RequestStarted counts a request in flight until ObserveRequest hears its
// answer.
func (m *Metrics) RequestStarted() { m.inFlight.Inc() }

// ObserveRequest counts an answered request. route is the router's template
// ("/service/:id"), so that the label's values stay few whatever the paths
// asked; a request no route matched is "unmatched".
func (m *Metrics) ObserveRequest(method, route string, status int, took time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	method = knownMethod(method)
	class := statusClass(status)
	m.inFlight.Dec()
	m.requests.WithLabelValues(method, route, class).Inc()
	m.duration.WithLabelValues(method, route, class).Observe(took.Seconds())
}

// knownMethod keeps the method label's values few: a client may send any
// token as a method.
func knownMethod(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions:
		return method
	}
	return "other"
}

func statusClass(status int) string {
	if status < 100 || status > 599 {
		return "other"
	}
	return strconv.Itoa(status/100) + "xx"
}

// Size is one cache's or index's size at the time of a scrape.
type Size struct {
	Name    string
	Entries int
	Bytes   int64
}

// WatchSizes adds a source of cache and index sizes, read at every scrape
// (storefront_cache_entries and storefront_cache_bytes, labelled by name).
func (m *Metrics) WatchSizes(source func() []Size) {
	m.sizes.mu.Lock()
	defer m.sizes.mu.Unlock()
	m.sizes.sources = append(m.sizes.sources, source)
}

// Handler serves the registry in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Gather returns the current values (tests).
func (m *Metrics) Gather() ([]*dto.MetricFamily, error) { return m.reg.Gather() }

type sizeCollector struct {
	entries, bytes *prometheus.Desc
	mu             sync.Mutex
	sources        []func() []Size
}

func (c *sizeCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.entries
	ch <- c.bytes
}

func (c *sizeCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	sources := append([]func() []Size(nil), c.sources...)
	c.mu.Unlock()
	for _, source := range sources {
		for _, s := range source() {
			ch <- prometheus.MustNewConstMetric(c.entries, prometheus.GaugeValue, float64(s.Entries), s.Name)
			ch <- prometheus.MustNewConstMetric(c.bytes, prometheus.GaugeValue, float64(s.Bytes), s.Name)
		}
	}
}

// WatchStale reports, on each scrape, the embedded store's documents that
// could not be read back into its in-memory copy after a failed write, by
// collection (while any are, writes to that collection answer 503).
func (m *Metrics) WatchStale(source func() map[string]int64) {
	m.reg.MustRegister(&staleCollector{source: source,
		desc: prometheus.NewDesc("storefront_store_stale_documents",
			"Documents of the embedded store left out of its in-memory copy after a failed write, until they can be read back; writes to their collection answer 503 meanwhile.",
			[]string{"collection"}, nil)})
}

type staleCollector struct {
	desc   *prometheus.Desc
	source func() map[string]int64
}

func (c *staleCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *staleCollector) Collect(ch chan<- prometheus.Metric) {
	for coll, n := range c.source() {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n), coll)
	}
}
