import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, settled, webUrl } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The origin a request goes to; a blob: URL's is the page's that made it. */
function origin(request: Request): string {
  const url = request.url();
  if (url.startsWith('data:')) return 'data:';
  return new URL(url.startsWith('blob:') ? url.slice('blob:'.length) : url).origin;
}

/**
 * An operation's heading, by the summary it shows. (Redoc puts a permalink
 * labelled with the operation's anchor inside each heading, so the heading's
 * accessible name starts with that label.)
 */
function operation(page: Page, summary: string): Locator {
  const text = new RegExp(`^\\s*${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return page.getByRole('heading', { level: 2 }).filter({ hasText: text });
}

describe('/docs, the API reference', () => {
  for (const width of [1280, 400]) {
    it(`renders the API's own OpenAPI document at ${width} px, with nothing from other origins`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const requests: Request[] = [];
        const pageErrors: Error[] = [];
        page.on('request', (request) => requests.push(request));
        page.on('pageerror', (error) => pageErrors.push(error));
        await page.goto(webUrl('/docs'));

        await page.getByRole('heading', { level: 1, name: 'Storefront API (1.0.0)' }).waitFor();
        for (const name of ['A page of the catalogue', 'Order a product', 'Sign in with email and password', 'Sales figures from paid orders (admins)']) {
          await expect.poll(() => operation(page, name).count()).toBe(1);
        }
        await operation(page, 'Order a product').scrollIntoViewIfNeeded();
        expect(await operation(page, 'Order a product').isVisible()).toBe(true);
        expect(await page.title()).toBe('API reference | Ironclad Machinery');

        const site = new URL(webUrl('/')).origin;
        const api = new URL(inject('apiUrl')).origin;
        expect(requests.map((r) => r.url())).toContain(`${api}/openapi.json`);
        const elsewhere = requests.filter((r) => ![site, api, 'data:'].includes(origin(r))).map((r) => r.url());
        expect(elsewhere).toEqual([]);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('is not part of the app: / loads no Redoc', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(webUrl('/'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
      expect(requests.filter((url) => /redoc|openapi\.json/.test(url))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
