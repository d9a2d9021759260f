// Command backup writes the store to a directory in mongodump's layout and
// restores such a directory into an empty store:
//
//	backup backup DIR            every collection into DIR/<db>/
//	backup restore [--drop] DIR  DIR/<db>/ (or the one database in DIR) into the store
//
// It uses MONGODB_URI, or the embedded store in DATA_DIR (default ./data),
// which it can open only while no storefront runs on it.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"storefront/server/internal/backup"
	"storefront/server/internal/config"
	"storefront/server/internal/opscmd"
)

func main() { opscmd.Main(run) }

const usage = `usage: backup backup DIR              write every collection into DIR/<db>/ (mongodump's layout)
       backup restore [--drop] DIR    load DIR/<db>/ into an empty store (--drop: replace what it holds)
Uses MONGODB_URI, or the embedded store in DATA_DIR (default ./data).`

// run is the whole command; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	verb := args[0]
	fs := flag.NewFlagSet(verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, usage) }
	drop := false
	if verb == "restore" {
		fs.BoolVar(&drop, "drop", false, "replace the store's data with the backup's")
	}
	if (verb != "backup" && verb != "restore") || fs.Parse(args[1:]) != nil || fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	dir := fs.Arg(0)
	cfg, err := config.Load(getenv)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	start := time.Now()

	// A restore reads and checks the whole backup before it opens the store.
	var dump *backup.Dir
	if verb == "restore" {
		if dump, err = backup.Open(dir, cfg.MongoDB); err == nil {
			err = dump.Validate(stdout)
		}
		if err != nil {
			fmt.Fprintf(stderr, "Cannot restore %s: %v\nNothing was written.\n", dir, err)
			return 1
		}
	}

	store, err := opscmd.OpenStore(ctx, cfg, verb, stderr)
	if err != nil {
		return 1
	}
	defer opscmd.CloseStore(store)

	if verb == "backup" {
		sum, err := backup.Backup(ctx, store, dir, cfg.MongoDB, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "Backup failed: %v\nNo backup was written to %s.\n", err, dir)
			return 1
		}
		fmt.Fprintf(stdout, "Backed up %d documents in %d collections (%s) into %s in %s.\n",
			sum.Documents, sum.Collections, backup.ByteSize(sum.Bytes), sum.Path, time.Since(start).Round(time.Millisecond))
		return 0
	}
	sum, err := backup.Restore(ctx, store, dump, drop, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "Restore failed: %v\n", err)
		if sum.Written {
			fmt.Fprintln(stderr, "Part of the backup was written: run the restore again with --drop to replace it.")
		} else {
			fmt.Fprintln(stderr, "Nothing was written.")
		}
		return 1
	}
	fmt.Fprintf(stdout, "Restored %d documents in %d collections from %s in %s.\n",
		sum.Documents, sum.Collections, dump.Path, time.Since(start).Round(time.Millisecond))
	// The restore wrote around the embedded store's in-memory copy: read
	// it once here, so that the store closes with a snapshot of it and the
	// server's first start is quick (issue 46).
	if store.Embedded() {
		read := time.Now()
		if err := store.RefreshMirrors(ctx); err != nil {
			fmt.Fprintf(stderr, "Reading the restored store into memory failed (the server's first start reads it instead): %v\n", err)
			return 0
		}
		fmt.Fprintf(stdout, "Read the restored store into memory for the server's first start in %s.\n", time.Since(read).Round(time.Millisecond))
	}
	return 0
}
