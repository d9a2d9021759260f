package mongodb

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

type indexModel = mongo.IndexModel

// openAny opens a fresh store: embedded, or a fresh database on MONGODB_URI.
func openAny(t *testing.T) *Store {
	t.Helper()
	cfg := Config{URI: os.Getenv("MONGODB_URI"), DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		AllowNonAtomic: os.Getenv("STORE_ALLOW_NON_ATOMIC") == "true"}
	if cfg.URI != "" {
		cfg.DB = "storefront_test_" + newID().Hex()
	}
	s, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cfg.URI != "" {
			_ = s.db.Drop(context.Background())
		}
		_ = s.Close(context.Background())
	})
	return s
}

// openEmbedded opens a fresh embedded store, whatever MONGODB_URI says:
// these tests are of the embedded store's own machinery (mongotest cannot
// be imported from inside the package).
func openEmbedded(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), Config{DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close(context.Background()) })
	return s
}

func TestEmbeddedIDLookupsUseTheIndex(t *testing.T) {
	t.Parallel()
	s := openEmbedded(t)
	plans, err := s.embedded.IDPlans(context.Background(), "storefront")
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) < len(collectionNames) {
		t.Fatalf("%d tables, want one per collection (%d): %v", len(plans), len(collectionNames), plans)
	}
	for table, plan := range plans {
		if !strings.Contains(plan, "USING INDEX") {
			t.Errorf("FerretDB's look-up by _id in %s: %q, want an index search", table, plan)
		}
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openEmbedded(t)
	id, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe", Price: 100, Description: "Metal lathe.", Available: 3, Minimum: 1, Email: "ops@shop.test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("OK_AfterWrites", func(t *testing.T) {
		if err := s.ReserveStock(ctx, id, s.NewOrderID(), 2); err != nil {
			t.Fatal(err)
		}
		if err := s.Check(ctx); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("ErrWhenMemoryDiffers", func(t *testing.T) {
		p, _ := s.products.mem.Mem.Get(mustOID(id))
		p.Available = 99 // as if a write had changed the mirror but not the store
		s.products.mem.Mem.Put(p)
		err := s.Check(ctx)
		if err == nil || !strings.Contains(err.Error(), "service: "+id) {
			t.Fatalf("Check = %v, want the product named", err)
		}
		s.products.mem.Mem.Put(mirror.Product{ID: newID(), Name: "Ghost"})
		if err := s.Check(ctx); err == nil || !strings.Contains(err.Error(), "2 documents in memory, 1 in the store") {
			t.Fatalf("Check = %v, want the extra document counted", err)
		}
	})
}

func TestMirrorOrderIndex(t *testing.T) {
	t.Parallel()
	m := mirror.Orders(CollOrders).Init()
	mk := func(email string, sec int64) mirror.Order {
		return mirror.Order{ID: newID(), Email: email, CreatedAt: bson.DateTime(sec * 1000).Time().UTC()}
	}
	a, b, c := mk("a@x.test", 30), mk("b@x.test", 10), mk("a@x.test", 20)
	for _, d := range []mirror.Order{a, b, c} {
		m.Put(d)
	}
	ids := func(docs []mirror.Order) (out []mirror.ID) {
		for _, d := range docs {
			out = append(out, d.ID)
		}
		return out
	}
	page, total := m.Page("createdAt", nil, true, 0, 10, nil)
	if total != 3 || !slicesEqual(ids(page), []mirror.ID{a.ID, c.ID, b.ID}) {
		t.Fatalf("newest first: %v (%d)", ids(page), total)
	}
	email := "a@x.test"
	page, total = m.Page("email,createdAt", &email, false, 1, 10, nil)
	if total != 2 || !slicesEqual(ids(page), []mirror.ID{a.ID}) {
		t.Fatalf("a's oldest first from the second: %v (%d)", ids(page), total)
	}
	// Moving c to b's customer and before b keeps every list sorted.
	c.Email, c.CreatedAt = "b@x.test", bson.DateTime(5000).Time().UTC()
	m.Put(c)
	m.Remove(a.ID)
	want := m.Fresh()
	want.Load([]mirror.Order{b, c})
	if err := m.Diff(want); err != nil {
		t.Fatal(err)
	}
}

func slicesEqual(a, b []mirror.ID) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Pictures written in the one-chunk layout read back through the driver's
// GridFS (as mongofiles and mongodump users will), and pictures that the
// driver's GridFS wrote, before that layout, still open.
func TestImages_GridFSLayout(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openAny(t)
	data := bytes.Repeat([]byte("picture bytes "), 40_000) // 560 KB: several GridFS chunks' worth
	img, err := s.PutImage(ctx, data, "image/png", "big.png")
	if err != nil {
		t.Fatal(err)
	}
	bucket := s.db.GridFSBucket(options.GridFSBucket().SetName(CollImages))
	var viaGridFS bytes.Buffer
	if _, err := bucket.DownloadToStream(ctx, mustOID(img.ID), &viaGridFS); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(viaGridFS.Bytes(), data) {
		t.Fatalf("GridFS read %d bytes, want %d", viaGridFS.Len(), len(data))
	}
	if again, _ := s.PutImage(ctx, data, "image/png", "again.png"); again.ID != img.ID {
		t.Fatalf("the same bytes stored twice: %s, %s", again.ID, img.ID)
	}

	legacy := bytes.Repeat([]byte("older picture "), 30_000)
	sum := sha256.Sum256(legacy)
	id, err := bucket.UploadFromStream(ctx, "old.jpg", bytes.NewReader(legacy),
		options.GridFSUpload().SetMetadata(mirror.ImageMeta{ContentType: "image/jpeg", SHA256: hex.EncodeToString(sum[:])}))
	if err != nil {
		t.Fatal(err)
	}
	if s.Embedded() {
		// As a restart would: the mirror, and the older picture's chunk ids.
		if err := s.imageFiles.mem.Load(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.indexLegacyChunks(ctx); err != nil {
			t.Fatal(err)
		}
		if n := len(s.legacyChunks[mirror.ID(id)]); n != 2 {
			t.Fatalf("the older picture has %d chunk ids in memory, want 2", n)
		}
	}
	got, rc, err := s.OpenImage(ctx, id.Hex())
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	if !bytes.Equal(b, legacy) || got.ContentType != "image/jpeg" {
		t.Fatalf("legacy picture: %d bytes of %s", len(b), got.ContentType)
	}
}

// Orders stored before order numbers get theirs at the next start, oldest
// (createdAt, then _id) first, continuing the counter; orders that have one
// keep it.
func TestOpen_NumbersOrdersWithoutNumber(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	cfg := Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	s, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	numbered, err := s.InsertOrder(ctx, shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: newID().Hex(), ProductName: "Lathe",
		ProductQuantity: 1, Amount: 100, Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
	if err != nil || numbered.Number != 1001 {
		t.Fatalf("first order: %d %v", numbered.Number, err)
	}
	// Raw documents as an older version stored them: no number, inserted
	// out of date order; two share a date, so _id decides between them.
	base := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	ids := make([]mirror.ID, 5)
	for i := range ids {
		ids[i] = newID()
	}
	dates := []time.Time{base.Add(2 * time.Hour), base, base.Add(time.Hour), base.Add(time.Hour), base.Add(-time.Hour)}
	for i, id := range ids {
		// (written around the mirrors, as an older version's store is read)
		err := s.Raw(ctx, CollOrders, func(ctx context.Context, db *mongo.Database) error {
			_, err := db.Collection(CollOrders).InsertOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "name", Value: "Old"},
				{Key: "email", Value: "old@shop.test"}, {Key: "productName", Value: "Press"}, {Key: "productQuantity", Value: int64(1)},
				{Key: "pending", Value: true}, {Key: "shipped", Value: false}, {Key: "paid", Value: false}, {Key: "transactionId", Value: ""},
				{Key: "createdAt", Value: dates[i]}})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	s, err = Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close(context.Background()) })
	// Oldest first: ids[4] (-1h), ids[1] (0), ids[2] and ids[3] (+1h, by _id), ids[0] (+2h).
	want := map[mirror.ID]int64{ids[4]: 1002, ids[1]: 1003, ids[2]: 1004, ids[3]: 1005, ids[0]: 1006, mustOID(numbered.ID): 1001}
	for id, n := range want {
		stored, err := s.orders.findOne(ctx, bson.D{{Key: "_id", Value: id}}) // the store, not the mirror
		if err != nil || stored.Number != n {
			t.Errorf("order %s: number %d (%v), want %d", id.Hex(), stored.Number, err, n)
		}
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
	next, err := s.InsertOrder(ctx, shop.Order{Name: "Ann", Email: "ann@shop.test", ProductID: newID().Hex(), ProductName: "Lathe",
		ProductQuantity: 1, Amount: 100, Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
	if err != nil || next.Number != 1007 {
		t.Fatalf("next order: %d %v, want 1007", next.Number, err)
	}
}

// TestOutbox_LoadedAfterStart: the outbox's mirror loads behind start-up,
// and then holds every mail, stored before or after (the race of the two is
// the mirror package's test).
func TestOutbox_LoadedAfterStart(t *testing.T) {
	t.Parallel()
	s := openEmbedded(t)
	ctx := context.Background()
	mail := func(subject string) shop.Mail {
		return shop.Mail{Kind: shop.LetterOrderPlaced, To: "a@example.com", Subject: subject, Text: "t", HTML: "<p>t</p>", Status: shop.MailDisabled}
	}
	for i := range 3 {
		if _, err := s.InsertMail(ctx, mail(fmt.Sprint("before ", i))); err != nil {
			t.Fatal(err)
		}
	}
	if !s.outbox.mem.LoadedAfterStart() {
		t.Fatal("the outbox is loaded at start")
	}
	// The load's race with inserts: mirror.TestTable_LoadBehindKeepsInsertsMadeWhileLoading.
	if _, err := s.InsertMail(ctx, mail("while loading")); err != nil {
		t.Fatal(err)
	}

	got, total, err := s.ListMail(ctx, 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	if total != 4 || len(got) != 4 || got[0].Subject != "while loading" {
		t.Fatalf("after the load: %d of %d, newest %q; want 4, newest the one stored while loading", len(got), total, got[0].Subject)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestOpen_DuplicatesNameTheDocuments: data that breaks a unique index
// (here two products of one name, written while the index was gone) stops
// the start with a message that names them, not a driver error.
func TestOpen_DuplicatesNameTheDocuments(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := Config{URI: os.Getenv("MONGODB_URI"), DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		AllowNonAtomic: os.Getenv("STORE_ALLOW_NON_ATOMIC") == "true", SampleEvery: -1}
	if cfg.URI != "" {
		cfg.DB = "storefront_test_" + newID().Hex()
	}
	s, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.Collection(CollProducts).Indexes().DropOne(ctx, "name_unique"); err != nil {
		t.Fatal(err)
	}
	a, b := newID(), newID()
	for _, id := range []mirror.ID{a, b} {
		if _, err := s.db.Collection(CollProducts).InsertOne(ctx, mirror.Product{ID: id, Name: "Lathe", Price: 1, Available: 1, Minimum: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if cfg.URI != "" {
		defer func() { _ = s.db.Drop(context.Background()) }()
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	_, err = Open(ctx, cfg)
	if err == nil {
		t.Fatal("the store opened with two products of one name")
	}
	for _, want := range []string{"the unique index name_unique of service cannot be made", "Lathe", a.Hex(), b.Hex(), "Keep one of each"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the start-up error %q does not say %q", err, want)
		}
	}
}

// TestOpen_RefusesANonAtomicServer: on a FerretDB reached over MONGODB_URI
// (go tool task test:wire), whose conditional updates are not atomic, the
// store refuses to open, saying why, unless it is told it is a test.
func TestOpen_RefusesANonAtomicServer(t *testing.T) {
	t.Parallel()
	uri := os.Getenv("MONGODB_URI")
	if uri == "" || os.Getenv("STORE_ALLOW_NON_ATOMIC") != "true" {
		t.Skip("runs in go tool task test:wire, against its FerretDB wire server")
	}
	cfg := Config{URI: uri, DB: "storefront_test_" + newID().Hex(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if _, err := Open(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "does not apply conditional updates atomically") ||
		!strings.Contains(err.Error(), "STORE_ALLOW_NON_ATOMIC=true") {
		t.Fatalf("opening FerretDB over the wire: %v, want a refusal that says why", err)
	}
	cfg.AllowNonAtomic = true
	s, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	if s.Atomic() {
		t.Fatal("FerretDB over the wire reported as atomic")
	}
}

// /healthz asks Healthy: it reads the served collections, and it fails
// once the database file is gone, although FerretDB still answers pings
// (it keeps the deleted file open).
func TestEmbedded_HealthyWhileTheDatabaseIsThere(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := Open(context.Background(), Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	if _, err := s.InsertProduct(context.Background(), shop.ProductDraft{Name: "Lathe", Price: 1000, Image: "http://x.test/i.png",
		Description: "d", Available: 5, Minimum: 1, Email: "a@b.test"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Healthy(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "db/storefront.sqlite")); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("ping: %v", err)
	}
	if err := s.Healthy(context.Background()); err == nil || !strings.Contains(err.Error(), "storefront.sqlite") {
		t.Fatalf("healthy after the database file was deleted: %v", err)
	}
	// The sample check's count reads the file beside FerretDB: it must not
	// make the deleted file again (an empty one, and /healthz said healthy).
	if _, err := s.embedded.CountDocuments(context.Background(), "storefront", "service"); err == nil {
		t.Fatal("counted in a deleted database file")
	}
	if _, err := os.Stat(filepath.Join(dir, "db/storefront.sqlite")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the database file after a count: %v, want it still gone", err)
	}
}

// TestEmbedded_OnlyUniqueIndexes: the embedded store makes only the unique
// indexes of those declared (FerretDB reads by _id alone, and each index
// costs every write), and drops the others an earlier version made.
func TestEmbedded_OnlyUniqueIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := Config{DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	s, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	for coll, models := range indexes { // as an earlier version made them
		for _, m := range models {
			if !IsUnique(m) {
				if _, err := s.db.Collection(coll).Indexes().CreateOne(ctx, m); err != nil {
					t.Fatal(coll, err)
				}
				made++
			}
		}
	}
	if made < 20 {
		t.Fatalf("%d indexes that are not unique declared, want the catalogue's, the orders' and the purchases' at least", made)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	for coll, models := range indexes {
		specs, err := s.db.Collection(coll).Indexes().ListSpecifications(ctx)
		if err != nil {
			t.Fatal(coll, err)
		}
		has := map[string]bool{}
		for _, spec := range specs {
			has[spec.Name] = true
		}
		for _, m := range models {
			name, _ := optionsName(m)
			if has[name] != IsUnique(m) {
				t.Errorf("%s: index %s present %v, want %v (present only when unique)", coll, name, has[name], IsUnique(m))
			}
		}
	}
	// the unique ones still hold
	if _, err := s.db.Collection(CollProducts).InsertMany(ctx, []any{bson.D{{Key: "name", Value: "Lathe"}}, bson.D{{Key: "name", Value: "Lathe"}}}); !isDuplicate(err) {
		t.Errorf("two products named alike: %v, want a duplicate key error", err)
	}
}

// The binaries' store commits to the disk before it acknowledges (SQLite's
// default synchronous=FULL under FerretDB's WAL); only a test's store may
// skip the wait (Config.NoSync, which no setting of the binaries reaches).
func TestSQLiteParams_DurableUnlessATestAsks(t *testing.T) {
	if got := sqliteParams(Config{DataDir: "d"}); got != "" {
		t.Errorf("the binaries' SQLite parameters = %q, want none (FerretDB's own, synchronous=FULL)", got)
	}
	if got := sqliteParams(Config{DataDir: "d", NoSync: true}); got != "_pragma=synchronous(OFF)" {
		t.Errorf("NoSync's SQLite parameters = %q", got)
	}
}
