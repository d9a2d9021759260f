#!/usr/bin/env bash
# go tool task soak -- DURATION: TestHistories (server/internal/app) for
# DURATION (default 10m): randomized concurrent histories against the
# embedded store with injected faults, each checked by porcupine, the
# conservation of stock, the in-memory copy against the store, and a
# restart. The last line reads "operations N, faults N, violations N".
set -uo pipefail
cd "$(dirname "$0")/.."
duration="${1:-10m}"
summary="$(mktemp)"
trap 'rm -f "$summary"' EXIT
go test -count=1 -timeout 0 -run '^TestHistories$' ./server/internal/app \
  -args -histories="$duration" -histories.summary="$summary" -rapid.nofailfile
status=$?
if [ -s "$summary" ]; then
  cat "$summary"
else
  echo "operations ?, faults ?, violations ? (the test stopped before its summary)"
fi
exit "$status"
