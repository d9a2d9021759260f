package mirror

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"
)

// A snapshot is the embedded store's mirrors written to one file, so that
// a start need not read and decode every document through FerretDB (about
// 140 µs a document: a minute at 100,000 products and 200,000 orders).
// Each document is held in the snapshot's own codec (codec.go: its fields
// in order, without names; since format 18, BSON before), which reads back
// what the store's BSON codec would, and the indexes are rebuilt from the
// documents by the same Load a full load runs, so a snapshot loads exactly
// what a full load of the same store would.
//
// It is used only for the store as it was when the snapshot was written:
// its header names the store's generation (internal/embedded), which every
// session raises before its first write, so a snapshot older than the
// store's last write is never used; a damaged one (a checksum, a count, a
// truncated file) or one of another format is ignored, and the store is
// read in full. The sample check (SampleEvery) runs after either load.

// SnapshotFormat is the version of the snapshot's layout and of the
// mirror types it holds. Any change to a mirrored document type (a field,
// its type or its BSON name) or to the codec changes what a snapshot
// decodes to: bump it (TestSnapshotFormat fails until it is bumped and
// the types' new fingerprint recorded), and older snapshots are ignored.
const SnapshotFormat = 18

// snapshotMagic starts every snapshot file.
const snapshotMagic = "storefront mirror snapshot\n"

// snapshotHeader is the first record of a snapshot.
type snapshotHeader struct {
	Format     int       `json:"format"`
	Database   string    `json:"database"`
	Generation int64     `json:"generation"`
	Written    time.Time `json:"written"`
	Tables     []string  `json:"tables"`
}

// snapshotTrailer is the last record: every table's number of documents.
type snapshotTrailer struct {
	Documents []int `json:"documents"`
}

// The records of a snapshot after its header: chunks of one table's
// documents, each headed by the table's index, its number of documents,
// its length and its CRC-32C, then a trailer headed by trailerTable.
const (
	trailerTable   = 0xFFFFFFFF
	chunkBytes     = 1 << 20
	maxRecordBytes = 256 << 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Snapshotted is a table as a snapshot writes and reads it.
type Snapshotted interface {
	Mirrored
	// eachEncoded calls fn with each document, encoded, and answers the
	// table's word index (nil when it has none) with the documents named
	// by their order.
	eachEncoded(fn func([]byte) error) (words []byte, err error)
	// snapshotLoad starts reading the table from a snapshot.
	snapshotLoad() tableLoad
}

// tableLoad is one table's documents being read from a snapshot.
type tableLoad interface {
	decode(chunk []byte, n, seq int) error // the seq-th chunk (of n documents); safe for concurrent use
	count() int
	// words takes the table's word index record; a table with a word index
	// has one.
	words(record []byte) error
	wordsMissing() bool
	// keep holds a chunk undecoded until after start (a mirror start-up
	// does not wait for); false: decode it now.
	keep(chunk []byte, n int) bool
	install() // makes them the mirror's content (after start: keep's)
}

// ErrSnapshotUnusable is wrapped by every reason a snapshot is not used.
var ErrSnapshotUnusable = errors.New("the snapshot of the in-memory copy is not used")

// SnapshotStore is the store a snapshot belongs to: its database's name
// and generation.
type SnapshotStore struct {
	Database   string
	Generation int64
}

// WriteSnapshot writes every mirror of the set to path (through a
// temporary file in the same directory, synced, then renamed over it), for
// the store at. The mirrors must be exact and complete: the store holds
// the write slot, and no table is stale or loading.
func (s *Set) WriteSnapshot(path string, at SnapshotStore) (err error) {
	for _, m := range s.tables {
		if m.StaleDocuments() > 0 {
			return fmt.Errorf("%s has documents that could not be read back", m.CollectionName())
		}
		if !m.loaded() {
			return fmt.Errorf("%s is not loaded yet", m.CollectionName())
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	w := bufio.NewWriterSize(tmp, 1<<20)
	h := snapshotHeader{Format: SnapshotFormat, Database: at.Database, Generation: at.Generation, Written: time.Now().UTC()}
	for _, m := range s.tables {
		h.Tables = append(h.Tables, m.CollectionName())
	}
	hb, err := paddedHeader(h)
	if err != nil {
		return err
	}
	if _, err := w.WriteString(snapshotMagic); err != nil {
		return err
	}
	if err := writeRecord(w, 0, 0, hb); err != nil {
		return err
	}
	var trailer snapshotTrailer
	buf := make([]byte, 0, chunkBytes+64<<10)
	for i, m := range s.tables {
		sn, ok := m.(Snapshotted)
		if !ok {
			return fmt.Errorf("%s cannot be written to a snapshot", m.CollectionName())
		}
		n, total := 0, 0
		flush := func() error {
			if n == 0 {
				return nil
			}
			err := writeRecord(w, uint32(i), uint32(n), buf)
			buf, n = buf[:0], 0
			return err
		}
		words, err := sn.eachEncoded(func(doc []byte) error {
			buf = append(buf, doc...)
			n++
			total++
			if len(buf) >= chunkBytes {
				return flush()
			}
			return nil
		})
		if err == nil {
			err = flush()
		}
		if err == nil && words != nil {
			err = writeRecord(w, uint32(i)|wordsRecord, 0, words)
		}
		if err != nil {
			return fmt.Errorf("snapshot %s: %w", m.CollectionName(), err)
		}
		trailer.Documents = append(trailer.Documents, total)
	}
	tb, _ := json.Marshal(trailer)
	if err := writeRecord(w, trailerTable, uint32(len(trailer.Documents)), tb); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// headerBytes is the header's length, fixed so that RetagSnapshot can
// rewrite it in place: JSON, padded with spaces.
const headerBytes = 2048

func paddedHeader(h snapshotHeader) ([]byte, error) {
	b, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	if len(b) > headerBytes {
		return nil, fmt.Errorf("a snapshot header of %d bytes", len(b))
	}
	for len(b) < headerBytes {
		b = append(b, ' ')
	}
	return b, nil
}

// readHeader reads a snapshot's magic and header.
func readHeader(r io.Reader) (snapshotHeader, error) {
	var h snapshotHeader
	magic := make([]byte, len(snapshotMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != snapshotMagic {
		return h, fmt.Errorf("%w: it is not a snapshot", ErrSnapshotUnusable)
	}
	_, _, hb, err := readRecord(r, nil)
	if err != nil {
		return h, err
	}
	if err := json.Unmarshal(hb, &h); err != nil {
		return h, fmt.Errorf("%w: its header cannot be read", ErrSnapshotUnusable)
	}
	return h, nil
}

// RetagSnapshot marks the snapshot at path, written for the store at from,
// as the store's at to: for a session that loaded it and wrote nothing it
// holds, whose start raised the generation. Only its header is rewritten
// (in place; a torn write fails its checksum, and the next start reads the
// store in full).
func RetagSnapshot(path string, from, to SnapshotStore) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	h, err := readHeader(bufio.NewReader(f))
	if err != nil {
		return err
	}
	if h.Format != SnapshotFormat || h.Database != from.Database || h.Generation != from.Generation {
		return fmt.Errorf("the snapshot is not the store's at generation %d", from.Generation)
	}
	h.Generation, h.Database = to.Generation, to.Database
	hb, err := paddedHeader(h)
	if err != nil {
		return err
	}
	var rec bytes.Buffer
	if err := writeRecord(&rec, 0, 0, hb); err != nil {
		return err
	}
	if _, err := f.WriteAt(rec.Bytes(), int64(len(snapshotMagic))); err != nil {
		return err
	}
	return f.Sync()
}

// writeRecord writes one record: its table (or trailerTable), its number
// of documents, its length and its CRC-32C, then its bytes.
func writeRecord(w io.Writer, table, n uint32, payload []byte) error {
	var head [16]byte
	binary.LittleEndian.PutUint32(head[0:], table)
	binary.LittleEndian.PutUint32(head[4:], n)
	binary.LittleEndian.PutUint32(head[8:], uint32(len(payload)))
	binary.LittleEndian.PutUint32(head[12:], crc32.Checksum(payload, castagnoli))
	if _, err := w.Write(head[:]); err != nil {
		return err
	}
	_, err := w.Write(payload)
	return err
}

// readRecord reads one record and checks its CRC.
func readRecord(r io.Reader, buf []byte) (table, n uint32, payload []byte, err error) {
	var head [16]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return 0, 0, nil, fmt.Errorf("%w: it ends early (%v)", ErrSnapshotUnusable, err)
	}
	table, n = binary.LittleEndian.Uint32(head[0:]), binary.LittleEndian.Uint32(head[4:])
	size, sum := binary.LittleEndian.Uint32(head[8:]), binary.LittleEndian.Uint32(head[12:])
	if size > maxRecordBytes {
		return 0, 0, nil, fmt.Errorf("%w: a record of %d bytes", ErrSnapshotUnusable, size)
	}
	if cap(buf) < int(size) {
		buf = make([]byte, size)
	}
	payload = buf[:size]
	if _, err := io.ReadFull(r, payload); err != nil {
		return 0, 0, nil, fmt.Errorf("%w: it ends early (%v)", ErrSnapshotUnusable, err)
	}
	if crc32.Checksum(payload, castagnoli) != sum {
		return 0, 0, nil, fmt.Errorf("%w: a checksum does not match (damaged)", ErrSnapshotUnusable)
	}
	return table, n, payload, nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// LoadSnapshot loads every mirror of the set from the snapshot at path,
// if it was written for the store at (its database and generation) in
// this format and is whole. Otherwise it changes nothing and returns an
// error wrapping ErrSnapshotUnusable that says why; the caller then loads
// the store in full. The documents are decoded on every processor.
func (s *Set) LoadSnapshot(ctx context.Context, path string, at SnapshotStore) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrSnapshotUnusable, err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	h, err := readHeader(r)
	if err != nil {
		return err
	}
	switch {
	case h.Format != SnapshotFormat:
		return fmt.Errorf("%w: it is of format %d, this build reads %d", ErrSnapshotUnusable, h.Format, SnapshotFormat)
	case h.Database != at.Database:
		return fmt.Errorf("%w: it is of database %q", ErrSnapshotUnusable, h.Database)
	case h.Generation != at.Generation:
		return fmt.Errorf("%w: it was written at the store's generation %d, and the store is at %d (written since)", ErrSnapshotUnusable, h.Generation, at.Generation)
	case len(h.Tables) != len(s.tables):
		return fmt.Errorf("%w: it holds %d collections, the store mirrors %d", ErrSnapshotUnusable, len(h.Tables), len(s.tables))
	}
	loads := make([]tableLoad, len(s.tables))
	for i, m := range s.tables {
		sn, ok := m.(Snapshotted)
		if !ok || h.Tables[i] != m.CollectionName() {
			return fmt.Errorf("%w: it holds %s where the store mirrors %s", ErrSnapshotUnusable, h.Tables[i], m.CollectionName())
		}
		loads[i] = sn.snapshotLoad()
	}

	// One reader, a decoder per processor.
	type job struct {
		table   int
		n, seq  int
		payload []byte
	}
	seqs := make([]int, len(loads))
	jobs := make(chan job, 2*runtime.GOMAXPROCS(0))
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if first == nil {
			first = err
		}
	}
	free := sync.Pool{New: func() any { return make([]byte, 0, chunkBytes+64<<10) }}
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for j := range jobs {
				if err := loads[j.table].decode(j.payload, j.n, j.seq); err != nil {
					fail(fmt.Errorf("%w: a document of %s cannot be decoded: %v", ErrSnapshotUnusable, h.Tables[j.table], err))
				}
				free.Put(j.payload[:0])
			}
		})
	}
	var trailer *snapshotTrailer
	for trailer == nil {
		if err := ctx.Err(); err != nil {
			fail(err)
			break
		}
		table, n, payload, err := readRecord(r, free.Get().([]byte))
		if err != nil {
			fail(err)
			break
		}
		if table == trailerTable {
			trailer = &snapshotTrailer{}
			if err := json.Unmarshal(payload, trailer); err != nil || len(trailer.Documents) != len(loads) {
				fail(fmt.Errorf("%w: its trailer cannot be read", ErrSnapshotUnusable))
			}
			break
		}
		if t := table &^ wordsRecord; table&wordsRecord != 0 && int(t) < len(loads) {
			if err := loads[t].words(payload); err != nil {
				fail(fmt.Errorf("%w: %s: %v", ErrSnapshotUnusable, h.Tables[t], err))
				break
			}
			free.Put(payload[:0])
			continue
		}
		if int(table) >= len(loads) {
			fail(fmt.Errorf("%w: a record of table %d", ErrSnapshotUnusable, table))
			break
		}
		if loads[table].keep(payload, int(n)) {
			continue // decoded after start (LoadsAfterStart); its buffer is kept
		}
		jobs <- job{int(table), int(n), seqs[table], payload}
		seqs[table]++
	}
	close(jobs)
	wg.Wait()
	if first != nil {
		return first
	}
	for i, l := range loads {
		if got := l.count(); got != trailer.Documents[i] {
			return fmt.Errorf("%w: %s has %d documents where it records %d", ErrSnapshotUnusable, h.Tables[i], got, trailer.Documents[i])
		}
		if l.wordsMissing() {
			return fmt.Errorf("%w: %s: %v", ErrSnapshotUnusable, h.Tables[i], errWordsRecord)
		}
	}
	// Each table's indexes, side by side.
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, l := range loads {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			l.install()
		})
	}
	wg.Wait()
	return nil
}

// eachEncoded encodes every document and the word index (Snapshotted),
// under one read lock.
//
// The documents go in the order of the mirror's first sorted index (its
// lists one after the other, then the documents it leaves out), not the
// map's: a load sorts each index's lists of positions, and most indexes
// sort by the same date (the orders', purchases' and e-mails'), so their
// lists are then in order already, which the sort checks in one pass
// instead of sorting (issue 46: the sorts were a sixth of a large start's
// CPU with the documents in the map's order).
func (t *Table[K, D]) eachEncoded(fn func([]byte) error) ([]byte, error) {
	m := t.Mem
	m.mu.RLock()
	defer m.mu.RUnlock()
	var ordinal map[K]uint32
	if m.Words != nil {
		ordinal = make(map[K]uint32, len(m.docs))
	}
	var buf []byte
	written := 0
	write := func(id K, d *D) error {
		buf = t.codec.append(buf[:0], d)
		if err := fn(buf); err != nil {
			return err
		}
		written++
		if ordinal != nil {
			ordinal[id] = uint32(len(ordinal))
		}
		return nil
	}
	if len(m.Orders) > 0 {
		first := m.Orders[0]
		for _, list := range first.lists {
			for _, id := range list {
				d := m.docs[id]
				if err := write(id, &d); err != nil {
					return nil, err
				}
			}
		}
		for id, d := range m.docs {
			if first.groupOf(&d) != NotIndexed {
				continue // (written above)
			}
			if err := write(id, &d); err != nil {
				return nil, err
			}
		}
	} else {
		for id, d := range m.docs {
			if err := write(id, &d); err != nil {
				return nil, err
			}
		}
	}
	if written != len(m.docs) {
		// (an index that does not hold each of its documents once: no
		// snapshot, and the next start reads the store in full)
		return nil, fmt.Errorf("its index %s holds %d of its %d documents", m.Orders[0].Name, written, len(m.docs))
	}
	if m.Words == nil {
		return nil, nil
	}
	return m.Words.encodeSnapshot(ordinal)
}

// loaded reports whether the mirror holds the collection: one loaded after
// start is, once its load finished.
func (t *Table[K, D]) loaded() bool {
	if t.ready == nil {
		return true
	}
	select {
	case <-t.ready:
		return true
	default:
		return false
	}
}

// snapshotLoad starts reading the table from a snapshot (Snapshotted).
func (t *Table[K, D]) snapshotLoad() tableLoad { return &tableLoadOf[K, D]{t: t} }

type tableLoadOf[K comparable, D any] struct {
	t     *Table[K, D]
	mu    sync.Mutex
	docs  map[int][]D // by the chunk's place in the file
	n     int
	index *snapshotWords
	// raw are the chunks of a mirror that start-up does not wait for
	// (LoadsAfterStart: the outbox, 400,000 e-mails at issue 46's size,
	// 1.6 CPU-s to decode), as read: decoded after start (LoadBehind).
	raw [][]byte
}

// keep holds a chunk of a mirror loaded after start, undecoded; false for
// a mirror that start-up waits for (or one with a word index).
func (l *tableLoadOf[K, D]) keep(chunk []byte, n int) bool {
	if l.t.ready == nil || l.t.Mem.Words != nil {
		return false
	}
	l.raw = append(l.raw, chunk)
	l.n += n
	return true
}

func (l *tableLoadOf[K, D]) words(record []byte) error {
	if l.t.Mem.Words == nil || l.index != nil {
		return errWordsRecord
	}
	w, err := decodeSnapshotWords(record)
	l.index = w
	return err
}

func (l *tableLoadOf[K, D]) wordsMissing() bool {
	return l.t.Mem.Words != nil && (l.index == nil || int(l.index.max) > l.n)
}

func (l *tableLoadOf[K, D]) decode(chunk []byte, n, seq int) error {
	docs := make([]D, n)
	for i := range docs {
		doc, rest, err := nextDoc(chunk)
		if err != nil {
			return err
		}
		if err := l.t.codec.decode(doc, &docs[i]); err != nil {
			return err
		}
		chunk = rest
	}
	if len(chunk) != 0 {
		return fmt.Errorf("a chunk holds more than its %d documents", n)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.docs == nil {
		l.docs = map[int][]D{}
	}
	l.docs[seq] = docs
	l.n += n
	return nil
}

func (l *tableLoadOf[K, D]) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n
}

func (l *tableLoadOf[K, D]) install() {
	if l.raw != nil {
		raw, n := l.raw, l.n
		l.raw = nil
		l.t.fromSnapshot = func() ([]D, error) {
			all := make([]D, 0, n)
			for _, chunk := range raw {
				for len(chunk) > 0 {
					doc, rest, err := nextDoc(chunk)
					if err != nil {
						return nil, err
					}
					var d D
					if err := l.t.codec.decode(doc, &d); err != nil {
						return nil, err
					}
					all = append(all, d)
					chunk = rest
				}
			}
			if len(all) != n {
				return nil, fmt.Errorf("%d documents where the snapshot records %d", len(all), n)
			}
			return all, nil
		}
		return
	}
	all := make([]D, 0, l.n)
	for seq := range len(l.docs) {
		all = append(all, l.docs[seq]...)
	}
	l.docs = nil
	l.t.Mem.load(all, l.index)
	l.index = nil
	if l.t.ready != nil {
		close(l.t.ready)
	}
}
