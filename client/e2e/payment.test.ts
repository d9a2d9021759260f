import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, openPage, settled, webUrl } from './browser';
import { charged, ownProduct, paidPurchase, placeOrder, productById, totalAtBothWidths, type DemoProduct } from './shop';

let browser: Browser;
/**
 * This file's own generator, as the demo one (price $14,900, minimum 1): files run side by side, and
 * the stock this file checks moves only with its own orders.
 */
let ownGenerator: DemoProduct;
/** One generator with the server's TAX_RATE of 8.25% (e2e/global-setup.ts): $14,900 + $1,229.25. */
const CHARGED = '$16,129.25';

beforeAll(async () => {
  browser = await launchBrowser();
  ownGenerator = await ownProduct('E2E Payment Generator', { price: 14_900, stock: 50, minimum: 1 });
});

afterAll(async () => {
  await browser?.close();
});

const orderRow = (page: Page, text: string) => page.locator('tr[data-testid="order-row"]', { hasText: text });

/** An expiry date a few years ahead, as MM/YY. */
function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number', { exact: false }).fill(number);
  await page.getByLabel('Expiry (MM/YY)', { exact: false }).fill(futureExpiry());
  await page.getByLabel('CVC', { exact: false }).fill('123');
}

describe('card payment in test mode (issue 6)', () => {
  it('the Purchase path: the total (tax included) the form, the placed order and the payment page show at 400 and 1280 px is the amount charged; My Orders → PAY → 4242 4242 4242 4242 → paid, with the transaction id; Delete is then disabled', async () => {
    const generator = await productById(ownGenerator._id);
    const customer = await registerAccount('Pia Payer', uniqueEmail('payer'));
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      await openSignedIn(page, customer.token, `/purchase/${generator._id}`);
      await page.getByLabel('Mobile', { exact: false }).fill('+1 555 014 2290');
      await page.getByLabel('Address', { exact: false }).fill('42 Foundry Road, Pittsburgh');
      // Before asking: computed as the server computes it.
      await page.getByText('Sales tax (8.25%)').waitFor();
      const formTotal = await totalAtBothWidths(page, page.locator('form'), 'the purchase form');
      expect(formTotal).toBe(CHARGED);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByRole('alert').filter({ hasText: 'Order successfully' }).waitFor();
      // Placed: the server's answer.
      const placed = page.getByTestId('order-placed');
      expect(await totalAtBothWidths(page, placed, 'the placed order')).toBe(formTotal);
      const number = (await placed.getByTestId('placed-order-number').innerText()).trim();

      await page.goto(new URL('/dashboard/myorder', page.url()).toString());
      const row = orderRow(page, ownGenerator.name);
      await row.getByText(formTotal).first().waitFor();
      await row.getByRole('link', { name: 'PAY' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/payment/'));
      const purchaseId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
      await page.getByText('Order summary').waitFor();
      // The purchase's one number, as the confirmation said it.
      expect(await page.getByTestId('purchase-number').innerText()).toBe(`Order ${number}`);
      expect(await totalAtBothWidths(page, page.getByTestId('purchase-summary'), 'the payment page')).toBe(formTotal);
      await page.getByText('TEST MODE', { exact: true }).waitFor();
      await page.getByText(/4242 4242 4242 4242/).first().waitFor();

      const pay = page.getByRole('button', { name: `Pay ${formTotal}` });
      await fillCard(page, '4242 4242 4242 4242');
      await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay $') && !b.disabled));
      await pay.click();
      await page.getByText('Congrats! Your payment is completed.').waitFor();
      await page.getByText('Your transaction Id:').waitFor();
      const transactionId = (await page.getByTestId('transaction-id').innerText()).trim();
      expect(transactionId).toMatch(/^pi_/);
      // The server verified the intent's amount against the purchase's before marking it paid: that amount is charged.
      expect(charged(await paidPurchase(customer.token, purchaseId))).toBe(formTotal);
      // Paid: no card form left, and the ways on: the order page and its invoice (issue 47).
      expect(await pay.count()).toBe(0);
      expect(await page.getByLabel('Card number', { exact: false }).count()).toBe(0);
      expect(await page.getByRole('link', { name: `Order ${number} details` }).getAttribute('href')).toBe(`/dashboard/order/${purchaseId}`);
      await page.getByRole('button', { name: /^Download invoice #\d+$/ }).waitFor();
      // Nothing of the card is kept in the browser.
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain('4242');

      await page.getByRole('link', { name: 'Back to My Orders' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      const paidRow = orderRow(page, ownGenerator.name);
      await paidRow.getByText('paid', { exact: true }).waitFor();
      await paidRow.getByText(transactionId).waitFor();
      expect(await paidRow.getByRole('link', { name: 'PAY' }).count()).toBe(0);
      expect(await paidRow.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('4000 0000 0000 0002 is declined: the message shows in red and the order stays unpaid', async () => {
    const generator = await productById(ownGenerator._id);
    const customer = await registerAccount('Dex Declined', uniqueEmail('declined'));
    const orderId = await placeOrder(customer.token, generator._id, 1);
    const { context, page } = await openPage(browser, '/');
    try {
      await openSignedIn(page, customer.token, `/payment/${orderId}`);
      await page.getByText('TEST MODE', { exact: true }).waitFor();
      await fillCard(page, '4000 0000 0000 0002');
      const pay = page.getByRole('button', { name: `Pay ${CHARGED}` });
      await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay $') && !b.disabled));
      await pay.click();
      const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
      await error.waitFor();
      // The app's one error component (issue 47): its red rule in the theme's error.main, its text in the error text colour.
      expect(await error.evaluate((el) => [el.dataset.severity, getComputedStyle(el).borderLeftColor])).toEqual(['error', 'rgb(179, 38, 30)']);
      expect(await page.getByText('Congrats! Your payment is completed.').count()).toBe(0);

      await page.goto(new URL('/dashboard/myorder', page.url()).toString());
      const row = orderRow(page, ownGenerator.name);
      await row.getByRole('link', { name: 'PAY' }).waitFor();
      expect(await row.getByText('paid', { exact: true }).count()).toBe(0);
      expect(await row.getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('keeps the payment code out of the first load, and loads nothing from Stripe in test mode', async () => {
    const generator = await productById(ownGenerator._id);
    const customer = await registerAccount('Lena Lean', uniqueEmail('lean'));
    const orderId = await placeOrder(customer.token, generator._id, 1);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    try {
      await page.goto(webUrl('/'));
      await settled(page);
      const firstLoad = requested.filter((url) => url.endsWith('.js') || url.endsWith('.css'));
      expect(firstLoad.length).toBeGreaterThan(0);
      const paymentCode = /payment|checkout|stripe|purchase|my-order|manage-order|orders|order-parts|order-messages/i;
      expect(firstLoad.filter((url) => paymentCode.test(new URL(url).pathname))).toEqual([]);

      await openSignedIn(page, customer.token, `/payment/${orderId}`);
      await page.getByText('TEST MODE', { exact: true }).waitFor();
      await settled(page);
      expect(requested.filter((url) => /stripe/i.test(url))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('someone else’s order is not found (as a missing one), and shows no card form', async () => {
    const generator = await productById(ownGenerator._id);
    const owner = await registerAccount('Olive Owner', uniqueEmail('owner'));
    const orderId = await placeOrder(owner.token, generator._id, 1);
    const other = await registerAccount('Nosy Neighbour', uniqueEmail('nosy'));
    const { context, page } = await openPage(browser, '/');
    try {
      await openSignedIn(page, other.token, `/payment/${orderId}`);
      await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'The order was not found.' }).waitFor();
      expect(await page.getByLabel('Card number', { exact: false }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

/** The order's number, as GET /pay/{id} answers it to its owner. */
async function orderNumber(token: string, orderId: string): Promise<number> {
  const response = await fetch(new URL(`/pay/${orderId}`, inject('apiUrl')), { headers: { Authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET /pay/${orderId}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { number: number }).number;
}

describe.each([400, 1280])('the card form as typed, and the paid page, at %i px (issue 12)', (width) => {
  it('groups the number, makes "1230" 12/30, pays, and says the order is paid, also after a reload', async () => {
    const generator = await productById(ownGenerator._id);
    const customer = await registerAccount('Tia Typist', uniqueEmail('typist'));
    const orderId = await placeOrder(customer.token, generator._id, 1);
    const number = await orderNumber(customer.token, orderId);
    expect(number).toBeGreaterThanOrEqual(1001);
    // December 2030, "1230" as typed in the issue (a later year once 2030 is near).
    const yy = String(Math.max(30, (new Date().getFullYear() + 3) % 100));
    const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
    try {
      await openSignedIn(page, customer.token, `/payment/${orderId}`);
      await page.getByText(`Please pay for ${ownGenerator.name}`, { exact: true }).waitFor();
      await page.getByText('TEST MODE', { exact: true }).waitFor();

      const cardNumber = page.getByLabel('Card number', { exact: false });
      const expiry = page.getByLabel('Expiry (MM/YY)', { exact: false });
      const cvc = page.getByLabel('CVC', { exact: false });
      await cardNumber.pressSequentially('4242424242424242');
      expect(await cardNumber.inputValue()).toBe('4242 4242 4242 4242');
      // Editing in the middle keeps the caret beside the digit: delete the 6th, type it back.
      await cardNumber.evaluate((input: HTMLInputElement) => input.setSelectionRange(7, 7));
      await cardNumber.press('Backspace');
      expect(await cardNumber.inputValue()).toBe('4242 4424 2424 242');
      await cardNumber.press('2');
      expect(await cardNumber.inputValue()).toBe('4242 4242 4242 4242');
      expect(await cardNumber.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(7);
      await expiry.pressSequentially(`12${yy}`);
      expect(await expiry.inputValue()).toBe(`12/${yy}`);
      // Backspace goes back over the slash, and the month can be typed again.
      for (let i = 0; i < 3; i++) await expiry.press('Backspace');
      expect(await expiry.inputValue()).toBe('12');
      await expiry.pressSequentially(yy);
      expect(await expiry.inputValue()).toBe(`12/${yy}`);
      await cvc.pressSequentially('12a34');
      expect(await cvc.inputValue()).toBe('1234');
      await cvc.press('Backspace');
      expect(await cvc.inputValue()).toBe('123');
      expect(await page.getByText("Your card's expiration date is incomplete.").count()).toBe(0);
      // The form fits the window: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const pay = page.getByRole('button', { name: `Pay ${CHARGED}` });
      await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay $') && !b.disabled));
      await pay.click();
      await page.getByText('Congrats! Your payment is completed.').waitFor();
      // Paid: the card form gives way to the success, the order page and its invoice (issue 47).
      expect(await page.getByLabel('Card number', { exact: false }).count()).toBe(0);
      await page.getByRole('link', { name: `Order #${number} details` }).waitFor();
      const paidText = `Order #${number} for ${ownGenerator.name} is paid.`;
      await page.getByText(paidText, { exact: true }).waitFor();
      expect(await page.getByText(/Please pay/).count()).toBe(0);

      await page.reload();
      await page.getByText('This order is paid.').waitFor();
      await page.getByText(paidText, { exact: true }).waitFor();
      expect(await page.getByText(/Please pay/).count()).toBe(0);
      expect(await page.getByLabel('Card number', { exact: false }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
