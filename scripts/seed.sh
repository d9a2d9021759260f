#!/usr/bin/env bash
# Import a catalogue file into the store (MONGODB_URI, or the embedded store
# in DATA_DIR, default ./data). Same as: go tool task seed -- FILE
#   scripts/seed.sh [--dry-run] [--owner EMAIL] scripts/sample-catalogue.json
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
args=()
for a in "$@"; do
  # paths are the caller's; the import runs from the repository root
  if [[ "$a" != -* && -e "$a" ]]; then a=$(realpath "$a"); fi
  args+=("$a")
done
export DATA_DIR=$(realpath -m "${DATA_DIR:-$root/data}")
cd "$root"
exec go run ./server/cmd/seed "${args[@]}"
