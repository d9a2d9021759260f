import { expectAxeClean } from './axe';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, LONG_FLOW, openPage } from './browser';
import { drawPng, waitForImage } from './images';
import { api, demoProduct, GENERATOR, placeOrder, productById } from './shop';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A product of this file's own with a SKU (POST /added as the admin). */
async function skuProduct(token: string, adminEmail: string, image: string, label: string, sku: string, stock: number) {
  const { insertedId } = await api<{ insertedId: string }>('/added', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: `${label} ${sku}`, sku, price: '120', avaialbequantit: String(stock), minimumquantity: '1', description: 'For the repeat-buying journey.', image, email: adminEmail }),
  });
  return insertedId;
}

describe('repeat buying (issue 49)', () => {
  it('saves two addresses, sends a tax exemption an admin approves, quick-orders five SKUs (one unknown), checks out with the second address and no tax, orders again, and claims one piece of a line', async () => {
    const admin = await adminAccount();
    const { image } = await productById((await demoProduct(GENERATOR))._id);
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const skus = ['A', 'B', 'C', 'D'].map((s) => `RB-${tag}-${s}`);
    const ids = [];
    for (const sku of skus) ids.push(await skuProduct(admin.token, admin.user.email, image, 'Gasket set', sku, 20));
    const email = uniqueEmail('repeat');
    const customer = await registerAccount('Rita Repeat', email);

    // A shipped order of 3 (through the API) to claim one piece of.
    const welderOrder = await placeOrder(customer.token, ids[0] ?? '', 3);
    await api(`/order/update/${welderOrder}`, { method: 'PUT', token: admin.token });

    const { page } = await openPage(browser, '/', { width: 400, height: 900 });
    // Two addresses, saved in the dashboard (400 px).
    await openSignedIn(page, customer.token, '/dashboard/account');
    await page.getByText('You have no saved addresses yet.').waitFor();
    for (const [label, line1] of [
      ['Works', '1 Mill Road'],
      ['Yard', '7 Canal Street'],
    ] as const) {
      await page.getByRole('button', { name: 'Add address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add an address' });
      await dialog.getByRole('textbox', { name: /^Label/ }).fill(label);
      await dialog.getByRole('textbox', { name: /^Name/ }).fill('Rita Repeat');
      await dialog.getByRole('textbox', { name: /^Phone/ }).fill('+44 113 496 0000');
      await dialog.getByRole('textbox', { name: /^Address line 1/ }).fill(line1);
      await dialog.getByRole('textbox', { name: /^City/ }).fill('Leeds');
      await dialog.getByRole('textbox', { name: /^Country code/ }).fill('gb');
      await dialog.getByRole('button', { name: 'Save address' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('article', { name: label }).waitFor();
    }
    await page.getByRole('article', { name: 'Works' }).getByText('Default', { exact: true }).waitFor();
    // A tax exemption certificate (a PDF), sent from the same page.
    const certificate = `RS-${tag}`;
    await page.getByRole('textbox', { name: 'Certificate number' }).fill(certificate);
    await page.getByRole('textbox', { name: /^Issuing country/ }).fill('us');
    await page.getByLabel('Certificate file').setInputFiles({ name: 'resale-certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByRole('button', { name: 'Send certificate' }).click();
    await page.getByRole('article', { name: `Certificate ${certificate} (US)` }).getByText('Waiting for review').waitFor();
    await expectAxeClean(page, 'the address book and tax exemption on /dashboard/account at 400 px');

    // An admin approves it on the review page (1280 px), having opened the certificate.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, admin.token, '/dashboard/tax-exemptions');
    const review = page.getByRole('article', { name: `Certificate ${certificate} (US)` });
    const opened = page.waitForResponse((r) => r.url().endsWith('/certificate') && r.status() === 200);
    await review.getByRole('button', { name: `View certificate ${certificate}` }).click();
    expect((await opened).headers()['content-type']).toBe('application/pdf');
    await expectAxeClean(page, '/dashboard/tax-exemptions at 1280 px');
    page.once('dialog', (d) => void d.accept());
    await review.getByRole('button', { name: `Approve certificate ${certificate}` }).click();
    await toast(page, `Certificate ${certificate} approved.`).waitFor();
    await openSignedIn(page, customer.token, '/quick-order');

    // Quick order: five lines, one SKU unknown (1280 px).
    await page
      .getByRole('textbox', { name: 'SKUs and quantities' })
      .fill(`${skus[0]} 1\n${skus[1]},2\n${skus[2]};1\nRB-${tag}-NONE 4\n${skus[3]}\t2`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('4 of 5 lines added to the cart.').waitFor();
    const outcomes = await page.getByTestId('quick-order-line').locator('td:last-child').allTextContents();
    expect(outcomes).toEqual([`Added: Gasket set ${skus[0]}`, `Added: Gasket set ${skus[1]}`, `Added: Gasket set ${skus[2]}`, 'No product has this SKU', `Added: Gasket set ${skus[3]}`]);
    await expectAxeClean(page, '/quick-order at 1280 px');

    // Check out with the second address (400 px).
    await page.setViewportSize({ width: 400, height: 900 });
    await page.getByRole('link', { name: 'Go to cart' }).click();
    await page.getByRole('link', { name: 'Checkout' }).click();
    const choice = page.getByRole('radiogroup', { name: 'Ship to' });
    await choice.getByRole('radio', { name: /^Works: / }).waitFor();
    expect(await choice.getByRole('radio', { name: /^Works: / }).isChecked()).toBe(true);
    await choice.getByRole('radio', { name: 'Yard: Rita Repeat, 7 Canal Street, Leeds, GB' }).check();
    expect(await page.getByRole('textbox', { name: /^Address/ }).count()).toBe(0);
    // The exempt buyer is charged no tax (TAX_RATE is 8.25 on the tests' server).
    await page.getByText(`Tax exempt: certificate ${certificate} (US)`).waitFor();
    expect(await page.getByTestId('order-tax').textContent()).toBe('$0');
    expect(await page.getByTestId('order-total').textContent()).toBe(await page.getByTestId('order-subtotal').textContent());
    await expectAxeClean(page, '/checkout at 400 px');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/payment\//);
    const groupId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const purchase = await api<{ tax: number; orders: { address: string; mobile: string; productQuantity: number }[] }>(`/groups/${groupId}`, { token: customer.token });
    expect(purchase.tax, "the server's tax on the exempt purchase").toBe(0);
    expect(purchase.orders.map((o) => [o.address, o.mobile])).toEqual(Array(4).fill(['Rita Repeat, 7 Canal Street, Leeds, GB', '+44 113 496 0000']));

    // The checkout emptied the cart (the browser sends it once changes stop for half a second).
    for (let i = 0; (await api<{ items: unknown[] }>('/cart', { token: customer.token })).items.length > 0; i++) {
      expect(i, 'the emptied cart is sent').toBeLessThan(50);
      await page.waitForTimeout(100);
    }

    // Order again, from the shipped order's page (400 px): its line goes to the cart at today's price.
    await page.goto(new URL(`/dashboard/order/${welderOrder}`, page.url()).toString());
    await page.getByRole('button', { name: /^Order again: the products of order #\d+$/ }).click();
    await page.getByRole('status').filter({ hasText: 'The product is in your cart at today’s price.' }).waitFor();
    await expectAxeClean(page, 'order again at 400 px');
    await page.getByRole('link', { name: 'Go to cart' }).click();
    await page.getByRole('spinbutton', { name: `Quantity of Gasket set ${skus[0]}` }).waitFor();
    expect(await page.getByRole('spinbutton', { name: `Quantity of Gasket set ${skus[0]}` }).inputValue()).toBe('3');

    // Claim one piece of the shipped line of 3 (1280 px).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(new URL('/dashboard/myorder', page.url()).toString());
    const row = page.locator('tr[data-testid="order-row"]', { hasText: `Gasket set ${skus[0]}` }).filter({ hasText: 'shipped' });
    await row.getByRole('button', { name: `Claim replacement: Gasket set ${skus[0]}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Claim a replacement' });
    await dialog.getByRole('spinbutton', { name: /^Faulty pieces/ }).fill('1');
    await dialog.getByRole('textbox', { name: /^What is wrong\?/ }).fill('One gasket is torn along its edge.');
    await dialog.locator('input[type="file"]').setInputFiles(await drawPng(page, 'Torn gasket'));
    await waitForImage(dialog.getByRole('img', { name: 'Photo 1' }));
    await expectAxeClean(page, 'the claim dialog at 1280 px');
    await dialog.getByRole('button', { name: 'Send claim' }).click();
    await toast(page, 'Your claim is sent. We will e-mail you our decision.').waitFor();
    const claims = await api<{ orderId: string; quantity: number; number: number }[]>('/claims', { token: customer.token });
    expect(claims.map((c) => [c.orderId, c.quantity])).toEqual([[welderOrder, 1]]);
    // The line stays claimable for its 2 other pieces (several claims per line): the dialog lists the claim made.
    await row.getByText(`Claim #${claims[0]?.number}: requested`).waitFor();
    await row.getByText(/ · 2 of 3 pcs left to claim$/).waitFor();
    await row.getByRole('button', { name: `Claim replacement: Gasket set ${skus[0]}` }).click();
    await dialog.getByRole('listitem').filter({ hasText: `Claim #${claims[0]?.number}: requested, 1 pc claimed` }).waitFor();
    expect(await dialog.getByRole('spinbutton', { name: /^Faulty pieces/ }).getAttribute('max')).toBe('2');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, LONG_FLOW);
});
