import { expectAxeClean } from './axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail, type Account } from './accounts';
import { appStarted, launchBrowser, openPage, settled } from './browser';
import { ownProduct, placeOrder } from './shop';

let browser: Browser;
let admin: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminAccount(); // one sign-in for the whole file (the login rate limit)
});

afterAll(async () => {
  await browser?.close();
});

/** The catalogue's size now (X-Total-Count of GET /service). */
async function catalogueSize(): Promise<number> {
  const response = await fetch(new URL('/service?limit=1', inject('apiUrl')));
  if (response.status !== 200) throw new Error(`GET /service?limit=1: ${response.status}`);
  return Number(response.headers.get('X-Total-Count'));
}

/**
 * Enough products for a second page of Manage Products (20 a page): products of
 * this file's own when other files have not added enough yet. New products come
 * last in catalogue order, so no other file's first page changes.
 */
async function catalogueOfAtLeast(count: number): Promise<void> {
  const missing = count - (await catalogueSize());
  await Promise.all(Array.from({ length: Math.max(0, missing) }, (_, i) => ownProduct(`E2E Lists Filler ${i}`, { price: 10, stock: 5, minimum: 1 })));
}

/** The page's URL query, as a record (to compare whole states). */
function query(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

async function waitForQuery(page: Page, expected: Record<string, string>): Promise<void> {
  await page.waitForURL((url) => JSON.stringify(Object.fromEntries(url.searchParams)) === JSON.stringify(expected));
}

/** The table's pagination saying it shows rows `from`–…: "21–40 of 57". */
const showingFrom = (page: Page, from: number) => page.getByText(new RegExp(`^${from}–\\d+ of \\d+$`));

async function reload(page: Page): Promise<void> {
  await page.reload();
  await appStarted(page);
  await settled(page);
}

describe('admin lists keep their state in the URL', () => {
  it('Manage Products keeps its order, page and search across a reload and Back', async () => {
    await catalogueOfAtLeast(21);
    const own = await ownProduct('E2E Lists Valve', { price: 12, stock: 5, minimum: 1 });
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      await openSignedIn(page, admin.token, '/dashboard/manageproduct');
      await page.getByRole('heading', { level: 1, name: 'Manage Products' }).waitFor();
      // The admin's side menu at 1280 × 900 (issue 47: it scrolled inside itself with no cue, Reviews and
      // Notifications out of sight): it does not scroll on its own, and its last links are on the page.
      const side = page.getByRole('navigation', { name: 'Dashboard menu' }).first();
      const inner = await side.evaluate((nav) => {
        for (let el: Element | null = nav; el && el !== document.body; el = el.parentElement) {
          if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible') return el.className;
        }
        return '';
      });
      expect(inner, 'an element that scrolls the side menu inside itself').toBe('');
      for (const name of ['Reviews', 'Notifications']) {
        const link = side.getByRole('link', { name, exact: true });
        await link.scrollIntoViewIfNeeded();
        expect(await link.isVisible(), name).toBe(true);
      }
      const rows = page.locator('tr[data-testid="product-row"]');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(20);
      const sort = page.getByRole('combobox', { name: 'Sort by' });
      const search = page.getByRole('searchbox', { name: 'Search by name, SKU or description' });

      // The order, then page 2: each a history entry.
      await sort.click();
      await page.getByRole('option', { name: 'Name: A to Z' }).click();
      await waitForQuery(page, { sort: 'name' });
      await expect.poll(() => sort.innerText()).toBe('Name: A to Z'); // as a user sees it before going on
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await waitForQuery(page, { sort: 'name', page: '2' });
      await showingFrom(page, 21).waitFor();

      // A reload shows the same page in the same order.
      await reload(page);
      expect(query(page)).toEqual({ sort: 'name', page: '2' });
      await showingFrom(page, 21).waitFor();
      expect(await sort.innerText()).toBe('Name: A to Z');

      // Back: page 1 in that order, then the catalogue order.
      await page.goBack();
      await waitForQuery(page, { sort: 'name' });
      await showingFrom(page, 1).waitFor();
      expect(await sort.innerText()).toBe('Name: A to Z');
      await page.goBack();
      await waitForQuery(page, {});
      await expect.poll(() => sort.innerText()).toBe('Catalogue order');

      // A search by name: in the URL once typing pauses, kept by a reload, undone by Back.
      await search.fill(own.name);
      await waitForQuery(page, { q: own.name });
      await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining(own.name)]);
      await reload(page);
      expect(await search.inputValue()).toBe(own.name);
      await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining(own.name)]);
      await page.goBack();
      await waitForQuery(page, {});
      await expect.poll(() => search.inputValue()).toBe('');
      await expect.poll(() => rows.count()).toBe(20);

      // At 400 px, a link to page 2 in an order opens there too.
      await page.setViewportSize({ width: 400, height: 900 });
      await page.goto(new URL('/dashboard/manageproduct?sort=-name&page=2', page.url()).toString());
      await appStarted(page);
      await showingFrom(page, 21).waitFor();
      expect(await sort.innerText()).toBe('Name: Z to A');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Manage Orders keeps its status filter across a reload and Back, at 1280 and 400 px', async () => {
    const product = await ownProduct('E2E Lists Pump', { price: 5, stock: 10, minimum: 1 });
    const email = uniqueEmail('lists');
    const customer = await registerAccount('Lia Lists', email);
    await placeOrder(customer.token, product._id, 1); // at least one unpaid order, this file's own
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      await openSignedIn(page, admin.token, '/dashboard/manageorder');
      await page.getByRole('heading', { level: 1, name: 'Manage Orders' }).waitFor();
      const rows = page.locator('tr[data-testid="order-row"]');
      const mine = rows.filter({ hasText: email });
      await mine.waitFor();
      const filter = page.getByLabel('Show');

      await filter.selectOption('unpaid');
      await waitForQuery(page, { status: 'unpaid' });
      await expect.poll(async () => (await rows.allInnerTexts()).every((row) => /\bunpaid\b/.test(row))).toBe(true);
      await mine.waitFor();

      await reload(page);
      expect(query(page)).toEqual({ status: 'unpaid' });
      expect(await filter.inputValue()).toBe('unpaid');
      await mine.waitFor();

      // Another status is a history entry of its own: Back returns to Unpaid, then to every order.
      await filter.selectOption('shipped');
      await waitForQuery(page, { status: 'shipped' });
      await mine.waitFor({ state: 'detached' });
      await page.goBack();
      await waitForQuery(page, { status: 'unpaid' });
      await expect.poll(() => filter.inputValue()).toBe('unpaid');
      await mine.waitFor();
      await page.goBack();
      await waitForQuery(page, {});
      await expect.poll(() => filter.inputValue()).toBe('all');

      // At 400 px (each order a block), the filtered list opens from its URL.
      await page.setViewportSize({ width: 400, height: 900 });
      await page.goto(new URL('/dashboard/manageorder?status=unpaid', page.url()).toString());
      await appStarted(page);
      await mine.waitFor();
      expect(await filter.inputValue()).toBe('unpaid');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the audit trail filters by who and what, keeps its filters in the URL and is axe-clean, at 1280 and 400 px (issue 44)', async () => {
    const email = uniqueEmail('audited');
    await registerAccount('Audited Customer', email);
    // a failed sign-in to that account: an entry naming it
    await fetch(new URL('/auth/login', inject('apiUrl')), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'not-the-password' }),
    });
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      await openSignedIn(page, admin.token, '/dashboard/audit');
      await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
      await settled(page);
      const rows = page.getByTestId('audit-row');
      await rows.first().waitFor();
      const filters = page.getByRole('search', { name: 'Filter the audit trail' });
      await filters.getByLabel('Who (e-mail)').fill(email);
      await filters.getByLabel(/^Action/).fill('sign-in');
      await filters.getByRole('button', { name: 'Filter' }).click();
      await waitForQuery(page, { actor: email, action: 'sign-in' });
      await expect.poll(() => rows.count()).toBe(1);
      await rows.first().getByText(email).waitFor();
      await rows.first().getByText(/failure \(401\)/).waitFor();
      for (const width of [1280, 400]) {
        await page.setViewportSize({ width, height: 900 });
        await expectAxeClean(page, `the audit trail at ${width}px`);
      }
      // The filters come back with the page, and Clear shows every entry again.
      await reload(page);
      expect(await filters.getByLabel('Who (e-mail)').inputValue()).toBe(email);
      await expect.poll(() => rows.count()).toBe(1);
      await filters.getByRole('button', { name: 'Clear' }).click();
      await waitForQuery(page, {});
      await expect.poll(() => rows.count()).toBeGreaterThan(1);
      await page.getByRole('button', { name: 'Check the chain' }).click();
      // Any verdict first, so that a broken chain or a failed check says
      // which in the failure (a fresh clone's run once waited 30 s here).
      const verdict = page.getByRole('status').filter({ hasText: /^The chain / });
      await verdict.waitFor();
      expect(await verdict.textContent()).toMatch(/^The chain of \d+ entries is intact\.$/);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
