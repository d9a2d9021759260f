package httpapi_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const module = "storefront/server/"

// rooms are the server's packages ("rooms") and the storefront packages
// each may import (directly, tests aside). A room missing here is not
// checked by this table.
var rooms = map[string][]string{
	"internal/shop":     {},
	"internal/mirror":   {"internal/shop"},
	"internal/embedded": {},
	"internal/mongodb":  {"internal/shop", "internal/mirror", "internal/embedded"},
	"internal/backup":   {"internal/mongodb"},
	"internal/app":      {"internal/shop", "internal/imaging"},
	"internal/httpapi":  {"internal/shop", "internal/app", "internal/ratelimit"},
}

// neverBelow are packages (or, ending in "/", module paths) a room must not
// depend on at all, through any import: the HTTP API and the application
// services reach the store only through the domain's interfaces, never the
// store's rooms or the driver's client (gin's binding brings the driver's
// bson, not its client), and the mirror is pure Go: no driver, no FerretDB.
var neverBelow = map[string][]string{
	"internal/httpapi": {module + "internal/mongodb", module + "internal/mirror", module + "internal/embedded", module + "internal/backup",
		"go.mongodb.org/mongo-driver/v2/mongo", "github.com/FerretDB/"},
	"internal/app": {module + "internal/mongodb", module + "internal/mirror", module + "internal/embedded", module + "internal/backup",
		"go.mongodb.org/mongo-driver/v2/mongo", "github.com/FerretDB/"},
	"internal/mirror": {"go.mongodb.org/", "github.com/FerretDB/"},
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
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
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

// TestLayers_SiteAndCache keeps the client server and the cache in their
// rooms: the site (internal/site) writes its pages from the API's answers
// through its own interfaces, and reaches neither the API's package nor
// the store; the cache is a leaf that knows no other room; the API does
// not reach the site (wiring composes the two).
func TestLayers_SiteAndCache(t *testing.T) {
	t.Parallel()
	const room = "storefront/server/internal/"
	for pkg, allowed := range map[string][]string{
		room + "site":    {room + "site", room + "shop", room + "cache"},
		room + "cache":   {room + "cache"},
		room + "httpapi": nil, // checked below for the site only
	} {
		out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 2 || deps[len(deps)-1] != pkg {
			t.Fatalf("go list -deps %s printed no dependency list:\n%s", pkg, out)
		}
		for _, dep := range deps {
			switch {
			case pkg == room+"httpapi":
				if dep == room+"site" {
					t.Errorf("%s depends on %s: wiring composes the API and the client server", pkg, dep)
				}
			case strings.HasPrefix(dep, "go.mongodb.org/"):
				t.Errorf("%s depends on %s: it must not reach the store", pkg, dep)
			case strings.HasPrefix(dep, room) && !slices.Contains(allowed, dep):
				t.Errorf("%s depends on %s; it may import only %v", pkg, dep, allowed)
			}
		}
	}
}
