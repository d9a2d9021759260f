import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  // vite.config.ts stubs MUI's CSS-variables code out of the build: a theme that needed it would fail there.
  it('is a plain theme: no CSS theme variables, no color schemes', () => {
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme && theme.vars).toBeFalsy();
  });
});
