// Package mongotest opens real stores for tests: the embedded FerretDB in a
// fresh temporary DATA_DIR or, when MONGODB_URI is set (the CI job with a
// MongoDB service container), a fresh database on that server.
package mongotest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"testing"

	"storefront/server/internal/mongodb"
)

// Config returns the store configuration for a test using dataDir. With
// MONGODB_URI the database name is derived from dataDir, so reopening the
// same dataDir finds the same data, as the embedded store does.
func Config(dataDir string) mongodb.Config {
	cfg := mongodb.Config{URI: os.Getenv("MONGODB_URI"), DataDir: dataDir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if cfg.URI != "" {
		sum := sha256.Sum256([]byte(dataDir))
		cfg.DB = "storefront_test_" + hex.EncodeToString(sum[:8])
	}
	return cfg
}

// EmbeddedConfig is the embedded store of dataDir, whatever MONGODB_URI
// says: for tests of what only the embedded store has (its DATA_DIR lock,
// the real binary's default).
func EmbeddedConfig(dataDir string) mongodb.Config {
	return mongodb.Config{DataDir: dataDir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// MustOpenEmbeddedAt opens the embedded store of dataDir; it is closed when
// the test ends.
func MustOpenEmbeddedAt(tb testing.TB, dataDir string) *mongodb.Store {
	tb.Helper()
	s, err := mongodb.Open(context.Background(), EmbeddedConfig(dataDir))
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close(context.Background()) })
	return s
}

// MustOpen opens a fresh store that is closed when the test ends.
func MustOpen(tb testing.TB) *mongodb.Store {
	tb.Helper()
	return MustOpenAt(tb, tb.TempDir())
}

// MustOpenWith opens a fresh store, its configuration changed by set (a
// clock, say); it is closed when the test ends.
func MustOpenWith(tb testing.TB, set func(*mongodb.Config)) *mongodb.Store {
	tb.Helper()
	cfg := Config(tb.TempDir())
	set(&cfg)
	s, err := mongodb.Open(context.Background(), cfg)
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close(context.Background()) })
	return s
}

// MustOpenAt opens the store of dataDir; it is closed when the test ends.
func MustOpenAt(tb testing.TB, dataDir string) *mongodb.Store {
	tb.Helper()
	s, err := mongodb.Open(context.Background(), Config(dataDir))
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close(context.Background()) })
	return s
}
