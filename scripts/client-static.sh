#!/usr/bin/env bash
# test:client's static checks, side by side: the type check (tsc) and ESLint
# each keep one core busy (16 s and 45 s here), so on the 2-core machine they
# take about as long together as ESLint alone. Each one's output is printed
# whole, after it ends, and the script fails if either failed.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
npm run typecheck >"$out/typecheck" 2>&1 &
typecheck=$!
npm run lint >"$out/lint" 2>&1 &
lint=$!
rc=0
wait "$typecheck" || rc=$?
cat "$out/typecheck"
[ "$rc" -eq 0 ] || echo "the type check failed (exit $rc)" >&2
lrc=0
wait "$lint" || lrc=$?
cat "$out/lint"
[ "$lrc" -eq 0 ] || echo "ESLint failed (exit $lrc)" >&2
[ "$rc" -eq 0 ] && rc=$lrc
exit "$rc"
