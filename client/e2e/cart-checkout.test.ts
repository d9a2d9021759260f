import { expectAxeClean } from './axe';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail, type Account } from './accounts';
import { launchBrowser, openPage, settled } from './browser';
import { api, charged, ownProduct, paidPurchase, totalAtBothWidths, type DemoProduct, type PurchaseAnswer } from './shop';
import { waitUntil } from './wait';

/**
 * Issues 34 and 43 end to end: three products into the cart (a product page,
 * a /products card, the purchase page), one checkout, one purchase with one
 * number, one payment; the admin ships it whole with a carrier and tracking
 * number and the buyer's order page shows them, with the invoice. The same for
 * an accepted quote. The server runs with TAX_RATE 8.25: the total the cart,
 * the checkout, the quote and the payment page show at 400 and 1280 px is the
 * amount charged.
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
    await expectAxeClean(page, `${width} px`);
  }
}

function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
}

/**
 * Pays the purchase on /payment/:id with the test card, once: the button says the total the page shows,
 * and once paid the card form gives way to the spec's texts, the order page and its invoice (issue 47).
 */
async function payPurchase(page: Page, number: number): Promise<string> {
  await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
  await page.getByTestId('purchase-number').filter({ hasText: `Order #${number}` }).waitFor();
  const total = await totalAtBothWidths(page, page.getByTestId('purchase-summary'), 'the payment page');
  await page.getByText('TEST MODE', { exact: true }).waitFor();
  await page.getByLabel('Card number', { exact: false }).fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)', { exact: false }).fill(futureExpiry());
  await page.getByLabel('CVC', { exact: false }).fill('123');
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay $') && !b.disabled));
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await page.getByText('Congrats! Your payment is completed.').waitFor();
  await page.getByText('Your transaction Id:').waitFor();
  await page.getByRole('link', { name: `Order #${number} details` }).waitFor();
  await page.getByRole('button', { name: /^Download invoice #\d+$/ }).waitFor();
  expect(await page.getByLabel('Card number', { exact: false }).count()).toBe(0);
  return total;
}

/** The admin ships the buyer's purchase whole from Manage Orders with a carrier and tracking number. */
async function shipAsAdmin(page: Page, buyerEmail: string, number: number, carrier: string, trackingNumber: string) {
  await openSignedIn(page, admin.token, '/dashboard/manageorder');
  const row = page.locator('tr[data-testid="order-row"]').filter({ hasText: buyerEmail });
  await row.getByTestId('order-number').filter({ hasText: `Order #${number}` }).waitFor();
  await row.getByRole('button', { name: 'Ship with tracking' }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order #${number}` });
  await dialog.getByRole('textbox', { name: 'Carrier (optional)' }).fill(carrier);
  await dialog.getByRole('textbox', { name: 'Tracking number (optional)' }).fill(trackingNumber);
  await dialog.getByRole('button', { name: 'Ship Now' }).click();
  await toast(page, 'The order is on its way.').waitFor();
  await row.getByRole('button', { name: 'Shipped' }).waitFor();
}

/**
 * The buyer's order page after shipping: the carrier and tracking number in the
 * history, at both widths; and its invoice, issued when it was paid.
 */
async function checkOrderPage(page: Page, group: PurchaseAnswer, carrier: string, trackingNumber: string) {
  await page.goto(new URL(`/dashboard/order/${group._id}`, page.url()).toString());
  await page.getByRole('heading', { level: 1, name: `Order #${group.number}` }).waitFor();
  expect(await page.getByTestId('order-line').count()).toBe(group.orderIds.length);
  expect(await page.getByTestId('order-total').innerText()).toBe(charged(group));
  const shipped = page.getByTestId('history-shipped');
  await visibleAtBothWidths(page, shipped, [`Carrier: ${carrier}`, `Tracking number: ${trackingNumber}`]);
  await page.getByTestId('history-paid').waitFor();
  expect(await page.getByRole('link', { name: /^Pay for order/ }).count()).toBe(0);

  const now = await api<PurchaseAnswer>(`/groups/${group._id}`, { token: (await currentToken(page)) ?? '' });
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
      // While a quantity is not one to order, the cart has no total (issue 47: it kept the old figure).
      await page.getByTestId('order-total').filter({ hasText: '—' }).waitFor();
      await beltsQuantity.fill('20');
      // $1,200 + 20 × $15.50 + 4 × $80, and 8.25% tax on each line: $99 + $25.58 + $26.40.
      await page.getByTestId('order-subtotal').filter({ hasText: '$1,830' }).waitFor();
      await page.getByTestId('order-tax').filter({ hasText: '$150.98' }).waitFor();
      const cartTotal = await totalAtBothWidths(page, page.locator('main'), 'the cart');
      expect(cartTotal).toBe('$1,980.98');
      await visibleAtBothWidths(page, page.getByRole('list', { name: 'Cart lines' }), [press.name, belts.name, valves.name]);

      // Checkout: the delivery details once, PO and company.
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout');
      await page.getByTestId('order-subtotal').filter({ hasText: '$1,830' }).waitFor();
      await page.getByText('Sales tax (8.25%)').waitFor();
      expect(await totalAtBothWidths(page, page.locator('form'), 'the checkout')).toBe(cartTotal);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByText('Mobile is Required').waitFor();
      await page.getByText('Address is Required').waitFor();
      await page.getByRole('textbox', { name: /^Mobile/ }).fill('+1 555 014 2290');
      await page.getByRole('textbox', { name: /^Address/ }).fill('7 Mill Lane, Sheffield');
      await page.getByRole('textbox', { name: 'Purchase order reference (optional)' }).fill('PO-3401');
      await page.getByRole('textbox', { name: 'Company name (optional)' }).fill('Carla Mills Ltd');
      await visibleAtBothWidths(page, page.locator('form'), [press.name, belts.name, valves.name, 'Place order']);
      await page.getByRole('button', { name: 'Place order' }).click();
      // One purchase, one number: the toast says the number the payment page and My Orders show.
      await page.waitForURL((url) => /^\/payment\/[0-9a-f]{24}$/.test(url.pathname));
      const groupId = new URL(page.url()).pathname.split('/').pop() ?? '';
      const placedToast = page.getByRole('alert').filter({ hasText: /^Order #\d+ is placed\.$/ });
      await placedToast.waitFor();
      const number = Number(/#(\d+)/.exec(await placedToast.innerText())?.[1]);
      await page.getByRole('link', { name: 'Cart, empty' }).waitFor();
      await page.getByTestId('purchase-po').filter({ hasText: 'PO-3401' }).waitFor();
      await page.getByTestId('purchase-company').filter({ hasText: 'Carla Mills Ltd' }).waitFor();
      expect(await page.getByTestId('order-line').count()).toBe(3);
      // Its lines, each with its own quantity: never a sum of unlike pieces (1 + 20 + 4).
      expect(await page.getByText(/\b25 pcs\b/).count()).toBe(0);

      // One payment for the whole purchase: what the pages showed is what was charged.
      const paidTotal = await payPurchase(page, number);
      const group = await paidPurchase(buyer.token, groupId);
      expect(group.number).toBe(number);
      expect(group.orderIds).toHaveLength(3);
      expect(charged(group)).toBe(cartTotal);
      expect(paidTotal).toBe(cartTotal);
      await page.getByRole('link', { name: 'Back to My Orders' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      const groupRow = page.locator('tr[data-testid="order-row"]').filter({ hasText: `Order #${group.number}` });
      await groupRow.getByText('paid', { exact: true }).waitFor();
      await groupRow.getByText('3 products').first().waitFor();
      await groupRow.getByText(cartTotal).first().waitFor();
      expect(await groupRow.getByRole('link', { name: 'PAY' }).count()).toBe(0);
      expect(await groupRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await visibleAtBothWidths(page, groupRow, [`Order #${group.number}`, 'paid']);

      // The admin ships the purchase at once, with a carrier and tracking number.
      await shipAsAdmin(asAdmin.page, email, group.number, 'DHL Freight', 'JD0146000062812');
      await checkOrderPage(page, group, 'DHL Freight', 'JD0146000062812');
      expect(asBuyer.pageErrors).toEqual([]);
      expect(asAdmin.pageErrors).toEqual([]);
    } finally {
      await asBuyer.context.close();
      await asAdmin.context.close();
    }
  });

  it('an accepted quote is one purchase: its total (tax included) shown on the quote and in the acceptance at 400 and 1280 px is the amount charged; paid once from My Orders, "from quote #N", shipped with tracking', async () => {
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

    const asBuyer = await openPage(browser, '/', { width: 400, height: 900 });
    const asAdmin = await openPage(browser, '/', { width: 1280, height: 900 });
    try {
      const page = asBuyer.page;
      // The quote's figures, as the server answers them: 2 × $1,100 + 5 × $75 = $2,575, and 8.25% on each line.
      await openSignedIn(page, buyer.token, '/dashboard/myquotes');
      const card = page.getByRole('article', { name: `Quote #${number}` });
      await card.getByTestId('order-tax').filter({ hasText: '$212.44' }).waitFor();
      const quoteTotal = await totalAtBothWidths(page, card, 'the quote');
      expect(quoteTotal).toBe('$2,787.44');
      await card.getByRole('button', { name: `Accept quote #${number}` }).click();
      const dialog = page.getByRole('dialog', { name: `Accept quote #${number}` });
      await dialog.getByText(`Accept this quote? It places one order of ${quoteTotal}, tax included, for you to pay from My Orders.`).waitFor();
      expect(await totalAtBothWidths(page, dialog, 'the acceptance')).toBe(quoteTotal);
      await dialog.getByRole('textbox', { name: /^Mobile/ }).fill('+44 113 496 0123');
      await dialog.getByRole('textbox', { name: /^Address/ }).fill('9 Pit Lane, Leeds');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await toast(page, 'The quote is accepted: your order is placed.').waitFor();
      expect(await card.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(`/payment/${insertedId}`);

      await page.setViewportSize({ width: 400, height: 900 });
      await page.goto(new URL('/dashboard/myorder', page.url()).toString());
      const groupRow = page.locator('tr[data-testid="order-row"]').filter({ hasText: `from quote #${number}` });
      await groupRow.getByTestId('order-number').filter({ hasText: /^Order #\d+$/ }).waitFor();
      expect(await groupRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await visibleAtBothWidths(page, groupRow, [`from quote #${number}`, 'PAY', 'Cancel order']);
      await groupRow.getByRole('link', { name: 'PAY' }).click();
      // An accepted quote's purchase is under the quote's id.
      await page.waitForURL((url) => url.pathname === `/payment/${insertedId}`);
      await page.getByTestId('from-quote').filter({ hasText: `from quote #${number}` }).first().waitFor();
      const shownNumber = Number(/#(\d+)/.exec(await page.getByTestId('purchase-number').innerText())?.[1]);
      expect(await payPurchase(page, shownNumber)).toBe(quoteTotal);
      const group = await paidPurchase(buyer.token, insertedId);
      expect(charged(group)).toBe(quoteTotal);
      expect(group.number).toBe(shownNumber);
      expect(group.quoteId).toBe(insertedId);

      await shipAsAdmin(asAdmin.page, email, group.number, 'UPS', '1Z999AA10123456784');
      await checkOrderPage(page, group, 'UPS', '1Z999AA10123456784');
      await page.getByTestId('from-quote').filter({ hasText: `from quote #${number}` }).first().waitFor();
      await settled(page);
      expect(asBuyer.pageErrors).toEqual([]);
      expect(asAdmin.pageErrors).toEqual([]);
    } finally {
      await asBuyer.context.close();
      await asAdmin.context.close();
    }
  });
});
