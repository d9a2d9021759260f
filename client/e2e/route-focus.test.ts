import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, registerAccount, uniqueEmail, type Account } from './accounts';
import { appStarted, launchBrowser, openPage, settled } from './browser';

/**
 * Issue 31: after a navigation to another page, focus is on <main> and the
 * new page's title is announced in the layout's polite live region; a change
 * of the query alone (a list's next page) moves nothing and announces nothing.
 */
let browser: Browser;
let customer: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await registerAccount('Route Focus', uniqueEmail('route-focus'));
});

afterAll(async () => {
  await browser?.close();
});

const LIVE_REGION = 'body [aria-live="polite"][aria-atomic="true"]:not([role])';

/** Waits until focus is on <main> and the live region says the (settled) document title, which must match `title`. */
async function expectFocusAndAnnouncement(page: Page, title: RegExp): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.id === 'main' && document.activeElement.tagName === 'MAIN');
  await settled(page);
  await page.waitForFunction(
    (selector) => {
      const region = document.querySelector(selector);
      return !!region && region.textContent !== '' && region.textContent === document.title;
    },
    LIVE_REGION,
  );
  expect(await page.locator(LIVE_REGION).count()).toBe(1);
  expect(await page.locator(LIVE_REGION).textContent()).toMatch(title);
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
}

for (const width of [400, 1280]) {
  const viewport = { width, height: 900 };
  const small = width < 900;

  describe(`route focus at ${width}px`, () => {
    it('the first page keeps focus where the browser has it and announces nothing', async () => {
      const { context, page } = await openPage(browser, '/blog', viewport);
      try {
        await settled(page);
        expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
        expect(await page.locator(LIVE_REGION).textContent()).toBe('');
      } finally {
        await context.close();
      }
    });

    it('after a header link: focus on <main>, the new title announced', async () => {
      const { context, page } = await openPage(browser, '/', viewport);
      try {
        await settled(page);
        if (small) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: 'Blog' }).click();
          await page.getByRole('dialog', { name: 'Site menu' }).waitFor({ state: 'hidden' });
        } else {
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
        }
        await page.waitForURL((url) => url.pathname === '/blog');
        await expectFocusAndAnnouncement(page, /^Blog \| /);
        // Tab goes on from the top of the new page, not from the header link.
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('main, footer'))).toBe(true);
      } finally {
        await context.close();
      }
    });

    it('after a link in the page to a list: focus on <main>; the list’s next page (the query alone) leaves focus and says nothing', async () => {
      const { context, page } = await openPage(browser, '/', viewport);
      try {
        await settled(page);
        await page.locator('main a[href="/products"]').first().click();
        await page.waitForURL((url) => url.pathname === '/products');
        await expectFocusAndAnnouncement(page, /^All Products \| /);

        // Counts what is written into the live region from here on.
        await page.evaluate((selector) => {
          const region = document.querySelector(selector)!;
          const w = window as unknown as { announcements: number };
          w.announcements = 0;
          new MutationObserver((records) => (w.announcements += records.length)).observe(region, { childList: true, characterData: true, subtree: true });
        }, LIVE_REGION);
        const next = page.getByRole('link', { name: 'Go to page 2' });
        await next.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('page') === '2');
        await page.getByText(/^Showing 13–\d+ of \d+ products$/).waitFor();
        await settled(page);
        expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('MAIN');
        expect(await page.evaluate(() => (window as unknown as { announcements: number }).announcements)).toBe(0);
      } finally {
        await context.close();
      }
    });

    it('after a dashboard menu link: focus on <main>, the new title announced', async () => {
      const { context, page } = await openPage(browser, '/', viewport);
      try {
        await openSignedIn(page, customer.token, '/dashboard');
        await appStarted(page);
        await settled(page);
        if (small) {
          await page.getByRole('button', { name: 'Dashboard menu' }).click();
          await page.getByRole('dialog', { name: 'Dashboard menu' }).getByRole('link', { name: 'My Orders' }).click();
          await page.getByRole('dialog', { name: 'Dashboard menu' }).waitFor({ state: 'hidden' });
        } else {
          await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'My Orders' }).click();
        }
        await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
        await expectFocusAndAnnouncement(page, /^My Orders \| /);
      } finally {
        await context.close();
      }
    });
  });
}
