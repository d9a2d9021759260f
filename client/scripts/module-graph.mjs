// The client's module graph, read from the source (no build): which modules
// render outside MUI's theme. Used by eslint.config.js (no MUI imports there)
// and by src/app/mui-boundary.test.ts.
//
// A part drawn with MUI loads MUI's theme with it: `withMui(() => import(...))`
// (src/lib/with-mui.tsx), or a route's `page(() => import(...))` (src/app/router.tsx),
// which does the same. Everything reached from the entry without passing such a
// boundary, by static imports or by other dynamic imports (`lazy(() => import(...))`,
// `plainPage(...)`, `await import(...)`), renders outside the theme: "the plain zone",
// which includes the first load of `/` and of a product page. An MUI component
// there would draw with MUI's default theme, silently: it must not import MUI.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(clientDir, 'src');

/** The app's entry: what index.html and app.html load. */
export const ENTRY = 'src/main.tsx';

const STATIC = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** What stands before a dynamic import that loads MUI's theme with its module. */
const THEMED = /(?:withMui|(?<![\w.])page)\(\s*\(\)\s*=>\s*$/;

function resolveModule(specifier, from) {
  if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return null; // a package
  const base = specifier.startsWith('@/') ? join(src, specifier.slice(2)) : resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.(tsx?|css|svg)$/.test(candidate)) return candidate;
  }
  throw new Error(`${relative(clientDir, from)}: cannot resolve ${specifier}`);
}

/** A module's imports: `{specifier, dynamic, themed}` (themed: a dynamic import that loads MUI's theme with it). */
export function importsOf(file) {
  const code = readFileSync(file, 'utf8');
  const found = [...code.matchAll(STATIC)].map((m) => ({ specifier: m[1], dynamic: false, themed: false }));
  for (const m of code.matchAll(DYNAMIC)) {
    const before = code.slice(Math.max(0, m.index - 60), m.index);
    // A loader named first (`const siteDocument = () => import(...)`) is themed when every use is `page(name)`.
    const named = /const\s+(\w+)\s*=\s*\(\)\s*=>\s*$/.exec(before)?.[1];
    const themedByName = named !== undefined && new RegExp(`(?<![\\w.])page\\(${named}\\)`).test(code) && !new RegExp(`plainPage\\(${named}\\)`).test(code);
    // MUI's theme provider itself is what withMui loads beside the part.
    const themed = THEMED.test(before) || themedByName || /(^|\/)mui-provider$/.test(m[1]);
    found.push({ specifier: m[1], dynamic: true, themed });
  }
  return found;
}

/**
 * The modules rendered outside MUI's theme (paths relative to client/), each
 * with the packages it imports. Walks from the entry through every import but
 * the themed ones.
 */
export function plainZone() {
  const zone = new Map();
  const queue = [join(clientDir, ENTRY)];
  while (queue.length) {
    const file = queue.shift();
    const key = relative(clientDir, file);
    if (zone.has(key) || !/\.tsx?$/.test(file)) continue;
    const packages = [];
    zone.set(key, packages);
    for (const { specifier, themed } of importsOf(file)) {
      if (themed) continue;
      const target = resolveModule(specifier, file);
      if (target) queue.push(target);
      else packages.push(specifier);
    }
  }
  return zone;
}

/** The packages that draw with MUI's theme: none may be imported in the plain zone. */
export const MUI_PACKAGES = /^@(mui|emotion)\//;
