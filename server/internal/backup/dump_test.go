package backup

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"storefront/server/internal/mongodb"
)

// A folder as mongodump 100.x writes it for a database of another name:
// metadata in canonical Extended JSON with a uuid and no options, and a
// prelude.json beside the database folder.
func writeMongodumpFixture(t *testing.T, docs map[string][]bson.D) string {
	t.Helper()
	dir := t.TempDir()
	db := filepath.Join(dir, "shop_prod")
	if err := os.MkdirAll(db, 0o755); err != nil {
		t.Fatal(err)
	}
	_ = os.WriteFile(filepath.Join(dir, "prelude.json"), []byte(`{"ServerVersion":"7.0.14","ToolVersion":"100.10.0"}`), 0o644)
	for coll, list := range docs {
		var data []byte
		for _, d := range list {
			b, err := bson.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			data = append(data, b...)
		}
		if err := os.WriteFile(filepath.Join(db, coll+".bson"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		meta := `{"indexes":[{"v":{"$numberInt":"2"},"key":{"_id":{"$numberInt":"1"}},"name":"_id_"},` +
			`{"v":{"$numberInt":"2"},"key":{"email":{"$numberInt":"1"}},"name":"email_1","unique":true}],` +
			`"uuid":"3b241101e2bb42558caf4136c566a962","collectionName":"` + coll + `","type":"collection"}`
		if err := os.WriteFile(filepath.Join(db, coll+".metadata.json"), []byte(meta), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestValidate(t *testing.T) {
	t.Parallel()
	user := func(id, email string) bson.D {
		oid, _ := bson.ObjectIDFromHex(id)
		return bson.D{{Key: "_id", Value: oid}, {Key: "email", Value: email}, {Key: "name", Value: "Bea"}, {Key: "role", Value: "user"}}
	}
	const a, b = "0123456789abcdef01234567", "0123456789abcdef01234568"

	t.Run("OK_mongodumpLayout", func(t *testing.T) {
		dir := writeMongodumpFixture(t, map[string][]bson.D{"users": {user(a, "a@x.test"), user(b, "b@x.test")}})
		d, err := Open(dir, "storefront")
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Validate(io.Discard); err != nil {
			t.Fatal(err)
		}
		if len(d.collections) != 1 || d.collections[0].documents != 2 || len(d.collections[0].indexes) != 1 {
			t.Fatalf("read %+v", d.collections)
		}
	})
	for _, c := range []struct {
		name   string
		damage func(path string)
		want   string
	}{
		{"ErrCutShort", func(p string) { data, _ := os.ReadFile(p); _ = os.WriteFile(p, data[:len(data)-3], 0o644) }, "users.bson: document 2 at byte"},
		{"ErrLength", func(p string) {
			data, _ := os.ReadFile(p)
			data[0], data[1], data[2], data[3] = 0xff, 0xff, 0xff, 0x7f
			_ = os.WriteFile(p, data, 0o644)
		}, "document 1 at byte 0 claims 2147483647 bytes"},
		{"ErrNotBSON", func(p string) {
			data, _ := os.ReadFile(p)
			data[4] = 0x77 // an element type that does not exist
			_ = os.WriteFile(p, data, 0o644)
		}, "document 1 at byte 0 is not valid BSON"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := writeMongodumpFixture(t, map[string][]bson.D{"users": {user(a, "a@x.test"), user(b, "b@x.test")}})
			c.damage(filepath.Join(dir, "shop_prod", "users.bson"))
			d, err := Open(dir, "storefront")
			if err == nil {
				err = d.Validate(io.Discard)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
	t.Run("ErrDuplicateID", func(t *testing.T) {
		dir := writeMongodumpFixture(t, map[string][]bson.D{"users": {user(a, "a@x.test"), user(a, "b@x.test")}})
		d, _ := Open(dir, "storefront")
		if err := d.Validate(io.Discard); err == nil || !strings.Contains(err.Error(), "document 2 at byte") || !strings.Contains(err.Error(), "also document 1's") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrWrongFieldType", func(t *testing.T) {
		bad := user(b, "b@x.test")
		bad[2].Value = bson.A{"not", "a", "name"}
		dir := writeMongodumpFixture(t, map[string][]bson.D{"users": {user(a, "a@x.test"), bad}})
		d, _ := Open(dir, "storefront")
		if err := d.Validate(io.Discard); err == nil || !strings.Contains(err.Error(), "users.bson: document 2") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrMetadata", func(t *testing.T) {
		dir := writeMongodumpFixture(t, map[string][]bson.D{"users": {user(a, "a@x.test")}})
		_ = os.WriteFile(filepath.Join(dir, "shop_prod", "users.metadata.json"), []byte(`{"indexes":[{"name":"x"}]}`), 0o644)
		d, _ := Open(dir, "storefront")
		if err := d.Validate(io.Discard); err == nil || !strings.Contains(err.Error(), "users.metadata.json: an index needs a name and a key document") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrNotABackup", func(t *testing.T) {
		if _, err := Open(t.TempDir(), "storefront"); err == nil || !strings.Contains(err.Error(), "no .bson files") {
			t.Fatalf("got %v", err)
		}
	})
}

// TestRestore_EmbeddedMakesOnlyUniqueIndexes: a backup's index that
// enforces nothing is not made on the embedded store, which reads by _id
// alone (mongodb.Store.onlyUnique); its unique ones are.
func TestRestore_EmbeddedMakesOnlyUniqueIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	oid, _ := bson.ObjectIDFromHex("0123456789abcdef01234567")
	dir := writeMongodumpFixture(t, map[string][]bson.D{"users": {{{Key: "_id", Value: oid}, {Key: "email", Value: "a@x.test"}, {Key: "name", Value: "Bea"}, {Key: "role", Value: "user"}}}})
	meta := `{"indexes":[{"v":{"$numberInt":"2"},"key":{"_id":{"$numberInt":"1"}},"name":"_id_"},` +
		`{"v":{"$numberInt":"2"},"key":{"name":{"$numberInt":"1"}},"name":"name_1","unique":true},` +
		`{"v":{"$numberInt":"2"},"key":{"mobile":{"$numberInt":"1"}},"name":"mobile_1"}],"collectionName":"users","type":"collection"}`
	if err := os.WriteFile(filepath.Join(dir, "shop_prod", "users.metadata.json"), []byte(meta), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Open(dir, "shop_prod")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Validate(io.Discard); err != nil {
		t.Fatal(err)
	}
	store, err := mongodb.Open(ctx, mongodb.Config{DataDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close(ctx)
	if _, err := Restore(ctx, store, d, false, io.Discard); err != nil {
		t.Fatal(err)
	}
	specs, err := indexSpecs(ctx, store, "users")
	if err != nil {
		t.Fatal(err)
	}
	has := map[string]bool{}
	for _, s := range specs {
		name, _ := s.Lookup("name").StringValueOK()
		has[name] = true
	}
	if !has["name_1"] || has["mobile_1"] {
		t.Errorf("indexes of users after the restore: %v, want name_1 and not mobile_1", has)
	}
}
