// Package backup writes the store to a directory in mongodump's layout and
// restores such a directory into an empty store, for the ops command
// cmd/backup alone: it goes around the store's in-memory copies (store.go),
// so a restore is followed by closing the store.
package backup

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"storefront/server/internal/mongodb"
)

// mongodump's layout: DIR/<db>/<collection>.bson holds the collection's
// documents, one after the other, each as BSON (its int32 length first);
// DIR/<db>/<collection>.metadata.json holds its indexes in MongoDB's
// canonical Extended JSON. mongorestore reads this; mongodump writes it.
const (
	bsonExt     = ".bson"
	metadataExt = ".metadata.json"
	// maxDocument is MongoDB's document size limit, with the headroom
	// mongodump allows.
	maxDocument = 16*1024*1024 + 16*1024
	// a restore inserts this many documents, or bytes, at a time
	batchDocs  = 1000
	batchBytes = 8 << 20
)

// metadata is a collection's .metadata.json.
type metadata struct {
	Options        bson.D     `bson:"options"`
	Indexes        []bson.Raw `bson:"indexes"`
	CollectionName string     `bson:"collectionName"`
	Type           string     `bson:"type"`
}

// Summary is what a backup wrote.
type Summary struct {
	Path                   string
	Collections, Documents int
	Bytes                  int64
}

// Backup writes every collection into dir/db, through a temporary folder
// renamed at the end, so that dir/db is a whole backup or nothing. It
// refuses a dir/db that exists: a backup never overwrites another.
func Backup(ctx context.Context, store *mongodb.Store, dir, db string, out io.Writer) (Summary, error) {
	sum := Summary{Path: filepath.Join(dir, db)}
	if _, err := os.Stat(sum.Path); err == nil {
		return sum, fmt.Errorf("%s already exists: choose a new directory, a backup never overwrites another", sum.Path)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return sum, err
	}
	tmp, err := os.MkdirTemp(dir, "."+db+".partial-")
	if err != nil {
		return sum, err
	}
	defer os.RemoveAll(tmp) // gone after the rename; on failure, the partial backup
	names, err := collectionNames(ctx, store)
	if err != nil {
		return sum, err
	}
	for _, name := range names {
		n, size, err := backupCollection(ctx, store, tmp, name)
		if err != nil {
			return sum, err
		}
		fmt.Fprintf(out, "  %-22s %8d documents %10s\n", name, n, ByteSize(size))
		sum.Collections++
		sum.Documents += n
		sum.Bytes += size
	}
	if err := syncDir(tmp); err != nil {
		return sum, err
	}
	if err := os.Rename(tmp, sum.Path); err != nil {
		return sum, err
	}
	return sum, syncDir(dir)
}

func backupCollection(ctx context.Context, store *mongodb.Store, dir, name string) (n int, size int64, err error) {
	specs, err := indexSpecs(ctx, store, name)
	if err != nil {
		return 0, 0, err
	}
	meta, err := bson.MarshalExtJSON(metadata{Options: bson.D{}, Indexes: specs, CollectionName: name, Type: "collection"}, true, false)
	if err != nil {
		return 0, 0, err
	}
	if err := writeFile(filepath.Join(dir, name+metadataExt), func(w io.Writer) error {
		_, err := w.Write(meta)
		return err
	}); err != nil {
		return 0, 0, err
	}
	err = writeFile(filepath.Join(dir, name+bsonExt), func(w io.Writer) error {
		return exportCollection(ctx, store, name, func(doc bson.Raw) error {
			n++
			size += int64(len(doc))
			_, err := w.Write(doc)
			return err
		})
	})
	return n, size, err
}

// writeFile writes a new file through a buffer and syncs it to disk.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Dir is a backup to restore: one database's folder.
type Dir struct {
	Path        string
	collections []dumpCollection
}

type dumpCollection struct {
	name      string
	documents int
	indexes   []mongo.IndexModel
}

// Open finds the database folder in dir: dir/db, else the only folder
// in dir that holds .bson files, else dir itself.
func Open(dir, db string) (*Dir, error) {
	candidates := []string{filepath.Join(dir, db)}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var others []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != db && !strings.HasPrefix(e.Name(), ".") && hasBSON(filepath.Join(dir, e.Name())) {
			others = append(others, filepath.Join(dir, e.Name()))
		}
	}
	if len(others) == 1 {
		candidates = append(candidates, others[0])
	}
	candidates = append(candidates, dir)
	for _, c := range candidates {
		if hasBSON(c) {
			return readDir(c)
		}
	}
	if len(others) > 1 {
		return nil, fmt.Errorf("it holds several databases and none is %q (MONGODB_DB): name one database's folder", db)
	}
	return nil, errors.New("it holds no .bson files: it is not a backup")
}

func hasBSON(dir string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, "*"+bsonExt))
	return len(m) > 0
}

func readDir(path string) (*Dir, error) {
	files, err := filepath.Glob(filepath.Join(path, "*"+bsonExt))
	if err != nil {
		return nil, err
	}
	if gz, _ := filepath.Glob(filepath.Join(path, "*.bson.gz")); len(gz) > 0 {
		return nil, errors.New("it holds gzip-compressed files (mongodump --gzip): unpack them with gunzip first")
	}
	d := &Dir{Path: path}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), bsonExt)
		if name == "" || strings.HasPrefix(name, "system.") || strings.ContainsAny(name, "$\x00") {
			continue // mongodump's system collections are the server's, not ours
		}
		d.collections = append(d.collections, dumpCollection{name: name})
	}
	slices.SortFunc(d.collections, func(a, b dumpCollection) int { return strings.Compare(a.name, b.name) })
	return d, nil
}

// Validate reads every file of the backup and checks every document and
// index before anything is written: each document is whole, valid BSON,
// decodes as its collection's documents do, and has an _id not seen
// before in its collection; each metadata file parses and its indexes are
// well formed.
func (d *Dir) Validate(out io.Writer) error {
	fmt.Fprintf(out, "Checking the backup in %s\n", d.Path)
	for i := range d.collections {
		c := &d.collections[i]
		models, err := readMetadata(filepath.Join(d.Path, c.name+metadataExt))
		if err != nil {
			return fmt.Errorf("%s%s: %w", c.name, metadataExt, err)
		}
		c.indexes = models
		ids := map[string]int{}
		err = d.eachDocument(c.name, func(n int, doc bson.Raw) error {
			if err := validateDocument(c.name, doc); err != nil {
				return err
			}
			id := string(doc.Lookup("_id").Value) + "\x00" + doc.Lookup("_id").Type.String()
			if first, seen := ids[id]; seen {
				return fmt.Errorf("its _id is also document %d's", first)
			}
			ids[id] = n
			c.documents++
			return nil
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "  %-22s %8d documents, %d indexes: valid\n", c.name, c.documents, len(c.indexes))
	}
	return nil
}

// readMetadata parses a .metadata.json (missing: no indexes beyond _id).
func readMetadata(path string) ([]mongo.IndexModel, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var meta metadata
	if err := bson.UnmarshalExtJSON(data, false, &meta); err != nil {
		return nil, fmt.Errorf("not valid Extended JSON: %w", err)
	}
	var models []mongo.IndexModel
	for _, spec := range meta.Indexes {
		m, ok, err := indexModel(spec)
		if err != nil {
			return nil, err
		}
		if ok {
			models = append(models, m)
		}
	}
	return models, nil
}

// eachDocument reads a collection's .bson file and calls fn with each
// document (numbered from 1). A document cut short, too large or not
// valid BSON stops it with an error naming the document and its offset.
func (d *Dir) eachDocument(collection string, fn func(n int, doc bson.Raw) error) error {
	path := filepath.Join(d.Path, collection+bsonExt)
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var offset int64
	for n := 1; ; n++ {
		var head [4]byte
		if _, err := io.ReadFull(r, head[:]); err == io.EOF {
			return nil
		} else if err != nil {
			return fmt.Errorf("%s%s: document %d at byte %d is cut short", collection, bsonExt, n, offset)
		}
		size := int64(int32(binary.LittleEndian.Uint32(head[:])))
		if size < 5 || size > maxDocument {
			return fmt.Errorf("%s%s: document %d at byte %d claims %d bytes: the file is damaged", collection, bsonExt, n, offset, size)
		}
		doc := make([]byte, size)
		copy(doc, head[:])
		if _, err := io.ReadFull(r, doc[4:]); err != nil {
			return fmt.Errorf("%s%s: document %d at byte %d is cut short", collection, bsonExt, n, offset)
		}
		if err := bson.Raw(doc).Validate(); err != nil {
			return fmt.Errorf("%s%s: document %d at byte %d is not valid BSON: %v", collection, bsonExt, n, offset, err)
		}
		if err := fn(n, bson.Raw(doc)); err != nil {
			return fmt.Errorf("%s%s: document %d at byte %d: %w", collection, bsonExt, n, offset, err)
		}
		offset += size
	}
}

// RestoreSummary is what a restore wrote.
type RestoreSummary struct {
	Collections, Documents int
	Written                bool // something was written (a failure then leaves part of the backup)
}

// Restore loads a validated backup into the store, which must hold no
// documents unless drop is set; with drop, every collection of the store
// and of the backup is emptied first (indexes kept). Indexes from the
// metadata are created before the documents go in.
func Restore(ctx context.Context, store *mongodb.Store, d *Dir, drop bool, out io.Writer) (RestoreSummary, error) {
	var sum RestoreSummary
	targets := mongodb.KnownCollections()
	for _, c := range d.collections {
		if !slices.Contains(targets, c.name) {
			targets = append(targets, c.name)
		}
	}
	var held []string
	for _, name := range targets {
		n, err := countDocuments(ctx, store, name)
		if err != nil {
			return sum, err
		}
		if n > 0 {
			held = append(held, fmt.Sprintf("%s: %d", name, n))
		}
	}
	if len(held) > 0 && !drop {
		return sum, fmt.Errorf("the store is not empty (%s).\nRestore into an empty store, or add --drop to replace what it holds", strings.Join(held, ", "))
	}
	if drop {
		for _, name := range targets {
			sum.Written = true
			if err := clearCollection(ctx, store, name); err != nil {
				return sum, fmt.Errorf("empty %s: %w", name, err)
			}
		}
	}
	fmt.Fprintf(out, "Restoring into the store\n")
	for _, c := range d.collections {
		for _, m := range c.indexes {
			sum.Written = true
			if err := ensureIndex(ctx, store, c.name, m); err != nil {
				return sum, fmt.Errorf("create an index of %s: %w", c.name, err)
			}
		}
		var batch []bson.Raw
		size := 0
		flush := func() error {
			if len(batch) == 0 {
				return nil
			}
			sum.Written = true
			err := importDocuments(ctx, store, c.name, batch)
			batch, size = batch[:0], 0
			return err
		}
		err := d.eachDocument(c.name, func(_ int, doc bson.Raw) error {
			// (a backup of the other store: its specifications in this one's form)
			doc, err := store.InStoredForm(c.name, doc)
			if err != nil {
				return err
			}
			if len(batch) >= batchDocs || size+len(doc) > batchBytes {
				if err := flush(); err != nil {
					return err
				}
			}
			batch = append(batch, doc)
			size += len(doc)
			return nil
		})
		if err == nil {
			err = flush()
		}
		if err != nil {
			return sum, fmt.Errorf("write %s: %w", c.name, err)
		}
		fmt.Fprintf(out, "  %-22s %8d documents\n", c.name, c.documents)
		sum.Collections++
		sum.Documents += c.documents
	}
	return sum, nil
}

// ByteSize renders n bytes for a person.
func ByteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
