import { expectAxeClean } from './axe';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail, type Account } from './accounts';
import { launchBrowser, openPage, settled } from './browser';
import { api, ownProduct, placeOrder } from './shop';

/**
 * Issue 36's order defects, at 400 and 1280 px: an admin re-prices a sent
 * quote and its buyer sees (and accepts) the new total; a cancelled order
 * stays listed in My Order as Cancelled; a replacement order says which
 * claim it replaces and links to it. Each with axe.
 */

const WIDTHS = [400, 1280] as const;

let browser: Browser;
let admin: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminAccount();
});

afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const orderRow = (page: Page, text: string) => page.locator('tr[data-testid="order-row"]', { hasText: text });

/** At each width: every text of `scope` visible once scrolled to, and the page axe clean. */
async function visibleAtBothWidths(page: Page, scope: Locator, texts: (string | RegExp)[], label: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    for (const text of texts) {
      const element = scope.getByText(text, typeof text === 'string' ? { exact: true } : undefined).first();
      await element.waitFor();
      await element.scrollIntoViewIfNeeded();
      expect(await element.isVisible(), `${label}: ${String(text)} at ${width} px`).toBe(true);
    }
    await expectAxeClean(page, `${label} at ${width} px`);
  }
}

describe('the admin’s day: orders and quotes (issue 36)', () => {
  it('the admin re-prices a sent quote; the buyer sees the new total and accepts it at the new prices', async () => {
    const product = await ownProduct('E2E Reprice', { price: 500, stock: 50, minimum: 1 });
    const buyer = await registerAccount('Rita Reprice', uniqueEmail('reprice'));
    const { insertedId, number } = await api<{ insertedId: string; number: number }>('/quotes', {
      method: 'POST',
      token: buyer.token,
      body: JSON.stringify({ items: [{ productId: product._id, quantity: 10 }], message: 'Ten, please (issue 36).' }),
    });
    const validUntil = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await api(`/quotes/${insertedId}`, { method: 'PATCH', token: admin.token, body: JSON.stringify({ items: [{ productId: product._id, unitPrice: 450 }], validUntil }) });

    const asAdmin = await openPage(browser, '/', { width: 400, height: 900 });
    const asBuyer = await openPage(browser, '/', { width: 1280, height: 900 });
    try {
      // The buyer has the first prices open: $4,500.
      const page = asBuyer.page;
      await openSignedIn(page, buyer.token, '/dashboard/myquotes');
      const mine = page.getByRole('article', { name: `Quote #${number}` });
      await mine.getByTestId('order-subtotal').filter({ hasText: '$4,500' }).waitFor();

      // The admin re-prices it at 400 px: the form opens with the prices sent.
      const adminPage = asAdmin.page;
      await openSignedIn(adminPage, admin.token, '/dashboard/quotes');
      const quote = adminPage.getByRole('article', { name: `Quote #${number}` });
      await visibleAtBothWidths(adminPage, quote, ['Re-price', 'Decline'], 'a sent quote with Re-price');
      await adminPage.setViewportSize({ width: 400, height: 900 });
      await quote.getByRole('button', { name: `Re-price quote #${number}` }).click();
      const unitPrice = quote.getByRole('textbox', { name: `Unit price for ${product.name} ($)` });
      expect(await unitPrice.inputValue()).toBe('450');
      await quote.getByText('List price $500 per piece').waitFor();
      await visibleAtBothWidths(adminPage, quote, ['Revise the prices', 'Send revised prices', 'Keep the prices'], 'the re-price form');
      await adminPage.setViewportSize({ width: 400, height: 900 });
      await unitPrice.fill('420');
      await quote.getByRole('button', { name: `Send revised prices for quote #${number}` }).click();
      await toast(adminPage, 'The revised prices are sent to the customer.').waitFor();
      await quote.getByTestId('order-subtotal').filter({ hasText: '$4,200' }).waitFor();

      // The buyer's page, opened before, still shows $4,500: accepting it is refused, and the new total shows.
      await mine.getByRole('button', { name: `Accept quote #${number}` }).click();
      let dialog = page.getByRole('dialog', { name: `Accept quote #${number}` });
      // $4,500 and 8.25% tax.
      await dialog.getByText('Accept this quote? It places one order of $4,871.25, tax included, for you to pay from My Orders.').waitFor();
      await dialog.getByRole('textbox', { name: /^Mobile/ }).fill('+1 555 014 2290');
      await dialog.getByRole('textbox', { name: /^Address/ }).fill('42 Foundry Road, Pittsburgh');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await toast(page, 'The prices of this quote were revised since you opened it.').waitFor();
      await mine.getByTestId('order-subtotal').filter({ hasText: '$4,200' }).waitFor();
      await visibleAtBothWidths(page, mine, ['$4,200', '$420'], 'the revised quote');

      // Accepted now, at the revised prices.
      await page.setViewportSize({ width: 1280, height: 900 });
      await mine.getByRole('button', { name: `Accept quote #${number}` }).click();
      dialog = page.getByRole('dialog', { name: `Accept quote #${number}` });
      await dialog.getByText('Accept this quote? It places one order of $4,546.50, tax included, for you to pay from My Orders.').waitFor();
      await dialog.getByRole('textbox', { name: /^Mobile/ }).fill('+1 555 014 2290');
      await dialog.getByRole('textbox', { name: /^Address/ }).fill('42 Foundry Road, Pittsburgh');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await toast(page, 'The quote is accepted: your order is placed.').waitFor();
      const orders = await api<{ productName: string; amount: number }[]>(`/order?email=${encodeURIComponent(buyer.user.email)}`, { token: buyer.token });
      // At the revised price, with its tax: what the dialog said.
      expect(orders.map((o) => [o.productName, o.amount])).toEqual([[product.name, 454_650]]);
      expect(asAdmin.pageErrors).toEqual([]);
      expect(asBuyer.pageErrors).toEqual([]);
    } finally {
      await asAdmin.context.close();
      await asBuyer.context.close();
    }
  });

  it('a cancelled order stays listed in My Order, marked Cancelled, with its number, product, quantity and date', async () => {
    const product = await ownProduct('E2E Cancelled', { price: 90, stock: 30, minimum: 1 });
    const customer = await registerAccount('Carl Cancel', uniqueEmail('cancel'));
    const id = await placeOrder(customer.token, product._id, 3);
    const [placed] = await api<{ _id: string; number: number }[]>(`/order?email=${encodeURIComponent(customer.user.email)}`, { token: customer.token });
    expect(placed?._id).toBe(id);

    const { context, page, pageErrors } = await openPage(browser, '/', { width: 1280, height: 900 });
    try {
      await openSignedIn(page, customer.token, '/dashboard/myorder');
      const row = orderRow(page, product.name);
      await row.waitFor();
      expect(await page.getByRole('region', { name: 'Cancelled orders' }).count()).toBe(0);
      const prompts: string[] = [];
      page.once('dialog', (dialog) => {
        prompts.push(dialog.message());
        void dialog.accept();
      });
      await row.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'The order was deleted.').waitFor();
      expect(prompts).toEqual(['Are You sure Want to delete this product?']);
      await row.waitFor({ state: 'detached' });

      const cancelled = page.getByRole('region', { name: 'Cancelled orders' });
      const record = cancelled.getByTestId('cancelled-order').filter({ hasText: product.name });
      await record.waitFor();
      await visibleAtBothWidths(page, record, [product.name, `Order #${placed?.number}`, '3 pcs', 'Cancelled', /^Cancelled \w+ \d+, \d{4}$/], 'the cancelled order');
      // Still there after a reload: the record is the server's.
      await page.reload();
      await record.waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a replacement order says "Replacement for claim #N" and links to that claim in My Claims', async () => {
    const product = await ownProduct('E2E Replacement', { price: 250, stock: 20, minimum: 1 });
    const customer = await registerAccount('Rhea Replace', uniqueEmail('replace'));
    const orderId = await placeOrder(customer.token, product._id, 2);
    await api(`/order/update/${orderId}`, { method: 'PUT', token: admin.token });
    const claim = await api<{ insertedId: string; number: number }>('/claims', {
      method: 'POST',
      token: customer.token,
      body: JSON.stringify({ orderId, reason: 'The motor hums and does not turn (issue 36).', images: [] }),
    });
    await api(`/claims/${claim.insertedId}`, { method: 'PATCH', token: admin.token, body: JSON.stringify({ status: 'approved' }) });

    const { context, page, pageErrors } = await openPage(browser, '/', { width: 400, height: 900 });
    try {
      await openSignedIn(page, customer.token, '/dashboard/myorder');
      const label = `Replacement for claim #${claim.number}`;
      const replacement = page.locator('tr[data-testid="order-row"]', { has: page.getByRole('link', { name: label }) });
      await replacement.getByText(product.name).waitFor();
      expect(await replacement.getByTestId('transaction-id').count()).toBe(0);
      await visibleAtBothWidths(page, replacement, [label, /2 pcs/, /\$0/, 'paid'], 'the replacement order');

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await openSignedIn(page, customer.token, '/dashboard/myorder');
        await replacement.getByRole('link', { name: label }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard/myclaims' && url.hash === `#claim-${claim.insertedId}`);
        const card = page.getByRole('article', { name: `Claim #${claim.number}` });
        await card.getByText('Approved', { exact: true }).waitFor();
        await card.getByRole('heading', { name: `Claim #${claim.number}` }).waitFor();
        expect(await card.getByRole('heading', { name: `Claim #${claim.number}` }).isVisible(), `the claim at ${width} px`).toBe(true);
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
