package httpapi_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "storefront/server/"

// rooms are the server's packages ("rooms") and the storefront packages
// each may import (directly, tests aside). Every package of the server is
// listed: a new one fails TestLayers until it is given its row here (and
// in server/README.md's table).
var rooms = map[string][]string{
	// The domain and the leaves.
	"internal/shop":      {},
	"internal/cache":     {},
	"internal/config":    {},
	"internal/ratelimit": {},
	"internal/testclock": {},
	"internal/testwait":  {},
	// The adapters.
	"internal/mirror":   {"internal/shop"},
	"internal/embedded": {},
	"internal/mongodb":  {"internal/shop", "internal/mirror", "internal/embedded"},
	"internal/backup":   {"internal/mongodb"},
	"internal/payment":  {"internal/shop"},
	"internal/imaging":  {"internal/shop"},
	"internal/mail":     {"internal/shop"},
	"internal/invoice":  {"internal/shop"},
	"internal/auth":     {"internal/shop"},
	"internal/metrics":  {"internal/shop"},
	"internal/demo":     {"internal/shop", "internal/imaging"},
	// The use cases, the API and the client server.
	"internal/app":     {"internal/shop", "internal/imaging"},
	"internal/httpapi": {"internal/shop", "internal/app", "internal/ratelimit", "internal/cache"},
	"internal/site":    {"internal/shop", "internal/cache"},
	// Composition and the commands.
	"internal/wiring": {"internal/shop", "internal/app", "internal/auth", "internal/httpapi", "internal/payment", "internal/site", "internal/invoice"},
	"internal/opscmd": {"internal/config", "internal/mongodb"},
	"cmd/storefront": {"internal/app", "internal/auth", "internal/config", "internal/demo", "internal/httpapi", "internal/mail",
		"internal/metrics", "internal/mongodb", "internal/opscmd", "internal/ratelimit", "internal/shop", "internal/site", "internal/wiring"},
	"cmd/seed":       {"internal/config", "internal/demo", "internal/imaging", "internal/mongodb", "internal/opscmd", "internal/shop"},
	"cmd/backup":     {"internal/backup", "internal/config", "internal/opscmd"},
	"cmd/wireserver": {},
	// The tests' helpers.
	"internal/mongodb/mongotest":   {"internal/mongodb"},
	"internal/httpapi/openapitest": {"internal/httpapi"},
	"internal/imaging/imagingtest": {},
	"internal/mail/mailtest":       {},
}

// neverBelow are packages (or, ending in "/", module paths) a room must not
// depend on at all, through any import: the HTTP API, the application
// services and the client server reach the store only through the domain's
// interfaces, never the store's rooms or the driver's client (gin's binding
// brings the driver's bson, not its client); the API does not reach the
// client server (wiring composes the two); the mirror is pure Go: no
// driver, no FerretDB.
var storeRooms = []string{module + "internal/mongodb", module + "internal/mirror", module + "internal/embedded", module + "internal/backup",
	"go.mongodb.org/mongo-driver/v2/mongo", "github.com/FerretDB/"}

var neverBelow = map[string][]string{
	"internal/httpapi": append([]string{module + "internal/site"}, storeRooms...),
	"internal/app":     storeRooms,
	"internal/site":    append([]string{module + "internal/httpapi", "go.mongodb.org/"}, storeRooms...),
	"internal/cache":   {"go.mongodb.org/", "github.com/FerretDB/"},
	"internal/mirror":  {"go.mongodb.org/", "github.com/FerretDB/"},
}

// importedOnlyBy are rooms only the named packages (or, ending in "/",
// those under a folder) may import.
var importedOnlyBy = map[string][]string{
	"internal/backup": {"cmd/", "internal/opscmd"},
}

// TestLayers keeps the rooms apart, from `go list -deps` of the whole
// server: each package with its direct imports.
func TestLayers(t *testing.T) {
	t.Parallel()
	// The go command that runs the tests: go test puts its GOROOT/bin first
	// on PATH (runtime.GOROOT is empty in a -trimpath build, as the tasks make).
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(goTool, "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	imports := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) > 0 {
			imports[f[0]] = f[1:]
		}
	}
	for room := range rooms {
		if _, ok := imports[module+room]; !ok {
			t.Fatalf("go list printed no package %s:\n%s", module+room, out)
		}
	}
	for pkg := range imports {
		if rel, ours := strings.CutPrefix(pkg, module); ours {
			if _, listed := rooms[rel]; !listed {
				t.Errorf("%s has no row in rooms: say which storefront packages it may import", rel)
			}
		}
	}

	for room, may := range rooms {
		for _, imp := range imports[module+room] {
			if rel, ours := strings.CutPrefix(imp, module); ours && !slices.Contains(may, rel) {
				t.Errorf("%s imports %s; it may import only %v", room, rel, may)
			}
		}
	}

	for room, never := range neverBelow {
		seen := map[string]bool{}
		var walk func(pkg string)
		walk = func(pkg string) {
			for _, imp := range imports[pkg] {
				if seen[imp] {
					continue
				}
				seen[imp] = true
				for _, n := range never {
					if imp == n || strings.HasPrefix(imp, strings.TrimSuffix(n, "/")+"/") {
						t.Errorf("%s depends on %s (through %s): it must not", room, imp, pkg)
					}
				}
				walk(imp)
			}
		}
		walk(module + room)
	}

	for room, users := range importedOnlyBy {
		for pkg, imps := range imports {
			rel, ours := strings.CutPrefix(pkg, module)
			if !ours || !slices.Contains(imps, module+room) {
				continue
			}
			if !slices.ContainsFunc(users, func(u string) bool { return rel == u || strings.HasSuffix(u, "/") && strings.HasPrefix(rel, u) }) {
				t.Errorf("%s imports %s, which only %v may", rel, room, users)
			}
		}
	}
}
