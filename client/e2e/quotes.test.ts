import { expectAxeClean } from './axe';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, E2E_PASSWORD, openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, openPage } from './browser';
import { BEARING, demoProduct } from './shop';

const HOIST = 'Electric Chain Hoist 2 Ton';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Every given text is shown (not just present) at 400 and at 1280 px. */
async function visibleAtBothWidths(page: Page, scope: Locator, texts: string[]) {
  for (const width of [400, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const text of texts) {
      const element = scope.getByText(text, { exact: true }).first();
      await element.waitFor();
      await element.scrollIntoViewIfNeeded();
      expect(await element.isVisible(), `${text} at ${width} px`).toBe(true);
    }
  }
}

describe('quotes (issue 14)', () => {
  it('a customer asks for a quote on two products, the admin prices it, the customer accepts it with where to deliver, and the orders in My Orders and Manage Orders carry it', async () => {
    const hoist = await demoProduct(HOIST);
    const bearing = await demoProduct(BEARING);
    const email = uniqueEmail('quoter');
    await registerAccount('Quinn Quoter', email);
    const admin = await adminAccount();

    // Signed out, at 400 px: Request a quote on the product page asks to sign in, then comes back to the list.
    const asCustomer = await openPage(browser, `/product/${hoist._id}`, { width: 400, height: 900 });
    const asAdmin = await openPage(browser, '/', { width: 400, height: 900 });
    try {
      const page = asCustomer.page;
      await page.getByRole('heading', { level: 1, name: HOIST }).waitFor();
      await page.getByRole('button', { name: `Request a quote: ${HOIST}` }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: false }).first().fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/quote');
      await page.getByRole('heading', { level: 1, name: 'Request a quote' }).waitFor();
      const hoistQuantity = page.getByRole('textbox', { name: `Quantity: ${HOIST}` });
      expect(await hoistQuantity.inputValue()).toBe('1');

      // A second product, from /products.
      await page.getByRole('link', { name: 'Add more products' }).click();
      await page.waitForURL((url) => url.pathname === '/products');
      await page.getByText('1 product in your quote list').waitFor();
      await page.getByRole('searchbox', { name: 'Search by name, SKU or description' }).fill(BEARING);
      await page.getByRole('button', { name: `Add to quote: ${BEARING}` }).click();
      await toast(page, `${BEARING} was added to your quote list.`).waitFor();
      await page.getByRole('button', { name: `In quote list: ${BEARING}` }).waitFor();
      await page.getByText('2 products in your quote list').waitFor();
      await page.getByRole('link', { name: 'Review and send' }).click();
      await page.waitForURL((url) => url.pathname === '/quote');

      // Quantities below the minimum and above the stock are allowed, and said.
      const bearingQuantity = page.getByRole('textbox', { name: `Quantity: ${BEARING}` });
      expect(await bearingQuantity.inputValue()).toBe(String(bearing.minimumquantity));
      await bearingQuantity.fill('40');
      await page.getByText(`Below the minimum order of ${bearing.minimumquantity} pcs: we price it on request.`).waitFor();
      await hoistQuantity.fill('999');
      await page.getByText(/More than the \d+ in stock: we tell you when we can deliver\./).waitFor();
      await hoistQuantity.fill('2');

      // The message is required.
      await page.getByRole('button', { name: 'Send quote request' }).click();
      await page.getByText('Message is Required').waitFor();
      await page.getByRole('textbox', { name: 'Company (optional)' }).fill('Quarry Works Ltd');
      await page.getByRole('textbox', { name: /^Message/ }).fill('For the new quarry site, delivered in May.');
      await visibleAtBothWidths(page, page.getByRole('form', { name: 'Request a quote' }), [HOIST, BEARING]);
      await page.getByRole('button', { name: 'Send quote request' }).click();
      await toast(page, 'Your quote request is sent.').waitFor();
      const sent = page.getByTestId('quote-sent');
      const sentTitle = (await sent.getByText(/^Quote request #\d+ is sent\.$/).textContent()) ?? '';
      const number = sentTitle.match(/#(\d+)/)?.[1] ?? '';
      expect(number).not.toBe('');
      await sent.getByRole('link', { name: 'My Quotes' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/myquotes');
      const myQuote = page.getByRole('article', { name: `Quote #${number}` });
      await myQuote.getByText('Requested', { exact: true }).waitFor();
      await myQuote.getByText('We are pricing this request; you will get an e-mail when it is ready.').waitFor();

      // The admin prices it, at 400 px.
      const adminPage = asAdmin.page;
      await openSignedIn(adminPage, admin.token, '/dashboard/quotes');
      await adminPage.getByRole('heading', { level: 1, name: 'Quotes' }).waitFor();
      const adminQuote = adminPage.getByRole('article', { name: `Quote #${number}` });
      await adminQuote.getByText(`Quinn Quoter · ${email}`).waitFor();
      await adminQuote.getByText('Company: Quarry Works Ltd').waitFor();
      await adminQuote.getByText('For the new quarry site, delivered in May.').waitFor();
      await adminQuote.getByRole('button', { name: `Send quote #${number}` }).click();
      await adminQuote.getByText('Price is Required').first().waitFor();
      await adminQuote.getByRole('textbox', { name: `Unit price for ${HOIST} ($)` }).fill('1700');
      await adminQuote.getByRole('textbox', { name: `Unit price for ${BEARING} ($)` }).fill('3.95');
      await adminQuote.getByRole('textbox', { name: 'Note to the customer (optional)' }).fill('Delivery in 3 weeks.');
      await visibleAtBothWidths(adminPage, adminQuote, [HOIST, BEARING, `Quinn Quoter · ${email}`]);
      await adminQuote.getByRole('button', { name: `Send quote #${number}` }).click();
      await toast(adminPage, 'The quote is sent to the customer.').waitFor();
      await adminQuote.getByText('Quoted', { exact: true }).waitFor();
      // The server's figures: $3,400 + $158, and 8.25% tax on each line ($280.50 + $13.04).
      expect(await adminQuote.getByTestId('order-subtotal').textContent()).toBe('$3,558');
      expect(await adminQuote.getByTestId('order-total').textContent()).toBe('$3,851.54');

      // The customer accepts it, at 1280 px.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.reload();
      await myQuote.getByText('Quoted', { exact: true }).waitFor();
      await myQuote.getByText('Delivery in 3 weeks.').waitFor();
      await myQuote.getByText(/^Valid until /).waitFor();
      expect(await myQuote.getByTestId('order-tax').textContent()).toBe('$293.54');
      expect(await myQuote.getByTestId('order-total').textContent()).toBe('$3,851.54');
      await visibleAtBothWidths(page, myQuote, ['$1,700', '$3.95', '$3,400', '$158']);
      // Accept asks where the orders ship: at 400 px, both fields are required and Cancel sends nothing.
      const acceptDialog = page.getByRole('dialog', { name: `Accept quote #${number}` });
      await page.setViewportSize({ width: 400, height: 900 });
      await myQuote.getByRole('button', { name: `Accept quote #${number}` }).click();
      await acceptDialog.getByText('Accept this quote? It places one order of $3,851.54, tax included, for you to pay from My Orders.').waitFor();
      await acceptDialog.getByRole('button', { name: 'Confirm' }).click();
      await acceptDialog.getByText('Mobile is Required').waitFor();
      await acceptDialog.getByText('Address is Required').waitFor();
      await visibleAtBothWidths(page, acceptDialog, ['Where should we deliver the order?', 'Mobile is Required', 'Address is Required', 'Confirm', 'Cancel']);
      await expectAxeClean(page, 'the accept dialog', { include: '[role="dialog"]' });
      await page.setViewportSize({ width: 400, height: 900 });
      await acceptDialog.getByRole('button', { name: 'Cancel' }).click();
      await acceptDialog.waitFor({ state: 'detached' });
      await myQuote.getByText('Quoted', { exact: true }).waitFor();

      // At 1280 px: the details, then Confirm.
      await page.setViewportSize({ width: 1280, height: 900 });
      await myQuote.getByRole('button', { name: `Accept quote #${number}` }).click();
      await acceptDialog.getByRole('textbox', { name: /^Mobile/ }).fill('+44 113 496 0123');
      await acceptDialog.getByRole('textbox', { name: /^Address/ }).fill('Quarry Works, 9 Pit Lane, Leeds');
      await acceptDialog.getByRole('button', { name: 'Confirm' }).click();
      await toast(page, 'The quote is accepted: your order is placed.').waitFor();
      await acceptDialog.waitFor({ state: 'detached' });
      await myQuote.getByText('Accepted', { exact: true }).waitFor();
      await myQuote.getByText('Your order is placed. Pay for it now, or later from My Orders.').waitFor();
      expect(await myQuote.getByRole('button', { name: `Accept quote #${number}` }).count()).toBe(0);
      await myQuote.getByRole('link', { name: 'See the order in My Orders' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      // The quote is one purchase (issues 34, 43): one row, from the quote, with one number, that opens to its lines.
      const groupRow = page.locator('tr[data-testid="order-row"]').filter({ hasText: `from quote #${number}` });
      await groupRow.getByRole('button', { name: /^Show the products of order #\d+$/ }).click();
      const lines = groupRow.getByTestId('order-line');
      await lines.filter({ hasText: HOIST }).filter({ hasText: '$3,400' }).getByText(/2 pcs/).first().waitFor();
      await lines.filter({ hasText: BEARING }).filter({ hasText: '$158' }).getByText(/40 pcs/).first().waitFor();

      // The admin's Manage Orders has where to ship both orders, at 400 and 1280 px.
      await openSignedIn(adminPage, admin.token, '/dashboard/manageorder');
      // One row for the quote's purchase (issues 34, 43), which opens to both lines.
      const row = adminPage.locator('tr[data-testid="order-row"]').filter({ hasText: email });
      await row.getByTestId('order-address').getByText('Quarry Works, 9 Pit Lane, Leeds', { exact: true }).waitFor();
      expect(await row.getByTestId('order-mobile').textContent()).toBe('+44 113 496 0123');
      await row.getByRole('button', { name: /^Show the products of order #\d+$/ }).click();
      await visibleAtBothWidths(adminPage, row, ['Quarry Works, 9 Pit Lane, Leeds', '+44 113 496 0123', HOIST, BEARING]);
      expect(asCustomer.pageErrors).toEqual([]);
      expect(asAdmin.pageErrors).toEqual([]);
    } finally {
      await asCustomer.context.close();
      await asAdmin.context.close();
    }
  });

  it('pages are guarded: signed out, My Quotes asks to sign in; a customer cannot open the admin Quotes or Outbox', async () => {
    const customer = await registerAccount('Gus Guarded', uniqueEmail('guarded'));
    const { context, page } = await openPage(browser, '/dashboard/myquotes');
    try {
      await page.waitForURL((url) => url.pathname === '/login');
      await openSignedIn(page, customer.token, '/dashboard/myquotes');
      await page.getByText('You have not asked for a quote yet.').waitFor();
      const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
      await menu.getByRole('link', { name: 'My Claims' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/myclaims');
      await page.getByText('You have not claimed a replacement. Claim one on a shipped order in My Orders.').waitFor();
      expect(await menu.getByRole('link', { name: 'Outbox' }).count()).toBe(0);
      await page.goto(new URL('/dashboard/outbox', page.url()).toString());
      await page.waitForURL((url) => url.pathname === '/login');
    } finally {
      await context.close();
    }
  });
});
