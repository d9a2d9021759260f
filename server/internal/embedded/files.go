package embedded

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A DATA_DIR whose database vanished must not start as an empty store: the
// server would look healthy, with the demo catalogue and no users or
// orders. So DATA_DIR holds a marker next to its lock, store.json, written
// once the database exists. It records
//
//   - that the database exists (a missing file is then an error, not a new
//     store);
//   - whether the server is running (after an unclean stop SQLite's
//     write-ahead log, <db>.sqlite-wal, holds the latest changes and must
//     still be there);
//   - a generation, also kept inside the database and raised at every
//     start: an older copy of the file, or one that lost its write-ahead
//     log, has an older generation.
//
// Before FerretDB opens the file, SQLite's quick_check reads it whole
// (FerretDB's own validate always answers valid): a damaged database
// refuses to start. The check's time grows with the file (5.7 s for the
// 4.6 GB of issue 46's large data set with the file in the page cache,
// 58 s without), so the server defers it after a clean stop
// (StartDeferringCheck) and runs it only when the store is then read in
// full: after a clean stop with a snapshot of the mirrors of the same
// generation, the snapshot's checksums and the sample check of the
// mirrors against the store stand in for it.

// MarkerFileName is the marker's file in DATA_DIR.
const MarkerFileName = "store.json"

// ErrStoreDamaged is returned when DATA_DIR's database is missing, damaged
// or older than its marker says.
var ErrStoreDamaged = errors.New("the embedded store's database is missing or damaged")

type storeMarker struct {
	About      string `json:"about"`
	Database   string `json:"database"`
	Generation int64  `json:"generation"`
	Running    bool   `json:"running"`
}

const markerAbout = "Written by the storefront server: the embedded store's database in db/ exists. " +
	"Delete this file only to accept starting with an empty or older database."

// storeFiles is what the start-up check found, and writes the marker.
type storeFiles struct {
	marker     string // path of store.json
	file       string // the database's SQLite file
	db         string
	generation int64 // the database's generation as found (0: new, or from before markers)
	started    bool
	// checkDeferred: the last session stopped cleanly and the caller
	// runs quick_check if it needs it (Server.CheckDeferred).
	checkDeferred bool
}

// checkStoreFiles refuses to start on a database that is missing, damaged,
// or older than DATA_DIR's marker records. It runs under DATA_DIR's lock,
// before FerretDB opens the files.
func checkStoreFiles(ctx context.Context, dataDir, dbDir, db string, deferAfterCleanStop bool) (storeFiles, error) {
	sf := storeFiles{marker: filepath.Join(dataDir, MarkerFileName), file: filepath.Join(dbDir, db+".sqlite"), db: db}
	m, err := readMarker(sf.marker)
	if err != nil {
		return sf, err
	}
	if m != nil && m.Database != db {
		m = nil // another database of the same DATA_DIR (tests, MONGODB_DB changed): not what it records
	}
	if _, err := os.Stat(sf.file); errors.Is(err, fs.ErrNotExist) {
		if m != nil {
			return sf, fmt.Errorf("%w: %s is missing, but %s records that the store exists (generation %d). "+
				"Restore the file from a backup; to start an empty store instead, delete %s",
				ErrStoreDamaged, sf.file, sf.marker, m.Generation, sf.marker)
		}
		return sf, nil // a new store
	} else if err != nil {
		return sf, fmt.Errorf("read %s: %w", sf.file, err)
	}
	if m != nil && m.Running {
		if _, err := os.Stat(sf.file + "-wal"); errors.Is(err, fs.ErrNotExist) {
			return sf, fmt.Errorf("%w: the server stopped without closing the store, and its write-ahead log %s-wal, "+
				"which holds the latest changes, is missing. Restore DATA_DIR from a backup; to accept the loss, delete %s",
				ErrStoreDamaged, sf.file, sf.marker)
		}
	}
	conn, err := sql.Open("sqlite", "file:"+sf.file+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		return sf, fmt.Errorf("open %s: %w", sf.file, err)
	}
	defer conn.Close()
	if deferAfterCleanStop && m != nil && !m.Running {
		sf.checkDeferred = true
	} else if err := checkFile(ctx, conn, sf.file); err != nil {
		return sf, err
	}
	if sf.generation, err = readGeneration(ctx, conn); err != nil {
		if sf.checkDeferred {
			if err := checkFile(ctx, conn, sf.file); err != nil {
				return sf, err // (damaged: say so, as the check before the read would have)
			}
		}
		return sf, fmt.Errorf("read the generation of %s: %w", sf.file, err)
	}
	// One more than the marker: the last start stopped between raising the
	// database's generation and writing the marker.
	if m != nil && sf.generation != m.Generation && sf.generation != m.Generation+1 {
		return sf, fmt.Errorf("%w: %s is at generation %d, but %s records generation %d: it is an older copy, "+
			"or it lost its write-ahead log. Restore the latest backup; to accept this database as it is, delete %s",
			ErrStoreDamaged, sf.file, sf.generation, sf.marker, m.Generation, sf.marker)
	}
	return sf, nil
}

func readMarker(path string) (*storeMarker, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	var m storeMarker
	if err := json.Unmarshal(b, &m); err != nil || m.Database == "" {
		return nil, fmt.Errorf("%w: %s is not a store marker; restore it, or delete it to start without the check", ErrStoreDamaged, path)
	}
	return &m, nil
}

// checkFile runs quick_check on the open database file.
func checkFile(ctx context.Context, conn *sql.DB, file string) error {
	if err := quickCheck(ctx, conn); err != nil {
		return fmt.Errorf("%w: %s is damaged (SQLite quick_check: %v). Restore it from a backup", ErrStoreDamaged, file, err)
	}
	return nil
}

func quickCheck(ctx context.Context, conn *sql.DB) error {
	rows, err := conn.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		if len(problems) > 3 {
			problems = append(problems[:3], "...")
		}
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// generationTable sits in the database's SQLite file beside FerretDB's
// tables; FerretDB lists only the collections in its own metadata.
const generationTable = "_storefront_generation"

func readGeneration(ctx context.Context, conn *sql.DB) (int64, error) {
	var n int64
	err := conn.QueryRowContext(ctx, fmt.Sprintf(`SELECT generation FROM %q WHERE id = 1`, generationTable)).Scan(&n)
	switch {
	case err == nil:
		return n, nil
	case errors.Is(err, sql.ErrNoRows), strings.Contains(err.Error(), "no such table"):
		return 0, nil // a new store, or one from before generations
	}
	return 0, err
}

// MarkStarted raises the database's generation, then records it in the
// marker with running set: the store is open and its files are in use.
func (e *Server) MarkStarted(ctx context.Context) error {
	conn, err := e.openSQLite(e.db)
	if err != nil {
		return err
	}
	defer conn.Close()
	next := e.files.generation + 1
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %q (id INTEGER PRIMARY KEY CHECK (id = 1), generation INTEGER NOT NULL)`, generationTable)); err != nil {
		return fmt.Errorf("record the store's generation: %w", err)
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`INSERT INTO %q (id, generation) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET generation = excluded.generation`, generationTable), next); err != nil {
		return fmt.Errorf("record the store's generation: %w", err)
	}
	e.files.generation = next
	if err := e.files.write(true); err != nil {
		return err
	}
	e.files.started = true
	return nil
}

// stopped records a clean stop, once FerretDB has closed the files.
func (sf *storeFiles) stopped() error {
	if !sf.started {
		return nil
	}
	return sf.write(false)
}

// write replaces the marker atomically and durably.
func (sf *storeFiles) write(running bool) error {
	b, err := json.MarshalIndent(storeMarker{About: markerAbout, Database: sf.db, Generation: sf.generation, Running: running}, "", "  ")
	if err != nil {
		return err
	}
	tmp := sf.marker + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o640)
	if err != nil {
		return fmt.Errorf("write %s: %w", tmp, err)
	}
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, sf.marker)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", sf.marker, err)
	}
	if dir, err := os.Open(filepath.Dir(sf.marker)); err == nil {
		_ = dir.Sync()
		_ = dir.Close()
	}
	return nil
}
