import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, openPage } from './browser';
import { BEARING, demoProduct, ownProduct, placeOrder, productById, type DemoProduct } from './shop';

let browser: Browser;
/**
 * This file's own generator, as the demo one (price $14,900, minimum 1): files run side by side, and
 * the stock this file checks moves only with its own orders.
 */
let ownGenerator: DemoProduct;

beforeAll(async () => {
  browser = await launchBrowser();
  ownGenerator = await ownProduct('E2E Orders Generator', { price: 14_900, stock: 50, minimum: 1 });
});

afterAll(async () => {
  await browser?.close();
});

const OUT_OF_RANGE = 'Please enter a value greater than the minimum quantity and less than the minimum quantity';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const orderRow = (page: Page, text: string) => page.locator('tr[data-testid="order-row"]', { hasText: text });

describe('ordering (issue 5)', () => {
  it('a customer orders the minimum quantity, sees the toast and a confirmation with the order number, and finds the order in My Orders with a PAY link', async () => {
    const generator = await productById(ownGenerator._id);
    const customer = await registerAccount('Olga Orderer', uniqueEmail('orderer'));
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      await openSignedIn(page, customer.token, `/purchase/${generator._id}`);
      await page.getByRole('heading', { level: 1, name: ownGenerator.name }).waitFor();
      await page.getByText(`Available: ${generator.avaialbequantit} Pcs`).waitFor();
      await page.getByText('Order-Minimum: 1 pcs').waitFor();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Olga Orderer');
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(customer.user.email);
      expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('$14,900');
      const quantity = page.getByLabel('Quantity', { exact: false });
      expect(await quantity.inputValue()).toBe('1');

      await page.getByLabel('Mobile', { exact: false }).fill('+1 555 014 2290');
      await page.getByLabel('Address', { exact: false }).fill('42 Foundry Road, Pittsburgh');
      const submit = page.getByRole('button', { name: 'Place Order' });
      await submit.click();
      await toast(page, 'Order successfully').waitFor();
      // The confirmation names the order: number, product, quantity, total; and Place Order takes no second order.
      const placed = page.getByTestId('order-placed');
      await placed.getByText('Your order is placed.').waitFor();
      const number = (await placed.getByTestId('placed-order-number').textContent()) ?? '';
      expect(number).toMatch(/^#\d{4,}$/);
      expect(Number(number.slice(1))).toBeGreaterThanOrEqual(1001);
      const confirmation = await placed.textContent();
      expect(confirmation).toContain(ownGenerator.name);
      expect(confirmation).toContain('1 pcs');
      // The server's figures (TAX_RATE 8.25 on the tests' server): $14,900 and its tax.
      expect(confirmation).toContain('Subtotal$14,900Sales tax$1,229.25Total$16,129.25');
      expect(await placed.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toMatch(/^\/payment\/[0-9a-f]{24}$/);
      // Placed: the form takes no second order (its total and Place Order give way to the confirmation).
      expect(await submit.count()).toBe(0);
      // The stock on the page follows the order.
      await page.getByText(`Available: ${generator.avaialbequantit - 1} Pcs`).waitFor();
      // A new order starts afresh.
      await placed.getByRole('button', { name: 'Place another order' }).click();
      await placed.waitFor({ state: 'detached' });
      expect(await quantity.inputValue()).toBe('1');
      expect(await page.getByLabel('Mobile', { exact: false }).inputValue()).toBe('');

      await page.goto(new URL('/dashboard/myorder', page.url()).toString());
      await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
      const row = orderRow(page, ownGenerator.name);
      await row.waitFor();
      expect(await row.count()).toBe(1);
      await row.getByText('$16,129.25').waitFor();
      await row.getByText('pending').waitFor();
      await row.getByText(`Order ${number}`).waitFor();
      expect(await row.getByRole('link', { name: 'PAY' }).getAttribute('href')).toMatch(/^\/payment\/[0-9a-f]{24}$/);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a quantity below the minimum shows the spec’s toast and disables submit', async () => {
    const bearing = await demoProduct(BEARING);
    const customer = await registerAccount('Quinn Quantity', uniqueEmail('quantity'));
    const { context, page } = await openPage(browser, '/');
    try {
      await openSignedIn(page, customer.token, `/purchase/${bearing._id}`);
      await page.getByRole('heading', { level: 1, name: BEARING }).waitFor();
      const quantity = page.getByLabel('Quantity', { exact: false });
      expect(await quantity.inputValue()).toBe(String(bearing.minimumquantity));
      const submit = page.getByRole('button', { name: 'Place Order' });
      expect(await submit.isEnabled()).toBe(true);

      await quantity.fill(String(bearing.minimumquantity - 1));
      await toast(page, OUT_OF_RANGE).waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await page.getByText(`The minimum order is ${bearing.minimumquantity} pcs`).waitFor();

      await quantity.fill(String(bearing.avaialbequantit + 1));
      expect(await submit.isDisabled()).toBe(true);
      await quantity.fill(String(bearing.minimumquantity));
      expect(await submit.isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the admin sees the order’s number, address and mobile at 400 and 1280 px, confirms shipping the unpaid order, and filters by status; the customer then sees it shipped', async () => {
    const generator = await productById(ownGenerator._id);
    const email = uniqueEmail('shipping');
    const customer = await registerAccount('Sam Shipping', email);
    await placeOrder(customer.token, generator._id, 1);
    const admin = await adminAccount();

    const asAdmin = await openPage(browser, '/', { width: 400, height: 900 });
    const asCustomer = await openPage(browser, '/');
    try {
      const page = asAdmin.page;
      await openSignedIn(page, admin.token, '/dashboard/manageorder');
      await page.getByRole('heading', { level: 1, name: 'Manage Orders' }).waitFor();
      const row = orderRow(page, email);
      for (const width of [400, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await row.getByText('Sam Shipping').waitFor();
        for (const text of ['42 Foundry Road, Pittsburgh', '+1 555 014 2290']) {
          const cell = row.getByText(text, { exact: true });
          await cell.waitFor();
          expect(await cell.isVisible(), `${text} at ${width} px`).toBe(true);
        }
        expect(await row.getByTestId('order-number').textContent()).toMatch(/^Order #\d{4,}$/);
      }
      await row.getByText('PAINDING').waitFor();
      await row.getByText('unpaid').waitFor();

      // Unpaid: Ship Now asks first. Dismissed, nothing is sent and nothing
      // changes (the accepted ship below must then be the only PUT).
      const puts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().includes('/ship')) puts.push(request.url());
      });
      const prompts: string[] = [];
      page.once('dialog', (dialog) => {
        prompts.push(dialog.message());
        void dialog.dismiss();
      });
      await row.getByRole('button', { name: 'Ship Now' }).click();
      await expect.poll(() => prompts).toEqual(['This order is not paid. Ship it anyway?']);
      await row.getByText('PAINDING').waitFor();
      expect(await row.getByRole('button', { name: 'Ship Now' }).isEnabled()).toBe(true);

      // Accepted: it ships.
      page.once('dialog', (dialog) => {
        prompts.push(dialog.message());
        void dialog.accept();
      });
      await row.getByRole('button', { name: 'Ship Now' }).click();
      await toast(page, 'The order is on its way.').waitFor();
      expect(prompts).toEqual(['This order is not paid. Ship it anyway?', 'This order is not paid. Ship it anyway?']);
      expect(puts).toHaveLength(1);
      const shipped = row.getByRole('button', { name: 'Shipped' });
      await shipped.waitFor();
      expect(await shipped.isDisabled()).toBe(true);
      expect(await row.getByText('PAINDING').count()).toBe(0);

      // The status filter: shipped lists it, unpaid does not.
      const filter = page.getByLabel('Show');
      await filter.selectOption('shipped');
      await row.getByText('Sam Shipping').waitFor();
      await filter.selectOption('unpaid');
      await row.waitFor({ state: 'detached' });

      await openSignedIn(asCustomer.page, customer.token, '/dashboard/myorder');
      const mine = orderRow(asCustomer.page, ownGenerator.name);
      await mine.getByText('shipped').waitFor();
      expect(asAdmin.pageErrors).toEqual([]);
      expect(asCustomer.pageErrors).toEqual([]);
    } finally {
      await asAdmin.context.close();
      await asCustomer.context.close();
    }
  });
});
