package httpapi_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
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
