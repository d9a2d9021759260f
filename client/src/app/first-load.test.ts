import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '..');

/** The modules a file imports statically (dynamic `import()` loads later; `import type` is gone at run time). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

function resolveModule(specifier: string, from: string): string | null {
  if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return null; // a package
  const base = specifier.startsWith('@/') ? join(src, specifier.slice(2)) : resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.(tsx?|css|svg)$/.test(candidate)) return candidate;
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/** Every package the files reach through static imports, with the first file that imports it. */
function packagesReached(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => join(src, entry));
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const target = resolveModule(specifier, file);
      if (target) queue.push(target);
      else if (!packages.has(specifier)) packages.set(specifier, file.slice(src.length));
    }
  }
  return packages;
}

describe('the first load of / (issue 31)', () => {
  it('reaches no MUI or emotion: the entry, the shell and the home page are drawn with CSS modules', () => {
    const packages = packagesReached(['main.tsx', 'app/routes/home.tsx']);
    expect(packages.has('react')).toBe(true); // the walk follows the imports
    expect(packages.has('react-router')).toBe(true);
    const mui = [...packages].filter(([name]) => /^@(mui|emotion)\//.test(name)).map(([name, file]) => `${name} (from ${file})`);
    expect(mui).toEqual([]);
  });

  it('and neither does a product page', () => {
    const packages = packagesReached(['main.tsx', 'app/routes/product.tsx']);
    expect([...packages.keys()].filter((name) => /^@(mui|emotion)\//.test(name))).toEqual([]);
  });
});
