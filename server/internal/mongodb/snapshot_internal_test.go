package mongodb

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
	"storefront/server/internal/testwait"
)

// snapshotFormats records the fingerprint of the mirrored document types
// for each snapshot format (mirror.SnapshotFormat). A change to any of
// them (a field, its type, its BSON name) must come with a new format:
// bump mirror.SnapshotFormat and add its fingerprint here, so that
// snapshots of the old types are ignored rather than read into the new.
var snapshotFormats = map[int]string{
	1:  "c7c6fe7bd9ec2292",
	2:  "dc1ed2933b1f61f5", // main's sessions, audit trail, MFA and one-purchase fields (issues 43, 44)
	3:  "95dd787e61914ad3", // issue 45: product tiers; companies, memberships, invitations
	4:  "2685d584b6d28343", // issue 49: address books, a claim's quantity, an order's country
	5:  "366697a76a6dc3de", // sessions remember the second factor; the factor, the session that turned it on
	6:  "75688c0b951d0600", // issue 49: tax exemptions, an order's and an invoice's exemption
	7:  "1ccf0bc8751d32c1", // issue 45: a company's price list and PO rule
	8:  "2f2c9498c7b1b4dd", // issue 48: documents, parts, accessories, OEM numbers
	9:  "9a1c060d67bab371", // issue 48: shipping methods; a product's weight and lead time; a purchase's delivery line and freight state
	10: "75f58ba081b63d49", // issue 45: approvals (a purchase awaiting approval, approved when and by whom, its company; a single order's company and limit)
	11: "a6cd55288459bd39", // issue 45: payment on account (a company's terms, credit held and payments; a purchase's payment; an invoice's due date), merged with approvals
	12: "4b0bfb4f582b2d94", // review findings (jrev), merged: an account's count of wrong second-step codes; a company's count of its admins
	13: "86fcd9e007a13356", // issue 48: a quote's freight line, merged
	14: "66aa2ecfa54961d7", // issue 46: the products' word index held in the snapshot; orders' and purchases' fields in alignment order
	15: "e9f69b834c90a707", // review finding 8, merged: an order line's claimed pieces (mirror.LineClaims)
	16: "25c855582388c689", // issue 48, merged: a product's document lists its bytes' SHA-256 (the import's documents column)
	17: "19c8a3d5c3f3565d", // issue 46: an e-mail's state apart from its body (mirror.MailBody), which the outbox's mirror does not hold
	18: "19c8a3d5c3f3565d", // issue 46: the same types in the snapshot's own codec (mirror/codec.go) in place of BSON
}

// mirroredTypes are the store's mirrored collections, each with a check
// of its document type through the snapshot's codec.
func mirroredTypes(s *Store) map[string]struct {
	typ   reflect.Type
	check func(t *testing.T)
} {
	out := map[string]struct {
		typ   reflect.Type
		check func(t *testing.T)
	}{}
	add := func(name string, typ reflect.Type, check func(t *testing.T)) {
		out[name] = struct {
			typ   reflect.Type
			check func(t *testing.T)
		}{typ, check}
	}
	add(CollProducts, reflect.TypeFor[mirror.Product](), codecCheck(s.products))
	add(CollOrders, reflect.TypeFor[mirror.Order](), codecCheck(s.orders))
	add(CollUsers, reflect.TypeFor[mirror.User](), codecCheck(s.users))
	add(CollProfiles, reflect.TypeFor[mirror.Profile](), codecCheck(s.profiles))
	add(CollReviews, reflect.TypeFor[mirror.Review](), codecCheck(s.reviews))
	add(CollContacts, reflect.TypeFor[mirror.Message](), codecCheck(s.contacts))
	add(collImageFiles, reflect.TypeFor[mirror.ImageFile](), codecCheck(s.imageFiles))
	add(CollTestIntents, reflect.TypeFor[mirror.TestIntent](), codecCheck(s.testIntents))
	add(CollIntents, reflect.TypeFor[mirror.IntentRecord](), codecCheck(s.intents))
	add(CollQuotes, reflect.TypeFor[mirror.Quote](), codecCheck(s.quotes))
	add(CollClaims, reflect.TypeFor[mirror.Claim](), codecCheck(s.claims))
	add(CollOutbox, reflect.TypeFor[mirror.Mail](), codecCheck(s.outbox))
	add(CollCancellations, reflect.TypeFor[mirror.Cancellation](), codecCheck(s.cancellations))
	add(CollCategories, reflect.TypeFor[mirror.Category](), codecCheck(s.categories))
	add(CollGroups, reflect.TypeFor[mirror.Group](), codecCheck(s.groups))
	add(CollCarts, reflect.TypeFor[mirror.Cart](), codecCheck(s.carts))
	add(CollInvoices, reflect.TypeFor[mirror.Invoice](), codecCheck(s.invoices))
	add(CollSessions, reflect.TypeFor[mirror.Session](), codecCheck(s.sessions))
	add(CollAudit, reflect.TypeFor[mirror.AuditEntry](), codecCheck(s.audit))
	add(CollCompanies, reflect.TypeFor[mirror.Company](), codecCheck(s.companies))
	add(CollMembers, reflect.TypeFor[mirror.Member](), codecCheck(s.members))
	add(CollInvitations, reflect.TypeFor[mirror.Invitation](), codecCheck(s.invitations))
	add(CollAddresses, reflect.TypeFor[mirror.AddressBook](), codecCheck(s.addresses))
	add(CollTaxExemptions, reflect.TypeFor[mirror.TaxExemption](), codecCheck(s.taxExemptions))
	add(CollShipping, reflect.TypeFor[mirror.ShippingMethod](), codecCheck(s.shipping))
	return out
}

// TestSnapshotFormat fails when a mirrored document type changed without
// a new snapshot format (see snapshotFormats).
func TestSnapshotFormat(t *testing.T) {
	t.Parallel()
	s := openEmbedded(t)
	types := mirroredTypes(s)
	for _, st := range s.MirrorStats() {
		if _, ok := types[st.Collection]; !ok {
			t.Fatalf("the collection %s is mirrored, and mirroredTypes does not name its type", st.Collection)
		}
	}
	names := make([]string, 0, len(types))
	for name := range types {
		names = append(names, name)
	}
	slices.Sort(names)
	h := sha256.New()
	for _, name := range names {
		fmt.Fprintf(h, "%s %s\n", name, fingerprint(types[name].typ, map[reflect.Type]bool{}))
	}
	got := hex.EncodeToString(h.Sum(nil))[:16]
	if want := snapshotFormats[mirror.SnapshotFormat]; want != got {
		t.Fatalf("the mirrored document types' fingerprint is %s; format %d records %q. A mirrored type changed: bump "+
			"mirror.SnapshotFormat and record %d: %q in snapshotFormats (an older snapshot is then read in full, never into the new types)",
			got, mirror.SnapshotFormat, want, mirror.SnapshotFormat+1, got)
	}
}

// fingerprint describes a type as the codec sees it: each field's name,
// BSON tag and type, recursively.
func fingerprint(t reflect.Type, seen map[reflect.Type]bool) string {
	switch t.Kind() {
	case reflect.Struct:
		if seen[t] {
			return t.String()
		}
		seen[t] = true
		var b strings.Builder
		b.WriteString(t.String() + "{")
		for i := range t.NumField() {
			f := t.Field(i)
			fmt.Fprintf(&b, "%s %q %s;", f.Name, f.Tag.Get("bson"), fingerprint(f.Type, seen))
		}
		return b.String() + "}"
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return t.Kind().String() + " " + fingerprint(t.Elem(), seen)
	case reflect.Map:
		return "map " + fingerprint(t.Key(), seen) + " " + fingerprint(t.Elem(), seen)
	}
	return t.String()
}

// codecCheck checks a document type through the snapshot's codec
// (mirror/codec.go) against the store's BSON codec (the driver's, with the
// store's registry): documents of every field set, of none, of empty lists
// and maps, and with times BSON shortens (nanoseconds, a zone, a monotonic
// reading), each read back through the snapshot's codec, must equal what
// the driver reads back from the same document as stored, and a full
// load's copy (the driver's) must read back unchanged. A cut or lengthened
// document is refused, never read.
func codecCheck[K comparable, D any](c *collection[K, D]) func(t *testing.T) {
	return func(t *testing.T) {
		prepare := func(d *D) {
			if c.mem.Mem.Prepare != nil {
				c.mem.Mem.Prepare(d)
			}
		}
		for _, mode := range []fillMode{fillNone, fillFull, fillEmpty, fillNow, fillZoned} {
			var d D
			if mode != fillNone {
				fillAs(reflect.ValueOf(&d).Elem(), mode)
			}
			// as stored, and as a full load reads it
			loaded := driverRoundTrip(t, c, &d)
			prepare(&loaded)
			// the in-memory document, through a snapshot
			back, err := mirror.SnapshotRoundTrip(&d)
			if err != nil {
				t.Fatalf("%s (%s): %v", c.name, mode, err)
			}
			prepare(&back)
			if !reflect.DeepEqual(loaded, back) {
				t.Fatalf("%s (%s) reads back differently from a snapshot than from the store:\n  store    %+v\n  snapshot %+v", c.name, mode, loaded, back)
			}
			// a full load's copy, through a snapshot
			again, err := mirror.SnapshotRoundTrip(&loaded)
			if err != nil {
				t.Fatal(err)
			}
			prepare(&again)
			if !reflect.DeepEqual(loaded, again) {
				t.Fatalf("%s (%s): a full load's copy reads back differently from a snapshot:\n  loaded   %+v\n  snapshot %+v", c.name, mode, loaded, again)
			}
		}
		var d D
		fillAs(reflect.ValueOf(&d).Elem(), fillFull)
		doc := mirror.SnapshotEncode(&d)
		for cut := range len(doc) {
			if err := mirror.SnapshotDecode(doc[:cut], new(D)); err == nil {
				t.Fatalf("%s: a document cut to %d of its %d bytes was read", c.name, cut, len(doc))
			}
			if cut < 4 {
				continue
			}
			short := append([]byte(nil), doc[:cut]...)
			binary.LittleEndian.PutUint32(short, uint32(cut))
			if mirror.SnapshotDecode(short, new(D)) == nil {
				t.Fatalf("%s: a document cut to %d of its %d bytes (its length rewritten) was read", c.name, cut, len(doc))
			}
		}
		long := append(append([]byte(nil), doc...), 0)
		binary.LittleEndian.PutUint32(long, uint32(len(long)))
		if err := mirror.SnapshotDecode(long, new(D)); err == nil {
			t.Fatalf("%s: a document with a byte more than its fields was read", c.name)
		}
	}
}

// driverRoundTrip is d written and read back by the store's BSON codec,
// as a write and a full load of the store do.
func driverRoundTrip[K comparable, D any](t *testing.T, c *collection[K, D], d *D) D {
	t.Helper()
	var stored bytes.Buffer
	enc := bson.NewEncoder(bson.NewDocumentWriter(&stored))
	enc.SetRegistry(c.s.reg)
	if err := enc.Encode(d); err != nil {
		t.Fatal(err)
	}
	var loaded D
	if err := (bson.RawValue{Type: bson.TypeEmbeddedDocument, Value: stored.Bytes()}).UnmarshalWithRegistry(c.s.reg, &loaded); err != nil {
		t.Fatal(err)
	}
	return loaded
}

var fillTime = time.Date(2026, 3, 4, 5, 6, 7, 8_000_000, time.UTC)

// The documents codecCheck makes.
type fillMode string

const (
	fillNone  fillMode = "no field set"
	fillFull  fillMode = "every field set"
	fillEmpty fillMode = "empty lists and maps, each pointer at a zero value"
	fillNow   fillMode = "every field set, times read from the clock"
	fillZoned fillMode = "every field set, times in another zone to the nanosecond"
)

// fill sets every field of v: strings, numbers, flags, times, one element
// of each list, what each pointer points at.
func fill(v reflect.Value) { fillAs(v, fillFull) }

func fillAs(v reflect.Value, mode fillMode) {
	if mode == fillEmpty {
		switch v.Kind() {
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		case reflect.Map:
			v.Set(reflect.MakeMap(v.Type()))
		case reflect.Pointer:
			v.Set(reflect.New(v.Type().Elem()))
			fillAs(v.Elem(), mode)
		case reflect.Struct:
			for i := range v.NumField() {
				if f := v.Type().Field(i); f.IsExported() && f.Tag.Get("bson") != "-" {
					fillAs(v.Field(i), mode)
				}
			}
		}
		return
	}
	switch {
	case v.Type() == reflect.TypeFor[time.Time]():
		switch mode {
		case fillNow:
			v.Set(reflect.ValueOf(time.Now()))
		case fillZoned:
			v.Set(reflect.ValueOf(time.Date(2026, 3, 4, 5, 6, 7, 123_456_789, time.FixedZone("CET", 3600))))
		default:
			v.Set(reflect.ValueOf(fillTime))
		}
		return
	case v.Type() == reflect.TypeFor[mirror.SpecList]():
		v.Set(reflect.ValueOf(mirror.PackSpecs([]mirror.Spec{{Name: "Power", Value: "60", Unit: "kVA"}, {Name: "Fuel", Value: "Diesel"}})))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("text é")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(3)
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		v.SetUint(7)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(12.5)
	case reflect.Array:
		for i := range v.Len() {
			fillAs(v.Index(i), mode)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte{1, 2, 3})
			return
		}
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fillAs(s.Index(0), mode)
		v.Set(s)
	case reflect.Map:
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fillAs(k, mode)
		fillAs(e, mode)
		m := reflect.MakeMap(v.Type())
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fillAs(p.Elem(), mode)
		v.Set(p)
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() && f.Tag.Get("bson") != "-" {
				fillAs(v.Field(i), mode)
			}
		}
	}
}

// TestSnapshot_CodecIsExact: each mirrored type reads back from a
// snapshot as a full load reads it.
func TestSnapshot_CodecIsExact(t *testing.T) {
	t.Parallel()
	s := openEmbedded(t)
	for name, c := range mirroredTypes(s) {
		t.Run(name, c.check)
	}
}

// logBuffer is a store's log, read by the test.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// openLogged opens the embedded store of dir with its log kept.
func openLogged(t *testing.T, dir string, sample time.Duration) (*Store, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	s, err := Open(context.Background(), Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(logs, nil)), SampleEvery: sample})
	if err != nil {
		t.Fatal(err)
	}
	return s, logs
}

func mustClose(t *testing.T, s *Store) {
	t.Helper()
	if err := s.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// fillStore writes a few documents of many kinds through the store.
func fillStore(t *testing.T, s *Store, tag string) {
	t.Helper()
	ctx := context.Background()
	id, err := s.InsertProduct(ctx, shop.ProductDraft{Name: "Lathe " + tag, Price: 125050, Description: "A lathe.", Available: 40, Minimum: 2,
		Email: "ops@shop.test", SKU: "LT-" + tag, Category: "Lathes", Images: []string{"https://cdn.test/" + tag + "-1.jpg", "https://cdn.test/" + tag + "-2.jpg"},
		Specs: []shop.Spec{{Name: "Power", Value: "7.5", Unit: "kW"}, {Name: "Finish", Value: "Enamelled"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.InsertCategory(ctx, "Lathes "+tag); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateUser(ctx, shop.User{Email: "ann-" + tag + "@shop.test", Name: "Ann", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	o, err := s.InsertOrder(ctx, shop.Order{Name: "Ann", Email: "ann-" + tag + "@shop.test", ProductID: id, ProductName: "Lathe " + tag,
		ProductPrice: 125050, ProductQuantity: 2, Amount: 250100, Address: "1 Mill Road", Mobile: "+44 113 496 0000"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.InsertSingleGroups(ctx, []shop.Group{{ID: o.ID, Email: o.Email, Number: o.Number, OrderIDs: []string{o.ID},
		Total: shop.Cents(o.Amount), Amount: o.Amount}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.InsertReview(ctx, shop.Review{Name: "Ann", Email: "ann-" + tag + "@shop.test", Review: "Solid.", Rating: 5}); err != nil {
		t.Fatal(err)
	}
	if err := s.InsertMails(ctx, []shop.Mail{{To: "ann-" + tag + "@shop.test", Subject: "Order", Text: "Thanks", HTML: "<p>Thanks</p>",
		Status: shop.MailDisabled, Kind: shop.LetterKind("order")}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SaveCart(ctx, "ann-"+tag+"@shop.test", []shop.CheckoutItem{{ProductID: id, Quantity: 2}}); err != nil {
		t.Fatal(err)
	}
}

// TestSnapshot_AStartReadsWhatTheStoreHolds: a clean stop leaves a
// snapshot; the next start reads it, and its copy is exactly what a full
// load of the store holds. A session that writes nothing keeps it (the
// start after reads it again); one that writes leaves a new one.
func TestSnapshot_AStartReadsWhatTheStoreHolds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	s, _ := openLogged(t, dir, -1)
	if s.MirrorsFrom() != "store" {
		t.Fatalf("a new store's mirrors from %q", s.MirrorsFrom())
	}
	fillStore(t, s, "a")
	mustClose(t, s)
	for i, tag := range []string{"", "b", ""} {
		s, logs := openLogged(t, dir, -1)
		if s.MirrorsFrom() != "snapshot" {
			t.Fatalf("start %d: the mirrors were read from the %s:\n%s", i+2, s.MirrorsFrom(), logs)
		}
		if err := s.Check(ctx); err != nil {
			t.Fatalf("start %d: the copy read from the snapshot differs from the store: %v", i+2, err)
		}
		// (Check compares the mirrors' tallies too: the sales figures' sums
		// are built from the snapshot's orders.)
		if sum, err := s.UnpaidTotal(ctx); err != nil || sum.Count != int64(s.orders.mem.Mem.Len()) || sum.Count == 0 {
			t.Fatalf("start %d: unpaid %+v (%v) of %d orders", i+2, sum, err, s.orders.mem.Mem.Len())
		}
		if tag != "" {
			fillStore(t, s, tag)
		}
		mustClose(t, s)
		kept := strings.Contains(logs.String(), "kept its snapshot")
		if kept != (tag == "") {
			t.Fatalf("start %d (wrote %v): the snapshot kept %v:\n%s", i+2, tag != "", kept, logs)
		}
	}
	s, _ = openLogged(t, dir, -1)
	defer mustClose(t, s)
	if n, _ := s.CountProducts(ctx); n != 2 || s.MirrorsFrom() != "snapshot" {
		t.Fatalf("%d products from the %s, want 2 from the snapshot", n, s.MirrorsFrom())
	}
}

// TestSnapshot_StaleOrDamagedIsNotUsed: a snapshot written before the
// store's last write, one of a store that crashed after writing, and a
// damaged or cut one are not used: the store is read in full, and says
// why.
func TestSnapshot_StaleOrDamagedIsNotUsed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	snapshot := filepath.Join(dir, "db", "storefront.mirrors")
	s, _ := openLogged(t, dir, -1)
	fillStore(t, s, "a")
	mustClose(t, s)
	older, err := os.ReadFile(snapshot)
	if err != nil {
		t.Fatal(err)
	}

	// A session that loads it and writes, then "crashes": the files as
	// they are on disk while it runs (as after kill -9), with the snapshot
	// of the session before.
	crashed := t.TempDir()
	s, _ = openLogged(t, dir, -1)
	fillStore(t, s, "b")
	copyDir(t, dir, crashed, "storefront.lock")
	mustClose(t, s)

	expect := func(t *testing.T, dir, reason string, products int64) {
		t.Helper()
		s, logs := openLogged(t, dir, -1)
		defer mustClose(t, s)
		if s.MirrorsFrom() != "store" || !strings.Contains(logs.String(), reason) {
			t.Fatalf("mirrors from the %s, want the store because %q:\n%s", s.MirrorsFrom(), reason, logs)
		}
		if n, _ := s.CountProducts(ctx); n != products {
			t.Fatalf("%d products, want %d", n, products)
		}
		if err := s.Check(ctx); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("written before the last write", func(t *testing.T) {
		stale := t.TempDir()
		copyDir(t, dir, stale, "storefront.lock")
		if err := os.WriteFile(filepath.Join(stale, "db", "storefront.mirrors"), older, 0o600); err != nil {
			t.Fatal(err)
		}
		expect(t, stale, "written since", 2)
	})
	t.Run("a crash after a write", func(t *testing.T) {
		expect(t, crashed, "written since", 2)
	})
	current, err := os.ReadFile(snapshot)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("damaged", func(t *testing.T) {
		damaged := t.TempDir()
		copyDir(t, dir, damaged, "storefront.lock")
		b := slices.Clone(current)
		b[len(b)/2] ^= 0x40
		if err := os.WriteFile(filepath.Join(damaged, "db", "storefront.mirrors"), b, 0o600); err != nil {
			t.Fatal(err)
		}
		expect(t, damaged, "damaged", 2)
	})
	t.Run("cut short", func(t *testing.T) {
		cut := t.TempDir()
		copyDir(t, dir, cut, "storefront.lock")
		if err := os.WriteFile(filepath.Join(cut, "db", "storefront.mirrors"), current[:len(current)*2/3], 0o600); err != nil {
			t.Fatal(err)
		}
		expect(t, cut, "ends early", 2)
	})
}

// TestSnapshot_TheSampleCheckRunsAfterALoad: a snapshot that differs from
// the store (written here from a copy changed behind the store's back) is
// found out and repaired by the sample check that runs at start.
func TestSnapshot_TheSampleCheckRunsAfterALoad(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	s, _ := openLogged(t, dir, -1)
	fillStore(t, s, "a")
	p, err := s.FindProductByName(ctx, "Lathe a")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := s.products.mem.Mem.Get(mustID(t, p.ID))
	d.Available = 999 // in memory only
	s.products.mem.Mem.Put(d)
	mustClose(t, s)

	s, logs := openLogged(t, dir, 0) // the sample check on, as in production
	defer mustClose(t, s)
	if s.MirrorsFrom() != "snapshot" {
		t.Fatalf("mirrors from the %s", s.MirrorsFrom())
	}
	if !testwait.Until(10*time.Second, func() bool { return s.mirrors.Differences() > 0 }) {
		t.Fatalf("the sample check found no difference:\n%s", logs)
	}
	if got, _ := s.FindProduct(ctx, p.ID); got.Available != 40 {
		t.Fatalf("stock %d after the sample check, want the store's 40", got.Available)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// copyDir copies the files of from into to, but those named in skip.
func copyDir(t *testing.T, from, to string, skip ...string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if slices.Contains(skip, d.Name()) || d.Type()&os.ModeSocket != 0 || strings.HasSuffix(d.Name(), ".sock") {
			return nil
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o700)
		}
		src, err := os.Open(path)
		if err != nil {
			return err
		}
		defer src.Close()
		dst, err := os.Create(filepath.Join(to, rel))
		if err != nil {
			return err
		}
		defer dst.Close()
		_, err = io.Copy(dst, src)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSnapshot_QuickCheckOnlyWhenReadInFull: SQLite's quick_check reads the
// whole database file (seconds at issue 46's size). After a clean stop
// with a usable snapshot the start leaves it out; after a crash, and when
// the snapshot cannot be used, it runs, and a damaged file refuses to
// start as before.
func TestSnapshot_QuickCheckOnlyWhenReadInFull(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, logs := openLogged(t, dir, -1)
	fillStore(t, s, "a")
	mustClose(t, s)
	if !strings.Contains(logs.String(), "embedded store checked") {
		t.Fatalf("the first start (a new store) ran no quick_check:\n%s", logs)
	}

	s, logs = openLogged(t, dir, -1)
	if s.MirrorsFrom() != "snapshot" || strings.Contains(logs.String(), "embedded store checked") ||
		!strings.Contains(logs.String(), "its quick_check waits for a full read") {
		t.Fatalf("after a clean stop, from the %s:\n%s", s.MirrorsFrom(), logs)
	}
	crashed := t.TempDir()
	copyDir(t, dir, crashed, "storefront.lock") // the files as kill -9 leaves them
	mustClose(t, s)

	t.Run("after a crash", func(t *testing.T) {
		s, logs := openLogged(t, crashed, -1)
		defer mustClose(t, s)
		if !strings.Contains(logs.String(), "embedded store checked") || strings.Contains(logs.String(), "waits for a full read") {
			t.Fatalf("no quick_check after a crash:\n%s", logs)
		}
	})
	t.Run("a clean stop without its snapshot", func(t *testing.T) {
		clean := t.TempDir()
		copyDir(t, dir, clean, "storefront.lock", "storefront.mirrors")
		s, logs := openLogged(t, clean, -1)
		defer mustClose(t, s)
		if s.MirrorsFrom() != "store" || !strings.Contains(logs.String(), "embedded store checked") {
			t.Fatalf("read from the %s without the quick_check:\n%s", s.MirrorsFrom(), logs)
		}
	})
	t.Run("a damaged file after a clean stop, without its snapshot", func(t *testing.T) {
		damaged := t.TempDir()
		copyDir(t, dir, damaged, "storefront.lock", "storefront.mirrors")
		path := filepath.Join(damaged, "db", "storefront.sqlite")
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		info, _ := f.Stat()
		junk := []byte(strings.Repeat("\x0d\xff\x00\x7f", 1024))
		for off := int64(4096); off < info.Size(); off += 4096 {
			if _, err := f.WriteAt(junk, off); err != nil {
				t.Fatal(err)
			}
		}
		_ = f.Close()
		s, err := Open(context.Background(), Config{DataDir: damaged, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SampleEvery: -1})
		if err == nil {
			mustClose(t, s)
			t.Fatal("a damaged database started")
		}
		if msg := err.Error(); !strings.Contains(msg, path+" is damaged") || !strings.Contains(msg, "quick_check") {
			t.Fatalf("error %q", msg)
		}
	})
}
