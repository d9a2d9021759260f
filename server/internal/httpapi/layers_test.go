package httpapi_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestLayers keeps the adapters apart: the HTTP API and the application
// services reach the store only through the domain's interfaces, never the
// MongoDB adapter or the driver's client.
func TestLayers(t *testing.T) {
	t.Parallel()
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	for _, pkg := range []string{"storefront/server/internal/httpapi", "storefront/server/internal/app"} {
		out, err := exec.Command(goTool, "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 10 || deps[len(deps)-1] != pkg {
			t.Fatalf("go list -deps %s printed no dependency list:\n%s", pkg, out)
		}
		for _, dep := range deps {
			if dep == "storefront/server/internal/mongodb" || dep == "go.mongodb.org/mongo-driver/v2/mongo" {
				t.Errorf("%s depends on %s: it must reach the store through the domain's interfaces", pkg, dep)
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
