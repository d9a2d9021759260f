import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAccount, E2E_PASSWORD, openSignedIn, registerAccount, uniqueEmail, verifyAccount, enrolTwoStep } from './accounts';
import { launchBrowser, openPage } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

function dashboardMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard menu' });
}

const ADMIN_ENTRIES = ['Add Product', 'Manage Orders', 'Manage Products', 'Make Admin'];

describe('accounts and sign-in', () => {
  it('register → dashboard → sign out → opening a signed-in page asks to sign in, then returns to it', async () => {
    const { context, page, pageErrors } = await openPage(browser, '/register');
    const email = uniqueEmail('buyer');
    try {
      await page.getByLabel('Name').fill('Dana Driller');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: false }).first().fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
      await dashboardMenu(page).getByText(email).waitFor();
      for (const name of ['My Profile', 'My Orders', 'Add Review']) {
        await dashboardMenu(page).getByRole('link', { name }).waitFor();
      }
      expect(await dashboardMenu(page).getByRole('link', { name: 'Make Admin' }).count()).toBe(0);

      await nav.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await nav.getByRole('link', { name: 'Login' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

      await page.goto(new URL('/dashboard/myorder', page.url()).toString());
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('Please sign in to continue.').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: false }).first().fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the spec’s messages and the server’s error on /login', async () => {
    const email = uniqueEmail('typo');
    await registerAccount('Tim Typo', email);
    const { context, page } = await openPage(browser, '/login');
    try {
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Email is Required').waitFor();
      await page.getByText('Password is Required').waitFor();
      // Without a Google client id the button is there, disabled, and says why.
      expect(await page.getByRole('button', { name: 'Continue with Google' }).isDisabled()).toBe(true);
      await page.getByText('Google sign-in is not set up for this store.').waitFor();

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: false }).first().fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      const error = page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' });
      await error.waitFor();
      // The app's one error component (issue 47): its red rule in the theme's error.main, its text in the error text colour.
      expect(await error.evaluate((el) => [el.dataset.severity, getComputedStyle(el).borderLeftColor])).toEqual(['error', 'rgb(179, 38, 30)']);
      expect(path(page)).toBe('/login');
    } finally {
      await context.close();
    }
  });

  it('a customer opening /dashboard/makeadmin lands on /login, signed out', async () => {
    const customer = await registerAccount('Carl Customer', uniqueEmail('customer'));
    const { context, page } = await openPage(browser, '/');
    try {
      await openSignedIn(page, customer.token, '/dashboard/makeadmin');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('That page is for admins. Sign in with an admin account to open it.').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('an admin makes a customer an admin; the customer then sees the admin menu', async () => {
    const admin = await adminAccount();
    const email = uniqueEmail('promoted');
    const customer = await registerAccount('Pat Promoted', email);
    await verifyAccount(customer); // only a verified address is made an admin (issue 44)

    const asCustomer = await openPage(browser, '/');
    const asAdmin = await openPage(browser, '/');
    try {
      // Before: a customer's menu.
      await openSignedIn(asCustomer.page, customer.token, '/dashboard');
      await dashboardMenu(asCustomer.page).getByRole('link', { name: 'Add Review' }).waitFor();
      expect(await dashboardMenu(asCustomer.page).getByRole('link', { name: 'Make Admin' }).count()).toBe(0);

      // The admin promotes them.
      await openSignedIn(asAdmin.page, admin.token, '/dashboard/makeadmin');
      await asAdmin.page.getByRole('heading', { level: 1, name: 'Make Admin' }).waitFor();
      const row = asAdmin.page.locator('tr', { hasText: email });
      await row.getByRole('button', { name: `Make Admin: ${email}` }).click();
      // The app's dialog asks first.
      await asAdmin.page.getByRole('dialog', { name: 'Make this account an admin?' }).getByRole('button', { name: 'Make Admin' }).click();
      await asAdmin.page.getByRole('alert').filter({ hasText: 'Successfully made an admin' }).waitFor();
      await row.getByText('Admin', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: /Make Admin/ }).count()).toBe(0);
      // The admin cannot remove their own account: no Remove on their row.
      // (By the email cell: other rows name the admin in their role's record.)
      const ownRow = asAdmin.page.getByTestId('user-row').filter({ has: asAdmin.page.getByRole('cell', { name: admin.user.email, exact: true }) });
      await ownRow.getByText('You', { exact: true }).waitFor();
      expect(await ownRow.getByRole('button', { name: /Remove/ }).count()).toBe(0);

      // After a reload the customer's next admin check says admin: the admin entries appear, Add Review goes.
      await asCustomer.page.reload();
      for (const name of ADMIN_ENTRIES) {
        await dashboardMenu(asCustomer.page).getByRole('link', { name }).waitFor();
      }
      expect(await dashboardMenu(asCustomer.page).getByRole('link', { name: 'Add Review' }).count()).toBe(0);
      // ADMIN_MFA=required: the admin pages lead the new admin to turn on two-step sign-in first.
      await dashboardMenu(asCustomer.page).getByRole('link', { name: 'Make Admin' }).click();
      await asCustomer.page.waitForURL((url) => url.pathname === '/dashboard/account');
      await asCustomer.page.getByText('This store requires two-step sign-in of its admins: turn it on here to use the admin pages.').waitFor();
      await enrolTwoStep(inject('apiUrl'), customer.token);
      await asCustomer.page.reload();
      await dashboardMenu(asCustomer.page).getByRole('link', { name: 'Make Admin' }).click();
      await asCustomer.page.getByRole('heading', { level: 1, name: 'Make Admin' }).waitFor();
      expect(asAdmin.pageErrors).toEqual([]);
    } finally {
      await asCustomer.context.close();
      await asAdmin.context.close();
    }
  });

  it('at 400px wide, the dashboard menu is a drawer opened from a button', async () => {
    const customer = await registerAccount('Mo Mobile', uniqueEmail('mobile'));
    const { context, page } = await openPage(browser, '/', { width: 400, height: 800 });
    try {
      await openSignedIn(page, customer.token, '/dashboard');
      await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
      expect(await dashboardMenu(page).first().isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Dashboard menu' }).click();
      const drawer = page.getByRole('presentation').getByRole('navigation', { name: 'Dashboard menu' });
      await drawer.getByRole('link', { name: 'My Orders' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
