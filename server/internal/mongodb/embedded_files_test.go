package mongodb

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"storefront/server/internal/shop"
)

func embeddedAt(dir string) Config {
	return Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// openStopAt opens the embedded store of dir, runs fn on it and closes it.
func openStopAt(t *testing.T, dir string, fn func(*Store)) {
	t.Helper()
	s, err := Open(context.Background(), embeddedAt(dir))
	if err != nil {
		t.Fatal(err)
	}
	if fn != nil {
		fn(s)
	}
	if err := s.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func addProduct(t *testing.T, s *Store, name string) string {
	t.Helper()
	id, err := s.InsertProduct(context.Background(), shop.ProductDraft{Name: name, Price: 1000, Image: "http://x.test/i.png",
		Description: "d", Available: 5, Minimum: 1, Email: "a@b.test"})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func readMarkerT(t *testing.T, dir string) storeMarker {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, MarkerFileName))
	if err != nil {
		t.Fatal(err)
	}
	var m storeMarker
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// mustRefuse opens dir and expects ErrStoreDamaged with every part of want
// in its message.
func mustRefuse(t *testing.T, dir string, want ...string) {
	t.Helper()
	s, err := Open(context.Background(), embeddedAt(dir))
	if err == nil {
		_ = s.Close(context.Background())
		t.Fatal("the store opened")
	}
	if !errors.Is(err, ErrStoreDamaged) {
		t.Fatalf("error %v, want ErrStoreDamaged", err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not say %q", err, w)
		}
	}
}

// copyFiles copies the named files of src's DATA_DIR (relative paths) to
// dst, as a disk would hold them at this moment.
func copyFiles(t *testing.T, src, dst string, names ...string) {
	t.Helper()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(src, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, n)), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, n), b, 0o640); err != nil {
			t.Fatal(err)
		}
	}
}

const dbFile = "db/storefront.sqlite"

func TestEmbedded_TheStoreListensOnAPrivateSocket(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := Open(context.Background(), embeddedAt(dir))
	if err != nil {
		t.Fatal(err)
	}
	e := s.embedded
	if !strings.HasPrefix(e.uri, "mongodb://%2F") || !strings.HasSuffix(e.uri, ".sock/") {
		t.Errorf("uri %q is not a socket", e.uri)
	}
	info, err := os.Stat(e.socket)
	if err != nil || info.Mode().Type() != fs.ModeSocket {
		t.Fatalf("socket %s: %v %v", e.socket, info, err)
	}
	d, err := os.Stat(filepath.Dir(e.socket))
	if err != nil || d.Mode().Perm() != 0o700 {
		t.Fatalf("socket directory: %v %v, want mode 0700", d, err)
	}
	if len(filepath.Join(dir, "run", socketName)) <= maxSocketPath && filepath.Dir(e.socket) != filepath.Join(dir, "run") {
		t.Errorf("socket %s, want it in DATA_DIR/run", e.socket)
	}
	addProduct(t, s, "Lathe")
	if err := s.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(e.socket); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the socket is still there after stop: %v", err)
	}

	t.Run("DATA_DIR too long for a socket", func(t *testing.T) {
		long := filepath.Join(t.TempDir(), strings.Repeat("d", 60), strings.Repeat("e", 60))
		s, err := Open(context.Background(), embeddedAt(long))
		if err != nil {
			t.Fatal(err)
		}
		sock, tmp := s.embedded.socket, s.embedded.tempDir
		if tmp == "" || !strings.HasPrefix(sock, os.TempDir()) || len(sock) > maxSocketPath {
			t.Errorf("socket %s (temp dir %q)", sock, tmp)
		}
		if d, err := os.Stat(tmp); err != nil || d.Mode().Perm() != 0o700 {
			t.Errorf("temp socket directory: %v %v, want mode 0700", d, err)
		}
		addProduct(t, s, "Press")
		_ = s.Close(context.Background())
		if _, err := os.Stat(tmp); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the temporary socket directory is still there: %v", err)
		}
	})

	t.Run("a socket left by a killed process", func(t *testing.T) {
		dir := t.TempDir()
		openStopAt(t, dir, nil)
		stale := filepath.Join(dir, "run", socketName)
		if err := os.WriteFile(stale, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		openStopAt(t, dir, func(s *Store) { addProduct(t, s, "Drill") })
	})
}

func TestEmbedded_MarkerAndGeneration(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	openStopAt(t, dir, func(s *Store) {
		addProduct(t, s, "Lathe")
		if m := readMarkerT(t, dir); !m.Running || m.Generation != 1 || m.Database != "storefront" {
			t.Errorf("marker while running: %+v", m)
		}
	})
	if m := readMarkerT(t, dir); m.Running || m.Generation != 1 {
		t.Errorf("marker after a clean stop: %+v", m)
	}
	if _, err := os.Stat(filepath.Join(dir, dbFile+"-wal")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the write-ahead log is still there after a clean stop: %v", err)
	}
	openStopAt(t, dir, nil)
	if m := readMarkerT(t, dir); m.Generation != 2 {
		t.Errorf("generation %d after the second start, want 2", m.Generation)
	}

	t.Run("a store from before markers is adopted", func(t *testing.T) {
		if err := os.Remove(filepath.Join(dir, MarkerFileName)); err != nil {
			t.Fatal(err)
		}
		openStopAt(t, dir, func(s *Store) {
			if n, _ := s.CountProducts(context.Background()); n != 1 {
				t.Errorf("%d products, want 1", n)
			}
		})
		if m := readMarkerT(t, dir); m.Generation != 3 {
			t.Errorf("generation %d, want 3", m.Generation)
		}
	})
}

func TestEmbedded_ALostDatabaseRefusesToStart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	openStopAt(t, dir, func(s *Store) { addProduct(t, s, "Lathe") })
	if err := os.Remove(filepath.Join(dir, dbFile)); err != nil {
		t.Fatal(err)
	}
	mustRefuse(t, dir, filepath.Join(dir, dbFile)+" is missing", "generation 1", filepath.Join(dir, MarkerFileName))
	if _, err := os.Stat(filepath.Join(dir, dbFile)); !errors.Is(err, fs.ErrNotExist) {
		t.Error("the refused start created an empty database")
	}
}

func TestEmbedded_ADamagedDatabaseRefusesToStart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	openStopAt(t, dir, func(s *Store) {
		for _, n := range []string{"Lathe", "Press", "Drill", "Saw", "Mill"} {
			addProduct(t, s, n+" "+strings.Repeat("x", 3000))
		}
	})
	path := filepath.Join(dir, dbFile)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	info, _ := f.Stat()
	// Overwrite every page but the first (the header) with the same junk.
	junk := []byte(strings.Repeat("\x0d\xff\x00\x7f", 1024))
	for off := int64(4096); off < info.Size(); off += 4096 {
		if _, err := f.WriteAt(junk, off); err != nil {
			t.Fatal(err)
		}
	}
	_ = f.Close()
	mustRefuse(t, dir, path+" is damaged", "quick_check")
}

func TestEmbedded_ALostWriteAheadLogRefusesToStart(t *testing.T) {
	t.Parallel()
	// The files as a disk holds them while the server runs, as after kill -9.
	live := t.TempDir()
	s, err := Open(context.Background(), embeddedAt(live))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	addProduct(t, s, "Lathe")

	t.Run("with its log, the crashed store recovers", func(t *testing.T) {
		crashed := t.TempDir()
		copyFiles(t, live, crashed, MarkerFileName, dbFile, dbFile+"-wal")
		openStopAt(t, crashed, func(s *Store) {
			if _, err := s.FindProductByName(context.Background(), "Lathe"); err != nil {
				t.Errorf("the product is not there after recovery: %v", err)
			}
		})
	})
	t.Run("without its log, it refuses", func(t *testing.T) {
		crashed := t.TempDir()
		copyFiles(t, live, crashed, MarkerFileName, dbFile)
		mustRefuse(t, crashed, dbFile+"-wal", "is missing", filepath.Join(crashed, MarkerFileName))
	})
}

func TestEmbedded_AnOlderCopyRefusesToStart(t *testing.T) {
	t.Parallel()
	dir, old := t.TempDir(), t.TempDir()
	openStopAt(t, dir, func(s *Store) { addProduct(t, s, "Lathe") })
	copyFiles(t, dir, old, dbFile) // yesterday's copy: generation 1
	openStopAt(t, dir, func(s *Store) { addProduct(t, s, "Press") })
	copyFiles(t, old, dir, dbFile)
	mustRefuse(t, dir, "generation 1", "records generation 2", "older copy")

	if err := os.Remove(filepath.Join(dir, MarkerFileName)); err != nil {
		t.Fatal(err)
	}
	openStopAt(t, dir, func(s *Store) { // accepted on purpose
		if n, _ := s.CountProducts(context.Background()); n != 1 {
			t.Errorf("%d products, want the copy's 1", n)
		}
	})
}

// /healthz asks Healthy: it reads the served collections, and it fails
// once the database file is gone, although FerretDB still answers pings
// (it keeps the deleted file open).
func TestEmbedded_HealthyWhileTheDatabaseIsThere(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := Open(context.Background(), embeddedAt(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	addProduct(t, s, "Lathe")
	if err := s.Healthy(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, dbFile)); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("ping: %v", err)
	}
	if err := s.Healthy(context.Background()); err == nil || !strings.Contains(err.Error(), "storefront.sqlite") {
		t.Fatalf("healthy after the database file was deleted: %v", err)
	}
}
