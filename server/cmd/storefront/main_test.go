package main

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestBinary builds the real binary and runs it on the embedded store: it
// serves, stops cleanly on SIGTERM (closing the store), and a second start
// on the same DATA_DIR finds the data and adds no second demo catalogue.
func TestBinary(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "storefront")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	dataDir := t.TempDir()
	start := func() (*exec.Cmd, *syncBuffer, string) {
		port := freePort(t)
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "DATA_DIR="+dataDir, fmt.Sprintf("PORT=%d", port), "MONGODB_URI=")
		logs := &syncBuffer{}
		cmd.Stdout, cmd.Stderr = logs, logs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		base := fmt.Sprintf("http://127.0.0.1:%d", port)
		api := &apiClient{tb: t, base: base, http: http.DefaultClient, contract: mustContract(t)}
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			if status, _, err := api.call("GET", "/healthz", "", ""); err == nil && status == 200 {
				break
			}
			if time.Now().After(deadline) {
				_ = cmd.Process.Kill()
				t.Fatalf("not healthy in time:\n%s", logs.String())
			}
		}
		return cmd, logs, base
	}
	// waitExit waits for a clean exit after SIGTERM (sent by the caller).
	waitExit := func(cmd *exec.Cmd, logs *syncBuffer) {
		t.Helper()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("exit after SIGTERM: %v\n%s", err, logs.String())
			}
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatalf("did not stop on SIGTERM:\n%s", logs.String())
		}
		if !strings.Contains(logs.String(), "store closed") {
			t.Fatalf("store not closed cleanly:\n%s", logs.String())
		}
	}
	stop := func(cmd *exec.Cmd, logs *syncBuffer) {
		t.Helper()
		_ = cmd.Process.Signal(syscall.SIGTERM)
		waitExit(cmd, logs)
	}

	cmd, logs, _ := start()
	if !strings.Contains(logs.String(), "demo data added") {
		t.Fatalf("no demo data on an empty store:\n%s", logs.String())
	}
	stop(cmd, logs)

	cmd, logs, base := start()
	req, _ := http.NewRequest("GET", base+"/service?limit=1", nil)
	res, _, err := (&apiClient{tb: t, http: http.DefaultClient, contract: mustContract(t)}).do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.Header.Get("X-Total-Count") != "14" || strings.Contains(logs.String(), "demo data added") {
		t.Fatalf("after restart: %s products\n%s", res.Header.Get("X-Total-Count"), logs.String())
	}

	// A request in flight when SIGTERM arrives is answered before the exit.
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"email":"buyer@firm.test","subject":"Quote","message":"Sent while the server stops."}`
	fmt.Fprintf(conn, "POST /contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:10])
	time.Sleep(300 * time.Millisecond) // the handler is now waiting for the rest of the body
	_ = cmd.Process.Signal(syscall.SIGTERM)
	time.Sleep(300 * time.Millisecond)
	fmt.Fprint(conn, body[10:])
	status, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.HasPrefix(status, "HTTP/1.1 201") {
		t.Fatalf("in-flight request during shutdown: %q %v\n%s", status, err, logs.String())
	}
	waitExit(cmd, logs)
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
