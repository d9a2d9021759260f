// Command wireserver runs FerretDB (the SQLite handler, the same module the
// embedded store uses) as a standalone MongoDB wire-protocol server on
// loopback, for the tests of the MongoDB branch of the store (go tool task
// test:wire) and for trying the storefront with MONGODB_URI on one machine.
//
//	wireserver [-port 27017] [-dir DIR]
//
// It prints "wire server listening on mongodb://127.0.0.1:PORT/" once it
// accepts connections, and stops on SIGINT or SIGTERM. It has no
// authentication and FerretDB v1 does not apply conditional updates
// atomically, so it is for tests only: the storefront refuses it unless
// STORE_ALLOW_NON_ATOMIC=true.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	port := flag.Int("port", 0, "TCP port on 127.0.0.1 (0: a free one)")
	dir := flag.String("dir", "", "directory of the SQLite files (default: a new temporary directory, removed at exit)")
	flag.Parse()
	if err := run(*port, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "wireserver:", err)
		os.Exit(1)
	}
}

func run(port int, dir string) error {
	if dir == "" {
		tmp, err := os.MkdirTemp("", "wireserver-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	f, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: fmt.Sprintf("127.0.0.1:%d", port)},
		Handler:  "sqlite",
		// Commits do not wait for the disk: this server is for tests
		// only, and the data of a run is thrown away with it.
		SQLiteURL: "file:" + dir + "/?_pragma=synchronous(OFF)",
		Logger:    slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})),
	})
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()
	fmt.Printf("wire server listening on %s\n", f.MongoDBURI())
	return <-done
}
