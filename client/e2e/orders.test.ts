import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, openPage } from './browser';
import { BEARING, demoProduct, GENERATOR, placeOrder } from './shop';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const OUT_OF_RANGE = 'Please enter a value greater than the minimum quantity and less than the minimum quantity';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const orderRow = (page: Page, text: string) => page.locator('tr[data-testid="order-row"]', { hasText: text });

describe('ordering (issue 5)', () => {
  it('a customer orders the minimum quantity, sees the toast, and finds the order in My Orders with a PAY link', async () => {
    const generator = await demoProduct(GENERATOR);
    const customer = await registerAccount('Olga Orderer', uniqueEmail('orderer'));
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      await openSignedIn(page, customer.token, `/purchase/${generator._id}`);
      await page.getByRole('heading', { level: 1, name: GENERATOR }).waitFor();
      await page.getByText(`Available: ${generator.avaialbequantit} Pcs`).waitFor();
      await page.getByText('Order-Minimum: 1 pcs').waitFor();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Olga Orderer');
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(customer.user.email);
      expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('$14,900');
      const quantity = page.getByLabel('Quantity', { exact: false });
      expect(await quantity.inputValue()).toBe('1');

      await page.getByLabel('Mobile', { exact: false }).fill('+1 555 014 2290');
      await page.getByLabel('Address', { exact: false }).fill('42 Foundry Road, Pittsburgh');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await toast(page, 'Order successfully').waitFor();
      expect(await quantity.inputValue()).toBe('1');
      expect(await page.getByLabel('Mobile', { exact: false }).inputValue()).toBe('');
      // The stock on the page follows the order.
      await page.getByText(`Available: ${generator.avaialbequantit - 1} Pcs`).waitFor();

      await page.getByRole('link', { name: 'My Orders' }).first().click();
      await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
      const row = orderRow(page, GENERATOR);
      await row.waitFor();
      expect(await row.count()).toBe(1);
      await row.getByText('$14,900').waitFor();
      await row.getByText('pending').waitFor();
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

  it('the admin ships an order in Manage Orders; the customer then sees it shipped', async () => {
    const generator = await demoProduct(GENERATOR);
    const email = uniqueEmail('shipping');
    const customer = await registerAccount('Sam Shipping', email);
    await placeOrder(customer.token, generator._id, 1);
    const admin = await adminAccount();

    const asAdmin = await openPage(browser, '/');
    const asCustomer = await openPage(browser, '/');
    try {
      await openSignedIn(asAdmin.page, admin.token, '/dashboard/manageorder');
      await asAdmin.page.getByRole('heading', { level: 1, name: 'Manage Orders' }).waitFor();
      const row = orderRow(asAdmin.page, email);
      await row.getByText('Sam Shipping').waitFor();
      await row.getByText('PAINDING').waitFor();
      await row.getByText('unpaid').waitFor();
      await row.getByRole('button', { name: 'Ship Now' }).click();
      await toast(asAdmin.page, 'The order is on its way.').waitFor();
      const shipped = row.getByRole('button', { name: 'Shipped' });
      await shipped.waitFor();
      expect(await shipped.isDisabled()).toBe(true);
      expect(await row.getByText('PAINDING').count()).toBe(0);

      await openSignedIn(asCustomer.page, customer.token, '/dashboard/myorder');
      const mine = orderRow(asCustomer.page, GENERATOR);
      await mine.getByText('shipped').waitFor();
      expect(asAdmin.pageErrors).toEqual([]);
      expect(asCustomer.pageErrors).toEqual([]);
    } finally {
      await asAdmin.context.close();
      await asCustomer.context.close();
    }
  });
});
