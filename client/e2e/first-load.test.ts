import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, launchBrowser, settled, webUrl } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** What MUI's code (its class names, `Mui` + a component) and emotion's (its style tags' attribute) always carry. */
const MUI_OR_EMOTION = /\bMui[A-Z][A-Za-z]+|data-emotion/;

describe('the first load of / (issue 31)', () => {
  for (const width of [400, 1280]) {
    it(`at ${width} px: no script the browser fetches holds MUI or emotion, until the visitor scrolls or opens something`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const scripts: Promise<{ url: string; mui: boolean }>[] = [];
        page.on('response', (response) => {
          if (!new URL(response.url()).pathname.endsWith('.js')) return;
          scripts.push(response.text().then((body) => ({ url: response.url(), mui: MUI_OR_EMOTION.test(body) })));
        });
        await page.goto(webUrl('/'));
        await appStarted(page);
        await settled(page);
        // The featured products are there and live (React has the page).
        await page.locator('[data-testid="product-card"]').first().waitFor({ state: 'visible' });
        const fetched = await Promise.all(scripts);
        expect(fetched.length).toBeGreaterThan(2);
        expect(fetched.filter((script) => script.mui).map((script) => script.url)).toEqual([]);
        expect(await page.locator('style[data-emotion]').count()).toBeLessThanOrEqual(1); // the prerendered About's, untouched

        // Scrolling down loads the sections drawn with MUI, with its code.
        await page.locator('#reviews-title').scrollIntoViewIfNeeded();
        await page.locator('.swiper').first().waitFor({ state: 'visible' });
        await settled(page);
        expect((await Promise.all(scripts)).some((script) => script.mui)).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});
