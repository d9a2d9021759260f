import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, launchBrowser, settled, webUrl } from './browser';
import { demoProduct, GENERATOR } from './shop';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** What MUI's code (its class names, `Mui` + a component) and emotion's (its style tags' attribute) always carry. */
const MUI_OR_EMOTION = /\bMui[A-Z][A-Za-z]+|data-emotion/;

/**
 * Every script the page fetches from here on, and whether it holds MUI or emotion. A body that cannot be read
 * fails the check that waits for it; one still arriving when the test closes the page is waited for by no check,
 * so its failed read must not become an unhandled rejection (it failed a CI run once).
 */
function watchScripts(page: Page): () => Promise<{ url: string; mui: boolean }[]> {
  const scripts: Promise<{ url: string; mui: boolean; error?: unknown }>[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    scripts.push(
      response.text().then(
        (body) => ({ url: response.url(), mui: MUI_OR_EMOTION.test(body) }),
        (error: unknown) => ({ url: response.url(), mui: false, error }),
      ),
    );
  });
  return async () => {
    const fetched = await Promise.all(scripts);
    const unread = fetched.find((script) => script.error !== undefined);
    if (unread) throw new Error(`the script ${unread.url} could not be read: ${String(unread.error)}`);
    return fetched.map(({ url, mui }) => ({ url, mui }));
  };
}

const withMui = (scripts: { url: string; mui: boolean }[]) => scripts.filter((script) => script.mui).map((script) => script.url);

describe('the first load without MUI (issue 31)', () => {
  for (const width of [400, 1280]) {
    it(`at ${width} px: no script / fetches holds MUI or emotion, until the visitor scrolls down`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const scripts = watchScripts(page);
        await page.goto(webUrl('/'));
        await appStarted(page);
        await settled(page);
        // The featured products are there and live (React has the page).
        await page.locator('[data-testid="product-card"]').first().waitFor({ state: 'visible' });
        const fetched = await scripts();
        expect(fetched.length).toBeGreaterThan(2);
        expect(withMui(fetched)).toEqual([]);

        // Scrolling down loads the sections drawn with MUI, with its code.
        await page.locator('#reviews-title').scrollIntoViewIfNeeded();
        await page.locator('.swiper').first().waitFor({ state: 'visible' });
        await settled(page);
        expect(withMui(await scripts())).not.toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: no script a product page fetches holds MUI or emotion`, async () => {
      const product = await demoProduct(GENERATOR);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const scripts = watchScripts(page);
        await page.goto(webUrl(`/product/${product._id}`));
        await appStarted(page);
        await settled(page);
        await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ state: 'visible' });
        const fetched = await scripts();
        expect(fetched.length).toBeGreaterThan(2);
        expect(withMui(fetched)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
