#!/usr/bin/env bash
# Back up the store, or restore a backup (MONGODB_URI, or the embedded store
# in DATA_DIR, default ./data). Same as: go tool task backup -- DIR
#   scripts/backup.sh backup DIR
#   scripts/backup.sh restore [--drop] DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
args=()
for a in "$@"; do
  # paths are the caller's; the command runs from the repository root
  if [[ "$a" != -* && "$a" != backup && "$a" != restore ]]; then a=$(realpath -m "$a"); fi
  args+=("$a")
done
export DATA_DIR=$(realpath -m "${DATA_DIR:-$root/data}")
cd "$root"
exec go run ./server/cmd/backup "${args[@]}"
