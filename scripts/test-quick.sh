#!/usr/bin/env bash
# go tool task test:quick: the inner loop while working, for what changed
# since main (commits on this branch, uncommitted and new files):
#   Go       gofmt of the changed files, vet and tests of their packages
#   client   type check, and Vitest's tests related to the changed files
#   browser  the changed browser test files, and those importing a changed e2e helper
# Not a replacement for `go tool task test`, which runs everything.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)
changed=$({ git diff --name-only "$base"; git ls-files --others --exclude-standard; } | sort -u | while read -r f; do [ -e "$f" ] && echo "$f"; done || true)
if [ -z "$changed" ]; then echo "test:quick: nothing changed since main ($(git rev-parse --short "$base"))"; exit 0; fi
echo "test:quick: changed since main ($(git rev-parse --short "$base")):"; echo "$changed" | sed 's/^/  /'

gofiles=$(echo "$changed" | grep -E '^server/.*\.go$' || true)
if [ -n "$gofiles" ]; then
  unformatted=$(gofmt -l $gofiles)
  if [ -n "$unformatted" ]; then echo "gofmt -l: these files are not formatted (run gofmt -w):"; echo "$unformatted"; exit 1; fi
  pkgs=$(echo "$gofiles" | xargs -n1 dirname | sort -u | sed 's#^#./#')
  echo "== Go: $(echo $pkgs)"
  go vet $pkgs
  go test -count=1 $pkgs
fi

clientfiles=$(echo "$changed" | grep -E '^client/' || true)
if [ -n "$clientfiles" ]; then
  go tool task install
  echo "== client: type check, Vitest related to the changes"
  npm run typecheck
  (cd client && npx vitest run --changed "$base" --passWithNoTests)
fi

e2e=$(echo "$changed" | grep -E '^client/e2e/.*\.test\.ts$' | sed 's#^client/##' || true)
for helper in $(echo "$changed" | grep -E '^client/e2e/[^/]*\.ts$' | grep -v '\.test\.ts$' || true); do
  name=$(basename "$helper" .ts)
  e2e="$e2e $(cd client && grep -l "from './$name'" e2e/*.ts | grep '\.test\.ts$' || true)"
done
e2e=$(echo $e2e | tr ' ' '\n' | sort -u | tr '\n' ' ')
if [ -n "${e2e// }" ]; then
  echo "== browser: $e2e"
  scripts/ensure-chromium.sh
  (cd client && npx vitest run --config vitest.e2e.config.ts $e2e)
fi
