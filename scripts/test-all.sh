#!/usr/bin/env bash
# go tool task test: every test, in three parts, each timed; the times are
# printed at the end (also when a part fails), against the budgets of a full
# run from a fresh clone on the 2-core machine (docs/testing.md).
#   Go       gofmt, vet, tests on the embedded store (test:go) and the MongoDB
#            branch on a wire server (test:wire)          budget 4 min
#   client   npm ci, API types, type check, Vitest (test:client)   3 min
#   browser  Chromium check, build, browser tests (test:e2e)        8 min
set -uo pipefail
cd "$(dirname "$0")/.."
names=() times=() results=()
overall=0
part() {
  local name=$1; shift
  local start=$SECONDS rc=0
  if [ "$overall" -eq 0 ]; then
    "$@" || rc=$?
  else
    rc=skipped
  fi
  names+=("$name"); times+=($((SECONDS - start))); results+=("$rc")
  if [ "$rc" != 0 ] && [ "$rc" != skipped ]; then overall=$rc; fi
}
part Go bash -c 'go tool task test:go && go tool task test:wire'
part client go tool task test:client
part browser go tool task test:e2e
budgets=(240 180 480)
total=0
echo
echo "test times (budget from a fresh clone: Go 4 min, client 3 min, browser 8 min, all 15 min)"
for i in "${!names[@]}"; do
  t=${times[$i]}; total=$((total + t))
  case ${results[$i]} in 0) verdict=passed ;; skipped) verdict=skipped ;; *) verdict="FAILED (exit ${results[$i]})" ;; esac
  printf '  %-8s %2dm%02ds  (budget %dm)  %s\n' "${names[$i]}" $((t / 60)) $((t % 60)) $((budgets[$i] / 60)) "$verdict"
done
printf '  %-8s %2dm%02ds  (budget 15m)\n' all $((total / 60)) $((total % 60))
exit "$overall"
