// Package embedded runs the embedded store's engine: FerretDB (SQLite
// handler) on the files under DATA_DIR, which it locks, checks (files.go)
// and indexes (sqlite.go), listening on a private Unix socket whose URI it
// hands back. The store (internal/mongodb) connects to that URI.
package embedded

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

// ErrStoreInUse is returned when another process holds DATA_DIR.
var ErrStoreInUse = errors.New("store in use")

// LockFileName is the file in DATA_DIR whose lock marks the store as in use.
const LockFileName = "storefront.lock"

// Server is FerretDB (SQLite handler) listening on a Unix socket in
// a directory only this user can enter, with DATA_DIR locked for this
// process. No TCP port: FerretDB has no authentication, so a port on
// 127.0.0.1 would let any local process read every password hash.
type Server struct {
	uri     string
	dataDir string // absolute DATA_DIR
	dbDir   string // FerretDB's SQLite files: <database>.sqlite
	db      string // the database this store uses
	socket  string // FerretDB's Unix socket
	tempDir string // the socket's directory when DATA_DIR is too long for one; removed at stop
	files   storeFiles
	lock    *os.File
	cancel  context.CancelFunc
	done    chan struct{}
	log     *slog.Logger
}

// URI is the driver's address of the running engine.
func (e *Server) URI() string { return e.uri }

// File is the database's SQLite file, whose presence Healthy checks.
func (e *Server) File() string { return e.files.file }

// Generation is the database's generation (files.go): as found until
// MarkStarted raises it, which every session does before its first write.
func (e *Server) Generation() int64 { return e.files.generation }

// SnapshotFile is where the store keeps its snapshot of the in-memory copy
// (internal/mirror): beside the database, <database>.mirrors.
func (e *Server) SnapshotFile() string { return filepath.Join(e.dbDir, e.db+".mirrors") }

// Start starts FerretDB on the SQLite files in DATA_DIR/db, after
// checking that the database db is whole (embedded_files.go).
// sqliteParams are extra SQLite URI parameters ("" for FerretDB's own:
// WAL, synchronous FULL, busy timeout); the engine benchmark varies them.
func Start(ctx context.Context, dataDir, db, sqliteParams string, log *slog.Logger) (*Server, error) {
	return startServer(ctx, dataDir, db, sqliteParams, log, false)
}

// StartDeferringCheck is Start, except that after a clean stop (the
// marker says the last session closed the store) it does not run SQLite's
// quick_check: CheckDeferred then says so, and the caller runs Check
// when it reads the store in full (the server: when no snapshot of its
// mirrors can be used; files.go says why).
func StartDeferringCheck(ctx context.Context, dataDir, db, sqliteParams string, log *slog.Logger) (*Server, error) {
	return startServer(ctx, dataDir, db, sqliteParams, log, true)
}

// CheckDeferred says that Start did not run quick_check (the last
// session stopped cleanly) and Check has not run it since.
func (e *Server) CheckDeferred() bool { return e.files.checkDeferred }

// Check runs the quick_check that StartDeferringCheck deferred: a damaged
// database answers ErrStoreDamaged, as Start would have.
func (e *Server) Check(ctx context.Context) error {
	if !e.files.checkDeferred {
		return nil
	}
	checked := time.Now()
	conn, err := sql.Open("sqlite", "file:"+e.files.file+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("open %s: %w", e.files.file, err)
	}
	defer conn.Close()
	if err := checkFile(ctx, conn, e.files.file); err != nil {
		return err
	}
	e.files.checkDeferred = false
	e.log.Info("embedded store checked", "file", e.files.file, "took", time.Since(checked).Round(time.Millisecond))
	return nil
}

func startServer(ctx context.Context, dataDir, db, sqliteParams string, log *slog.Logger, deferCheck bool) (*Server, error) {
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
	e := &Server{dataDir: abs, dbDir: dbDir, db: db, lock: lock, done: make(chan struct{}), log: log}
	checked := time.Now()
	if e.files, err = checkStoreFiles(ctx, abs, dbDir, db, deferCheck); err != nil {
		_ = unlockDir(lock)
		return nil, err
	}
	if e.files.checkDeferred {
		log.Info("embedded store stopped cleanly: its quick_check waits for a full read", "file", e.files.file, "generation", e.files.generation, "took", time.Since(checked).Round(time.Millisecond))
	} else {
		log.Info("embedded store checked", "file", e.files.file, "generation", e.files.generation, "took", time.Since(checked).Round(time.Millisecond))
	}
	if e.socket, e.tempDir, err = socketPath(abs); err != nil {
		_ = unlockDir(lock)
		return nil, err
	}
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{Unix: e.socket},
		Handler:   "sqlite",
		SQLiteURL: sqliteURL(dbDir, sqliteParams),
		// FerretDB logs every command that fails (GridFS probing for missing
		// collections, duplicate keys) as a warning; keep only its errors.
		Logger: slog.New(&levelHandler{min: slog.LevelError, h: log.Handler()}),
	})
	if err != nil {
		e.removeSocket()
		_ = unlockDir(lock)
		return nil, fmt.Errorf("start the embedded store: %w", err)
	}
	runCtx, cancel := context.WithCancel(context.Background())
	e.cancel = cancel
	go func() {
		defer close(e.done)
		_ = f.Run(runCtx)
	}()
	_ = f.MongoDBURI() // returns once the socket listens
	// The driver takes a host as a socket path when it is percent-encoded
	// and ends in ".sock".
	e.uri = "mongodb://" + url.PathEscape(e.socket) + "/"
	log.Info("embedded store started", "dir", dbDir, "socket", e.socket)
	return e, nil
}

// socketName is FerretDB's socket in its directory; the driver needs the
// ".sock" ending.
const socketName = "store.sock"

// maxSocketPath is the longest socket path every Unix takes (Linux allows
// 107 bytes, macOS 103).
const maxSocketPath = 103

// socketPath returns where FerretDB listens: DATA_DIR/run/store.sock, in a
// directory of mode 0700, or, when that path is too long for a socket, the
// same in a new 0700 directory under the system's temporary directory.
// A socket left by a process that was killed is removed (this process holds
// DATA_DIR's lock, so no server is using it).
func socketPath(dataDir string) (socket, tempDir string, err error) {
	dir := filepath.Join(dataDir, "run")
	if len(filepath.Join(dir, socketName)) > maxSocketPath {
		if tempDir, err = os.MkdirTemp("", "storefront-"); err != nil { // 0700
			return "", "", fmt.Errorf("create the embedded store's socket directory: %w", err)
		}
		dir = tempDir
	} else {
		if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return "", "", fmt.Errorf("create %s: %w", dir, err)
		}
		if err := os.Chmod(dir, 0o700); err != nil {
			return "", "", fmt.Errorf("restrict %s: %w", dir, err)
		}
	}
	socket = filepath.Join(dir, socketName)
	if err := os.Remove(socket); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", "", fmt.Errorf("remove the stale socket %s: %w", socket, err)
	}
	return socket, tempDir, nil
}

func (e *Server) removeSocket() {
	_ = os.Remove(e.socket)
	if e.tempDir != "" {
		_ = os.RemoveAll(e.tempDir)
	}
}

func sqliteURL(dbDir, params string) string {
	u := "file:" + dbDir + "/"
	if params != "" {
		u += "?" + params
	}
	return u
}

// Stop stops FerretDB, which closes the SQLite files (SQLite then folds
// its write-ahead log into the database and removes it), records the clean
// stop in the store's marker, and releases DATA_DIR.
func (e *Server) Stop() {
	e.cancel()
	<-e.done
	e.removeSocket()
	if err := e.files.stopped(); err != nil {
		slog.Error("the embedded store's marker was not updated", "error", err)
	}
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

// levelHandler drops records below min. FerretDB derives a logger with
// attributes for every command it runs (slog's With) and logs almost
// none: the attributes and groups are applied to h only when a record is
// written, since a text handler formats them as they are added (6 % of an
// order's CPU time in BenchmarkScaleOrders).
type levelHandler struct {
	min  slog.Level
	h    slog.Handler
	with []func(slog.Handler) slog.Handler // not yet applied to h, in order
}

func (l *levelHandler) Enabled(ctx context.Context, lv slog.Level) bool {
	return lv >= l.min && l.h.Enabled(ctx, lv)
}

func (l *levelHandler) Handle(ctx context.Context, r slog.Record) error {
	h := l.h
	for _, f := range l.with {
		h = f(h)
	}
	return h.Handle(ctx, r)
}

func (l *levelHandler) WithAttrs(a []slog.Attr) slog.Handler {
	if len(a) == 0 {
		return l
	}
	return &levelHandler{min: l.min, h: l.h, with: append(slices.Clip(l.with), func(h slog.Handler) slog.Handler { return h.WithAttrs(a) })}
}

func (l *levelHandler) WithGroup(n string) slog.Handler {
	if n == "" {
		return l
	}
	return &levelHandler{min: l.min, h: l.h, with: append(slices.Clip(l.with), func(h slog.Handler) slog.Handler { return h.WithGroup(n) })}
}
