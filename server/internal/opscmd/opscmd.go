// Package opscmd holds what the operators' commands (seed, backup) share: a
// main that stops on Ctrl-C, and opening the store with a message that says
// what to do when it can't be opened.
package opscmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"time"

	"storefront/server/internal/config"
	"storefront/server/internal/mongodb"
)

// Run is a whole command: its arguments, streams and environment in, its exit
// status out.
type Run func(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int

// Main runs run with the process's arguments, streams and environment,
// cancelled on Ctrl-C, and exits with its status.
func Main(run Run) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// OpenStore opens the store cfg names for the command's verb ("import",
// "backup", "restore"), logging warnings to stderr. When it cannot, it says
// why on stderr, and that nothing was written; the command exits 1.
func OpenStore(ctx context.Context, cfg config.Config, verb string, stderr io.Writer) (*mongodb.Store, error) {
	store, err := mongodb.Open(ctx, mongodb.Config{URI: cfg.MongoURI, DB: cfg.MongoDB, DataDir: cfg.DataDir, AllowNonAtomic: cfg.AllowNonAtomic,
		FollowLiveHeap: cfg.GoMemLimit == "", BoundedLoad: true, Logger: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	switch {
	case errors.Is(err, mongodb.ErrStoreInUse):
		fmt.Fprintf(stderr, "Cannot %s: a running storefront holds the embedded store in %s.\n"+
			"Stop it (Ctrl-C) and run the %s again; nothing was written.\n", verb, cfg.DataDir, verb)
		if verb == "backup" {
			// Said of a backup alone: a restore is not advised under running
			// instances, which go on serving what they hold until it expires.
			fmt.Fprintln(stderr, "(With MONGODB_URI, backups run while the storefront runs.)")
		}
	case err != nil:
		fmt.Fprintf(stderr, "Cannot open the store: %v\nNothing was written.\n", err)
	}
	return store, err
}

// CloseStore closes the store, waiting at most 10 s for it to finish.
func CloseStore(store *mongodb.Store) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = store.Close(ctx)
}
