// Package mongodb is the store: the official MongoDB driver v2 against
// MONGODB_URI, or against an embedded FerretDB (SQLite) under DATA_DIR.
//
// Every store method is written once: it states its query and, for a state
// change, its precondition both as a filter (MongoDB checks it atomically)
// and as a check of the current document (a function of internal/mirror,
// beside the document's type). With MONGODB_URI the filter runs, served by
// the indexes in indexes.go. In embedded mode (the engine: internal/embedded),
// where FerretDB v1 scans for anything but a lone _id, reads come from exact
// in-memory mirrors (internal/mirror), and writes check the precondition
// against the mirror under the write slot and then go to the store by _id
// alone (collection.go chooses the branch). Dump and restore are
// internal/backup's, through Raw.
package mongodb

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/embedded"
	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// ErrStoreInUse is returned when another process holds DATA_DIR.
var ErrStoreInUse = embedded.ErrStoreInUse

// Config says which database to use.
type Config struct {
	URI     string // empty: start the embedded store under DataDir
	DB      string
	DataDir string
	Logger  *slog.Logger
	// Clock replaces time.Now for the dates the store records (tests of
	// figures by month); nil: the real time.
	Clock func() time.Time
	// Telemetry counts the mirror's repairs after failed writes; may be nil.
	Telemetry shop.Telemetry
	// AllowNonAtomic lets Open use a wire server whose conditional updates
	// are not atomic (FerretDB v1 over MONGODB_URI), which it refuses
	// otherwise: for tests of the MongoDB branch only
	// (STORE_ALLOW_NON_ATOMIC=true).
	AllowNonAtomic bool
	// SampleEvery is how often the embedded store compares a sample of its
	// in-memory copy with the store (sample.go), the first time at start:
	// 0 is SampleEvery's default, below 0 never (tests that change the
	// store behind the copy's back).
	SampleEvery time.Duration
	// NoSnapshot makes the embedded store read every collection in full at
	// start and write no snapshot of its mirrors at close (snapshot.go):
	// for benchmarks of the full load.
	NoSnapshot bool
	// FollowLiveHeap makes the embedded store keep Go's soft memory limit
	// a little above the live heap once its mirrors are loaded (memory.go):
	// the binaries, unless GOMEMLIMIT is given.
	FollowLiveHeap bool
	// BoundedLoad (with FollowLiveHeap) loads a snapshot within the heap
	// limit of a full load (loadHeapLimit) rather than snapshotHeapLimit:
	// the commands (seed, backup, restore), which have no start-up budget
	// but the import's memory budget (memory.go).
	BoundedLoad bool
	// Faults is for tests only (no setting of the binary reaches it): it is
	// called with the collection's name at each step (FaultAfterWrite:
	// after a store write that succeeded, before the mirror follows it;
	// FaultReadBack: before a document is read back after a failed write).
	// An error it returns becomes the step's, as if the store had answered
	// it (after committing the write); it may also panic. nil: no faults.
	Faults func(collection, step string) error
	// NoSync is for tests only (no setting of the binary reaches it): the
	// embedded store's SQLite commits with synchronous=OFF, so a commit
	// does not wait for the disk. A process that is killed loses nothing
	// (its writes are in the operating system's cache); a power cut may
	// lose the last commits, which no in-process test makes. The binaries,
	// and their kill -9 tests, keep SQLite's default (FULL).
	NoSync bool
}

// sqliteParams are the embedded store's SQLite URI parameters beyond
// FerretDB's own (WAL, busy_timeout, auto_vacuum none, and SQLite's default
// synchronous=FULL, with which a commit is on the disk when acknowledged).
func sqliteParams(cfg Config) string {
	if cfg.NoSync {
		return "_pragma=synchronous(OFF)"
	}
	return ""
}

// The collections. Each is mirrored in memory in embedded mode but
// stripe_events and counters, which are only ever read by _id.
const (
	CollProducts = "service"
	CollReviews  = "reviews"
	CollImages   = "images" // GridFS bucket: images.files and images.chunks
	CollUsers    = "users"
	CollProfiles = "profiles"
	CollOrders   = "orders"
	CollContacts = "contacts"
	// Test-mode payment intents and processed Stripe webhook events.
	CollTestIntents = "test_payment_intents"
	CollEvents      = "stripe_events"
	// Counters, one document each (the order, quote and claim numbers'),
	// read only by _id.
	CollCounters = "counters"
	// The service desk: quote requests, replacement claims, and the e-mail
	// outbox.
	CollQuotes = "quotes"
	CollClaims = "claims"
	CollOutbox = "outbox"
	// What stays of a cancelled order (issue 36).
	CollCancellations = "cancellations"
	// Order groups: one checkout or accepted quote, paid once (issue 34).
	CollGroups = "groups"
	// Carts of signed-in customers, under their e-mail (issue 34).
	CollCarts = "carts"
	// The payment intents this store made (issue 43), kept after their
	// purchase is gone: a payment for a purchase that no longer exists is
	// refunded.
	CollIntents = "payment_intents"
	// Companies, their members (under the e-mail) and invitations (under
	// the token's hash): issue 45.
	CollCompanies   = "companies"
	CollMembers     = "memberships"
	CollInvitations = "invitations"
	// Issue 49: address books (one per account, under its e-mail).
	CollAddresses = "addresses"
	// Issue 49: tax exemptions (one per account, under its e-mail) and
	// their certificates' bytes (under the application's id, never
	// mirrored).
	CollTaxExemptions   = "tax_exemptions"
	CollTaxCertificates = "tax_certificates"

	collImageFiles  = CollImages + ".files"
	collImageChunks = CollImages + ".chunks"
)

var collectionNames = []string{CollProducts, CollReviews, collImageFiles, collImageChunks, CollUsers, CollProfiles,
	CollOrders, CollContacts, CollTestIntents, CollEvents, CollCounters, CollQuotes, CollClaims, CollOutbox, CollCancellations, CollCategories,
	CollGroups, CollCarts, CollInvoices, collInvoiceFiles, collInvoiceChunks, CollIntents, CollSessions, CollAudit, collAuditChain,
	CollCompanies, CollMembers, CollInvitations, CollAddresses, CollTaxExemptions, CollTaxCertificates, collDocumentFiles, collDocumentChunks,
	CollShipping}

// Store is the database handle shared by every collection's methods.
type Store struct {
	client   *mongo.Client
	db       *mongo.Database
	embedded *embedded.Server // nil with MONGODB_URI

	// slot serialises writes in embedded mode (mirror.Slot). nil with a
	// real MongoDB, which is atomic per document.
	slot *mirror.Slot

	reg         *bson.Registry // the driver's codec (specs packed when embedded)
	versions    map[string]*atomic.Uint64
	log         *slog.Logger
	clock       func() time.Time // nil: time.Now
	telemetry   shop.Telemetry
	env         *mirror.Env // what the mirrors' tables share (and the writes' fault hook)
	sampleEvery time.Duration
	nonAtomic   bool // MONGODB_URI is a wire server without atomic conditional updates (tests only)
	// The snapshot of the mirrors (snapshot.go): the database's name, the
	// snapshot the mirrors were loaded from (nil: read in full), whether
	// Open finished, whether Close began (writes then refused), the writes
	// of this session, and writes around the mirrors.
	dbName         string
	noSnapshot     bool
	followHeap     bool
	boundedLoad    bool          // Config.BoundedLoad
	stopHeap       chan struct{} // closed by Close (memory.go)
	stopHeapOnce   sync.Once
	heapHeld       atomic.Bool // an import holds the heap's limit (ImportHeap)
	snapshotLoaded *mirror.SnapshotStore
	opened         bool
	closing        bool // under the write slot
	mirrorWrites   atomic.Int64
	aroundMirrors  atomic.Bool
	// afterImportRead, tests only, runs between an import's read of the
	// current products and its writes.
	afterImportRead func()

	products    *collection[mirror.ID, mirror.Product]
	orders      *collection[mirror.ID, mirror.Order]
	users       *collection[mirror.ID, mirror.User]
	profiles    *collection[mirror.ID, mirror.Profile]
	reviews     *collection[mirror.ID, mirror.Review]
	contacts    *collection[mirror.ID, mirror.Message]
	imageFiles  *collection[mirror.ID, mirror.ImageFile]
	imageChunks *collection[mirror.ID, imageChunkDoc] // never mirrored: read by _id
	testIntents *collection[string, mirror.TestIntent]
	intents     *collection[string, mirror.IntentRecord]
	events      *collection[string, eventDoc] // never mirrored: read by _id
	quotes      *collection[mirror.ID, mirror.Quote]
	claims      *collection[mirror.ID, mirror.Claim]
	outbox      *collection[mirror.ID, mirror.Mail]
	mirrors     *mirror.Set        // embedded only: empty with MONGODB_URI
	numbers     mirror.NumberBlock // embedded: order numbers taken, not yet handed out
	// legacyChunks are the chunk ids, in order, of pictures stored before
	// the one-chunk layout; embedded mode only, read once at start.
	legacyChunks map[mirror.ID][]mirror.ID

	// cancellations are the records of cancelled orders (issue 36).
	cancellations *collection[mirror.ID, mirror.Cancellation]
	// categories are the catalogue's categories (issue 35).
	categories *collection[mirror.ID, mirror.Category]
	// groups are the order groups (issue 34).
	groups *collection[mirror.ID, mirror.Group]
	carts  *collection[string, mirror.Cart]
	// companies, memberships and invitations (issue 45).
	companies   *collection[mirror.ID, mirror.Company]
	members     *collection[string, mirror.Member]
	invitations *collection[string, mirror.Invitation]
	// addresses are the address books (issue 49).
	addresses *collection[string, mirror.AddressBook]
	// taxExemptions and their certificates (issue 49, tax_exemptions.go).
	taxExemptions *collection[string, mirror.TaxExemption]
	certificates  *collection[mirror.ID, certificateDoc] // never mirrored: read by _id
	// shipping are the shipping methods (issue 48).
	shipping *collection[mirror.ID, mirror.ShippingMethod]
	// invoices are the invoices of paid orders and groups (issue 34,
	// invoices.go); their PDFs are read by _id, not mirrored.
	invoices *collection[mirror.ID, mirror.Invoice]
	// sessions and the audit trail (issue 44); the audit chain's head is
	// one document read by _id (audit.go).
	sessions   *collection[string, mirror.Session]
	audit      *collection[int64, mirror.AuditEntry]
	auditChain *collection[string, auditChainDoc]
	// auditMu takes this process's appends to the audit trail one at a
	// time (audit.go): each then finds the head's entry stored and inserts
	// only its own. Other instances (MongoDB) still race, and the chain's
	// guarded write decides.
	auditMu sync.Mutex
}

// Open connects (starting the embedded server when cfg.URI is empty), pings
// and creates the indexes. In embedded mode it then loads the mirrors.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.DB == "" {
		cfg.DB = "storefront"
	}
	s := &Store{log: cfg.Logger, versions: map[string]*atomic.Uint64{}, clock: cfg.Clock, telemetry: cfg.Telemetry,
		sampleEvery: cmp.Or(cfg.SampleEvery, SampleEvery), dbName: cfg.DB, noSnapshot: cfg.NoSnapshot,
		followHeap: cfg.FollowLiveHeap, boundedLoad: cfg.BoundedLoad, stopHeap: make(chan struct{})}
	s.env = &mirror.Env{Write: s.write, Log: cfg.Logger, Telemetry: cfg.Telemetry, Faults: cfg.Faults}
	s.mirrors = mirror.NewSet(s.env)
	for _, c := range collectionNames {
		s.versions[c] = new(atomic.Uint64)
	}
	s.versions[CollImages] = s.versions[collImageFiles]
	// An order's invoice number is part of the orders' answers: an invoice
	// issued makes their cached answers stale.
	s.versions[CollInvoices] = s.versions[CollOrders]
	uri := cfg.URI
	if uri == "" {
		e, err := embedded.StartDeferringCheck(ctx, cfg.DataDir, cfg.DB, sqliteParams(cfg), cfg.Logger)
		if err != nil {
			return nil, err
		}
		s.embedded = e
		s.slot = mirror.NewSlot()
		uri = e.URI()
	}
	s.reg = registry(s.embedded != nil)
	opts := options.Client().ApplyURI(uri).
		SetServerSelectionTimeout(10 * time.Second).
		SetAppName("storefront").
		// FerretDB decodes a document value by value: the embedded store
		// keeps a product's specifications packed in one (specs.go).
		SetRegistry(s.reg)
	client, err := mongo.Connect(opts)
	if err != nil {
		s.closeEmbedded()
		return nil, fmt.Errorf("connect to the database: %w", err)
	}
	s.client = client
	s.db = client.Database(cfg.DB)
	if err := s.Ping(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, fmt.Errorf("reach the database: %w", err)
	}
	if s.embedded == nil {
		if err := s.checkAtomic(ctx, cfg.AllowNonAtomic); err != nil {
			_ = s.Close(context.Background())
			return nil, err
		}
	}
	if err := s.createIndexes(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, err
	}
	s.orders = newCollection(s, CollOrders, "The order", mirror.Orders(CollOrders))
	s.products = newCollection(s, CollProducts, "The product", mirror.Products(CollProducts))
	s.users = newCollection(s, CollUsers, "The user", mirror.Users(CollUsers))
	s.profiles = newCollection(s, CollProfiles, "The profile", mirror.Profiles(CollProfiles))
	s.reviews = newCollection(s, CollReviews, "The review", mirror.Reviews(CollReviews))
	s.contacts = newCollection(s, CollContacts, "The message", mirror.Messages(CollContacts))
	s.imageFiles = newCollection(s, collImageFiles, "The image", mirror.ImageFiles(collImageFiles))
	s.testIntents = newCollection(s, CollTestIntents, "The payment", mirror.TestIntents(CollTestIntents))
	s.intents = newCollection(s, CollIntents, "The payment", mirror.IntentRecords(CollIntents))
	s.imageChunks = newCollection[mirror.ID, imageChunkDoc](s, collImageChunks, "The image", nil)
	s.events = newCollection[string, eventDoc](s, CollEvents, "The event", nil)
	s.quotes = newCollection(s, CollQuotes, shop.MsgQuoteNoun, mirror.Quotes(CollQuotes))
	s.claims = newCollection(s, CollClaims, shop.MsgClaimNoun, mirror.Claims(CollClaims))
	s.cancellations = newCollection(s, CollCancellations, "The cancellation", mirror.Cancellations(CollCancellations))
	s.categories = newCollection(s, CollCategories, "The category", mirror.Categories(CollCategories))
	s.groups = newCollection(s, CollGroups, shop.MsgGroupNoun, mirror.Groups(CollGroups))
	s.carts = newCollection(s, CollCarts, "The cart", mirror.Carts(CollCarts))
	s.companies = newCollection(s, CollCompanies, shop.MsgCompanyNoun, mirror.Companies(CollCompanies))
	s.members = newCollection(s, CollMembers, "The member", mirror.Members(CollMembers))
	s.invitations = newCollection(s, CollInvitations, shop.MsgInvitationNoun, mirror.Invitations(CollInvitations))
	s.addresses = newCollection(s, CollAddresses, shop.MsgAddressNoun, mirror.AddressBooks(CollAddresses))
	s.taxExemptions = newCollection(s, CollTaxExemptions, shop.MsgExemptionNoun, mirror.TaxExemptions(CollTaxExemptions))
	s.certificates = newCollection[mirror.ID, certificateDoc](s, CollTaxCertificates, "The certificate", nil)
	s.shipping = newCollection(s, CollShipping, shop.MsgShippingNoun, mirror.ShippingMethods(CollShipping))
	s.invoices = newCollection(s, CollInvoices, shop.MsgInvoiceNoun, mirror.Invoices(CollInvoices))
	s.sessions = newCollection(s, CollSessions, "The session", mirror.Sessions(CollSessions))
	s.audit = newCollection(s, CollAudit, "The audit entry", mirror.Audit(CollAudit))
	s.auditChain = newCollection[string, auditChainDoc](s, collAuditChain, "The audit chain", nil)
	// 20,000 orders leave 20,000 e-mails, which FerretDB reads as slowly as
	// the orders (about 140 µs a document): only the sender and the admins'
	// Outbox read them, so the store answers before they are in memory.
	s.outbox = newCollection(s, CollOutbox, "The e-mail", mirror.Outbox(CollOutbox)).loadsAfterStart()
	if s.embedded != nil {
		if err := s.prepareEmbedded(ctx, cfg.DB); err != nil {
			_ = s.Close(context.Background())
			return nil, err
		}
	}
	if err := s.fillSearchTerms(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, err
	}
	if err := s.numberOrders(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, err
	}
	if err := s.migratePurchases(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, err
	}
	if err := s.countLegacyClaims(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, err
	}
	if err := s.recountAdmins(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, err
	}
	if err := s.recountCompanyAdmins(ctx); err != nil {
		_ = s.Close(context.Background())
		return nil, err
	}
	if s.embedded != nil {
		// What start-up does not wait for (the outbox's load, the sample
		// check) begins once the passes above are done, not beside them.
		s.mirrors.Start(ctx, s.sampleEvery)
	}
	s.opened = true
	return s, nil
}

// prepareEmbedded makes FerretDB's _id look-ups use an index, then loads
// every mirror from the store.
func (s *Store) prepareEmbedded(ctx context.Context, db string) error {
	existing, err := s.db.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return fmt.Errorf("list collections: %w", err)
	}
	for _, c := range collectionNames {
		if !slices.Contains(existing, c) {
			if err := s.db.CreateCollection(ctx, c); err != nil {
				return fmt.Errorf("create %s: %w", c, err)
			}
		}
	}
	if err := s.embedded.IndexIDs(ctx, db); err != nil {
		return err
	}
	start := time.Now()
	from, err := s.loadMirrors(ctx)
	if err != nil {
		return err
	}
	// Raised before any write of this session: a snapshot of the mirrors
	// as they are now names this store's state until then (snapshot.go).
	if err := s.embedded.MarkStarted(ctx); err != nil {
		return err
	}
	s.mirrorWrites.Store(0) // (the indexes made before change no document)
	if err := s.indexLegacyChunks(ctx); err != nil {
		return fmt.Errorf("index the chunks of older pictures: %w", err)
	}
	s.log.Info("embedded store loaded into memory", "from", from, "documents", s.mirrors.Documents(), "took", time.Since(start).Round(time.Millisecond))
	if s.followHeap {
		followLiveHeap(s.stopHeap, &s.heapHeld)
	}
	return nil
}

// loadMirrors loads the mirrors at start, from the snapshot the last
// session left when it is this store's (snapshot.go), else from the store,
// and says which. Either runs with the garbage collector running a quarter
// as often (within a 1 GiB heap), then gives the garbage's memory back:
// FerretDB decodes a document value by value, allocating about 600 KB for
// a product with 30 specifications that it drops at once, while the
// mirrors' live heap grows; collecting at the usual pace took more than
// half of the load's CPU time (BenchmarkScaleStoreLoadProducts: 26 s of
// CPU with GOGC=100, 11 s with 400).
func (s *Store) loadMirrors(ctx context.Context) (string, error) {
	// The garbage's memory is given back beside the start, not before it
	// goes on: a full collection of the large store's 740 MB, 0.2-0.3 s.
	defer func() { go debug.FreeOSMemory() }()
	limit := debug.SetMemoryLimit(-1) // (reads it; GOMEMLIMIT, when lower, stands)
	during := int64(1 << 30)
	if s.followHeap {
		// The binaries: an import's budget is 700 MB, and its store holds
		// some 250 MB once loaded at 100,000 products (memory.go).
		during = loadHeapLimit
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(min(limit, during)))
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	// A snapshot's load keeps most of what it allocates, so within the
	// 600 MiB above, which a large store's copy exceeds (740 MB live at
	// issue 46's size), the collector ran all the time: 60 % of the load's
	// CPU. It loads at the same GOGC 400 within snapshotHeapLimit instead
	// (3.4 s rather than 11.5; with the collector off, 1,130 MB of heap
	// in use after it for 970, the garbage left between the copy's objects).
	during = debug.SetMemoryLimit(s.snapshotLoadLimit(limit))
	loaded := s.loadSnapshot(ctx)
	debug.SetMemoryLimit(during)
	if loaded {
		return "snapshot", nil
	}
	// Read in full: SQLite's quick_check first, when the start deferred
	// it (a clean stop, embedded/files.go).
	if err := s.embedded.Check(ctx); err != nil {
		return "", err
	}
	return "store", s.mirrors.Load(ctx)
}

// snapshotLoadLimit is the heap limit while a snapshot loads, within the
// process's own limit: snapshotHeapLimit, or for a command (BoundedLoad)
// the full load's. Importing 100,000 unchanged rows into the store that
// holds them peaked at 964 MB within snapshotHeapLimit, against the
// import's budget of 700 MB; within loadHeapLimit, 646 MB (a store whose
// copy is larger than that limit loads slower, the collector running
// more).
func (s *Store) snapshotLoadLimit(limit int64) int64 {
	if s.boundedLoad && s.followHeap {
		return min(limit, loadHeapLimit)
	}
	return min(limit, snapshotHeapLimit)
}

// MirrorStats is the size of one collection's in-memory copy.
type MirrorStats = mirror.Stats

// MirrorStats reports the mirrors' sizes (none with MONGODB_URI).
func (s *Store) MirrorStats() []MirrorStats { return s.mirrors.Stats() }

// Check compares every mirror, as this process's writes have maintained it,
// with a fresh rebuild from the store; nil when they agree (always, with
// MONGODB_URI, which has no mirrors). Writes wait while it reads.
func (s *Store) Check(ctx context.Context) error { return s.mirrors.Check(ctx) }

// checkAtomic reads the server's buildInfo and refuses FerretDB (unless
// allowed): the stock guard is one conditional update, which MongoDB applies
// atomically per document and FerretDB v1 as a read-modify-write without a
// lock (200 reservations of a stock of 100 all succeeded in a review).
func (s *Store) checkAtomic(ctx context.Context, allow bool) error {
	var info bson.M
	if err := s.db.RunCommand(ctx, bson.D{{Key: "buildInfo", Value: 1}}).Decode(&info); err != nil {
		return fmt.Errorf("read the database's buildInfo: %w", err)
	}
	ferret, isFerret := info["ferretdbVersion"]
	if !isFerret {
		return nil
	}
	s.nonAtomic = true
	server := "FerretDB"
	if v := fmt.Sprint(ferret); v != "" && v != "unknown" {
		server += " " + v
	}
	if allow {
		s.log.Warn("MONGODB_URI is " + server + ", whose conditional updates are not atomic: concurrent orders can sell stock that is not there. STORE_ALLOW_NON_ATOMIC=true is for tests only")
		return nil
	}
	return fmt.Errorf("MONGODB_URI points at %s, which does not apply conditional updates atomically, so concurrent orders could sell stock that is not there: use MongoDB 6 or later (a replica set in production). STORE_ALLOW_NON_ATOMIC=true lets it start, for tests only", server)
}

// Atomic reports whether the store applies each conditional write
// atomically: embedded (its writes are serialised) and on MongoDB, not on a
// FerretDB reached over MONGODB_URI (tests only).
func (s *Store) Atomic() bool { return !s.nonAtomic }

// Embedded reports whether the store runs in-process. Only then is this
// process the sole writer, so caches need no expiry.
func (s *Store) Embedded() bool { return s.embedded != nil }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return s.client.Ping(ctx, nil)
}

// servedCollections are what the API's requests read.
var servedCollections = []string{CollProducts, CollReviews, CollUsers, CollOrders, CollProfiles, collImageFiles}

// Healthy reads each collection the API serves (one look-up by _id each,
// served by the _id index) and, embedded, checks that the database file is
// still on disk: a ping alone answers while the data is gone.
func (s *Store) Healthy(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if s.embedded != nil {
		if _, err := os.Stat(s.embedded.File()); err != nil {
			return fmt.Errorf("the database file: %w", err)
		}
	}
	probe := bson.D{{Key: "_id", Value: bson.ObjectID{}}}
	for _, c := range servedCollections {
		err := s.db.Collection(c).FindOne(ctx, probe).Err()
		if err != nil && !errors.Is(err, mongo.ErrNoDocuments) {
			return fmt.Errorf("read %s: %w", c, err)
		}
	}
	return nil
}

// Close disconnects and, in embedded mode, stops the embedded server so that
// its files are closed cleanly and DATA_DIR is released.
func (s *Store) Close(ctx context.Context) error {
	s.mirrors.Stop()
	s.stopFollowingHeap()
	var err error
	if s.client != nil {
		if s.embedded != nil {
			if rerr := s.returnOrderNumbers(ctx); rerr != nil {
				s.log.Warn("order numbers not handed out are skipped", "error", rerr)
			}
			s.saveSnapshot(ctx)
		}
		err = s.client.Disconnect(ctx)
	}
	s.closeEmbedded()
	return err
}

func (s *Store) closeEmbedded() {
	if s.embedded != nil {
		s.embedded.Stop()
	}
}

// DataVersion is Version of the collection that holds the data set.
func (s *Store) DataVersion(d shop.DataSet) uint64 {
	switch d {
	case shop.ProductData:
		return s.Version(CollProducts)
	case shop.ReviewData:
		return s.Version(CollReviews)
	case shop.OrderData:
		return s.Version(CollOrders)
	}
	panic("mongodb: no collection holds data set " + strconv.Itoa(int(d)))
}

// Version is a counter that grows with every write this process makes to
// the collection; read caches compare it to know they are stale.
func (s *Store) Version(collection string) uint64 {
	if v, ok := s.versions[collection]; ok {
		return v.Load()
	}
	return 0
}

// unmirrored are the collections no mirror holds (read by _id alone):
// their writes leave a snapshot of the mirrors as it is.
var unmirrored = map[string]bool{CollCounters: true, CollEvents: true, collImageChunks: true, collInvoiceFiles: true, collInvoiceChunks: true,
	collDocumentFiles: true, collDocumentChunks: true}

// embeddedWriteTimeout bounds one write (or batch) on the embedded store.
const embeddedWriteTimeout = 30 * time.Second

// write runs one write, serialised in embedded mode, and bumps the
// collection's version afterwards (also on error or panic: a failed write
// may still have changed something, and a spurious cache miss costs little).
//
// In embedded mode a write, once it holds the slot, is not abandoned when
// the request goes away: store and mirror change together or not at all.
func (s *Store) write(ctx context.Context, collection string, fn func(context.Context) error) error {
	if s.slot != nil {
		release, err := s.slot.Take(ctx)
		if err != nil { // gone before the write began
			return translate(err, "")
		}
		defer release()
		if s.closing {
			return errClosed
		}
		if collection != "" && !unmirrored[collection] {
			s.mirrorWrites.Add(1) // (the snapshot, at close, is written anew)
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), embeddedWriteTimeout)
		defer cancel()
	}
	if v, ok := s.versions[collection]; ok {
		defer v.Add(1)
	}
	return fn(ctx)
}

// translate turns driver errors into the domain's, at this boundary only.
// what names the thing for a not-found message ("" when not applicable).
func translate(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.As(err, new(*shop.Error)):
		return err // already the domain's: a guard's verdict
	case errors.Is(err, mongo.ErrNoDocuments), errors.Is(err, mongo.ErrFileNotFound):
		return &shop.Error{Code: shop.ENOTFOUND, Message: what + " was not found.", Cause: err}
	case isDuplicate(err):
		return &shop.Error{Code: shop.ECONFLICT, Message: "It already exists.", Cause: err}
	case errors.Is(err, context.Canceled):
		return &shop.Error{Code: shop.EUNAVAILABLE, Message: "The request was cancelled.", Cause: err}
	case errors.Is(err, context.DeadlineExceeded), mongo.IsTimeout(err), mongo.IsNetworkError(err):
		return &shop.Error{Code: shop.EUNAVAILABLE, Message: "The database is not answering. Please try again shortly.", Cause: err}
	default:
		return fmt.Errorf("database: %w", err)
	}
}

// Dump returns every document of every collection as extended JSON, for
// diagnostics and for tests that prove what is (not) stored.
func (s *Store) Dump(ctx context.Context) (string, error) {
	names, err := s.db.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return "", translate(err, "")
	}
	var out strings.Builder
	for _, name := range names {
		cur, err := s.db.Collection(name).Find(ctx, bson.D{})
		if err != nil {
			return "", translate(err, "")
		}
		var docs []bson.Raw
		if err := cur.All(ctx, &docs); err != nil {
			return "", translate(err, "")
		}
		for _, d := range docs {
			out.WriteString(name + " " + d.String() + "\n")
		}
	}
	return out.String(), nil
}

// now is the store's time for the dates it records (createdAt, paidAt, …):
// Config.Clock's when set (tests), in UTC to the millisecond as BSON keeps it.
func (s *Store) now() time.Time {
	t := time.Now()
	if s.clock != nil {
		t = s.clock()
	}
	return t.UTC().Truncate(time.Millisecond)
}

// isDuplicate reports whether err is a unique index refusing a write.
// FerretDB 1.24's SQLite backend maps a unique index refusing an insert to
// DuplicateKey (11000) but one refusing an update to InternalError (1) with
// SQLite's own words (backends/sqlite collection.UpdateAll), so a rename to a
// name taken a moment earlier must be recognised by that message too.
func isDuplicate(err error) bool {
	if mongo.IsDuplicateKeyError(err) {
		return true
	}
	var se mongo.ServerError
	return errors.As(err, &se) && se.HasErrorCodeWithMessage(1, "UNIQUE constraint failed")
}

// mustOID parses an id this store itself rendered.
func mustOID(hex string) mirror.ID {
	oid, err := idFromHex(hex)
	if err != nil {
		panic("mongodb: bad stored id " + hex)
	}
	return oid
}

// newestFirst is the sort of lists shown latest on top.
var newestFirst = bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}
