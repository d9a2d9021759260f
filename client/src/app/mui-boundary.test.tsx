import { useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '@/lib/theme';
import { withMui } from '@/lib/with-mui';
import { MUI_PACKAGES, plainZone } from '../../scripts/module-graph.mjs';

/** What an MUI component draws with: the theme it reads. */
function ThemeProbe() {
  return <p>{`primary ${useTheme().palette.primary.main}`}</p>;
}

describe('MUI renders only under the theme provider (client/README.md, "Components")', () => {
  it('no module rendered outside the theme imports MUI or emotion: the entry, the shell, / and the product page, and what they load without withMui', () => {
    const zone = plainZone();
    expect(zone.has('src/features/layout/components/header.tsx')).toBe(true); // the walk reaches the shell
    expect(zone.has('src/app/routes/product.tsx')).toBe(true);
    expect(zone.has('src/app/routes/products.tsx')).toBe(false); // a page drawn with MUI: behind withMui
    const offenders = [...zone].flatMap(([file, packages]) => packages.filter((p) => MUI_PACKAGES.test(p)).map((p) => `${file}: ${p}`));
    expect(offenders).toEqual([]);
  });

  it('a part loaded through withMui draws with the app’s theme; without it, MUI would draw with its default one', async () => {
    expect(theme.palette.primary.main).not.toBe('#1976d2'); // MUI's default primary
    const Themed = lazy(withMui(() => Promise.resolve({ default: ThemeProbe })));
    render(
      <Suspense fallback={null}>
        <Themed />
      </Suspense>,
    );
    expect(await screen.findByText(`primary ${theme.palette.primary.main}`)).toBeInTheDocument();
    render(<ThemeProbe />);
    expect(screen.getByText('primary #1976d2')).toBeInTheDocument();
  });
});
