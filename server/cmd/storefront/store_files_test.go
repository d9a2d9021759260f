package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/server/internal/testwait"
)

// TestBinary_TheStoreIsPrivate runs the binary on the embedded store with
// the client server on: it listens on PORT and CLIENT_PORT and on no other
// TCP port (the store has no authentication: a port on 127.0.0.1 would let
// any local process read every password hash). A DATA_DIR whose database
// then vanished refuses to start, naming the file, and creates nothing.
func TestBinary_TheStoreIsPrivate(t *testing.T) {
	t.Parallel()
	bin := buildCommand(t, ".", "storefront")
	dataDir, dist := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(dist, "index.html"), []byte("<!doctype html><title>Storefront</title><div id=root></div>"), 0o644); err != nil {
		t.Fatal(err)
	}
	port, clientPort := freePort(t), freePort(t)
	env := append(os.Environ(), "DATA_DIR="+dataDir, fmt.Sprintf("PORT=%d", port), fmt.Sprintf("CLIENT_PORT=%d", clientPort),
		"CLIENT_DIST="+dist, "MONGODB_URI=", "SEED_DEMO=true")
	cmd := exec.Command(bin)
	cmd.Env = env
	logs := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	api := &apiClient{tb: t, base: fmt.Sprintf("http://127.0.0.1:%d", port), http: http.DefaultClient, contract: mustContract(t)}
	if !testwait.Until(60*time.Second, api.healthy) {
		_ = cmd.Process.Kill()
		t.Fatalf("not serving in time:\n%s", logs.String())
	}
	ports, err := listeningTCPPorts(cmd.Process.Pid)
	_ = cmd.Process.Signal(os.Interrupt)
	_ = cmd.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{min(port, clientPort), max(port, clientPort)}; !slices.Equal(ports, want) {
		t.Errorf("the binary listens on TCP ports %v, want only PORT and CLIENT_PORT %v", ports, want)
	}

	db := filepath.Join(dataDir, "db", "storefront.sqlite")
	if err := os.Remove(db); err != nil {
		t.Fatal(err)
	}
	// It must exit on its own; one that serves instead is killed.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd = exec.CommandContext(ctx, bin)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), db+" is missing") {
		t.Fatalf("started on a DATA_DIR whose database is gone: %v\n%s", err, out)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("the refused start created an empty database")
	}
}

// listeningTCPPorts returns the TCP ports (IPv4 and IPv6) on which process
// pid has a listening socket, from /proc: the inodes of its open sockets,
// looked up in the kernel's socket tables.
func listeningTCPPorts(pid int) ([]int, error) {
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return nil, err
	}
	inodes := map[string]bool{}
	for _, fd := range fds {
		link, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if err == nil && strings.HasPrefix(link, "socket:[") {
			inodes[strings.TrimSuffix(strings.TrimPrefix(link, "socket:["), "]")] = true
		}
	}
	var ports []int
	for _, table := range []string{"tcp", "tcp6"} {
		f, err := os.Open(fmt.Sprintf("/proc/%d/net/%s", pid, table))
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Scan() // header
		for sc.Scan() {
			// sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
			fields := strings.Fields(sc.Text())
			if len(fields) < 10 || fields[3] != "0A" || !inodes[fields[9]] { // 0A: LISTEN
				continue
			}
			_, hexPort, _ := strings.Cut(fields[1], ":")
			p, err := strconv.ParseInt(hexPort, 16, 32)
			if err != nil {
				f.Close()
				return nil, err
			}
			if !slices.Contains(ports, int(p)) {
				ports = append(ports, int(p))
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	slices.Sort(ports)
	return ports, nil
}
