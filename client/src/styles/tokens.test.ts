import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { focusRing, theme } from '@/lib/theme';
import { customProperties } from './css-text';

const here = import.meta.dirname;
const src = join(here, '..');
const tokens = readFileSync(join(here, 'tokens.css'), 'utf8');

/** The theme's value at a token's path (`--palette-primary-main`: theme.palette.primary.main), as CSS writes it. */
function themeValue(name: string): string | undefined {
  if (name === '--focus-ring') return focusRing.onLight;
  if (name === '--focus-ring-on-dark') return focusRing.onDark;
  const path = name.slice(2).split('-');
  let value: unknown = theme;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  if (typeof value === 'number') return path[0] === 'shape' ? `${value}px` : String(value);
  return typeof value === 'string' ? value : undefined;
}

describe('tokens.css', () => {
  const properties = customProperties(tokens);

  it('has the theme’s colours, type and shapes', () => {
    expect(properties.length).toBeGreaterThan(40);
    for (const name of ['--palette-primary-main', '--palette-secondary-main', '--palette-text-primary', '--typography-fontFamily', '--shape-borderRadius']) {
      expect(properties.map(([n]) => n)).toContain(name);
    }
  });

  it.each(properties)('%s is the theme’s value (%s)', (name, value) => {
    expect(value).toBe(themeValue(name));
  });
});

describe('the CSS modules', () => {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));

  it('are found', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it('use the theme’s breakpoints, from the smallest width up (as MUI’s breakpoints.up)', () => {
    const breakpoints = Object.values(theme.breakpoints.values).filter((px) => px > 0);
    for (const file of files) {
      const css = readFileSync(join(src, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [media] of css.matchAll(/@media[^{]*\{/g)) {
        if (/prefers-reduced-motion|print/.test(media)) continue;
        const width = /^@media \(min-width: (\d+)px\) \{$/.exec(media);
        expect(width, `${file}: ${media}`).not.toBeNull();
        expect(breakpoints, `${file}: ${media}`).toContain(Number(width![1]));
      }
    }
  });

  it('name only tokens that tokens.css defines (or their own)', () => {
    const defined = new Set(customProperties(tokens).map(([name]) => name));
    for (const file of files) {
      const css = readFileSync(join(src, file), 'utf8');
      for (const [, name] of css.matchAll(/var\((--(?:palette|typography|shape|zIndex|focus)[\w-]*)/g)) {
        expect(defined, `${file}: ${name}`).toContain(name);
      }
    }
  });
});
