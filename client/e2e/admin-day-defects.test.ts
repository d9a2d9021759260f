import { expectAxeClean } from './axe';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail, type Account } from './accounts';
import { launchBrowser, openPage, settled } from './browser';
import { api, BEARING, demoProduct, GENERATOR, ownProduct, placeOrder } from './shop';

/**
 * Issue 36's client-side defects, at 400 and 1280 px: the quote tables' totals
 * in view (not behind a sideways scroll), the claim form refusing a file that
 * is not a picture as it is chosen (the message next to the field), and a paid
 * order's greyed Delete saying why. Each with axe.
 */

const HOIST = 'Electric Chain Hoist 2 Ton';
const WIDTHS = [400, 1280] as const;
const LOCKED = "Paid orders can't be deleted; request a claim or contact us";

let browser: Browser;
let admin: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminAccount();
});

afterAll(async () => {
  await browser?.close();
});

const orderRow = (page: Page, text: string) => page.locator('tr[data-testid="order-row"]', { hasText: text });

/**
 * The element, scrolled into view, lies whole inside the viewport and inside
 * every box that clips what overflows it (a sideways scroll hides what is
 * outside its box), and is visible.
 */
async function wholeInView(element: Locator, label: string) {
  await element.scrollIntoViewIfNeeded();
  expect(await element.isVisible(), `${label}: visible`).toBe(true);
  const problems = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const found: string[] = [];
    const outside = (r: { left: number; right: number; top: number; bottom: number }) =>
      box.left < r.left - 0.5 || box.right > r.right + 0.5 || box.top < r.top - 0.5 || box.bottom > r.bottom + 0.5;
    if (box.width === 0 || box.height === 0) found.push('has no size');
    if (outside({ left: 0, top: 0, right: document.documentElement.clientWidth, bottom: window.innerHeight })) {
      found.push(`outside the viewport: ${JSON.stringify(box)} in ${document.documentElement.clientWidth}×${window.innerHeight}`);
    }
    for (let parent = node.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (outside(clip)) found.push(`clipped by <${parent.tagName.toLowerCase()} class="${parent.className}">: ${JSON.stringify(box)} in ${JSON.stringify(clip)}`);
      if (parent.scrollWidth > parent.clientWidth + 1 && style.overflowX !== 'hidden' && style.overflowX !== 'clip') {
        found.push(`inside a sideways scroll <${parent.tagName.toLowerCase()}> (${parent.scrollWidth} > ${parent.clientWidth})`);
      }
    }
    return found;
  });
  expect(problems, label).toEqual([]);
}

describe('the admin’s day: client defects (issue 36)', () => {
  it('a three-item quote with a large total: every line total and the grand total are whole in view at 400 and 1280 px, for the buyer and the admin', async () => {
    const items = [
      { product: await demoProduct(GENERATOR), quantity: 16, unitPrice: 14_900 },
      { product: await demoProduct(HOIST), quantity: 5, unitPrice: 1_700 },
      { product: await demoProduct(BEARING), quantity: 1_000, unitPrice: 3.95 },
    ];
    const buyer = await registerAccount('Tess Totals', uniqueEmail('totals'));
    const { insertedId, number } = await api<{ insertedId: string; number: number }>('/quotes', {
      method: 'POST',
      token: buyer.token,
      body: JSON.stringify({ items: items.map((i) => ({ productId: i.product._id, quantity: i.quantity })), message: 'Three items, one large total (issue 36).' }),
    });
    const validUntil = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await api(`/quotes/${insertedId}`, {
      method: 'PATCH',
      token: admin.token,
      body: JSON.stringify({ items: items.map((i) => ({ productId: i.product._id, unitPrice: i.unitPrice })), validUntil }),
    });
    // 16 × $14,900 + 5 × $1,700 + 1,000 × $3.95 = $250,850, and 8.25% tax on each line ($19,668 + $701.25 + $325.88).
    const total = '$271,545.13';

    for (const [who, token, path] of [
      ['the buyer', buyer.token, '/dashboard/myquotes'],
      ['the admin', admin.token, '/dashboard/quotes'],
    ] as const) {
      const { context, page } = await openPage(browser, '/', { width: 400, height: 900 });
      try {
        await openSignedIn(page, token, path);
        const quote = page.getByRole('article', { name: `Quote #${number}` });
        await quote.getByTestId('order-total').waitFor();
        expect(await quote.getByTestId('order-total').textContent()).toBe(total);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await settled(page);
          const lineTotals = quote.getByTestId('quote-line-total');
          expect(await lineTotals.count()).toBe(3);
          for (let i = 0; i < 3; i++) await wholeInView(lineTotals.nth(i), `${who}, line ${i + 1} total at ${width} px`);
          await wholeInView(quote.getByTestId('order-total'), `${who}, the grand total at ${width} px`);
          await wholeInView(quote.getByText('Total', { exact: true }).last(), `${who}, the word Total at ${width} px`);
          await expectAxeClean(page, `${path} at ${width} px`);
        }
      } finally {
        await context.close();
      }
    }
  });

  it('My Orders: a paid order’s and a shipped order’s greyed Delete says why; the claim form refuses a text file as it is chosen, with the message next to the field', async () => {
    const paidProduct = await ownProduct('E2E Defects Paid', { price: 120, stock: 20, minimum: 1 });
    const shippedProduct = await ownProduct('E2E Defects Shipped', { price: 80, stock: 20, minimum: 1 });
    const email = uniqueEmail('defects');
    const customer = await registerAccount('Dora Defects', email);
    const paidId = await placeOrder(customer.token, paidProduct._id, 1);
    const shippedId = await placeOrder(customer.token, shippedProduct._id, 1);
    const unpaidId = await placeOrder(customer.token, paidProduct._id, 2);
    expect(unpaidId).not.toBe(paidId);
    await payOrder(customer, paidId);
    await api(`/order/update/${shippedId}`, { method: 'PUT', token: admin.token });

    const { context, page } = await openPage(browser, '/', { width: 400, height: 900 });
    try {
      await openSignedIn(page, customer.token, '/dashboard/myorder');
      const paid = orderRow(page, paidProduct.name).filter({ hasText: 'Transaction id' });
      const shipped = orderRow(page, shippedProduct.name);
      const unpaid = orderRow(page, paidProduct.name).filter({ has: page.getByRole('link', { name: 'PAY' }) });
      await paid.waitFor();
      await shipped.getByText('shipped', { exact: true }).waitFor();
      await unpaid.waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await settled(page);
        for (const [label, row] of [
          ['paid', paid],
          ['shipped', shipped],
        ] as const) {
          const button = row.getByRole('button', { name: 'Delete' });
          expect(await button.isDisabled(), `${label} Delete is greyed`).toBe(true);
          const note = row.getByText(LOCKED, { exact: true });
          await wholeInView(note, `the ${label} order's note at ${width} px`);
          const described = (await button.getAttribute('aria-describedby')) ?? '';
          expect(described.split(' ')).toContain(await note.getAttribute('id'));
        }
        expect(await unpaid.getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true);
        expect(await unpaid.getByText(LOCKED).count()).toBe(0);
        await expectAxeClean(page, `/dashboard/myorder at ${width} px`);
      }

      // The claim form, at each width: a text file is refused as it is chosen, said next to the field.
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await shipped.getByRole('button', { name: `Claim replacement: ${shippedProduct.name}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Claim a replacement' });
        await dialog.waitFor();
        const input = dialog.locator('input[type="file"]');
        await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not a picture: a note about the fault.') });
        const why = 'notes.txt was not added: Only JPEG, PNG, WebP and GIF images are accepted.';
        const message = dialog.getByText(why, { exact: true });
        await message.waitFor();
        await wholeInView(message, `the claim form's message at ${width} px`);
        // It is the picker's own description, under the field; nothing was added (no empty tile).
        expect(await input.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
        expect(await input.getAttribute('aria-invalid')).toBe('true');
        expect(await dialog.getByRole('button', { name: /^Remove photo/ }).count()).toBe(0);
        const fieldBox = await dialog.getByText('Add photos', { exact: true }).boundingBox();
        const messageBox = await message.boundingBox();
        expect(fieldBox && messageBox && messageBox.y >= fieldBox.y && messageBox.y - (fieldBox.y + fieldBox.height) < 80, 'the message is right under the field').toBe(true);
        // A text file named .png is caught by its bytes, the same way.
        await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('also just text') });
        await dialog.getByText('fake.png was not added: Only JPEG, PNG, WebP and GIF images are accepted.', { exact: true }).waitFor();
        expect(await dialog.getByRole('button', { name: /^Remove photo/ }).count()).toBe(0);
        await expectAxeClean(page, `the claim form at ${width} px`, { include: '[role="dialog"]' });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
    } finally {
      await context.close();
    }
  });
});

/** Pays an order as its owner with the offline provider's test card, as the payment page does. */
async function payOrder(account: Account, orderId: string) {
  const { clientSecret } = await api<{ clientSecret: string }>('/create-payment-intent', { method: 'POST', token: account.token, body: JSON.stringify({ orderId }) });
  const intent = await api<{ id: string; status: string }>('/payments/test/confirm', {
    method: 'POST',
    body: JSON.stringify({ clientSecret, number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', name: account.user.name, email: account.user.email }),
  });
  expect(intent.status).toBe('succeeded');
  await api(`/pay/${orderId}`, { method: 'PATCH', token: account.token, body: JSON.stringify({ transactionId: intent.id }) });
}
