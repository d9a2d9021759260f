import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from '@/lib/theme';
import { cssRules } from './css-text';

const globalCss = readFileSync(join(import.meta.dirname, 'global.css'), 'utf8');

describe('global.css', () => {
  it('is what MUI’s CssBaseline draws with the theme (its focus ring included), so that a page looks the same before MUI loads', () => {
    // A cache of its own, without vendor prefixes: CssBaseline's rules as written.
    const cache = createCache({ key: 'baseline', stylisPlugins: [] });
    const { unmount } = render(
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
        </ThemeProvider>
      </CacheProvider>,
    );
    const drawn = [...document.querySelectorAll('style[data-emotion^="baseline"]')].map((style) => style.textContent).join('');
    unmount();
    expect(drawn).not.toBe('');
    expect(cssRules(globalCss).sort()).toEqual(cssRules(drawn).sort());
  });
});
