import { describe, expect, it } from 'vitest';
import { appStarted, webUrl } from './browser';
import { axeCheck, sweep } from './sweep';

/** The accessibility sweep signed out (sweep.ts), the API reference, and keyboard access to the site menu. */
const state = sweep('signed out');

// The API reference is a static page, the same for everyone, so it is checked
// once. Redoc renders the whole API (some 8,000 elements), which axe takes
// tens of seconds over on this machine.
describe('axe-core, the API reference', () => {
  it('/docs', async () => {
    const context = await state.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(webUrl('/docs'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await axeCheck(state, page, 'signed out', '/docs');
    } finally {
      await context.close();
    }
  }, 240_000);
});

describe('keyboard access', () => {
  it('skip link first; the site menu opens with Enter, keeps focus inside and closes with Escape, back on its button', async () => {
    const context = await state.browser.newContext({ viewport: { width: 400, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(webUrl('/'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');

      // The prerendered header is static HTML until the app, asked for after the first paint, takes it over.
      await appStarted(page);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Site menu' });
      await dialog.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: 'Home' }).waitFor();
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await toggle.evaluate((b) => b === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
