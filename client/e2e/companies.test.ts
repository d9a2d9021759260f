import { axeViolations, describeViolations } from './axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, openPage, webUrl } from './browser';
import { mailedToken } from './mail-catcher';
import { api, ownProduct } from './shop';

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

// Issue 45, the one short journey: a customer applies for a business account, an admin approves it, and
// the applicant, now its company admin, sees the company with its members and the invitation form; axe
// clean at 400 and 1280 px at each step. Then (1280 px) its admin adds a company address and sees the
// company's quotes, the admin gives the company 10 % off, its admin invites a buyer by the mailed link,
// and the buyer sees the company's price on a product's page.
describe('companies', () => {
  it('apply, approve as admin, the company admin’s page; invite a buyer, who sees the company’s prices', async () => {
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
  });
});
