package site

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"
)

// routesFile is the client build's list of its router's path patterns
// (client/src/app/router.tsx, routePatterns), written at build time: a
// path that none of them matches has no page, and answers 404.
const routesFile = "/routes.json"

// routes are the app's route patterns, each cut into segments; a segment
// that starts with ":" is a parameter (one non-empty segment). Static
// segments match without regard to case, as react-router matches them.
type routes [][]string

// parseRoutes reads routes.json: a JSON array of patterns such as "/",
// "/products", "/product/:id". Any other syntax (a splat, an optional
// segment) is refused, so that a router change the server cannot follow
// fails at start, not as 404s.
func parseRoutes(data []byte) (routes, error) {
	var patterns []string
	if err := json.Unmarshal(data, &patterns); err != nil {
		return nil, fmt.Errorf("routes.json: %w", err)
	}
	if len(patterns) == 0 {
		return nil, fmt.Errorf("routes.json lists no route")
	}
	rs := make(routes, 0, len(patterns))
	for _, p := range patterns {
		if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "*?") {
			return nil, fmt.Errorf("routes.json: %q is not a path pattern the server matches", p)
		}
		rs = append(rs, segments(p))
	}
	return rs, nil
}

func segments(p string) []string {
	p = strings.Trim(path.Clean(p), "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// match reports whether p (a cleaned URL path) is one of the app's routes.
func (rs routes) match(p string) bool {
	got := segments(p)
next:
	for _, want := range rs {
		if len(want) != len(got) {
			continue
		}
		for i, w := range want {
			if strings.HasPrefix(w, ":") {
				if got[i] == "" {
					continue next
				}
			} else if !strings.EqualFold(w, got[i]) {
				continue next
			}
		}
		return true
	}
	return false
}
