package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// TestBinary_Metrics scripts requests against the real binary and reads
// METRICS_PORT: requests by route template (many product ids are one
// label value), the business counters, the rate limits, the caches'
// sizes and the Go runtime. The API's own port serves no metrics.
func TestBinary_Metrics(t *testing.T) {
	t.Parallel()
	bin := buildCommand(t, ".", "storefront")
	metricsPort := freePort(t)
	const admin = "owner@metrics.test"
	sf := startStorefront(t, bin, t.TempDir(), fmt.Sprintf("METRICS_PORT=%d", metricsPort), "SEED_DEMO=true",
		"ADMIN_EMAILS="+admin, "SIGNUP_BURST=3", "SIGNUP_INTERVAL=1h")
	api := sf.api

	if status, _, _ := api.call("GET", "/metrics", "", ""); status != 404 {
		t.Fatalf("the API's port answers /metrics with %d, want 404", status)
	}
	var products []struct {
		ID string `json:"_id"`
	}
	api.mustCall("GET", "/service?limit=5", "", "", 200, &products)
	if len(products) < 3 {
		t.Fatalf("demo products: %d", len(products))
	}
	for _, p := range products {
		api.mustCall("GET", "/service/"+p.ID, "", "", 200, nil)
	}
	api.mustCall("GET", "/service/0123456789abcdef01234567", "", "", 404, nil)
	api.mustCall("GET", "/no/such/route", "", "", 404, nil)

	buyer := api.register("Bea Buyer", "bea@metrics.test")
	api.register("Carl", "carl@metrics.test")
	api.register("Dee", "dee@metrics.test")
	api.mustCall("POST", "/auth/register", "", `{"name":"Eve","email":"eve@metrics.test","password":"storefront-test-pw"}`, 429, nil)
	api.mustCall("POST", "/auth/login", "", `{"email":"bea@metrics.test","password":"wrong-password-1"}`, 401, nil)

	var placed struct {
		InsertedID string `json:"insertedId"`
	}
	order := fmt.Sprintf(`{"productId":%q,"productQuantity":"%d","address":"1 Mill Road","mobile":"+44 113 496 0000"}`, products[0].ID, 1000)
	if status, body, _ := api.call("POST", "/order", buyer, order); status != 409 {
		t.Fatalf("an order over the stock: %d %s", status, body) // not counted
	}
	var product struct {
		Minimum json.Number `json:"minimumquantity"`
	}
	api.mustCall("GET", "/service/"+products[0].ID, "", "", 200, &product)
	order = fmt.Sprintf(`{"productId":%q,"productQuantity":%q,"address":"1 Mill Road","mobile":"+44 113 496 0000"}`, products[0].ID, product.Minimum.String())
	api.mustCall("POST", "/order", buyer, order, 201, &placed)
	pay := func(card string, status int) string {
		var intent struct {
			ClientSecret string `json:"clientSecret"`
		}
		api.mustCall("POST", "/create-payment-intent", buyer, fmt.Sprintf(`{"orderId":%q}`, placed.InsertedID), 200, &intent)
		var confirmed struct {
			ID string `json:"id"`
		}
		api.mustCall("POST", "/payments/test/confirm", "", fmt.Sprintf(`{"clientSecret":%q,"number":%q,"expMonth":12,"expYear":%d,"cvc":"123","name":"Bea","email":"bea@metrics.test"}`,
			intent.ClientSecret, card, time.Now().Year()+2), status, &confirmed)
		return confirmed.ID
	}
	pay("4000000000000002", 402) // declined
	paid := pay("4242424242424242", 200)
	api.mustCall("PATCH", "/pay/"+placed.InsertedID, buyer, fmt.Sprintf(`{"transactionId":%q}`, paid), 200, nil)
	api.mustCall("PATCH", "/pay/"+placed.InsertedID, buyer, fmt.Sprintf(`{"transactionId":%q}`, paid), 200, nil) // a repeat counts once

	families := scrape(t, fmt.Sprintf("http://127.0.0.1:%d/metrics", metricsPort))
	counter := func(name string, labels map[string]string) float64 {
		t.Helper()
		f, ok := families[name]
		if !ok {
			t.Fatalf("no metric %s", name)
		}
		for _, m := range f.GetMetric() {
			if hasLabels(m, labels) {
				if m.GetCounter() != nil {
					return m.GetCounter().GetValue()
				}
				if m.GetHistogram() != nil {
					return float64(m.GetHistogram().GetSampleCount())
				}
				return m.GetGauge().GetValue()
			}
		}
		return 0
	}
	for _, c := range []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"storefront_http_requests_total", map[string]string{"method": "GET", "route": "/service/:id", "status": "2xx"}, float64(len(products) + 1)},
		{"storefront_http_requests_total", map[string]string{"method": "GET", "route": "/service/:id", "status": "4xx"}, 1},
		{"storefront_http_requests_total", map[string]string{"method": "GET", "route": "unmatched", "status": "4xx"}, 2}, // /metrics and /no/such/route
		{"storefront_http_requests_total", map[string]string{"method": "POST", "route": "/auth/register", "status": "2xx"}, 3},
		{"storefront_http_requests_total", map[string]string{"method": "POST", "route": "/auth/register", "status": "4xx"}, 1},
		{"storefront_http_request_duration_seconds", map[string]string{"method": "PATCH", "route": "/pay/:id", "status": "2xx"}, 2},
		{"storefront_orders_created_total", nil, 1},
		{"storefront_orders_paid_total", nil, 1},
		{"storefront_payments_failed_total", nil, 1},
		{"storefront_signups_total", nil, 3},
		{"storefront_login_failures_total", nil, 1},
		{"storefront_rate_limited_total", map[string]string{"limit": "signup"}, 1},
		{"storefront_http_requests_in_flight", nil, 0}, // every request answered (TestBinary sees one in flight)
	} {
		if got := counter(c.name, c.labels); got != c.want {
			t.Errorf("%s%v = %v, want %v", c.name, c.labels, got, c.want)
		}
	}
	// One label value for every product id: no raw path is a label.
	for _, m := range families["storefront_http_requests_total"].GetMetric() {
		for _, l := range m.GetLabel() {
			if l.GetName() == "route" && strings.Contains(l.GetValue(), products[0].ID) {
				t.Errorf("a raw path is a route label: %s", l.GetValue())
			}
		}
	}
	if got := counter("storefront_cache_entries", map[string]string{"cache": "store_index_service"}); got < float64(len(products)) {
		t.Errorf("the products' index holds %v entries, want at least %d", got, len(products))
	}
	if got := counter("storefront_cache_entries", map[string]string{"cache": "answers"}); got < 1 {
		t.Errorf("the answer cache holds %v entries after catalogue reads", got)
	}
	for _, name := range []string{"go_goroutines", "process_resident_memory_bytes", "storefront_cache_bytes"} {
		if _, ok := families[name]; !ok {
			t.Errorf("no %s", name)
		}
	}
	// The access log names the route template beside the path.
	if !strings.Contains(sf.logs.String(), `route=/service/:id path=/service/`+products[0].ID) {
		t.Errorf("the access log does not name the route:\n%s", sf.logs.String())
	}
	sf.stop()
}

func scrape(t testing.TB, url string) map[string]*dto.MetricFamily {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, body)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	return families
}

func hasLabels(m *dto.Metric, want map[string]string) bool {
	for k, v := range want {
		if !slices.ContainsFunc(m.GetLabel(), func(l *dto.LabelPair) bool { return l.GetName() == k && l.GetValue() == v }) {
			return false
		}
	}
	return true
}
