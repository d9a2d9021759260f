#!/usr/bin/env bash
# Lighthouse mobile (simulated throttling) of / and of a product page
# (/product/:id, rendered by the Go server): the client built for a loopback
# API, served by the storefront binary (embedded store, demo data), measured
# with Debian's Chromium, three runs a page (LIGHTHOUSE_RUNS). Budgets (issue
# 31), held by each figure's median: performance >= 98, LCP <= 1.2 s,
# TBT <= 100 ms, CLS 0, accessibility 100, SEO 100 on both pages.
#   scripts/lighthouse.sh            (go tool task bench:client)
#   LIGHTHOUSE_REPORTS=DIR scripts/lighthouse.sh   also keeps the JSON reports in DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
lighthouse_version=13.5.0
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
PORT=$api CLIENT_PORT=$web SITE_URL="http://127.0.0.1:$web" CLIENT_DIST="$work/dist" DATA_DIR="$work/data" PUBLIC_URL="http://127.0.0.1:$api" \
  CORS_ORIGINS="http://127.0.0.1:$web" MONGODB_URI= STRIPE_SECRET_KEY= "$work/storefront" > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$api/healthz" > /dev/null && curl -fs "http://127.0.0.1:$web/" > /dev/null && break
  sleep 0.5
done

product=$(curl -fs "http://127.0.0.1:$api/service?limit=1" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[0]._id))')
runs=${LIGHTHOUSE_RUNS:-3}
failed=0
for path in / "/product/$product"; do
  name=$( [ "$path" = / ] && echo home || echo product )
  reports=()
  for run in $(seq 1 "$runs"); do
    echo "running Lighthouse $lighthouse_version (mobile) on http://127.0.0.1:$web$path, run $run of $runs"
    npx --yes "lighthouse@$lighthouse_version" "http://127.0.0.1:$web$path" --quiet \
      --chrome-path="$chromium" \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-quic --disable-sync" \
      --only-categories=performance,accessibility,seo --output=json --output-path="$work/$name-$run.json"
    [ -n "${LIGHTHOUSE_REPORTS:-}" ] && mkdir -p "$LIGHTHOUSE_REPORTS" && cp "$work/$name-$run.json" "$LIGHTHOUSE_REPORTS/"
    reports+=("$work/$name-$run.json")
  done
  # Each figure's median over the runs is what the budgets are held to.
  node -e '
const [path, ...files] = process.argv.slice(1);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const runs = files.map((file) => {
  const r = require(file), a = r.audits, c = r.categories;
  return {
    performance: Math.round(c.performance.score * 100), accessibility: Math.round(c.accessibility.score * 100), seo: Math.round(c.seo.score * 100),
    lcp: a["largest-contentful-paint"].numericValue, tbt: a["total-blocking-time"].numericValue, cls: a["cumulative-layout-shift"].numericValue,
    fcp: a["first-contentful-paint"].numericValue, si: a["speed-index"].numericValue,
  };
});
const line = (m) => `performance ${m.performance}, LCP ${(m.lcp / 1000).toFixed(2)} s, TBT ${Math.round(m.tbt)} ms, CLS ${m.cls.toFixed(3)}, accessibility ${m.accessibility}, SEO ${m.seo}  (FCP ${(m.fcp / 1000).toFixed(2)} s, SI ${(m.si / 1000).toFixed(2)} s)`;
runs.forEach((m, i) => console.log(`  run ${i + 1}: ${line(m)}`));
const m = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
console.log(`Lighthouse mobile of ${path}, median of ${runs.length}: ${line(m)}`);
const over = [
  m.performance < 98 && "performance < 98",
  m.lcp > 1200 && "LCP > 1.2 s",
  m.tbt > 100 && "TBT > 100 ms",
  m.cls > 0 && "CLS > 0",
  m.accessibility < 100 && "accessibility < 100",
  m.seo < 100 && "SEO < 100",
].filter(Boolean);
if (over.length) console.log(`  over budget: ${over.join(", ")}`);
process.exit(over.length ? 1 : 0);
' "$path" "${reports[@]}" || failed=1
done
exit $failed
