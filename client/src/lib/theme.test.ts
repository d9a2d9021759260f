import { describe, expect, it } from 'vitest';
import { focusRing, onDarkSurface, theme } from './theme';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme', () => {
  // vite.config.ts stubs MUI's CSS-variables code out of the build: a theme that needed it would fail there.
  it('is a plain theme: no CSS theme variables, no color schemes', () => {
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme && theme.vars).toBeFalsy();
  });

  describe('focus ring', () => {
    const { palette } = theme;
    // The surfaces controls sit on: the page, cards and fields, the reviews' grey band.
    const light = [palette.background.default, palette.background.paper, '#e9ecf0'];
    // The steel surfaces: footer, banner and hero gradients.
    const dark = [palette.secondary.main, '#16202a', '#1f3040'];

    it('reaches 3:1 on every light surface, and a focused label (text) 4.5:1', () => {
      for (const surface of light) {
        expect(contrast(focusRing.onLight, surface), surface).toBeGreaterThanOrEqual(4.5);
      }
    });

    it('switches to a colour that reaches 3:1 on the dark surfaces', () => {
      expect(onDarkSurface['--focus-ring']).toBe(focusRing.onDark);
      for (const surface of dark) {
        expect(contrast(focusRing.onDark, surface), surface).toBeGreaterThanOrEqual(3);
      }
    });

    it('is not the amber brand colour on white, which is below 3:1', () => {
      expect(contrast(palette.primary.main, palette.background.paper)).toBeLessThan(3);
      expect(focusRing.onLight).not.toBe(palette.primary.main);
    });
  });
});
