#!/usr/bin/env bash
# Lighthouse mobile performance of / : the client built for a loopback API,
# served by the storefront binary (embedded store, demo data), measured with
# Debian's Chromium. DESIGN.md's budget is a score of 90 or more.
#   scripts/lighthouse.sh            (go tool task bench:client)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
lighthouse_version=12.8.2
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

"$root/scripts/ensure-chromium.sh"
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
api=$(free_port); web=$(free_port)

echo "building the client for http://127.0.0.1:$api"
(cd "$root/client" && VITE_API_URL="http://127.0.0.1:$api" npx vite build --outDir "$work/dist" --emptyOutDir --logLevel warn)
go build -o "$work/storefront" "$root/server/cmd/storefront"
PORT=$api CLIENT_PORT=$web CLIENT_DIST="$work/dist" DATA_DIR="$work/data" PUBLIC_URL="http://127.0.0.1:$api" \
  CORS_ORIGINS="http://127.0.0.1:$web" MONGODB_URI= STRIPE_SECRET_KEY= "$work/storefront" > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$api/healthz" > /dev/null && curl -fs "http://127.0.0.1:$web/" > /dev/null && break
  sleep 0.5
done

echo "running Lighthouse $lighthouse_version (mobile) on http://127.0.0.1:$web/"
npx --yes "lighthouse@$lighthouse_version" "http://127.0.0.1:$web/" --quiet \
  --chrome-path="$chromium" \
  --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-quic --disable-sync" \
  --only-categories=performance --output=json --output-path="$work/report.json"
node -e '
const r = require(process.argv[1]);
const a = r.audits, ms = (k) => a[k] ? a[k].displayValue : "-";
const score = Math.round(r.categories.performance.score * 100);
console.log(`Lighthouse mobile performance of /: ${score} (budget 90)`);
console.log(`  FCP ${ms("first-contentful-paint")}, LCP ${ms("largest-contentful-paint")}, TBT ${ms("total-blocking-time")}, CLS ${ms("cumulative-layout-shift")}, SI ${ms("speed-index")}`);
process.exit(score >= 90 ? 0 : 1);
' "$work/report.json"
