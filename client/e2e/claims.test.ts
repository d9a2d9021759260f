import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { labelsFit, launchBrowser, openPage } from './browser';
import { drawPng, waitForImage } from './images';
import { demoProduct, placeOrder } from './shop';

const COMPACTOR = 'Plate Compactor 90 kg';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const orderRow = (page: Page, text: string) => page.locator('tr[data-testid="order-row"]', { hasText: text });

async function visibleAtBothWidths(page: Page, scope: Locator, texts: (string | RegExp)[]) {
  for (const width of [400, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const text of texts) {
      const element = scope.getByText(text, typeof text === 'string' ? { exact: true } : undefined).first();
      await element.waitFor();
      await element.scrollIntoViewIfNeeded();
      expect(await element.isVisible(), `${text} at ${width} px`).toBe(true);
    }
  }
}

describe('replacement claims (issue 14)', () => {
  it('the admin ships an order; the customer claims with a photo within the window; the admin approves; a free replacement order appears', async () => {
    const compactor = await demoProduct(COMPACTOR);
    const email = uniqueEmail('claimer');
    const customer = await registerAccount('Clara Claimer', email);
    await placeOrder(customer.token, compactor._id, 1);
    const admin = await adminAccount();

    const asAdmin = await openPage(browser, '/');
    const asCustomer = await openPage(browser, '/', { width: 400, height: 900 });
    try {
      // The admin ships it (1280 px).
      const adminPage = asAdmin.page;
      await openSignedIn(adminPage, admin.token, '/dashboard/manageorder');
      const toShip = orderRow(adminPage, email);
      await toShip.getByText('Clara Claimer').waitFor();
      await labelsFit(adminPage, toShip.getByRole('button', { name: 'Ship with tracking' }), 'Ship with tracking');
      adminPage.once('dialog', (dialog) => void dialog.accept());
      await toShip.getByRole('button', { name: 'Ship Now' }).click();
      await toast(adminPage, 'The order is on its way.').waitFor();

      // The customer sees the window as days left, and claims (400 px).
      const page = asCustomer.page;
      await openSignedIn(page, customer.token, '/dashboard/myorder');
      const row = orderRow(page, COMPACTOR);
      await row.getByText('shipped', { exact: true }).waitFor();
      const windowText = (await row.getByTestId('claim-window').textContent()) ?? '';
      const daysLeft = Number(windowText.match(/^Replacement: (\d+) days left to claim$/)?.[1]);
      expect(daysLeft).toBeGreaterThanOrEqual(59);
      expect(daysLeft).toBeLessThanOrEqual(62);
      await visibleAtBothWidths(page, row, [windowText, 'Claim replacement']);
      await labelsFit(page, row.getByRole('button', { name: `Claim replacement: ${COMPACTOR}` }), 'Claim replacement');
      await page.setViewportSize({ width: 400, height: 900 });
      await row.getByRole('button', { name: `Claim replacement: ${COMPACTOR}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Claim a replacement' });
      await dialog.getByText(/^Plate Compactor 90 kg, order #\d+\. We replace faulty equipment within 2 months of shipping\.$/).waitFor();
      await dialog.getByRole('button', { name: 'Send claim' }).click();
      await dialog.getByText('Reason is Required').waitFor();
      await dialog.getByText('Add at least one photo').waitFor();
      await dialog.getByRole('textbox', { name: /^What is wrong\?/ }).fill('The vibrator motor stops after five minutes of work.');
      await dialog.locator('input[type="file"]').setInputFiles(await drawPng(page, 'Cracked housing'));
      await waitForImage(dialog.getByRole('img', { name: 'Photo 1' }));
      await dialog.getByRole('button', { name: 'Send claim' }).click();
      await toast(page, 'Your claim is sent. We will e-mail you our decision.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const claimed = row.getByText(/^Claim #\d+: requested$/);
      await claimed.waitFor();
      const number = ((await claimed.textContent()) ?? '').match(/#(\d+)/)?.[1] ?? '';
      expect(await row.getByRole('button', { name: /Claim replacement/ }).count()).toBe(0);

      // My Claims lists it, with the photo.
      await page.goto(new URL('/dashboard/myclaims', page.url()).toString());
      const myClaim = page.getByRole('article', { name: `Claim #${number}` });
      await myClaim.getByText('Requested', { exact: true }).waitFor();
      await waitForImage(myClaim.getByRole('img', { name: 'Photo 1' }));
      await visibleAtBothWidths(page, myClaim, ['The vibrator motor stops after five minutes of work.', /^Plate Compactor 90 kg, order #\d+$/]);

      // The admin approves it with a note.
      await adminPage.goto(new URL('/dashboard/claims', adminPage.url()).toString());
      const adminClaim = adminPage.getByRole('article', { name: `Claim #${number}` });
      await adminClaim.getByText(`From ${email}`).waitFor();
      await waitForImage(adminClaim.getByRole('img', { name: 'Photo 1' }));
      await visibleAtBothWidths(adminPage, adminClaim, ['The vibrator motor stops after five minutes of work.', 'Approve', 'Reject']);
      await adminClaim.getByRole('textbox', { name: 'Note to the customer (optional)' }).fill('A new compactor ships tomorrow.');
      const prompts: string[] = [];
      adminPage.once('dialog', (d) => {
        prompts.push(d.message());
        void d.accept();
      });
      await adminClaim.getByRole('button', { name: `Approve claim #${number}` }).click();
      await toast(adminPage, 'The claim is approved: a replacement order is placed.').waitFor();
      expect(prompts).toEqual(['Approve this claim? It places a free replacement order.']);
      await adminClaim.getByText('Approved', { exact: true }).waitFor();
      expect(await adminClaim.getByRole('button', { name: `Approve claim #${number}` }).count()).toBe(0);

      // The customer's replacement order: the same product and quantity, nothing to pay.
      await page.reload();
      await myClaim.getByText('Approved', { exact: true }).waitFor();
      await myClaim.getByText('A new compactor ships tomorrow.').waitFor();
      await page.goto(new URL('/dashboard/myorder', page.url()).toString());
      // It names its claim, linked to it (issue 36), not its transaction id.
      const replacement = page.locator('tr[data-testid="order-row"]', { has: page.getByRole('link', { name: `Replacement for claim #${number}` }) });
      await replacement.getByText(COMPACTOR).waitFor();
      await replacement.getByText('1 pcs').waitFor();
      await replacement.getByText('$0').waitFor();
      await replacement.getByText('paid', { exact: true }).waitFor();
      expect(asCustomer.pageErrors).toEqual([]);
      expect(asAdmin.pageErrors).toEqual([]);
    } finally {
      await asCustomer.context.close();
      await asAdmin.context.close();
    }
  });
});
