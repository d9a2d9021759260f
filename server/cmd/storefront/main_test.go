package main

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"storefront/server/internal/testwait"
)

// TestBinary builds the real binary and runs it on the embedded store: it
// serves, stops cleanly on SIGTERM (closing the store), and a second start
// on the same DATA_DIR finds the data and adds no second demo catalogue. A
// request in flight when SIGTERM arrives is answered before the exit.
func TestBinary(t *testing.T) {
	t.Parallel()
	bin := buildCommand(t, ".", "storefront")
	dataDir := t.TempDir()
	sf := startStorefront(t, bin, dataDir)
	if !strings.Contains(sf.logs.String(), "demo data added") {
		t.Fatalf("no demo data on an empty store:\n%s", sf.logs.String())
	}
	sf.stop()

	metricsPort := freePort(t)
	sf = startStorefront(t, bin, dataDir, fmt.Sprintf("METRICS_PORT=%d", metricsPort))
	req, _ := http.NewRequest("GET", sf.api.base+"/service?limit=1", nil)
	res, _, err := sf.api.do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.Header.Get("X-Total-Count") != "14" || strings.Contains(sf.logs.String(), "demo data added") {
		t.Fatalf("after restart: %s products\n%s", res.Header.Get("X-Total-Count"), sf.logs.String())
	}

	// Half a request: the handler waits for the rest of the body, in flight.
	addr := strings.TrimPrefix(sf.api.base, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"email":"buyer@firm.test","subject":"Quote","message":"Sent while the server stops."}`
	fmt.Fprintf(conn, "POST /contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:10])
	inFlight := func() bool {
		f := scrape(t, fmt.Sprintf("http://127.0.0.1:%d/metrics", metricsPort))["storefront_http_requests_in_flight"]
		return f != nil && len(f.GetMetric()) == 1 && f.GetMetric()[0].GetGauge().GetValue() == 1
	}
	if !testwait.Until(30*time.Second, inFlight) {
		t.Fatalf("the half-sent request is not in flight:\n%s", sf.logs.String())
	}
	_ = sf.cmd.Process.Signal(syscall.SIGTERM)
	// The shutdown has begun once the API's listener refuses connections.
	refused := func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err != nil
	}
	if !testwait.Until(30*time.Second, refused) {
		t.Fatalf("the API still accepts connections after SIGTERM:\n%s", sf.logs.String())
	}
	fmt.Fprint(conn, body[10:])
	status, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.HasPrefix(status, "HTTP/1.1 201") {
		t.Fatalf("in-flight request during shutdown: %q %v\n%s", status, err, sf.logs.String())
	}
	sf.waitExit()
}

// syncBuffer collects a child's output while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func freePort(tb testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
