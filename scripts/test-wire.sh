#!/usr/bin/env bash
# go tool task test:wire: the MongoDB branch of the store, tested on every
# change. Starts a standalone MongoDB wire-protocol server on loopback
# (server/cmd/wireserver: FerretDB v1 with SQLite, as its own process, not
# the embedded store) and runs the store, app, HTTP and import tests, and
# the two-instance test, with MONGODB_URI pointing at it. FerretDB v1 does
# not apply conditional updates atomically, so STORE_ALLOW_NON_ATOMIC=true
# lets the server start on it, and the tests that need that atomicity
# (listed in server/internal/mongodb/mongotest) skip here; the GitHub
# workflow runs them against a real replica set.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
go build -o "$work/wireserver" ./server/cmd/wireserver
"$work/wireserver" -dir "$work" >"$work/out" 2>&1 &
pid=$!
uri=""
for _ in $(seq 1 300); do
  uri="$(grep -o 'mongodb://[^ ]*' "$work/out" || true)"
  [ -n "$uri" ] && break
  if ! kill -0 "$pid" 2>/dev/null; then cat "$work/out" >&2; echo "the wire server did not start" >&2; exit 1; fi
  sleep 0.1
done
[ -n "$uri" ] || { cat "$work/out" >&2; echo "the wire server did not start in 30 s" >&2; exit 1; }
echo "wire server: $uri"
export MONGODB_URI="$uri" STORE_ALLOW_NON_ATOMIC=true
go test -count=1 ./server/internal/mongodb/... ./server/internal/app/... ./server/internal/httpapi/... ./server/cmd/seed
go test -count=1 -run '^TestTwoInstances$' ./server/cmd/storefront
