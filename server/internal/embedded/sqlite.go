package embedded

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	_ "modernc.org/sqlite" // the SQLite that FerretDB embeds, for its files' _id indexes
)

// FerretDB v1.24 looks a document up by _id with
//
//	WHERE _ferretdb_sjson->'$._id' = ?
//
// (UPDATE and DELETE by _id too), but indexes _id as _ferretdb_sjson->"_id",
// an expression SQLite does not match to that query: every look-up, update
// and delete by _id scans the table and parses every document's JSON
// (40-100 ms at 10,000 products). IndexIDs adds, to each collection's
// table, an index on the query's own expression, which SQLite then uses.
// FerretDB neither sees it nor minds it: its metadata lists only its own
// indexes, and dropping a collection drops the table with it.
//
// The expression below must stay the one FerretDB queries with
// (metadata.IDColumn); TestEmbeddedIDLookupsUseTheIndex fails if a FerretDB
// upgrade changes it.
const (
	ferretIDExpr   = `_ferretdb_sjson->'$._id'`
	idIndexSuffix  = "_storefront_id"
	ferretMetadata = "_ferretdb_collections"
)

// IndexIDs creates the _id index on every collection table of database db.
func (e *Server) IndexIDs(ctx context.Context, db string) error {
	conn, err := e.openSQLite(db)
	if err != nil {
		return err
	}
	defer conn.Close()
	tables, err := collectionTables(ctx, conn)
	if err != nil {
		return err
	}
	for _, t := range tables {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`, t+idIndexSuffix, t, ferretIDExpr)
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("index _id of the embedded store's table %s: %w", t, err)
		}
	}
	return nil
}

// IDPlans returns, for each collection table, how SQLite runs FerretDB's
// look-up by _id: "SEARCH ... USING INDEX ..." when the index serves it.
func (e *Server) IDPlans(ctx context.Context, db string) (map[string]string, error) {
	conn, err := e.openSQLite(db)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	tables, err := collectionTables(ctx, conn)
	if err != nil {
		return nil, err
	}
	plans := map[string]string{}
	for _, t := range tables {
		rows, err := conn.QueryContext(ctx, fmt.Sprintf(`EXPLAIN QUERY PLAN SELECT _ferretdb_sjson FROM %q WHERE %s = ?`, t, ferretIDExpr), `"x"`)
		if err != nil {
			return nil, err
		}
		var details []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				rows.Close()
				return nil, err
			}
			details = append(details, detail)
		}
		rows.Close()
		plans[t] = strings.Join(details, "; ")
	}
	return plans, nil
}

// openSQLite opens database db's file beside FerretDB, never creating it
// (mode=rw): the file is FerretDB's to make, and one opened after it was
// deleted would be made again, empty, so that /healthz, which looks for
// the file, said healthy (the sample check's count did so once).
func (e *Server) openSQLite(db string) (*sql.DB, error) {
	path := filepath.Join(e.dbDir, db+".sqlite")
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return conn, nil
}

func collectionTables(ctx context.Context, conn *sql.DB) ([]string, error) {
	rows, err := conn.QueryContext(ctx, fmt.Sprintf(`SELECT table_name FROM %q`, ferretMetadata))
	if err != nil {
		return nil, fmt.Errorf("read the embedded store's collections: %w", err)
	}
	defer rows.Close()
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		tables = append(tables, t)
	}
	return tables, rows.Err()
}

// CountDocuments is how many documents collection of database db holds,
// counted by SQLite on the collection's table (0 when FerretDB has not made
// it yet). FerretDB v1.24 answers a count by reading and parsing every
// document (issue 46: the sample check's count of 100,000 products took
// over ten seconds of CPU under the write slot, and timed out, after each
// start). The store's writes go through FerretDB and are committed when it
// answers, so a caller that holds the write slot counts them all.
func (e *Server) CountDocuments(ctx context.Context, db, collection string) (int64, error) {
	conn, err := e.openSQLite(db)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	table, err := collectionTable(ctx, conn, collection)
	if err != nil || table == "" {
		return 0, err
	}
	var n int64
	if err := conn.QueryRowContext(ctx, fmt.Sprintf(`SELECT count(*) FROM %q`, table)).Scan(&n); err != nil {
		return 0, fmt.Errorf("count %s: %w", collection, err)
	}
	return n, nil
}

// ScanFields calls fn with the named fields (JSON paths: "_id",
// "metadata.productId") of every document of collection, read by SQLite
// from FerretDB's stored form, in no particular order. A value is what
// that form holds: an ObjectID or a string as a string (the ObjectID's 24
// hex digits), a date as int64 milliseconds, a number as int64 or float64,
// a missing field as nil. FerretDB v1.24 decodes every document whole for
// any read but a single _id look-up (issue 46: a sweep's read of the
// 300,000 files of the large catalogue's documents, projected to three
// fields, took a minute of both cores); this reads only the fields asked
// for. A read, never a write: the writes go through FerretDB, whose
// committed documents it sees. TestScanFields_ReadsFerretDBsForm fails if
// a FerretDB upgrade changes the form.
func (e *Server) ScanFields(ctx context.Context, db, collection string, paths []string, fn func(vals []any) error) error {
	cols := make([]string, len(paths))
	for i, p := range paths {
		if strings.ContainsAny(p, `'"$[]%`) {
			return fmt.Errorf("scan %s: the path %q is not a plain field path", collection, p)
		}
		cols[i] = fmt.Sprintf(`_ferretdb_sjson->>'$.%s'`, p)
	}
	vals := make([]any, len(paths))
	ptrs := make([]any, len(paths))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	return e.scanTable(ctx, db, collection, `SELECT `+strings.Join(cols, ", ")+` FROM %q`, nil, func(rows *sql.Rows) error {
		if err := rows.Scan(ptrs...); err != nil {
			return fmt.Errorf("scan %s: %w", collection, err)
		}
		return fn(vals)
	})
}

// ScanText calls fn with the stored form (FerretDB's JSON) of each document
// of collection whose stored form contains substr, found by SQLite; the
// rest are never decoded. For a search of every string of a collection
// that FerretDB would decode whole (the picture sweep's look for
// "/images/" in the outbox's 400,000 e-mails, issue 46). The stored form
// holds a document's strings as JSON strings, and its keys and its
// schema besides.
func (e *Server) ScanText(ctx context.Context, db, collection, substr string, fn func(text string) error) error {
	var text string
	return e.scanTable(ctx, db, collection, `SELECT _ferretdb_sjson FROM %q WHERE instr(_ferretdb_sjson, ?) > 0`, []any{substr}, func(rows *sql.Rows) error {
		if err := rows.Scan(&text); err != nil {
			return fmt.Errorf("scan %s: %w", collection, err)
		}
		return fn(text)
	})
}

// scanTable runs query (its %q the collection's table) with args on
// database db's file and calls row with each row, until it answers an
// error (nothing when FerretDB has not made the collection yet).
func (e *Server) scanTable(ctx context.Context, db, collection, query string, args []any, row func(*sql.Rows) error) error {
	conn, err := e.openSQLite(db)
	if err != nil {
		return err
	}
	defer conn.Close()
	table, err := collectionTable(ctx, conn, collection)
	if err != nil || table == "" {
		return err
	}
	rows, err := conn.QueryContext(ctx, fmt.Sprintf(query, table), args...)
	if err != nil {
		return fmt.Errorf("scan %s: %w", collection, err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("scan %s: %w", collection, err)
	}
	return nil
}

// collectionTable is the table of collection ("" when FerretDB has not made
// it yet).
func collectionTable(ctx context.Context, conn *sql.DB, collection string) (string, error) {
	var table string
	err := conn.QueryRowContext(ctx, fmt.Sprintf(`SELECT table_name FROM %q WHERE name = ?`, ferretMetadata), collection).Scan(&table)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("find the embedded store's table of %s: %w", collection, err)
	}
	return table, nil
}
