#!/usr/bin/env bash
# Issue 13's open point: the home page's featured products rendered by the
# client after it fetches them (A, "client") or put into the HTML by the Go
# server from its cached answer (B, "server"). One client build and one
# binary serve both: A's client server has the build without home.html (so /
# is the prerendered index.html), B's the build as is. Both pages call B's API
# (the build is for one API address), so they fetch the same answers. Then
# Lighthouse 13 mobile (simulated throttling, Debian's Chromium) on / of each,
# interleaved A, B, A, B, ... so that the machine's load falls on both alike.
#   scripts/lighthouse-featured-trial.sh [RUNS]      (default 7 of each)
#   LIGHTHOUSE_REPORTS=DIR ...                       also keeps the JSON reports
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-7}
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
lighthouse_version=13.5.0
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null; done; rm -rf "$work"; }
trap cleanup EXIT

"$root/scripts/ensure-chromium.sh"
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
api_b=$(free_port); web_b=$(free_port); api_a=$(free_port); web_a=$(free_port)

echo "building the client for http://127.0.0.1:$api_b"
(cd "$root/client" && VITE_API_URL="http://127.0.0.1:$api_b" npx vite build --outDir "$work/dist-server" --emptyOutDir --logLevel warn)
cp -r "$work/dist-server" "$work/dist-client"
rm "$work/dist-client/home.html"
go build -o "$work/storefront" "$root/server/cmd/storefront"

start() { # name api web dist cors
  PORT=$2 CLIENT_PORT=$3 SITE_URL="http://127.0.0.1:$3" CLIENT_DIST="$4" DATA_DIR="$work/data-$1" PUBLIC_URL="http://127.0.0.1:$2" \
    CORS_ORIGINS="$5" MONGODB_URI= STRIPE_SECRET_KEY= "$work/storefront" > "$work/server-$1.log" 2>&1 &
  pids+=($!)
}
start server "$api_b" "$web_b" "$work/dist-server" "http://127.0.0.1:$web_b,http://127.0.0.1:$web_a"
start client "$api_a" "$web_a" "$work/dist-client" "http://127.0.0.1:$web_a"
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$api_b/healthz" > /dev/null && curl -fs "http://127.0.0.1:$web_b/" > /dev/null &&
    curl -fs "http://127.0.0.1:$web_a/" > /dev/null && break
  sleep 0.5
done
grep -q 'data-testid="product-card"' <(curl -fs "http://127.0.0.1:$web_b/") || { echo "B's / has no featured cards" >&2; exit 1; }
! grep -q 'data-testid="product-card"' <(curl -fs "http://127.0.0.1:$web_a/") || { echo "A's / has featured cards" >&2; exit 1; }

gz() { curl -fs -H 'Accept-Encoding: gzip' "$1" | wc -c; }
shell=$(gz "http://127.0.0.1:$web_b/app.html")
for v in client server; do
  web=$([ $v = client ] && echo "$web_a" || echo "$web_b")
  html=$(gz "http://127.0.0.1:$web/")
  echo "HTML of / ($v): $html bytes gzip as served, $((html - shell)) more than the plain shell (app.html, $shell)"
done
(cd "$root/client" && node scripts/first-load-size.mjs --dist "$work/dist-server" | grep "First-load")

mkdir -p "$work/reports"
for i in $(seq 1 "$runs"); do
  for v in client server; do
    web=$([ $v = client ] && echo "$web_a" || echo "$web_b")
    npx --yes "lighthouse@$lighthouse_version" "http://127.0.0.1:$web/" --quiet \
      --chrome-path="$chromium" \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-quic --disable-sync" \
      --only-categories=performance,accessibility,seo --output=json --output-path="$work/reports/$v-$i.json"
    node -e '
const r = require(process.argv[1]), a = r.audits, c = r.categories;
console.log([process.argv[2], process.argv[3], Math.round(c.performance.score * 100), (a["largest-contentful-paint"].numericValue / 1000).toFixed(2),
  Math.round(a["total-blocking-time"].numericValue), a["cumulative-layout-shift"].numericValue.toFixed(3),
  (a["first-contentful-paint"].numericValue / 1000).toFixed(2), (a["speed-index"].numericValue / 1000).toFixed(2),
  Math.round(c.accessibility.score * 100), Math.round(c.seo.score * 100), Math.round(r.environment.benchmarkIndex)].join("\t"));
' "$work/reports/$v-$i.json" "$i" "$v" | tee -a "$work/runs.tsv"
  done
done
[ -n "${LIGHTHOUSE_REPORTS:-}" ] && mkdir -p "$LIGHTHOUSE_REPORTS" && cp "$work/reports/"*.json "$work/runs.tsv" "$LIGHTHOUSE_REPORTS/"

node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => l.split("\t"));
const cols = ["performance", "LCP s", "TBT ms", "CLS", "FCP s", "SI s", "a11y", "SEO", "CPU index"];
const median = (xs) => { const s = [...xs].sort((x, y) => x - y), m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
for (const v of ["client", "server"]) {
  const mine = rows.filter((r) => r[1] === v);
  console.log(`\n${v}-rendered featured products (${mine.length} runs): median [min-max]`);
  cols.forEach((name, k) => {
    const xs = mine.map((r) => Number(r[k + 2]));
    console.log(`  ${name.padEnd(12)} ${String(median(xs)).padStart(7)}  [${Math.min(...xs)}-${Math.max(...xs)}]`);
  });
}
' "$work/runs.tsv"
