import { expectAxeClean } from './axe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail, type Account, makeAdmin } from './accounts';
import { launchBrowser, openPage, settled } from './browser';
import { api, ownProduct, placeOrder } from './shop';
import { waitUntil } from './wait';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [400, 1280] as const;

interface ListedMail {
  _id: string;
  to: string;
  subject: string;
  kind: string;
}

/** A new account, made admin by the ADMIN_EMAILS admin: its settings are its own to change. */
async function freshAdmin(width: number): Promise<Account> {
  const email = uniqueEmail(`notify-admin-${width}`);
  const account = await registerAccount('Notified Admin', email);
  await makeAdmin(account); // verified, promoted, with two-step sign-in
  return account;
}

const outbox = async (token: string) => api<ListedMail[]>('/admin/outbox?limit=100', { token });

describe('an admin chooses their notifications', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px turns Quote requests off and saves; it stays off after a reload; a customer's new order is in the Outbox as their notification, a quote request is not`, async () => {
      const admin = await freshAdmin(width);
      const product = await ownProduct(`Notify ${width}`, { price: 120, stock: 500, minimum: 1 });
      const customer = await registerAccount('Notifying Customer', uniqueEmail(`notify-customer-${width}`));

      const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
      try {
        await openSignedIn(page, admin.token, '/dashboard/notifications');
        await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
        const quotes = page.getByRole('switch', { name: 'Quote requests' });
        for (const name of ['New orders', 'Payments', 'Quote requests', 'Claims']) {
          expect(await page.getByRole('switch', { name }).isChecked(), name).toBe(true);
        }
        expect(await page.getByRole('switch', { name: 'Daily digest instead of one e-mail per event' }).isChecked()).toBe(false);
        await quotes.click();
        expect(await quotes.isChecked()).toBe(false);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Your notification settings are saved.').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await settled(page);
        await expectAxeClean(page, 'the notification settings');

        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
        await page.getByRole('switch', { name: 'New orders' }).waitFor();
        expect(await page.getByRole('switch', { name: 'Quote requests' }).isChecked()).toBe(false);
        expect(await page.getByRole('switch', { name: 'New orders' }).isChecked()).toBe(true);

        // A customer orders, and asks for a quote: the admin is told of the order only.
        await placeOrder(customer.token, product._id, 3);
        await api('/quotes', {
          method: 'POST',
          token: customer.token,
          body: JSON.stringify({ items: [{ productId: product._id, quantity: 40 }], message: 'Volume pricing, please.' }),
        });
        const owner = await adminAccount();
        const mail = await waitUntil(
          async () => (await outbox(admin.token)).find((m) => m.to === admin.user.email && m.kind === 'admin_new_order' && m.subject.includes(product.name)),
          { message: () => `no new-order notification to ${admin.user.email} in the outbox` },
        );
        // The quote request reached an admin who wants it, and not this one.
        await waitUntil(async () => (await outbox(owner.token)).some((m) => m.to === owner.user.email && m.kind === 'admin_quote_request'), {
          message: () => 'no quote request notification to the first admin',
        });
        expect((await outbox(admin.token)).filter((m) => m.to === admin.user.email && m.kind === 'admin_quote_request')).toEqual([]);

        await page.goto(new URL('/dashboard/outbox', page.url()).toString());
        await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
        const row = page.getByTestId('outbox-row').filter({ hasText: admin.user.email }).filter({ hasText: product.name });
        await row.getByRole('link', { name: mail.subject }).click();
        await page.waitForURL((url) => url.pathname === `/dashboard/outbox/${mail._id}`);
        await page.getByRole('heading', { level: 1, name: mail.subject }).waitFor();
        const text = await page.getByTestId('mail-text').innerText();
        expect(text).toContain(`${product.name} x 3`);
        expect(text).toContain('/dashboard/manageorder');
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
