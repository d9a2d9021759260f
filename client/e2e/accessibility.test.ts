import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { adminAccount, registerAccount, uniqueEmail, type Account } from './accounts';
import { animationsDone, appStarted, launchBrowser, scrollToBottom, webUrl } from './browser';

/**
 * axe-core over every page of the spec, signed out, as a customer and as an
 * admin. Serious and critical violations fail the test (each printed with its
 * rule, the elements and how to fix it); moderate and minor ones are listed in
 * the summary at the end.
 */

type Role = 'signed out' | 'customer' | 'admin';
const FAILING_IMPACTS = new Set(['serious', 'critical']);

let browser: Browser;
let customer: Account;
let admin: Account;
let productId = '000000000000000000000000';
let orderId = '000000000000000000000000';

interface Row {
  role: Role;
  route: string;
  landed: string;
  failing: number;
  other: string[];
}
const summary: Row[] = [];

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  const response = await fetch(new URL(path, inject('apiUrl')), { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await registerAccount('Axe Customer', uniqueEmail('axe'));
  admin = await adminAccount();
  // A product that can be ordered, and an order of the customer's, for /purchase/:id and /payment/:id.
  const products = await api<{ _id: string; avaialbequantit: number; minimumquantity: number }[]>('/service?limit=20');
  const product = products.find((p) => p.avaialbequantit >= p.minimumquantity) ?? products[0];
  if (product) {
    productId = product._id;
    const order = await api<{ insertedId: string }>('/order', {
      method: 'POST',
      token: customer.token,
      body: JSON.stringify({ productId, productQuantity: product.minimumquantity, address: '1 Axe Street, Testville', mobile: '+1 555 010 0000' }),
    });
    orderId = order.insertedId;
  }
  // A quote request of the customer's, for My Quotes and the admin's pricing form.
  if (productId) {
    await api('/quotes', {
      method: 'POST',
      token: customer.token,
      body: JSON.stringify({ items: [{ productId, quantity: 1 }], message: 'A quote for the axe check.' }),
    });
  }
  // Something in the Inbox. (POST /contact allows 5 a minute per address: send one.)
  await api('/contact', { method: 'POST', body: JSON.stringify({ email: 'axe@e2e.test', subject: 'Axe check', message: 'A message for the inbox.' }) });
});

afterAll(async () => {
  await browser?.close();
  if (summary.length) {
    const lines = summary.map((r) => {
      const where = r.landed === r.route ? r.route : `${r.route} → ${r.landed}`;
      const other = r.other.length ? `  (moderate/minor: ${r.other.join(', ')})` : '';
      return `  ${r.role.padEnd(10)} ${where.padEnd(58)} ${r.failing === 0 ? 'pass' : `${r.failing} serious/critical`}${other}`;
    });
    console.log(`\naxe-core results (${summary.length} pages):\n${lines.join('\n')}\n`);
  }
});

function routes(): string[] {
  return [
    '/', '/home', '/products', `/product/${productId}`, `/purchase/${productId}`, `/payment/${orderId}`, '/login', '/register',
    '/dashboard', '/dashboard/myprofile', '/dashboard/addreview', '/dashboard/myorder',
    '/dashboard/addproduct', '/dashboard/manageorder', '/dashboard/manageproduct', '/dashboard/makeadmin', '/dashboard/inbox', '/dashboard/sales',
    '/quote', '/dashboard/myquotes', '/dashboard/myclaims', '/dashboard/quotes', '/dashboard/claims', '/dashboard/outbox',
    '/portfolio', '/blog', '/landing', '/navbarpractice', '/loading', '/bannertest', '/no-such-page',
    '/about', '/terms', '/privacy', '/warranty',
  ];
}

/** Waits for the page's data: no network, and no loading spinner in the page (except on /loading). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => location.pathname === '/loading' || !document.querySelector('main [role="status"] svg'), undefined, { timeout: 8_000 })
    .catch(() => undefined); // a page that keeps a spinner is still checked
}

function describeViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return results
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `      - ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n    ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

async function check(page: Page, role: Role, route: string, label = route) {
  const results = await new AxeBuilder({ page }).analyze();
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const other = results.violations.filter((v) => !FAILING_IMPACTS.has(v.impact ?? '')).map((v) => `${v.id} (${v.impact})`);
  const landed = new URL(page.url()).pathname;
  summary.push({ role, route: label, landed: label === route ? landed : label, failing: failing.length, other });
  expect(failing, `axe: serious/critical violations on ${label} (${role}, landed on ${landed}):\n${describeViolations(failing)}`).toEqual([]);
}

const ROLES: Role[] = ['signed out', 'customer', 'admin'];

for (const role of ROLES) {
  describe(`axe-core, ${role}`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const token = role === 'customer' ? customer.token : role === 'admin' ? admin.token : null;
      // Before every page load: a customer opening an admin page is signed out by the app, so sign in again each time.
      if (token) await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), token);
      page = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    // The routes need the ids made in the top-level beforeAll: list them lazily, one test each.
    for (let i = 0; i < routes().length; i++) {
      it(`route #${i + 1}: ${routes()[i]!.replace(/[0-9a-f]{24}/, ':id')}`, async () => {
        const route = routes()[i]!;
        await page.goto(webUrl(route));
        await settle(page);
        if (route === '/' || route === '/home') await scrollToBottom(page);
        await check(page, role, route);
      });
    }

    it('the small-screen menus, open', async () => {
      await page.setViewportSize({ width: 400, height: 800 });
      try {
        await page.goto(webUrl('/'));
        await settle(page);
        await appStarted(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        const siteMenu = page.getByRole('navigation', { name: 'Site menu' });
        await siteMenu.waitFor();
        await animationsDone(siteMenu); // the drawer has slid in
        await check(page, role, '/', '/ (400px, site menu open)');
        if (role !== 'signed out') {
          await page.goto(webUrl('/dashboard'));
          await settle(page);
          await page.getByRole('button', { name: 'Dashboard menu' }).click();
          const dashboardMenu = page.getByRole('presentation').getByRole('navigation', { name: 'Dashboard menu' });
          await dashboardMenu.waitFor();
          await animationsDone(dashboardMenu);
          await check(page, role, '/dashboard', '/dashboard (400px, dashboard menu open)');
        }
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    });
  });
}

// The API reference is a static page, the same for everyone, so it is checked
// once. Redoc renders the whole API (some 8,000 elements), which axe takes
// tens of seconds over on this machine.
describe('axe-core, the API reference', () => {
  it('/docs', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(webUrl('/docs'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settle(page);
      await check(page, 'signed out', '/docs');
    } finally {
      await context.close();
    }
  }, 240_000);
});

describe('keyboard access', () => {
  it('skip link first; the site menu opens with Enter, keeps focus inside and closes with Escape, back on its button', async () => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
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

  it('the dashboard menu drawer opens with Enter and its links work from the keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
    try {
      await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), customer.token);
      const page = await context.newPage();
      await page.goto(webUrl('/dashboard'));
      const button = page.getByRole('button', { name: 'Dashboard menu' });
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Dashboard menu' });
      const link = dialog.getByRole('link', { name: 'My Orders' });
      await link.waitFor();
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });
});
