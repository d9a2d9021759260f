import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPrice } from '../src/utils/format';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail, type Account } from './accounts';
import { launchBrowser, openPage, settled, webUrl } from './browser';
import { api, demoProduct, GENERATOR, placeOrder } from './shop';

/**
 * The admin's Sales page (issue 15) against the real server. The server is
 * shared with the other browser tests, so the figures are checked as the
 * change this file makes (one paid and one unpaid order of a product of its
 * own) and the page is checked against GET /admin/sales itself.
 */

const CSV_HEADER = 'number,createdAt,email,name,productName,productQuantity,productPrice,amount,paid,transactionId,shipped,shippedAt,address,mobile,tax,group,carrier,trackingNumber,purchaseNumber,poNumber,company,invoiceNumber';
const PRICE = 125_000;
const STOCK = 5;
const MINIMUM = 2;
/** An order of the minimum as charged: the server's TAX_RATE (8.25, e2e/global-setup.ts) on $250,000. */
const CHARGED = 270_625;

interface SalesReport {
  months: { month: string; revenue: number; orders: number; purchases: number; units: number }[];
  topProducts: { productId: string; name: string; units: number; revenue: number }[];
  unpaid: { count: number; amount: number };
  lowStock: { _id: string; name: string; avaialbequantit: number; minimumquantity: number }[];
}

let browser: Browser;
let admin: Account;
let customer: Account;
const productName = `E2E Sales Press ${randomUUID().slice(0, 8)}`;
let productId = '';
let before: SalesReport;
let after: SalesReport;

const sales = () => api<SalesReport>('/admin/sales?months=6', { token: admin.token });

/** Pays an order as its owner with the offline provider's test card, as the payment page does. */
async function payOrder(token: string, orderId: string, account: Account['user']) {
  const { clientSecret } = await api<{ clientSecret: string }>('/create-payment-intent', { method: 'POST', token, body: JSON.stringify({ orderId }) });
  const intent = await api<{ id: string; status: string }>('/payments/test/confirm', {
    method: 'POST',
    body: JSON.stringify({ clientSecret, number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', name: account.name, email: account.email }),
  });
  expect(intent.status).toBe('succeeded');
  await api(`/pay/${orderId}`, { method: 'PATCH', token, body: JSON.stringify({ transactionId: intent.id }) });
}

const round2 = (n: number) => Math.round(n * 100) / 100;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminAccount();
  customer = await registerAccount('Sal Sales', uniqueEmail('sales'));
  // A product of this file's own, with the picture of a demo product (served by the server under test).
  const generator = await api<{ image: string }>(`/service/${(await demoProduct(GENERATOR))._id}`);
  productId = (
    await api<{ insertedId: string }>('/added', {
      method: 'POST',
      token: admin.token,
      body: JSON.stringify({
        name: productName,
        price: String(PRICE),
        avaialbequantit: String(STOCK),
        minimumquantity: String(MINIMUM),
        description: 'A hydraulic press the sales test sells.',
        image: generator.image,
        email: admin.user.email,
      }),
    })
  ).insertedId;

  before = await sales();
  // Two orders of the minimum: one paid, one left unpaid. They leave 1 in stock, below the minimum of 2.
  const paidOrder = await placeOrder(customer.token, productId, MINIMUM);
  await payOrder(customer.token, paidOrder, customer.user);
  await placeOrder(customer.token, productId, MINIMUM);
  after = await sales();
});

afterAll(async () => {
  await browser?.close();
  // Out of the catalogue again (its orders stay, and with them the figures).
  if (productId) await api(`/deleteproduct/${productId}`, { method: 'DELETE', token: admin.token }).catch(() => undefined);
});

const tile = (page: Page, testId: string) => page.getByTestId(testId);

async function openSales(page: Page) {
  await openSignedIn(page, admin.token, '/dashboard/sales');
  await page.getByRole('heading', { level: 1, name: 'Sales' }).waitFor();
  await tile(page, 'tile-revenue').waitFor();
}

describe('the admin’s Sales page (issue 15)', () => {
  it('GET /admin/sales counts this file’s orders: revenue, paid orders, units, unpaid, top products and low stock', () => {
    const [was, now] = [before.months.at(-1)!, after.months.at(-1)!];
    expect(after.months).toHaveLength(6);
    expect(now.month).toBe(new Date().toISOString().slice(0, 7));
    expect(round2(now.revenue - was.revenue)).toBe(CHARGED);
    expect(now.orders - was.orders).toBe(1);
    expect(now.purchases - was.purchases).toBe(1);
    expect(now.units - was.units).toBe(MINIMUM);
    expect(after.unpaid.count - before.unpaid.count).toBe(1);
    expect(round2(after.unpaid.amount - before.unpaid.amount)).toBe(CHARGED);
    expect(after.topProducts).toContainEqual({ productId, name: productName, units: MINIMUM, revenue: CHARGED });
    expect(after.lowStock).toContainEqual({ _id: productId, name: productName, avaialbequantit: STOCK - 2 * MINIMUM, minimumquantity: MINIMUM });
  });

  for (const width of [1280, 400]) {
    it(`at ${width} px: the tiles show GET /admin/sales’s figures, the chart draws bars, the top products and the low-stock list name the product`, async () => {
      const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
      try {
        await openSales(page);
        const now = after.months.at(-1)!;
        expect(await tile(page, 'tile-revenue').innerText()).toContain(formatPrice(now.revenue));
        expect(await tile(page, 'tile-revenue').innerText()).toContain('Revenue this month');
        // Purchases, and their orders (lines) beside them.
        const paidTile = (await tile(page, 'tile-paid-orders').innerText()).split('\n');
        expect(paidTile).toContain('Paid purchases this month');
        expect(paidTile).toContain(String(now.purchases));
        expect(paidTile.some((line) => line.startsWith(`${now.orders} order`))).toBe(true);
        const unpaid = await tile(page, 'tile-unpaid').innerText();
        expect(unpaid).toContain(formatPrice(after.unpaid.amount));
        expect(unpaid).toContain(after.unpaid.count === 1 ? '1 unpaid order' : `${after.unpaid.count} unpaid orders`);

        const chart = page.getByRole('img', { name: /^Bar chart of paid revenue by month/ });
        await chart.waitFor();
        await chart.locator('.recharts-bar-rectangle path').first().waitFor();
        expect(await chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThanOrEqual(1);
        // The chart fits its panel: nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        // The figures as a table for screen readers.
        const figures = page.getByRole('table', { name: /^Paid revenue by month/ });
        expect(await figures.getByRole('row').count()).toBe(7);

        const top = page.getByRole('table', { name: 'Top products by revenue' });
        const row = top.getByRole('row').filter({ hasText: productName });
        expect((await row.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual([String(MINIMUM), formatPrice(CHARGED)]);

        const low = page.getByRole('region', { name: 'Low on stock' }).getByRole('listitem').filter({ hasText: productName });
        expect(await low.innerText()).toContain(`${STOCK - 2 * MINIMUM} pcs in stock, minimum order ${MINIMUM} pcs`);
        const edit = low.getByRole('link', { name: `Edit ${productName} in Manage Products` });
        expect(await edit.getAttribute('href')).toBe(`/dashboard/manageproduct?edit=${productId}`);
        await edit.click();
        await page.waitForURL((url) => url.pathname === '/dashboard/manageproduct');
        const dialog = page.getByRole('dialog', { name: `Edit ${productName}` });
        await dialog.waitFor();
        expect(await dialog.getByLabel('Available Quantity', { exact: false }).inputValue()).toBe(String(STOCK - 2 * MINIMUM));
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: Export CSV downloads this month’s orders with the header row; a start after the end is refused`, async () => {
      const { context, page } = await openPage(browser, '/', { width, height: 900 });
      try {
        await openSales(page);
        const today = new Date().toISOString().slice(0, 10);
        const from = page.getByLabel('From', { exact: true });
        const to = page.getByLabel('To', { exact: true });
        expect(await from.inputValue()).toBe(`${today.slice(0, 8)}01`);
        expect(await to.inputValue()).toBe(today);

        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
        expect(download.suggestedFilename()).toBe(`orders-${today.slice(0, 8)}01-to-${today}.csv`);
        // Read through the connection (the shared browser is remote to this file: no local path).
        const chunks: Buffer[] = [];
        for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
        const csv = Buffer.concat(chunks).toString('utf8');
        const lines = csv.trimEnd().split(/\r?\n/);
        expect(lines[0]).toBe(CSV_HEADER);
        const ours = lines.filter((line) => line.includes(productName));
        expect(ours).toHaveLength(2);
        for (const line of ours) expect(line).toContain(`${customer.user.email},Sal Sales,${productName},${MINIMUM},${PRICE}.00,${CHARGED}.00,`);
        expect(ours.filter((line) => line.includes(',true,pi_'))).toHaveLength(1);
        await page.getByRole('alert').filter({ hasText: `Downloaded orders-${today.slice(0, 8)}01-to-${today}.csv.` }).waitFor();

        // A start after the end: said at once, and nothing is downloaded.
        let downloads = 0;
        page.on('download', () => downloads++);
        await from.fill('2999-01-01');
        await page.getByRole('button', { name: 'Export CSV' }).click();
        await page.getByRole('alert').filter({ hasText: 'The start date must be on or before the end date.' }).waitFor();
        expect(downloads).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it('a customer opening /dashboard/sales lands on /login, signed out, and sees no figures', async () => {
    const { context, page } = await openPage(browser, '/');
    try {
      await openSignedIn(page, customer.token, '/dashboard/sales');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('That page is for admins. Sign in with an admin account to open it.').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      expect(await page.getByTestId('tile-revenue').count()).toBe(0);
      // And the API refuses the customer too.
      const response = await fetch(new URL('/admin/sales', inject('apiUrl')), { headers: { Authorization: `Bearer ${customer.token}` } });
      expect(response.status).toBe(403);
      expect(response.headers.get('Content-Type')).toContain('application/problem+json');
    } finally {
      await context.close();
    }
  });

  it('keeps the Sales page’s code out of the first load of /', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    try {
      await page.goto(webUrl('/'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
      const scripts = requested.filter((path) => path.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((path) => /sales/i.test(path))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
