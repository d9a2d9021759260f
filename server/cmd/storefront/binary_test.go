package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"storefront/server/internal/testwait"
)

// binDir holds the binaries the package's tests run, built once per run.
var binDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "storefront-binaries-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// builds are the binaries built so far, by package directory.
var builds sync.Map // dir -> func() (string, error)

// buildCommand returns the main package in dir (relative to this one) built
// as name: once per test run, however many tests (running side by side)
// ask for it.
func buildCommand(tb testing.TB, dir, name string) string {
	tb.Helper()
	build, _ := builds.LoadOrStore(dir, sync.OnceValues(func() (string, error) {
		bin := filepath.Join(binDir, name)
		if out, err := exec.Command("go", "build", "-o", bin, dir).CombinedOutput(); err != nil {
			return "", fmt.Errorf("build %s: %v\n%s", dir, err, out)
		}
		return bin, nil
	}))
	bin, err := build.(func() (string, error))()
	if err != nil {
		tb.Fatal(err)
	}
	return bin
}

// running is a storefront binary started by startStorefront.
type running struct {
	t    *testing.T
	cmd  *exec.Cmd
	logs *syncBuffer
	api  *apiClient
}

// startStorefront starts bin on the embedded store in dataDir with a free
// API port and the extra environment, and waits until /healthz answers.
// The test's end kills it if it still runs.
func startStorefront(t *testing.T, bin, dataDir string, env ...string) *running {
	t.Helper()
	port := freePort(t)
	cmd := exec.Command(bin)
	// The tests place many orders from a few accounts, as the outside
	// checks of stock and scale do: no unpaid cap, generous rates (a test's
	// own env comes after, and wins).
	base := []string{"DATA_DIR=" + dataDir, fmt.Sprintf("PORT=%d", port), "MONGODB_URI=", "CLIENT_DIST=", "UNPAID_LIMIT=0", "ORDER_BURST=100000", "ORDER_INTERVAL=1ms"}
	cmd.Env = append(os.Environ(), append(base, env...)...)
	logs := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &running{t: t, cmd: cmd, logs: logs,
		api: &apiClient{tb: t, base: fmt.Sprintf("http://127.0.0.1:%d", port), http: &http.Client{Timeout: 10 * time.Second}, contract: mustContract(t)}}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	if !testwait.Until(60*time.Second, r.api.healthy) {
		t.Fatalf("not healthy in time:\n%s", logs.String())
	}
	return r
}

// healthy reports whether the API's /healthz answers 200.
func (a *apiClient) healthy() bool {
	status, _, err := a.call("GET", "/healthz", "", "")
	return err == nil && status == 200
}

// stop ends the binary with SIGTERM and waits for a clean exit.
func (r *running) stop() {
	r.t.Helper()
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	r.waitExit()
}

// waitExit waits for a clean exit (the store closed) after a SIGTERM.
func (r *running) waitExit() {
	r.t.Helper()
	done := make(chan error, 1)
	go func() { done <- r.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil || !strings.Contains(r.logs.String(), "store closed") {
			r.t.Fatalf("no clean exit after SIGTERM: %v\n%s", err, r.logs.String())
		}
	case <-time.After(30 * time.Second):
		r.t.Fatalf("did not stop on SIGTERM:\n%s", r.logs.String())
	}
}
