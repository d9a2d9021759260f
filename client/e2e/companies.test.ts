import { axeViolations, describeViolations } from './axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, LONG_FLOW, openPage, webUrl } from './browser';
import { mailedToken } from './mail-catcher';
import { api, ownProduct } from './shop';
import { waitUntil } from './wait';
import { formatPrice } from '../src/utils/format';
import { formatDate } from '../src/utils/format-date';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Every axe violation of the page as it settles, whatever its impact. */
async function expectAxeClean(page: Page, what: string) {
  expect(describeViolations(await axeViolations(page, { everyImpact: true })), `axe on ${what}`).toEqual([]);
}

/** Axe clean at 400 px too (the page resized, as it is), then back at 1280 px. */
async function expectAxeCleanNarrowToo(page: Page, what: string) {
  await expectAxeClean(page, `${what} at 1280px`);
  await page.setViewportSize({ width: 400, height: 900 });
  await expectAxeClean(page, `${what} at 400px`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

interface Statement {
  invoices: { number: number; amount: number; issuedAt: string; dueDate: string; paid: boolean; poNumber?: string }[];
}
interface AgingRow {
  company: string;
  outstanding: number;
  aging: { current: number };
}

// Issue 45, the one short journey: a customer applies for a business account, an admin approves it, and
// the applicant, now its company admin, sees the company with its members and the invitation form; axe
// clean at 400 and 1280 px at each step. Then (1280 px) its admin adds a company address and sees the
// company's quotes, the admin gives the company 10 % off, its admin invites a buyer by the mailed link,
// and the buyer sees the company's price on a product's page. Then payment on account (issue 45's journey,
// at 1280 px, each new page axe clean at 400 px too): the admin gives the company Net 30 and a credit limit in
// its terms form; the buyer, invited with a $50 limit per purchase, orders on account ($90 + tax) with a PO;
// it awaits approval; Ann approves it from "To approve"; it is on account; the admin ships it (Manage
// Orders); its invoice is due 30 days later with the PO; the admin records the bank payment; the aging moves.
describe('companies', () => {
  it('apply, approve as admin, the company admin’s page; invite a buyer, who sees the company’s prices, orders on account above the limit; approved, shipped, invoiced, paid by bank', async () => {
    const admin = await adminAccount();
    const ann = await registerAccount('Ann Quarry', uniqueEmail('company'));
    const name = `Quarry Works ${Date.now()}`;
    for (const width of [400, 1280]) {
      const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
      try {
        await openSignedIn(page, ann.token, '/dashboard/company');
        await page.getByRole('heading', { level: 1, name: 'My Company' }).waitFor();
        if (width === 400) {
          await page.getByRole('textbox', { name: /Company name/ }).waitFor();
          await expectAxeClean(page, 'the application form');
          await page.getByRole('textbox', { name: /Company name/ }).fill(name);
          await page.getByRole('textbox', { name: /Tax or VAT number/ }).fill('GB123456789');
          await page.getByRole('textbox', { name: /Billing address/ }).fill('1 Quarry Road, Leeds');
          await page.getByRole('button', { name: 'Apply' }).click();
          await page.getByText('Your application is waiting for an admin. You can invite colleagues once it is approved.').waitFor();
          await expectAxeClean(page, 'a pending application');

          const asAdmin = await openPage(browser, '/', { width, height: 900 });
          try {
            await openSignedIn(asAdmin.page, admin.token, '/dashboard/company');
            await asAdmin.page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
            await asAdmin.page.getByRole('button', { name: `Approve ${name}` }).waitFor();
            await expectAxeClean(asAdmin.page, 'the admin’s companies');
            asAdmin.page.on('dialog', (dialog) => void dialog.accept());
            await asAdmin.page.getByRole('button', { name: `Approve ${name}` }).click();
            await asAdmin.page.getByText(`${name} was approved`).waitFor();
          } finally {
            await asAdmin.context.close();
          }
          await page.reload();
        }
        await page.getByRole('button', { name: 'Send invitation' }).waitFor();
        expect(await page.getByTestId('company-status').textContent()).toBe('Approved');
        expect(await page.getByTestId('company-member').count()).toBe(1);
        await expectAxeClean(page, `the company admin’s page at ${width}px`);
        const res = await fetch(new URL('/companies', inject('apiUrl')), { headers: { Authorization: `Bearer ${ann.token}` } });
        expect(((await res.json()) as { role: string }[])[0]?.role).toBe('admin');
        if (width === 1280) {
          // The company's view: its admin adds a company address (its buyers choose it at checkout) and
          // sees the company's quotes (none yet).
          const addresses = page.getByRole('region', { name: 'The company’s addresses' });
          await addresses.getByRole('button', { name: 'Add address' }).click();
          const dialog = page.getByRole('dialog', { name: 'Add an address' });
          await dialog.getByRole('textbox', { name: /^Label/ }).fill('Yard');
          await dialog.getByRole('textbox', { name: /^Name/ }).fill('Ann Quarry');
          await dialog.getByRole('textbox', { name: /^Phone/ }).fill('+44 113 496 0000');
          await dialog.getByRole('textbox', { name: /^Address line 1/ }).fill('3 Quarry Lane');
          await dialog.getByRole('textbox', { name: /^City/ }).fill('Leeds');
          await dialog.getByRole('textbox', { name: /^Country code/ }).fill('GB');
          await dialog.getByRole('button', { name: 'Save address' }).click();
          await addresses.getByRole('article', { name: 'Yard' }).waitFor();
          await page.getByRole('region', { name: 'The company\'s quotes' }).getByText('No quotes yet.').waitFor();
          await expectAxeClean(page, 'the company’s addresses and quotes');
          const [company] = await api<{ _id: string }[]>('/companies', { token: ann.token });
          await api(`/companies/${company!._id}`, { method: 'PATCH', token: admin.token, body: JSON.stringify({ priceList: { percentOff: 10 } }) });
          const bob = await registerAccount('Bob Quarry', uniqueEmail('buyer'));
          await page.getByRole('textbox', { name: 'E-mail' }).fill(bob.user.email);
          await page.getByRole('textbox', { name: 'Limit per purchase (USD, optional)' }).fill('50');
          await page.getByRole('button', { name: 'Send invitation' }).click();
          await page.getByText(`Invitation sent to ${bob.user.email}`).waitFor();
          const token = await mailedToken(bob.user.email, /You are invited to buy for/, 'join');
          const product = await ownProduct('Company Price Pump', { price: 100, stock: 20, minimum: 1 });
          const asBuyer = await openPage(browser, '/', { width, height: 900 });
          try {
            await openSignedIn(asBuyer.page, bob.token, `/join?token=${token}`);
            await asBuyer.page.getByRole('button', { name: 'Accept the invitation' }).click();
            await asBuyer.page.getByText(`You joined ${name} as`).waitFor();
            await asBuyer.page.goto(webUrl(`/product/${product._id}`));
            const own = asBuyer.page.getByRole('region', { name: 'Your company’s prices' });
            await own.waitFor();
            expect(await own.getByRole('row').nth(1).textContent()).toBe('1+ pcs$90$100');
            await expectAxeClean(asBuyer.page, 'the buyer’s prices on a product page');

            // The admin's terms form: Net 30, a $5,000 credit limit.
            const asAdmin = await openPage(browser, '/', { width, height: 900 });
            asAdmin.page.on('dialog', (dialog) => void dialog.accept()); // (an on-account order ships without asking: none expected)
            const office = asAdmin.page;
            try {
              await openSignedIn(office, admin.token, '/dashboard/company');
              await office.getByRole('combobox', { name: 'Status' }).click();
              await office.getByRole('option', { name: 'Approved' }).click();
              const card = office.getByTestId('company-card').filter({ hasText: name });
              await card.getByRole('combobox', { name: 'Payment terms' }).click();
              await office.getByRole('option', { name: 'Net 30' }).click();
              await card.getByRole('textbox', { name: 'Credit limit (USD)' }).fill('5000');
              await card.getByRole('button', { name: 'Save terms' }).click();
              await toast(office, `The terms of ${name} were saved`).waitFor();
              await expectAxeClean(office, 'the admin’s terms form');

              // The buyer orders above their limit, on account, to the company's yard, with a PO.
              const shop = asBuyer.page;
              await shop.getByRole('button', { name: `Add ${product.name} to the cart` }).click();
              await toast(shop, `${product.name}: 1 pcs in the cart.`).waitFor();
              await shop.getByRole('link', { name: 'Cart, 1 product' }).click();
              await shop.getByRole('link', { name: 'Checkout' }).click();
              await shop.getByRole('radio', { name: new RegExp(`^${name}: Yard`) }).check();
              await shop.getByRole('textbox', { name: 'Purchase order reference (optional)' }).fill('PO-4501');
              await shop.getByRole('radio', { name: 'On account (Net 30)' }).check();
              await shop.getByText(`Invoiced to ${name} when it ships. Credit left: $5,000.`).waitFor();
              await expectAxeCleanNarrowToo(shop, 'the checkout on account');
              await shop.getByRole('button', { name: 'Place order' }).click();
              const placed = toast(shop, /^Order #\d+ is placed and awaits your company's approval: it is above your limit per purchase\.$/);
              await placed.waitFor();
              const number = Number(/#(\d+)/.exec(await placed.innerText())?.[1]);
              await shop.getByRole('heading', { level: 1, name: `Order #${number}` }).waitFor();
              await shop.getByTestId('awaiting-approval').getByText("Awaiting your company's approval: this purchase is above your limit per purchase.", { exact: false }).waitFor();
              await shop.getByTestId('purchase-po').filter({ hasText: 'PO-4501' }).waitFor();
              await expectAxeCleanNarrowToo(shop, 'the buyer’s order awaiting approval');

              // Ann, its approver, approves it from "To approve"; the company's purchases say it is on account.
              await page.reload();
              const toApprove = page.getByTestId('to-approve');
              await toApprove.getByRole('button', { name: `Approve order #${number}` }).click();
              await toast(page, `Order #${number} is approved and on the company’s account (invoiced when it ships); its buyer is e-mailed.`).waitFor();
              await toApprove.getByText('Nothing awaits approval.').waitFor();
              const row = page.getByTestId('company-purchases').getByTestId('company-purchase').filter({ hasText: `#${number}` });
              await row.getByTestId('company-purchase-state').filter({ hasText: /^On account$/ }).waitFor();
              await expectAxeCleanNarrowToo(page, 'My Company after the approval');
              await shop.reload();
              await shop.getByTestId('on-account').getByText('It is on your company’s account: invoiced when it ships.').waitFor();
              await expectAxeClean(shop, 'the buyer’s order on account');

              // The admin ships it unpaid (Ship Now, confirmed).
              await office.goto(webUrl('/dashboard/manageorder'));
              const line = office.locator('tr[data-testid="order-row"]').filter({ hasText: bob.user.email });
              await line.getByTestId('order-number').filter({ hasText: `Order #${number}` }).waitFor();
              await line.getByRole('button', { name: 'Ship Now' }).click();
              await toast(office, 'The order is on its way.').waitFor();
              await line.getByText('Shipped', { exact: true }).waitFor();
              await expectAxeClean(office, 'Manage Orders after shipping');

              // Its invoice: unpaid, due 30 days after it was issued, with the PO; the aging has it as current.
              const statementPath = `/companies/${company!._id}/statement`;
              const invoice = await waitUntil(async () => (await api<Statement>(statementPath, { token: admin.token })).invoices.find((i) => i.poNumber === 'PO-4501'), {
                message: () => 'the shipped purchase was never invoiced',
              });
              expect(invoice.paid).toBe(false);
              expect(Date.parse(invoice.dueDate) - Date.parse(invoice.issuedAt)).toBe(30 * 24 * 3600 * 1000);
              const aging = async () => (await api<AgingRow[]>('/admin/aging', { token: admin.token })).find((r) => r.company === company!._id);
              expect((await aging())?.aging.current).toBe(invoice.amount);
              await shop.reload();
              await shop.getByRole('button', { name: `Download invoice #${invoice.number}` }).waitFor();
              expect(await shop.getByRole('link', { name: /^Pay for order/ }).count()).toBe(0);

              // The admin's aging report and the company's statement: the invoice's PO and due date; the bank payment.
              await office.goto(webUrl('/dashboard/company'));
              const agingRow = office.getByTestId('aging-row').filter({ hasText: name });
              await agingRow.locator('td').last().filter({ hasText: formatPrice(invoice.amount) }).waitFor();
              await agingRow.getByRole('button', { name: `Statement of ${name}` }).click();
              const entry = office.getByTestId('statement-invoice').filter({ hasText: 'PO-4501' });
              await entry.filter({ hasText: formatDate(invoice.dueDate) }).filter({ hasText: 'Unpaid' }).waitFor();
              await expectAxeCleanNarrowToo(office, 'the aging report and the company’s statement');
              await office.getByRole('checkbox', { name: `Pay invoice ${invoice.number}` }).check();
              await office.getByRole('textbox', { name: /^Bank reference/ }).fill('BACS 4501');
              await office.getByRole('button', { name: 'Record payment' }).click();
              await toast(office, `A payment of ${formatPrice(invoice.amount)} was recorded`).waitFor();
              await entry.filter({ hasText: /Paid$/ }).waitFor();
              await office.getByTestId('aging-row').getByRole('button', { name: 'Close' }).click();
              await agingRow.locator('td').last().filter({ hasText: /^\$0$/ }).waitFor();
              expect(await aging()).toMatchObject({ outstanding: 0, aging: { current: 0 } });
              expect(asAdmin.pageErrors).toEqual([]);
            } finally {
              await asAdmin.context.close();
            }
            expect(asBuyer.pageErrors).toEqual([]);
          } finally {
            await asBuyer.context.close();
          }
        }
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, LONG_FLOW);
});
