package embedded

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

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// These tests drive the engine as the store does (start, connect, mark
// started, …, stop), with the driver directly.

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// running is a started engine with a client on its socket.
type running struct {
	e  *Server
	c  *mongo.Client
	db *mongo.Database
}

// start starts the engine of dir as the store's Open does, marking it
// started; the error is Start's.
func start(t *testing.T, dir string) (*running, error) {
	t.Helper()
	ctx := context.Background()
	e, err := Start(ctx, dir, "storefront", "", quiet())
	if err != nil {
		return nil, err
	}
	c, err := mongo.Connect(options.Client().ApplyURI(e.URI()))
	if err != nil {
		e.Stop()
		t.Fatal(err)
	}
	db := c.Database("storefront")
	if names, _ := db.ListCollectionNames(ctx, bson.D{}); len(names) == 0 { // as Open creates them before marking
		if err := db.CreateCollection(ctx, "service"); err != nil {
			_ = c.Disconnect(ctx)
			e.Stop()
			t.Fatal(err)
		}
	}
	if err := e.MarkStarted(ctx); err != nil {
		_ = c.Disconnect(ctx)
		e.Stop()
		t.Fatal(err)
	}
	return &running{e: e, c: c, db: db}, nil
}

func mustStart(t *testing.T, dir string) *running {
	t.Helper()
	r, err := start(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (r *running) stop() {
	_ = r.c.Disconnect(context.Background())
	r.e.Stop()
}

// openStopAt starts the engine of dir, runs fn on it and stops it.
func openStopAt(t *testing.T, dir string, fn func(*running)) {
	t.Helper()
	r := mustStart(t, dir)
	if fn != nil {
		fn(r)
	}
	r.stop()
}

// addProduct stores a document in the products' collection.
func addProduct(t *testing.T, r *running, name string) {
	t.Helper()
	if _, err := r.db.Collection("service").InsertOne(context.Background(), bson.D{{Key: "name", Value: name}}); err != nil {
		t.Fatal(err)
	}
}

func countProducts(t *testing.T, r *running) int64 {
	t.Helper()
	n, err := r.db.Collection("service").CountDocuments(context.Background(), bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	return n
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
	r, err := start(t, dir)
	if err == nil {
		r.stop()
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
	s := mustStart(t, dir)
	e := s.e
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
	s.stop()
	if _, err := os.Stat(e.socket); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the socket is still there after stop: %v", err)
	}

	t.Run("DATA_DIR too long for a socket", func(t *testing.T) {
		long := filepath.Join(t.TempDir(), strings.Repeat("d", 60), strings.Repeat("e", 60))
		s := mustStart(t, long)
		sock, tmp := s.e.socket, s.e.tempDir
		if tmp == "" || !strings.HasPrefix(sock, os.TempDir()) || len(sock) > maxSocketPath {
			t.Errorf("socket %s (temp dir %q)", sock, tmp)
		}
		if d, err := os.Stat(tmp); err != nil || d.Mode().Perm() != 0o700 {
			t.Errorf("temp socket directory: %v %v, want mode 0700", d, err)
		}
		addProduct(t, s, "Press")
		s.stop()
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
		openStopAt(t, dir, func(s *running) { addProduct(t, s, "Drill") })
	})
}

func TestEmbedded_MarkerAndGeneration(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	openStopAt(t, dir, func(s *running) {
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
		openStopAt(t, dir, func(s *running) {
			if n := countProducts(t, s); n != 1 {
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
	openStopAt(t, dir, func(s *running) { addProduct(t, s, "Lathe") })
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
	openStopAt(t, dir, func(s *running) {
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
	s := mustStart(t, live)
	defer s.stop()
	addProduct(t, s, "Lathe")

	t.Run("with its log, the crashed store recovers", func(t *testing.T) {
		crashed := t.TempDir()
		copyFiles(t, live, crashed, MarkerFileName, dbFile, dbFile+"-wal")
		openStopAt(t, crashed, func(s *running) {
			if err := s.db.Collection("service").FindOne(context.Background(), bson.D{{Key: "name", Value: "Lathe"}}).Err(); err != nil {
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
	openStopAt(t, dir, func(s *running) { addProduct(t, s, "Lathe") })
	copyFiles(t, dir, old, dbFile) // yesterday's copy: generation 1
	openStopAt(t, dir, func(s *running) { addProduct(t, s, "Press") })
	copyFiles(t, old, dir, dbFile)
	mustRefuse(t, dir, "generation 1", "records generation 2", "older copy")

	if err := os.Remove(filepath.Join(dir, MarkerFileName)); err != nil {
		t.Fatal(err)
	}
	openStopAt(t, dir, func(s *running) { // accepted on purpose
		if n := countProducts(t, s); n != 1 {
			t.Errorf("%d products, want the copy's 1", n)
		}
	})
}
