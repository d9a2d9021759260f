import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAccount, E2E_ADMIN_EMAIL, enrolTwoStep, openSignedIn, registerAccount, uniqueEmail, verifyAccount, type Account } from './accounts';
import { launchBrowser, openPage, settled } from './browser';

let browser: Browser;
let admin: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminAccount();
});

afterAll(async () => {
  await browser?.close();
});

const PAGE_SIZE = 50; // the Make Admin list's page (USERS_PAGE_SIZE)

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
/** The account's row (by its email cell: other rows name it in their role's record). */
const userRow = (page: Page, email: string) => page.getByTestId('user-row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

/** The Make Admin page that lists `email` (accounts are listed oldest first, 50 a page). */
async function makeAdminPath(email: string, token: string): Promise<string> {
  for (let skip = 0; ; skip += PAGE_SIZE) {
    const response = await fetch(new URL(`/user?limit=${PAGE_SIZE}&skip=${skip}`, inject('apiUrl')), { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`GET /user: ${response.status} ${await response.text()}`);
    const users = (await response.json()) as { email: string }[];
    if (users.some((u) => u.email === email)) return skip === 0 ? '/dashboard/makeadmin' : `/dashboard/makeadmin?page=${skip / PAGE_SIZE + 1}`;
    if (users.length < PAGE_SIZE) throw new Error(`${email} is not listed`);
  }
}

/**
 * Answers the app's confirmation dialog (titled `title`) with `button`, after checking that the browser's own confirm
 * was not used, and returns the question it asked.
 */
async function answerDialog(page: Page, title: string, button: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const question = await dialog.locator('.MuiDialogContentText-root').innerText();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return question;
}

describe('roles: Make Admin asks first, its record shows, and it can be undone', () => {
  for (const width of [400, 1280]) {
    it(`at ${width} px: an admin promotes a customer, a refused demotion says why, and the admin returns them to customer`, async () => {
      const email = uniqueEmail(`roles-${width}`);
      const staff = await registerAccount('Role Staff', email);

      // The admin promotes the customer, confirming in the dialog.
      const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
      try {
        await openSignedIn(page, admin.token, await makeAdminPath(email, admin.token));
        await settled(page);
        const row = userRow(page, email);
        const prompts: string[] = [];
        // The browser's own confirm is never used for a role change.
        const browserDialogs: string[] = [];
        page.on('dialog', (dialog) => {
          browserDialogs.push(dialog.message());
          void dialog.dismiss();
        });
        // Cancelled: nothing changes.
        await row.getByRole('button', { name: `Make Admin: ${email}` }).click();
        prompts.push(await answerDialog(page, 'Make this account an admin?', 'Cancel'));
        expect(prompts[0]).toContain(`Make ${email} an admin?`);
        await settled(page);
        await row.getByText('Customer', { exact: true }).waitFor();
        // Only a verified address is promoted (issue 44): the server's reason shows.
        await row.getByRole('button', { name: `Make Admin: ${email}` }).click();
        await answerDialog(page, 'Make this account an admin?', 'Make Admin');
        await toast(page, `Failed to Make an admin: ${email} has not verified their e-mail address yet.`).waitFor();
        await row.getByText('Customer', { exact: true }).waitFor();
        await verifyAccount(staff);

        await row.getByRole('button', { name: `Make Admin: ${email}` }).click();
        await answerDialog(page, 'Make this account an admin?', 'Make Admin');
        await toast(page, 'Successfully made an admin').waitFor();
        await row.getByRole('button', { name: `Make Customer: ${email}` }).waitFor();
        await row.getByText(new RegExp(`^Admin since .+, by ${E2E_ADMIN_EMAIL.replace('.', '\\.')}$`)).waitFor();
        expect(await row.getByRole('button', { name: `Make Admin: ${email}` }).count()).toBe(0);
        await enrolTwoStep(inject('apiUrl'), staff.token); // the new admin's pages ask for two-step sign-in

        // The new admin may not return the configured admin to customer: the server's reason shows.
        const other = await openPage(browser, '/', { width, height: 900 });
        try {
          const staffPage = other.page;
          await openSignedIn(staffPage, staff.token, await makeAdminPath(E2E_ADMIN_EMAIL, staff.token));
          await settled(staffPage);
          const adminRow = userRow(staffPage, E2E_ADMIN_EMAIL);
          await adminRow.getByRole('button', { name: `Make Customer: ${E2E_ADMIN_EMAIL}` }).click();
          const staffPrompt = await answerDialog(staffPage, 'Return this admin to customer?', 'Make Customer');
          await toast(staffPage, `${E2E_ADMIN_EMAIL} is an admin set by configuration (ADMIN_EMAILS). Change the configuration to remove it.`).waitFor();
          expect(staffPrompt).toContain(`Return ${E2E_ADMIN_EMAIL} to customer?`);
          await adminRow.getByText('Admin', { exact: true }).waitFor();
          expect(other.pageErrors).toEqual([]);
        } finally {
          await other.context.close();
        }

        // The admin undoes it: a customer again, and the record says so.
        await row.getByRole('button', { name: `Make Customer: ${email}` }).click();
        prompts.push(await answerDialog(page, 'Return this admin to customer?', 'Make Customer'));
        await toast(page, 'The account is a customer again.').waitFor();
        await row.getByRole('button', { name: `Make Admin: ${email}` }).waitFor();
        await row.getByText(/^Customer since .+, by /).waitFor();
        await row.getByText('2 role changes').click();
        expect(await row.getByRole('listitem').count()).toBe(2);
        expect(prompts).toHaveLength(2);
        expect(prompts[1]).toContain(`Return ${email} to customer?`);
        expect(browserDialogs).toEqual([]);

        // Nothing overflows the narrow screen.
        const box = await row.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(width + 1);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
