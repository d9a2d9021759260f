#!/usr/bin/env node
// Prints the gzip size of the JS + CSS a browser loads for `/` and fails above the budget.
//
// First load = the entry chunk (index.html's script) and its static imports, the
// `/` route's chunk(s) and their static imports, the CSS of all of those, and the stylesheets
// index.html links.
// Dynamic imports (other pages, the review carousel) are not counted: they load later.
// Sizes are gzip at level 9, the bytes the server sends: it compresses each file of the build once, at
// gzip's best compression (server/internal/site/spa.go, cache.Gzipped). Until 2026-11-27 this script
// measured at zlib's default level 6, about 0.2 % larger (115,071 bytes against 114,844 then).
//
// Usage: node scripts/first-load-size.mjs [--dist dist] [--budget-kb 115]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};

const distDir = resolve(clientDir, option('--dist', 'dist'));
const budgetKB = Number(option('--budget-kb', '115'));
/** Source modules of the `/` route (see src/app/router.tsx). */
const ROOT_ROUTE_MODULES = ['src/app/routes/home.tsx'];
const KB = 1000; // decimal kilobytes: the stricter reading of "115 KB"

const manifestPath = join(distDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`first-load-size: no manifest at ${manifestPath}; build with build.manifest: true first.`);
  process.exit(2);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// The app's page; other pages (the API reference, docs/index.html) are not `/`.
const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry && k === 'index.html');
if (entryKeys.length !== 1) {
  console.error('first-load-size: the manifest has no entry for index.html');
  process.exit(2);
}
const missing = ROOT_ROUTE_MODULES.filter((k) => !manifest[k]);
if (missing.length) {
  console.error(`first-load-size: the / route module(s) ${missing.join(', ')} are not chunks in the manifest.`);
  console.error('Is the home route still lazy and at that path? Update ROOT_ROUTE_MODULES.');
  process.exit(2);
}

/** @type {Map<string, string>} file -> why it is in the first load */
const files = new Map();
const seen = new Set();
/** @type {Map<string, string>} file -> the chunk's name in the manifest */
const names = new Map();
function visit(key, reason) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  if (!files.has(chunk.file)) files.set(chunk.file, reason);
  // Chunks are named by their hash alone (vite.config.ts): the manifest has what each is.
  if (chunk.name && !names.has(chunk.file)) names.set(chunk.file, chunk.name);
  for (const css of chunk.css ?? []) if (!files.has(css)) files.set(css, reason);
  for (const dep of chunk.imports ?? []) visit(dep, reason);
}
visit(entryKeys[0], 'entry');
for (const key of ROOT_ROUTE_MODULES) visit(key, 'route /');
// The stylesheets index.html links (with build.cssCodeSplit off, the app's one stylesheet is linked
// from the page itself, not listed under any chunk of the manifest).
const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
for (const [, href] of indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)) if (!files.has(href)) files.set(href, 'page');

const rows = [];
let totalGzip = 0;
let totalRaw = 0;
const sourceMapped = [];
for (const [file, reason] of files) {
  const bytes = readFileSync(join(distDir, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  totalGzip += gzip;
  totalRaw += bytes.length;
  rows.push({ file: names.has(file) ? `${file} (${names.get(file)})` : file, reason, raw: bytes.length, gzip });
  if (/[#@] sourceMappingURL=/.test(bytes.toString('utf8'))) sourceMapped.push(file);
}

function findMaps(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findMaps(path);
    return name.endsWith('.map') ? [relative(distDir, path)] : [];
  });
}
const maps = findMaps(distDir);

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const width = Math.max(...rows.map((r) => r.file.length));
console.log(`\nFirst load of / (${relative(process.cwd(), distDir) || '.'}):`);
for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${r.file.padEnd(width)}  ${r.reason.padEnd(8)} ${kb(r.raw).padStart(9)} raw ${kb(r.gzip).padStart(9)} gzip`);
}
console.log(`  ${'total'.padEnd(width)}  ${''.padEnd(8)} ${kb(totalRaw).padStart(9)} raw ${kb(totalGzip).padStart(9)} gzip`);
console.log(`First-load JS + CSS of /: ${kb(totalGzip)} gzip (${totalGzip} bytes; budget ${budgetKB} KB)\n`);

let failed = false;
if (sourceMapped.length || maps.length) {
  console.error(`first-load-size: source maps must not be served: ${[...sourceMapped, ...maps].join(', ')}`);
  failed = true;
}
if (totalGzip > budgetKB * KB) {
  console.error(`first-load-size: OVER BUDGET by ${kb(totalGzip - budgetKB * KB)}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
