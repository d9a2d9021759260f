import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail, type Account } from './accounts';
import { launchBrowser, openPage, settled } from './browser';
import { api, ownProduct, type DemoProduct } from './shop';
import { waitUntil } from './wait';

/**
 * Issue 34 end to end: three products into the cart (a product page, a
 * /products card, the purchase page), one checkout, one payment, the group
 * paid; the admin ships it with a carrier and tracking number and the buyer's
 * order page shows them, with the invoice. The same for an accepted quote.
 */

let browser: Browser;
let admin: Account;
let press: DemoProduct;
let belts: DemoProduct;
let valves: DemoProduct;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminAccount();
  [press, belts, valves] = await Promise.all([
    ownProduct('E2E Cart Press', { price: 1200, stock: 20, minimum: 1 }),
    ownProduct('E2E Cart Belts', { price: 15.5, stock: 500, minimum: 10 }),
    ownProduct('E2E Cart Valves', { price: 80, stock: 100, minimum: 2 }),
  ]);
});

afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

interface GroupAnswer {
  _id: string;
  number: number;
  paid: boolean;
  total: number;
  invoiceNumber?: number;
  quoteNumber?: number;
  quoteId?: string;
  orderIds: string[];
  orders: { _id: string; shipped: boolean; carrier?: string; trackingNumber?: string }[];
}

/** Every given text is shown (not just present) at 400 and at 1280 px, and axe finds nothing serious. */
async function visibleAtBothWidths(page: Page, scope: Locator, texts: string[]) {
  for (const width of [400, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const text of texts) {
      const element = scope.getByText(text, { exact: true }).first();
      await element.waitFor();
      await element.scrollIntoViewIfNeeded();
      expect(await element.isVisible(), `${text} at ${width} px`).toBe(true);
    }
    const axe = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    const failing = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(failing.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`), `axe at ${width} px`).toEqual([]);
  }
}

function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
}

/** Pays the group on /payment/group/:id with the test card, once. */
async function payGroup(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Pay for your order' }).waitFor();
  await page.getByText('TEST MODE', { exact: true }).waitFor();
  await page.getByLabel('Card number', { exact: false }).fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)', { exact: false }).fill(futureExpiry());
  await page.getByLabel('CVC', { exact: false }).fill('123');
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay $') && !b.disabled));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByText('Congrats! Your payment is completed.').waitFor();
}

/** The admin ships the buyer's group from Manage Orders with a carrier and tracking number. */
async function shipGroupAsAdmin(page: Page, buyerEmail: string, carrier: string, trackingNumber: string) {
  await openSignedIn(page, admin.token, '/dashboard/manageorder');
  const row = page.locator('tr[data-testid="order-row"]').filter({ hasText: buyerEmail });
  await row.getByTestId('group-number').filter({ hasText: /^Group #\d+$/ }).waitFor();
  await row.getByRole('button', { name: 'Ship group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship the order group' });
  await dialog.getByRole('textbox', { name: 'Carrier (optional)' }).fill(carrier);
  await dialog.getByRole('textbox', { name: 'Tracking number (optional)' }).fill(trackingNumber);
  await dialog.getByRole('button', { name: 'Ship Now' }).click();
  await toast(page, 'The order group is on its way.').waitFor();
  await row.getByRole('button', { name: 'Shipped' }).waitFor();
}

/**
 * The buyer's order page after shipping: the carrier and tracking number in the
 * history, at both widths; and its invoice, issued when it was paid.
 */
async function checkOrderPage(page: Page, group: GroupAnswer, carrier: string, trackingNumber: string) {
  await page.goto(new URL(`/dashboard/order/${group.orderIds[0]}`, page.url()).toString());
  await page.getByRole('heading', { level: 1, name: /^Order #\d+$/ }).waitFor();
  await page.getByTestId('order-group').filter({ hasText: `Group #${group.number}` }).waitFor();
  expect(await page.getByTestId('group-line').count()).toBe(group.orderIds.length);
  const shipped = page.getByTestId('history-shipped');
  await visibleAtBothWidths(page, shipped, [`Carrier: ${carrier}`, `Tracking number: ${trackingNumber}`]);
  await page.getByTestId('history-paid').waitFor();
  expect(await page.getByRole('link', { name: /^Pay for group/ }).count()).toBe(0);

  const now = await api<GroupAnswer>(`/groups/${group._id}`, { token: (await currentToken(page)) ?? '' });
  // Paying issued the group's invoice in the same call, so it is there now.
  expect(now.invoiceNumber).toBeGreaterThan(0);
  const button = page.getByRole('button', { name: `Download invoice #${now.invoiceNumber}` });
  const [response, download] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/invoices/${now.invoiceNumber}.pdf`) && r.request().method() === 'GET'),
    page.waitForEvent('download'),
    button.click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
  expect(download.suggestedFilename()).toBe(`invoice-${now.invoiceNumber}.pdf`);
  // The saved file, read through the connection (the browser's body of a fetch read as a blob is not kept).
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Fetched with the bearer token, never a token in the URL.
  expect(response.request().headers().authorization).toMatch(/^Bearer /);
  expect(response.url()).not.toContain('token');
}

async function currentToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('accessToken'));
}

describe('cart, checkout and order groups (issue 34)', () => {
  it('three products into the cart (product page, /products, purchase page), merged at sign-in, checked out and paid once; shipped with tracking; the order page shows it', async () => {
    const email = uniqueEmail('cart');
    const buyer = await registerAccount('Carla Cart', email);
    const asBuyer = await openPage(browser, `/product/${press._id}`, { width: 400, height: 900 });
    const asAdmin = await openPage(browser, '/', { width: 1280, height: 900 });
    try {
      const page = asBuyer.page;
      // Signed out, at 400 px: the product page adds the minimum (1).
      await page.getByRole('heading', { level: 1, name: press.name }).waitFor();
      await page.getByRole('button', { name: `Add ${press.name} to the cart` }).click();
      await toast(page, `${press.name}: 1 pcs in the cart.`).waitFor();
      await page.getByRole('link', { name: 'Cart, 1 product' }).waitFor();

      // A /products card adds the belts' minimum (10).
      await page.goto(new URL(`/products?q=${encodeURIComponent(belts.name)}`, page.url()).toString());
      await page.getByRole('button', { name: `Add ${belts.name} to the cart` }).click();
      await toast(page, `${belts.name}: 10 pcs in the cart.`).waitFor();
      await page.getByRole('link', { name: 'Cart, 2 products' }).waitFor();

      // Signed in (the visitor's cart merges into the account's), the purchase page adds its quantity, at 1280 px.
      await page.setViewportSize({ width: 1280, height: 900 });
      await openSignedIn(page, buyer.token, `/purchase/${valves._id}`);
      await page.getByRole('heading', { level: 1, name: valves.name }).waitFor();
      await page.getByRole('spinbutton', { name: /Quantity/ }).fill('1');
      await page.getByRole('button', { name: `Add ${valves.name} to the cart` }).click();
      // Below the minimum: the purchase page's own messages (the field's, and the spec's toast), and nothing added.
      await page.getByText('The minimum order is 2 pcs').first().waitFor();
      await toast(page, 'Please enter a value greater than the minimum quantity and less than the minimum quantity').waitFor();
      await page.getByRole('link', { name: 'Cart, 2 products' }).waitFor();
      await page.getByRole('spinbutton', { name: /Quantity/ }).fill('4');
      await page.getByRole('button', { name: `Add ${valves.name} to the cart` }).click();
      await toast(page, `${valves.name}: 4 pcs in the cart.`).waitFor();
      await page.getByRole('link', { name: 'Cart, 3 products' }).waitFor();
      const cart = await waitUntil(
        async () => {
          const c = await api<{ items: { productId: string; quantity: number }[] }>('/cart', { token: buyer.token });
          return c.items.length === 3 && c;
        },
        { message: () => 'the account’s cart never held the three lines' },
      );
      expect(cart.items).toEqual([
        { productId: press._id, quantity: 1 },
        { productId: belts._id, quantity: 10 },
        { productId: valves._id, quantity: 4 },
      ]);

      // The cart page: a quantity below the minimum is said as on the purchase page; the subtotal follows.
      await page.getByRole('link', { name: 'Cart, 3 products' }).click();
      await page.waitForURL((url) => url.pathname === '/cart');
      await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
      const beltsQuantity = page.getByRole('spinbutton', { name: `Quantity of ${belts.name}` });
      await beltsQuantity.fill('5');
      await page.getByText('The minimum order is 10 pcs').waitFor();
      expect(await page.getByRole('link', { name: 'Checkout' }).getAttribute('aria-disabled')).toBe('true');
      await beltsQuantity.fill('20');
      // $1,200 + 20 × $15.50 + 4 × $80
      await page.getByTestId('cart-subtotal').filter({ hasText: '$1,830' }).waitFor();
      await visibleAtBothWidths(page, page.getByRole('list', { name: 'Cart lines' }), [press.name, belts.name, valves.name]);

      // Checkout: the delivery details once, PO and company.
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout');
      await page.getByTestId('checkout-subtotal').filter({ hasText: '$1,830' }).waitFor();
      // No TAX_RATE on the tests' server: no tax line, and the total is the subtotal.
      await page.getByTestId('checkout-total').filter({ hasText: '$1,830' }).waitFor();
      expect(await page.getByTestId('checkout-tax').count()).toBe(0);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByText('Mobile is Required').waitFor();
      await page.getByText('Address is Required').waitFor();
      await page.getByRole('textbox', { name: /^Mobile/ }).fill('+1 555 014 2290');
      await page.getByRole('textbox', { name: /^Address/ }).fill('7 Mill Lane, Sheffield');
      await page.getByRole('textbox', { name: 'Purchase order reference (optional)' }).fill('PO-3401');
      await page.getByRole('textbox', { name: 'Company name (optional)' }).fill('Carla Mills Ltd');
      await visibleAtBothWidths(page, page.locator('form'), [press.name, belts.name, valves.name, 'Place order']);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/payment/group/'));
      const groupId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.getByRole('alert').filter({ hasText: /^Order #\d+ is placed\.$/ }).waitFor();
      await page.getByRole('link', { name: 'Cart, empty' }).waitFor();
      await page.getByTestId('group-po').filter({ hasText: 'PO-3401' }).waitFor();
      await page.getByTestId('group-company').filter({ hasText: 'Carla Mills Ltd' }).waitFor();
      expect(await page.getByTestId('group-line').count()).toBe(3);

      // One payment for the whole group.
      await payGroup(page);
      const group = await waitUntil(
        async () => {
          const g = await api<GroupAnswer>(`/groups/${groupId}`, { token: buyer.token });
          return g.paid && g;
        },
        { message: () => 'the group was never paid' },
      );
      expect(group.orderIds).toHaveLength(3);
      await page.getByRole('link', { name: 'Back to My Orders' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      const groupRow = page.locator('tr[data-testid="order-row"]').filter({ hasText: `Group #${group.number}` });
      await groupRow.getByText('paid', { exact: true }).waitFor();
      expect(await groupRow.getByRole('link', { name: 'PAY' }).count()).toBe(0);
      expect(await groupRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await visibleAtBothWidths(page, groupRow, [`Group #${group.number}`, 'paid']);

      // The admin ships the group at once, with a carrier and tracking number.
      await shipGroupAsAdmin(asAdmin.page, email, 'DHL Freight', 'JD0146000062812');
      await checkOrderPage(page, group, 'DHL Freight', 'JD0146000062812');
      expect(asBuyer.pageErrors).toEqual([]);
      expect(asAdmin.pageErrors).toEqual([]);
    } finally {
      await asBuyer.context.close();
      await asAdmin.context.close();
    }
  });

  it('an accepted quote is one group: paid once from My Orders, "from quote #N", shipped with tracking', async () => {
    const email = uniqueEmail('quotegroup');
    const buyer = await registerAccount('Quincy Group', email);
    const { insertedId, number } = await api<{ insertedId: string; number: number }>('/quotes', {
      method: 'POST',
      token: buyer.token,
      body: JSON.stringify({ items: [{ productId: press._id, quantity: 2 }, { productId: valves._id, quantity: 5 }], message: 'For the new line (issue 34).' }),
    });
    const validUntil = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await api(`/quotes/${insertedId}`, {
      method: 'PATCH',
      token: admin.token,
      body: JSON.stringify({ items: [{ productId: press._id, unitPrice: 1100 }, { productId: valves._id, unitPrice: 75 }], validUntil }),
    });
    const quotes = await api<{ _id: string; revision?: number }[]>('/quotes?limit=50', { token: buyer.token });
    const quote = quotes.find((q) => q._id === insertedId);
    const accepted = await api<{ orderIds: string[]; groupId?: string }>(`/quotes/${insertedId}/accept`, {
      method: 'POST',
      token: buyer.token,
      body: JSON.stringify({ address: '9 Pit Lane, Leeds', mobile: '+44 113 496 0123', revision: quote?.revision ?? 0 }),
    });
    expect(accepted.groupId).toBeTruthy();

    const asBuyer = await openPage(browser, '/', { width: 400, height: 900 });
    const asAdmin = await openPage(browser, '/', { width: 1280, height: 900 });
    try {
      const page = asBuyer.page;
      await openSignedIn(page, buyer.token, '/dashboard/myorder');
      const groupRow = page.locator('tr[data-testid="order-row"]').filter({ hasText: `from quote #${number}` });
      await groupRow.getByTestId('group-number').filter({ hasText: /^Group #\d+$/ }).waitFor();
      expect(await groupRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await visibleAtBothWidths(page, groupRow, [`from quote #${number}`, 'PAY', 'Cancel order']);
      await groupRow.getByRole('link', { name: 'PAY' }).click();
      await page.waitForURL((url) => url.pathname === `/payment/group/${accepted.groupId}`);
      await page.getByTestId('group-from-quote').filter({ hasText: `from quote #${number}` }).first().waitFor();
      // 2 × $1,100 + 5 × $75
      await page.getByText('$2,575', { exact: true }).first().waitFor();
      await payGroup(page);
      const group = await waitUntil(
        async () => {
          const g = await api<GroupAnswer>(`/groups/${accepted.groupId}`, { token: buyer.token });
          return g.paid && g;
        },
        { message: () => 'the quote’s group was never paid' },
      );
      // The group is the quote's (its number is shown above, from quoteNumber or, before the server sends it, the quote).
      expect(group.quoteId).toBe(insertedId);

      await shipGroupAsAdmin(asAdmin.page, email, 'UPS', '1Z999AA10123456784');
      await checkOrderPage(page, group, 'UPS', '1Z999AA10123456784');
      await page.getByTestId('group-from-quote').filter({ hasText: `from quote #${number}` }).first().waitFor();
      await settled(page);
      expect(asBuyer.pageErrors).toEqual([]);
      expect(asAdmin.pageErrors).toEqual([]);
    } finally {
      await asBuyer.context.close();
      await asAdmin.context.close();
    }
  });
});
