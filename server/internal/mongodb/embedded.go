package mongodb

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

// ErrStoreInUse is returned when another process holds DATA_DIR.
var ErrStoreInUse = errors.New("store in use")

// LockFileName is the file in DATA_DIR whose lock marks the store as in use.
const LockFileName = "storefront.lock"

// embeddedServer is FerretDB (SQLite handler) listening on a loopback port,
// with DATA_DIR locked for this process.
type embeddedServer struct {
	uri    string
	dbDir  string // FerretDB's SQLite files: <database>.sqlite
	lock   *os.File
	cancel context.CancelFunc
	done   chan struct{}
}

// startEmbedded starts FerretDB on the SQLite files in DATA_DIR/db.
// sqliteParams are extra SQLite URI parameters ("" for FerretDB's own:
// WAL, synchronous FULL, busy timeout); the engine benchmark varies them.
func startEmbedded(ctx context.Context, dataDir, sqliteParams string, log *slog.Logger) (*embeddedServer, error) {
	if dataDir == "" {
		dataDir = "data"
	}
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return nil, err
	}
	dbDir := filepath.Join(abs, "db")
	if err := os.MkdirAll(dbDir, 0o750); err != nil {
		return nil, fmt.Errorf("create DATA_DIR: %w", err)
	}
	lock, err := lockDir(abs)
	if err != nil {
		return nil, err
	}
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: "127.0.0.1:0"},
		Handler:   "sqlite",
		SQLiteURL: sqliteURL(dbDir, sqliteParams),
		// FerretDB logs every command that fails (GridFS probing for missing
		// collections, duplicate keys) as a warning; keep only its errors.
		Logger: slog.New(&levelHandler{min: slog.LevelError, h: log.Handler()}),
	})
	if err != nil {
		_ = unlockDir(lock)
		return nil, fmt.Errorf("start the embedded store: %w", err)
	}
	runCtx, cancel := context.WithCancel(context.Background())
	e := &embeddedServer{dbDir: dbDir, lock: lock, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(e.done)
		_ = f.Run(runCtx)
	}()
	e.uri = f.MongoDBURI()
	log.Info("embedded store started", "dir", dbDir)
	return e, nil
}

func sqliteURL(dbDir, params string) string {
	u := "file:" + dbDir + "/"
	if params != "" {
		u += "?" + params
	}
	return u
}

func (e *embeddedServer) stop() {
	e.cancel()
	<-e.done
	_ = unlockDir(e.lock)
}

// lockDir takes an exclusive, non-blocking lock on DATA_DIR's lock file, so
// that a second server or the import script cannot open the same files.
func lockDir(dir string) (*os.File, error) {
	path := filepath.Join(dir, LockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(path)
		_ = f.Close()
		pid := strings.TrimSpace(string(holder))
		if pid == "" {
			pid = "unknown"
		}
		return nil, fmt.Errorf("%w: the embedded store in %s is in use by another process (pid %s); stop it first, or point MONGODB_URI at a shared MongoDB", ErrStoreInUse, dir, pid)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return f, nil
}

func unlockDir(f *os.File) error {
	_ = f.Truncate(0)
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return f.Close()
}

// levelHandler drops records below min.
type levelHandler struct {
	min slog.Level
	h   slog.Handler
}

func (l *levelHandler) Enabled(ctx context.Context, lv slog.Level) bool {
	return lv >= l.min && l.h.Enabled(ctx, lv)
}
func (l *levelHandler) Handle(ctx context.Context, r slog.Record) error { return l.h.Handle(ctx, r) }
func (l *levelHandler) WithAttrs(a []slog.Attr) slog.Handler {
	return &levelHandler{min: l.min, h: l.h.WithAttrs(a)}
}
func (l *levelHandler) WithGroup(n string) slog.Handler {
	return &levelHandler{min: l.min, h: l.h.WithGroup(n)}
}
