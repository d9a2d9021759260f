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
	// The periodic sample of the in-memory copy is off: every test store
	// would read hundreds of documents at start for it. Its own test runs
	// it; the binary's tests run it as it runs in production.
	//
	// The embedded store's commits do not wait for the disk (NoSync): that
	// took 40 % off the HTTP tests' time, and only a power cut, which no test
	// makes, tells the difference.
	cfg := mongodb.Config{URI: os.Getenv("MONGODB_URI"), DataDir: dataDir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		AllowNonAtomic: os.Getenv("STORE_ALLOW_NON_ATOMIC") == "true", SampleEvery: -1, NoSync: true}
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
	return mongodb.Config{DataDir: dataDir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SampleEvery: -1, NoSync: true}
}

// durable keeps SQLite's wait for the disk in a benchmark's store: a
// benchmark measures what the binaries do (NoSync is for tests' time).
func durable(tb testing.TB, cfg mongodb.Config) mongodb.Config {
	if _, bench := tb.(*testing.B); bench {
		cfg.NoSync = false
	}
	return cfg
}

// MustOpenEmbeddedAt opens the embedded store of dataDir; it is closed when
// the test ends.
func MustOpenEmbeddedAt(tb testing.TB, dataDir string) *mongodb.Store {
	tb.Helper()
	s, err := mongodb.Open(context.Background(), durable(tb, EmbeddedConfig(dataDir)))
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
	cfg := durable(tb, Config(tb.TempDir()))
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
	s, err := mongodb.Open(context.Background(), durable(tb, Config(dataDir)))
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close(context.Background()) })
	return s
}

// needsMongoDB are the tests that need what only MongoDB itself gives, with
// why. They run on the embedded store (which serialises its writes, so its
// conditional updates are atomic too) and in the GitHub workflow's job
// against a real replica set; go tool task test:wire, whose FerretDB v1
// applies a conditional update as a read-modify-write without a lock (and
// explains queries its own way), skips them. This is the one list: a test
// that calls RequireMongoDB without being in it fails.
var needsMongoDB = map[string]string{
	"TestReserveStock/ConcurrentDecrementsNeverOversell":                    "200 concurrent guarded decrements of one product's stock",
	"TestInsertOrder_Numbers/OK_ConcurrentOrdersGetDistinctNumbersFrom1001": "200 concurrent $inc of one counter",
	"TestMirror_AgreesWithTheStore":                                         "concurrent orders, cancels and edits of the same products",
	"TestQueries":                                                           "MongoDB's query planner (explain's winning plan and its index)",
	"TestCourier_SendersShareTheOutbox":                                     "two senders claiming the same e-mails at once",
	"TestOrders_ConcurrentNeverOversell":                                    "200 concurrent orders on a stock of 100",
	"TestClaims_SeveralPerLine/ConcurrentClaimsOfTheLastPiece":              "8 concurrent claims of a line's last piece",
	"TestQuotes_ConcurrentAcceptsPlaceOnce":                                 "8 concurrent acceptances of one quote",
	"TestStripePayment/OK_ConcurrentPayEndsWithOneTransaction":              "concurrent payments of one order",
	"TestHistories": "randomized concurrent histories of every stock change, checked for linearizability",
	"TestAccountTokens_SingleUseByHash/OneOfEightUsesAtOnce": "8 concurrent uses of one mailed token",
	"TestRoles_ConcurrentNeverLeavesNoAdmin":                 "concurrent guarded decrements of the admins' count",
	"TestRoles_LastAdmin":                                    "two admins demoting or deleting each other at once",
	"TestInvoices_ConcurrentPaymentsNumberedWithoutGaps":     "100 orders paid twice each at once: one guarded payment and one invoice each",
	// issue 36: re-pricing and cancellation records
	"TestQuotes_Reprice/RaceWithAccept":             "a re-price and an acceptance of one quote at once",
	"TestCancellations/ConcurrentCancelsRecordOnce": "6 concurrent cancels of one order",
	// issue 34: order groups
	"TestGroups_CancelWhole/OK_ConcurrentCancelsGiveStockBackOnce": "4 concurrent cancels of one group",
	// issue 45 and the review's finding 4
	"TestAccount_ConcurrentCheckoutsNeverExceedTheLimit":  "4 concurrent holds of one company's credit",
	"TestApprovals_ApproveDeclineCancelRace":              "an approval, a decline and a cancel of one purchase at once",
	"TestCompanies_KeepACompanyAdmin/ConcurrentDemotions": "2 concurrent demotions of a company's last two admins",
}

// OnWireServer says whether the tests run on go tool task test:wire's
// FerretDB over the wire (MONGODB_URI with STORE_ALLOW_NON_ATOMIC=true),
// which has no index but _id's: a query by name reads every document. A
// test at a scale meant for MongoDB's indexes may run smaller there (the
// same code paths, fewer rows); the GitHub workflow's MongoDB job and the
// embedded store run it at full size.
func OnWireServer() bool {
	return os.Getenv("MONGODB_URI") != "" && os.Getenv("STORE_ALLOW_NON_ATOMIC") == "true"
}

// RequireMongoDB skips the test on a store that lacks what it needs (see
// needsMongoDB): atomic conditional updates, or MongoDB's planner.
func RequireMongoDB(tb testing.TB, s *mongodb.Store) {
	tb.Helper()
	reason, listed := needsMongoDB[tb.Name()]
	if !listed {
		tb.Fatalf("%s calls RequireMongoDB but is not in mongotest's list of tests that need MongoDB itself", tb.Name())
	}
	if !s.Atomic() {
		tb.Skipf("needs MongoDB's atomic conditional updates (%s): runs embedded and against a real MongoDB, not on FerretDB over the wire", reason)
	}
}

// RequireRealMongoDB skips the test unless MONGODB_URI is a real MongoDB
// (see needsMongoDB): for what the embedded store has no counterpart of.
func RequireRealMongoDB(tb testing.TB, s *mongodb.Store) {
	tb.Helper()
	reason, listed := needsMongoDB[tb.Name()]
	if !listed {
		tb.Fatalf("%s calls RequireRealMongoDB but is not in mongotest's list of tests that need MongoDB itself", tb.Name())
	}
	if s.Embedded() || !s.Atomic() {
		tb.Skipf("needs a real MongoDB (%s)", reason)
	}
}
